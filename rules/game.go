package rules

import (
	"fmt"
	"strings"
)

// Reroll says how a weapon's re-roll value is spent.
type Reroll int

const (
	// RerollPerDie gives every missed die up to R further tries (AT-43).
	RerollPerDie Reroll = iota
	// RerollPool re-rolls up to R x weapons failed dice once each (AT-44).
	RerollPool
)

// MoraleSpend is what spending points on a morale test does.
type MoraleSpend int

const (
	// SpendRally brings a disorganized unit back to valiant before it acts (AT-43).
	SpendRally MoraleSpend = iota
	// SpendAutoPass passes the test without rolling (AT-44).
	SpendAutoPass
)

// IndirectRules holds how a game sizes and moves an indirect-fire template.
type IndirectRules struct {
	// LostOnAllMiss loses the shot when no die succeeds (AT-44); otherwise
	// zero successes still land a template of the weapon's AoE (AT-43).
	LostOnAllMiss bool
	// CapCM is the largest radius a template can reach.
	CapCM int
	// ImpactsPastCap gives the impacts every fighter under the template takes
	// for an Area of effect aoe and k successes; 1 below the cap.
	ImpactsPastCap func(aoe, k int) int
	// DeviationCM is how far each failed die moves the template.
	DeviationCM int
	// DeviateOnlyOnHit moves the template only when at least one die
	// succeeded (AT-44); otherwise any failed die moves it (AT-43).
	DeviateOnlyOnHit bool
}

// VehicleRules holds how damage is located on an armoured vehicle.
type VehicleRules struct {
	// DestroyedPartToFrame sends damage rolled on a destroyed part to the frame (AT-43).
	DestroyedPartToFrame bool
	// WeaponHitTakesWeapon makes a weapon location take SP from a weapon
	// while any weapon remains (AT-44).
	WeaponHitTakesWeapon bool
	// MeleeLocationDice is how many location dice a close-combat impact
	// rolls, the attacker keeping the best one.
	MeleeLocationDice int
	// OverwatchDefenderPicks gives the choice of the weapon a weapon result
	// hits to the active player, the defender during overwatch fire (AT-43).
	OverwatchDefenderPicks bool
}

// MoraleRules holds how a game builds and helps a morale test.
type MoraleRules struct {
	// Difficulty is the fixed difficulty of a morale test.
	Difficulty int
	// OfficerRankAdds adds the officer's rank to the unit's Morale (AT-44).
	OfficerRankAdds bool
	// ObjectiveBonus is added when the unit controls an objective.
	ObjectiveBonus int
	// PerEarlierTest is added for every test the unit already took this round.
	PerEarlierTest int
	// SpendPoints is what the points (SpendCost) buy.
	SpendPoints MoraleSpend
	// SpendCost is how many points that help costs.
	SpendCost int
	// PassRecovers turns a disorganized unit valiant on a pass (AT-44).
	PassRecovers bool
}

// Costs lists what a game's command points (AT-43 LP, AT-44 PC) buy.
// A cost of -1 means the game has no such spending.
type Costs struct {
	Activate   int // activate a unit without an officer
	Relocate   int // relocate the first card
	Delay      int // delay an activation
	Extra      int // extra activation
	Drill      int // a combat drill or attitude
	Rally      int // rally a disorganized unit / pass morale
	Artillery  int // artillery strike
	Eject      int // heroic pilot ejects
	FireAtWill int // the Fire at will drill or attitude
	TakeCover  int // the Take cover drill or attitude
}

// CrushRules holds the roll a rushing vehicle needs to eliminate infantry.
type CrushRules struct {
	Free              int  // roll needed against a free fighter
	Engaged           int  // roll needed against an engaged fighter
	GroundedIsEngaged bool // grounded fighters are crushed like engaged ones (AT-44)
}

// MineProfile is the attack a minefield makes on each member crossing it.
type MineProfile struct {
	Penetration int
	Damage      int
}

// MineRules holds a game's minefield attacks; a game without minefields has
// none (nil). (Named so that the Minefield calculator can take the name.)
type MineRules struct {
	Infantry MineProfile
	Vehicle  MineProfile
}

// Structure is a terrain element with the structure value AT-44 uses both as
// armour and as structure points.
type Structure struct {
	Name  string
	Value int
}

// TerrainRules holds how terrain takes damage.
type TerrainRules struct {
	// StructureDrops lowers the structure, and so the armour, by each damage
	// point taken (AT-44).
	StructureDrops bool
	// Structures lists the game's typical terrain elements.
	Structures []Structure
}

// RecoveredValues marks the values a game's source lost, its dice pictures
// gone, and that were recovered from the other documents (RULES-FACTS.md
// writes "(recovered)" beside them): whatever prints them must say so.
type RecoveredValues struct {
	CoverSaves bool // the cover and "Take cover!" saves
	Location   bool // the faces of the location die
	Crush      bool // the rolls that crush a fighter
}

// FixedRules holds the weapons and abilities that replace a test by a
// fixed result, or ignore cover, as each game's texts give them.
type FixedRules struct {
	// LockOn: lock-on weapons hit on a printed result, whatever the range.
	LockOn bool
	// LockOnVehiclesOnly: lock-on fire hits only vehicles and scenery with
	// structure points (AT-44).
	LockOnVehiclesOnly bool
	// LockOnIgnoresCover: lock-on fire ignores cover (AT-44; the AT-43
	// texts say only that it hits the designated target).
	LockOnIgnoresCover bool
	// ArtilleryStrike: indirect fire on a printed result (AT-43).
	ArtilleryStrike bool
	// Jammer: the damage test against vehicles is a printed result and
	// infantry takes no damage (AT-44).
	Jammer bool
	// Sniper: the fighter's shots ignore cover (AT-44).
	Sniper bool
}

// Game is one ruleset: every difference between the games a calculator needs,
// as data or a small function, so one calculator serves every game.
type Game struct {
	ID   string // "at43", "at44": the share-link value
	Name string // display name

	// RangeBand turns a distance in centimetres into a range band.
	RangeBand func(cm int) int
	// Reroll is how re-rolls are spent.
	Reroll Reroll
	// CoverSave is the roll that cancels an impact, indexed by Cover;
	// 0 means no save.
	CoverSave [coverCount]int
	// CoverAtRangeZero lets cover saves apply at range 0; AT-44 ignores
	// cover there.
	CoverAtRangeZero bool
	// Detection is the ability that adds 1 to Accuracy with ranged weapons
	// (AT-44); the AT-43 texts have no such ability.
	Detection bool
	// MoraleThreshold gives the fighters left at or below which an infantry
	// unit of the given type (rank) 1-3 tests morale.
	MoraleThreshold func(infantryType int) int

	Indirect  IndirectRules
	Vehicle   VehicleRules
	Morale    MoraleRules
	Costs     Costs
	Crush     CrushRules
	Minefield *MineRules
	Terrain   TerrainRules
	Fixed     FixedRules

	// Recovered marks the values above that the game's source lost.
	Recovered RecoveredValues

	// Notes names the notes (see Notes) the game's interpretations attach;
	// an empty id means the game needs none there.
	Notes GameNotes

	// WagerLimit gives the most points a commander of the given rank may
	// wager on the authority test.
	WagerLimit func(rank int) int
	// AuthorityTieReroll re-rolls tied authority tests.
	AuthorityTieReroll bool
	// MaxRank is the highest officer rank: it bounds the commander's rank
	// for the wager limit and the officer's rank added to Morale.
	MaxRank int
}

// GameNotes holds the ids of the notes a game's interpretations attach.
type GameNotes struct {
	RangeLine   string // a distance in cm on a band line
	RerollPool  string // a re-roll pool built from the weapons firing
	KneeCover   string // the knee-plus-cover option
	IndirectCap string // extra impacts past the template's cap
	HeroCount   string // the morale threshold of a unit led by a hero

	VehicleSharing string // impacts shared evenly among several vehicles
	EarlierTests   string // the morale malus for tests taken earlier in the round
	AuthorityTie   string // tied authority tests re-rolled
	MoraleSpend    string // what the points spent on a morale test buy
}

func moraleThreshold(infantryType int) int {
	if infantryType >= 3 {
		return 1
	}
	return 3
}

// AT43 is the AT-43 ruleset, with the Operation Frostbite additions.
var AT43 = Game{
	ID:   "at43",
	Name: "AT-43",
	RangeBand: func(cm int) int {
		return cm / 10
	},
	Reroll:           RerollPerDie,
	CoverSave:        [coverCount]int{CoverNone: 0, CoverNormal: 5, CoverTakeCover: 3, CoverKnee: 0},
	CoverAtRangeZero: true,
	MoraleThreshold:  moraleThreshold,
	Indirect: IndirectRules{
		LostOnAllMiss: false,
		CapCM:         10,
		ImpactsPastCap: func(aoe, k int) int {
			if aoe*max(k, 1) > 10 {
				return 2
			}
			return 1
		},
		DeviationCM: 1,
	},
	Vehicle: VehicleRules{DestroyedPartToFrame: true, MeleeLocationDice: 1, OverwatchDefenderPicks: true},
	Fixed:   FixedRules{LockOn: true, ArtilleryStrike: true},
	Morale: MoraleRules{
		Difficulty:  8,
		SpendPoints: SpendRally,
		SpendCost:   2,
	},
	Costs: Costs{Activate: 1, Relocate: 1, Delay: 2, Extra: 2, Drill: 1, Rally: 2,
		Artillery: 3, Eject: 1, FireAtWill: 1, TakeCover: 1},
	Crush:     CrushRules{Free: 5, Engaged: 3},
	Minefield: &MineRules{Infantry: MineProfile{4, 1}, Vehicle: MineProfile{16, 2}},
	Terrain: TerrainRules{Structures: []Structure{
		{"container", 8}, {"crystals", 8}, {"low wall", 12}, {"nanogenerator", 11},
	}},
	Recovered:          RecoveredValues{CoverSaves: true, Location: true, Crush: true},
	Notes:              GameNotes{KneeCover: NoteKneeCoverAT43, HeroCount: NoteHeroCount, MoraleSpend: NoteMoraleSpendAT43},
	WagerLimit:         func(rank int) int { return rank + 1 },
	AuthorityTieReroll: true,
	MaxRank:            5,
}

// AT44 is the AT-44 fan ruleset (version 18).
var AT44 = Game{
	ID:   "at44",
	Name: "AT-44",
	RangeBand: func(cm int) int {
		// A distance on a band line belongs to the lower band.
		if cm <= 0 {
			return 0
		}
		return (cm - 1) / 10
	},
	Reroll:           RerollPool,
	CoverSave:        [coverCount]int{CoverNone: 0, CoverNormal: 5, CoverTakeCover: 3, CoverKnee: 5},
	CoverAtRangeZero: false,
	Detection:        true,
	MoraleThreshold:  moraleThreshold,
	Indirect: IndirectRules{
		LostOnAllMiss: true,
		CapCM:         10,
		ImpactsPastCap: func(aoe, k int) int {
			if aoe <= 0 || aoe*k < 10 {
				return 1
			}
			reached := (10 + aoe - 1) / aoe // the success that reached 10 cm
			return 1 + k - reached
		},
		DeviationCM:      3,
		DeviateOnlyOnHit: true,
	},
	Vehicle: VehicleRules{WeaponHitTakesWeapon: true, MeleeLocationDice: 2},
	Fixed:   FixedRules{LockOn: true, LockOnVehiclesOnly: true, LockOnIgnoresCover: true, Jammer: true, Sniper: true},
	Morale: MoraleRules{
		Difficulty:      8,
		OfficerRankAdds: true,
		ObjectiveBonus:  1,
		PerEarlierTest:  -1,
		SpendPoints:     SpendAutoPass,
		SpendCost:       2,
		PassRecovers:    true,
	},
	Costs: Costs{Activate: 1, Relocate: 1, Delay: 1, Extra: 4, Drill: 1, Rally: 2,
		Artillery: -1, Eject: 1, FireAtWill: 1, TakeCover: 1},
	Crush: CrushRules{Free: 5, Engaged: 3, GroundedIsEngaged: true},
	Terrain: TerrainRules{StructureDrops: true, Structures: []Structure{
		{"tree", 8}, {"door", 8}, {"reinforced door", 10}, {"rocks", 12},
		{"low wall", 12}, {"container", 10}, {"wooden wall", 10},
		{"stone wall", 14}, {"concrete wall", 16}, {"reinforced concrete", 18},
	}},
	Notes: GameNotes{RangeLine: NoteRangeLine, RerollPool: NoteRerollPool,
		KneeCover: NoteKneeCoverAT44, IndirectCap: NoteIndirectCap,
		VehicleSharing: NoteVehicleSharing, EarlierTests: NoteEarlierTests,
		AuthorityTie: NoteAuthorityTie, MoraleSpend: NoteMoraleSpendAT44},
	WagerLimit:         func(int) int { return 6 },
	AuthorityTieReroll: true,
	MaxRank:            4,
}

// D10 is the d10 skirmish reference sheet. Its single ten-sided die has no
// universal table, so it has calculators of its own (D10Attack, D10Morale,
// D10Vehicle, which accept only this id) and holds none of the d6 fields.
// It is left out of Games, the rulesets the d6 calculators serve, so they
// refuse game=d10 with an error instead of reading d6 rules it lacks.
var D10 = Game{ID: "d10", Name: "d10 skirmish"}

// Games lists the rulesets the engine knows, in share-link order.
func Games() []Game {
	return []Game{AT43, AT44}
}

func gameIDs() []string {
	var ids []string
	for _, g := range Games() {
		ids = append(ids, g.ID)
	}
	return ids
}

// GameByID finds a ruleset by its share-link id.
func GameByID(id string) (Game, error) {
	for _, g := range Games() {
		if g.ID == id {
			return g, nil
		}
	}
	return Game{}, fmt.Errorf("game %q is unknown: allowed %s", id, strings.Join(gameIDs(), ", "))
}

// Cover is the protection a target unit has against direct fire.
type Cover int

const (
	CoverNone      Cover = iota // no cover
	CoverNormal                 // behind cover: 5+ save
	CoverTakeCover              // "Take cover!" / "À couvert" behind cover: 3+ save
	CoverKnee                   // AT-44 "Genou à terre" with "À couvert": 5+ save without cover
	coverCount
)

var coverNames = [coverCount]string{"none", "cover", "takecover", "kneecover"}

// String returns the share-link value of c.
func (c Cover) String() string {
	if c < 0 || int(c) >= len(coverNames) {
		return fmt.Sprintf("Cover(%d)", int(c))
	}
	return coverNames[c]
}
