package rules

import (
	"math/bits"
	"slices"
)

// The joint chain over a unit's vehicles. Its cells are kept in boxes, one
// per set of vehicles still on the table (unitBox): a box is a dense grid
// over the states each of its vehicles can be in while exactly that set is
// on the table. A vehicle is far along only when the others have fallen
// and their shares came to it, so a box of many vehicles holds few states
// of each, and the boxes together hold about the cells that can happen,
// where one grid over every state of every vehicle would be mostly empty.
// A salvo opens each box onto the states its vehicles can reach with their
// shares of the salvo's impacts (openBox), deals the impacts on that grid
// one at a time, and sorts the cells into the boxes of who is left (split).
// The work is counted as it goes, in cell visits; past the budget the chain
// gives up and salvosAtVehicles takes the estimate.

// Budget: the chain may spend what is left of maxUnitNanos once the
// estimate is paid for, at about their native cost per cell visit, as
// measured on the slowest units found (BenchmarkSalvosUnitLargest and
// BenchmarkSalvosUnitGiveUp).
const (
	maxUnitNanos   = 6.5e6
	unitVisitNanos = 1.0 // a cell visit of the joint chain
	estimateNanos  = 3   // a cell visit of the estimate's chains (vehicleSalvosWork)
)

// unitBudget is the cell visits the joint chain may make when the
// estimate, which follows if it gives up, would make estimate visits of
// its own (vehicleSalvosWork).
func unitBudget(estimate float64) float64 {
	return max(maxUnitNanos-estimateNanos*estimate, 0) / unitVisitNanos
}

// boxWork is the work of laying a box out for a salvo and reading its
// figures, per vehicle, in cell visits: small boxes cost more than their
// cells.
const boxWork = 600

// moveWork is the work of working out where a hit takes a state, and
// listWork that of putting a state in a box's list for a salvo, in cell
// visits.
const (
	moveWork = 60
	listWork = 30
)

// entryWork is the work of one chance tupleSpace works out for a count,
// in cell visits.
const entryWork = 100

// maxUnitStates bounds the states the joint chain numbers, and those
// commute does, so that numbering them stays quick.
const maxUnitStates = 4096

// unitChain is the joint distribution over the ordered states of the
// unit's vehicles, in boxes. A cell holds its chance divided by the weights
// of the vehicles on the table in it (see unitStates.weight): a count of
// hits then moves like any state, and a hit that destroys the vehicle moves
// the weight it loses to state 0 (see movesOf).
type unitChain struct {
	st      unitStates
	v       int
	weapons int
	ps      []float64      // [salvo] -> the chance that an impact damages
	loc     []int          // [x] -> the id of a state met; loc[0] = 0, destroyed
	at      map[int]int    // [id] -> its place in loc
	moves   [][][]unitMove // [salvo][x] -> a damaging hit's moves, by place in loc, once worked out (nil: not yet)
	spent   float64        // cell visits so far, numbering the states included
	bound   float64        // the most cell visits the chain makes
	boxes   []*unitBox
	took    [][]float64     // [j] -> the impacts vehicle j took in the last salvo
	afters  []VehicleResult // the figures after each salvo (run)
}

// unitBox holds the cells in which the vehicles on the table are exactly
// alive (closest first): a grid over states[i], the states (as indices in
// loc) vehicle alive[i] can be in there, the cell of places x_i at
// sum x_i*stride[i].
type unitBox struct {
	alive  []int
	states [][]int
	stride []int
	p      []float64
	mass   float64 // the chance of the box (set by marginals)
}

// newBox makes an empty box over states.
func newBox(alive []int, states [][]int) *unitBox {
	b := &unitBox{alive: alive, states: states, stride: make([]int, len(alive))}
	n := 1
	for i, s := range states {
		b.stride[i] = n
		n *= len(s)
	}
	b.p = make([]float64, n)
	return b
}

// next moves the places x to the next cell of b's grid.
func (b *unitBox) next(x []int) {
	for i := range x {
		if x[i]++; x[i] < len(b.states[i]) {
			return
		}
		x[i] = 0
	}
}

func (b *unitBox) set() int {
	set := 0
	for _, j := range b.alive {
		set |= 1 << j
	}
	return set
}

// unitStateKinds is the two kinds of state the joint chain can follow t's
// vehicles by under salvos: counts of damaging hits (per Damage value when
// hits commute, else per run of salvos), and actual states, which stay few
// where the counts of many runs would not.
func unitStateKinds(t VehicleTarget, salvos []Salvo, ps []float64) (counts *tupleSpace, states *unitSpace) {
	dmgs := make([]int, len(salvos))
	for s, sv := range salvos {
		dmgs[s] = sv.Damage
	}
	sp := newUnitSpace(t, dmgs)
	dim, ds := unitDims(dmgs, ps, true)
	if !sp.commute(ds) {
		dim, _ = unitDims(dmgs, ps, false)
	}
	return newTupleSpace(sp, dim), sp
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

// newUnitChain starts the chain over st's states with every vehicle of
// t's unit on the table, to spend at most bound cell visits.
func newUnitChain(st unitStates, t VehicleTarget, ps []float64, bound float64) *unitChain {
	v := t.Vehicles
	u := &unitChain{st: st, v: v, weapons: len(t.Weapons), ps: ps, loc: []int{0, 1}, at: map[int]int{0: 0, 1: 1},
		moves: make([][][]unitMove, len(ps)), bound: bound}
	alive, states := make([]int, v), make([][]int, v)
	for j := range v {
		alive[j], states[j] = j, []int{1}
	}
	start := newBox(alive, states)
	start.p[0], start.mass = 1, 1
	u.boxes = []*unitBox{start}
	return u
}

// movesOf is where a damaging hit of salvo s takes state x (by place in
// loc), with the chance that an impact damages folded in. The move to
// place 0 is the weight the hit takes off the table: all of it where the
// hit destroys an actual state, the drop in weight from one count to the
// next.
func (u *unitChain) movesOf(s, x int) []unitMove {
	if x >= len(u.moves[s]) {
		u.moves[s] = append(u.moves[s], make([][]unitMove, len(u.loc)-len(u.moves[s]))...)
	}
	if out := u.moves[s][x]; out != nil {
		return out
	}
	out := []unitMove{}
	p := u.ps[s]
	dead := u.st.weight(u.loc[x])
	for _, m := range u.st.hit(u.loc[x], s) {
		if m.p == 0 || m.to == 0 {
			continue
		}
		to, ok := u.at[m.to]
		if !ok {
			to = len(u.loc)
			u.loc, u.at[m.to] = append(u.loc, m.to), to
		}
		out = append(out, unitMove{to, p * m.p})
		dead -= m.p * u.st.weight(m.to)
	}
	if dead > 1e-15 {
		out = append(out, unitMove{0, p * dead})
	}
	u.moves[s][x] = out
	u.spent += moveWork
	return out
}

// span is the states the closest vehicle can reach taking its share of
// every salvo while the whole unit stands, or limit+1 past limit (or past
// the budget): the size of the box of the whole unit, the largest, goes
// as its power.
func (u *unitChain) span(fired []AttackResult, limit int) int {
	states, in := []int{1}, map[int]bool{1: true}
	for s, f := range fired {
		n := share(f.Impacts.Max(), u.v, 0)
		if u.ps[s] == 0 {
			n = 0
		}
		for lo := 0; n > 0 && lo < len(states); n-- { // one more hit
			hi := len(states)
			for _, x := range states[lo:hi] {
				for _, m := range u.movesOf(s, x) {
					if m.to > 0 && !in[m.to] {
						in[m.to], states = true, append(states, m.to)
					}
				}
			}
			lo = hi
		}
		if len(states) > limit || u.over() {
			return limit + 1
		}
	}
	return len(states)
}

// tot is the weight a vehicle carries in state x: 1 when destroyed
// (a wreck is certain), else the chance it is still on the table.
func (u *unitChain) tot(x int) float64 {
	if x == 0 {
		return 1
	}
	return u.st.weight(u.loc[x])
}

// salvo deals salvo s's impacts in turn, closest first, among the vehicles
// still on the table when it is fired (the losses of earlier salvos have
// been removed), each impact damaging with chance ps[s]: each box is opened
// onto the states its vehicles can reach, dealt on its own, and its cells
// sorted into the boxes of who is left. It is false when that goes past
// the budget.
func (u *unitChain) salvo(s int, impacts Dist) bool {
	p := u.ps[s]
	most := impacts.Max()
	if p == 0 {
		most = 0 // nothing changes
	}
	u.took = make([][]float64, u.v)
	for j := range u.took {
		u.took[j] = make([]float64, impacts.Max()+1)
	}
	opened := make([]*openBox, len(u.boxes))
	for bi, b := range u.boxes {
		u.tookBy(b, impacts)
		o := u.open(b, s, most)
		if o == nil {
			return false
		}
		if len(o.alive) > 0 && most > 0 {
			o.deal(impacts, p)
		}
		opened[bi] = o
	}
	u.boxes = u.split(opened)
	return true
}

// run works out the unit's figures after each salvo into afters; false
// when the chain goes past its budget.
func (u *unitChain) run(fired []AttackResult, frame int) bool {
	u.afters = make([]VehicleResult, len(fired))
	for s, f := range fired {
		if !u.salvo(s, f.Impacts) {
			return false
		}
		u.figures(&u.afters[s], u.weapons, frame)
	}
	return true
}

// tookBy adds the impacts each vehicle takes when the vehicles of box b
// are on the table to took, with the chance of the box.
func (u *unitChain) tookBy(b *unitBox, impacts Dist) {
	on := b.set()
	for j := range u.v {
		if on&(1<<j) == 0 {
			u.took[j][0] += b.mass
		}
	}
	for i, j := range b.alive {
		for k, pk := range shareOf(impacts, len(b.alive), i).P {
			u.took[j][k] += b.mass * pk
		}
	}
}

// openBox is a box laid out for a salvo: lists[i] is every state vehicle
// alive[i] can be in by its end (lists[i][0] = 0, destroyed, then the
// box's states, then those its hits reach), hits[i] the moves of a hit
// between them by place in the list.
type openBox struct {
	alive  []int
	lists  [][]int
	hits   [][][]unitMove
	stride []int
	p      []float64
	cell   []int16 // [cell] -> the vehicles left in it, bits over alive; -1 below tiny (split)
	left   []bool  // [bits over alive] -> whether some cell has exactly those left
}

// open lays box b out for salvo s, of at most most impacts, with b's cells
// in place, or returns nil when that and dealing the impacts would go past
// the budget.
func (u *unitChain) open(b *unitBox, s, most int) *openBox {
	a := len(b.alive)
	o := &openBox{alive: b.alive, lists: make([][]int, a), hits: make([][][]unitMove, a), stride: make([]int, a)}
	cells, moves, states := 1.0, 0, 1
	for i := range b.alive {
		o.lists[i], o.hits[i] = u.reach(s, b.states[i], share(most, a, i))
		if u.over() {
			return nil
		}
		cells *= float64(len(o.lists[i]))
		states += len(o.lists[i])
		for _, m := range o.hits[i] {
			moves += len(m)
		}
	}
	// Each impact deals and adds up; split and figures read each cell
	// twice per vehicle, and the figures 3 + weapons times, at about two
	// visits a read; laying a box out and reading it costs about boxWork
	// a vehicle. A box of many vehicles of few states each is slower per
	// cell (short rows, many children): 1 + a/8 times, as measured.
	fa, fm := float64(a), float64(most)
	u.spent += (1 + fa/8) * (cells*fm*3 + fm*float64(moves)*cells/float64(states) +
		2*cells*(fa+1)*float64(7+u.weapons) + boxWork*(fa+1))
	if u.over() {
		return nil
	}
	n := 1
	for i, l := range o.lists {
		o.stride[i] = n
		n *= len(l)
	}
	o.p = make([]float64, n)
	x := make([]int, a)
	for _, q := range b.p {
		if q != 0 {
			c := 0
			for i, xi := range x {
				c += (xi + 1) * o.stride[i]
			}
			o.p[c] = q
		}
		b.next(x)
	}
	return o
}

// over is whether the chain has gone past its budget, or numbered more
// than maxUnitStates states.
func (u *unitChain) over() bool {
	return u.spent+u.st.cost() > u.bound || len(u.loc) > maxUnitStates
}

// reach lists destroyed, then the states start, then every state up to n
// damaging hits of salvo s away from them, and the moves of a hit between
// them by place in the list (none from a state first reached by the n-th
// hit: it takes no more in the salvo).
func (u *unitChain) reach(s int, start []int, n int) ([]int, [][]unitMove) {
	list := append([]int{0}, start...)
	at := map[int]int{} // [x] -> its place in list
	for i, x := range list {
		at[x] = i
	}
	lo, hi := 1, len(list)
	for r := 0; r < n && lo < hi; r++ {
		for _, x := range list[lo:hi] {
			for _, m := range u.movesOf(s, x) {
				if _, ok := at[m.to]; !ok {
					at[m.to], list = len(list), append(list, m.to)
				}
			}
		}
		lo, hi = hi, len(list)
	}
	u.spent += listWork * float64(len(list))
	moves := make([][]unitMove, len(list))
	for i := 1; i < lo; i++ {
		for _, m := range u.movesOf(s, list[i]) {
			moves[i] = append(moves[i], unitMove{at[m.to], m.p})
		}
	}
	return list, moves
}

// deal deals the impacts in turn among the box's vehicles, each damaging
// with chance p, and leaves the mixture over the number of impacts.
func (o *openBox) deal(impacts Dist, p float64) {
	cur := o.p
	spare := make([]float64, len(cur))
	out := make([]float64, len(cur))
	for k, pk := range impacts.P {
		if k > 0 {
			i := (k - 1) % len(o.alive)
			next := deal(cur, spare, o.stride[i], len(o.lists[i]), p, o.hits[i])
			cur, spare = next, cur
		}
		if pk != 0 {
			for c, q := range cur {
				out[c] += pk * q
			}
		}
	}
	o.p = out
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
	if stride == 1 { // rows of one cell: one pass per move, over every block
		for x := 1; x < c; x++ {
			for _, m := range hits[x] {
				for hi := 0; hi < len(cur); hi += c {
					next[hi+m.to] += cur[hi+x] * m.p
				}
			}
		}
		return next
	}
	for hi := 0; hi < len(cur); hi += block {
		for x := 1; x < c; x++ {
			from := hi + x*stride
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

// split sorts the cells of the opened boxes into the boxes of the vehicles
// left on the table (those not in state 0), each over the states its
// vehicles can be in there, from the lists of the boxes they come from;
// chances below tiny are left out.
func (u *unitChain) split(opened []*openBox) []*unitBox {
	states := make([][][]int, 1<<u.v) // [set][r] -> the states of the r-th vehicle of set
	for _, o := range opened {
		o.sets()
		for left, ok := range o.left {
			if !ok {
				continue
			}
			set := o.set(left)
			if states[set] == nil {
				states[set] = make([][]int, bits.OnesCount(uint(set)))
			}
			r := 0
			for i, l := range o.lists {
				if left&(1<<i) != 0 {
					states[set][r] = append(states[set][r], l[1:]...)
					r++
				}
			}
		}
	}
	boxes := make([]*unitBox, 1<<u.v) // [set] -> the box of exactly set left
	var out []*unitBox
	for set, ss := range states {
		if ss == nil {
			continue
		}
		var alive []int
		for j := range u.v {
			if set&(1<<j) != 0 {
				alive = append(alive, j)
			}
		}
		for r := range ss { // each state once
			slices.Sort(ss[r])
			ss[r] = slices.Compact(ss[r])
		}
		boxes[set] = newBox(alive, ss)
		out = append(out, boxes[set])
	}
	for _, o := range opened {
		// to[left][i][x] -> the place in the box of left of o's x-th state
		// of vehicle i, times that box's stride.
		to := make([][][]int, len(o.left))
		into := make([]*unitBox, len(o.left)) // [left] -> the box of left
		x := make([]int, len(o.alive))
		for c, q := range o.p {
			if left := o.cell[c]; left >= 0 {
				b := into[left]
				if b == nil {
					b = boxes[o.set(int(left))]
					into[left] = b
					to[left] = make([][]int, len(o.lists))
					r := 0
					for i, l := range o.lists {
						if left&(1<<i) != 0 {
							to[left][i] = make([]int, len(l))
							for xi, id := range l[1:] {
								pos, _ := slices.BinarySearch(b.states[r], id)
								to[left][i][xi+1] = pos * b.stride[r]
							}
							r++
						}
					}
					u.spent += float64(len(b.p))
				}
				k := 0
				for i, xi := range x {
					if xi > 0 {
						k += to[left][i][xi]
					}
				}
				b.p[k] += q
			}
			o.next(x)
		}
	}
	return out
}

// sets marks in cell which of o's vehicles are left in each cell (bits
// over o.alive; -1 when it holds less than tiny), and in left which sets
// of them are met.
func (o *openBox) sets() {
	o.cell, o.left = make([]int16, len(o.p)), make([]bool, 1<<len(o.alive))
	x := make([]int, len(o.alive))
	for c, q := range o.p {
		left := -1
		if q >= tiny {
			left = 0
			for i, xi := range x {
				if xi > 0 {
					left |= 1 << i
				}
			}
			o.left[left] = true
		}
		o.cell[c] = int16(left)
		o.next(x)
	}
}

// next moves the places x to the next cell of o's grid.
func (o *openBox) next(x []int) {
	for i := range x {
		if x[i]++; x[i] < len(o.lists[i]) {
			return
		}
		x[i] = 0
	}
}

// set is the vehicles of left, bits over o.alive, as bits over the unit.
func (o *openBox) set(left int) int {
	set := 0
	for i, j := range o.alive {
		if left&(1<<i) != 0 {
			set |= 1 << j
		}
	}
	return set
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
			id := u.loc[x]
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
// and frames hold. It sets each box's chance on the way.
func (u *unitChain) marginals() [][]float64 {
	m := make([][]float64, u.v)
	for j := range m {
		m[j] = make([]float64, len(u.loc))
	}
	for _, b := range u.boxes {
		a := len(b.alive)
		x := make([]int, a)
		w := make([][]float64, a) // [i][x] -> the weight of vehicle i's x-th state
		for i, states := range b.states {
			w[i] = make([]float64, len(states))
			for xi, id := range states {
				w[i][xi] = u.tot(id)
			}
		}
		before := make([]float64, a+1)
		on := b.set()
		b.mass = 0
		for _, q := range b.p {
			if q != 0 {
				before[0] = q
				for i, xi := range x {
					before[i+1] = before[i] * w[i][xi]
				}
				after := 1.0
				for i := a - 1; i >= 0; i-- {
					m[b.alive[i]][b.states[i][x[i]]] += before[i] * after
					after *= w[i][x[i]]
				}
				for j := range u.v {
					if on&(1<<j) == 0 {
						m[j][0] += before[a]
					}
				}
				b.mass += before[a]
			}
			b.next(x)
		}
	}
	return m
}

// contract is the mean over the joint distribution of the product over
// the vehicles of f_j (or, with count, of g_j + f_j z), where f_j is the
// chance of figure k (destroyed, or see unitStates.fig) and g_j that of
// the vehicle on the table without it, in vehicle j's state: the chance
// that every vehicle has the figure (or that n of them have it, for each
// n). A vehicle off the table has every figure.
func (u *unitChain) contract(k int, count bool) []float64 {
	out := make([]float64, 1)
	if count {
		out = make([]float64, u.v+1)
	}
	for _, b := range u.boxes {
		f, g := make([][]float64, len(b.alive)), make([][]float64, len(b.alive))
		for i, s := range b.states {
			f[i], g[i] = make([]float64, len(s)), make([]float64, len(s))
			for x, id := range s {
				f[i][x] = u.st.fig(u.loc[id], k)
				g[i][x] = u.st.weight(u.loc[id]) - f[i][x]
			}
		}
		// Sum the grid out one vehicle at a time, the first of stride 1:
		// each cell becomes n coefficients of the polynomial in z.
		q, n := b.p, 1
		for i, fi := range f {
			c, m := len(fi), n
			if count {
				m++
			}
			next := make([]float64, len(q)/n/c*m)
			for r := range len(q) / n / c {
				in, o := q[r*c*n:(r+1)*c*n], next[r*m:r*m+m]
				for x, fx := range fi {
					for e, a := range in[x*n : x*n+n] {
						if count {
							o[e] += a * g[i][x]
							o[e+1] += a * fx
						} else {
							o[e] += a * fx
						}
					}
				}
			}
			q, n = next, m
		}
		off := 0 // the vehicles off the table, each with the figure
		if count {
			off = u.v - len(b.alive)
		}
		for e, c := range q {
			out[e+off] += c
		}
	}
	return out
}
