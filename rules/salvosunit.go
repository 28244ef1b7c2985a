package rules

import "slices"

// Salvos at a unit of several vehicles. Each salvo's impacts are dealt in
// turn, closest first, among the vehicles still on the table when it is
// fired (impact i to the i mod a-th of the a left, see share): losses are
// removed at once, so a vehicle an earlier salvo destroyed takes no more,
// while one this salvo destroys keeps its share, which is lost. A vehicle
// an AT-44 Jammer salvo destroys stays on the table, a wreck that takes
// its share of every later salvo (wreckID, noteJammerWreck). Each
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
// A vehicle's "state" in that chain can be either of two things (both are
// exact); runUnitChain tries first the one that keeps fewer:
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
// The cells are kept in boxes, one per set of vehicles on the table, each
// over the states its vehicles reach there (see unitchain.go): the cost is
// the cells of the boxes times the impacts dealt. The chain counts it as
// it goes and gives up past its budget (maxUnitNanos); salvosAtVehicles
// then simulates the unit (SalvosSimulation).

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
	// cost is the work of numbering the states so far, in nanoseconds.
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
	// checked is what commute cost, in nanoseconds (see commuteNanos).
	checked float64
}

// What commute's steps cost natively, in nanoseconds: working out where a
// hit takes a state, and a chance apply moves. The joint chain's budget
// pays for them (runUnitChain).
const (
	commuteMoveNanos  = 250
	commuteApplyNanos = 15
)

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
		states := len(sp.keys)
		for i, a := range ds {
			for _, b := range ds[i+1:] {
				ab, ba := sp.apply(sp.apply(one, a), b), sp.apply(sp.apply(one, b), a)
				sp.checked += commuteApplyNanos * float64(3*(2+len(ab)+len(ba)))
				if !sameChances(ab, ba) {
					sp.checked += commuteMoveNanos * float64(len(sp.keys)-states)
					return false
				}
			}
		}
		sp.checked += commuteMoveNanos * float64(len(sp.keys)-states)
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

// dims is the counts kept.
func (ts *tupleSpace) dims() int { return slices.Max(ts.dim) + 1 }

func (ts *tupleSpace) cost() float64 { return entryNanos * float64(ts.entries) }

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
