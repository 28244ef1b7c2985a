package rules

import (
	"math"
	"net/url"
	"slices"
	"strconv"
)

// IndirectInput is one salvo of indirect fire with an Area of effect weapon
// at the fighters under the template: infantry, vehicles or both (a mixed
// group). No cover applies. Every fighter under the template, vehicles
// included, takes the same impacts; a vehicle then takes a damage test
// against its own Protection and a location die for each, as under direct
// fire. Keys and defaults:
//
//	game   Game          at43|at44 (at43)
//	n      Weapons       weapons firing, 0-100 (1)
//	rate   Rate          attack rate, 1-20 (1)
//	rr     Rerolls       re-roll value, 0-10 (0)
//	acc    Accuracy      0-30 (3)
//	range  Range         range band, 0-30 (0)
//	cm     CM            distance in cm, 0-300, instead of range (none)
//	aoe    AoE           Area of effect in cm, 1-10 (3)
//	pen    Penetration   0-30 (5)
//	dmg    Damage        1-10 (1)
//	dmgrr  DamageReroll  0|1 (0)
//	prot   Protection    0-30 (5)
//	under  Under         fighters under the template, 0-100 (1)
//	vehicles Vehicles    vehicles under the template besides the Under
//	                     fighters, 0-10 (0: none)
//	vprot  VehicleProtection  the vehicles' Protection (AT-44 ARM), 0-30 (10)
//	frame, prop, weapons, pick   the vehicles' parts and the attacker's weapon
//	                     pick, as for Shoot: 1-60 (6), 0-60 (3), 0-6 weapons
//	                     of 0-60 SP (3), wreck|disarm (wreck); with vehicles only
//	fixed  Fixed         AT-43 artillery strike: the printed result needed
//	                     to hit, whatever the range, 2-6, or 0 for none (0)
type IndirectInput struct {
	Game         string
	Weapons      int
	Rate         int
	Rerolls      int
	Accuracy     int
	Range        int
	CM           *int
	AoE          int
	Penetration  int
	Damage       int
	DamageReroll bool
	Protection   int
	Under        int
	Fixed        int
	// Vehicles under the template: Vehicle.Vehicles of them (0: none),
	// of Protection VehicleProtection.
	Vehicle           VehicleTarget
	VehicleProtection int
}

// ParseIndirect reads an IndirectInput from share-link values and validates it.
func ParseIndirect(v url.Values) (IndirectInput, error) {
	r := newQueryReader(v, "")
	r.oneDistance()
	in := IndirectInput{Game: r.str("game", AT43.ID)}
	hit, damage := in.keys()
	hit.read(r)
	in.Range, in.CM = r.distance()
	in.AoE = r.int("aoe", 3)
	damage.read(r)
	in.Protection = r.int("prot", defaultAttack().Protection)
	in.Under = r.int("under", 1)
	in.Fixed = r.int("fixed", 0)
	in.Vehicle.Vehicles = r.int("vehicles", 0)
	in.Vehicle.read(r, false)
	in.VehicleProtection = r.int("vprot", defaultVehicleProtection)
	if in.Vehicle.Vehicles == 0 && !r.refused("vehicles") {
		vprot := readKey{"vprot", in.VehicleProtection == defaultVehicleProtection, strconv.Itoa(defaultVehicleProtection)}
		r.notApplying(append(in.Vehicle.readKeys(false), vprot),
			"applies to vehicles under the template only: allowed with vehicles 1-%d, or left out", maxVehicles)
	}
	if err := r.done(in.validate); err != nil {
		return IndirectInput{}, err
	}
	return in, nil
}

// keys binds in's hit and damage keys.
func (in *IndirectInput) keys() (hitKeys, damageKeys) {
	return hitKeys{&in.Weapons, &in.Rate, &in.Rerolls, &in.Accuracy},
		damageKeys{&in.Penetration, &in.Damage, &in.DamageReroll}
}

// Query writes in as share-link values.
func (in IndirectInput) Query() url.Values {
	v := url.Values{}
	w := queryWriter{v: v}
	hit, damage := in.keys()
	w.str("game", in.Game)
	hit.write(w)
	w.distance(in.Range, in.CM)
	w.int("aoe", in.AoE)
	damage.write(w)
	w.int("prot", in.Protection)
	w.int("under", in.Under)
	if in.Fixed != 0 {
		w.int("fixed", in.Fixed)
	}
	if in.Vehicle.Vehicles != 0 {
		w.int("vprot", in.VehicleProtection)
		in.Vehicle.write(w, true)
	}
	return v
}

// Validate checks every field, naming each bad one by its query key.
func (in IndirectInput) Validate() error { return in.validate(&validator{}) }

func (in IndirectInput) validate(c *validator) error {
	g := c.game(in.Game)
	checkFixedValue(c, "fixed", in.Fixed)
	if in.Fixed != 0 && g.ID != "" && !g.Fixed.ArtilleryStrike {
		c.notApplicable("fixed", "0", "%s has no artillery strikes: allowed 0", clip(in.Game))
	}
	hit, damage := in.keys()
	hit.check(c)
	c.distance(in.Range, in.CM)
	c.rng("aoe", in.AoE, 1, maxAoE)
	damage.check(c)
	c.rng("prot", in.Protection, 0, maxValue)
	c.rng("under", in.Under, 0, maxFighters)
	c.rng("vehicles", in.Vehicle.Vehicles, 0, maxVehicles)
	vehicles := func() {
		c.rng("vprot", in.VehicleProtection, 0, maxValue)
		in.Vehicle.check(c)
	}
	if in.Vehicle.Vehicles > 0 {
		vehicles()
	} else {
		c.leniently(vehicles) // read all the same: see checkTarget
	}
	return c.result()
}

// IndirectResult is what one indirect-fire salvo does.
type IndirectResult struct {
	ShotLost float64 `json:"shot_lost"` // no template is placed
	Hits     Dist    `json:"hits"`      // successful dice
	// Radius maps the template's radius in cm, as a string, to its chance;
	// the chances add up to 1 - ShotLost.
	Radius map[string]float64 `json:"radius"`
	// ImpactsPerFighter is the impacts each fighter under the template takes;
	// 0 means the shot was lost.
	ImpactsPerFighter Dist `json:"impacts_per_fighter"`
	// Deviation maps how far the template moves, in cm as a string, to its
	// chance, given the shot is not lost; the chances add up to 1 - ShotLost.
	Deviation  map[string]float64 `json:"deviation"`
	Casualties Dist               `json:"casualties"` // among the Under fighters
	WipedOut   float64            `json:"wiped_out"`  // every fighter under the template eliminated
	// Vehicle is what the template does to the vehicles under it, when
	// there are any: each takes ImpactsPerFighter impacts.
	Vehicle *VehicleResult `json:"vehicle,omitempty"`
	Explain []Step         `json:"explain"`
	Notes   []Note         `json:"notes"`
}

// Indirect works out one salvo of indirect fire: for each number of
// successes k, whether the shot is lost, the radius and the impacts every
// fighter under the template takes (both capped the game's way), the
// deviation, and the casualties among the fighters under it (each dies
// unless all its damage tests fail).
func Indirect(in IndirectInput) (IndirectResult, error) {
	if err := in.Validate(); err != nil {
		return IndirectResult{}, err
	}
	g, _ := GameByID(in.Game)
	var tr AttackResult // collects the steps and notes
	band := in.Range
	if in.CM != nil && in.Fixed == 0 {
		band = g.RangeBand(*in.CM)
		tr.Explain = append(tr.Explain, Step{Kind: StepRange, Action: *in.CM, Value: band})
		if *in.CM > 0 && *in.CM%10 == 0 {
			tr.note(g.Notes.RangeLine)
		}
	}
	t := test(StepShoot, in.Accuracy, band)
	if in.Fixed > 0 {
		t = fixedTest(StepFixed, in.Fixed)
		tr.addNote(noteArtilleryStrike)
	}
	tr.hit(g, t, in.Weapons, in.Rate, in.Rerolls)
	dt := test(StepDamage, in.Penetration, in.Protection)
	tr.Explain = append(tr.Explain, dt)
	pd := damageChance(in.Penetration, in.Protection, in.DamageReroll)
	if in.DamageReroll && dt.Auto == Roll {
		tr.Explain = append(tr.Explain, Step{Kind: StepDamageReroll, Chance: pd})
		tr.note(NoteDamageReroll)
	}
	tr.note(NoteTemplateUnder)

	ir := g.Indirect
	dice := in.Weapons * in.Rate
	res := IndirectResult{
		Hits:      tr.Hits,
		Radius:    map[string]float64{},
		Deviation: map[string]float64{},
	}
	perFighter := []float64{0}
	cas := make([]float64, in.Under+1)
	kill := map[int][]float64{} // casualty row per impacts per fighter
	for k, pk := range tr.Hits.P {
		if pk == 0 {
			continue
		}
		tp, ok := placeTemplate(ir, in.AoE, dice, k)
		if t.Auto == AutoFail || !ok {
			res.ShotLost += pk
			perFighter[0] += pk
			cas[0] += pk
			continue
		}
		res.Radius[strconv.Itoa(tp.radius)] += pk
		res.Deviation[strconv.Itoa(tp.deviation)] += pk
		m := tp.impacts
		if m > 1 {
			tr.note(g.Notes.IndirectCap)
		}
		for len(perFighter) <= m {
			perFighter = append(perFighter, 0)
		}
		perFighter[m] += pk
		row, ok := kill[m]
		if !ok {
			row = Binomial(in.Under, 1-math.Pow(1-pd, float64(m))).P
			kill[m] = row
		}
		for j, pj := range row {
			cas[j] += pk * pj
		}
	}
	res.ImpactsPerFighter = Dist{P: perFighter}
	res.Casualties = Dist{P: cas}
	res.WipedOut = res.Casualties.AtLeast(in.Under)
	if in.Under == 0 {
		res.WipedOut = 0
	}
	if in.Vehicle.Vehicles > 0 {
		if err := res.vehicles(g, in, &tr); err != nil {
			return IndirectResult{}, err
		}
	}
	res.Explain = tr.Explain
	res.Notes = tr.done().Notes
	return res, nil
}

// defaultVehicleProtection is the vprot a link gets when it gives none.
const defaultVehicleProtection = 10

// vehicles works out the vehicles under the template: each takes the same
// impacts as every fighter under it, so with the impacts per vehicle k the
// unit takes k per vehicle, which the vehicle calculator shares out as k
// each; given k the vehicles fall independently.
func (res *IndirectResult) vehicles(g Game, in IndirectInput, tr *AttackResult) error {
	v := in.Vehicle.Vehicles
	t := in.Vehicle
	t.Weapons = slices.Clone(t.Weapons)
	per := res.ImpactsPerFighter.P
	total := make([]float64, (len(per)-1)*v+1)
	for k, p := range per {
		total[k*v] += p
	}
	dt := test(StepDamage, in.Penetration, in.VehicleProtection)
	tr.Explain = append(tr.Explain, dt)
	p := damageChance(in.Penetration, in.VehicleProtection, in.DamageReroll)
	if in.DamageReroll && dt.Auto == Roll {
		tr.Explain = append(tr.Explain, Step{Kind: StepDamageReroll, Chance: p})
	}
	vr, err := vehicleDamage(g, Dist{P: total}, p, in.Damage, t, false)
	if err != nil {
		return err
	}
	tr.Explain = append(tr.Explain, vr.Explain...)
	for _, n := range vr.Notes {
		if n.ID != NoteVehicleSharing { // nothing is shared: each takes the same
			tr.addNote(n)
		}
	}
	tr.addNote(noteIndirectVehicles)
	vr.Explain, vr.Notes = nil, nil
	res.Vehicle = &vr
	return nil
}

var noteIndirectVehicles = Note{ID: "indirect-vehicles",
	EN: "Vehicles under the template take the same impacts as every other fighter under it, with no cover; each impact then takes a damage test and a location die, as under direct fire.",
	FR: "Les véhicules sous le gabarit subissent les mêmes impacts que tout autre combattant dessous, sans couvert ; chaque impact fait ensuite un test de dégâts et un jet de localisation, comme au tir direct."}

// template is where and how big an indirect-fire template lands.
type template struct {
	radius    int // cm
	impacts   int // impacts on every fighter under it
	deviation int // cm
}

// placeTemplate sizes and moves the template for k successes out of dice
// rolled; ok is false when the shot is lost.
func placeTemplate(ir IndirectRules, aoe, dice, k int) (t template, ok bool) {
	if dice == 0 || k == 0 && ir.LostOnAllMiss {
		return template{}, false
	}
	t.radius = min(aoe*max(k, 1), ir.CapCM)
	t.impacts = ir.ImpactsPastCap(aoe, k)
	if k < dice && (k > 0 || !ir.DeviateOnlyOnHit) {
		t.deviation = (dice - k) * ir.DeviationCM
	}
	return t, true
}
