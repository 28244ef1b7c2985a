package rules

import "slices"

// Step is one machine-readable step of a calculation, for the app to phrase
// in its own language. Kind names the step (see StepKind); fields that do
// not apply are zero and left out of the JSON; Auto is left out when the
// test is rolled.
type Step struct {
	Kind       StepKind `json:"kind"`
	Action     int      `json:"action,omitempty"`
	Difficulty int      `json:"difficulty,omitempty"`
	Needed     int      `json:"needed,omitempty"`
	Auto       Outcome  `json:"auto,omitempty"`
	Value      int      `json:"value,omitempty"`
	Chance     float64  `json:"chance,omitempty"`
}

// StepKind names a kind of Step. Its JSON is the plain string, so the
// values below are part of the results' format: [StepKinds] lists them all.
type StepKind string

// The kinds of step the d6 calculators produce.
const (
	StepShoot        StepKind = "shoot"         // Accuracy (Action) against the range band (Difficulty)
	StepMelee        StepKind = "melee"         // Accuracy against the defender's Combat
	StepDamage       StepKind = "damage"        // Penetration against Protection
	StepCover        StepKind = "cover"         // cover save: Needed is the roll that cancels an impact
	StepReroll       StepKind = "reroll"        // Value re-rolls per die (AT-43) or in the pool (AT-44)
	StepDice         StepKind = "dice"          // Value dice rolled
	StepRange        StepKind = "range"         // Value is the range band read from Action centimetres
	StepDamageReroll StepKind = "damage-reroll" // Chance is the damage chance with failed tests re-rolled
	StepFixed        StepKind = "fixed"         // hit roll on a printed result, Needed or more, whatever the range (lock-on, artillery strike)
	StepJammer       StepKind = "jammer"        // Jammer damage test on a printed result, Needed or more (Chance 0 against infantry)
	StepSniper       StepKind = "sniper"        // Sniper: cover gives no save
	StepSalvo        StepKind = "salvo"         // Value is the number of the salvo whose steps follow
	StepVehicles     StepKind = "vehicles"      // Value vehicles sharing the impacts
	StepLocation     StepKind = "location"      // Value location dice rolled, the best kept
	StepPropulsion   StepKind = "propulsion"    // Chance a damaging hit lands on the propulsion
	StepFrame        StepKind = "frame"         // Chance a damaging hit lands on the frame
	StepWeapon       StepKind = "weapon"        // Chance a damaging hit lands on a weapon
	StepMorale       StepKind = "morale"        // the morale test (Chance 1 for Nerves of steel)
	StepRank         StepKind = "rank"          // Value added to Morale for the rank
	StepObjective    StepKind = "objective"     // Value added to Morale on an objective
	StepEarlier      StepKind = "earlier"       // Value taken off for earlier tests this round
	StepAuthority    StepKind = "authority"     // one side's authority: Action value, Value wager, Difficulty level
	StepCrushFree    StepKind = "crush-free"    // Value free fighters, each crushed on Needed or more
	StepCrushEngaged StepKind = "crush-engaged" // Value engaged fighters, each crushed on Needed or more
)

// The kinds of step the d10 calculators produce.
const (
	StepD10Attacks           StepKind = "d10-attacks"
	StepD10CD                StepKind = "d10-cd"
	StepD10CR                StepKind = "d10-cr"
	StepD10Hit               StepKind = "d10-hit"
	StepD10Dodge             StepKind = "d10-dodge"
	StepD10Parry             StepKind = "d10-parry"
	StepD10Armour            StepKind = "d10-armour"
	StepD10Damage            StepKind = "d10-damage"
	StepD10Knock             StepKind = "d10-knock"
	StepD10DefCR             StepKind = "d10-defcr"
	StepD10Mod               StepKind = "d10-mod"
	StepD10IntoMelee         StepKind = "d10-intomelee"
	StepD10Morale            StepKind = "d10-morale"
	StepD10Paralysed         StepKind = "d10-paralysed"
	StepD10Retreat           StepKind = "d10-retreat"
	StepD10Rout              StepKind = "d10-rout"
	StepD10VehicleNothing    StepKind = "d10-vehicle-nothing"
	StepD10VehicleInternal   StepKind = "d10-vehicle-internal"
	StepD10VehicleDetonation StepKind = "d10-vehicle-detonation"
	StepD10Chain             StepKind = "d10-chain"
)

// StepKinds lists every kind of step a calculator can produce, the d10
// hit-roll modifiers ("d10-" and the modifier's query key) included.
func StepKinds() []StepKind {
	kinds := []StepKind{StepShoot, StepMelee, StepDamage, StepCover, StepReroll, StepDice,
		StepRange, StepDamageReroll, StepFixed, StepJammer, StepSniper, StepSalvo, StepVehicles, StepLocation, StepPropulsion,
		StepFrame, StepWeapon, StepMorale, StepRank, StepObjective, StepEarlier, StepAuthority,
		StepCrushFree, StepCrushEngaged,
		StepD10Attacks, StepD10CD, StepD10CR, StepD10Hit, StepD10Dodge, StepD10Parry,
		StepD10Armour, StepD10Damage, StepD10Knock, StepD10DefCR, StepD10Mod, StepD10IntoMelee,
		StepD10Morale, StepD10Paralysed, StepD10Retreat, StepD10Rout, StepD10VehicleNothing,
		StepD10VehicleInternal, StepD10VehicleDetonation, StepD10Chain}
	for _, m := range d10Modifiers {
		if k := d10ModifierKind(m.key); !slices.Contains(kinds, k) {
			kinds = append(kinds, k) // "d10-paralysed" is also a panic result
		}
	}
	return kinds
}

// d10ModifierKind is the kind of the step that explains a d10 hit-roll
// modifier given by its query key.
func d10ModifierKind(key string) StepKind { return StepKind("d10-" + key) }
