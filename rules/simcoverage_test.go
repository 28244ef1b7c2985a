package rules

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// The simulation of a unit stops at the first block of simBlock trials
// after which every figure's margin is under simMargin, and each figure
// then says "p ± SimulatedMargin(p, trials)". These tests measure how
// often that statement holds, the way the third audit did: a chance p
// simulated by the stopping rule itself, many times over, for true chances
// from 0.1 % to 99.9 %. A figure whose margin decides where the simulation
// stops is the worst case (stopping where its own margin happens to be
// small favours the runs where it is off); a figure that does not decide
// it is stopped on by others, near enough at a fixed number of trials.

// stopsAt says whether a simulation that saw k of n trials stop there,
// when this one figure decides.
func stopsAt(k, n int) bool {
	return n%simBlock == 0 && SimulatedMargin(float64(k)/float64(n), n) < simMargin
}

// holds says whether the margin stated for k of n trials holds p.
func holds(k, n int, p float64) bool {
	q := float64(k) / float64(n)
	return math.Abs(q-p) <= SimulatedMargin(q, n)
}

// stoppedCoverage is the exact chance, over every run of the stopping
// rule on a true chance p, that the stated margin holds p where the run
// stops, and the mean trials it stops at. It carries the chance of each
// count of successes among the runs still going, block after block
// (Binomial(simBlock, p) at a time), and takes out those that stop; the
// runs left are under 1e-17 of the whole before the cap, where every run
// stops.
func stoppedCoverage(p float64) (coverage, trials float64) {
	block := Binomial(simBlock, p).P
	going := []float64{1} // going[i]: runs with first+i successes
	first := 0
	for n := simBlock; len(going) > 0; n += simBlock {
		next := make([]float64, len(going)+simBlock)
		for i, x := range going {
			for j, y := range block {
				next[i+j] += x * y
			}
		}
		for i, x := range next {
			if k := first + i; x > 0 && stopsAt(k, n) {
				if holds(k, n, p) {
					coverage += x
				}
				trials += x * float64(n)
				next[i] = 0
			}
		}
		lo := slices.IndexFunc(next, func(x float64) bool { return x >= 1e-17 })
		if lo < 0 {
			break
		}
		hi := len(next)
		for next[hi-1] < 1e-17 {
			hi--
		}
		going, first = next[lo:hi], first+lo
	}
	return coverage, trials
}

// fixedCoverage is the exact chance that the margin stated after n trials
// holds p: a figure whose margin does not decide where the simulation
// stops.
func fixedCoverage(p float64, n int) float64 {
	c := 0.0
	for k, x := range Binomial(n, p).P {
		if x > 0 && holds(k, n, p) {
			c += x
		}
	}
	return c
}

// coverageGrid are the true chances the coverage is checked at: every
// tenth of a point up to 2 %, where the old margin failed, then coarser up
// to one half, with the chances near it where the margin held least; and
// a few above one half, where it holds as at 1-p (the rule treats a chance
// and the one of the opposite event alike).
func coverageGrid() []float64 {
	var ps []float64
	for i := 1; i <= 20; i++ {
		ps = append(ps, float64(i)/1000)
	}
	return append(ps, 0.025, 0.03, 0.04, 0.05, 0.07, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.384, 0.4, 0.42, 0.442, 0.45,
		0.458, 0.47, 0.5, 0.58, 0.9, 0.98, 0.99, 0.999)
}

// TestSimulatedCoverage checks that the margin a simulated figure states
// holds at least 95 % of the time, whatever its true chance from 0.1 % to
// 99.9 %: exactly, for the figure that decides where the simulation stops
// (the audit's measurement, with no sampling error) and for a figure read
// after a fixed number of trials; and that a seeded run of the stopping
// rule, 4,000 times at a few chances, agrees with the exact figures.
func TestSimulatedCoverage(t *testing.T) {
	for _, p := range coverageGrid() {
		t.Run(fmt.Sprintf("p=%g", p), func(t *testing.T) {
			c, trials := stoppedCoverage(p)
			t.Logf("true chance %.3f: the stated margin holds %.4f of the time, %.0f trials on average", p, c, trials)
			if c < 0.95 {
				t.Errorf("true chance %v: the stated margin holds %.5f of the time, want at least 0.95", p, c)
			}
			if trials > maxSimTrials {
				t.Errorf("%.0f trials on average, want at most %d", trials, maxSimTrials)
			}
			for _, n := range []int{simBlock, 3 * simBlock, 8 * simBlock, 40 * simBlock, maxSimTrials} {
				if c := fixedCoverage(p, n); c < 0.95 {
					t.Errorf("after %d trials: the stated margin holds %.5f of the time, want at least 0.95", n, c)
				}
			}
		})
	}
	rng := rand.New(rand.NewPCG(34, 1))
	for _, p := range []float64{0.005, 0.0142, 0.42} {
		const runs = 4000
		block := cumulative(Binomial(simBlock, p).P)
		held := 0
		for range runs {
			k, n := 0, 0
			for n == 0 || !stopsAt(k, n) {
				k += min(drawIndex(block, rng.Float64()), simBlock)
				n += simBlock
			}
			if holds(k, n, p) {
				held++
			}
		}
		want, _ := stoppedCoverage(p)
		got := float64(held) / runs
		if se := math.Sqrt(want * (1 - want) / runs); math.Abs(got-want) > 4*se {
			t.Errorf("true chance %v: %d runs of the stopping rule held %.4f of the time, the exact chance is %.4f", p, runs, got, want)
		}
	}
}

// drawIndex is the first index whose cumulative chance is over u.
func drawIndex(cum []float64, u float64) int {
	i, _ := slices.BinarySearchFunc(cum, u, func(c, u float64) int {
		if c <= u {
			return -1
		}
		return 1
	})
	return i
}

// TestMarginPeak checks marginPeak and the shape spread relies on: over
// every number of trials a simulation stops at, the margin of k/n grows
// with k up to the peak and falls after it, up to n/2.
func TestMarginPeak(t *testing.T) {
	for n := simBlock; n <= maxSimTrials; n += simBlock {
		peak := marginPeak(n)
		prev := -1.0
		for k := 0; k <= n/2; k++ {
			m := SimulatedMargin(float64(k)/float64(n), n)
			if k <= peak && m < prev || k > peak && m > prev {
				t.Fatalf("%d trials: the margin of %d is %v, of %d %v: not one peak at %d", n, k, m, k-1, prev, peak)
			}
			prev = m
		}
	}
}

// TestMaxSimTrials checks maxSimTrials: the first block after which no
// chance has a margin of simMargin or more.
func TestMaxSimTrials(t *testing.T) {
	worst := func(n int) float64 { return SimulatedMargin(float64(marginPeak(n))/float64(n), n) }
	if m := worst(maxSimTrials); m >= simMargin {
		t.Errorf("after %d trials a margin of %v", maxSimTrials, m)
	}
	if m := worst(maxSimTrials - simBlock); m < simMargin {
		t.Errorf("after %d trials every margin is under %v already (%v)", maxSimTrials-simBlock, simMargin, m)
	}
}

// auditLinks are the third audit's two simulated links that read off
// their truth (round3-engine.md, point 1), with the figure it measured and
// its truth: 1.42 % (20 million rolls of an independent model) shown as
// "0.0% ± 0.5%" after 384 trials without a wreck, and 51.2 % (4 million
// rolls) shown as 44.3 % with no margin.
var auditLinks = []struct {
	name, link string
	figure     func(SalvosResult) float64
	truth      float64
}{
	{"at least one wreck", "game=at44&target=veh&prot=13&frame=6&prop=3&weapons=3&vehicles=8&pick=wreck&medic=1&s1.n=10&s1.rate=1&s1.rr=1&s1.acc=3&s1.range=3&s1.pen=17&s1.dmg=3&s1.cover=cover&s1.dmgrr=1&s2.n=10&s2.rate=1&s2.rr=0&s2.acc=4&s2.range=5&s2.pen=10&s2.dmg=2&s2.cover=cover&s2.jammer=6&s3.n=10&s3.rate=1&s3.rr=1&s3.acc=3&s3.range=3&s3.pen=8&s3.dmg=3&s3.cover=none",
		func(r SalvosResult) float64 { return r.Wrecks.AtLeast(1) }, 0.0142},
	{"vehicle 3 immobilized", "game=at44&target=veh&prot=14&frame=8&prop=1&weapons=1,1,4&vehicles=8&pick=disarm&s1.n=7&s1.rate=1&s1.rr=0&s1.acc=6&s1.range=5&s1.pen=18&s1.dmg=1&s1.cover=none&s1.dmgrr=1&s2.n=5&s2.rate=1&s2.rr=0&s2.acc=3&s2.range=0&s2.pen=18&s2.dmg=2&s2.cover=cover&s3.n=10&s3.rate=1&s3.rr=0&s3.acc=2&s3.range=0&s3.pen=13&s3.dmg=2&s3.cover=cover",
		func(r SalvosResult) float64 { return r.Vehicles[2].Immobilized }, 0.512},
}

// TestAuditLinksWithinMargin refines the audit's two links and checks that
// the figure it found off now reads within its stated margin of the truth.
func TestAuditLinksWithinMargin(t *testing.T) {
	for _, tt := range auditLinks {
		t.Run(tt.name, func(t *testing.T) {
			v, err := ParseLink(tt.link)
			if err != nil {
				t.Fatal(err)
			}
			in, err := ParseSalvos(v)
			if err != nil {
				t.Fatal(err)
			}
			sim, err := SimulateSalvos(in)
			if err != nil {
				t.Fatal(err)
			}
			res := refine(t, sim)
			got := tt.figure(res)
			m := SimulatedMargin(got, res.Trials)
			t.Logf("%.4f ± %.4f after %d trials, truth %.4f", got, m, res.Trials, tt.truth)
			if math.Abs(got-tt.truth) > m {
				t.Errorf("%.4f ± %.4f after %d trials: the truth %.4f is outside", got, m, res.Trials, tt.truth)
			}
		})
	}
}
