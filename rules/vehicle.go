package rules

import (
	"fmt"
	"math"
	"slices"
)

// WeaponPick is how the attacker chooses the weapon a weapon location hits.
// Only a working weapon can be chosen (interpretation); with none left the
// damage goes to the frame. Ties go to the weapon listed first.
type WeaponPick int

const (
	// PickWreck takes the working weapon with the fewest SP left, so the most
	// damage runs on to the frame: the pick of an attacker out to destroy.
	PickWreck WeaponPick = iota
	// PickDisarm takes a weapon the hit destroys (the one with the most SP
	// among them), else the weapon with the most SP left: the pick of an
	// attacker out to silence weapons.
	PickDisarm
	// PickDefender takes the working weapon with the most SP left, which
	// absorbs the most and is the last to be lost: the defender's pick, where
	// he chooses (AT-43 overwatch, VehicleTarget.DefenderPicks). It has no
	// share-link name of its own: the link says picker=defender.
	PickDefender
)

// String returns the share-link value of p.
func (p WeaponPick) String() string {
	if p < 0 || int(p) >= len(pickNames) {
		return fmt.Sprintf("WeaponPick(%d)", int(p))
	}
	return pickNames[p]
}

// VehicleTarget is a unit of identical armoured vehicles taking impacts. Its
// query keys (frame, prop, weapons, vehicles, pick, picker) are read,
// written and checked by its own methods, which every input that can aim at
// vehicles calls; SelfRepair comes from the input's medic key.
type VehicleTarget struct {
	Frame      int        // frame SP, 1-60
	Propulsion int        // propulsion SP, 0-60 (0: immobilized already)
	Weapons    []int      // SP of each weapon, 0-6 weapons of 0-60 SP (0: lost already)
	Vehicles   int        // vehicles sharing the impacts, closest first, 1-10
	Pick       WeaponPick // how the attacker picks a weapon: PickWreck or PickDisarm
	SelfRepair bool       // Self-repair: the first damaging hit does one point less
	// DefenderPicks gives the weapon pick to the defender (AT-43 overwatch
	// fire, query key picker=defender), who takes PickDefender.
	DefenderPicks bool
}

// weaponPick is the rule that picks the weapon a weapon result hits.
func (t VehicleTarget) weaponPick() WeaponPick {
	if t.DefenderPicks {
		return PickDefender
	}
	return t.Pick
}

// VehicleResult is what impacts do to a unit of vehicles. With one vehicle
// every figure is that vehicle's. With several, Destroyed, Immobilized and
// Lost describe the whole unit: every vehicle destroyed; none left able to
// move though at least one is still on the table (AT-43's morale trigger);
// the weapon out of action on every vehicle. Frame is the closest vehicle's,
// and Vehicles holds each vehicle's own figures.
//
// A weapon counts as lost (out of action) when its SP reach 0 or its vehicle
// is destroyed. A caller that embeds the result in its own merges Explain
// and Notes into its own lists.
type VehicleResult struct {
	Destroyed   float64          `json:"destroyed"`
	Immobilized float64          `json:"immobilized"`
	Lost        []float64        `json:"lost"`
	Frame       Dist             `json:"frame"`  // frame SP left, 0 when destroyed
	Wrecks      Dist             `json:"wrecks"` // vehicles destroyed
	Vehicles    []VehicleFigures `json:"vehicles"`
	// Explain adds the steps "vehicles" (Value vehicles sharing the impacts),
	// "location" (Value location dice kept by the attacker) and "propulsion",
	// "frame", "weapon" (Chance a damaging hit lands there).
	Explain []Step `json:"explain,omitempty"`
	Notes   []Note `json:"notes,omitempty"`
}

// VehicleFigures is what happens to one vehicle of a unit.
type VehicleFigures struct {
	Impacts     Dist      `json:"impacts"`     // impacts it takes (in salvos: in that salvo)
	Destroyed   float64   `json:"destroyed"`   // frame at 0
	Immobilized float64   `json:"immobilized"` // still on the table, propulsion at 0
	Lost        []float64 `json:"lost"`        // each weapon at 0 SP or destroyed with its vehicle
	Frame       Dist      `json:"frame"`       // frame SP left
}

// maxImpacts is the most impacts an attack can bring: 100 weapons of rate 20.
const maxImpacts = maxFighters * maxRate

// vehicleDamage is the damage impacts do to the vehicles of t: impacts is the
// distribution of impacts that reach the unit, pDamage the chance one damage
// test succeeds, damage the SP each success takes, melee whether the impacts
// come from close combat (where some games let the attacker roll several
// location dice and keep the best).
//
// The impacts are shared as evenly as possible, closest vehicle first. Given
// its share, each vehicle is a Markov chain over its parts (see
// vehicleChain); given the total, the vehicles are independent.
//
// The games word the location rules differently (Game.Vehicle) but land on
// the same chain: AT-43 sends damage aimed at a destroyed part to the frame,
// AT-44 sends there whatever a part cannot absorb, which for a part at 0 SP
// is all of it; and AT-44's rule that a weapon result takes a weapon while
// any remains is what the engine's reading of AT-43 (only a working weapon
// can be picked) gives too.
func vehicleDamage(g Game, impacts Dist, pDamage float64, damage int, t VehicleTarget, melee bool) (VehicleResult, error) {
	c := &validator{}
	t.check(c)
	c.rng("dmg", damage, 1, maxDamage)
	if c.failed() {
		return VehicleResult{}, c.result()
	}
	switch {
	case !(pDamage >= 0 && pDamage <= 1):
		return VehicleResult{}, fmt.Errorf("damage chance %v is not a probability: allowed 0-1", pDamage)
	case len(impacts.P) == 0 || len(impacts.P) > maxVehicles*(maxImpacts+1):
		return VehicleResult{}, fmt.Errorf("impacts: %d values given: allowed 1-%d", len(impacts.P), maxVehicles*(maxImpacts+1))
	}
	dice := 1
	if melee {
		dice = max(g.Vehicle.MeleeLocationDice, 1)
	}
	odds := newLocationOdds(dice, t.Pick)
	parts := newVehicleParts(t, damage)

	v := t.Vehicles
	// No vehicle takes more damaging hits than its largest share of impacts.
	most := share(len(impacts.P)-1, v, 0)
	kmax := min(parts.kmax(), most)
	res := VehicleResult{Vehicles: make([]VehicleFigures, v)}
	imps := make([]Dist, v)
	hits := make([]Dist, v) // damaging hits on each vehicle, kmax+1 meaning more
	need := make([]bool, kmax+1)
	for j := range v {
		imps[j] = Dist{P: trimZeros(shareOf(impacts, v, j).P)}
		hits[j] = imps[j].thinCap(pDamage, kmax+1)
		for k, p := range hits[j].P[:min(len(hits[j].P), kmax+1)] {
			need[k] = need[k] || p > negligible
		}
	}
	var ch *vehicleChain
	if dice > 1 && t.weaponPick() != PickDefender {
		ch = meleeChain(t, damage, dice, need)
	}
	perState := ch != nil
	if !perState {
		ch = parts.chain(odds, need)
	}
	for j := range v {
		res.Vehicles[j] = ch.figures(imps[j], hits[j])
	}
	if v == 1 {
		f := res.Vehicles[0]
		res.Destroyed, res.Immobilized, res.Lost = f.Destroyed, f.Immobilized, slices.Clone(f.Lost)
		res.Wrecks = Dist{P: []float64{1 - f.Destroyed, f.Destroyed}}
	} else {
		res.unit(ch, impacts, pDamage, v, len(t.Weapons))
	}
	res.Frame = res.Vehicles[0].Frame

	res.Explain = []Step{
		{Kind: StepVehicles, Value: v},
		{Kind: StepLocation, Value: dice},
		{Kind: StepPropulsion, Chance: odds.prop},
		{Kind: StepFrame, Chance: odds.frame},
		{Kind: StepWeapon, Chance: odds.weapon},
	}
	res.Notes = vehicleNotes(g, t, dice, melee)
	if perState {
		for i, n := range res.Notes {
			if n.ID == noteMeleeLocation.ID {
				res.Notes[i] = noteMeleeLocationBest
			}
		}
	}
	return res, nil
}

// shareOf is the distribution of the impacts vehicle j (0 = closest) of v
// takes when impacts reach the unit (see share).
func shareOf(impacts Dist, v, j int) Dist {
	p := make([]float64, share(impacts.Max(), v, j)+1)
	for i, pi := range impacts.P {
		p[share(i, v, j)] += pi
	}
	return Dist{P: p}
}

// share is how many of i impacts vehicle j (0 = closest) of v takes when
// they are shared as evenly as possible, the closest first.
func share(i, v, j int) int {
	n := i / v
	if j < i%v {
		n++
	}
	return n
}

// trimZeros drops the zero chances past the last possible value.
func trimZeros(p []float64) []float64 {
	n := len(p)
	for n > 1 && p[n-1] == 0 {
		n--
	}
	return p[:n]
}

// unit fills the whole-unit figures of several vehicles. Given the total of
// impacts each vehicle's share is fixed and the vehicles fall independently,
// so each total contributes a product over the vehicles.
func (res *VehicleResult) unit(ch *vehicleChain, impacts Dist, pDamage float64, v, weapons int) {
	// The shares that matter are consecutive: one binomial row of damaging
	// hits for the smallest, then Pascal's rule up to the largest.
	lo, hi := -1, 0
	for i, p := range impacts.P {
		if p > negligible {
			if lo < 0 {
				lo = i / v
			}
			hi = share(i, v, 0)
		}
	}
	byShare := make([]shareOdds, hi-lo+1)
	hits := Binomial(lo, pDamage).P
	hits = hits[:min(len(hits), ch.kmax+1)]
	for s := lo; s <= hi; s++ {
		if s > lo {
			hits = pascal(hits, pDamage, ch.kmax)
		}
		byShare[s-lo] = ch.shareOdds(hits)
	}
	odds := func(s int) shareOdds { return byShare[s-lo] }
	wrecks := make([]float64, v+1)
	lost := make([]float64, weapons)
	row := make([]float64, v+1)
	for i, p := range impacts.P {
		if p <= negligible {
			continue
		}
		dead, stuck := 1.0, 1.0
		all := make([]float64, weapons)
		for w := range all {
			all[w] = 1
		}
		clear(row)
		row[0] = 1
		for j := range v {
			o := odds(share(i, v, j))
			dead *= o.dead
			stuck *= o.dead + o.immobile
			for w := range all {
				all[w] *= o.lost[w]
			}
			for n := j + 1; n > 0; n-- {
				row[n] = row[n]*(1-o.dead) + row[n-1]*o.dead
			}
			row[0] *= 1 - o.dead
		}
		res.Destroyed += p * dead
		res.Immobilized += p * max(stuck-dead, 0)
		for w := range lost {
			lost[w] += p * all[w]
		}
		for n := range wrecks {
			wrecks[n] += p * row[n]
		}
	}
	res.Lost = lost
	res.Wrecks = Dist{P: wrecks}
}

// Location classes of a damaging hit, as indexes.
const (
	partProp   = int(LocationPropulsion)
	partFrame  = int(LocationFrame)
	partWeapon = int(LocationWeapon)
)

// locationOdds is the chance a damaging hit lands on each class of part.
type locationOdds struct {
	prop, frame, weapon float64
}

// newLocationOdds reads the location table (1-2 propulsion, 3-5 frame, 6 a
// weapon) with dice dice rolled and the best kept. What is best follows the
// weapon pick: an attacker out to wreck prefers the frame, then the
// propulsion, then a weapon; one out to disarm prefers a weapon, then the
// frame (a destroyed vehicle loses every weapon), then the propulsion. The
// order does not depend on the vehicle's state, so the location of each hit
// stays independent of the others.
func newLocationOdds(dice int, pick WeaponPick) locationOdds {
	order := [3]int{partFrame, partProp, partWeapon}
	if pick == PickDisarm {
		order = [3]int{partWeapon, partFrame, partProp}
	}
	return keptOdds(dice, order)
}

// keptOdds is where a hit lands when dice location dice are rolled and the
// one showing the class first in order is kept.
func keptOdds(dice int, order [3]int) locationOdds {
	var single [3]float64 // the chance one die shows each class
	for face := 1; face <= LocationFaces; face++ {
		single[LocationOf(face)] += 1.0 / LocationFaces
	}
	var kept [3]float64
	var one, prev float64 // chance one die, and the best die, shows this class or a better one
	for _, part := range order {
		one += single[part]
		// The best die shows this class or a better one unless every die is worse.
		upTo := 1 - math.Pow(1-one, float64(dice))
		kept[part] = upTo - prev
		prev = upTo
	}
	return locationOdds{prop: kept[partProp], frame: kept[partFrame], weapon: kept[partWeapon]}
}

// vehicleChain holds, for one vehicle and every number k of damaging hits
// that can leave it standing, the chance of each outcome.
//
// The chain's state is the SP of every part plus whether Self-repair was
// used; read literally it is far too large (61^8 states). But the locations
// of the hits are independent and the attacker's weapon pick is a fixed
// rule, so the state after k hits depends only on how many hit each class
// of part (and where the first one landed, for Self-repair): the propulsion
// keeps min(SP, damage) and passes the rest to the frame, the weapons follow
// one fixed sequence of picks, and the frame adds up its own hits and what
// the other parts pass on. The chain is therefore summed over those counts:
// c frame hits are binomial among k, the propulsion hits a among the m = k-c
// others again binomial, and only counts that leave the frame standing are
// visited, so the work is bounded by the SP, not by the number of hits.
type vehicleChain struct {
	frame    int
	kmax     int         // above kmax damaging hits, none leaves the vehicle standing, or none can happen
	alive    []float64   // [k] frame SP left above 0
	immobile []float64   // [k] alive with the propulsion at 0
	lost     [][]float64 // [w][k] alive with weapon w at 0
	left     [][]float64 // [k][s] exactly s frame SP left, 1 <= s <= frame (nil where not needed)
	lo, hi   int         // the counts worked out lie in lo..hi
}

// weaponSequence plays the attacker's weapon pick hit after hit: over[b] is
// the damage passed to the frame by the first b weapon hits, for as long as
// it stays below frame; kill[w] is the weapon hit that brings weapon w to 0
// (0 when it starts at 0, MaxInt when it outlasts the frame). The first hit
// does first damage, the others rest.
func weaponSequence(sp []int, first, rest int, pick WeaponPick, frame int) (over, kill []int) {
	left := slices.Clone(sp)
	kill = make([]int, len(sp))
	for w, s := range left {
		if s > 0 {
			kill[w] = math.MaxInt
		}
	}
	over = []int{0}
	total := 0
	for b := 1; ; b++ {
		dmg := rest
		if b == 1 {
			dmg = first
		}
		w := pickWeapon(left, dmg, pick)
		if w < 0 {
			total += dmg
		} else {
			taken := min(left[w], dmg)
			left[w] -= taken
			total += dmg - taken
			if left[w] == 0 && kill[w] == math.MaxInt {
				kill[w] = b
			}
		}
		if total >= frame {
			return over, kill
		}
		over = append(over, total)
	}
}

// pickWeapon is the working weapon (SP above 0) the attacker chooses for a
// hit of dmg damage, or -1 when none works.
func pickWeapon(left []int, dmg int, pick WeaponPick) int {
	best := -1
	for w, s := range left {
		if s <= 0 {
			continue
		}
		if best < 0 {
			best = w
			continue
		}
		b := left[best]
		switch pick {
		case PickDefender:
			if s > b {
				best = w
			}
		case PickDisarm:
			kills, bestKills := s <= dmg, b <= dmg
			if kills && !bestKills || kills == bestKills && s > b {
				best = w
			}
		default:
			if s < b {
				best = w
			}
		}
	}
	return best
}

// partial accumulates, for the m hits that missed the frame, the chance of
// each amount u (0 <= u < frame) they pass to the frame.
type partial struct {
	total, immobile []float64
	lost            [][]float64
	// cumulative sums: cum[x][β] is the chance of u < β
	cumTotal, cumImmobile []float64
	cumLost               [][]float64
}

func newPartial(frame, weapons int) *partial {
	p := &partial{
		total: make([]float64, frame), immobile: make([]float64, frame),
		cumTotal: make([]float64, frame+1), cumImmobile: make([]float64, frame+1),
		lost: make([][]float64, weapons), cumLost: make([][]float64, weapons),
	}
	for w := range weapons {
		p.lost[w] = make([]float64, frame)
		p.cumLost[w] = make([]float64, frame+1)
	}
	return p
}

func (p *partial) reset() {
	clear(p.total)
	clear(p.immobile)
	for w := range p.lost {
		clear(p.lost[w])
	}
}

func (p *partial) add(u int, chance float64, immobile bool, b int, kill []int) {
	p.total[u] += chance
	if immobile {
		p.immobile[u] += chance
	}
	for w, k := range kill {
		if b >= k {
			p.lost[w][u] += chance
		}
	}
}

func (p *partial) accumulate() {
	cumulate(p.cumTotal, p.total)
	cumulate(p.cumImmobile, p.immobile)
	for w := range p.lost {
		cumulate(p.cumLost[w], p.lost[w])
	}
}

func cumulate(cum, p []float64) {
	var s float64
	for u, v := range p {
		cum[u] = s
		s += v
	}
	cum[len(p)] = s
}

// Counts of damaging hits, and totals of impacts, whose chance is below
// negligible (see dist.go) are left out of the sums: what is left out counts
// as destroying the vehicle, so no figure is off by more than a few times
// that (far below the 1e-12 the tests ask), and large attacks on vehicles
// that cannot survive them cost nothing.

// tiny is the chance below which one term of the sums over counts is
// skipped: there are fewer than a million terms, so all of them together
// hold less than negligible.
const tiny = negligible * 1e-6

// vehicleParts is the fixed part of one vehicle's chain: what each count of
// hits on the propulsion and on the weapons passes to the frame.
type vehicleParts struct {
	t     VehicleTarget
	d     int
	over0 []int // weapon hits at full damage (see weaponSequence)
	kill0 []int
	over1 []int // the first weapon hit reduced by Self-repair
	kill1 []int
	amax  int // most propulsion hits that can leave the frame standing
	bmax  int // most weapon hits
	cmax  int // most frame hits
}

func newVehicleParts(t VehicleTarget, d int) vehicleParts {
	p := vehicleParts{t: t, d: d}
	p.over0, p.kill0 = weaponSequence(t.Weapons, d, d, t.weaponPick(), t.Frame)
	p.over1, p.kill1 = p.over0, p.kill0
	if t.SelfRepair {
		p.over1, p.kill1 = weaponSequence(t.Weapons, d-1, d, t.weaponPick(), t.Frame)
	}
	p.amax = (t.Frame + t.Propulsion) / d // a*d-1-prop < frame
	p.bmax = max(len(p.over0), len(p.over1)) - 1
	p.cmax = t.Frame / d // c*d-1 < frame
	return p
}

// kmax is the most damaging hits that can leave the vehicle standing.
func (p vehicleParts) kmax() int { return p.amax + p.bmax + p.cmax }

// chain sums the chain over the counts of hits per class of part, for every
// number k of damaging hits with need[k] set; see vehicleChain.
func (p vehicleParts) chain(odds locationOdds, need []bool) *vehicleChain {
	t, d := p.t, p.d
	frame, prop := t.Frame, t.Propulsion
	repair := t.SelfRepair
	over0, kill0, over1, kill1 := p.over0, p.kill0, p.over1, p.kill1
	amax, bmax, cmax := p.amax, p.bmax, p.cmax
	kmax := len(need) - 1
	// propulsion hit a times: damage passed to the frame, propulsion at 0.
	propulsion := func(a int, reduced bool) (int, bool) {
		dmg := a * d
		if reduced {
			dmg--
		}
		return max(dmg-prop, 0), dmg >= prop
	}
	// needFrom[m]: some needed k lies in m..m+cmax.
	needFrom := make([]bool, kmax+1)
	next := -1 // smallest needed k at or after m
	for m := kmax; m >= 0; m-- {
		if need[m] {
			next = m
		}
		needFrom[m] = next >= 0 && next <= m+cmax
	}

	ch := &vehicleChain{frame: frame, kmax: kmax, lo: kmax + 1, hi: -1,
		alive: make([]float64, kmax+1), immobile: make([]float64, kmax+1),
		lost: make([][]float64, len(t.Weapons)), left: make([][]float64, kmax+1)}
	for w := range ch.lost {
		ch.lost[w] = make([]float64, kmax+1)
	}
	for k := range ch.left {
		if need[k] {
			ch.left[k] = make([]float64, frame+1)
			ch.lo = min(ch.lo, k)
			ch.hi = k
		}
	}
	// frameHits[k][c]: c of k damaging hits land on the frame. Rows grow by
	// Pascal's rule, which only adds products of chances: no cancellation,
	// and only the c <= cmax that can leave the frame standing are kept.
	frameHits := make([][]float64, kmax+1)
	buf := make([]float64, (kmax+1)*(cmax+1))
	row := make([]float64, 1, cmax+1)
	row[0] = 1
	for k := range frameHits {
		if k > 0 {
			row = pascal(row, odds.frame, cmax)
		}
		frameHits[k] = buf[k*(cmax+1) : k*(cmax+1)+len(row)]
		copy(frameHits[k], row)
	}
	r := 0.0 // a hit off the frame lands on the propulsion
	if s := odds.prop + odds.weapon; s > 0 {
		r = odds.prop / s
	}
	acc0 := newPartial(frame, len(t.Weapons)) // every hit at full damage
	acc1 := newPartial(frame, len(t.Weapons)) // the first of the m hits reduced
	propHits := []float64{1}                  // [a]: a of the m hits off the frame land on the propulsion, a <= amax
	for m := 0; m <= min(amax+bmax, kmax); m++ {
		if m > 0 {
			propHits = pascal(propHits, r, amax)
		}
		if !needFrom[m] {
			continue
		}
		acc0.reset()
		acc1.reset()
		for a := max(0, m-bmax); a <= min(m, amax); a++ {
			b, chance := m-a, propHits[a]
			if chance < tiny {
				continue
			}
			if b < len(over0) {
				pass, stuck := propulsion(a, false)
				if u := pass + over0[b]; u < frame {
					acc0.add(u, chance, stuck, b, kill0)
				}
			}
			if !repair || m == 0 {
				continue
			}
			// The first hit off the frame landed on the propulsion (a of m)...
			if a > 0 && b < len(over0) {
				pass, stuck := propulsion(a, true)
				if u := pass + over0[b]; u < frame {
					acc1.add(u, chance*float64(a)/float64(m), stuck, b, kill0)
				}
			}
			// ... or on a weapon (b of m).
			if b > 0 && b < len(over1) {
				pass, stuck := propulsion(a, false)
				if u := pass + over1[b]; u < frame {
					acc1.add(u, chance*float64(b)/float64(m), stuck, b, kill1)
				}
			}
		}
		acc0.accumulate()
		acc1.accumulate()
		for c := 0; c <= cmax && m+c <= kmax; c++ {
			k := m + c
			if !need[k] || c >= len(frameHits[k]) || frameHits[k][c] < tiny {
				continue
			}
			pc := frameHits[k][c]
			if !repair || k == 0 {
				ch.scatter(k, pc, c*d, acc0)
				continue
			}
			// Self-repair takes a point off the first hit: a frame hit with
			// chance c/k, else one of the others (already in acc1).
			if c > 0 {
				ch.scatter(k, pc*float64(c)/float64(k), c*d-1, acc0)
			}
			if m > 0 {
				ch.scatter(k, pc*float64(m)/float64(k), c*d, acc1)
			}
		}
	}
	return ch
}

// pascal turns row, a binomial row cut after index top, into the row of one
// more trial, each trial succeeding with chance p; it works in place, so
// row's array may be reused.
func pascal(row []float64, p float64, top int) []float64 {
	if len(row) <= top {
		row = append(row, 0)
	}
	for i := len(row) - 1; i > 0; i-- {
		row[i] = row[i]*(1-p) + row[i-1]*p
	}
	row[0] *= 1 - p
	return row
}

// scatter adds the outcomes of k damaging hits of which the frame hits did
// hit damage: chance times acc's distribution of what the others passed on.
func (ch *vehicleChain) scatter(k int, chance float64, hit int, acc *partial) {
	room := ch.frame - hit // the frame stands while u < room
	if room <= 0 {
		return
	}
	ch.alive[k] += chance * acc.cumTotal[room]
	ch.immobile[k] += chance * acc.cumImmobile[room]
	for w := range ch.lost {
		ch.lost[w][k] += chance * acc.cumLost[w][room]
	}
	left := ch.left[k]
	for u := range room {
		left[room-u] += chance * acc.total[u]
	}
}

// figures is one vehicle's result when it takes impacts impacts, of which
// hits succeed their damage tests (capped at kmax+1: more always destroys).
func (ch *vehicleChain) figures(impacts, hits Dist) VehicleFigures {
	var alive, immobile float64
	lost := make([]float64, len(ch.lost))
	left := make([]float64, ch.frame+1)
	for k, p := range hits.P {
		if k > ch.kmax || p == 0 || ch.left[k] == nil {
			continue
		}
		alive += p * ch.alive[k]
		immobile += p * ch.immobile[k]
		for w := range lost {
			lost[w] += p * ch.lost[w][k]
		}
		for s := 1; s <= ch.frame; s++ {
			left[s] += p * ch.left[k][s]
		}
	}
	dead := max(1-alive, 0)
	for w := range lost {
		lost[w] = min(lost[w]+dead, 1)
	}
	left[0] = dead
	return VehicleFigures{Impacts: impacts, Destroyed: dead, Immobilized: immobile,
		Lost: lost, Frame: Dist{P: left}}
}

// shareOdds is the fate of one vehicle taking a known number of impacts.
type shareOdds struct {
	dead, immobile float64
	lost           []float64 // weapon at 0 or vehicle destroyed
}

// shareOdds is the fate of one vehicle whose damaging hits follow hits.
func (ch *vehicleChain) shareOdds(hits []float64) shareOdds {
	var alive, immobile float64
	lost := make([]float64, len(ch.lost))
	for k := ch.lo; k < len(hits) && k <= ch.hi; k++ {
		alive += hits[k] * ch.alive[k]
		immobile += hits[k] * ch.immobile[k]
		for w := range lost {
			lost[w] += hits[k] * ch.lost[w][k]
		}
	}
	dead := max(1-alive, 0)
	for w := range lost {
		lost[w] = min(lost[w]+dead, 1)
	}
	return shareOdds{dead: dead, immobile: immobile, lost: lost}
}

// NoteVehicleSharing is the id of the note on sharing impacts evenly where a
// game does not say how (see GameNotes.VehicleSharing).
const NoteVehicleSharing = "at44-vehicle-sharing"

// Notes the vehicle calculator attaches.
var (
	noteWeaponPickWreck = Note{ID: "vehicle-pick-wreck",
		EN: "Weapon results: the attacker may only pick a weapon that still works (none left: the damage goes to the frame). Here he picks the one with the fewest SP left, so the most damage runs on to the frame.",
		FR: "Résultat arme : l'attaquant ne peut choisir qu'une arme encore en état (s'il n'en reste aucune, les dégâts vont au châssis). Ici il prend celle qui a le moins de PS, pour que le plus de dégâts passe au châssis."}
	noteWeaponPickDisarm = Note{ID: "vehicle-pick-disarm",
		EN: "Weapon results: the attacker may only pick a weapon that still works (none left: the damage goes to the frame). Here he picks a weapon the hit destroys, otherwise the one with the most SP left.",
		FR: "Résultat arme : l'attaquant ne peut choisir qu'une arme encore en état (s'il n'en reste aucune, les dégâts vont au châssis). Ici il prend une arme que le coup détruit, sinon celle qui a le plus de PS."}
	noteMeleeLocation = Note{ID: "vehicle-melee-location",
		EN: "Close combat: of the location dice the attacker keeps the one his pick prefers. To wreck: frame, then propulsion, then weapon. To disarm: weapon, then frame (a destroyed vehicle loses its weapons), then propulsion.",
		FR: "Mêlée : parmi les dés de localisation, l'attaquant garde celui que son choix préfère. Pour détruire : châssis, puis propulsion, puis arme. Pour désarmer : arme, puis châssis (un véhicule détruit perd ses armes), puis propulsion."}
	notePickDefender = Note{ID: "vehicle-pick-defender",
		EN: "AT-43 overwatch fire: a weapon result is chosen by the active player, here the defender. He is taken to choose the working weapon with the most SP left, which absorbs the most and is the last to be lost (none left: the damage goes to the frame).",
		FR: "AT-43, tir en état d'alerte : le résultat arme est choisi par le joueur actif, ici le défenseur. On suppose qu'il choisit l'arme en état qui a le plus de PS, qui encaisse le plus et tombe en dernier (s'il n'en reste aucune, les dégâts vont au châssis)."}
	noteMeleeLocationBest = Note{ID: "vehicle-melee-location-best",
		EN: "Close combat: the damage tests come first, so the attacker knows how many damaging hits are still to come, and of the two location dice he keeps, for the state the vehicle is in, the one that gives the best chance of his aim by the end of the attack: the vehicle destroyed (to wreck) or all its weapons out of action (to disarm). Where both dice give the same chance, to wreck he keeps the one that leaves the frame lowest (then frame, propulsion, weapon); to disarm, weapon, then frame, then propulsion.",
		FR: "Mêlée : les tests de dégâts viennent d'abord, l'attaquant sait donc combien de coups qui portent restent à placer ; des deux dés de localisation il garde, selon l'état du véhicule, celui qui donne les meilleures chances d'atteindre son but à la fin de l'attaque : le véhicule détruit (pour détruire) ou toutes ses armes hors d'usage (pour désarmer). Si les deux dés se valent, pour détruire il garde celui qui laisse le moins de PS au châssis (puis châssis, propulsion, arme) ; pour désarmer, arme, puis châssis, puis propulsion."}
	noteVehicleSharing = Note{ID: NoteVehicleSharing,
		EN: "AT-44 only says that the closest vehicles take impacts first; the impacts are shared as evenly as possible, closest first, as in AT-43.",
		FR: "AT-44 dit seulement que les véhicules les plus proches prennent les impacts en premier ; les impacts sont répartis aussi également que possible, les plus proches d'abord, comme dans AT-43."}
	noteMeleeSharing = Note{ID: "vehicle-melee-sharing",
		EN: "In close combat the attacker may share the impacts among the vehicles in contact as he likes; the figures share them as evenly as possible, closest first.",
		FR: "Au corps à corps, l'attaquant répartit les impacts entre les véhicules au contact comme il veut ; les chiffres les répartissent aussi également que possible, les plus proches d'abord."}
	noteSelfRepair = Note{ID: "self-repair",
		EN: "Self-repair is read as one damage point taken off the first hit that gets through, once per round, for each vehicle.",
		FR: "Autoréparation est lue comme un point de dégâts retiré au premier coup qui passe, une fois par tour, pour chaque véhicule."}
)

func vehicleNotes(g Game, t VehicleTarget, dice int, melee bool) []Note {
	notes := []Note{}
	if len(t.Weapons) > 0 {
		if t.DefenderPicks {
			notes = append(notes, notePickDefender)
		} else if t.Pick == PickDisarm {
			notes = append(notes, noteWeaponPickDisarm)
		} else {
			notes = append(notes, noteWeaponPickWreck)
		}
	}
	if dice > 1 {
		notes = append(notes, noteMeleeLocation)
	}
	if t.Vehicles > 1 {
		if g.Notes.VehicleSharing != "" {
			notes = append(notes, noteByID(g.Notes.VehicleSharing))
		}
		if melee {
			notes = append(notes, noteMeleeSharing)
		}
	}
	if t.SelfRepair {
		notes = append(notes, noteSelfRepair)
	}
	return notes
}

// extraNotes lists every note the vehicle, morale, authority, crush,
// minefield and terrain calculators can attach.
func extraNotes() []Note {
	return []Note{noteWeaponPickWreck, noteWeaponPickDisarm, notePickDefender, noteMeleeLocation, noteMeleeLocationBest,
		noteVehicleSharing, noteMeleeSharing, noteSelfRepair,
		noteEarlierTests, noteMoraleSpendAT43, noteMoraleSpendAT44, noteAuthorityTie,
		noteMineCards, noteStructureSalvo, noteSalvosUnit, noteJammerWreck, noteSalvosUnitSimulated}
}
