package rules

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"
)

// Salvo is one salvo of direct fire in a sequence. In a SalvosInput link its
// keys carry the group prefix "s1.", "s2.", ...; keys and defaults:
//
//	n      Weapons       weapons firing, 0-100 (1)
//	rate   Rate          attack rate, 1-20 (1)
//	rr     Rerolls       re-roll value, 0-10 (0)
//	acc    Accuracy      0-30 (3)
//	range  Range         range band, 0-30 (0)
//	cm     CM            distance in cm, 0-300, instead of range (none)
//	pen    Penetration   0-30 (5)
//	dmg    Damage        1-10 (1)
//	dmgrr  DamageReroll  0|1 (0)
//	cover  Cover         none|cover|takecover|kneecover (none)
//	faw    FireAtWill    0|1 (0)
//	det    Detection     0|1 (0)
//	lock   Lock          lock-on weapon: the printed result needed to hit,
//	                     whatever the range, 2-6, or 0 for none (0); AT-44:
//	                     vehicles only, and cover gives no save
//	jammer Jammer        AT-44 Jammer: the printed result the damage test
//	                     needs against vehicles, 2-6, or 0 for none (0);
//	                     infantry takes no damage
//	sniper Sniper        AT-44 Sniper: cover gives no save, 0|1 (0)
type Salvo struct {
	Weapons      int
	Rate         int
	Rerolls      int
	Accuracy     int
	Range        int
	CM           *int
	Penetration  int
	Damage       int
	DamageReroll bool
	Cover        Cover
	FireAtWill   bool
	Detection    bool
	Lock         int
	Jammer       int
	Sniper       bool
}

// DefaultSalvo is the salvo a link gets for missing keys: the attack's
// defaults, at range 0 with none of the options.
func DefaultSalvo() Salvo {
	a := defaultAttack()
	return Salvo{Weapons: a.Weapons, Rate: a.Rate, Rerolls: a.Rerolls, Accuracy: a.Accuracy,
		Penetration: a.Penetration, Damage: a.Damage, DamageReroll: a.DamageReroll}
}

// keys binds s's hit and damage keys.
func (s *Salvo) keys() (hitKeys, damageKeys) {
	return hitKeys{&s.Weapons, &s.Rate, &s.Rerolls, &s.Accuracy},
		damageKeys{&s.Penetration, &s.Damage, &s.DamageReroll}
}

func (s *Salvo) read(r *queryReader) {
	d := DefaultSalvo()
	r.oneDistance()
	hit, damage := s.keys()
	hit.read(r)
	s.Range, s.CM = r.distance()
	damage.read(r)
	s.Cover = Cover(r.choice("cover", int(d.Cover), coverNames[:]))
	s.FireAtWill = r.bool("faw", d.FireAtWill)
	s.Detection = r.bool("det", d.Detection)
	s.Lock = r.int("lock", d.Lock)
	s.Jammer = r.int("jammer", d.Jammer)
	s.Sniper = r.bool("sniper", d.Sniper)
}

func (s Salvo) write(w queryWriter) {
	hit, damage := s.keys()
	hit.write(w)
	w.distance(s.Range, s.CM)
	damage.write(w)
	w.choice("cover", int(s.Cover), coverNames[:])
	w.bool("faw", s.FireAtWill)
	w.bool("det", s.Detection)
	s.writeFixed(w)
}

// writeFixed writes the fixed-result keys that are set, so that links
// without them stay as they were.
func (s Salvo) writeFixed(w queryWriter) {
	if s.Lock != 0 {
		w.int("lock", s.Lock)
	}
	if s.Jammer != 0 {
		w.int("jammer", s.Jammer)
	}
	if s.Sniper {
		w.bool("sniper", true)
	}
}

func (s Salvo) check(c *validator) {
	hit, damage := s.keys()
	hit.check(c)
	c.distance(s.Range, s.CM)
	damage.check(c)
	if s.Cover < 0 || int(s.Cover) >= len(coverNames) {
		c.fail("cover", ErrChoice, "%d is not allowed: allowed none, cover, takecover, kneecover", int(s.Cover))
	}
}

// SalvosInput is several salvos of direct fire, in order, at one unit.
// Against infantry casualties add up and the unit cannot lose more fighters
// than it has; against vehicles each vehicle's state (the SP of every part)
// is carried from salvo to salvo, each salvo doing its own Damage. Keys and
// defaults:
//
//	game     Game        at43|at44 (at43)
//	target   Target      inf|veh (inf)
//	prot     Protection  target's Protection (AT-44 ARM), 0-30 (5)
//	medic    Medic       Medic (inf) or Self-repair (veh), once for the whole
//	                     sequence (one round), 0|1 (0)
//	size     Size        fighters in the unit, 1-100 (6; inf only)
//	type     Type        infantry type (AT-44 rank) 1-3 (1; inf only)
//	frame    Vehicle.Frame       frame SP, 1-60 (6; veh only)
//	prop     Vehicle.Propulsion  propulsion SP, 0-60 (3; veh only)
//	weapons  Vehicle.Weapons     SP of each weapon, comma-separated,
//	                             0-6 of 0-60 (3; veh only)
//	vehicles Vehicle.Vehicles    vehicles in the unit, 1-10 (1; veh only)
//	pick     Vehicle.Pick        wreck|disarm (wreck; veh only)
//	picker   Vehicle.DefenderPicks  attacker|defender (attacker; veh only):
//	                             defender for AT-43 overwatch fire, where
//	                             the defender picks the weapon hit
//	s1.*, s2.*, ...      the salvos, 1-10 of them, numbered from 1 without
//	                     gaps (one default salvo when none is given); at
//	                     vehicles each salvo's cover is none or cover
type SalvosInput struct {
	Game       string
	Target     Target
	Size       int
	Type       int
	Protection int
	Medic      bool
	Vehicle    VehicleTarget
	Salvos     []Salvo
}

// ParseSalvos reads a SalvosInput from share-link values and validates it.
func ParseSalvos(v url.Values) (SalvosInput, error) {
	r := newQueryReader(v, "")
	d := defaultAttack()
	in := SalvosInput{
		Game:       r.str("game", AT43.ID),
		Size:       r.int("size", d.Size),
		Type:       r.int("type", d.Type),
		Protection: r.int("prot", d.Protection),
		Medic:      r.bool("medic", d.Medic),
	}
	in.Target = Target(r.choice("target", int(d.Target), targetNames))
	in.Vehicle.read(r, true)
	in.Vehicle.readPicker(r)
	r.targetKeys(in.Target, infantryKeys(&in.Size, in.Type), in.Vehicle.readKeys(true))
	// The groups run s1, s2, ... with no gap: those up to the first gap are
	// the salvos (s1 at least, from its defaults when absent). The groups
	// past a gap are read only for their keys to be known, as the gap is
	// refused instead.
	present := salvoGroups(v)
	family := r.newFamily(fmt.Sprintf("s1. to s%d. (no leading zero)", maxSalvos))
	count := 0
	for present[count+1] {
		count++
	}
	for i := 1; i <= maxSalvos; i++ {
		salvo := i <= max(count, 1)
		if !salvo && !present[i] {
			continue
		}
		var s Salvo
		sr := r.group(family, salvoPrefix(i))
		s.read(sr)
		if salvo {
			for _, e := range sr.errs {
				r.add(e)
			}
			in.Salvos = append(in.Salvos, s)
		}
	}
	// Refused before the gap, so that a key named like the gap's ("s3")
	// cannot hide the unknown keys.
	r.refuseUnknown()
	for i := count + 2; i <= maxSalvos; i++ {
		if present[i] {
			r.fail("s"+strconv.Itoa(i), ErrRange, "salvo group s%d is missing: allowed groups numbered from s1 without gaps", count+1)
			break
		}
	}
	if err := r.done(in.validate); err != nil {
		return SalvosInput{}, err
	}
	return in, nil
}

func salvoPrefix(i int) string { return "s" + strconv.Itoa(i) + "." }

// salvoGroups lists the salvo groups s1. to s10. that have a key in v; a
// key under another prefix (s01., s11., S1.) is no salvo's, and is refused
// with the other unknown keys.
func salvoGroups(v url.Values) map[int]bool {
	present := map[int]bool{}
	for key := range v {
		num, _, ok := strings.Cut(key, ".")
		if !ok || !strings.HasPrefix(num, "s") {
			continue
		}
		if i, err := strconv.Atoi(num[1:]); err == nil && i >= 1 && i <= maxSalvos && num == "s"+strconv.Itoa(i) {
			present[i] = true
		}
	}
	return present
}

// Query writes in as share-link values.
func (in SalvosInput) Query() url.Values {
	v := url.Values{}
	w := queryWriter{v: v}
	w.str("game", in.Game)
	w.int("prot", in.Protection)
	w.bool("medic", in.Medic)
	if in.Target == TargetVehicle {
		w.choice("target", int(in.Target), targetNames)
		in.Vehicle.write(w, true)
		in.Vehicle.writePicker(w)
	} else {
		w.int("size", in.Size)
		w.int("type", in.Type)
	}
	for i, s := range in.Salvos {
		s.write(queryWriter{v: v, prefix: salvoPrefix(i + 1)})
	}
	return v
}

// Validate checks every field, naming each bad one by its query key.
func (in SalvosInput) Validate() error { return in.validate(&validator{}) }

func (in SalvosInput) validate(c *validator) error {
	g := c.game(in.Game)
	c.rng("prot", in.Protection, 0, maxValue)
	in.Vehicle.checkPicker(c, g, in.Game, in.Target)
	checkTarget(c, in.Target, in.Size, in.Type, in.Vehicle)
	if len(in.Salvos) < 1 || len(in.Salvos) > maxSalvos {
		c.fail("s1", ErrRange, "%d salvos given: allowed 1-%d", len(in.Salvos), maxSalvos)
	}
	for i, s := range in.Salvos {
		sc := c.group(salvoPrefix(i + 1))
		s.check(sc)
		checkFixed(sc, g, in.Game, in.Target, s.Lock, s.Jammer, s.Sniper)
		checkDetection(sc, g, in.Game, s.Detection)
		if in.Target == TargetVehicle && s.Cover > CoverNormal && s.Cover < Cover(len(coverNames)) {
			sc.fail("cover", ErrConflict, "%q protects infantry only: allowed for vehicles none, cover", s.Cover)
		}
		for _, e := range sc.errs {
			c.add(e)
		}
	}
	if in.Target == TargetVehicle && !c.failed() {
		if work, worst := in.vehicleSalvosWork(); work > maxVehicleSalvosWork {
			c.fail(salvoPrefix(worst+1)+"n", ErrRange, "too many dice for vehicles this large, more work than allowed: lower the dice per salvo (n x rate), the vehicles' SP or the number of salvos")
		}
	}
	return c.result()
}

// SalvosResult is what a sequence of salvos does to one unit: infantry
// results (casualties, wiped_out, morale_threshold and After) or vehicle
// results (destroyed, immobilized, lost, frame, wrecks, vehicles and
// VehicleAfter), both flattened into the JSON object.
type SalvosResult struct {
	*InfantryResult
	*VehicleResult
	// After holds, against infantry, the casualties so far after each
	// salvo; the last one is Casualties.
	After []Dist `json:"after,omitempty"`
	// VehicleAfter holds, against vehicles, the unit's figures so far after
	// each salvo; the last one is the result's.
	VehicleAfter []VehicleResult `json:"vehicle_after,omitempty"`
	// Salvos holds each salvo's hits, impacts and explanation; their
	// casualties are in After.
	Salvos []AttackResult `json:"salvos"`
	// Explain holds every salvo's steps in order, each run opened by a
	// "salvo" step whose Value is the salvo's number from 1.
	Explain []Step `json:"explain"`
	Notes   []Note `json:"notes"`
	// Simulated is true when the vehicles' figures come from a simulation,
	// the unit being too large to follow all together (see
	// SalvosSimulation): Trials is the trials so far, Margin the largest
	// 95 % margin (SimulatedMargin) of every chance the result gives, after
	// every salvo, each "at least k" of a distribution included, and
	// Refined whether it is under the target (half a point), after which
	// the figures no longer change. A figure's own margin is
	// SimulatedMargin(figure, Trials).
	Simulated bool    `json:"simulated,omitempty"`
	Trials    int     `json:"trials,omitempty"`
	Margin    float64 `json:"margin,omitempty"`
	Refined   bool    `json:"refined,omitempty"`
}

// Salvos works out several salvos in order against one infantry unit. The
// state after each salvo is the number of fighters lost so far (and whether
// the medic has acted): a Markov chain whose steps are the salvos.
func Salvos(in SalvosInput) (SalvosResult, error) {
	if err := in.Validate(); err != nil {
		return SalvosResult{}, err
	}
	g, _ := GameByID(in.Game)
	if in.Target == TargetVehicle {
		return salvosAtVehicles(g, in), nil
	}
	size := in.Size
	// state[m][c]: c fighters lost, medic still available (m=1) or not (m=0).
	var state [2][]float64
	state[0] = make([]float64, size+1)
	state[1] = make([]float64, size+1)
	if in.Medic {
		state[1][0] = 1
	} else {
		state[0][0] = 1
	}
	res := SalvosResult{Notes: []Note{}}
	for _, s := range in.Salvos {
		var step AttackResult
		step.fire(g, s, TargetInfantry)
		steps, p, notes := damageStep(s.Penetration, in.Protection, s.Jammer, s.DamageReroll, TargetInfantry)
		step.Explain = append(step.Explain, steps...)
		for _, n := range notes {
			step.addNote(n)
		}
		// Successes past size+1 kill no one more, even after a medic's save.
		succ := step.Impacts.thinCap(p, size+1)
		var next [2][]float64
		next[0] = make([]float64, size+1)
		next[1] = make([]float64, size+1)
		for m := range 2 {
			for c, pc := range state[m] {
				if pc == 0 {
					continue
				}
				for k, pk := range succ.P {
					kill, medic := k, m
					if m == 1 && k > 0 {
						medic = 0
						if s.Damage == 1 {
							kill--
						}
					}
					next[medic][min(c+kill, size)] += pc * pk
				}
			}
		}
		state = next
		cas := make([]float64, size+1)
		for c := range cas {
			cas[c] = state[0][c] + state[1][c]
		}
		res.After = append(res.After, Dist{P: cas})
		res.Salvos = append(res.Salvos, step.done())
		res.Explain = append(res.Explain, Step{Kind: StepSalvo, Value: len(res.Salvos)})
		res.Explain = append(res.Explain, step.Explain...)
		for _, n := range step.Notes {
			res.note(n)
		}
	}
	if in.Medic {
		res.note(noteByID(NoteMedic))
	}
	if g.Notes.HeroCount != "" {
		res.note(noteByID(g.Notes.HeroCount))
	}
	cas := res.After[len(res.After)-1]
	res.InfantryResult = &InfantryResult{
		Casualties:      cas,
		WipedOut:        cas.AtLeast(size),
		MoraleThreshold: moraleChance(cas, size, g.MoraleThreshold(in.Type)),
	}
	return res, nil
}

func (res *SalvosResult) note(n Note) {
	for _, have := range res.Notes {
		if have.ID == n.ID {
			return
		}
	}
	res.Notes = append(res.Notes, n)
}
