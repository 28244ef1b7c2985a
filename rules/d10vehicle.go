package rules

import "net/url"

// d10Band is a line of the d10 sheet's vehicle damage table, read on
// d10 + damage points.
type d10Band int

const (
	d10NoEffect   d10Band = iota // 1-6: nothing more
	d10Internal                  // 7-10: roll on the internal damage table
	d10Detonation                // 11+: the vehicle blows up
)

// d10VehicleBand reads the vehicle damage table for a total.
func d10VehicleBand(total int) d10Band {
	switch {
	case total <= 6:
		return d10NoEffect
	case total <= 10:
		return d10Internal
	}
	return d10Detonation
}

// d10InternalLine is a line of the d10 sheet's internal damage table.
type d10InternalLine int

const (
	d10Lucky       d10InternalLine = iota // 1: no effect
	d10Immobilized                        // 2-3: can no longer move
	d10Locomotion                         // 4-5: PM halved; a second time immobilizes
	d10Weapon                             // 6-7: a weapon destroyed, chosen by a d10
	d10Electronics                        // 8-9: -2 to all its attacks
	d10Chain                              // 10: +1 damage point, roll the vehicle table again
)

// d10InternalDamage reads the internal damage table for a roll of 1-10.
func d10InternalDamage(roll int) d10InternalLine {
	switch {
	case roll <= 1:
		return d10Lucky
	case roll <= 3:
		return d10Immobilized
	case roll <= 5:
		return d10Locomotion
	case roll <= 7:
		return d10Weapon
	case roll <= 9:
		return d10Electronics
	}
	return d10Chain
}

// D10VehicleInput is the damage roll a vehicle makes when a hit damages it.
// Query keys and defaults:
//
//	game  Game        d10 (d10)
//	dmg   Points      damage points of the hit, added to the roll, 0-20 (1)
//	loco  Locomotion  its locomotion is already damaged once, so another
//	                  locomotion result immobilizes it, 0|1 (0)
type D10VehicleInput struct {
	Game       string
	Points     int
	Locomotion bool
}

// ParseD10Vehicle reads a D10VehicleInput from share-link values and
// validates it.
func ParseD10Vehicle(v url.Values) (D10VehicleInput, error) {
	r := newQueryReader(v, "")
	in := D10VehicleInput{
		Game:       r.str("game", D10.ID),
		Points:     r.int("dmg", 1),
		Locomotion: r.bool("loco", false),
	}
	if err := r.done(in.validate); err != nil {
		return D10VehicleInput{}, err
	}
	return in, nil
}

// Query writes in as share-link values.
func (in D10VehicleInput) Query() url.Values {
	v := url.Values{}
	w := queryWriter{v: v}
	w.str("game", in.Game)
	w.int("dmg", in.Points)
	if in.Locomotion {
		w.bool("loco", true)
	}
	return v
}

// Validate checks every field, naming each bad one by its query key.
func (in D10VehicleInput) Validate() error { return in.validate(&validator{}) }

func (in D10VehicleInput) validate(c *validator) error {
	checkD10Game(c, in.Game)
	c.rng("dmg", in.Points, 0, maxD10Points)
	return c.result()
}

// D10VehicleResult is where a vehicle's damage roll ends, chain reactions
// followed to the end. The outcomes exclude each other: Nothing,
// Immobilized, Locomotion, Weapon, Electronics and Detonation sum to 1.
type D10VehicleResult struct {
	Detonation  float64 `json:"detonation"`
	Immobilized float64 `json:"immobilized"`
	Locomotion  float64 `json:"locomotion"` // damaged a first time: PM halved
	Weapon      float64 `json:"weapon"`     // a weapon destroyed
	// WeaponAttacker and WeaponDefender split Weapon by who picks the weapon.
	WeaponAttacker float64 `json:"weapon_attacker"`
	WeaponDefender float64 `json:"weapon_defender"`
	Electronics    float64 `json:"electronics"`
	// Nothing counts a total of 6 or less and the internal roll of 1.
	Nothing float64 `json:"nothing"`
	// Internal is the chance of at least one roll on the internal table.
	Internal float64 `json:"internal"`
	// Chains is the distribution of chain reactions, each one damage point
	// more for the vehicle; its mean is the expected number.
	Chains  Dist   `json:"chains"`
	Explain []Step `json:"explain"`
	Notes   []Note `json:"notes"`
}

// D10Vehicle follows a vehicle's damage roll to its end. A chain reaction
// adds a damage point and rolls again, so the chain is a Markov chain on the
// damage points, which only grow: from 10 points every roll detonates, so it
// stops after at most 11 rolls.
func D10Vehicle(in D10VehicleInput) (D10VehicleResult, error) {
	if err := in.Validate(); err != nil {
		return D10VehicleResult{}, err
	}
	res := D10VehicleResult{Notes: withNote(nil, NoteD10VehiclePoints)}
	reach := 1.0 // chance the chain gets to the current roll
	var chains []float64
	for points := in.Points; reach > 0; points++ {
		var band [3]int
		for roll := 1; roll <= 10; roll++ {
			band[d10VehicleBand(roll+points)]++
		}
		if points == in.Points {
			for b, kind := range []StepKind{StepD10VehicleNothing, StepD10VehicleInternal, StepD10VehicleDetonation} {
				res.Explain = append(res.Explain, Step{Kind: kind, Value: points, Chance: float64(band[b]) / 10})
			}
		}
		res.Nothing += reach * float64(band[d10NoEffect]) / 10
		res.Detonation += reach * float64(band[d10Detonation]) / 10
		internal := reach * float64(band[d10Internal]) / 10
		if points == in.Points {
			res.Internal = internal
		}
		next := 0.0
		for roll := 1; roll <= 10; roll++ {
			p := internal / 10
			switch d10InternalDamage(roll) {
			case d10Lucky:
				res.Nothing += p
			case d10Immobilized:
				res.Immobilized += p
			case d10Locomotion:
				if in.Locomotion {
					res.Immobilized += p
				} else {
					res.Locomotion += p
				}
			case d10Weapon:
				res.Weapon += p
			case d10Electronics:
				res.Electronics += p
			case d10Chain:
				next += p
			}
		}
		chains = append(chains, reach-next)
		reach = next
	}
	res.WeaponAttacker = res.Weapon * d10Chance(5) // the attacker picks on 5 or less
	res.WeaponDefender = res.Weapon - res.WeaponAttacker
	res.Chains = Dist{P: chains}
	res.Explain = append(res.Explain, Step{Kind: StepD10Chain, Chance: res.Chains.AtLeast(1)})
	return res, nil
}
