package rules

import (
	"flag"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

// simMeasure turns on the measurements of the simulation that take too
// long for every run of the tests: go test -run Measure ./rules/ -args -simmeasure
var simMeasure = flag.Bool("simmeasure", false, "run the simulation's long measurements")

// auditUnit is a random unit of the third audit's sizes: 3 to 8 vehicles
// of frame 2-8, propulsion 0-4, 0-3 weapons of 1-4 SP, Protection 8-14,
// under 1 to 4 salvos of 1 to 8 dice (4 to 10 when big), Damage 1 to 3,
// with cover, re-rolls, Fire at will, Jammer, Detection, Self-repair.
func auditUnit(rng *rand.Rand, big bool) SalvosInput {
	in := SalvosInput{Game: "at44", Target: TargetVehicle, Protection: 8 + rng.IntN(7), Medic: rng.IntN(4) == 0,
		Vehicle: VehicleTarget{Frame: 2 + rng.IntN(7), Propulsion: rng.IntN(5), Vehicles: 3 + rng.IntN(6),
			Pick: WeaponPick(rng.IntN(2))}}
	for range rng.IntN(4) {
		in.Vehicle.Weapons = append(in.Vehicle.Weapons, 1+rng.IntN(4))
	}
	dice := func() int { return 1 + rng.IntN(8) }
	if big {
		dice = func() int { return 4 + rng.IntN(7) }
	}
	for range 1 + rng.IntN(4) {
		s := Salvo{Weapons: dice(), Rate: 1, Rerolls: rng.IntN(2), Accuracy: 2 + rng.IntN(5), Range: rng.IntN(6),
			Penetration: 8 + rng.IntN(11), Damage: 1 + rng.IntN(3), Cover: Cover(rng.IntN(2)), DamageReroll: rng.IntN(4) == 0,
			FireAtWill: rng.IntN(4) == 0, Detection: rng.IntN(4) == 0}
		if rng.IntN(5) == 0 {
			s.Jammer = 2 + rng.IntN(5)
		}
		in.Salvos = append(in.Salvos, s)
	}
	return in
}

// TestMeasureSimulation measures, on 600 random units of the audit's
// sizes, those the engine simulates: the trials the old rule (the Wilson
// half-width of the headline's chances under half a point) stopped at and
// the trials the rule stops at now, and the time the page's way (Salvos,
// then Step until Refined) takes natively. Run with -simmeasure.
func TestMeasureSimulation(t *testing.T) {
	if !*simMeasure {
		t.Skip("a measurement: run with -simmeasure")
	}
	rng := rand.New(rand.NewPCG(43, 3))
	var olds, news []int
	var times, oldTimes []time.Duration
	slices0 := []int{}
	for i := range 600 {
		in := auditUnit(rng, i >= 300)
		if in.Validate() != nil {
			continue
		}
		start := cpuTime()
		first, err := Salvos(in)
		if err != nil || !first.Simulated {
			continue
		}
		sim, _ := SimulateSalvos(in)
		steps := 0
		for !sim.Refined() {
			sim.Step()
			steps++
		}
		times = append(times, cpuTime()-start)
		slices0 = append(slices0, steps)
		news = append(news, sim.trials)
		start = cpuTime()
		olds = append(olds, oldStop(in))
		oldTimes = append(oldTimes, cpuTime()-start)
	}
	quant := func(xs []int, q float64) int {
		s := slices.Sorted(slices.Values(xs))
		return s[int(q*float64(len(s)-1))]
	}
	mean := func(xs []int) float64 {
		sum := 0
		for _, x := range xs {
			sum += x
		}
		return float64(sum) / float64(len(xs))
	}
	slices.Sort(times)
	slices.Sort(oldTimes)
	var total, oldTotal time.Duration
	for i := range times {
		total, oldTotal = total+times[i], oldTotal+oldTimes[i]
	}
	t.Logf("%d simulated units", len(news))
	t.Logf("old rule: trials mean %.0f, median %d, min %d, max %d; units stopped at 384: %d; trials run in %v of CPU mean, %v at worst",
		mean(olds), quant(olds, 0.5), quant(olds, 0), quant(olds, 1), count(olds, 384), oldTotal/time.Duration(len(oldTimes)), oldTimes[len(oldTimes)-1])
	t.Logf("new rule: trials mean %.0f, median %d, min %d, max %d; at the cap %d: %d",
		mean(news), quant(news, 0.5), quant(news, 0), quant(news, 1), maxSimTrials, count(news, maxSimTrials))
	t.Logf("refined natively in %v of CPU mean, %v median, %v at the 90th percentile, %v at worst; slices of Step: mean %.1f, max %d",
		total/time.Duration(len(times)), times[len(times)/2], times[len(times)*9/10], times[len(times)-1], mean(slices0), quant(slices0, 1))
}

func count(xs []int, v int) int {
	n := 0
	for _, x := range xs {
		if x == v {
			n++
		}
	}
	return n
}

// oldStop is where the rule before round 3's fix stopped on in: the first
// block after which every "at least n destroyed" after the last salvo had
// a Wilson half-width at 1.96 under half a point.
func oldStop(in SalvosInput) int {
	sim, _ := SimulateSalvos(in)
	half := func(p float64, n int) float64 {
		z, nf := 1.959964, float64(n)
		return z / (1 + z*z/nf) * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf))
	}
	for {
		for range simBlock {
			sim.trial()
		}
		wrecks := sim.tally.wrecks[len(sim.salvos)-1]
		worst, atLeast := 0.0, 0
		for k := len(wrecks) - 1; k >= 1; k-- {
			atLeast += wrecks[k]
			worst = max(worst, half(float64(atLeast)/float64(sim.trials), sim.trials))
		}
		if worst < simMargin {
			return sim.trials
		}
	}
}
