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
// vehicles whose futures differ; only a symmetric figure of the final
// states (all destroyed, the number of wrecks) could be, and those are
// read off the ordered distribution at the end of each salvo.
//
// The cost is a power of the number of vehicles: the joint state has C^v
// cells for C states per vehicle, and each impact visits them all. The
// states are numbered breadth first from the start (by the fewest hits
// that reach them), so after h hits at most a vehicle is in one of the
// first n_h; through salvo s no vehicle has taken more than H(s), the sum
// of the first s salvos' dice shared by v and rounded up, so the chain of
// salvo s runs over the R(s)^v cells R(s) = n_H(s) (re-laid at each salvo).
// Validate counts these states (unitWork) and refuses the inputs whose
// joint chain would take more than maxUnitWork cell visits.

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
}

// unitMove is one outcome of an impact: the state it leads to and its
// chance.
type unitMove struct {
	to int
	p  float64
}

func newUnitSpace(t VehicleTarget, limit int) *unitSpace {
	ch := newVehicleSalvoChain(t, newLocationOdds(1, t.Pick))
	sp := &unitSpace{ch: ch, ids: map[[2]int]int{}, keys: [][2]int{{-1, -1}}, depth: []int{0}, limit: limit}
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

// count numbers every state reachable under hits of the given Damage
// values, breadth first, or stops once there are more than limit; it
// returns how many, and sets done.
func (sp *unitSpace) count(dmgs []int) int {
	x := 1
	for ; x < len(sp.keys) && len(sp.keys) <= sp.limit; x++ {
		for _, d := range dmgs {
			sp.hit(x, d)
		}
	}
	sp.done = 1 << 30
	if x < len(sp.keys) {
		sp.done = sp.depth[x] - 1 // x's children may be missing
	}
	return len(sp.keys)
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

// impact lists, for every state but destroyed, where an impact that
// damages with chance p takes it when it damages (the chance of each
// move includes p); a miss leaves the state.
func (sp *unitSpace) impact(dmg int, p float64) [][]unitMove {
	n := len(sp.keys)
	moves := make([][]unitMove, n)
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
// 10 ms natively.
const maxUnitWork = 8e5

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
// vehicle): for each salvo s, one pass over its R(s)^v cells per impact it
// can make, plus one to gather them and v to read the figures. It gives up (returning more than
// maxUnitWork) as soon as the states of one vehicle alone make that
// certain.
func (in SalvosInput) unitWork() float64 {
	v := in.Vehicle.Vehicles
	if v < 2 {
		return 0
	}
	limit := 1 // the most states C with C^v <= maxUnitWork
	for pow(limit+1, v) <= maxUnitWork {
		limit++
	}
	sp := newUnitSpace(in.unitTarget(), limit)
	sp.count(in.unitDamages())
	work, h := 0.0, 0
	for _, s := range in.Salvos {
		dice := max(s.Weapons*s.Rate, 0)
		h += (dice + v - 1) / v
		r := sp.within(h)
		if r < 0 {
			return 2 * maxUnitWork
		}
		work += float64(dice+1+v) * pow(r, v)
	}
	return work
}

func pow(c, v int) float64 {
	r := 1.0
	for range v {
		r *= float64(c)
	}
	return r
}

// unitChain is the joint distribution over the ordered states of the
// unit's vehicles: cell sum_j id_j * c^j, for the c states any vehicle can
// be in so far.
type unitChain struct {
	sp      *unitSpace
	v, c, h int // vehicles, states per vehicle so far, most hits so far
	p, next []float64
}

func newUnitChain(t VehicleTarget, dmgs []int) *unitChain {
	sp := newUnitSpace(t, 1<<30)
	sp.count(dmgs)
	u := &unitChain{sp: sp, v: t.Vehicles, c: 2}
	start := 0
	for j := range u.v {
		start += int(pow(u.c, j)) // every vehicle in state 1
	}
	u.p, u.next = make([]float64, int(pow(u.c, u.v))), make([]float64, int(pow(u.c, u.v)))
	u.p[start] = 1
	return u
}

// grow lays the chain out again for c states per vehicle.
func (u *unitChain) grow(c int) {
	if c == u.c {
		return
	}
	p := make([]float64, int(pow(c, u.v)))
	for i, q := range u.p {
		if q == 0 {
			continue
		}
		to, scale := 0, 1
		for rest, j := i, 0; j < u.v; j++ {
			to += rest % u.c * scale
			rest /= u.c
			scale *= c
		}
		p[to] = q
	}
	u.p, u.next, u.c = p, make([]float64, len(p)), c
}

// salvo deals impacts to the vehicles in turn, closest first, each
// damaging with chance p.
func (u *unitChain) salvo(impacts Dist, dmg int, p float64) {
	u.h += (impacts.Max() + u.v - 1) / u.v
	u.grow(u.sp.within(u.h))
	hits := u.sp.impact(dmg, p)
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
	stride := int(pow(u.c, j))
	block := stride * u.c
	next := u.next
	// A miss leaves the state; a destroyed vehicle keeps its cells.
	for hi := 0; hi < len(cur); hi += block {
		copy(next[hi:hi+stride], cur[hi:hi+stride])
		for i := hi + stride; i < hi+block; i++ {
			next[i] = (1 - p) * cur[i]
		}
	}
	for hi := 0; hi < len(cur); hi += block {
		for x := 1; x < u.c; x++ {
			from := hi + x*stride
			if stride == 1 { // one cell: skip it when it holds nothing
				q := cur[from]
				if q == 0 {
					continue
				}
				for _, m := range hits[x] {
					if m.to < u.c {
						next[hi+m.to] += q * m.p
					}
				}
				continue
			}
			row := cur[from : from+stride]
			for _, m := range hits[x] {
				if m.to >= u.c {
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
	masks := make([]uint, u.c)
	all := uint(1)<<(weapons+2) - 1
	masks[0] = all
	for x := 1; x < u.c; x++ {
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
			x := rest % u.c
			rest /= u.c
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
