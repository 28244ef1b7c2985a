package rules

import "slices"

// Salvos at a unit of vehicles. The single-salvo engine (vehicleDamage)
// counts hits per class of part, which needs every hit to do the same
// damage; salvos in a sequence each bring their own Damage (rifles, then a
// missile launcher), so here each vehicle's state is carried literally from
// salvo to salvo: a Markov chain over the SP of every part and whether
// Self-repair was used, one damaging hit at a time. The reachable states
// are few (a vehicle of 6 frame, 3 propulsion and a weapon of 3 SP has under
// 200), and only chances above tiny are carried.

// A vehicle's state is its weapons' SP (a vector, numbered in the order
// met: few are reachable, since the attacker's pick follows a fixed rule),
// then its propulsion SP, frame SP (0: destroyed, not stored) and whether
// Self-repair was used. The chance of every state with the same weapons is
// held in one dense plane indexed by the other three.

// weaponTable numbers the weapon vectors met and caches the effect of a
// weapon hit on each.
type weaponTable struct {
	pick  WeaponPick
	n     int // weapons
	vecs  [][maxVehWeapons]int8
	index map[[maxVehWeapons]int8]int
	next  [][]weaponHit // [vector][dmg], computed on first use
}

// weaponHit is a weapon result of some damage on a vector: the vector after
// it and the damage passed to the frame.
type weaponHit struct {
	to, over int
	known    bool
}

func newWeaponTable(t VehicleTarget) *weaponTable {
	wt := &weaponTable{pick: t.weaponPick(), n: len(t.Weapons), index: map[[maxVehWeapons]int8]int{}}
	var start [maxVehWeapons]int8
	for w, sp := range t.Weapons {
		start[w] = int8(sp)
	}
	wt.id(start)
	return wt
}

func (wt *weaponTable) id(v [maxVehWeapons]int8) int {
	if i, ok := wt.index[v]; ok {
		return i
	}
	wt.index[v] = len(wt.vecs)
	wt.vecs = append(wt.vecs, v)
	wt.next = append(wt.next, make([]weaponHit, maxDamage+1))
	return len(wt.vecs) - 1
}

// hit is a weapon result of dmg (0 to maxDamage) on vector i: the working
// weapon the pick chooses keeps what it can, the rest (all of it when no
// weapon works) goes to the frame.
func (wt *weaponTable) hit(i, dmg int) (int, int) {
	if h := wt.next[i][dmg]; h.known {
		return h.to, h.over
	}
	v := wt.vecs[i]
	var left [maxVehWeapons]int
	for w := range wt.n {
		left[w] = int(v[w])
	}
	over := dmg
	if w := pickWeapon(left[:wt.n], dmg, wt.pick); w >= 0 {
		taken := min(left[w], dmg)
		v[w] -= int8(taken)
		over -= taken
	}
	to := wt.id(v)
	wt.next[i][dmg] = weaponHit{to: to, over: over, known: true}
	return to, over
}

// vehicleSalvoChain carries one vehicle from salvo to salvo: now[w] is the
// plane of weapon vector w (nil when it holds nothing), each cell
// (prop*(frame+1) + frameLeft)*2 + repaired the chance of that state.
type vehicleSalvoChain struct {
	t            VehicleTarget
	odds         locationOdds
	wt           *weaponTable
	frame, plane int // frame SP at the start; cells per plane
	now          []*cellPlane
	spare        []*cellPlane // planes to reuse
}

// cellPlane is one plane's chances; every cell outside lo..hi is 0.
type cellPlane struct {
	p      []float64
	lo, hi int
}

func (pl *cellPlane) add(c int, p float64) {
	pl.p[c] += p
	pl.lo, pl.hi = min(pl.lo, c), max(pl.hi, c)
}

func newVehicleSalvoChain(t VehicleTarget, odds locationOdds) *vehicleSalvoChain {
	ch := &vehicleSalvoChain{t: t, odds: odds, wt: newWeaponTable(t), frame: t.Frame,
		plane: (t.Propulsion + 1) * (t.Frame + 1) * 2}
	ch.now = []*cellPlane{ch.newPlane()}
	ch.now[0].add(ch.cell(t.Propulsion, t.Frame, false), 1)
	return ch
}

func (ch *vehicleSalvoChain) cell(prop, frame int, repaired bool) int {
	c := (prop*(ch.frame+1) + frame) * 2
	if repaired {
		c++
	}
	return c
}

func (ch *vehicleSalvoChain) newPlane() *cellPlane {
	if n := len(ch.spare); n > 0 {
		pl := ch.spare[n-1]
		ch.spare = ch.spare[:n-1]
		if pl.lo <= pl.hi {
			clear(pl.p[pl.lo : pl.hi+1])
		}
		pl.lo, pl.hi = ch.plane, -1
		return pl
	}
	return &cellPlane{p: make([]float64, ch.plane), lo: ch.plane, hi: -1}
}

func (ch *vehicleSalvoChain) release(planes []*cellPlane) {
	for _, pl := range planes {
		if pl != nil {
			ch.spare = append(ch.spare, pl)
		}
	}
}

// at returns the plane of vector w in planes, growing the list as needed.
func (ch *vehicleSalvoChain) at(planes *[]*cellPlane, w int) *cellPlane {
	for len(*planes) <= w {
		*planes = append(*planes, nil)
	}
	if (*planes)[w] == nil {
		(*planes)[w] = ch.newPlane()
	}
	return (*planes)[w]
}

// step is the distribution after one more damaging hit of dmg: the
// location die picks the propulsion, the frame or a weapon; a part at 0 SP
// passes everything to the frame; Self-repair takes one point off the first
// damaging hit.
func (ch *vehicleSalvoChain) step(cur []*cellPlane, dmg int) []*cellPlane {
	var next []*cellPlane
	f1 := ch.frame + 1
	repair := ch.t.SelfRepair
	for w, pl := range cur {
		if pl == nil || pl.lo > pl.hi {
			continue
		}
		same := ch.at(&next, w)
		// A weapon result lands on the plane of the vector it leaves: one
		// for a full hit, one for a hit Self-repair has reduced.
		var to [2]*cellPlane
		var over [2]int
		for r, d := range [2]int{dmg, dmg - 1} {
			if d < 0 || r == 1 && !repair {
				continue
			}
			var t int
			t, over[r] = ch.wt.hit(w, d)
			to[r] = ch.at(&next, t)
		}
		for c := pl.lo; c <= pl.hi; c++ {
			p := pl.p[c]
			if p == 0 {
				continue
			}
			frame := (c / 2) % f1
			prop := c / 2 / f1
			d, r, nc := dmg, 0, c // nc: the cell with the repair flag set
			if repair && c%2 == 0 {
				d, r, nc = dmg-1, 1, c+1
			}
			odds := ch.odds
			if q := p * odds.prop; q >= tiny {
				taken := min(prop, d)
				if fr := frame - (d - taken); fr > 0 {
					same.add(nc-2*(taken*f1+d-taken), q)
				}
			}
			if q := p * odds.frame; q >= tiny && frame > d {
				same.add(nc-2*d, q)
			}
			if q := p * odds.weapon; q >= tiny && frame > over[r] {
				to[r].add(nc-2*over[r], q)
			}
		}
	}
	return next
}

// salvo moves the chain through a salvo whose damaging hits on this vehicle
// follow hits, each doing dmg: the mixture over k of k steps.
func (ch *vehicleSalvoChain) salvo(hits Dist, dmg int) {
	var out []*cellPlane
	cur := ch.now
	for k, pk := range hits.P {
		if k > 0 {
			next := ch.step(cur, dmg)
			ch.release(cur)
			cur = next
		}
		if len(cur) == 0 {
			break
		}
		if pk == 0 {
			continue
		}
		for w, pl := range cur {
			if pl == nil {
				continue
			}
			o := ch.at(&out, w)
			for c := pl.lo; c <= pl.hi; c++ {
				if p := pl.p[c]; p != 0 {
					o.add(c, pk*p)
				}
			}
		}
	}
	ch.release(cur)
	ch.now = out
}

// maxVehicleSalvosWork bounds vehicleSalvosWork so that the slowest input
// let through takes under 10 ms natively (BenchmarkSalvosVehicleLargest;
// a scan of random large vehicles under ten salvos of 30 dice found 9 ms at
// most). Vehicles of the games' sizes stay far below it (three vehicles of
// 12 frame, 6 propulsion and weapons of 4, 4 and 3 SP under ten salvos of
// 20 dice: 6e5). For a unit it also bounds the damaging hits a trial of
// the simulation plays (the work over the states).
const maxVehicleSalvosWork = 3e6

// vehicleSalvosWork is an upper bound on the cells the chains visit: for
// each vehicle and salvo, the most damaging hits it can take (of its even
// share of the dice) times the states it can be in, the weapon vectors
// counted as the salvos' Damage values reach them. Under one Damage value
// the pick keeps those about as many as the weapons' SP; salvos of
// different Damage can reach far more (the disarm pick then leaves the
// weapons uneven). worst is the salvo of the most dice.
func (in SalvosInput) vehicleSalvosWork() (work float64, worst int) {
	t := in.Vehicle
	states := in.vehicleStates()
	most := 0
	for i, s := range in.Salvos {
		dice := max(s.Weapons*s.Rate, 0)
		k := (dice + t.Vehicles - 1) / max(t.Vehicles, 1)
		work += float64(t.Vehicles) * float64(min(k, mostHits(t))) * states
		if dice > most {
			most, worst = dice, i
		}
	}
	return work, worst
}

// vehicleStates is the states a vehicle's chain can be in under in.
func (in SalvosInput) vehicleStates() float64 {
	t := in.Vehicle
	var dmgs []int
	for _, s := range in.Salvos {
		dmgs = append(dmgs, s.Damage)
	}
	vecs := weaponVectors(t, dmgs, in.Medic || t.SelfRepair)
	return float64(vecs * (t.Propulsion + 1) * (t.Frame + 1) * 2)
}

// maxWeaponVectors stops weaponVectors: past it, no chain over the
// vectors fits maxVehicleSalvosWork anyway.
const maxWeaponVectors = 1 << 14

// weaponVectors counts the weapon vectors of a vehicle of t that hits of
// the given Damage values reach (one less too, for the first hit under
// Self-repair), up to just past maxWeaponVectors.
func weaponVectors(t VehicleTarget, dmgs []int, repair bool) int {
	var ds []int
	for _, d := range dmgs {
		if !slices.Contains(ds, d) {
			ds = append(ds, d)
		}
		if repair && d > 0 && !slices.Contains(ds, d-1) {
			ds = append(ds, d-1)
		}
	}
	wt := newWeaponTable(t)
	for i := 0; i < len(wt.vecs) && len(wt.vecs) <= maxWeaponVectors; i++ {
		for _, d := range ds {
			wt.hit(i, d)
		}
	}
	return len(wt.vecs)
}

// mostHits is a number of damaging hits no vehicle of t survives: each hit
// takes at least one SP somewhere (the frame when its part is gone), but
// for the one Self-repair may cancel.
func mostHits(t VehicleTarget) int {
	n := t.Frame + t.Propulsion + 1
	for _, sp := range t.Weapons {
		n += sp
	}
	return n
}

// figures is the vehicle's fate so far.
func (ch *vehicleSalvoChain) figures(impacts Dist) VehicleFigures {
	f := VehicleFigures{Impacts: impacts, Lost: make([]float64, len(ch.t.Weapons))}
	frame := make([]float64, ch.frame+1)
	f1 := ch.frame + 1
	alive := 0.0
	for w, pl := range ch.now {
		if pl == nil {
			continue
		}
		vec := ch.wt.vecs[w]
		for c := pl.lo; c <= pl.hi; c++ {
			p := pl.p[c]
			if p == 0 {
				continue
			}
			alive += p
			frame[(c/2)%f1] += p
			if c/2/f1 == 0 {
				f.Immobilized += p
			}
			for i := range f.Lost {
				if vec[i] == 0 {
					f.Lost[i] += p
				}
			}
		}
	}
	f.Destroyed = max(1-alive, 0)
	frame[0] = f.Destroyed
	for w := range f.Lost {
		f.Lost[w] = min(f.Lost[w]+f.Destroyed, 1)
	}
	f.Frame = Dist{P: frame}
	return f
}

// noteSalvosUnit is the reading of salvos at several vehicles,
// noteJammerWreck that of the wrecks a Jammer leaves.
var (
	noteSalvosUnit = Note{ID: "salvos-vehicle-unit",
		EN: "Several vehicles: each salvo's impacts are shared as evenly as possible, closest first, among the vehicles still on the table when it is fired; the share of a vehicle that salvo destroys is lost. The vehicles' fates are linked, so the calculator follows them all together and every figure is exact, unless a note says the unit is too large for that and its figures are simulated.",
		FR: "Plusieurs véhicules : les impacts de chaque salve sont répartis aussi également que possible, les plus proches d'abord, entre les véhicules encore en jeu quand elle est tirée ; la part d'un véhicule que cette salve détruit est perdue. Les sorts des véhicules sont liés : le calculateur les suit tous ensemble et tous les chiffres sont exacts, sauf si une note dit que l'unité est trop grande pour cela et que ses chiffres sont simulés."}
	noteJammerWreck = Note{ID: "salvos-jammer-wreck",
		EN: "AT-44 Jammer: a vehicle a Jammer salvo destroys is left in place until the next upkeep, destroyed all the same. It is read as still a model on the table that impacts are dealt to (the rules let you go on firing at it), so it keeps taking its share of the later salvos at its unit, and that share is wasted.",
		FR: "AT-44, Jammer : un véhicule qu'une salve de Jammer détruit est laissé sur place jusqu'à l'entretien suivant, détruit malgré tout. On le lit comme une figurine encore sur la table, à qui l'on attribue des impacts (les règles permettent de continuer à lui tirer dessus) : il prend donc sa part des salves suivantes contre son unité, et cette part est gaspillée."}
)

// fireSalvos rolls each of in's salvos at the vehicles: its hits, impacts
// and damage test, and the chance that an impact damages.
func fireSalvos(g Game, in SalvosInput) ([]AttackResult, []float64) {
	fired := make([]AttackResult, len(in.Salvos))
	ps := make([]float64, len(in.Salvos))
	for i, s := range in.Salvos {
		step := &fired[i]
		step.fire(g, s, TargetVehicle)
		steps, p, notes := damageStep(s.Penetration, in.Protection, s.Jammer, s.DamageReroll, TargetVehicle)
		step.Explain = append(step.Explain, steps...)
		for _, n := range notes {
			step.addNote(n)
		}
		ps[i] = p
	}
	return fired, ps
}

// salvosAtVehicles works out in's salvos at its unit of vehicles: one
// vehicle by its own chain, several by the joint chain over them all
// (unitChain) or, past its budget, by the first slice of the simulation
// (SalvosSimulation), which SimulateSalvos refines.
func salvosAtVehicles(g Game, in SalvosInput) SalvosResult {
	t := in.Vehicle
	t.Weapons = slices.Clone(t.Weapons)
	t.SelfRepair = t.SelfRepair || in.Medic
	fired, ps := fireSalvos(g, in)
	res := vehicleBase(g, in, fired)
	if t.Vehicles == 1 {
		res.VehicleAfter = vehicleAfters(t, in.Salvos, fired, ps)
	} else if u := runUnitChain(t, in.Salvos, fired, ps); u != nil {
		res.VehicleAfter = u.afters
	} else {
		sim := newSalvosSimulation(in, res, fired, ps)
		sim.run(firstSliceNanos)
		return sim.Result()
	}
	last := res.VehicleAfter[len(res.VehicleAfter)-1]
	res.VehicleResult = &last
	return res
}

// vehicleBase is the part of the result of in's salvos at vehicles that
// the figures do not change: each salvo's hits and impacts, the
// explanation and the notes.
func vehicleBase(g Game, in SalvosInput, fired []AttackResult) SalvosResult {
	t := in.Vehicle
	t.SelfRepair = t.SelfRepair || in.Medic
	odds := newLocationOdds(1, t.Pick)
	res := SalvosResult{Notes: []Note{}}
	for _, step := range fired {
		res.Salvos = append(res.Salvos, step.done())
		res.Explain = append(res.Explain, Step{Kind: StepSalvo, Value: len(res.Salvos)})
		res.Explain = append(res.Explain, step.Explain...)
		for _, n := range step.Notes {
			res.note(n)
		}
	}
	res.Explain = append(res.Explain,
		Step{Kind: StepVehicles, Value: t.Vehicles},
		Step{Kind: StepLocation, Value: 1},
		Step{Kind: StepPropulsion, Chance: odds.prop},
		Step{Kind: StepFrame, Chance: odds.frame},
		Step{Kind: StepWeapon, Chance: odds.weapon})
	for _, n := range vehicleNotes(g, t, 1, false) {
		res.note(n)
	}
	if t.Vehicles > 1 {
		res.note(noteSalvosUnit)
	}
	if jammerWrecksMatter(in.Salvos) {
		res.note(noteJammerWreck)
	}
	return res
}

// runUnitChain runs the joint chain of t's unit under the salvos and
// returns it, its figures after each salvo in afters, or nil when it would
// take more than maxUnitNanos, choosing the kinds of state included. Each
// kind of state is tried in turn within the one budget.
func runUnitChain(t VehicleTarget, salvos []Salvo, fired []AttackResult, ps []float64) *unitChain {
	counts, states := unitStateKinds(t, salvos, ps)
	stay := wrecksStay(salvos)
	bound := maxUnitNanos - states.checked // choosing the kinds of state is paid for first
	first, second := newUnitChain(counts, t, ps, stay, bound), newUnitChain(states, t, ps, stay, bound)
	// The kind whose states are fewer first, its boxes being the smaller:
	// counts never are more under one Damage value.
	if counts.dims() > 1 {
		if n := second.span(fired, maxUnitStates); first.span(fired, n) > n {
			first, second = second, first
		}
	}
	if first.run(fired, t.Frame) {
		return first
	}
	second.bound -= first.spent + first.st.cost()
	if second.run(fired, t.Frame) {
		return second
	}
	return nil
}

// wrecksStay says of each salvo whether the vehicles it destroys stay on
// the table, taking their shares of the later salvos: those of an AT-44
// Jammer (noteJammerWreck).
func wrecksStay(salvos []Salvo) []bool {
	stay := make([]bool, len(salvos))
	for s, sv := range salvos {
		stay[s] = sv.Jammer > 0
	}
	return stay
}

// jammerWrecksMatter is whether some salvo's wrecks stay on the table
// while a later salvo is fired: only then does noteJammerWreck change a
// figure.
func jammerWrecksMatter(salvos []Salvo) bool {
	for _, s := range salvos[:len(salvos)-1] {
		if s.Jammer > 0 {
			return true
		}
	}
	return false
}

// vehicleAfters is the figures after each salvo at a single vehicle, by
// its own chain. It takes a salvo's impacts only while on the table: none
// once destroyed, unless it is a wreck a Jammer left (noteJammerWreck).
func vehicleAfters(t VehicleTarget, salvos []Salvo, fired []AttackResult, ps []float64) []VehicleResult {
	ch := newVehicleSalvoChain(t, newLocationOdds(1, t.Pick))
	on, wreck := 1.0, 0.0 // the chance it is on the table, and a wreck there
	afters := make([]VehicleResult, len(salvos))
	for i, s := range salvos {
		impacts := fired[i].Impacts
		ch.salvo(impacts.thinCap(ps[i], mostHits(t)), s.Damage)
		took := Dist{P: make([]float64, len(impacts.P))}
		for n, q := range impacts.P {
			took.P[n] = on * q
		}
		took.P[0] += 1 - on
		before := 1 - on + wreck // destroyed before the salvo
		f := ch.figures(took)
		if s.Jammer > 0 {
			wreck += f.Destroyed - before
		}
		on = 1 - f.Destroyed + wreck
		afters[i] = VehicleResult{Vehicles: []VehicleFigures{f}, Frame: f.Frame, Destroyed: f.Destroyed,
			Immobilized: f.Immobilized, Lost: slices.Clone(f.Lost), Wrecks: Dist{P: []float64{1 - f.Destroyed, f.Destroyed}}}
	}
	return afters
}
