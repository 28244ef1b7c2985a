package rules

import (
	"net/url"
	"slices"
)

// Target is what an attack is aimed at.
type Target int

const (
	TargetInfantry Target = iota // "inf": soldiers, gunners, support weapons
	TargetVehicle                // "veh": armoured fighting vehicles
)

var targetNames = []string{"inf", "veh"}

// Attack is what shooting and close combat share: the attacking weapons, the
// damage they do and the unit they hit. Query keys and defaults:
//
//	n        Weapons       weapons firing or fighters attacking, 0-100 (1)
//	rate     Rate          attack rate, 1-20 (1)
//	rr       Rerolls       weapon re-roll value, 0-10 (0)
//	acc      Accuracy      0-30 (3)
//	pen      Penetration   0-30 (5)
//	dmg      Damage        1-10 (1)
//	dmgrr    DamageReroll  re-roll failed damage tests once, 0|1 (0)
//	target   Target        inf|veh (inf)
//	prot     Protection    target's Protection (AT-44 ARM), 0-30 (5)
//	size     Size          fighters in the target unit, 1-100 (6; inf only)
//	type     Type          infantry type (AT-44 rank) 1-3, for the morale threshold (1)
//	medic    Medic         Medic (inf) or Self-repair (veh), 0|1 (0)
//	frame    Vehicle.Frame       frame SP, 1-60 (6; veh only)
//	prop     Vehicle.Propulsion  propulsion SP, 0-60 (3)
//	weapons  Vehicle.Weapons     SP of each weapon, comma-separated, 0-6 of 0-60 (3)
//	vehicles Vehicle.Vehicles    vehicles sharing the impacts, 1-10 (1)
//	pick     Vehicle.Pick        wreck|disarm (wreck)
type Attack struct {
	Weapons      int
	Rate         int
	Rerolls      int
	Accuracy     int
	Penetration  int
	Damage       int
	DamageReroll bool
	Target       Target
	Protection   int
	Size         int
	Type         int
	Medic        bool
	Vehicle      VehicleTarget
}

// defaultAttack holds the defaults documented on Attack; the other inputs
// take the defaults of the keys they share with it from here too.
func defaultAttack() Attack {
	return Attack{Weapons: 1, Rate: 1, Accuracy: 3, Penetration: 5, Damage: 1,
		Protection: 5, Size: 6, Type: 1, Vehicle: defaultVehicleTarget()}
}

// keys binds a's hit and damage keys.
func (a *Attack) keys() (hitKeys, damageKeys) {
	return hitKeys{&a.Weapons, &a.Rate, &a.Rerolls, &a.Accuracy},
		damageKeys{&a.Penetration, &a.Damage, &a.DamageReroll}
}

func (a *Attack) read(r *queryReader) {
	d := defaultAttack()
	hit, damage := a.keys()
	hit.read(r)
	damage.read(r)
	a.Target = Target(r.choice("target", int(d.Target), targetNames))
	a.Protection = r.int("prot", d.Protection)
	a.Size = r.int("size", d.Size)
	a.Type = r.int("type", d.Type)
	a.Medic = r.bool("medic", d.Medic)
	a.Vehicle.read(r, true)
	r.targetKeys(a.Target, infantryKeys(&a.Size, a.Type), a.Vehicle.readKeys(true))
}

func (a Attack) write(w queryWriter) {
	hit, damage := a.keys()
	hit.write(w)
	damage.write(w)
	w.choice("target", int(a.Target), targetNames)
	w.int("prot", a.Protection)
	w.bool("medic", a.Medic)
	if a.Target == TargetVehicle {
		a.Vehicle.write(w, true)
		return
	}
	w.int("size", a.Size)
	w.int("type", a.Type)
}

func (a Attack) check(c *validator) {
	hit, damage := a.keys()
	hit.check(c)
	damage.check(c)
	c.rng("prot", a.Protection, 0, maxValue)
	checkTarget(c, a.Target, a.Size, a.Type, a.Vehicle)
}

// checkTarget checks the target keys: the unit's size and type for
// infantry, the vehicle keys for vehicles.
// The keys of the other target are read all the same, so their values are
// checked leniently: one that is no number is refused with what it takes.
func checkTarget(c *validator, t Target, size, typ int, v VehicleTarget) {
	infantry := func() {
		c.rng("size", size, 1, maxFighters)
		c.rng("type", typ, 1, 3)
	}
	switch t {
	case TargetInfantry:
		infantry()
		c.leniently(func() { v.check(c) })
	case TargetVehicle:
		v.check(c)
		c.leniently(infantry)
	default:
		c.fail("target", ErrChoice, "%d is not allowed: allowed inf, veh", int(t))
	}
}

// AttackResult is what one salvo or one close combat does. Against infantry
// it carries the InfantryResult fields, against vehicles the VehicleResult
// fields, both flattened into the JSON object.
type AttackResult struct {
	Hits    Dist `json:"hits"`    // successful hit rolls
	Impacts Dist `json:"impacts"` // impacts left after cover saves
	*InfantryResult
	*VehicleResult
	Explain []Step `json:"explain"`
	Notes   []Note `json:"notes"`
}

// InfantryResult is what impacts do to an infantry unit.
type InfantryResult struct {
	Casualties Dist    `json:"casualties"` // fighters eliminated, capped at the unit size
	WipedOut   float64 `json:"wiped_out"`  // every fighter eliminated
	// MoraleThreshold is the chance the unit survives with no more fighters
	// than its morale threshold (3 for types 1-2, 1 for type 3), counting a
	// unit already at the threshold.
	MoraleThreshold float64 `json:"morale_threshold"`
}

// ShootInput is one salvo of direct fire. Besides Attack's keys:
//
//	game   Game        at43|at44 (at43)
//	range  Range       range band, 0-30 (0)
//	cm     CM          distance in cm, 0-300, read into a band by the game;
//	                   give range or cm, not both (none)
//	cover  Cover       none|cover|takecover|kneecover (none); vehicles: none|cover
//	faw    FireAtWill  Fire at will: +1 re-roll, 0|1 (0)
//	det    Detection   AT-44 Detection: +1 Accuracy, 0|1 (0)
//	lock   Lock        lock-on weapon: the printed result needed to hit,
//	                   whatever the range, 2-6, or 0 for none (0); AT-44:
//	                   target=veh only, and cover gives no save
//	jammer Jammer      AT-44 Jammer: the printed result the damage test
//	                   needs against vehicles, 2-6, or 0 for none (0);
//	                   infantry takes no damage
//	sniper Sniper      AT-44 Sniper: cover gives no save, 0|1 (0)
//	picker Vehicle.DefenderPicks  who chooses the weapon a weapon result
//	                   hits: attacker|defender (attacker); defender is AT-43
//	                   overwatch fire, where the active player is the
//	                   defender; veh only
type ShootInput struct {
	Game string
	Attack
	Range      int
	CM         *int
	Cover      Cover
	FireAtWill bool
	Detection  bool
	Lock       int
	Jammer     int
	Sniper     bool
}

// ParseShoot reads a ShootInput from share-link values and validates it.
func ParseShoot(v url.Values) (ShootInput, error) {
	r := newQueryReader(v, "")
	in := ShootInput{Game: r.str("game", AT43.ID)}
	in.Attack.read(r)
	r.oneDistance()
	in.Range, in.CM = r.distance()
	in.Cover = Cover(r.choice("cover", int(CoverNone), coverNames[:]))
	in.FireAtWill = r.bool("faw", false)
	in.Detection = r.bool("det", false)
	in.Vehicle.readPicker(r)
	in.Lock = r.int("lock", 0)
	in.Jammer = r.int("jammer", 0)
	in.Sniper = r.bool("sniper", false)
	if err := r.done(in.validate); err != nil {
		return ShootInput{}, err
	}
	return in, nil
}

// Query writes in as share-link values.
func (in ShootInput) Query() url.Values {
	v := url.Values{}
	w := queryWriter{v: v}
	w.str("game", in.Game)
	in.Attack.write(w)
	w.distance(in.Range, in.CM)
	w.choice("cover", int(in.Cover), coverNames[:])
	w.bool("faw", in.FireAtWill)
	w.bool("det", in.Detection)
	if in.Target == TargetVehicle {
		in.Vehicle.writePicker(w)
	}
	in.salvo().writeFixed(w)
	return v
}

// Validate checks every field, naming each bad one by its query key.
func (in ShootInput) Validate() error { return in.validate(&validator{}) }

func (in ShootInput) validate(c *validator) error {
	g := c.game(in.Game)
	in.Vehicle.checkPicker(c, g, in.Game, in.Target)
	checkFixed(c, g, in.Game, in.Target, in.Lock, in.Jammer, in.Sniper)
	checkDetection(c, g, in.Game, in.Detection)
	in.Attack.check(c)
	c.distance(in.Range, in.CM)
	if in.Cover < 0 || int(in.Cover) >= len(coverNames) {
		c.fail("cover", ErrChoice, "%d is not allowed: allowed none, cover, takecover, kneecover", int(in.Cover))
	} else if in.Target == TargetVehicle && in.Cover > CoverNormal {
		c.fail("cover", ErrConflict, "%q protects infantry only: allowed for vehicles none, cover", in.Cover)
	}
	return c.result()
}

// checkDetection refuses det=1 in a game without the Detection ability:
// it is an AT-44 ability (seed 001 l.1337), and the AT-43 texts have none
// that adds to Accuracy. id is the game as the input gave it.
func checkDetection(c *validator, g Game, id string, det bool) {
	if det && g.ID != "" && !g.Detection {
		c.notApplicable("det", "0", "%s has no Detection ability: allowed 0", clip(id))
	}
}

// MeleeInput is one close combat: the attackers in contact strike the
// defenders. Besides Attack's keys:
//
//	game  Game     at43|at44 (at43)
//	def   Defense  defender's Combat (AT-44 DEF), 0-30 (3)
type MeleeInput struct {
	Game string
	Attack
	Defense int
}

// ParseMelee reads a MeleeInput from share-link values and validates it.
func ParseMelee(v url.Values) (MeleeInput, error) {
	r := newQueryReader(v, "")
	in := MeleeInput{Game: r.str("game", AT43.ID)}
	in.Attack.read(r)
	in.Defense = r.int("def", 3)
	if err := r.done(in.validate); err != nil {
		return MeleeInput{}, err
	}
	return in, nil
}

// Query writes in as share-link values.
func (in MeleeInput) Query() url.Values {
	v := url.Values{}
	w := queryWriter{v: v}
	w.str("game", in.Game)
	in.Attack.write(w)
	w.int("def", in.Defense)
	return v
}

// Validate checks every field, naming each bad one by its query key.
func (in MeleeInput) Validate() error { return in.validate(&validator{}) }

func (in MeleeInput) validate(c *validator) error {
	c.game(in.Game)
	in.Attack.check(c)
	c.rng("def", in.Defense, 0, maxValue)
	return c.result()
}

// Shoot works out one salvo of direct fire: hits, cover saves, damage tests,
// then casualties in an infantry unit or damage to vehicles.
func Shoot(in ShootInput) (AttackResult, error) {
	if err := in.Validate(); err != nil {
		return AttackResult{}, err
	}
	g, _ := GameByID(in.Game)
	var res AttackResult
	res.fire(g, in.salvo(), in.Target)
	return res.damage(g, in.Attack, false, in.Jammer)
}

// salvo is the fire part of in.
func (in ShootInput) salvo() Salvo {
	return Salvo{Weapons: in.Weapons, Rate: in.Rate, Rerolls: in.Rerolls,
		Accuracy: in.Accuracy, Range: in.Range, CM: in.CM, Cover: in.Cover,
		FireAtWill: in.FireAtWill, Detection: in.Detection, Lock: in.Lock, Jammer: in.Jammer, Sniper: in.Sniper}
}

// fire rolls one salvo of direct fire at target into res.Hits and
// res.Impacts (impacts after cover saves).
func (res *AttackResult) fire(g Game, s Salvo, target Target) {
	band := s.Range
	if s.CM != nil && s.Lock == 0 {
		band = g.RangeBand(*s.CM)
		res.Explain = append(res.Explain, Step{Kind: StepRange, Action: *s.CM, Value: band})
		if *s.CM > 0 && *s.CM%10 == 0 {
			res.note(g.Notes.RangeLine)
		}
	}
	acc := s.Accuracy
	if s.Detection {
		acc++
	}
	rerolls := s.Rerolls
	if s.FireAtWill {
		rerolls++
	}
	shot := test(StepShoot, acc, band)
	if s.Lock > 0 {
		shot = fixedTest(StepFixed, s.Lock)
		if g.Fixed.LockOnIgnoresCover {
			res.addNote(noteLockOnAT44)
		} else {
			res.addNote(noteLockOnAT43)
		}
	}
	res.hit(g, shot, s.Weapons, s.Rate, rerolls)

	save := g.CoverSave[s.Cover]
	switch {
	case s.Sniper:
		save = 0
		res.addNote(noteSniper)
		res.Explain = append(res.Explain, Step{Kind: StepSniper})
	case s.Lock > 0 && g.Fixed.LockOnIgnoresCover:
		save = 0
	}
	if s.Cover == CoverKnee {
		res.note(g.Notes.KneeCover)
	}
	if band == 0 && !g.CoverAtRangeZero || target == TargetVehicle && s.Cover > CoverNormal {
		save = 0
	}
	res.Impacts = res.Hits
	if save > 0 {
		res.Explain = append(res.Explain, Step{Kind: StepCover, Needed: save, Chance: RollChance(save)})
		res.Impacts = res.Hits.Thin(1 - RollChance(save))
	}
}

// Melee works out one close combat: hits against the defender's Combat,
// then damage tests against infantry or vehicles. Close combat has no cover.
func Melee(in MeleeInput) (AttackResult, error) {
	if err := in.Validate(); err != nil {
		return AttackResult{}, err
	}
	g, _ := GameByID(in.Game)
	var res AttackResult
	res.hit(g, test(StepMelee, in.Accuracy, in.Defense), in.Weapons, in.Rate, in.Rerolls)
	res.Impacts = res.Hits
	return res.damage(g, in.Attack, true, 0)
}

// hit rolls the attack dice.
func (res *AttackResult) hit(g Game, t Step, weapons, rate, rerolls int) {
	res.Explain = append(res.Explain, t, Step{Kind: StepDice, Value: weapons * rate})
	if rerolls > 0 && t.Auto == Roll {
		pool := rerolls
		if g.Reroll == RerollPool {
			pool *= weapons
			res.note(g.Notes.RerollPool)
		}
		res.Explain = append(res.Explain, Step{Kind: StepReroll, Value: pool})
	}
	res.Hits = Hits(g, weapons, rate, rerolls, t.Chance)
}

// damage rolls the damage tests of res.Impacts against the target; jammer
// is a Jammer's printed result, 0 for none.
func (res *AttackResult) damage(g Game, a Attack, melee bool, jammer int) (AttackResult, error) {
	steps, p, notes := damageStep(a.Penetration, a.Protection, jammer, a.DamageReroll, a.Target)
	res.Explain = append(res.Explain, steps...)
	for _, n := range notes {
		res.addNote(n)
	}
	if a.Target == TargetVehicle {
		t := a.Vehicle
		t.Weapons = slices.Clone(t.Weapons)
		t.SelfRepair = t.SelfRepair || a.Medic
		if a.Medic {
			res.note(NoteMedic)
		}
		v, err := vehicleDamage(g, res.Impacts, p, a.Damage, t, melee)
		if err != nil {
			return AttackResult{}, err
		}
		res.Explain = append(res.Explain, v.Explain...)
		for _, n := range v.Notes {
			res.addNote(n)
		}
		v.Explain, v.Notes = nil, nil
		res.VehicleResult = &v
		return res.done(), nil
	}
	medic := a.Medic && a.Damage == 1
	if a.Medic {
		res.note(NoteMedic)
	}
	res.InfantryResult = infantryDamage(g, res.Impacts, p, a.Size, a.Type, medic)
	res.note(g.Notes.HeroCount)
	return res.done(), nil
}

// infantryDamage turns impacts into casualties: one damage test per impact,
// one fighter per success, at most size fighters; medic saves one.
func infantryDamage(g Game, impacts Dist, p float64, size, infantryType int, medic bool) *InfantryResult {
	var cas Dist
	if medic {
		cas = impacts.thinCap(p, size+1).shiftDown(1)
	} else {
		cas = impacts.thinCap(p, size)
	}
	return &InfantryResult{
		Casualties:      cas,
		WipedOut:        cas.AtLeast(size),
		MoraleThreshold: moraleChance(cas, size, g.MoraleThreshold(infantryType)),
	}
}

// moraleChance is the chance that 1 to threshold fighters are left.
func moraleChance(cas Dist, size, threshold int) float64 {
	return cas.AtLeast(size-threshold) - cas.AtLeast(size)
}

// note attaches the note id once; an empty id attaches nothing.
func (res *AttackResult) note(id string) {
	if id == "" {
		return
	}
	res.addNote(noteByID(id))
}

// addNote attaches n once.
func (res *AttackResult) addNote(n Note) {
	for _, have := range res.Notes {
		if have.ID == n.ID {
			return
		}
	}
	res.Notes = append(res.Notes, n)
}

// done makes empty lists marshal as [] rather than null.
func (res *AttackResult) done() AttackResult {
	if res.Notes == nil {
		res.Notes = []Note{}
	}
	return *res
}
