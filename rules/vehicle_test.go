package rules

import (
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
)

func TestShareEvenlyClosestFirst(t *testing.T) {
	tests := []struct {
		impacts, vehicles int
		want              []int
	}{
		{5, 3, []int{2, 2, 1}}, // seed: five impacts on three Fire Toads
		{3, 3, []int{1, 1, 1}},
		{1, 3, []int{1, 0, 0}},
		{0, 2, []int{0, 0}},
		{7, 1, []int{7}},
		{11, 4, []int{3, 3, 3, 2}},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%d impacts on %d", tt.impacts, tt.vehicles), func(t *testing.T) {
			got := make([]int, tt.vehicles)
			for j := range got {
				got[j] = share(tt.impacts, tt.vehicles, j)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("%d impacts on %d vehicles: got %v, want %v", tt.impacts, tt.vehicles, got, tt.want)
			}
		})
	}
}

func TestLocationOdds(t *testing.T) {
	tests := []struct {
		name                string
		dice                int
		pick                WeaponPick
		prop, frame, weapon float64
	}{
		// The table: 1-2 propulsion, 3-5 frame, 6 a weapon.
		{"one die", 1, PickWreck, 2.0 / 6, 3.0 / 6, 1.0 / 6},
		{"one die disarm", 1, PickDisarm, 2.0 / 6, 3.0 / 6, 1.0 / 6},
		// Two dice, frame kept first: frame unless both miss it.
		{"two dice wreck", 2, PickWreck, 8.0 / 36, 27.0 / 36, 1.0 / 36},
		{"two dice disarm", 2, PickDisarm, 4.0 / 36, 21.0 / 36, 11.0 / 36},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := newLocationOdds(tt.dice, tt.pick)
			if !near(got.prop, tt.prop) || !near(got.frame, tt.frame) || !near(got.weapon, tt.weapon) {
				t.Errorf("got %+v, want prop %v frame %v weapon %v", got, tt.prop, tt.frame, tt.weapon)
			}
		})
	}
}

func TestWeaponSequence(t *testing.T) {
	tests := []struct {
		name        string
		sp          []int
		first, rest int
		pick        WeaponPick
		frame       int
		over, kill  []int
	}{
		// AT-44 seed: a PEN 18/2 weapon puts three hits on the weapons of a
		// King Mammoth (four 1-SP light flamers, a 3-SP heavy gun); each
		// flamer dies and passes one point to the frame.
		{"king mammoth wreck", []int{1, 1, 1, 1, 3}, 2, 2, PickWreck, 100,
			[]int{0, 1, 2, 3, 4, 4, 5, 7}, []int{1, 2, 3, 4, 6}},
		// Disarm also takes the flamers first: a hit destroys them, not the gun.
		{"king mammoth disarm", []int{1, 1, 1, 1, 3}, 2, 2, PickDisarm, 100,
			[]int{0, 1, 2, 3, 4, 4, 5, 7}, []int{1, 2, 3, 4, 6}},
		// Disarm wears the strongest weapon down, then finishes each one.
		{"disarm levels then destroys", []int{2, 5}, 1, 1, PickDisarm, 3,
			[]int{0, 0, 0, 0, 0, 0, 0, 0, 1, 2}, []int{5, 7}},
		{"self-repair first hit", []int{1}, 0, 1, PickWreck, 3,
			[]int{0, 0, 0, 1, 2}, []int{2}},
		{"lost from the start", []int{0, 2}, 2, 2, PickWreck, 4,
			[]int{0, 0, 2}, []int{0, 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			over, kill := weaponSequence(tt.sp, tt.first, tt.rest, tt.pick, tt.frame)
			for w := range kill {
				if kill[w] == math.MaxInt {
					kill[w] = -1
				}
			}
			if !slices.Equal(over[:min(len(over), len(tt.over))], tt.over) || !slices.Equal(kill, tt.kill) {
				t.Errorf("got over %v kill %v, want over %v... kill %v", over, kill, tt.over, tt.kill)
			}
		})
	}
}

// refVehicle is the literal chain: one state per SP of every part, hit after
// hit, in exact rationals.
type refVehicle struct {
	frame, prop int
	weapons     []int
	repaired    bool // Self-repair already used
	wreck       bool // destroyed by a Jammer salvo, left on the table
}

func (v refVehicle) key() string {
	b := make([]byte, 0, 16+2*len(v.weapons))
	b = strconv.AppendInt(b, int64(v.frame), 10)
	b = append(b, ' ')
	b = strconv.AppendInt(b, int64(v.prop), 10)
	for _, sp := range v.weapons {
		b = append(b, ',')
		b = strconv.AppendInt(b, int64(sp), 10)
	}
	b = strconv.AppendBool(append(b, ' '), v.repaired)
	b = strconv.AppendBool(append(b, ' '), v.wreck)
	return string(b)
}

// hit applies one damaging hit of dmg on class part, the rules read
// literally: the part keeps what it can, the rest (and everything aimed at a
// destroyed part) goes to the frame.
func (v refVehicle) hit(part, dmg int, pick WeaponPick, selfRepair bool) refVehicle {
	n := refVehicle{frame: v.frame, prop: v.prop, weapons: slices.Clone(v.weapons), repaired: v.repaired}
	if selfRepair && !n.repaired {
		dmg--
		n.repaired = true
	}
	toFrame := dmg
	switch part {
	case partProp:
		taken := min(n.prop, dmg)
		n.prop -= taken
		toFrame -= taken
	case partWeapon:
		if w := pickWeapon(n.weapons, dmg, pick); w >= 0 {
			taken := min(n.weapons[w], dmg)
			n.weapons[w] -= taken
			toFrame -= taken
		}
	}
	n.frame = max(n.frame-toFrame, 0)
	return n
}

// refDice lists every roll of dice location dice, as the class each die
// shows; refKeep says which one the attacker keeps.
func refDice(dice int) [][]int {
	face := func(f int) int {
		switch {
		case f <= 2:
			return partProp
		case f <= 5:
			return partFrame
		}
		return partWeapon
	}
	rolls := [][]int{{}}
	for range dice {
		var next [][]int
		for _, r := range rolls {
			for f := 1; f <= 6; f++ {
				next = append(next, append(slices.Clone(r), face(f)))
			}
		}
		rolls = next
	}
	return rolls
}

// refKeep is the die the attacker keeps: out to disarm, a weapon, then the
// frame, then the propulsion; out to wreck, the die whose hit leaves the
// frame lowest in the vehicle's state, ties to the frame, then the
// propulsion, then a weapon.
func refKeep(v refVehicle, roll []int, dmg int, pick WeaponPick, selfRepair bool) int {
	rank := map[int]int{partFrame: 0, partProp: 1, partWeapon: 2}
	if pick == PickDisarm {
		rank = map[int]int{partWeapon: 0, partFrame: 1, partProp: 2}
	}
	best := roll[0]
	for _, c := range roll[1:] {
		if pick == PickWreck && len(roll) > 1 {
			fb, fc := v.hit(best, dmg, pick, selfRepair).frame, v.hit(c, dmg, pick, selfRepair).frame
			if fc != fb {
				if fc < fb {
					best = c
				}
				continue
			}
		}
		if rank[c] < rank[best] {
			best = c
		}
	}
	return best
}

// refPlan is the attacker's choice of location die in close combat,
// worked out the slow way: the die whose hit gives the best chance of the
// aim (wreck: destroyed; disarm: every weapon out of action) after the
// hits still to come, each of them kept the same way; dice worth the same
// are kept as refKeep keeps them. value is the chance of the aim, in
// rationals or in floats (the float one treats chances within 1e-12 as
// the same, as the engine does).
type refPlan[P any] struct {
	t     VehicleTarget
	dmg   int
	rolls [][]int
	num   refNum[P]
	memo  map[string]P
	steps map[string]refVehicle // step's results
}

// refNum is the arithmetic a refPlan works in.
type refNum[P any] struct {
	zero, one func() P
	add       func(a, b P) P
	scale     func(a P, n int) P // a / n
	more      func(a, b P) bool  // a clearly above b
}

var ratNum = refNum[*big.Rat]{
	zero:  func() *big.Rat { return new(big.Rat) },
	one:   func() *big.Rat { return big.NewRat(1, 1) },
	add:   func(a, b *big.Rat) *big.Rat { return new(big.Rat).Add(a, b) },
	scale: func(a *big.Rat, n int) *big.Rat { return new(big.Rat).Mul(a, big.NewRat(1, int64(n))) },
	more:  func(a, b *big.Rat) bool { return a.Cmp(b) > 0 },
}

var floatNum = refNum[float64]{
	zero:  func() float64 { return 0 },
	one:   func() float64 { return 1 },
	add:   func(a, b float64) float64 { return a + b },
	scale: func(a float64, n int) float64 { return a / float64(n) },
	more:  func(a, b float64) bool { return a > b+1e-12 },
}

func newRefPlan[P any](t VehicleTarget, dmg, dice int, num refNum[P]) *refPlan[P] {
	return &refPlan[P]{t: t, dmg: dmg, rolls: refDice(dice), num: num, memo: map[string]P{}, steps: map[string]refVehicle{}}
}

// step is v after a hit whose location dice show roll, with r hits to
// come, this one included.
func (pl *refPlan[P]) step(v refVehicle, roll []int, r int) refVehicle {
	k := fmt.Sprint(v.key(), r, roll)
	n, ok := pl.steps[k]
	if !ok {
		n = pl.hit(v, pl.keep(v, roll, r))
		pl.steps[k] = n
	}
	return n
}

// value is the chance of the aim from v with r damaging hits to come.
func (pl *refPlan[P]) value(v refVehicle, r int) P {
	if v.frame == 0 {
		return pl.num.one()
	}
	if r == 0 {
		if pl.t.Pick == PickDisarm && !slices.ContainsFunc(v.weapons, func(sp int) bool { return sp > 0 }) {
			return pl.num.one()
		}
		return pl.num.zero()
	}
	k := v.key() + "/" + strconv.Itoa(r)
	if p, ok := pl.memo[k]; ok {
		return p
	}
	sum := pl.num.zero()
	for _, roll := range pl.rolls {
		sum = pl.num.add(sum, pl.value(pl.hit(v, pl.keep(v, roll, r)), r-1))
	}
	sum = pl.num.scale(sum, len(pl.rolls))
	pl.memo[k] = sum
	return sum
}

func (pl *refPlan[P]) hit(v refVehicle, part int) refVehicle {
	return v.hit(part, pl.dmg, pl.t.weaponPick(), pl.t.SelfRepair)
}

// keep is the die kept of roll with r hits to come, this one included.
func (pl *refPlan[P]) keep(v refVehicle, roll []int, r int) int {
	if len(roll) == 1 {
		return roll[0]
	}
	var best []int
	var top P
	for i, c := range roll {
		val := pl.value(pl.hit(v, c), r-1)
		switch {
		case i == 0 || pl.num.more(val, top):
			best, top = []int{c}, val
		case !pl.num.more(top, val):
			best = append(best, c)
		}
	}
	return refKeep(v, best, pl.dmg, pl.t.weaponPick(), pl.t.SelfRepair)
}

// refOutcome is the exact fate of one vehicle: destroyed, immobilized,
// each weapon lost, frame SP left.
// addState adds p to the chance of the state s, keyed k, in a literal
// chain's next step.
func addState[S any](next map[string]*big.Rat, nst map[string]S, k string, s S, p *big.Rat) {
	if q, ok := next[k]; ok {
		q.Add(q, p)
		return
	}
	next[k], nst[k] = new(big.Rat).Set(p), s
}

// ratSalvoDamage is, for one impact of salvo s against protection, the
// chance its damage test fails and the chance it succeeds and the location
// die shows one given face.
func ratSalvoDamage(s Salvo, protection int) (miss, face *big.Rat) {
	pd := ratChance(s.Penetration, protection)
	if s.Jammer > 0 { // the printed result instead
		pd = big.NewRat(int64(LocationFaces+1-s.Jammer), LocationFaces)
	}
	if s.DamageReroll {
		pd = ratOneMinus(ratPow(ratOneMinus(pd), 2))
	}
	return ratOneMinus(pd), new(big.Rat).Mul(pd, big.NewRat(1, LocationFaces))
}

type refOutcome struct {
	dead, immobile *big.Rat
	lost           []*big.Rat
	frame          []*big.Rat
}

// summarize adds up the chance of each final state of the literal chain
// into what the engine reports: destroyed, immobilized, each weapon lost,
// the frame's SP left.
func summarize(t VehicleTarget, states map[string]refVehicle, probs map[string]*big.Rat) refOutcome {
	out := refOutcome{dead: new(big.Rat), immobile: new(big.Rat),
		lost: make([]*big.Rat, len(t.Weapons)), frame: ratZeros(t.Frame + 1)}
	for w := range out.lost {
		out.lost[w] = new(big.Rat)
	}
	for k, v := range states {
		p := probs[k]
		out.frame[v.frame].Add(out.frame[v.frame], p)
		if v.frame == 0 {
			out.dead.Add(out.dead, p)
			for w := range out.lost {
				out.lost[w].Add(out.lost[w], p)
			}
			continue
		}
		if v.prop == 0 {
			out.immobile.Add(out.immobile, p)
		}
		for w, sp := range v.weapons {
			if sp == 0 {
				out.lost[w].Add(out.lost[w], p)
			}
		}
	}
	return out
}

// refOne runs the literal chain for a known number of impacts: the damage
// tests first (so the attacker knows how many damaging hits are to come),
// then each damaging hit's location dice, the die kept by refPlan.
func refOne(t VehicleTarget, impacts int, pDamage *big.Rat, dmg, dice int) refOutcome {
	plan := newRefPlan(t, dmg, dice, ratNum)
	per := new(big.Rat).SetFrac64(1, int64(len(plan.rolls)))
	start := refVehicle{frame: t.Frame, prop: t.Propulsion, weapons: slices.Clone(t.Weapons)}
	all := map[string]refVehicle{}
	allP := map[string]*big.Rat{}
	for k, pk := range ratBinomial(impacts, pDamage) {
		if pk.Sign() == 0 {
			continue
		}
		states := map[string]refVehicle{start.key(): start}
		probs := map[string]*big.Rat{start.key(): new(big.Rat).Set(pk)}
		for i := range k {
			next := map[string]*big.Rat{}
			nst := map[string]refVehicle{}
			for key, v := range states {
				p := probs[key]
				if v.frame == 0 { // destroyed: absorbing
					addState(next, nst, key, v, p)
					continue
				}
				hitP := new(big.Rat).Mul(p, per)
				for _, roll := range plan.rolls {
					n := plan.step(v, roll, k-i)
					addState(next, nst, n.key(), n, hitP)
				}
			}
			states, probs = nst, next
		}
		for key, v := range states {
			addState(allP, all, key, v, probs[key])
		}
	}
	return summarize(t, all, allP)
}

func ratFloat(r *big.Rat) float64 {
	f, _ := r.Float64()
	return f
}

// refUnit is the exact unit result: each total of impacts shared out, each
// vehicle run through the literal chain.
func refUnit(t VehicleTarget, impacts []*big.Rat, pDamage *big.Rat, dmg, dice int) (dead, stuck *big.Rat, lost []*big.Rat, wrecks []*big.Rat, perDead []*big.Rat) {
	dead, stuck = new(big.Rat), new(big.Rat)
	lost = make([]*big.Rat, len(t.Weapons))
	for w := range lost {
		lost[w] = new(big.Rat)
	}
	wrecks = make([]*big.Rat, t.Vehicles+1)
	for n := range wrecks {
		wrecks[n] = new(big.Rat)
	}
	perDead = make([]*big.Rat, t.Vehicles)
	for j := range perDead {
		perDead[j] = new(big.Rat)
	}
	memo := map[int]refOutcome{}
	for i, pI := range impacts {
		if pI.Sign() == 0 {
			continue
		}
		allDead, allStuck := new(big.Rat).Set(pI), new(big.Rat).Set(pI)
		allLost := make([]*big.Rat, len(t.Weapons))
		for w := range allLost {
			allLost[w] = new(big.Rat).Set(pI)
		}
		row := []*big.Rat{new(big.Rat).Set(pI)}
		for j := range t.Vehicles {
			s := share(i, t.Vehicles, j)
			o, ok := memo[s]
			if !ok {
				o = refOne(t, s, pDamage, dmg, dice)
				memo[s] = o
			}
			perDead[j].Add(perDead[j], new(big.Rat).Mul(pI, o.dead))
			allDead.Mul(allDead, o.dead)
			allStuck.Mul(allStuck, new(big.Rat).Add(o.dead, o.immobile))
			for w := range allLost {
				allLost[w].Mul(allLost[w], o.lost[w])
			}
			alive := new(big.Rat).Sub(big.NewRat(1, 1), o.dead)
			next := make([]*big.Rat, len(row)+1)
			for n := range next {
				next[n] = new(big.Rat)
			}
			for n, p := range row {
				next[n].Add(next[n], new(big.Rat).Mul(p, alive))
				next[n+1].Add(next[n+1], new(big.Rat).Mul(p, o.dead))
			}
			row = next
		}
		dead.Add(dead, allDead)
		stuck.Add(stuck, allStuck.Sub(allStuck, allDead))
		for w := range lost {
			lost[w].Add(lost[w], allLost[w])
		}
		for n := range wrecks {
			wrecks[n].Add(wrecks[n], row[n])
		}
	}
	return dead, stuck, lost, wrecks, perDead
}

func TestVehicleMatchesLiteralChain(t *testing.T) {
	type tc struct {
		target  VehicleTarget
		impacts []int64 // weights of 0, 1, 2, ... impacts (sixths)
		pDamage *big.Rat
		dmg     int
		melee   bool
		game    Game
	}
	var cases []tc
	targets := []VehicleTarget{
		{Frame: 3, Propulsion: 2, Weapons: []int{1, 2}, Vehicles: 1},
		{Frame: 2, Propulsion: 0, Weapons: []int{1}, Vehicles: 1},
		{Frame: 4, Propulsion: 3, Weapons: nil, Vehicles: 1},
		{Frame: 3, Propulsion: 1, Weapons: []int{0, 3, 1}, Vehicles: 1},
		{Frame: 2, Propulsion: 2, Weapons: []int{1, 1}, Vehicles: 2},
		{Frame: 1, Propulsion: 1, Weapons: []int{2}, Vehicles: 3},
	}
	for i, base := range targets {
		for _, pick := range []WeaponPick{PickWreck, PickDisarm} {
			for _, repair := range []bool{false, true} {
				for _, dmg := range []int{1, 2, 3} {
					tgt := base
					tgt.Weapons = slices.Clone(base.Weapons)
					tgt.Pick, tgt.SelfRepair = pick, repair
					g := AT43
					if (i+dmg)%2 == 1 {
						g = AT44
					}
					cases = append(cases, tc{tgt, []int64{1, 2, 3, 4, 2}, big.NewRat(int64(2+dmg), 6), dmg, dmg == 2, g})
				}
			}
		}
	}
	cases = append(cases, tc{VehicleTarget{Frame: 5, Propulsion: 2, Weapons: []int{2, 1}, Vehicles: 1},
		[]int64{0, 0, 0, 0, 0, 0, 1}, big.NewRat(5, 6), 1, true, AT44})
	cases = append(cases, tc{VehicleTarget{Frame: 4, Propulsion: 2, Weapons: []int{2, 1}, Vehicles: 1, SelfRepair: true, Pick: PickDisarm},
		[]int64{0, 0, 0, 0, 0, 1}, big.NewRat(1, 1), 2, true, AT44})
	for _, c := range cases {
		name := fmt.Sprintf("%s %+v dmg %d p %v melee %v", c.game.ID, c.target, c.dmg, c.pDamage, c.melee)
		t.Run(name, func(t *testing.T) {
			var total int64
			for _, w := range c.impacts {
				total += w
			}
			imp := make([]float64, len(c.impacts))
			rat := make([]*big.Rat, len(c.impacts))
			for i, w := range c.impacts {
				rat[i] = big.NewRat(w, total)
				imp[i] = ratFloat(rat[i])
			}
			pd := ratFloat(c.pDamage)
			got, err := vehicleDamage(c.game, Dist{P: imp}, pd, c.dmg, c.target, c.melee)
			if err != nil {
				t.Fatal(err)
			}
			dice := 1
			if c.melee {
				dice = c.game.Vehicle.MeleeLocationDice
			}
			dead, stuck, lost, wrecks, perDead := refUnit(c.target, rat, c.pDamage, c.dmg, dice)
			check := func(what string, got float64, want *big.Rat) {
				t.Helper()
				if w := ratFloat(want); math.Abs(got-w) > 1e-12 {
					t.Errorf("%s = %.15g, want %.15g", what, got, w)
				}
			}
			check("destroyed", got.Destroyed, dead)
			check("immobilized", got.Immobilized, stuck)
			for w := range lost {
				check(fmt.Sprintf("lost[%d]", w), got.Lost[w], lost[w])
			}
			for n := range wrecks {
				check(fmt.Sprintf("wrecks[%d]", n), got.Wrecks.At(n), wrecks[n])
			}
			for j := range perDead {
				check(fmt.Sprintf("vehicle %d destroyed", j), got.Vehicles[j].Destroyed, perDead[j])
			}
			if c.target.Vehicles == 1 {
				// The single vehicle's frame, SP by SP, against the chain run per total.
				want := make([]*big.Rat, c.target.Frame+1)
				for s := range want {
					want[s] = new(big.Rat)
				}
				for i, pI := range rat {
					o := refOne(c.target, i, c.pDamage, c.dmg, dice)
					for s := range want {
						want[s].Add(want[s], new(big.Rat).Mul(pI, o.frame[s]))
					}
				}
				for s := range want {
					check(fmt.Sprintf("frame[%d]", s), got.Frame.At(s), want[s])
				}
			}
		})
	}
}

// simulate plays the rules with dice, as at the table: each vehicle's
// damage tests, then its damaging hits' location dice, the die kept by
// plan.
func simulate(rng *rand.Rand, impacts Dist, pDamage float64, plan *refPlan[float64]) (dead int, stuck bool, lost []bool, frame0 int) {
	t := plan.t
	u := rng.Float64()
	total := 0
	for i, p := range impacts.P {
		if u < p {
			total = i
			break
		}
		u -= p
		total = i
	}
	face := func() int {
		switch f := rng.IntN(6) + 1; {
		case f <= 2:
			return partProp
		case f <= 5:
			return partFrame
		}
		return partWeapon
	}
	allStuck := true
	lost = make([]bool, len(t.Weapons))
	for w := range lost {
		lost[w] = true
	}
	for j := range t.Vehicles {
		v := refVehicle{frame: t.Frame, prop: t.Propulsion, weapons: slices.Clone(t.Weapons)}
		k := 0
		for range share(total, t.Vehicles, j) {
			if rng.Float64() < pDamage {
				k++
			}
		}
		for i := 0; i < k && v.frame > 0; i++ {
			roll := []int{face()}
			for range len(plan.rolls[0]) - 1 {
				roll = append(roll, face())
			}
			v = plan.hit(v, plan.keep(v, roll, k-i))
		}
		if j == 0 {
			frame0 = v.frame
		}
		if v.frame == 0 {
			dead++
			continue
		}
		allStuck = allStuck && v.prop == 0
		for w, sp := range v.weapons {
			lost[w] = lost[w] && sp == 0
		}
	}
	return dead, allStuck && dead < t.Vehicles, lost, frame0
}

func TestVehicleMonteCarlo(t *testing.T) {
	const runs = 40000
	cases := []struct {
		impacts Dist
		pDamage float64
		dmg     int
		target  VehicleTarget
		melee   bool
	}{
		{Binomial(12, 0.5), 4.0 / 6, 2, VehicleTarget{Frame: 6, Propulsion: 3, Weapons: []int{1, 1, 3}, Vehicles: 1}, false},
		{Binomial(20, 0.6), 3.0 / 6, 1, VehicleTarget{Frame: 4, Propulsion: 2, Weapons: []int{2, 1}, Vehicles: 3, Pick: PickDisarm, SelfRepair: true}, true},
		{Binomial(30, 2.0/3), 5.0 / 6, 3, VehicleTarget{Frame: 9, Propulsion: 4, Weapons: []int{3, 2}, Vehicles: 2, SelfRepair: true}, true},
		{Binomial(14, 0.5), 4.0 / 6, 1, VehicleTarget{Frame: 5, Propulsion: 2, Weapons: []int{1, 3, 2}, Vehicles: 1, DefenderPicks: true}, false},
	}
	rng := rand.New(rand.NewPCG(43, 44))
	for i, c := range cases {
		t.Run(fmt.Sprint("case ", i), func(t *testing.T) {
			got, err := vehicleDamage(AT44, c.impacts, c.pDamage, c.dmg, c.target, c.melee)
			if err != nil {
				t.Fatal(err)
			}
			dice := 1
			if c.melee {
				dice = AT44.Vehicle.MeleeLocationDice
			}
			var all, stuck, frameTop int
			wrecks := make([]int, c.target.Vehicles+1)
			lost := make([]int, len(c.target.Weapons))
			plan := newRefPlan(c.target, c.dmg, dice, floatNum)
			for range runs {
				dead, s, l, f := simulate(rng, c.impacts, c.pDamage, plan)
				wrecks[dead]++
				if dead == c.target.Vehicles {
					all++
				}
				if s {
					stuck++
				}
				for w := range l {
					if l[w] {
						lost[w]++
					}
				}
				if f == c.target.Frame {
					frameTop++
				}
			}
			within := func(what string, p float64, count int) {
				t.Helper()
				sd := math.Sqrt(p*(1-p)/runs) + 1e-9
				if got := float64(count) / runs; math.Abs(got-p) > 5*sd {
					t.Errorf("case %d %s: sampled %.4f, exact %.4f (5 sd = %.4f)", i, what, got, p, 5*sd)
				}
			}
			within("destroyed", got.Destroyed, all)
			within("immobilized", got.Immobilized, stuck)
			for w := range lost {
				within(fmt.Sprintf("lost[%d]", w), got.Lost[w], lost[w])
			}
			for n := range wrecks {
				within(fmt.Sprintf("wrecks[%d]", n), got.Wrecks.At(n), wrecks[n])
			}
			within("frame untouched", got.Frame.At(c.target.Frame), frameTop)
		})
	}
}

func TestVehicleSeedExamples(t *testing.T) {
	// AT-43: a Fire Toad whose propulsion (2 SP) has already lost 1 SP and
	// whose two light laser cannons have 1 SP each takes two damaging hits of
	// Damage 1. A 6 destroys a cannon, a 1-2 halts it.
	toad := VehicleTarget{Frame: 5, Propulsion: 1, Weapons: []int{1, 1}, Vehicles: 1}
	res, err := vehicleDamage(AT43, Point(2), 1, 1, toad, false)
	if err != nil {
		t.Fatal(err)
	}
	if want := 1 - 4.0/9; !near(res.Immobilized, want) {
		t.Errorf("immobilized = %v, want %v", res.Immobilized, want)
	}
	if want := 1 - 25.0/36; !near(res.Lost[0], want) {
		t.Errorf("first cannon lost = %v, want %v (one 6 in two dice)", res.Lost[0], want)
	}
	if want := 1.0 / 36; !near(res.Lost[1], want) {
		t.Errorf("second cannon lost = %v, want %v (two 6s)", res.Lost[1], want)
	}
	if res.Destroyed != 0 {
		t.Errorf("destroyed = %v, want 0: two points cannot take 5 SP", res.Destroyed)
	}
	// AT-43: five impacts on three Fire Toads go 2, 2, 1.
	res, err = vehicleDamage(AT43, Point(5), 1, 1, VehicleTarget{Frame: 1, Propulsion: 9, Weapons: []int{9}, Vehicles: 3}, false)
	if err != nil {
		t.Fatal(err)
	}
	for j, want := range []int{2, 2, 1} {
		if got := res.Vehicles[j].Impacts; !near(got.At(want), 1) {
			t.Errorf("vehicle %d impacts %v, want certain %d", j, got.P, want)
		}
	}
}

func TestVehicleInvariants(t *testing.T) {
	targets := []VehicleTarget{
		{Frame: 6, Propulsion: 3, Weapons: []int{3}, Vehicles: 1},
		{Frame: 10, Propulsion: 4, Weapons: []int{2, 2, 1, 5}, Vehicles: 2, Pick: PickDisarm, SelfRepair: true},
		{Frame: 3, Propulsion: 0, Weapons: []int{0}, Vehicles: 4, SelfRepair: true},
	}
	for _, tg := range targets {
		t.Run(fmt.Sprintf("frame=%d vehicles=%d", tg.Frame, tg.Vehicles), func(t *testing.T) {
			for _, melee := range []bool{false, true} {
				prev, prevStuckOrDead := -1.0, -1.0
				for n := 0; n <= 24; n += 3 {
					res, err := vehicleDamage(AT44, Binomial(n, 0.7), 0.5, 2, tg, melee)
					if err != nil {
						t.Fatal(err)
					}
					name := fmt.Sprintf("%+v melee %v %d dice", tg, melee, n)
					for _, d := range []Dist{res.Frame, res.Wrecks} {
						if s := d.Sum(); math.Abs(s-1) > 1e-12 {
							t.Errorf("%s: distribution sums to %v", name, s)
						}
					}
					for j, v := range res.Vehicles {
						if s := v.Frame.Sum(); math.Abs(s-1) > 1e-12 {
							t.Errorf("%s: vehicle %d frame sums to %v", name, j, s)
						}
						if j > 0 && v.Destroyed > res.Vehicles[j-1].Destroyed+1e-12 {
							t.Errorf("%s: vehicle %d, farther, is destroyed more often", name, j)
						}
					}
					if res.Destroyed < prev-1e-12 {
						t.Errorf("%s: P(destroyed) fell from %v to %v with more dice", name, prev, res.Destroyed)
					}
					if tg.Vehicles == 1 {
						if sd := res.Destroyed + res.Immobilized; sd < prevStuckOrDead-1e-12 {
							t.Errorf("%s: P(destroyed or immobilized) fell", name)
						}
						prevStuckOrDead = res.Destroyed + res.Immobilized
					}
					prev = res.Destroyed
				}
			}
		})
	}
}

func TestVehicleBadInput(t *testing.T) {
	ok := VehicleTarget{Frame: 6, Propulsion: 3, Weapons: []int{3}, Vehicles: 1}
	tests := []struct {
		name    string
		impacts Dist
		p       float64
		dmg     int
		t       VehicleTarget
		key     string
	}{
		{"frame 0", Point(1), 0.5, 1, VehicleTarget{Frame: 0, Vehicles: 1}, "frame"},
		{"frame 61", Point(1), 0.5, 1, VehicleTarget{Frame: 61, Vehicles: 1}, "frame"},
		{"prop -1", Point(1), 0.5, 1, VehicleTarget{Frame: 1, Propulsion: -1, Vehicles: 1}, "prop"},
		{"seven weapons", Point(1), 0.5, 1, VehicleTarget{Frame: 1, Weapons: make([]int, 7), Vehicles: 1}, "weapons"},
		{"weapon SP", Point(1), 0.5, 1, VehicleTarget{Frame: 1, Weapons: []int{61}, Vehicles: 1}, "weapons"},
		{"no vehicle", Point(1), 0.5, 1, VehicleTarget{Frame: 1}, "vehicles"},
		{"pick", Point(1), 0.5, 1, VehicleTarget{Frame: 1, Vehicles: 1, Pick: 7}, "pick"},
		{"damage 0", Point(1), 0.5, 0, ok, "dmg"},
		{"chance", Point(1), math.NaN(), 1, ok, "damage chance"},
		{"no impacts", Dist{}, 0.5, 1, ok, "impacts"},
		{"too many impacts", Point(maxVehicles * (maxImpacts + 1)), 0.5, 1, ok, "impacts"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := vehicleDamage(AT43, tt.impacts, tt.p, tt.dmg, tt.t, false)
			if err == nil || !strings.HasPrefix(err.Error(), tt.key) {
				t.Errorf("error %v, want one naming %q", err, tt.key)
			}
		})
	}
}

func TestVehicleJSON(t *testing.T) {
	res, err := vehicleDamage(AT44, Point(4), 0.5, 2, VehicleTarget{Frame: 4, Propulsion: 2, Weapons: []int{1}, Vehicles: 2}, true)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{`"destroyed":`, `"immobilized":`, `"lost":[`, `"frame":{"p":[`, `"wrecks":{"p":[`, `"vehicles":[{"impacts":`, `"notes":[`} {
		if !strings.Contains(string(b), key) {
			t.Errorf("JSON %s lacks %s", b, key)
		}
	}
}

func TestExtraNotes(t *testing.T) {
	for _, n := range extraNotes() {
		if got := noteByID(n.ID); got != n {
			t.Errorf("note %q is not in the catalogue Notes() lists", n.ID)
		}
	}
	for _, g := range Games() {
		for _, id := range []string{g.Notes.VehicleSharing, g.Notes.EarlierTests, g.Notes.AuthorityTie} {
			if id != "" && noteByID(id).EN == "" {
				t.Errorf("%s names note %q, which has no text", g.ID, id)
			}
		}
	}
}

// FuzzVehicle checks that any target and impacts give either an error or
// distributions that sum to 1, quickly.
func FuzzVehicle(f *testing.F) {
	f.Add(6, 3, "3", 1, 0, false, 20, 0.5, 1, false)
	f.Add(60, 60, "60,60,60,60,60,60", 3, 1, true, 200, 0.9, 1, true)
	f.Add(1, 0, "", 10, 1, true, 2000, 1.0, 10, false)
	f.Fuzz(func(t *testing.T, frame, prop int, weapons string, vehicles, pick int, repair bool, n int, p float64, dmg int, melee bool) {
		var sp []int
		if weapons != "" {
			for _, s := range strings.Split(weapons, ",") {
				var v int
				if _, err := fmt.Sscan(s, &v); err != nil {
					return
				}
				sp = append(sp, v)
			}
		}
		if n < 0 || n > maxImpacts+5 {
			return
		}
		tg := VehicleTarget{Frame: frame, Propulsion: prop, Weapons: sp, Vehicles: vehicles, Pick: WeaponPick(pick), SelfRepair: repair}
		res, err := vehicleDamage(AT44, Binomial(n, 0.5), p, dmg, tg, melee)
		if err != nil {
			return
		}
		for _, d := range []Dist{res.Frame, res.Wrecks} {
			if s := d.Sum(); math.Abs(s-1) > 1e-9 {
				t.Fatalf("%+v: sums to %v", tg, s)
			}
		}
		for _, x := range append([]float64{res.Destroyed, res.Immobilized}, res.Lost...) {
			if !(x >= -1e-12 && x <= 1+1e-12) {
				t.Fatalf("%+v: chance %v", tg, x)
			}
		}
	})
}

func benchVehicle(b *testing.B, impacts Dist, t VehicleTarget, dmg int, melee bool) {
	for b.Loop() {
		if _, err := vehicleDamage(AT44, impacts, 0.5, dmg, t, melee); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkVehicleTypical(b *testing.B) {
	benchVehicle(b, Binomial(6, 0.5), VehicleTarget{Frame: 6, Propulsion: 3, Weapons: []int{3, 1}, Vehicles: 1}, 2, false)
}

// The brief's worst case: three vehicles, 60-SP frames, six weapons, 200 impacts.
func BenchmarkVehicleThreeBig(b *testing.B) {
	benchVehicle(b, Point(200), VehicleTarget{Frame: 60, Propulsion: 60, Weapons: []int{60, 60, 60, 60, 60, 60}, Vehicles: 3, SelfRepair: true}, 1, true)
}

// The largest input allowed: every part at 60 SP, Damage 1, 2000 impacts
// (100 weapons of rate 20), Self-repair.
func BenchmarkVehicleWorst(b *testing.B) {
	benchVehicle(b, Point(maxImpacts), VehicleTarget{Frame: 60, Propulsion: 60, Weapons: []int{60, 60, 60, 60, 60, 60}, Vehicles: 1, SelfRepair: true, Pick: PickDisarm}, 1, true)
}

// Two vehicles share 2000 impacts: the whole-unit figures need every share.
func BenchmarkVehicleWorstUnit(b *testing.B) {
	benchVehicle(b, Binomial(maxImpacts, 0.5), VehicleTarget{Frame: 60, Propulsion: 60, Weapons: []int{60, 60, 60, 60, 60, 60}, Vehicles: 2, SelfRepair: true}, 1, false)
}

// The slowest input a sweep over vehicles, damage chances, picks and impact
// distributions found: three vehicles whose damaging hits fall where they
// may still stand, so every count must be worked out.
func BenchmarkVehicleHeaviest(b *testing.B) {
	t := VehicleTarget{Frame: 60, Propulsion: 60, Weapons: []int{60, 60, 60, 60, 60, 60}, Vehicles: 3, SelfRepair: true}
	for b.Loop() {
		if _, err := vehicleDamage(AT44, Point(maxImpacts), 0.2, 1, t, false); err != nil {
			b.Fatal(err)
		}
	}
}

// TestExtrasJSON checks the keys the app reads from each calculator.
func TestExtrasJSON(t *testing.T) {
	run := func(f func() (any, error)) string {
		t.Helper()
		res, err := f()
		if err != nil {
			t.Fatal(err)
		}
		b, err := json.Marshal(res)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	tests := []struct {
		name   string
		json   string
		keys   []string
		absent []string
	}{
		{"morale", run(func() (any, error) { return Morale(MoraleInput{Game: "at44", Morale: 6, Activations: 2}) }),
			[]string{`"pass":`, `"rout":`, `"no_spend":{"rout_by":[`, `"states":{"valiant":`, `"points":`, `"explain":[{"kind":"morale"`, `"notes":[`}, nil},
		{"authority", run(func() (any, error) { return Authority(AuthorityInput{Game: "at43", A: 2, B: 3, ARank: 1, BRank: 1}) }),
			[]string{`"win":`, `"tie":`, `"limits":[2,2]`, `"table":[[`, `"notes":[]`}, nil},
		{"crush", run(func() (any, error) { return Crush(CrushInput{Game: "at44", Free: 2, Engaged: 1}) }),
			[]string{`"casualties":{"p":[`, `"wiped_out":`}, nil},
		{"minefield infantry", run(func() (any, error) {
			return Minefield(MinefieldInput{Game: "at43", Members: 5, Cards: 1, Protection: 3, Type: 1})
		}), []string{`"impacts":{"p":[`, `"casualties":{"p":[`, `"wiped_out":`, `"explain":[{"kind":"damage"`}, nil},
		{"minefield vehicles", run(func() (any, error) {
			return Minefield(MinefieldInput{Game: "at43", Members: 2, Cards: 1, Target: TargetVehicle, Protection: 12,
				Vehicle: VehicleTarget{Frame: 3, Propulsion: 2, Weapons: []int{1}}})
		}), []string{`"destroyed":`, `"immobilized":`, `"lost":[`, `"wrecks":{"p":[`, `"kind":"location"`},
			// AT-43 states the even sharing itself: no note.
			[]string{`"id":"at44-vehicle-sharing"`}},
		{"terrain", run(func() (any, error) {
			return Terrain(TerrainInput{Game: "at44", Weapons: 2, Rate: 2, Accuracy: 3, Penetration: 12, Damage: 2, Structure: 10, Salvos: 3})
		}), []string{`"destroyed":`, `"by_salvo":[`, `"structure":{"p":[`, `"hits":{"p":[`, `"id":"at44-structure-salvo"`}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, key := range tt.keys {
				if !strings.Contains(tt.json, key) {
					t.Errorf("JSON %s lacks %s", tt.json, key)
				}
			}
			for _, key := range tt.absent {
				if strings.Contains(tt.json, key) {
					t.Errorf("JSON %s has %s", tt.json, key)
				}
			}
		})
	}
}

// TestVehicleMatchesLiteralChainLarger runs the literal chain in floats on
// vehicles too large for rationals, with many weapon hits and overflows.
func TestVehicleMatchesLiteralChainLarger(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for range 30 {
		tg := VehicleTarget{Frame: 1 + rng.IntN(10), Propulsion: rng.IntN(6), Vehicles: 1 + rng.IntN(3),
			Pick: WeaponPick(rng.IntN(2)), SelfRepair: rng.IntN(2) == 1}
		for range rng.IntN(5) {
			tg.Weapons = append(tg.Weapons, rng.IntN(5))
		}
		dmg, melee, pd := 1+rng.IntN(3), rng.IntN(2) == 1, float64(1+rng.IntN(6))/6
		impacts := Binomial(3+rng.IntN(30), 0.7)
		got, err := vehicleDamage(AT44, impacts, pd, dmg, tg, melee)
		if err != nil {
			t.Fatal(err)
		}
		dice := 1
		if melee {
			dice = 2
		}
		name := fmt.Sprintf("%+v dmg %d p %v melee %v", tg, dmg, pd, melee)
		memo := map[int]floatOutcome{}
		plan := newRefPlan(tg, dmg, dice, floatNum)
		var dead, stuck float64
		for i, pI := range impacts.P {
			all, still := pI, pI
			for j := range tg.Vehicles {
				s := share(i, tg.Vehicles, j)
				o, ok := memo[s]
				if !ok {
					o = floatOne(plan, s, pd)
					memo[s] = o
				}
				all *= o.dead
				still *= o.dead + o.immobile
			}
			dead += all
			stuck += still - all
		}
		if math.Abs(got.Destroyed-dead) > 1e-12 || math.Abs(got.Immobilized-stuck) > 1e-12 {
			t.Errorf("%s: destroyed %v immobilized %v, literal chain %v and %v", name, got.Destroyed, got.Immobilized, dead, stuck)
		}
		// The closest vehicle's frame, SP by SP.
		want := make([]float64, tg.Frame+1)
		for i, pI := range impacts.P {
			o := memo[share(i, tg.Vehicles, 0)]
			for s, p := range o.frame {
				want[s] += pI * p
			}
		}
		for s := range want {
			if math.Abs(got.Frame.At(s)-want[s]) > 1e-12 {
				t.Errorf("%s: frame[%d] = %v, literal chain %v", name, s, got.Frame.At(s), want[s])
			}
		}
	}
}

type floatOutcome struct {
	dead, immobile float64
	frame          []float64
}

// floatOne is refOne in floating point.
func floatOne(plan *refPlan[float64], impacts int, pDamage float64) floatOutcome {
	t := plan.t
	per := 1 / float64(len(plan.rolls))
	start := refVehicle{frame: t.Frame, prop: t.Propulsion, weapons: slices.Clone(t.Weapons)}
	out := floatOutcome{frame: make([]float64, t.Frame+1)}
	for k, pk := range Binomial(impacts, pDamage).P {
		states := map[string]refVehicle{start.key(): start}
		probs := map[string]float64{start.key(): pk}
		for i := range k {
			nst := map[string]refVehicle{}
			next := map[string]float64{}
			add := func(v refVehicle, p float64) {
				key := v.key()
				nst[key] = v
				next[key] += p
			}
			for key, v := range states {
				p := probs[key]
				if v.frame == 0 {
					add(v, p)
					continue
				}
				for _, roll := range plan.rolls {
					add(plan.step(v, roll, k-i), p*per)
				}
			}
			states, probs = nst, next
		}
		for key, v := range states {
			p := probs[key]
			out.frame[v.frame] += p
			if v.frame == 0 {
				out.dead += p
			} else if v.prop == 0 {
				out.immobile += p
			}
		}
	}
	return out
}
