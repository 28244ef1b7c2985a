package rules

import "slices"

// Salvos at a unit of several vehicles. Each salvo's impacts are dealt in
// turn, closest first, among the vehicles still on the table when it is
// fired (impact i to the i mod a-th of the a left, see share): losses are
// removed at once, so a vehicle an earlier salvo destroyed takes no more,
// while one this salvo destroys keeps its share, which is lost. Each
// impact damages with the salvo's chance p whatever state the vehicles are
// in (the test is against the unit's Protection). Given which of them
// damaged, the vehicles then evolve independently (each rolls its own
// location dice), but the impacts are common and who shares them depends
// on who has fallen, so the vehicles are correlated: unitChain carries the
// joint distribution over the vehicles' states from salvo to salvo, and
// every figure, each vehicle's own included, is read off it. For a salvo,
// the cells are taken apart by which vehicles are on the table; each set
// is dealt the mixture over k impacts of the states after dealing k
// impacts in turn, one impact on one vehicle at a time (a k+1-th impact is
// the k-th's outcome with one more impact on the next vehicle of the set).
//
// A vehicle's "state" in that chain can be either of two things, whichever
// makes the chain smaller (both are exact):
//
//   - tupleSpace: how many damaging hits it has taken, counted per Damage
//     value. Whether an impact damages does not depend on the state, so
//     the counts are what the joint chain must follow; the vehicle's own
//     state given its counts is a distribution worked out once per count.
//     Whether it is still on the table given its counts is a chance, its
//     weight: a cell holds its chance divided by the weights of the
//     vehicles in it, a hit moves that like any count, and the weight the
//     hit takes off the table (the drop from one count's weight to the
//     next's) goes to the vehicle's destroyed state. Since a destroyed
//     vehicle stays destroyed, the chance of being on the table at every
//     salvo's start is the weight at the last one, so the cells stay exact
//     chances once multiplied back. Counting per Damage value needs hits
//     of different Damage to commute (a hit of 1 then one of 3 leaving the
//     vehicle as 3 then 1 would), which fails where the weapon picked
//     depends on the SP left; commute checks it on every reachable state,
//     and where it fails the counts are kept per run of salvos of the same
//     Damage, whose order is fixed. Self-repair reduces the first damaging
//     hit only, so that hit's count is kept apart and the check skips the
//     start. A count after which the vehicle is destroyed for certain is
//     the one state "destroyed": under one Damage value a vehicle has at
//     most a few dozen states.
//   - unitSpace: the vehicle's actual state (the SP of every part), as the
//     chain over part states has it, of weight 1; fewer when salvos of
//     different Damage alternate on a vehicle whose hits do not commute.
//
// The joint state is kept ordered (vehicle by vehicle), not as a multiset:
// the closest vehicle always takes the first impact, so two vehicles whose
// states are swapped do not face the same future.
//
// The cost is a sum over the sets of vehicles on the table of products
// over their vehicles: vehicle j holds the states it can reach with the
// impacts it can have taken so far (planned salvo by salvo, see
// planUnitChain; after a first salvo that can damage, any vehicle may be
// the last one standing and take every impact), and each impact visits
// every cell of its set. planUnitChain counts the cell visits and gives up
// past maxUnitWork; salvosAtVehicles then estimates the figures
// (unitFigures).

// unitMove is one outcome of a damaging hit: the state it leads to and its
// chance.
type unitMove struct {
	to int
	p  float64
}

// unitStates numbers the states one vehicle can be in for the joint chain:
// id 0 is destroyed, id 1 the start.
type unitStates interface {
	// hit lists where a damaging hit of salvo s takes state x (not
	// destroyed).
	hit(x, s int) []unitMove
	// weight is the chance that the vehicle is still on the table in state
	// x: 0 for destroyed, below 1 where x holds some destroyed states.
	weight(x int) float64
	// fig is the chance, in state x, that the vehicle is still on the table
	// and immobilized (k 1) or without weapon k-2 (k 0: never).
	fig(x, k int) float64
	// frames adds scale times the chance, in state x, that the vehicle is
	// still on the table with each number of frame SP left, to f.
	frames(x int, f []float64, scale float64)
	// cost is the work of numbering the states so far, in cell visits.
	cost() float64
}

// unitSpace numbers the actual states of one vehicle: id 0 is destroyed,
// the others index (vector, cell) of a vehicleSalvoChain plane.
type unitSpace struct {
	ch   *vehicleSalvoChain
	ids  [][]int32                 // [vector][cell] -> id, 0 when not numbered yet
	keys [][2]int                  // [id] -> (vector, cell); keys[0] unused
	dmgs []int                     // [salvo] -> its Damage
	memo [maxDamage + 1][]unitMove // [dmg][3x:][:3] -> move(x, dmg), once worked out
	acc  []float64                 // apply's sums by state, and the states met
	met  []int
}

func newUnitSpace(t VehicleTarget, dmgs []int) *unitSpace {
	ch := newVehicleSalvoChain(t, newLocationOdds(1, t.Pick))
	sp := &unitSpace{ch: ch, keys: [][2]int{{-1, -1}}, dmgs: dmgs}
	sp.id(0, ch.cell(t.Propulsion, t.Frame, false))
	return sp
}

// id numbers state (w, c).
func (sp *unitSpace) id(w, c int) int {
	for len(sp.ids) <= w {
		sp.ids = append(sp.ids, make([]int32, sp.ch.plane))
	}
	if i := sp.ids[w][c]; i > 0 {
		return int(i)
	}
	sp.ids[w][c] = int32(len(sp.keys))
	sp.keys = append(sp.keys, [2]int{w, c})
	return len(sp.keys) - 1
}

func (sp *unitSpace) hit(x, s int) []unitMove { return sp.move(x, sp.dmgs[s]) }

func (sp *unitSpace) cost() float64 { return 0 }

// move lists where a damaging hit of dmg takes state x (not destroyed),
// with the chance of each location, as vehicleSalvoChain.step does.
func (sp *unitSpace) move(x, dmg int) []unitMove {
	memo := &sp.memo[dmg]
	if len(*memo) <= 3*x {
		*memo = append(*memo, make([]unitMove, 3*x+3)...)
	}
	out := (*memo)[3*x : 3*x+3 : 3*x+3]
	if out[1].p > 0 { // worked out: a hit lands on the frame one time in two
		return out
	}
	ch := sp.ch
	w, c := sp.keys[x][0], sp.keys[x][1]
	f1 := ch.frame + 1
	frame, prop := (c/2)%f1, c/2/f1
	d, nc := dmg, c // nc: the cell with the repair flag set
	if ch.t.SelfRepair && c%2 == 0 {
		d, nc = dmg-1, c+1
	}
	var to [3]int
	taken := min(prop, d)
	if frame > d-taken {
		to[0] = sp.id(w, nc-2*(taken*f1+d-taken))
	}
	if frame > d {
		to[1] = sp.id(w, nc-2*d)
	}
	v, over := ch.wt.hit(w, d)
	if frame > over {
		to[2] = sp.id(v, nc-2*over)
	}
	out[0], out[1], out[2] = unitMove{to[0], ch.odds.prop}, unitMove{to[1], ch.odds.frame}, unitMove{to[2], ch.odds.weapon}
	return out
}

func (sp *unitSpace) weight(x int) float64 {
	if x == 0 {
		return 0
	}
	return 1
}

func (sp *unitSpace) fig(x, k int) float64 {
	if x == 0 || k == 0 {
		return 0
	}
	w, c := sp.keys[x][0], sp.keys[x][1]
	if k == 1 && c/2/(sp.ch.frame+1) == 0 || k > 1 && sp.ch.wt.vecs[w][k-2] == 0 {
		return 1
	}
	return 0
}

func (sp *unitSpace) frames(x int, f []float64, scale float64) {
	if x != 0 {
		f[(sp.keys[x][1]/2)%(sp.ch.frame+1)] += scale
	}
}

// apply is the chances of the states after one more damaging hit of dmg
// on the states of d (never destroyed: a destroyed vehicle drops out).
func (sp *unitSpace) apply(d []unitMove, dmg int) []unitMove {
	met := sp.met[:0]
	for _, e := range d {
		for _, m := range sp.move(e.to, dmg) {
			q := e.p * m.p
			if m.to == 0 || q == 0 {
				continue
			}
			for len(sp.acc) <= m.to {
				sp.acc = append(sp.acc, 0)
			}
			if sp.acc[m.to] == 0 {
				met = append(met, m.to)
			}
			sp.acc[m.to] += q
		}
	}
	out := make([]unitMove, len(met))
	for i, x := range met {
		out[i] = unitMove{x, sp.acc[x]}
		sp.acc[x] = 0
	}
	sp.met = met
	return out
}

// commute is whether hits of the Damage values ds leave every state the
// vehicle can reach as the same distribution in either order (within
// 1e-12); false too when the states to check times the pairs of values
// pass 2*maxUnitStates, which keeps it quick (the counts per run are exact
// anyway). With Self-repair it checks only the states after the first
// damaging hit (the one Self-repair reduces), which tupleSpace keeps apart.
func (sp *unitSpace) commute(ds []int) bool {
	for x := 1; x < len(sp.keys) && len(ds) > 1; x++ {
		if len(sp.keys)*len(ds)*(len(ds)-1) > 2*maxUnitStates {
			return false
		}
		if sp.ch.t.SelfRepair && sp.keys[x][1]%2 == 0 {
			for _, d := range ds { // number the states after it
				sp.move(x, d)
			}
			continue
		}
		one := []unitMove{{x, 1}}
		for i, a := range ds {
			for _, b := range ds[i+1:] {
				if !sameChances(sp.apply(sp.apply(one, a), b), sp.apply(sp.apply(one, b), a)) {
					return false
				}
			}
		}
	}
	return true
}

// sameChances is whether two lists of chances of states agree within
// 1e-12.
func sameChances(a, b []unitMove) bool {
	byState := func(x, y unitMove) int { return x.to - y.to }
	slices.SortFunc(a, byState)
	slices.SortFunc(b, byState)
	for len(a) > 0 || len(b) > 0 {
		switch {
		case len(b) == 0 || len(a) > 0 && a[0].to < b[0].to:
			if a[0].p > 1e-12 {
				return false
			}
			a = a[1:]
		case len(a) == 0 || b[0].to < a[0].to:
			if b[0].p > 1e-12 {
				return false
			}
			b = b[1:]
		default:
			if d := a[0].p - b[0].p; d > 1e-12 || d < -1e-12 {
				return false
			}
			a, b = a[1:], b[1:]
		}
	}
	return true
}

// tupleSpace numbers counts of damaging hits, one count per dimension (a
// Damage value, or a run of salvos when hits do not commute), and with
// Self-repair the dimension of the first hit plus one (the last count):
// id 0 is every count after which the vehicle is destroyed for certain.
type tupleSpace struct {
	sp      *unitSpace
	dim     []int // [salvo] -> the count its damaging hits add to
	ids     map[tuple]int
	keys    []tuple
	dist    [][]unitMove // [id] -> the chances of the vehicle's states still on the table
	alive   []float64    // [id] -> their sum
	figs    [][]float64  // [id][k] -> fig
	frame   [][]float64  // [id][sp] -> the chance of sp frame SP left, on the table
	entries int          // held in dist
	one     [1]unitMove
}

type tuple [maxSalvos + 1]int16

func newTupleSpace(sp *unitSpace, dim []int) *tupleSpace {
	ts := &tupleSpace{sp: sp, dim: dim, ids: map[tuple]int{}, keys: make([]tuple, 1),
		dist: make([][]unitMove, 1), alive: []float64{0}, figs: [][]float64{nil}, frame: [][]float64{nil}}
	ts.add(tuple{}, []unitMove{{1, 1}})
	return ts
}

// add numbers counts k whose vehicle states have chances d.
func (ts *tupleSpace) add(k tuple, d []unitMove) int {
	i := 0
	if len(d) > 0 {
		i = len(ts.keys)
		f := make([]float64, 2+ts.sp.ch.wt.n)
		frame := make([]float64, ts.sp.ch.frame+1)
		alive := 0.0
		for _, e := range d {
			alive += e.p
			for j := 1; j < len(f); j++ {
				f[j] += e.p * ts.sp.fig(e.to, j)
			}
			ts.sp.frames(e.to, frame, e.p)
		}
		ts.keys, ts.dist, ts.alive = append(ts.keys, k), append(ts.dist, d), append(ts.alive, min(alive, 1))
		ts.figs, ts.frame = append(ts.figs, f), append(ts.frame, frame)
		ts.entries += len(d)
	}
	ts.ids[k] = i
	return i
}

func (ts *tupleSpace) hit(x, s int) []unitMove {
	k := ts.keys[x]
	k[ts.dim[s]]++
	if ts.sp.ch.t.SelfRepair && k[maxSalvos] == 0 {
		k[maxSalvos] = int16(ts.dim[s] + 1)
	}
	i, ok := ts.ids[k]
	if !ok {
		i = ts.add(k, ts.sp.apply(ts.dist[x], ts.sp.dmgs[s]))
	}
	ts.one[0] = unitMove{i, 1}
	return ts.one[:]
}

func (ts *tupleSpace) cost() float64 { return entryWork * float64(ts.entries) }

func (ts *tupleSpace) weight(x int) float64 { return ts.alive[x] }

func (ts *tupleSpace) fig(x, k int) float64 {
	if x == 0 {
		return 0
	}
	return ts.figs[x][k]
}

func (ts *tupleSpace) frames(x int, f []float64, scale float64) {
	if x == 0 {
		return
	}
	for sp, p := range ts.frame[x] {
		f[sp] += scale * p
	}
}

// maxUnitWork bounds the cell visits of the joint chain (work) so that the
// worst unit followed exactly takes under 10 ms natively
// (BenchmarkSalvosUnitLargest).
const maxUnitWork = 2.5e6

// entryWork is the work of one chance tupleSpace works out for a count,
// in cell visits.
const entryWork = 40

// maxUnitStates bounds the states one vehicle holds in the joint chain,
// and the states commute numbers, so that planning stays quick.
const maxUnitStates = 4096

// unitChain is the joint distribution over the ordered states of the
// unit's vehicles: vehicle j is in one of its first c[j] states, and the
// cell of states x_j is sum_j x_j * stride[j], stride[j] the product of
// c[i] for i < j. A cell holds its chance divided by the weights of the
// vehicles on the table in it (see unitStates.weight): a count of hits
// then moves like any state, and a hit that destroys the vehicle moves the
// weight it loses to state 0 (see expand).
type unitChain struct {
	st     unitStates
	v      int
	loc    [][]int          // [j] -> the ids of vehicle j's states; loc[j][0] = 0, destroyed
	at     [][]int32        // [j][id] -> 1 + its index in loc[j], 0 when not there
	sizes  [][]int          // [salvo][j] -> vehicle j's states after the salvo
	hits   [][][][]unitMove // [salvo][j][x] -> a damaging hit's moves, by index in loc[j]
	work   float64          // cell visits, planned
	bound  float64          // the most work planUnitChain goes on with
	c      []int
	stride []int
	p      []float64
	took   [][]float64 // [j] -> the impacts vehicle j took in the last salvo
}

// newUnitChain starts the joint chain of t's unit under salvos whose
// impacts and chances to damage are fired and ps, over whichever kind of
// state is smaller, or returns nil when both would take more than
// maxUnitWork.
func newUnitChain(t VehicleTarget, salvos []Salvo, fired []AttackResult, ps []float64) *unitChain {
	dmgs := make([]int, len(salvos))
	for s, sv := range salvos {
		dmgs[s] = sv.Damage
	}
	sp := newUnitSpace(t, dmgs)
	dim, ds := unitDims(dmgs, ps, true)
	if !sp.commute(ds) {
		dim, _ = unitDims(dmgs, ps, false)
	}
	// With one Damage value, counts are never more than states. With
	// several, states are planned first (it is quick): the counts then
	// give up as soon as they would take longer.
	var u *unitChain
	bound := maxUnitWork
	if len(ds) > 1 {
		if u = planUnitChain(sp, t, fired, ps, bound); u != nil {
			bound = u.work
		}
	}
	if w := planUnitChain(newTupleSpace(sp, dim), t, fired, ps, bound); w != nil {
		u = w
	}
	return u
}

// unitDims is the count each salvo's damaging hits add to, and the Damage
// of each count: one count per Damage value when byDamage (the hits
// commute), else one per run of salvos of the same Damage, whose order is
// fixed. A salvo that cannot damage changes nothing and counts nowhere.
func unitDims(dmgs []int, ps []float64, byDamage bool) (dim, ds []int) {
	dim = make([]int, len(dmgs))
	for s, d := range dmgs {
		if ps[s] == 0 {
			continue
		}
		i := len(ds) - 1
		if byDamage {
			i = slices.Index(ds, d)
		}
		if i < 0 || ds[i] != d {
			ds, i = append(ds, d), len(ds)
		}
		dim[s] = i
	}
	return dim, ds
}

// planUnitChain lays out the chain over st's states for the salvos, or
// returns nil when it would take more than bound cell visits (or a vehicle
// more than maxUnitStates states).
func planUnitChain(st unitStates, t VehicleTarget, fired []AttackResult, ps []float64, bound float64) *unitChain {
	v := t.Vehicles
	u := &unitChain{st: st, v: v, loc: make([][]int, v), at: make([][]int32, v), c: make([]int, v),
		stride: make([]int, v), bound: bound}
	start := 0
	for j := range v {
		u.loc[j], u.at[j] = []int{0, 1}, []int32{1, 2}
		u.c[j], u.stride[j] = 2, 1<<j
		start += u.stride[j] // every vehicle in state 1
	}
	u.p = make([]float64, 1<<v)
	u.p[start] = 1
	fallen := false // whether a vehicle may be off the table at the salvo's start
	for s, f := range fired {
		most := f.Impacts.Max()
		if ps[s] == 0 {
			most = 0 // nothing changes
		}
		sizes := make([]int, v)
		hits := make([][][]unitMove, v)
		// cells: the grid; dealt: the cells the impacts visit, summed over
		// which vehicles are on the table (vehicle j is either off it or in
		// one of its states); moves: the most moves of a hit from a state.
		cells, dealt, moves := 1.0, 1.0, 1.0
		for j := range v {
			n := share(most, v, j)
			if fallen {
				n = most // it may be the last one standing
			}
			if hits[j] = u.expand(j, s, n, ps[s]); hits[j] == nil {
				return nil
			}
			sizes[j] = len(u.loc[j])
			cells *= float64(sizes[j])
			dealt *= float64(sizes[j] + 1)
			// Every vehicle after j holds at least 2 states.
			if u.work+cells*float64(int(1)<<(v-1-j)) > bound {
				return nil
			}
			m := 0
			for _, h := range hits[j] {
				m += len(h)
			}
			moves = max(moves, float64(m)/float64(sizes[j]))
		}
		if !fallen {
			dealt = cells
		}
		u.sizes, u.hits = append(u.sizes, sizes), append(u.hits, hits)
		// Each impact deals, then the mixture adds up; the cells are sorted
		// by who is on the table, and figures reads each vehicle's chances
		// and 2+weapons contractions.
		u.work += dealt*float64(most)*(1+moves) + dealt*float64(most+1) + cells*float64(3*v+2*(2+len(t.Weapons)))
		if u.work+st.cost() > bound {
			return nil
		}
		fallen = fallen || most > 0
	}
	u.work += st.cost()
	return u
}

// expand adds to vehicle j's states every state up to n damaging hits of
// salvo s away, and returns the moves of such a hit from each, by index
// in loc[j] with the chance p that an impact damages folded in (nil past
// maxUnitStates). A state added by the n-th hit needs no moves: the
// vehicle takes at most n impacts in the salvo. The move to index 0 is
// the weight the hit takes off the table: all of it where the hit
// destroys an actual state, the drop in weight from one count to the next.
func (u *unitChain) expand(j, s, n int, p float64) [][]unitMove {
	lo, hi := 1, len(u.loc[j])
	hits := make([][]unitMove, hi)
	for r := 0; r < n && lo < hi; r++ {
		for x := lo; x < hi; x++ {
			dead := u.st.weight(u.loc[j][x])
			for _, m := range u.st.hit(u.loc[j][x], s) {
				if m.p == 0 || m.to == 0 {
					continue
				}
				for len(u.at[j]) <= m.to {
					u.at[j] = append(u.at[j], 0)
				}
				if u.at[j][m.to] == 0 {
					u.loc[j] = append(u.loc[j], m.to)
					u.at[j][m.to] = int32(len(u.loc[j]))
				}
				hits[x] = append(hits[x], unitMove{int(u.at[j][m.to]) - 1, p * m.p})
				dead -= m.p * u.st.weight(m.to)
			}
			if dead > 1e-15 {
				hits[x] = append(hits[x], unitMove{0, p * dead})
			}
		}
		if len(u.loc[j]) > maxUnitStates || u.work+u.st.cost() > u.bound {
			return nil
		}
		lo, hi = hi, len(u.loc[j])
		for len(hits) < hi {
			hits = append(hits, nil)
		}
	}
	return hits
}

// grow lays the chain out again for the states each vehicle can now be in.
func (u *unitChain) grow(c []int) {
	if slices.Equal(c, u.c) {
		return
	}
	stride := make([]int, u.v)
	n := 1
	for j := range c {
		stride[j] = n
		n *= c[j]
	}
	p := make([]float64, n)
	for i, q := range u.p {
		if q == 0 {
			continue
		}
		to := 0
		for rest, j := i, 0; j < u.v; j++ {
			to += rest % u.c[j] * stride[j]
			rest /= u.c[j]
		}
		p[to] = q
	}
	u.p, u.c, u.stride = p, slices.Clone(c), stride
}

// tot is the weight vehicle j carries in its state x: 1 when destroyed
// (a wreck is certain), else the chance it is still on the table.
func (u *unitChain) tot(j, x int) float64 {
	if x == 0 {
		return 1
	}
	return u.st.weight(u.loc[j][x])
}

// salvo deals salvo s's impacts in turn, closest first, among the vehicles
// still on the table when it is fired (the losses of earlier salvos have
// been removed), each impact damaging with chance p. The cells are taken
// apart by which vehicles are on the table, each set dealt on its own grid
// over those vehicles, and put back together.
func (u *unitChain) salvo(s int, impacts Dist, p float64) {
	u.grow(u.sizes[s])
	u.took = make([][]float64, u.v)
	for j := range u.took {
		u.took[j] = make([]float64, impacts.Max()+1)
	}
	on := make([]bool, 1<<u.v)      // [set] -> some cell has exactly set on the table
	mass := make([]float64, 1<<u.v) // [set] -> the chance of that
	for i, q := range u.p {
		if q == 0 {
			continue
		}
		set, w := 0, q
		for rest, j := i, 0; j < u.v; j++ {
			x := rest % u.c[j]
			rest /= u.c[j]
			if x > 0 {
				set |= 1 << j
			}
			w *= u.tot(j, x)
		}
		on[set], mass[set] = true, mass[set]+w
	}
	out := make([]float64, len(u.p))
	for set, ok := range on {
		if ok {
			u.dealSet(s, set, mass[set], impacts, p, out)
		}
	}
	u.p = out
}

// dealSet deals salvo s's impacts to the cells whose vehicles on the table
// are set, into out, and adds the impacts each vehicle takes, with the
// chance mass of that set, to took.
func (u *unitChain) dealSet(s, set int, mass float64, impacts Dist, p float64, out []float64) {
	var alive, c, stride []int
	n := 1
	for j := range u.v {
		if set&(1<<j) != 0 {
			alive, c, stride = append(alive, j), append(c, u.c[j]), append(stride, n)
			n *= u.c[j]
		}
	}
	for j := range u.v {
		if set&(1<<j) == 0 {
			u.took[j][0] += mass
		}
	}
	for i, j := range alive {
		for k, pk := range shareOf(impacts, len(alive), i).P {
			u.took[j][k] += mass * pk
		}
	}
	// idx: each cell of the set's grid in the whole grid; cur: the cells
	// with every vehicle of the set in a state (not destroyed).
	idx := make([]int, n)
	cur := make([]float64, n)
	x := make([]int, len(alive))
	for ci := range n {
		fi, in := 0, true
		for i, xi := range x {
			fi += xi * u.stride[alive[i]]
			in = in && xi > 0
		}
		idx[ci] = fi
		if in {
			cur[ci] = u.p[fi]
		}
		for i := range x { // the next cell
			if x[i]++; x[i] < c[i] {
				break
			}
			x[i] = 0
		}
	}
	if len(alive) == 0 || p == 0 {
		for ci, q := range cur {
			out[idx[ci]] += q
		}
		return
	}
	spare := make([]float64, n)
	scatter := func(pk float64) {
		if len(alive) == u.v { // the whole grid
			for ci, q := range cur {
				out[ci] += pk * q
			}
			return
		}
		for ci, q := range cur {
			out[idx[ci]] += pk * q
		}
	}
	for k, pk := range impacts.P {
		if k > 0 {
			i := (k - 1) % len(alive)
			next := deal(cur, spare, stride[i], c[i], p, u.hits[s][alive[i]])
			cur, spare = next, cur
		}
		if pk != 0 {
			scatter(pk)
		}
	}
}

// deal gives one impact to the vehicle whose state x sits at cell
// (hi*c + x)*stride + lo of cur, and returns the new distribution, written
// into next.
func deal(cur, next []float64, stride, c int, p float64, hits [][]unitMove) []float64 {
	block := stride * c
	// A miss leaves the state; a destroyed vehicle keeps its cells.
	for hi := 0; hi < len(cur); hi += block {
		copy(next[hi:hi+stride], cur[hi:hi+stride])
		for i := hi + stride; i < hi+block; i++ {
			next[i] = (1 - p) * cur[i]
		}
	}
	for hi := 0; hi < len(cur); hi += block {
		for x := 1; x < c; x++ {
			from := hi + x*stride
			if stride == 1 { // one cell: skip it when it holds nothing
				q := cur[from]
				if q == 0 {
					continue
				}
				for _, m := range hits[x] {
					next[hi+m.to] += q * m.p
				}
				continue
			}
			row := cur[from : from+stride]
			for _, m := range hits[x] {
				to := next[hi+m.to*stride : hi+(m.to+1)*stride]
				for lo, q := range row {
					to[lo] += q * m.p
				}
			}
		}
	}
	return next
}

// figures reads the unit's figures and each vehicle's off the joint
// distribution.
func (u *unitChain) figures(res *VehicleResult, weapons, frame int) {
	res.Wrecks = Dist{P: u.contract(0, true)}
	res.Destroyed = res.Wrecks.P[u.v]
	res.Immobilized = max(u.contract(1, false)[0]-res.Destroyed, 0)
	res.Lost = make([]float64, weapons)
	for w := range res.Lost {
		res.Lost[w] = u.contract(2+w, false)[0]
	}
	res.Vehicles = make([]VehicleFigures, u.v)
	for j, m := range u.marginals() {
		f := VehicleFigures{Destroyed: m[0], Lost: make([]float64, weapons)}
		left := make([]float64, frame+1)
		left[0] = m[0]
		for x := 1; x < len(m); x++ {
			id := u.loc[j][x]
			f.Immobilized += m[x] * u.st.fig(id, 1)
			for w := range f.Lost {
				f.Lost[w] += m[x] * u.st.fig(id, 2+w)
			}
			u.st.frames(id, left, m[x])
		}
		for w := range f.Lost {
			f.Lost[w] = min(f.Lost[w]+f.Destroyed, 1)
		}
		f.Frame = Dist{P: left}
		f.Impacts = Dist{P: trimZeros(u.took[j])}
		res.Vehicles[j] = f
	}
	res.Frame = res.Vehicles[0].Frame
}

// marginals is, for each vehicle j and each of its states x, the chance of
// the cells with vehicle j in x times the other vehicles' weights (tot):
// the chance of x itself once times x's own weight, which unitStates.fig
// and frames hold.
func (u *unitChain) marginals() [][]float64 {
	m := make([][]float64, u.v)
	for j := range m {
		m[j] = make([]float64, u.c[j])
	}
	x := make([]int, u.v)
	w := make([]float64, u.v)
	before := make([]float64, u.v+1)
	for i, q := range u.p {
		if q == 0 {
			continue
		}
		before[0] = q
		for rest, j := i, 0; j < u.v; j++ {
			x[j] = rest % u.c[j]
			rest /= u.c[j]
			w[j] = u.tot(j, x[j])
			before[j+1] = before[j] * w[j]
		}
		after := 1.0
		for j := u.v - 1; j >= 0; j-- {
			m[j][x[j]] += before[j] * after
			after *= w[j]
		}
	}
	return m
}

// contract is the mean over the joint distribution of the product over
// the vehicles of f_j (or, with count, of g_j + f_j z), where f_j is the
// chance of figure k (destroyed, or see unitStates.fig) and g_j that of
// the vehicle on the table without it, in vehicle j's state: the chance
// that every vehicle has the figure (or that n of them have it, for each
// n). It sums out one vehicle at a time, the one of stride 1 first.
func (u *unitChain) contract(k int, count bool) []float64 {
	q, n := u.p, 1 // n coefficients per cell
	for j, c := range u.c {
		f, g := make([]float64, c), make([]float64, c)
		f[0] = 1
		for x := 1; x < c; x++ {
			id := u.loc[j][x]
			f[x] = u.st.fig(id, k)
			g[x] = u.st.weight(id) - f[x]
		}
		m := n
		if count {
			m++
		}
		out := make([]float64, len(q)/n/c*m)
		for r := range len(q) / n / c {
			in := q[r*c*n : (r+1)*c*n]
			if !count { // n is 1
				sum := 0.0
				for x, fx := range f {
					sum += in[x] * fx
				}
				out[r] = sum
				continue
			}
			o := out[r*m : r*m+m]
			for x, fx := range f {
				for e, a := range in[x*n : x*n+n] {
					o[e] += a * g[x]
					o[e+1] += a * fx
				}
			}
		}
		q, n = out, m
	}
	return q
}
