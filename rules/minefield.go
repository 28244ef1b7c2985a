package rules

import (
	"fmt"
	"net/url"
	"slices"
	"strings"
)

// maxCards bounds the minefield cards one unit crosses in a move.
const maxCards = 10

// MinefieldInput is a unit crossing minefield cards: each card gives one
// impact per member, with the game's infantry or vehicle profile (AT-43
// Operation Frostbite: infantry Penetration 4 Damage 1, vehicles 16/2).
// Query keys and defaults:
//
//	game      Game       at43 (at43); only games with minefields
//	n         Members    members of the unit, 1-100 (6); for vehicles 1-10
//	cards     Cards      minefield cards crossed, 1-10 (1)
//	target    Target     inf|veh (inf)
//	prot      Protection the unit's Protection, 0-30 (5)
//	type      Type       infantry type 1-3, for the morale threshold (1)
//	medic     Medic      Medic (inf) or Self-repair (veh), 0|1 (0)
//	frame, prop, weapons, pick
//	                     the vehicles' parts and weapon pick, as for an attack
type MinefieldInput struct {
	Game       string
	Members    int
	Cards      int
	Target     Target
	Protection int
	Type       int
	Medic      bool
	Vehicle    VehicleTarget // Vehicles is ignored: Members counts them
}

// MinefieldResult is what the mines do. Against infantry it carries the
// InfantryResult fields, against vehicles the VehicleResult fields, both
// flattened into the JSON object.
type MinefieldResult struct {
	Impacts Dist `json:"impacts"` // impacts the unit takes
	*InfantryResult
	*VehicleResult
	Explain []Step `json:"explain"` // "damage" test, then the vehicle steps
	Notes   []Note `json:"notes"`
}

// ParseMinefield reads a MinefieldInput from share-link values and
// validates it.
func ParseMinefield(v url.Values) (MinefieldInput, error) {
	r := newQueryReader(v, "")
	d := defaultAttack()
	in := MinefieldInput{
		Game:       r.str("game", AT43.ID),
		Members:    r.int("n", 6),
		Cards:      r.int("cards", 1),
		Target:     Target(r.choice("target", int(d.Target), targetNames)),
		Protection: r.int("prot", d.Protection),
		Type:       r.int("type", d.Type),
		Medic:      r.bool("medic", d.Medic),
	}
	// The vehicle keys are read at infantry too, to be known and checked
	// (see checkTarget), but only kept at vehicles; n counts the vehicles.
	var vehicle VehicleTarget
	vehicle.read(r, false)
	r.targetKeys(in.Target, infantryKeys(nil, in.Type), vehicle.readKeys(false))
	if in.Target == TargetVehicle {
		in.Vehicle = vehicle
	}
	if err := r.done(in.validate); err != nil {
		return MinefieldInput{}, err
	}
	return in, nil
}

// Query writes in as share-link values.
func (in MinefieldInput) Query() url.Values {
	v := url.Values{}
	w := queryWriter{v: v}
	w.str("game", in.Game)
	w.int("n", in.Members)
	w.int("cards", in.Cards)
	w.choice("target", int(in.Target), targetNames)
	w.int("prot", in.Protection)
	w.bool("medic", in.Medic)
	if in.Target == TargetVehicle {
		in.Vehicle.write(w, false)
		return v
	}
	w.int("type", in.Type)
	return v
}

// Validate checks every field, naming each bad one by its query key.
func (in MinefieldInput) Validate() error { return in.validate(&validator{}) }

func (in MinefieldInput) validate(c *validator) error {
	g := c.game(in.Game)
	if c.failed() {
		c.lenient = true // only say what the values that are no number should be
	} else if g.Minefield == nil {
		c.fail("game", ErrChoice, "%s has no minefields: allowed %s", clip(in.Game), strings.Join(minefieldGames(), ", "))
	}
	c.rng("cards", in.Cards, 1, maxCards)
	c.rng("prot", in.Protection, 0, maxValue)
	t := in.Vehicle
	t.Vehicles = 1 // the unit's vehicles are n
	// The keys of the other target are read all the same: see checkTarget.
	switch in.Target {
	case TargetInfantry:
		c.rng("n", in.Members, 1, maxFighters)
		c.rng("type", in.Type, 1, 3)
		c.leniently(func() { t.check(c) })
	case TargetVehicle:
		c.rng("n", in.Members, 1, maxVehicles)
		t.check(c)
		c.leniently(func() { c.rng("type", in.Type, 1, 3) })
	default:
		c.fail("target", ErrChoice, "%d is not allowed: allowed inf, veh", int(in.Target))
	}
	return c.result()
}

func minefieldGames() []string {
	var ids []string
	for _, g := range Games() {
		if g.Minefield != nil {
			ids = append(ids, g.ID)
		}
	}
	return ids
}

// Minefield works out what crossing minefield cards does to a unit. Every
// member takes one impact per card; infantry losses are the successful
// damage tests, capped at the unit's size, and vehicles take their impacts
// through the vehicle chain.
func Minefield(in MinefieldInput) (MinefieldResult, error) {
	if err := in.Validate(); err != nil {
		return MinefieldResult{}, err
	}
	g, _ := GameByID(in.Game)
	mine := g.Minefield.Infantry
	if in.Target == TargetVehicle {
		mine = g.Minefield.Vehicle
	}
	dt := test(StepDamage, mine.Penetration, in.Protection)
	res := MinefieldResult{Impacts: Point(in.Members * in.Cards), Explain: []Step{dt}, Notes: []Note{}}
	if in.Cards > 1 {
		res.Notes = append(res.Notes, noteMineCards)
	}
	if in.Target == TargetInfantry {
		res.InfantryResult = infantryDamage(g, res.Impacts, dt.Chance, in.Members, in.Type, in.Medic && mine.Damage == 1)
		if in.Medic {
			res.Notes = append(res.Notes, noteByID(NoteMedic))
		}
		return res, nil
	}
	t := in.Vehicle
	t.Weapons = slices.Clone(t.Weapons)
	t.Vehicles = in.Members
	t.SelfRepair = in.Medic
	v, err := vehicleDamage(g, res.Impacts, dt.Chance, mine.Damage, t, false)
	if err != nil {
		return MinefieldResult{}, fmt.Errorf("minefield: %w", err)
	}
	res.Explain = append(res.Explain, v.Explain...)
	res.Notes = append(res.Notes, v.Notes...)
	v.Explain, v.Notes = nil, nil
	res.VehicleResult = &v
	return res, nil
}

var noteMineCards = Note{ID: "minefield-cards",
	EN: "Several cards: the texts give the unit, for each card, as many impacts as it has members. They are impacts on the unit, resolved together like any other: each success removes one member, up to its size. They are not read as one impact per member and card, where a member hit twice could die only once (that reading gives fewer losses).",
	FR: "Plusieurs cartes : les textes donnent à l'unité, pour chaque carte, autant d'impacts qu'elle a de membres. Ce sont des impacts sur l'unité, résolus ensemble comme les autres : chaque réussite retire un membre, jusqu'à son effectif. Ils ne sont pas lus comme un impact par membre et par carte, où un membre touché deux fois ne mourrait qu'une fois (cette lecture donne moins de pertes)."}
