package rules

import (
	"math"
	"math/big"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// refUnitFigures is the whole unit's figures in rationals: all destroyed, all
// immobilized (not all destroyed), each weapon lost on every vehicle, and
// the number of wrecks.
type refUnitFigures struct {
	dead, immobile *big.Rat
	lost           []*big.Rat
	wrecks         ratDist
}

// ratSalvosUnit is the reference for salvos at a unit of vehicles: the
// literal joint chain over the ordered list of every vehicle's state,
// impact after impact, impact i of a salvo on vehicle i mod v (closest
// first; on a wreck it is lost), then a damage test and a location die.
func ratSalvosUnit(g Game, in SalvosInput) refUnitFigures {
	t := in.Vehicle
	t.SelfRepair = in.Medic
	t.Pick = t.weaponPick()
	v := t.Vehicles
	type unit []refVehicle
	key := func(u unit) string {
		var b strings.Builder
		for _, x := range u {
			b.WriteString(x.key() + "|")
		}
		return b.String()
	}
	start := make(unit, v)
	for j := range start {
		start[j] = refVehicle{frame: t.Frame, prop: t.Propulsion, weapons: slices.Clone(t.Weapons)}
	}
	probs := map[string]*big.Rat{key(start): big.NewRat(1, 1)}
	states := map[string]unit{key(start): start}
	add := func(next map[string]*big.Rat, nst map[string]unit, u unit, p *big.Rat) {
		addState(next, nst, key(u), u, p)
	}
	faces := []int{partProp, partProp, partFrame, partFrame, partFrame, partWeapon}
	for _, s := range in.Salvos {
		miss, face := ratSalvoDamage(s, in.Protection)
		next := map[string]*big.Rat{}
		nst := map[string]unit{}
		for i, pi := range ratSalvoImpacts(g, s) {
			if pi.Sign() == 0 {
				continue
			}
			cur := map[string]*big.Rat{}
			cst := map[string]unit{}
			for k, p := range probs {
				add(cur, cst, states[k], new(big.Rat).Mul(p, pi))
			}
			for n := range i {
				j := n % v
				after := map[string]*big.Rat{}
				ast := map[string]unit{}
				for k, p := range cur {
					u := cst[k]
					if u[j].frame == 0 {
						add(after, ast, u, p)
						continue
					}
					add(after, ast, u, new(big.Rat).Mul(p, miss))
					for _, part := range faces {
						hit := slices.Clone(u)
						hit[j] = u[j].hit(part, s.Damage, t.Pick, t.SelfRepair)
						add(after, ast, hit, new(big.Rat).Mul(p, face))
					}
				}
				cur, cst = after, ast
			}
			for k, p := range cur {
				add(next, nst, cst[k], p)
			}
		}
		probs, states = next, nst
	}
	out := refUnitFigures{dead: new(big.Rat), immobile: new(big.Rat), lost: ratZeros(len(t.Weapons)), wrecks: ratZeros(v + 1)}
	for k, p := range probs {
		u := states[k]
		dead, stuck := 0, true
		lost := make([]bool, len(t.Weapons))
		for w := range lost {
			lost[w] = true
		}
		for _, x := range u {
			if x.frame == 0 {
				dead++
				continue
			}
			stuck = stuck && x.prop == 0
			for w, sp := range x.weapons {
				lost[w] = lost[w] && sp == 0
			}
		}
		out.wrecks[dead].Add(out.wrecks[dead], p)
		if dead == v {
			out.dead.Add(out.dead, p)
		} else if stuck {
			out.immobile.Add(out.immobile, p)
		}
		for w, l := range lost {
			if l {
				out.lost[w].Add(out.lost[w], p)
			}
		}
	}
	return out
}

// TestSalvosUnitMatchesExactReference checks the whole unit's figures,
// salvos of different Damage at two and three vehicles, against the
// literal joint chain in rationals.
func TestSalvosUnitMatchesExactReference(t *testing.T) {
	salvos := []Salvo{
		{Weapons: 3, Rate: 1, Rerolls: 1, Accuracy: 4, Range: 2, Penetration: 9, Damage: 1, Cover: CoverNormal},
		{Weapons: 1, Rate: 2, Accuracy: 3, Range: 1, Penetration: 9, Damage: 2, DamageReroll: true},
		{Weapons: 2, Rate: 1, Accuracy: 5, Range: 3, Penetration: 8, Damage: 3, FireAtWill: true, Detection: true},
	}
	tests := []struct {
		name   string
		target VehicleTarget
		medic  bool
		salvos int
	}{
		{"two, two weapons, wreck", VehicleTarget{Frame: 3, Propulsion: 1, Weapons: []int{1, 1}, Vehicles: 2}, false, 2},
		{"two, disarm, medic", VehicleTarget{Frame: 3, Propulsion: 1, Weapons: []int{2, 1}, Vehicles: 2, Pick: PickDisarm}, true, 3},
		{"two, no weapon", VehicleTarget{Frame: 4, Propulsion: 2, Vehicles: 2}, false, 3},
		{"two, no propulsion", VehicleTarget{Frame: 2, Weapons: []int{1}, Vehicles: 2}, true, 2},
		{"three", VehicleTarget{Frame: 2, Propulsion: 1, Weapons: []int{1}, Vehicles: 3}, false, 2},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := Games()[i%2]
			in := SalvosInput{Game: g.ID, Target: TargetVehicle, Protection: 7, Medic: tt.medic, Vehicle: tt.target,
				Salvos: salvos[:tt.salvos]}
			res, err := Salvos(in)
			if err != nil {
				t.Fatal(err)
			}
			ref := ratSalvosUnit(g, in)
			if !near(res.Destroyed, ratFloat(ref.dead)) || !near(res.Immobilized, ratFloat(ref.immobile)) {
				t.Errorf("all destroyed %v all immobilized %v, exact %v %v", res.Destroyed, res.Immobilized,
					ratFloat(ref.dead), ratFloat(ref.immobile))
			}
			for w := range ref.lost {
				if !near(res.Lost[w], ratFloat(ref.lost[w])) {
					t.Errorf("weapon %d lost on every vehicle %v, exact %v", w, res.Lost[w], ratFloat(ref.lost[w]))
				}
			}
			compare(t, "wrecks", res.Wrecks, ref.wrecks)
			// Each vehicle's own figures are the marginals of the same chain.
			one := ratSalvosVehicle(g, SalvosInput{Game: g.ID, Target: TargetVehicle, Protection: 7, Medic: tt.medic,
				Vehicle: VehicleTarget{Frame: tt.target.Frame, Propulsion: tt.target.Propulsion, Weapons: tt.target.Weapons,
					Vehicles: 1, Pick: tt.target.Pick}, Salvos: in.Salvos})
			if tt.target.Vehicles == 1 && !near(res.Vehicles[0].Destroyed, ratFloat(one.dead)) {
				t.Errorf("vehicle 0 destroyed %v, exact %v", res.Vehicles[0].Destroyed, ratFloat(one.dead))
			}
			mean := 0.0
			for _, f := range res.Vehicles {
				mean += f.Destroyed
			}
			if !near(mean, res.Wrecks.Mean()) {
				t.Errorf("wrecks mean %v, the vehicles' chances of destruction sum to %v", res.Wrecks.Mean(), mean)
			}
		})
	}
}

// TestSalvosUnitMoreDiceNeverHurt checks that one more die in any salvo
// never lowers the chance that the whole unit is destroyed, and that every
// figure after every salvo is a chance summing as it should.
func TestSalvosUnitMoreDiceNeverHurt(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 55))
	n := 0
	for range 40 {
		in := randomUnitSalvos(rng)
		if unitEstimated(in) {
			continue
		}
		res, err := Salvos(in)
		if err != nil {
			t.Fatal(err)
		}
		checkVehicleSalvos(t, in, res)
		s := rng.IntN(len(in.Salvos))
		more := in
		more.Salvos = slices.Clone(in.Salvos)
		more.Salvos[s].Weapons++
		if unitEstimated(more) {
			continue
		}
		res2, err := Salvos(more)
		if err != nil {
			t.Fatal(err)
		}
		if res2.Destroyed < res.Destroyed-1e-12 {
			t.Errorf("%+v: one more die in salvo %d lowers all destroyed from %v to %v", in, s+1, res.Destroyed, res2.Destroyed)
		}
		n++
	}
	if n < 20 {
		t.Errorf("only %d of 40 units computed", n)
	}
}

// randomUnitSalvos is a unit of two or three small vehicles under a few
// salvos.
func randomUnitSalvos(rng *rand.Rand) SalvosInput {
	in := randomVehicleSalvos(rng)
	in.Vehicle.Vehicles = 2 + rng.IntN(2)
	in.Vehicle.Frame = 1 + rng.IntN(4)
	in.Vehicle.Propulsion = rng.IntN(3)
	in.Vehicle.Weapons = in.Vehicle.Weapons[:min(len(in.Vehicle.Weapons), 2)]
	for w := range in.Vehicle.Weapons {
		in.Vehicle.Weapons[w] = min(in.Vehicle.Weapons[w], 2)
	}
	in.Salvos = in.Salvos[:min(len(in.Salvos), 1+rng.IntN(4))]
	return in
}

// unitEstimated is whether the unit's joint chain would take too long, so
// that the whole-unit figures are the independent estimate.
func unitEstimated(in SalvosInput) bool {
	return in.Vehicle.Vehicles > 1 && unitChainOf(in) == nil
}

// unitChainOf is the joint chain salvosAtVehicles lays out for in, nil
// when the unit's figures are estimated.
func unitChainOf(in SalvosInput) *unitChain {
	g, _ := GameByID(in.Game)
	t := in.Vehicle
	t.SelfRepair = t.SelfRepair || in.Medic
	fired, ps := fireSalvos(g, in)
	return newUnitChain(t, in.Salvos, fired, ps)
}

// TestMonteCarloSalvosUnit rolls salvos at two vehicles die by die: the
// whole unit's figures agree with the sampled ones (the vehicles fall
// together more often than independent vehicles would).
func TestMonteCarloSalvosUnit(t *testing.T) {
	d := dice{rand.New(rand.NewPCG(7, 78))}
	const trials = 40000
	for _, g := range Games() {
		in := SalvosInput{Game: g.ID, Target: TargetVehicle, Protection: 8, Medic: g.ID == "at44",
			Vehicle: VehicleTarget{Frame: 5, Propulsion: 2, Weapons: []int{2, 1}, Vehicles: 2, Pick: PickDisarm},
			Salvos: []Salvo{
				{Weapons: 6, Rate: 1, Rerolls: 1, Accuracy: 4, Range: 2, Penetration: 10, Damage: 1, Cover: CoverNormal},
				{Weapons: 3, Rate: 2, Accuracy: 3, Range: 1, Penetration: 12, Damage: 3},
			}}
		res, err := Salvos(in)
		if err != nil {
			t.Fatal(err)
		}
		v := in.Vehicle.Vehicles
		wrecks := make([]int, v+1)
		stuck, lost := 0, 0
		for range trials {
			u := make([]refVehicle, v)
			for j := range u {
				u[j] = refVehicle{frame: in.Vehicle.Frame, prop: in.Vehicle.Propulsion, weapons: slices.Clone(in.Vehicle.Weapons)}
			}
			for _, s := range in.Salvos {
				h := d.hits(g, s.Weapons, s.Rate, s.Rerolls, s.Accuracy, s.Range)
				n := 0 // impacts so far, dealt in turn
				for range h {
					if save := g.CoverSave[s.Cover]; s.Cover == CoverNormal && save > 0 && (s.Range > 0 || g.CoverAtRangeZero) && d.roll() >= save {
						continue
					}
					j := n % v
					n++
					if u[j].frame == 0 || !d.pass(s.Penetration, in.Protection) {
						continue
					}
					part := []int{partProp, partProp, partFrame, partFrame, partFrame, partWeapon}[d.roll()-1]
					u[j] = u[j].hit(part, s.Damage, in.Vehicle.Pick, in.Medic)
				}
			}
			dead, allStuck, allLost := 0, true, true
			for _, x := range u {
				if x.frame == 0 {
					dead++
					continue
				}
				allStuck = allStuck && x.prop == 0
				allLost = allLost && x.weapons[0] == 0
			}
			wrecks[dead]++
			if dead < v && allStuck {
				stuck++
			}
			if allLost {
				lost++
			}
		}
		agree(t, g.ID+" wrecks", res.Wrecks, wrecks, trials)
		agree(t, g.ID+" all immobilized", Dist{P: []float64{1 - res.Immobilized, res.Immobilized}}, []int{trials - stuck, stuck}, trials)
		agree(t, g.ID+" weapon 1 lost on both", Dist{P: []float64{1 - res.Lost[0], res.Lost[0]}}, []int{trials - lost, lost}, trials)
		indep := res.Vehicles[0].Destroyed * res.Vehicles[1].Destroyed
		t.Logf("%s: all destroyed %.4f (sampled %.4f), independent vehicles would give %.4f", g.ID,
			res.Destroyed, float64(wrecks[v])/trials, indep)
	}
}

// TestSalvosUnitEstimate checks that a unit whose joint chain would take
// too long still computes: each vehicle's own figures as ever, the
// whole-unit figures as the independent estimate, said by its note.
func TestSalvosUnitEstimate(t *testing.T) {
	in := SalvosInput{Game: "at43", Target: TargetVehicle, Protection: 10,
		Vehicle: VehicleTarget{Frame: 12, Propulsion: 6, Weapons: []int{4, 4, 3}, Vehicles: 6}}
	for range maxSalvos {
		in.Salvos = append(in.Salvos, Salvo{Weapons: 10, Rate: 2, Accuracy: 4, Range: 2, Penetration: 10, Damage: 2})
	}
	if !unitEstimated(in) {
		t.Fatal("the test unit is small enough for the joint chain: make it larger")
	}
	res, err := Salvos(in)
	if err != nil {
		t.Fatal(err)
	}
	hasNote := func(r SalvosResult, id string) bool {
		return slices.ContainsFunc(r.Notes, func(n Note) bool { return n.ID == id })
	}
	if !hasNote(res, noteSalvosUnitEstimate.ID) {
		t.Errorf("no %s note on an estimated unit", noteSalvosUnitEstimate.ID)
	}
	all, mean := 1.0, 0.0
	for _, v := range res.Vehicles {
		all *= v.Destroyed
		mean += v.Destroyed
	}
	if math.Abs(res.Destroyed-all) > 1e-12 || math.Abs(res.Wrecks.Mean()-mean) > 1e-9 {
		t.Errorf("estimate: all destroyed %v, want %v; mean wrecks %v, want %v", res.Destroyed, all, res.Wrecks.Mean(), mean)
	}
	in.Vehicle.Vehicles, in.Salvos = 2, in.Salvos[:1]
	in.Vehicle.Frame, in.Vehicle.Propulsion, in.Vehicle.Weapons = 4, 2, []int{2}
	small, err := Salvos(in)
	if err != nil {
		t.Fatal(err)
	}
	if unitEstimated(in) || hasNote(small, noteSalvosUnitEstimate.ID) {
		t.Error("a small unit is estimated")
	}
}
