package rules

// Close combat against vehicles in AT-44: each damaging hit rolls two
// location dice and the attacker keeps one (seed 001 l.514). The damage
// tests come first, so when he keeps a die he knows how many damaging hits
// are still to come, and he keeps the one that gives the best chance of
// his aim by the end of the attack: the vehicle destroyed (out to wreck)
// or every weapon out of action (out to disarm). That choice depends on
// the vehicle's state and on the hits left, and is worked out exactly by
// backward induction: aim[r][x], the chance of the aim from state x with r
// hits left, is the chance of the kept die's outcomes times aim[r-1]. The
// chain is then run once for each number of damaging hits, each hit kept
// as the choice for the hits then left says.
//
// Where dice give the same chance of the aim (the last hit that cannot
// destroy, a vehicle certain to fall), he keeps the die the pick prefers
// at once: out to wreck, the one that leaves the frame lowest, then frame,
// propulsion, weapon; out to disarm, weapon, then frame, then propulsion.

// What working out the choice and the chain costs natively, in
// nanoseconds, from the times of 40 random vehicles (the slowest of them
// per step), and the most it may cost: past that close combat keeps the
// fixed order of newLocationOdds. The cost is counted, not timed, so a
// link gets the same answer on every device.
const (
	meleeStateNanos = 250 // numbering a state and the moves from it
	meleeCellNanos  = 1   // a cell of the states' index, one plane per weapon vector (unitSpace.id)
	meleePlanNanos  = 12  // the choice in a state for a number of hits left
	meleeStepNanos  = 12  // a state's chance moved on by a hit, or read for the figures
	maxMeleeNanos   = 5e6
)

// aimTolerance is how close two chances of the aim count as the same, so
// that rounding does not decide between dice that are worth the same.
const aimTolerance = 1e-12

// meleeChoice is the attacker's choice of location die against one
// vehicle, for every state it can reach and every number of hits left.
type meleeChoice struct {
	sp     *unitSpace
	dmg    int
	pick   WeaponPick
	depth  []int                          // [n] -> the states reached within n hits (a prefix of the ids, see shell)
	to     [][3]int                       // [x][class] -> the state a hit of that class leads to (0: destroyed)
	prefer [][3]int                       // [x] -> the classes by the pick's preference at once
	kept   [len(classOrders)]locationOdds // the chance of each class kept, by order of the classes
	order  [][]uint8                      // [r][x] -> the order (index in classOrders) kept with r hits left
}

// classOrders is every order of the three classes of location.
var classOrders = [6][3]int{
	{partFrame, partProp, partWeapon}, {partFrame, partWeapon, partProp},
	{partProp, partFrame, partWeapon}, {partProp, partWeapon, partFrame},
	{partWeapon, partFrame, partProp}, {partWeapon, partProp, partFrame},
}

// classOrderIndex is the index in classOrders of the order a, b, c, at
// a*9 + b*3 + c.
var classOrderIndex = func() (idx [27]uint8) {
	for i, o := range classOrders {
		idx[o[0]*9+o[1]*3+o[2]] = uint8(i)
	}
	return idx
}()

// meleeChain is the vehicleChain of a vehicle of t under close-combat hits
// of damage, dice location dice each, the die kept as meleeChoice says,
// for every count of hits with need set; nil when that would cost more
// than maxMeleeNanos.
func meleeChain(t VehicleTarget, damage, dice int, need []bool) *vehicleChain {
	kmax := len(need) - 1
	for kmax > 0 && !need[kmax] {
		kmax--
	}
	c := newMeleeChoice(t, damage, dice, kmax)
	if c == nil {
		return nil
	}
	// The choice visits the states met with r hits left, for each r; the
	// chain, for each count needed, the states of each hit before it.
	cost := c.numbering()
	for r := 1; r <= kmax; r++ {
		cost += meleePlanNanos * float64(c.depth[kmax-r])
	}
	for k, ok := range need[:kmax+1] {
		if ok {
			cost += meleeStepNanos * float64(c.depth[k])
		}
	}
	if cost > maxMeleeNanos {
		return nil
	}
	c.plan(kmax)
	out := &vehicleChain{frame: t.Frame, kmax: len(need) - 1, lo: kmax + 1, hi: -1,
		alive: make([]float64, len(need)), immobile: make([]float64, len(need)),
		lost: make([][]float64, len(t.Weapons)), left: make([][]float64, len(need))}
	for w := range out.lost {
		out.lost[w] = make([]float64, len(need))
	}
	cur, next := make([]float64, c.depth[kmax]), make([]float64, c.depth[kmax])
	for k, ok := range need[:kmax+1] {
		if !ok {
			continue
		}
		out.lo, out.hi = min(out.lo, k), k
		cur[0], cur[1] = 0, 1
		for i := range k {
			clear(next[c.shell(i+1):c.depth[i+1]])
			next[0] = cur[0]
			order := c.order[k-i]
			for x := c.shell(i); x < c.depth[i]; x++ {
				p := cur[x]
				if p == 0 {
					continue
				}
				odds := c.kept[order[x]]
				to := c.to[x]
				next[to[partProp]] += p * odds.prop
				next[to[partFrame]] += p * odds.frame
				next[to[partWeapon]] += p * odds.weapon
			}
			cur, next = next, cur
		}
		left := make([]float64, t.Frame+1)
		for x := c.shell(k); x < c.depth[k]; x++ {
			p := cur[x]
			if p == 0 {
				continue
			}
			out.alive[k] += p
			out.immobile[k] += p * c.sp.fig(x, 1)
			for w := range out.lost {
				out.lost[w][k] += p * c.sp.fig(x, 2+w)
			}
			c.sp.frames(x, left, p)
		}
		out.left[k] = left
	}
	return out
}

// newMeleeChoice numbers the states a vehicle of t reaches within kmax
// close-combat hits of dmg, nearest first, or returns nil when numbering
// them would cost more than maxMeleeNanos.
func newMeleeChoice(t VehicleTarget, dmg, dice, kmax int) *meleeChoice {
	c := &meleeChoice{sp: newUnitSpace(t, nil), dmg: dmg, pick: t.Pick, depth: make([]int, kmax+1)}
	for i, o := range classOrders {
		c.kept[i] = keptOdds(dice, o)
	}
	// Ids are given in the order met, so the states within n hits are the
	// ids below depth[n]; id 0 (destroyed) and 1 (the start) come first.
	// Every damaging hit takes its Damage off the vehicle's SP in all (a
	// part passes what it cannot take to the frame; Self-repair takes one
	// off, once, and marks the state), so a state is met after one number
	// of hits only: those exactly n hits away are the ids from shell(n).
	c.depth[0] = 2
	c.to = [][3]int{{}}
	for n := 1; n <= kmax; n++ {
		for x := len(c.to); x < c.depth[n-1]; x++ {
			var to [3]int
			for class, m := range c.sp.move(x, dmg) {
				to[class] = m.to
			}
			c.to = append(c.to, to)
		}
		c.depth[n] = len(c.sp.keys)
		if c.numbering() > maxMeleeNanos {
			return nil
		}
	}
	c.prefer = make([][3]int, len(c.to))
	for x := 1; x < len(c.to); x++ {
		c.prefer[x] = c.preferred(x)
	}
	return c
}

// numbering is what numbering the states so far cost.
func (c *meleeChoice) numbering() float64 {
	return meleeStateNanos*float64(len(c.sp.keys)) + meleeCellNanos*float64(len(c.sp.ids)*c.sp.ch.plane)
}

// shell is the first id of the states exactly n hits away; they run to
// depth[n].
func (c *meleeChoice) shell(n int) int {
	if n == 0 {
		return 1
	}
	return c.depth[n-1]
}

// preferred is the order of the classes the pick prefers at once in state
// x (see the file's comment).
func (c *meleeChoice) preferred(x int) [3]int {
	if c.pick == PickDisarm {
		return [3]int{partWeapon, partFrame, partProp}
	}
	o := [3]int{partFrame, partProp, partWeapon}
	frame := func(class int) int { // frame SP left after a hit there
		to := c.to[x][class]
		if to == 0 {
			return 0
		}
		return (c.sp.keys[to][1] / 2) % (c.sp.ch.frame + 1)
	}
	// Three items: an insertion sort keeps equals in order.
	for i := 1; i < 3; i++ {
		for j := i; j > 0 && frame(o[j]) < frame(o[j-1]); j-- {
			o[j], o[j-1] = o[j-1], o[j]
		}
	}
	return o
}

// aimed is whether state x (not destroyed) meets the aim: out to wreck,
// never; out to disarm, when no weapon works.
func (c *meleeChoice) aimed(x int) bool {
	if c.pick != PickDisarm {
		return false
	}
	for w := range c.sp.ch.wt.n {
		if c.sp.fig(x, 2+w) == 0 {
			return false
		}
	}
	return true
}

// plan works out, for every number r of hits left up to kmax and every
// state the vehicle can be in with r hits left, the order of the classes
// the attacker keeps dice by: by the chance of the aim after the hit,
// ties by preferred.
func (c *meleeChoice) plan(kmax int) {
	aim, next := make([]float64, c.depth[kmax]), make([]float64, c.depth[kmax])
	aim[0] = 1
	for x := 1; x < len(aim); x++ {
		if c.aimed(x) {
			aim[x] = 1
		}
	}
	c.order = make([][]uint8, kmax+1)
	for r := 1; r <= kmax; r++ {
		n := c.depth[kmax-r] // the states met with r hits left
		order := make([]uint8, n)
		next[0] = 1
		for x := 1; x < n; x++ {
			to := c.to[x]
			o := c.prefer[x]
			for i := 1; i < 3; i++ {
				for j := i; j > 0 && aim[to[o[j]]] > aim[to[o[j-1]]]+aimTolerance; j-- {
					o[j], o[j-1] = o[j-1], o[j]
				}
			}
			k := classOrderIndex[o[0]*9+o[1]*3+o[2]]
			order[x] = k
			odds := c.kept[k]
			next[x] = odds.prop*aim[to[partProp]] + odds.frame*aim[to[partFrame]] + odds.weapon*aim[to[partWeapon]]
		}
		c.order[r] = order
		aim, next = next, aim
	}
}
