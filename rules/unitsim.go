package rules

import (
	"hash/fnv"
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"
)

// The simulation of a unit of vehicles too large for the joint chain: the
// salvos are played with dice, trial after trial, and every figure is the
// share of the trials it happened in. It is deterministic: the dice come
// from a PCG generator seeded from a hash of the link's canonical query,
// each draw turned into a roll by integer comparisons with thresholds
// fixed by the link, so one link gives the same trials, in the same order,
// on every device. It advances in slices of work counted, not timed, and
// checks its margin only after whole blocks of trials, so where it stops
// does not depend on how it was sliced either.
//
// A trial follows the rules as the joint chain reads them: each salvo's
// impacts are drawn from their exact distribution and shared as evenly as
// possible, closest first, among the vehicles on the table when it is
// fired; given its share, each vehicle's damaging hits fall at the gaps a
// geometric draw gives (each impact damages with the salvo's chance), each
// hit's location die is rolled and the hit taken as unitSpace takes it.
// A vehicle destroyed is removed after the salvo, unless a Jammer salvo
// destroyed it (noteJammerWreck).

// Block and slices of the simulation.
const (
	// simBlock is the trials between two looks at the margin: the
	// simulation stops at the first multiple of it whose margin is small
	// enough.
	simBlock = 128
	// simMargin is the margin every figure is refined to: each chance the
	// result gives within half a percentage point, 19 times in 20.
	simMargin = 0.005
	// simZ is the normal quantile of the margin: a little over the 1.96 of
	// 95 %, because the simulation stops on the margin itself, which
	// favours the runs whose margin happens to be small: with 1.96 the
	// margin held 94.997 % of the time for a true chance of 0.42, with
	// 1.97 at least 95.1 % for every true chance from 0.001 to 0.999
	// (TestSimulatedCoverage).
	simZ = 1.97
	// maxSimTrials is where every simulation has stopped: the first block
	// after which even a chance of one half has a margin under simMargin
	// (TestMaxSimTrials).
	maxSimTrials = 39040
	// firstSliceNanos is the work of the slice Salvos runs before it
	// answers; sliceNanos that of each later slice (SalvosSimulation.Step),
	// which a browser, about three times slower, runs within 16 ms.
	firstSliceNanos = 0.6e6
	sliceNanos      = 2e6
)

// What a trial costs natively, in nanoseconds, from the times of 150
// random units of 2 to 10 vehicles under up to ten salvos of up to 30
// dice: a slice takes from 0.4 to 1.2 times the work counted with them
// (0.8 for most), as the trials run.
const (
	simSalvoNanos   = 60 // drawing a salvo's impacts
	simVehicleNanos = 38 // a vehicle's share of a salvo and its figures after it
	simHitNanos     = 38 // a damaging hit: its gap and its location
	simCountNanos   = 2  // a count looked at for the margin, once a block
)

// SalvosSimulation is the simulation of a SalvosInput's salvos at a unit
// of vehicles, for units the joint chain gives up on (Salvos then answers
// with its first slice and SalvosResult.Simulated). Step runs one more
// slice; Refined says when the margin is reached.
type SalvosSimulation struct {
	base    SalvosResult // the salvos, the explanation and the notes
	t       VehicleTarget
	rng     *rand.PCG
	salvos  []simSalvo
	trials  int
	work    float64 // nanoseconds counted in the current slice
	tally   simTally
	unit    []simVehicle // the vehicles in the current trial
	onTable []int        // their indexes, closest first, of those on the table
	// marginWas is the margin after marginAt trials, worked out once a
	// block.
	marginAt  int
	marginWas float64
}

// simSalvo is what a trial needs of one salvo.
type simSalvo struct {
	impacts []uint64 // thresholds of the impacts reaching the unit (see thresholds)
	gaps    []uint64 // thresholds of the impacts before the next damaging one
	dmg     int
	stay    bool // its wrecks stay on the table
}

// simVehicle is one vehicle's state in a trial.
type simVehicle struct {
	frame, prop int
	weapons     [maxVehWeapons]int
	repaired    bool // Self-repair used
	wreck       bool // destroyed and left on the table
}

// simTally counts, over the trials, each figure after each salvo.
type simTally struct {
	wrecks    [][]int   // [s][n] -> trials with n vehicles destroyed
	unitStuck []int     // [s] -> every vehicle destroyed or immobilized, not all destroyed
	unitLost  [][]int   // [s][w] -> weapon w out of action on every vehicle
	dead      [][]int   // [s][j] -> vehicle j destroyed
	stuck     [][]int   // [s][j] -> on the table, not destroyed, propulsion at 0
	lost      [][][]int // [s][j][w] -> weapon w at 0 SP or vehicle j destroyed
	frame     [][][]int // [s][j][sp] -> sp frame SP left (0: destroyed)
	took      [][][]int // [s][j][n] -> n impacts taken in salvo s
	tookTop   [][]int   // [s][j] -> the most impacts vehicle j took in salvo s
}

// SimulateSalvos starts the simulation of in's salvos at its unit of
// vehicles, with no trial run yet: each Step runs a slice of trials and
// returns the figures so far. It refuses what Salvos refuses, and targets
// that are not a unit of several vehicles.
func SimulateSalvos(in SalvosInput) (*SalvosSimulation, error) {
	if err := in.Validate(); err != nil {
		return nil, err
	}
	if in.Target != TargetVehicle || in.Vehicle.Vehicles < 2 {
		return nil, fieldErr("vehicles", ErrConflict, "only a unit of several vehicles is simulated: allowed target=veh with vehicles 2-%d", maxVehicles)
	}
	g, _ := GameByID(in.Game)
	fired, ps := fireSalvos(g, in)
	return newSalvosSimulation(in, vehicleBase(g, in, fired), fired, ps), nil
}

// newSalvosSimulation sets up the simulation of in, whose salvos were
// fired with damage chances ps; base holds the result's fixed parts.
func newSalvosSimulation(in SalvosInput, base SalvosResult, fired []AttackResult, ps []float64) *SalvosSimulation {
	t := in.Vehicle
	t.SelfRepair = t.SelfRepair || in.Medic
	h := fnv.New128a()
	h.Write([]byte(in.Query().Encode()))
	seed := h.Sum(nil)
	sim := &SalvosSimulation{base: base, t: t, unit: make([]simVehicle, t.Vehicles), onTable: make([]int, 0, t.Vehicles),
		rng: rand.NewPCG(beUint64(seed[:8]), beUint64(seed[8:]))}
	v, w := t.Vehicles, len(t.Weapons)
	for s, sv := range in.Salvos {
		most := fired[s].Impacts.Max()
		gaps := make([]float64, most) // P(a damaging impact within the first g+1)
		miss := 1.0
		for g := range gaps {
			miss *= 1 - ps[s]
			gaps[g] = 1 - miss
		}
		sim.salvos = append(sim.salvos, simSalvo{impacts: thresholds(cumulative(fired[s].Impacts.P), true),
			gaps: thresholds(gaps, false), dmg: sv.Damage, stay: sv.Jammer > 0})
	}
	ty := &sim.tally
	for s := range in.Salvos {
		ty.wrecks = append(ty.wrecks, make([]int, v+1))
		ty.unitStuck = append(ty.unitStuck, 0)
		ty.unitLost = append(ty.unitLost, make([]int, w))
		ty.dead = append(ty.dead, make([]int, v))
		ty.stuck = append(ty.stuck, make([]int, v))
		lost, frame, took := make([][]int, v), make([][]int, v), make([][]int, v)
		for j := range v {
			lost[j], frame[j] = make([]int, w), make([]int, t.Frame+1)
			took[j] = make([]int, fired[s].Impacts.Max()+1)
		}
		ty.lost, ty.frame, ty.took = append(ty.lost, lost), append(ty.frame, frame), append(ty.took, took)
		ty.tookTop = append(ty.tookTop, make([]int, v))
	}
	return sim
}

func beUint64(b []byte) uint64 {
	var x uint64
	for _, c := range b {
		x = x<<8 | uint64(c)
	}
	return x
}

// cumulative is the running sums of p.
func cumulative(p []float64) []float64 {
	c := make([]float64, len(p))
	sum := 0.0
	for i, x := range p {
		sum += x
		c[i] = sum
	}
	return c
}

// thresholds turns cumulative chances into 53-bit integers: a draw r of
// 53 random bits falls at the first i with r < out[i] (past the end: none
// does). The last chance of a whole distribution is taken as 1, whatever
// its rounding.
func thresholds(cum []float64, whole bool) []uint64 {
	out := make([]uint64, len(cum))
	for i, c := range cum {
		switch {
		case c >= 1 || whole && i == len(cum)-1:
			out[i] = 1 << 53
		case c > 0:
			out[i] = uint64(c * (1 << 53))
		}
	}
	return out
}

// draw is the first index whose threshold a fresh draw falls under, or
// len(thr).
func (sim *SalvosSimulation) draw(thr []uint64) int {
	r := sim.rng.Uint64() >> 11
	i, _ := slices.BinarySearch(thr, r+1) // the first threshold above r
	return i
}

// Step runs one more slice of trials (none once the margin is reached)
// and returns the figures so far.
func (sim *SalvosSimulation) Step() SalvosResult {
	sim.run(sliceNanos)
	return sim.Result()
}

// Refined is whether the margin has reached its target: further steps
// change nothing.
func (sim *SalvosSimulation) Refined() bool {
	return sim.trials > 0 && sim.trials%simBlock == 0 && sim.margin() < simMargin
}

// run plays blocks of trials until their work passes budget nanoseconds
// or the margin is reached.
func (sim *SalvosSimulation) run(budget float64) {
	sim.work = 0
	for !sim.Refined() && sim.work < budget {
		for range simBlock {
			sim.trial()
		}
	}
}

// trial plays the salvos once and counts the figures after each.
func (sim *SalvosSimulation) trial() {
	t := sim.t
	for j := range sim.unit {
		u := &sim.unit[j]
		*u = simVehicle{frame: t.Frame, prop: t.Propulsion}
		copy(u.weapons[:], t.Weapons)
	}
	sim.onTable = sim.onTable[:0]
	for j := range sim.unit {
		sim.onTable = append(sim.onTable, j)
	}
	for s := range sim.salvos {
		sv := &sim.salvos[s]
		k := sim.draw(sv.impacts)
		a := len(sim.onTable)
		for r, j := range sim.onTable {
			n := share(k, a, r)
			sim.tally.took[s][j][n]++
			sim.tally.tookTop[s][j] = max(sim.tally.tookTop[s][j], n)
			if u := &sim.unit[j]; u.frame > 0 {
				sim.hits(u, n, sv)
			}
		}
		// The vehicles off the table took nothing; those destroyed leave
		// it, unless a Jammer salvo left them as wrecks. left is written
		// over onTable, never past the place read.
		left := sim.onTable[:0]
		next := 0
		for j := range sim.unit {
			u := &sim.unit[j]
			on := next < a && sim.onTable[next] == j
			if on {
				next++
			} else {
				sim.tally.took[s][j][0]++
			}
			if on && u.frame == 0 && !u.wreck && sv.stay {
				u.wreck = true
			}
			if on && (u.frame > 0 || u.wreck) {
				left = append(left, j)
			}
		}
		sim.onTable = left
		sim.count(s)
		sim.work += simSalvoNanos + simVehicleNanos*float64(len(sim.unit))
	}
	sim.trials++
}

// hits plays the damaging hits among n impacts on vehicle u (on the
// table, not destroyed) from salvo sv, until its share runs out or the
// vehicle falls.
func (sim *SalvosSimulation) hits(u *simVehicle, n int, sv *simSalvo) {
	for at := sim.draw(sv.gaps); at < n; at += 1 + sim.draw(sv.gaps) {
		sim.work += simHitNanos
		if !sim.hit(u, sv.dmg) {
			return
		}
	}
}

// hit takes one damaging hit of dmg on u, its location rolled: 1-2
// propulsion, 3-5 frame, 6 a weapon (the pick's, a working one); what a
// part cannot take goes to the frame. It is false once u is destroyed.
func (sim *SalvosSimulation) hit(u *simVehicle, dmg int) bool {
	if sim.t.SelfRepair && !u.repaired {
		dmg--
		u.repaired = true
	}
	face, _ := bits.Mul64(sim.rng.Uint64(), LocationFaces)
	toFrame := dmg
	switch LocationOf(int(face) + 1) {
	case LocationPropulsion:
		taken := min(u.prop, dmg)
		u.prop -= taken
		toFrame -= taken
	case LocationWeapon:
		left := u.weapons[:len(sim.t.Weapons)]
		if w := pickWeapon(left, dmg, sim.t.weaponPick()); w >= 0 {
			taken := min(left[w], dmg)
			left[w] -= taken
			toFrame -= taken
		}
	}
	u.frame = max(u.frame-toFrame, 0)
	return u.frame > 0
}

// count adds the trial's figures after salvo s to the tally.
func (sim *SalvosSimulation) count(s int) {
	ty := &sim.tally
	dead, stuck := 0, true
	lostAll := make([]bool, len(sim.t.Weapons))
	for w := range lostAll {
		lostAll[w] = true
	}
	for j, u := range sim.unit {
		ty.frame[s][j][u.frame]++
		if u.frame == 0 {
			dead++
			ty.dead[s][j]++
			for w := range lostAll {
				ty.lost[s][j][w]++
			}
			continue
		}
		if u.prop == 0 {
			ty.stuck[s][j]++
		} else {
			stuck = false
		}
		for w := range lostAll {
			if u.weapons[w] == 0 {
				ty.lost[s][j][w]++
			} else {
				lostAll[w] = false
			}
		}
	}
	ty.wrecks[s][dead]++
	if stuck && dead < len(sim.unit) {
		ty.unitStuck[s]++
	}
	for w, l := range lostAll {
		if l {
			ty.unitLost[s][w]++
		}
	}
}

// margin is the largest margin of the figures so far: of every chance
// the result gives (each share of the tally, and each "at least k" of a
// distribution, whose "at most k-1" is the rest), so that once it is
// under simMargin every figure shown, chart, table or export, is within
// it. The margin of a share is largest near one half: it is worked out
// for the two shares closest to where it peaks, one on either side.
func (sim *SalvosSimulation) margin() float64 {
	n := sim.trials
	if n == 0 {
		return 1
	}
	if sim.marginAt == n {
		return sim.marginWas
	}
	peak := marginPeak(n)
	sp := spread{n: n, peak: peak, below: -1, above: n + 1}
	sim.tally.spread(&sp)
	m := SimulatedMargin(0, n) // a figure no trial gave, or every trial
	if sp.below >= 0 {
		m = max(m, SimulatedMargin(float64(sp.below)/float64(n), n))
	}
	if sp.above <= n/2 {
		m = max(m, SimulatedMargin(float64(sp.above)/float64(n), n))
	}
	sim.work += simCountNanos * float64(sp.seen)
	sim.marginAt, sim.marginWas = n, m
	return m
}

// spread finds, among the counts behind a result's chances, the two
// closest to the peak of their margin, counts folded to at most n/2 (k and
// n-k have the same margin): below, the largest at most peak, and above,
// the smallest over it (-1 and n+1 when there is none).
type spread struct {
	n, peak      int
	below, above int
	seen         int // counts looked at
}

func (sp *spread) add(k int) {
	sp.seen++
	k = min(k, sp.n-k)
	switch {
	case k <= 0: // its margin is the least: the one margin starts from
	case k <= sp.peak:
		sp.below = max(sp.below, k)
	default:
		sp.above = min(sp.above, k)
	}
}

// dist adds the counts of a distribution's chances: each value's, and
// each "at least k", from the top down to where it holds every trial.
func (sp *spread) dist(counts []int, top int) {
	tail := 0
	for k := min(top, len(counts)-1); k > 0 && tail < sp.n; k-- {
		sp.add(counts[k])
		tail += counts[k]
		sp.add(tail)
	}
	sp.add(counts[0])
}

// spread adds every count behind the result's chances to sp.
func (ty *simTally) spread(sp *spread) {
	for s := range ty.wrecks {
		sp.dist(ty.wrecks[s], len(ty.wrecks[s])-1)
		sp.add(ty.unitStuck[s])
		for _, k := range ty.unitLost[s] {
			sp.add(k)
		}
		for j := range ty.dead[s] {
			sp.add(ty.dead[s][j])
			sp.add(ty.stuck[s][j])
			for _, k := range ty.lost[s][j] {
				sp.add(k)
			}
			sp.dist(ty.frame[s][j], len(ty.frame[s][j])-1)
			sp.dist(ty.took[s][j], ty.tookTop[s][j])
		}
	}
}

// marginPeak is the count k, at most n/2, whose share k/n has the largest
// margin over n trials. The margin grows from a share of 0 to near one
// half, then dips a little (the interval's pull towards one half shrinks
// faster than its width grows), so a search over k finds its one peak.
func marginPeak(n int) int {
	f := func(k int) float64 { return SimulatedMargin(float64(k)/float64(n), n) }
	lo, hi := 0, n/2
	for hi-lo > 2 {
		a, b := lo+(hi-lo)/3, hi-(hi-lo)/3
		if f(a) < f(b) {
			lo = a + 1
		} else {
			hi = b
		}
	}
	best := lo
	for k := lo + 1; k <= hi; k++ {
		if f(k) > f(best) {
			best = k
		}
	}
	return best
}

// SimulatedMargin is the 95 % margin of a chance p a simulation gave over
// trials trials: how far p is from the farther end of the Wilson score
// interval with continuity correction (Newcombe's method 4), so that p
// plus or minus it holds the whole interval. Unlike the normal interval's
// it does not vanish at 0 or 1 (0 over 1,024 trials: 0.47 %), and unlike
// the Wilson half-width alone it covers the interval's lean towards one
// half, which at small chances is most of it. With no trial it is 1.
func SimulatedMargin(p float64, trials int) float64 {
	if trials <= 0 {
		return 1
	}
	n, z2 := float64(trials), simZ*simZ
	lo, hi := 0.0, 1.0
	if p > 0 {
		lo = (2*n*p + z2 - 1 - simZ*math.Sqrt(max(z2-2-1/n+4*p*(n*(1-p)+1), 0))) / (2 * (n + z2))
	}
	if p < 1 {
		hi = (2*n*p + z2 + 1 + simZ*math.Sqrt(max(z2+2-1/n+4*p*(n*(1-p)-1), 0))) / (2 * (n + z2))
	}
	return min(max(p-max(lo, 0), min(hi, 1)-p), 1)
}

// Result is the figures so far: the salvos and notes of Salvos, each
// figure the share of the trials it happened in.
func (sim *SalvosSimulation) Result() SalvosResult {
	res := sim.base
	res.Notes = slices.Clone(res.Notes)
	res.note(noteSalvosUnitSimulated)
	res.Simulated, res.Trials, res.Margin, res.Refined = true, sim.trials, sim.margin(), sim.Refined()
	n := float64(max(sim.trials, 1))
	share := func(k int) float64 { return float64(k) / n }
	dist := func(counts []int) Dist {
		d := Dist{P: make([]float64, len(counts))}
		for i, k := range counts {
			d.P[i] = share(k)
		}
		return d
	}
	ty := &sim.tally
	res.VehicleAfter = make([]VehicleResult, len(sim.salvos))
	for s := range sim.salvos {
		after := VehicleResult{Wrecks: dist(ty.wrecks[s]), Lost: make([]float64, len(sim.t.Weapons)),
			Vehicles: make([]VehicleFigures, len(sim.unit))}
		after.Destroyed = share(ty.wrecks[s][len(sim.unit)])
		after.Immobilized = share(ty.unitStuck[s])
		for w := range after.Lost {
			after.Lost[w] = share(ty.unitLost[s][w])
		}
		for j := range after.Vehicles {
			f := VehicleFigures{Impacts: Dist{P: trimZeros(dist(ty.took[s][j]).P)}, Destroyed: share(ty.dead[s][j]),
				Immobilized: share(ty.stuck[s][j]), Lost: make([]float64, len(sim.t.Weapons)), Frame: dist(ty.frame[s][j])}
			for w := range f.Lost {
				f.Lost[w] = share(ty.lost[s][j][w])
			}
			after.Vehicles[j] = f
		}
		after.Frame = after.Vehicles[0].Frame
		res.VehicleAfter[s] = after
	}
	last := res.VehicleAfter[len(sim.salvos)-1]
	res.VehicleResult = &last
	return res
}

// noteSalvosUnitSimulated says that the unit's figures are simulated, how,
// and how far they can be off.
var noteSalvosUnitSimulated = Note{ID: "salvos-vehicle-unit-simulated",
	EN: "This unit is too large under these salvos to follow all its vehicles together exactly, so its figures come from rolling the salvos many times over, by the rules as above. The rolls go on until every chance given, in the charts and tables too, is within half a point, 19 times in 20; the margin beside the headline's chance says how far it can be off. The same link always gives the same rolls, so the same figures, on any device.",
	FR: "Cette unité est trop grande sous ces salves pour suivre exactement tous ses véhicules ensemble : ses chiffres viennent de salves jouées un grand nombre de fois, selon les règles ci-dessus. Les tirages continuent jusqu'à ce que chaque chance donnée, graphiques et tableaux compris, soit juste à un demi-point près, 19 fois sur 20 ; la marge à côté de la chance du titre dit de combien elle peut s'écarter. Un même lien donne toujours les mêmes tirages, donc les mêmes chiffres, sur tout appareil."}
