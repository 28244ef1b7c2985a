package rules

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// refine runs sim's steps until its margin is reached.
func refine(t testing.TB, sim *SalvosSimulation) SalvosResult {
	t.Helper()
	for range 10000 {
		if res := sim.Step(); res.Refined {
			return res
		}
	}
	t.Fatal("the simulation never reaches its margin")
	return SalvosResult{}
}

// simulationUnit is a random unit of the games' sizes the joint chain
// follows: two to five vehicles of 2 to 8 frame under one to four salvos
// of up to 8 dice, Damage 1 to 3, some AT-44 salvos a Jammer's.
func simulationUnit(rng *rand.Rand) SalvosInput {
	g := Games()[rng.IntN(2)]
	in := SalvosInput{Game: g.ID, Target: TargetVehicle, Protection: 6 + rng.IntN(8), Medic: rng.IntN(4) == 0,
		Vehicle: VehicleTarget{Frame: 2 + rng.IntN(7), Propulsion: rng.IntN(4), Vehicles: 2 + rng.IntN(4),
			Pick: WeaponPick(rng.IntN(2))}}
	for range rng.IntN(3) {
		in.Vehicle.Weapons = append(in.Vehicle.Weapons, 1+rng.IntN(3))
	}
	for range 1 + rng.IntN(4) {
		s := Salvo{Weapons: 1 + rng.IntN(8), Rate: 1, Accuracy: 3 + rng.IntN(3), Range: 1 + rng.IntN(3),
			Penetration: 8 + rng.IntN(8), Damage: 1 + rng.IntN(3)}
		if g.Fixed.Jammer && rng.IntN(4) == 0 {
			s.Jammer = 2 + rng.IntN(5)
		}
		in.Salvos = append(in.Salvos, s)
	}
	return in
}

// TestSalvosSimulationMatchesChain runs the simulation to its margin on
// 200 random units the joint chain follows exactly, and checks that the
// chances the headline can give (at least n destroyed, each n) are within
// the stated margin of the exact ones on at least 95 % of the units, that
// every chance the result gives after every salvo is within its own
// margin (SimulatedMargin of the figure) at least 95 % of the time, and
// that no figure is further than 4.5 standard errors.
func TestSalvosSimulationMatchesChain(t *testing.T) {
	rng := rand.New(rand.NewPCG(24, 6))
	const units = 200
	inside, worst, sum, trials := 0, 0.0, 0.0, 0
	figures, held, worstFigure := 0, 0, 0.0
	for n := 0; n < units; {
		in := simulationUnit(rng)
		if in.Validate() != nil || unitChainOf(in) == nil {
			continue
		}
		n++
		exact, err := Salvos(in)
		if err != nil {
			t.Fatal(err)
		}
		sim, err := SimulateSalvos(in)
		if err != nil {
			t.Fatal(err)
		}
		got := refine(t, sim)
		trials += got.Trials
		if got.Margin >= simMargin {
			t.Errorf("%d: refined with margin %v", n, got.Margin)
		}
		miss := 0.0
		for k := 1; k <= in.Vehicle.Vehicles; k++ {
			miss = max(miss, math.Abs(got.Wrecks.AtLeast(k)-exact.Wrecks.AtLeast(k)))
		}
		worst, sum = max(worst, miss), sum+miss
		if miss <= got.Margin {
			inside++
		}
		for s, want := range exact.VehicleAfter {
			if d := simDiffers(got.VehicleAfter[s], want, got.Trials); d != "" {
				t.Errorf("%d: %+v %+v, after salvo %d: %s", n, in.Vehicle, in.Salvos, s+1, d)
			}
			eachChance(got.VehicleAfter[s], want, func(_ string, g, w float64) {
				figures++
				off := math.Abs(g - w)
				worstFigure = max(worstFigure, off)
				if off <= SimulatedMargin(g, got.Trials) {
					held++
				}
			})
		}
	}
	t.Logf("%d units, %d trials on average: headline chances within the stated margin on %d; off by %.4f on average, %.4f at worst",
		units, trials/units, inside, sum/units, worst)
	t.Logf("%d chances after every salvo: %.2f %% within their own margin, off by %.4f at worst", figures, 100*float64(held)/float64(figures), worstFigure)
	if inside < units*95/100 {
		t.Errorf("within the margin on %d of %d units, want at least 95 %%", inside, units)
	}
	if held < figures*95/100 {
		t.Errorf("%d of %d chances within their margin, want at least 95 %%", held, figures)
	}
}

// eachChance calls f with every chance a vehicle result gives, the
// simulated one and the exact: the unit's, each number of wrecks exactly
// and at least, and each vehicle's, frame left and impacts taken exactly
// and at least.
func eachChance(got, want VehicleResult, f func(what string, g, w float64)) {
	dist := func(what string, g, w Dist) {
		for k := range max(len(g.P), len(w.P)) {
			f(what, g.At(k), w.At(k))
			if k > 0 {
				f(what+" at least", g.AtLeast(k), w.AtLeast(k))
			}
		}
	}
	list := func(what string, g, w []float64) {
		for i := range max(len(g), len(w)) {
			f(what, Dist{P: g}.At(i), Dist{P: w}.At(i))
		}
	}
	f("destroyed", got.Destroyed, want.Destroyed)
	f("immobilized", got.Immobilized, want.Immobilized)
	list("lost", got.Lost, want.Lost)
	dist("wrecks", got.Wrecks, want.Wrecks)
	for j, v := range got.Vehicles {
		w := want.Vehicles[j]
		f("vehicle destroyed", v.Destroyed, w.Destroyed)
		f("vehicle immobilized", v.Immobilized, w.Immobilized)
		list("vehicle lost", v.Lost, w.Lost)
		dist("vehicle frame", v.Frame, w.Frame)
		dist("vehicle impacts", v.Impacts, w.Impacts)
	}
}

// simDiffers says how a simulated figure of n trials is further than 4.5
// standard errors (and three trials) from the exact one, or "".
func simDiffers(got, want VehicleResult, n int) string {
	far := func(g, w float64) bool {
		// A few trials more or less, for the chances so small that one
		// trial is many standard errors.
		return math.Abs(g-w) > 4.5*math.Sqrt(w*(1-w)/float64(n))+3/float64(n)
	}
	chances := func(what string, g, w []float64) string {
		for i := range max(len(g), len(w)) {
			gi, wi := Dist{P: g}.At(i), Dist{P: w}.At(i)
			if far(gi, wi) {
				return fmt.Sprintf("%s[%d] %v, exact %v", what, i, gi, wi)
			}
		}
		return ""
	}
	if d := chances("destroyed, immobilized", []float64{got.Destroyed, got.Immobilized}, []float64{want.Destroyed, want.Immobilized}); d != "" {
		return d
	}
	if d := chances("lost", got.Lost, want.Lost); d != "" {
		return d
	}
	if d := chances("wrecks", got.Wrecks.P, want.Wrecks.P); d != "" {
		return d
	}
	for j, f := range got.Vehicles {
		w := want.Vehicles[j]
		for _, c := range []struct {
			what string
			g, w []float64
		}{
			{"destroyed, immobilized", []float64{f.Destroyed, f.Immobilized}, []float64{w.Destroyed, w.Immobilized}},
			{"lost", f.Lost, w.Lost},
			{"frame", f.Frame.P, w.Frame.P},
			{"impacts", f.Impacts.P, w.Impacts.P},
		} {
			if d := chances(c.what, c.g, c.w); d != "" {
				return fmt.Sprintf("vehicle %d %s", j, d)
			}
		}
	}
	return ""
}

// largeUnit is eight walkers of 4 frame, 2 propulsion and weapons of 2
// and 1 SP under three salvos of 12 dice of Damage 2, much as the browser
// test's link: past the joint chain's budget, with chances of every number
// of wrecks far from 0 and 1.
func largeUnit() SalvosInput {
	in := unitSalvos(VehicleTarget{Frame: 4, Propulsion: 2, Weapons: []int{2, 1}, Vehicles: 8}, 12, func(int) int { return 2 })
	in.Salvos = in.Salvos[:3]
	return in
}

// TestSalvosSimulated checks what a link past the joint chain's budget
// gives: Salvos answers with the simulation's first slice, marked and
// noted, and SimulateSalvos refines it; one vehicle and infantry are not
// simulated, nor a unit small enough for the chain.
func TestSalvosSimulated(t *testing.T) {
	hasNote := func(r SalvosResult) bool {
		return slices.ContainsFunc(r.Notes, func(n Note) bool { return n.ID == noteSalvosUnitSimulated.ID })
	}
	in := largeUnit()
	first, err := Salvos(in)
	if err != nil {
		t.Fatal(err)
	}
	if !first.Simulated || first.Trials < simBlock || first.Trials%simBlock != 0 || !hasNote(first) || first.Refined {
		t.Fatalf("first answer: simulated %v after %d trials, note %v, refined %v", first.Simulated, first.Trials, hasNote(first), first.Refined)
	}
	checkVehicleSalvos(t, in, first)
	sim, err := SimulateSalvos(in)
	if err != nil {
		t.Fatal(err)
	}
	if step := sim.Step(); step.Trials <= first.Trials {
		t.Errorf("a step runs %d trials, the first answer %d: want more", step.Trials, first.Trials)
	}
	res := refine(t, sim)
	if res.Margin >= simMargin || res.Margin < simMargin/2 || !sim.Refined() {
		t.Errorf("refined to margin %v", res.Margin)
	}
	checkVehicleSalvos(t, in, res)
	if again := sim.Step(); again.Trials != res.Trials {
		t.Errorf("a step after the margin runs %d more trials", again.Trials-res.Trials)
	}
	if math.Abs(res.Destroyed-first.Destroyed) > 3*first.Margin {
		t.Errorf("all destroyed %v refined, %v ± %v at first", res.Destroyed, first.Destroyed, first.Margin)
	}
	small := unitSalvos(VehicleTarget{Frame: 4, Propulsion: 2, Weapons: []int{2}, Vehicles: 2}, 3, func(int) int { return 2 })
	for _, tt := range []struct {
		name   string
		in     SalvosInput
		refuse bool
	}{
		{"small unit", small, false},
		{"one vehicle", func() SalvosInput { in := largeUnit(); in.Vehicle.Vehicles = 1; return in }(), true},
		{"infantry", SalvosInput{Game: "at43", Size: 6, Type: 1, Protection: 5, Salvos: []Salvo{DefaultSalvo()}}, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			res, err := Salvos(tt.in)
			if err != nil || res.Simulated || hasNote(res) {
				t.Errorf("simulated %v, error %v", res.Simulated, err)
			}
			if _, err := SimulateSalvos(tt.in); (err != nil) != tt.refuse {
				t.Errorf("SimulateSalvos: error %v, want refused %v", err, tt.refuse)
			}
		})
	}
}

// TestSalvosSimulationRepeats checks that one link gives the same figures
// every time, however the work is sliced: the first answer twice, and the
// refined figures of slices of one size and of another.
func TestSalvosSimulationRepeats(t *testing.T) {
	in := largeUnit()
	a, _ := Salvos(in)
	b, _ := Salvos(in)
	if !sameJSON(t, a, b) {
		t.Error("the first answer differs from one call to the next")
	}
	sim, err := SimulateSalvos(in)
	if err != nil {
		t.Fatal(err)
	}
	once := refine(t, sim)
	other, _ := SimulateSalvos(in)
	for !other.Refined() {
		other.run(sliceNanos / 7)
	}
	if !sameJSON(t, once, other.Result()) {
		t.Error("slices of another size give other refined figures")
	}
	// Another link, other dice.
	in.Salvos[0].Weapons++
	third, _ := SimulateSalvos(in)
	if sameJSON(t, once, refine(t, third)) {
		t.Error("another link gives the same figures")
	}
}

func sameJSON(t *testing.T, a, b SalvosResult) bool {
	t.Helper()
	ja, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	jb, err := json.Marshal(b)
	if err != nil {
		t.Fatal(err)
	}
	return string(ja) == string(jb)
}

// TestSimulatedMargin checks the margin against values worked out by
// hand from Newcombe's formulas with z = 1.97: one half over 10,000
// trials (the Wilson half-width, the interval centred), none or every one
// of 100 and 1,024 (the interval's far end), one of 1,024 (its far end
// 0.0064, 0.0054 from 1/1024).
func TestSimulatedMargin(t *testing.T) {
	for _, tt := range []struct {
		p    float64
		n    int
		want float64
	}{
		{0.5, 10000, 0.0098981},
		{0, 100, 0.0464676},
		{1, 100, 0.0464676},
		{0, 1024, 0.0046979},
		{1.0 / 1024, 1024, 0.0053815},
		{1023.0 / 1024, 1024, 0.0053815},
		{0, 0, 1},
	} {
		if got := SimulatedMargin(tt.p, tt.n); math.Abs(got-tt.want) > 1e-6 {
			t.Errorf("SimulatedMargin(%v, %d) = %v, want %v", tt.p, tt.n, got, tt.want)
		}
	}
}

// FuzzSalvosSimulation plays random units of every size the links allow
// for a few steps: the figures stay chances that add up, and a second
// simulation of the same link gives the same ones.
func FuzzSalvosSimulation(f *testing.F) {
	f.Add(uint64(1), uint64(2), uint8(2))
	f.Add(uint64(7), uint64(70), uint8(10))
	f.Fuzz(func(t *testing.T, a, b uint64, steps uint8) {
		rng := rand.New(rand.NewPCG(a, b))
		in := simulationUnit(rng)
		in.Vehicle.Vehicles = 2 + rng.IntN(maxVehicles-1)
		in.Vehicle.Frame = 1 + rng.IntN(20)
		for i := range in.Salvos {
			in.Salvos[i].Weapons = rng.IntN(40)
		}
		one, err := SimulateSalvos(in)
		if err != nil {
			return
		}
		two, _ := SimulateSalvos(in)
		// One or two slices: a third or fourth runs the same code again,
		// and each costs the fuzzer about 5 ms of its few minutes in CI.
		var res SalvosResult
		for range 1 + int(steps)%2 {
			res = one.Step()
			two.Step()
		}
		checkVehicleSalvos(t, in, res)
		if !sameJSON(t, res, two.Result()) {
			t.Fatalf("%+v: two simulations differ", in)
		}
	})
}
