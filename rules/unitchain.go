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
// The work is counted as it goes, in nanoseconds as it costs natively;
// past the budget the chain gives up and salvosAtVehicles simulates the
// unit instead (SalvosSimulation).

// maxUnitNanos is the chain's budget. The costs below miss by up to half
// (the units that give up take 1.5 to 1.7 times their count), so with the
// simulation's first slice (firstSliceNanos) the answer stays under the
// 10 ms a unit may take: about 6 ms for the slowest of 1,000 random large
// units (BenchmarkSalvosUnitGiveUp, BenchmarkSalvosUnitLargeVehicles).
const maxUnitNanos = 3.5e6

// What the joint chain's steps cost natively, in nanoseconds: fitted by
// least squares on the relative error to the times of about 1,000 random
// units of 2 to 10 vehicles (the best of three runs each), which they give
// within 0.8 to 1.5 times for nine in ten.
const (
	dealNanos      = 1.5  // a cell of an opened box, an impact dealt
	hitNanos       = 0.7  // a hit's move from a cell, an impact dealt
	cellNanos      = 11   // a cell of a box opened for a salvo, then split
	boxNanos       = 1000 // a vehicle of a box opened
	rowNanos       = 3    // a vehicle of a row of a box opened, split
	pairNanos      = 40   // a state of a vehicle left, for each set left of a box opened
	figureNanos    = 3.2  // a cell of a box, read for one figure
	figureBoxNanos = 300  // a vehicle of a box, read for the figures
	moveNanos      = 1200 // working out where a hit takes a state
	listNanos      = 10   // putting a state in a box's list for a salvo
	entryNanos     = 50   // a chance tupleSpace works out for a count
)

// maxUnitStates bounds the states the joint chain numbers, and those
// commute does, so that numbering them stays quick.
const maxUnitStates = 4096

// wreckID is the id, in loc, of a vehicle destroyed by a Jammer salvo and
// left on the table until upkeep (noteJammerWreck): no state of the
// vehicle's own (unitStates numbers those from 0), it takes its share of
// every later salvo and nothing changes it. It counts as destroyed, with
// every figure.
const wreckID = -1

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
	stay    []bool         // [salvo] -> whether the vehicles it destroys stay on the table (Jammer)
	loc     []int          // [x] -> the id of a state met; loc[0] = 0, destroyed
	wreck   int            // the place in loc of a wreck left on the table (wreckID), 0 until met
	at      map[int]int    // [id] -> its place in loc
	moves   [][][]unitMove // [salvo][x] -> a damaging hit's moves, by place in loc, once worked out (nil: not yet)
	spent   float64        // nanoseconds so far, numbering the states included
	bound   float64        // the most nanoseconds the chain spends
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
	stride, n := strides(states)
	return &unitBox{alive: alive, states: states, stride: stride, p: make([]float64, n)}
}

// strides is the stride of each place of a grid over lists, the first of
// stride 1, and the grid's cells.
func strides(lists [][]int) (stride []int, cells int) {
	stride, cells = make([]int, len(lists)), 1
	for i, l := range lists {
		stride[i] = cells
		cells *= len(l)
	}
	return stride, cells
}

// eachRow calls f for each row of a grid whose i-th place runs over
// lens[i] places, the first of stride 1: with the row's first cell, and
// the places x of the row's cells past the first (x[0] is 0).
func eachRow(lens []int, f func(c int, x []int)) {
	x := make([]int, len(lens))
	n := 1
	for _, l := range lens {
		n *= l
	}
	for c := 0; c < n; c += lens[0] {
		f(c, x)
		for i := 1; i < len(x); i++ {
			if x[i]++; x[i] < lens[i] {
				break
			}
			x[i] = 0
		}
	}
}

// lengths is the length of each list.
func lengths(lists [][]int) []int {
	n := make([]int, len(lists))
	for i, l := range lists {
		n[i] = len(l)
	}
	return n
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
// t's unit on the table, to spend at most bound nanoseconds; stay says of
// each salvo whether the vehicles it destroys stay on the table (see
// wrecksStay).
func newUnitChain(st unitStates, t VehicleTarget, ps []float64, stay []bool, bound float64) *unitChain {
	v := t.Vehicles
	u := &unitChain{st: st, v: v, weapons: len(t.Weapons), ps: ps, stay: stay, loc: []int{0, 1}, at: map[int]int{0: 0, 1: 1},
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
// next. Under a salvo whose wrecks stay, that weight goes to the wreck
// instead, which a hit leaves as it is.
func (u *unitChain) movesOf(s, x int) []unitMove {
	if x >= len(u.moves[s]) {
		u.moves[s] = append(u.moves[s], make([][]unitMove, len(u.loc)-len(u.moves[s]))...)
	}
	if out := u.moves[s][x]; out != nil {
		return out
	}
	p := u.ps[s]
	if u.loc[x] == wreckID {
		u.moves[s][x] = []unitMove{{x, p}}
		return u.moves[s][x]
	}
	out := []unitMove{}
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
		to := 0
		if u.stay[s] {
			to = u.wreckPlace()
		}
		out = append(out, unitMove{to, p * dead})
	}
	u.moves[s][x] = out
	u.spent += moveNanos
	return out
}

// wreckPlace is the place in loc of the wreck left on the table,
// numbered when first met.
func (u *unitChain) wreckPlace() int {
	if u.wreck == 0 {
		u.wreck = len(u.loc)
		u.loc, u.at[wreckID] = append(u.loc, wreckID), u.wreck
	}
	return u.wreck
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
				// Working out moves is most of the work: look at the
				// budget after each state, not once a salvo.
				if len(states) > limit || u.over() {
					return limit + 1
				}
			}
			lo = hi
		}
	}
	return len(states)
}

// tot is the weight a vehicle carries in state x: 1 when destroyed
// (a wreck is certain, on the table or off it), else the chance it is
// still on the table.
func (u *unitChain) tot(x int) float64 {
	if x == 0 || u.loc[x] == wreckID {
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
	if u.boxes = u.split(opened); u.boxes == nil {
		return false
	}
	// The figures read each cell once a figure (and the vehicles' own
	// once more), with some work a vehicle.
	reads := float64(3 + u.weapons)
	for _, b := range u.boxes {
		u.spent += float64(len(b.p))*reads*figureNanos + float64(len(b.alive)+1)*figureBoxNanos
	}
	return !u.over()
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
	left   []bool // [bits over alive] -> whether some cell of at least tiny has exactly those left (sets)
}

// open lays box b out for salvo s, of at most most impacts, with b's cells
// in place, or returns nil when that and dealing the impacts would go past
// the budget.
func (u *unitChain) open(b *unitBox, s, most int) *openBox {
	a := len(b.alive)
	o := &openBox{alive: b.alive, lists: make([][]int, a), hits: make([][][]unitMove, a)}
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
	// Dealing the impacts takes a pass a cell and the hits' moves each
	// impact; laying the box out and splitting it, a few visits a cell
	// and some work a vehicle. The figures of the boxes it splits into are
	// counted once they are known (salvo).
	fa, fm := float64(a), float64(most)
	u.spent += fm*cells*dealNanos + fm*float64(moves)*cells/float64(states)*hitNanos +
		cells*cellNanos + (fa+1)*boxNanos
	if a > 0 { // splitting works a row at a time, a vehicle at a time
		u.spent += cells / float64(len(o.lists[0])) * fa * rowNanos
	}
	if u.over() {
		return nil
	}
	var n int
	o.stride, n = strides(o.lists)
	o.p = make([]float64, n)
	if a == 0 {
		o.p[0] = b.p[0]
		return o
	}
	// A state keeps its order, one place on (past destroyed).
	n0 := len(b.states[0])
	eachRow(lengths(b.states), func(c int, x []int) {
		to := 1
		for i := 1; i < a; i++ {
			to += (x[i] + 1) * o.stride[i]
		}
		copy(o.p[to:to+n0], b.p[c:c+n0])
	})
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
	for r := 0; r < n && lo < hi && !u.over(); r++ {
		for _, x := range list[lo:hi] {
			for _, m := range u.movesOf(s, x) {
				if _, ok := at[m.to]; !ok {
					at[m.to], list = len(list), append(list, m.to)
				}
			}
			if u.over() { // the caller gives up
				return list, nil
			}
		}
		lo, hi = hi, len(list)
	}
	u.spent += listNanos * float64(len(list))
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
					// Once more to place them (splitInto).
					u.spent += float64(len(l)) * pairNanos
				}
			}
		}
	}
	if u.over() {
		return nil
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
		o.splitInto(boxes)
	}
	return out
}

// splitInto adds the cells of o of at least tiny into the boxes of the
// vehicles left in them ([set] -> its box), row by row: in a row, only
// whether the first vehicle is left changes.
func (o *openBox) splitInto(boxes []*unitBox) {
	a := len(o.alive)
	if a == 0 {
		if q := o.p[0]; q >= tiny {
			boxes[0].p[0] += q
		}
		return
	}
	// to[left][off[i]+x] -> the place in the box of left of o's x-th state
	// of vehicle i, times that box's stride; into[left] -> that box. One
	// block for every set left met, as splitting is most of the work when
	// a box of many vehicles falls apart into many.
	off, total := make([]int, a), 0
	for i, l := range o.lists {
		off[i], total = total, total+len(l)
	}
	met := 0
	for _, ok := range o.left {
		if ok {
			met++
		}
	}
	block := make([]int, met*total)
	to := make([][]int, len(o.left))
	into := make([]*unitBox, len(o.left))
	for left, ok := range o.left {
		if !ok {
			continue
		}
		b := boxes[o.set(left)]
		into[left], to[left], block = b, block[:total], block[total:]
		r := 0
		for i, l := range o.lists {
			if left&(1<<i) != 0 {
				for xi, id := range l[1:] {
					pos, _ := slices.BinarySearch(b.states[r], id)
					to[left][off[i]+xi+1] = pos * b.stride[r]
				}
				r++
			}
		}
	}
	box := func(left int, x []int) (b *unitBox, k int) {
		t := to[left]
		for i := 1; i < a; i++ {
			if x[i] > 0 {
				k += t[off[i]+x[i]]
			}
		}
		return into[left], k
	}
	n0 := len(o.lists[0])
	eachRow(lengths(o.lists), func(c int, x []int) {
		row, hi := o.p[c:c+n0], o.leftOf(x)
		if q := row[0]; q >= tiny {
			b, k := box(hi, x)
			b.p[k] += q
		}
		var b *unitBox
		var k int
		for x0, q := range row[1:] {
			if q >= tiny {
				if b == nil {
					b, k = box(hi|1, x)
				}
				b.p[k+to[hi|1][x0+1]] += q
			}
		}
	})
}

// sets marks in left which sets of o's vehicles (bits over o.alive) are
// left in some cell of at least tiny.
func (o *openBox) sets() {
	o.left = make([]bool, 1<<len(o.alive))
	if len(o.alive) == 0 {
		o.left[0] = o.p[0] >= tiny
		return
	}
	n0 := len(o.lists[0])
	eachRow(lengths(o.lists), func(c int, x []int) {
		row, hi := o.p[c:c+n0], o.leftOf(x)
		if row[0] >= tiny {
			o.left[hi] = true
		}
		for _, q := range row[1:] {
			if q >= tiny {
				o.left[hi|1] = true
				return
			}
		}
	})
}

// leftOf is which of o's vehicles past the first are left in the cells
// at places x, bits over o.alive.
func (o *openBox) leftOf(x []int) int {
	left := 0
	for i := 1; i < len(x); i++ {
		if x[i] > 0 {
			left |= 1 << i
		}
	}
	return left
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
		if u.wreck > 0 {
			f.Destroyed += m[u.wreck]
		}
		left := make([]float64, frame+1)
		left[0] = f.Destroyed
		for x := 1; x < len(m); x++ {
			id := u.loc[x]
			if id == wreckID {
				continue
			}
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
		b.marginals(m, u.tot)
		on := b.set()
		for j := range u.v {
			if on&(1<<j) == 0 {
				m[j][0] += b.mass
			}
		}
	}
	return m
}

// marginals adds to m what b's cells give the marginals of the vehicles on
// the table in it, and sets b's chance, row by row: a row's cells differ
// only in the first vehicle's state, so the others' weights are taken once
// a row.
func (b *unitBox) marginals(m [][]float64, tot func(x int) float64) {
	a := len(b.alive)
	b.mass = 0
	if a == 0 {
		b.mass = b.p[0]
		return
	}
	w := make([][]float64, a) // [i][x] -> the weight of vehicle i's x-th state
	for i, states := range b.states {
		w[i] = make([]float64, len(states))
		for xi, id := range states {
			w[i][xi] = tot(id)
		}
	}
	// but[i] is the product of the weights of the vehicles past the first
	// but i; before the product of those before i.
	but, before := make([]float64, a), make([]float64, a+1)
	n0, first := len(b.states[0]), m[b.alive[0]]
	eachRow(lengths(b.states), func(c int, x []int) {
		before[1] = 1
		for i := 1; i < a; i++ {
			before[i+1] = before[i] * w[i][x[i]]
		}
		others := before[a]
		after := 1.0
		for i := a - 1; i >= 1; i-- {
			but[i] = before[i] * after
			after *= w[i][x[i]]
		}
		row, onRow := b.p[c:c+n0], 0.0
		for x0, q := range row {
			if q != 0 {
				first[b.states[0][x0]] += q * others
				onRow += q * w[0][x0]
			}
		}
		if onRow != 0 {
			for i := 1; i < a; i++ {
				m[b.alive[i]][b.states[i][x[i]]] += onRow * but[i]
			}
			b.mass += onRow * others
		}
	})
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
	f, g := make([]float64, len(u.loc)), make([]float64, len(u.loc)) // [x] -> by place in loc
	for x := 1; x < len(u.loc); x++ {
		if u.loc[x] == wreckID { // a wreck on the table has every figure
			f[x] = 1
			continue
		}
		f[x] = u.st.fig(u.loc[x], k)
		g[x] = u.st.weight(u.loc[x]) - f[x]
	}
	var buf [2][]float64 // the levels' sums, in turn
	for _, b := range u.boxes {
		// Sum the grid out one vehicle at a time, the first of stride 1:
		// each cell becomes n coefficients of the polynomial in z.
		q, n := b.p, 1
		for i, states := range b.states {
			c, m := len(states), n
			if count {
				m++
			}
			rows := len(q) / n / c
			next := cleared(&buf[i%2], rows*m)
			if n == 1 { // one coefficient a cell (every level without count)
				for r := range rows {
					var on, with float64
					for x, a := range q[r*c : r*c+c] {
						on += a * g[states[x]]
						with += a * f[states[x]]
					}
					if count {
						next[2*r], next[2*r+1] = on, with
					} else {
						next[r] = with
					}
				}
				q, n = next, m
				continue
			}
			for r := range rows {
				in, o := q[r*c*n:(r+1)*c*n], next[r*m:r*m+m]
				for x, id := range states {
					fx, gx := f[id], g[id]
					for e, a := range in[x*n : x*n+n] {
						if count {
							o[e] += a * gx
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

// cleared is buf's first n values, zeroed, buf grown to hold them.
func cleared(buf *[]float64, n int) []float64 {
	if cap(*buf) < n {
		*buf = make([]float64, n)
	}
	*buf = (*buf)[:n]
	clear(*buf)
	return *buf
}
