package rules

import "slices"

// The whole unit's figures. Each salvo's impacts are dealt to the vehicles
// in turn, closest first (impact i goes to vehicle i mod v, see share), and
// each impact damages with the same chance p; given the impacts of every
// salvo the vehicles then evolve independently, but the impacts are
// common, so the vehicles are correlated. unitChain carries the joint
// distribution over the vehicles' states from salvo to salvo: for a salvo,
// the mixture over k impacts of the states after dealing k impacts in turn,
// one impact on one vehicle at a time (a k+1-th impact is the k-th's
// outcome with one more impact on vehicle k mod v), which is the sum over k
// of P(k) times the product of the vehicles' own transitions for their
// shares of k.
//
// The joint state is kept ordered (vehicle by vehicle), not as a multiset:
// the vehicles start alike, but the closest always takes the first impact,
// so vehicle 0 takes at least as many impacts as vehicle 1 in every salvo,
// and two vehicles whose states are swapped do not face the same future
// (the one nearer the front of the order takes the extra impacts of the
// next salvos). Folding swapped states together would therefore mix
// vehicles whose futures differ, and the chain would no longer be exact.
// The figures asked for (all destroyed, the number of wrecks...) are
// symmetric in the vehicles, but they are only read off the ordered
// distribution after each salvo, never fed back into it.
//
// The cost is a power of the number of vehicles: the joint state has C^v
// cells for C states per vehicle, and each impact visits them all. The
// states are numbered breadth first from the start (by the fewest hits
// that reach them), so a vehicle that has taken at most h impacts is in
// one of the first n_h states (destroyed included). Through salvo s,
// vehicle j has taken at most H_j(s), the sum of its shares of each
// salvo's most impacts, so the chain of salvo s runs over the product of
// n_H_j(s) cells (laid out again at each salvo); a vehicle far back in the
// order that few impacts reach stays small. Validate counts these cells
// (unitWork) and refuses the inputs whose joint chain would take more than
// maxUnitWork cell visits, naming vehicles; the per-vehicle figures keep
// their own, larger bound (maxVehicleSalvosWork).

// unitSpace numbers the states one vehicle can reach under the salvos'
// Damage values: id 0 is destroyed, the others index (vector, cell) of a
// vehicleSalvoChain plane.
type unitSpace struct {
	ch    *vehicleSalvoChain
	ids   map[[2]int]int
	keys  [][2]int // [id] -> (vector, cell); keys[0] unused
	depth []int    // [id] -> the fewest hits that reach it
	limit int      // stop numbering past this many states
	done  int      // every state of depth <= done is numbered
	dmgs  []int    // the Damage values of the hits
	next  int      // the first state not expanded yet
}

// unitMove is one outcome of an impact: the state it leads to and its
// chance.
type unitMove struct {
	to int
	p  float64
}

func newUnitSpace(t VehicleTarget, dmgs []int, limit int) *unitSpace {
	ch := newVehicleSalvoChain(t, newLocationOdds(1, t.Pick))
	sp := &unitSpace{ch: ch, ids: map[[2]int]int{}, keys: [][2]int{{-1, -1}}, depth: []int{0}, limit: limit,
		dmgs: dmgs, next: 1}
	sp.id(0, ch.cell(t.Propulsion, t.Frame, false), 0)
	return sp
}

// id numbers state (w, c), met at depth d if new.
func (sp *unitSpace) id(w, c, d int) int {
	k := [2]int{w, c}
	if i, ok := sp.ids[k]; ok {
		return i
	}
	sp.ids[k] = len(sp.keys)
	sp.keys = append(sp.keys, k)
	sp.depth = append(sp.depth, d)
	return len(sp.keys) - 1
}

// hit lists where a damaging hit of dmg takes state x (not destroyed), with
// the chance of each location, as vehicleSalvoChain.step does.
func (sp *unitSpace) hit(x, dmg int) []unitMove {
	ch := sp.ch
	w, c := sp.keys[x][0], sp.keys[x][1]
	f1 := ch.frame + 1
	frame, prop := (c/2)%f1, c/2/f1
	d, nc := dmg, c // nc: the cell with the repair flag set
	if ch.t.SelfRepair && c%2 == 0 {
		d, nc = dmg-1, c+1
	}
	var out []unitMove
	taken := min(prop, d)
	if fr := frame - (d - taken); fr > 0 {
		out = append(out, unitMove{sp.id(w, nc-2*(taken*f1+d-taken), sp.depth[x]+1), ch.odds.prop})
	} else {
		out = append(out, unitMove{0, ch.odds.prop})
	}
	if frame > d {
		out = append(out, unitMove{sp.id(w, nc-2*d, sp.depth[x]+1), ch.odds.frame})
	} else {
		out = append(out, unitMove{0, ch.odds.frame})
	}
	to, over := ch.wt.hit(w, d)
	if frame > over {
		out = append(out, unitMove{sp.id(to, nc-2*over, sp.depth[x]+1), ch.odds.weapon})
	} else {
		out = append(out, unitMove{0, ch.odds.weapon})
	}
	return out
}

// count numbers, breadth first, every state at most maxDepth hits away
// under hits of the salvos' Damage values, or stops once there are more
// than limit; it sets done, and takes up where it stopped when called
// again.
func (sp *unitSpace) count(maxDepth int) {
	x := sp.next
	for ; x < len(sp.keys) && sp.depth[x] < maxDepth && len(sp.keys) <= sp.limit; x++ {
		for _, d := range sp.dmgs {
			sp.hit(x, d)
		}
	}
	sp.next = x
	switch {
	case x == len(sp.keys):
		sp.done = 1 << 30
	case sp.depth[x] >= maxDepth:
		sp.done = max(sp.done, maxDepth)
	default:
		sp.done = max(sp.done, sp.depth[x]) // every state up to x's depth is numbered
	}
}

// within is n_h, the number of states (destroyed included) at most h hits
// away from the start, or -1 when they are not all numbered.
func (sp *unitSpace) within(h int) int {
	if h > sp.done {
		return -1
	}
	n, _ := slices.BinarySearchFunc(sp.depth[1:], h+1, func(d, t int) int { return d - t })
	return n + 1
}

// impact lists, for every state but destroyed less than h hits away,
// where an impact that damages with chance p takes it when it damages (the
// chance of each move includes p); a miss leaves the state. A state h hits
// away holds nothing when a vehicle that can take at most h impacts takes
// one more, so it needs no moves, and its children (which count has not
// numbered) are never met.
func (sp *unitSpace) impact(dmg int, p float64, h int) [][]unitMove {
	n := sp.within(h - 1)
	moves := make([][]unitMove, len(sp.keys))
	for x := 1; x < n; x++ {
		for _, m := range sp.hit(x, dmg) {
			if m.p > 0 && p > 0 {
				moves[x] = append(moves[x], unitMove{m.to, p * m.p})
			}
		}
	}
	return moves
}

// maxUnitWork bounds unitWork so that the worst unit allowed takes under
// 10 ms natively (BenchmarkSalvosUnitLargest).
const maxUnitWork = 8e5

// maxUnitStates bounds the states Validate numbers for one vehicle, so
// that Validate stays quick: a unit whose closest vehicle alone needs more
// is refused, which only refuses early inputs where the other vehicles
// take almost no impacts.
const maxUnitStates = 4096

// unitDamages is the distinct Damage values of the salvos.
func (in SalvosInput) unitDamages() []int {
	var ds []int
	for _, s := range in.Salvos {
		if !slices.Contains(ds, s.Damage) {
			ds = append(ds, s.Damage)
		}
	}
	return ds
}

// unitTarget is the vehicle as the salvos see it.
func (in SalvosInput) unitTarget() VehicleTarget {
	t := in.Vehicle
	t.SelfRepair = t.SelfRepair || in.Medic
	return t
}

// unitWork is the cell visits of the joint chain of in's unit (0 for one
// vehicle): for each salvo, one pass over its cells per impact it can
// make, plus one to gather them and v to lay them out and read the
// figures. It gives up (returning more than maxUnitWork) when one vehicle
// alone needs more than maxUnitStates states.
func (in SalvosInput) unitWork() float64 {
	v := in.Vehicle.Vehicles
	if v < 2 {
		return 0
	}
	h := make([]int, v) // the most impacts each vehicle can have taken
	most := 0
	for _, s := range in.Salvos {
		most += share(max(s.Weapons*s.Rate, 0), v, 0)
	}
	sp := newUnitSpace(in.unitTarget(), in.unitDamages(), maxUnitStates)
	sp.count(most)
	work := 0.0
	for _, s := range in.Salvos {
		dice := max(s.Weapons*s.Rate, 0)
		cells := 1.0
		for j := range h {
			h[j] += share(dice, v, j)
			r := sp.within(h[j])
			if r < 0 {
				return 2 * maxUnitWork
			}
			cells *= float64(r)
		}
		work += float64(dice+1+v) * cells
		if work > maxUnitWork {
			return work
		}
	}
	return work
}

// unitChain is the joint distribution over the ordered states of the
// unit's vehicles: vehicle j is in one of its first c[j] states (those at
// most h[j] hits away, the most impacts it can have taken so far), and the
// cell of states x_j is sum_j x_j * stride[j], stride[j] the product of
// c[i] for i < j.
type unitChain struct {
	sp      *unitSpace
	v       int
	c, h    []int
	p, next []float64
	stride  []int
}

// newUnitChain starts the chain of t's unit under salvos of the given
// Damage values.
func newUnitChain(t VehicleTarget, dmgs []int) *unitChain {
	sp := newUnitSpace(t, dmgs, 1<<30)
	v := t.Vehicles
	u := &unitChain{sp: sp, v: v, c: make([]int, v), h: make([]int, v), stride: make([]int, v)}
	start := 0
	for j := range v {
		u.c[j], u.stride[j] = 2, 1<<j
		start += u.stride[j] // every vehicle in state 1
	}
	u.p, u.next = make([]float64, 1<<v), make([]float64, 1<<v)
	u.p[start] = 1
	return u
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
	u.p, u.next, u.c, u.stride = p, make([]float64, n), slices.Clone(c), stride
}

// salvo deals impacts to the vehicles in turn, closest first, each
// damaging with chance p.
func (u *unitChain) salvo(impacts Dist, dmg int, p float64) {
	c := make([]int, u.v)
	for j := range c {
		u.h[j] += share(impacts.Max(), u.v, j)
		u.sp.count(u.h[j])
		c[j] = u.sp.within(u.h[j])
	}
	u.grow(c)
	hits := u.sp.impact(dmg, p, slices.Max(u.h))
	out := make([]float64, len(u.p))
	cur := u.p
	for k, pk := range impacts.P {
		if k > 0 {
			cur = u.deal(cur, (k-1)%u.v, p, hits)
		}
		if pk == 0 {
			continue
		}
		for i, q := range cur {
			out[i] += pk * q
		}
	}
	u.next = cur
	u.p = out
}

// deal gives one impact to vehicle j: cell (hi*C + x)*stride + lo moves
// with vehicle j's state x. It returns the new distribution and keeps cur
// as the spare buffer.
func (u *unitChain) deal(cur []float64, j int, p float64, hits [][]unitMove) []float64 {
	stride, c := u.stride[j], u.c[j]
	block := stride * c
	next := u.next
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
					if m.to < c {
						next[hi+m.to] += q * m.p
					}
				}
				continue
			}
			row := cur[from : from+stride]
			for _, m := range hits[x] {
				if m.to >= c {
					continue // from a state H(s) hits away: it holds nothing here
				}
				to := next[hi+m.to*stride : hi+(m.to+1)*stride]
				for lo, q := range row {
					to[lo] += q * m.p
				}
			}
		}
	}
	u.next = cur
	return next
}

// figures reads the unit's figures off the joint distribution: each
// vehicle state is a mask (bit 0 destroyed, bit 1 destroyed or immobilized,
// bit 2+w weapon w lost or destroyed), and a cell is in "all" of a figure
// when every vehicle's mask has its bit.
func (u *unitChain) figures(res *VehicleResult, weapons int) {
	f1 := u.sp.ch.frame + 1
	n := len(u.sp.keys)
	masks := make([]uint, n)
	all := uint(1)<<(weapons+2) - 1
	masks[0] = all
	for x := 1; x < n; x++ {
		k := u.sp.keys[x]
		if k[1]/2/f1 == 0 {
			masks[x] |= 2
		}
		for w, sp := range u.sp.ch.wt.vecs[k[0]][:weapons] {
			if sp == 0 {
				masks[x] |= 1 << (w + 2)
			}
		}
	}
	res.Lost = make([]float64, weapons)
	wrecks := make([]float64, u.v+1)
	stuck := 0.0
	for i, q := range u.p {
		if q == 0 {
			continue
		}
		dead, m := 0, all
		for rest, j := i, 0; j < u.v; j++ {
			x := rest % u.c[j]
			rest /= u.c[j]
			m &= masks[x]
			if x == 0 {
				dead++
			}
		}
		wrecks[dead] += q
		if m&2 != 0 {
			stuck += q
		}
		for w := range res.Lost {
			if m&(1<<(w+2)) != 0 {
				res.Lost[w] += q
			}
		}
	}
	res.Destroyed = wrecks[u.v]
	res.Immobilized = max(stuck-res.Destroyed, 0)
	res.Wrecks = Dist{P: wrecks}
}
