package rules

// The key groups several calculators share. Each input reads, writes and
// checks them through these methods, so a key has one name, one default
// (defaultAttack) and one allowed range wherever it appears. The inputs keep
// their own fields, which a group binds by pointer, much as flag.IntVar
// binds a variable: the exported input types stay flat.
//
// An input calls each group where its other keys fall, because the order in
// which keys are read and checked is the order of its errors.

// hitKeys binds the keys of the hit roll:
//
//	n     weapons firing or fighters attacking, 0-100 (1)
//	rate  attack rate, 1-20 (1)
//	rr    weapon re-roll value, 0-10 (0)
//	acc   Accuracy, 0-30 (3)
type hitKeys struct {
	weapons, rate, rerolls, accuracy *int
}

func (k hitKeys) read(r *queryReader) {
	d := defaultAttack()
	*k.weapons = r.int("n", d.Weapons)
	*k.rate = r.int("rate", d.Rate)
	*k.rerolls = r.int("rr", d.Rerolls)
	*k.accuracy = r.int("acc", d.Accuracy)
}

func (k hitKeys) write(w queryWriter) {
	w.int("n", *k.weapons)
	w.int("rate", *k.rate)
	w.int("rr", *k.rerolls)
	w.int("acc", *k.accuracy)
}

func (k hitKeys) check(c *validator) {
	c.rng("n", *k.weapons, 0, maxFighters)
	c.rng("rate", *k.rate, 1, maxRate)
	c.rng("rr", *k.rerolls, 0, maxRerolls)
	c.rng("acc", *k.accuracy, 0, maxValue)
}

// damageKeys binds the keys of the damage tests:
//
//	pen    Penetration, 0-30 (5)
//	dmg    Damage, 1-10 (1)
//	dmgrr  re-roll failed damage tests once, 0|1 (0); reroll is nil for an
//	       input without the key (terrain)
type damageKeys struct {
	penetration, damage *int
	reroll              *bool
}

func (k damageKeys) read(r *queryReader) {
	d := defaultAttack()
	*k.penetration = r.int("pen", d.Penetration)
	*k.damage = r.int("dmg", d.Damage)
	if k.reroll != nil {
		*k.reroll = r.bool("dmgrr", d.DamageReroll)
	}
}

func (k damageKeys) write(w queryWriter) {
	w.int("pen", *k.penetration)
	w.int("dmg", *k.damage)
	if k.reroll != nil {
		w.bool("dmgrr", *k.reroll)
	}
}

func (k damageKeys) check(c *validator) {
	c.rng("pen", *k.penetration, 0, maxValue)
	c.rng("dmg", *k.damage, 1, maxDamage)
}

// oneDistance refuses a link that gives the distance twice, as a range band
// and in centimetres. It stands apart from distance because each input
// lists this refusal at its own place among its errors (indirect fire and
// salvos first, terrain last), as its links always have.
func (r *queryReader) oneDistance() {
	if r.has("range") && r.has("cm") {
		r.fail("cm", ErrBothRanges, "range and cm both given: allowed one of them")
	}
}

// distance reads a shot's distance: the range band (0 when missing) and the
// centimetres (nil when missing).
func (r *queryReader) distance() (band int, cm *int) {
	return r.int("range", 0), r.optInt("cm")
}

// distance writes the centimetres when they are given, else the band.
func (w queryWriter) distance(band int, cm *int) {
	if cm != nil {
		w.int("cm", *cm)
	} else {
		w.int("range", band)
	}
}

// distance checks a shot's distance, given as a range band or in
// centimetres (cm, when not nil), never both.
func (c *validator) distance(band int, cm *int) {
	if cm == nil {
		c.rng("range", band, 0, maxBand)
		return
	}
	c.rng("cm", *cm, 0, maxCM)
	if band != 0 {
		c.fail("cm", ErrBothRanges, "range and cm both given: allowed one of them")
	}
	c.leniently(func() { c.rng("range", band, 0, maxBand) }) // refused already when given
}

var (
	pickNames   = []string{"wreck", "disarm"}      // pick: the attacker's rule
	pickerNames = []string{"attacker", "defender"} // picker: who picks
)

// defaultVehicleTarget holds the defaults of the vehicle keys.
func defaultVehicleTarget() VehicleTarget {
	return VehicleTarget{Frame: 6, Propulsion: 3, Weapons: []int{3}, Vehicles: 1}
}

// read reads the vehicle keys:
//
//	frame     Frame       frame SP, 1-60 (6)
//	prop      Propulsion  propulsion SP, 0-60 (3)
//	weapons   Weapons     SP of each weapon, comma-separated, 0-6 of 0-60 (3)
//	vehicles  Vehicles    vehicles sharing the impacts, 1-10 (1); read only
//	                      with count, as an input that counts its vehicles
//	                      another way (a minefield's n, indirect fire's
//	                      vehicles 0-10) reads that itself
//	pick      Pick        wreck|disarm (wreck)
func (t *VehicleTarget) read(r *queryReader, count bool) {
	d := defaultVehicleTarget()
	t.Frame = r.int("frame", d.Frame)
	t.Propulsion = r.int("prop", d.Propulsion)
	t.Weapons = r.ints("weapons", d.Weapons, maxVehWeapons)
	if count {
		t.Vehicles = r.int("vehicles", d.Vehicles)
	}
	t.Pick = WeaponPick(r.choice("pick", int(d.Pick), pickNames))
}

// write writes the keys read reads, with the same count.
func (t VehicleTarget) write(w queryWriter, count bool) {
	w.int("frame", t.Frame)
	w.int("prop", t.Propulsion)
	w.ints("weapons", t.Weapons)
	if count {
		w.int("vehicles", t.Vehicles)
	}
	w.choice("pick", int(t.Pick), pickNames)
}

// check checks the vehicle keys, vehicles always within 1-10: an input
// that counts its vehicles another way sets Vehicles before calling it.
func (t VehicleTarget) check(c *validator) {
	c.rng("frame", t.Frame, 1, maxSP)
	c.rng("prop", t.Propulsion, 0, maxSP)
	c.list("weapons", t.Weapons, maxVehWeapons, 0, maxSP)
	c.rng("vehicles", t.Vehicles, 1, maxVehicles)
	if t.Pick < 0 || int(t.Pick) >= len(pickNames) {
		c.fail("pick", ErrChoice, "%d is not allowed: allowed wreck, disarm", int(t.Pick))
	}
}

// readPicker reads picker, attacker|defender (attacker), into DefenderPicks.
func (t *VehicleTarget) readPicker(r *queryReader) {
	t.DefenderPicks = r.choice("picker", 0, pickerNames) == 1
}

// writePicker writes picker=defender when the defender picks; the
// attacker, the default, is left out of links.
func (t VehicleTarget) writePicker(w queryWriter) {
	if t.DefenderPicks {
		w.str("picker", pickerNames[1])
	}
}

// checkPicker accepts picker=defender only at vehicles, in a game whose
// active player picks the weapon hit (AT-43 overwatch); id is the game as
// the input gave it.
func (t VehicleTarget) checkPicker(c *validator, g Game, id string, target Target) {
	switch {
	case !t.DefenderPicks:
	case target != TargetVehicle:
		c.notApplicable("picker", pickerNames[0], "applies to vehicles only: allowed with target=veh")
	case g.ID != "" && !g.Vehicle.OverwatchDefenderPicks:
		c.notApplicable("picker", pickerNames[0], "the attacker always picks the weapon hit in %s: allowed attacker", clip(id))
	}
}
