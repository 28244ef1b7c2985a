package rules

// A slow, exact reference engine in math/big.Rat, written straight from the
// rules rather than from the fast code's tricks (no generating functions,
// no thinning shortcuts): the fast engine must agree with it to 1e-12.

import (
	"fmt"
	"math"
	"math/big"
	"testing"
)

type ratDist []*big.Rat

func ratZeros(n int) ratDist {
	d := make(ratDist, n)
	for i := range d {
		d[i] = new(big.Rat)
	}
	return d
}

func ratChance(action, difficulty int) *big.Rat {
	roll, auto := Needed(action - difficulty)
	switch auto {
	case AutoFail:
		return new(big.Rat)
	case AutoSuccess:
		return big.NewRat(1, 1)
	}
	return big.NewRat(int64(7-roll), 6)
}

func ratPow(p *big.Rat, n int) *big.Rat {
	r := big.NewRat(1, 1)
	for range n {
		r.Mul(r, p)
	}
	return r
}

func ratOneMinus(p *big.Rat) *big.Rat { return new(big.Rat).Sub(big.NewRat(1, 1), p) }

// ratBinomial sums C(n,k) p^k (1-p)^(n-k) term by term.
func ratBinomial(n int, p *big.Rat) ratDist {
	d := ratZeros(n + 1)
	q := ratOneMinus(p)
	for k := 0; k <= n; k++ {
		c := new(big.Rat).SetInt(new(big.Int).Binomial(int64(n), int64(k)))
		c.Mul(c, ratPow(p, k))
		c.Mul(c, ratPow(q, n-k))
		d[k] = c
	}
	return d
}

// ratThin keeps each item with chance p: a binomial of each count.
func ratThin(d ratDist, p *big.Rat) ratDist {
	out := ratZeros(len(d))
	for k, pk := range d {
		row := ratBinomial(k, p)
		for j, pj := range row {
			out[j].Add(out[j], new(big.Rat).Mul(pk, pj))
		}
	}
	return out
}

func ratCap(d ratDist, n int) ratDist {
	if n >= len(d)-1 {
		return d
	}
	out := ratZeros(n + 1)
	for k, pk := range d {
		out[min(k, n)].Add(out[min(k, n)], pk)
	}
	return out
}

// ratHits rolls every die and its re-rolls the long way.
func ratHits(g Game, weapons, rate, rerolls int, p *big.Rat) ratDist {
	dice := weapons * rate
	if g.Reroll == RerollPerDie {
		// A die hits unless all of its R+1 tries miss.
		pd := ratOneMinus(ratPow(ratOneMinus(p), rerolls+1))
		return ratBinomial(dice, pd)
	}
	pool := rerolls * weapons
	first := ratBinomial(dice, p)
	out := ratZeros(dice + 1)
	for h, ph := range first {
		second := ratBinomial(min(dice-h, pool), p)
		for j, pj := range second {
			out[h+j].Add(out[h+j], new(big.Rat).Mul(ph, pj))
		}
	}
	return out
}

// compare fails when a and the exact b differ by more than 1e-12 anywhere.
func compare(t *testing.T, what string, a Dist, b ratDist) {
	t.Helper()
	for len(b) > len(a.P) {
		if b[len(b)-1].Sign() != 0 {
			t.Errorf("%s: fast result has %d values, exact %d", what, len(a.P), len(b))
			return
		}
		b = b[:len(b)-1]
	}
	for k := range a.P {
		exact := 0.0
		if k < len(b) {
			exact, _ = b[k].Float64()
		}
		if d := math.Abs(a.P[k] - exact); d > 1e-12 {
			t.Errorf("%s: P(%d) = %.17g, exact %.17g (off by %.3g)", what, k, a.P[k], exact, d)
			return
		}
	}
}

// ratInfantry is the reference shoot at infantry: hits, cover, damage, cap.
func ratInfantry(g Game, in ShootInput) (hits, impacts, casualties ratDist) {
	band := in.Range
	acc := in.Accuracy
	if in.Detection {
		acc++
	}
	rr := in.Rerolls
	if in.FireAtWill {
		rr++
	}
	hits = ratHits(g, in.Weapons, in.Rate, rr, ratChance(acc, band))
	impacts = hits
	if save := g.CoverSave[in.Cover]; save > 0 && (band > 0 || g.CoverAtRangeZero) {
		impacts = ratThin(hits, big.NewRat(int64(save-1), 6))
	}
	pd := ratChance(in.Penetration, in.Protection)
	if in.DamageReroll {
		pd = ratOneMinus(ratPow(ratOneMinus(pd), 2))
	}
	succ := ratThin(impacts, pd)
	if in.Medic && in.Damage == 1 {
		shifted := ratZeros(max(len(succ)-1, 1))
		for k, pk := range succ {
			j := max(k-1, 0)
			shifted[j].Add(shifted[j], pk)
		}
		succ = shifted
	}
	return hits, impacts, ratCap(succ, in.Size)
}

func TestShootMatchesExactReference(t *testing.T) {
	n := 0
	for _, g := range Games() {
		for _, weapons := range []int{0, 1, 3, 5} {
			for _, rate := range []int{1, 2, 3} {
				for _, rr := range []int{0, 1, 2} {
					for _, acc := range []int{0, 3, 6} {
						for _, cover := range []Cover{CoverNone, CoverNormal, CoverTakeCover, CoverKnee} {
							for _, medic := range []bool{false, true} {
								in := ShootInput{Game: g.ID, Range: (weapons + rate) % 4, Cover: cover,
									FireAtWill: rr == 2 && rate == 3, Detection: acc == 6 && g.Detection,
									Attack: Attack{Weapons: weapons, Rate: rate, Rerolls: rr,
										Accuracy: acc, Penetration: 4 + rate, Damage: 1 + rr%2, DamageReroll: rr == 1,
										Protection: 5, Size: 1 + (weapons*rate)%9, Type: 1, Medic: medic}}
								t.Run(in.Query().Encode(), func(t *testing.T) {
									res, err := Shoot(in)
									if err != nil {
										t.Fatal(err)
									}
									hits, impacts, cas := ratInfantry(g, in)
									compare(t, "hits", res.Hits, hits)
									compare(t, "impacts", res.Impacts, impacts)
									compare(t, "casualties", res.Casualties, cas)
									n++
								})
							}
						}
					}
				}
			}
		}
	}
	t.Logf("%d inputs compared", n)
}

// TestLargeMatchesExactReference checks the numerics where dice are many:
// long rows, tiny tail probabilities.
func TestLargeMatchesExactReference(t *testing.T) {
	if testing.Short() {
		t.Skip("exact arithmetic on long rows is slow")
	}
	for _, g := range Games() {
		t.Run(g.ID, func(t *testing.T) {
			p := big.NewRat(2, 6)
			hits := ratHits(g, 60, 2, 1, p)
			fast := Hits(g, 60, 2, 1, 2.0/6)
			compare(t, g.Name+" 120 dice", fast, hits)
			compare(t, g.Name+" thinned", fast.Thin(0.5), ratThin(hits, big.NewRat(1, 2)))
			compare(t, g.Name+" thinned and capped", fast.thinCap(1.0/6, 10), ratCap(ratThin(hits, big.NewRat(1, 6)), 10))
		})
	}
}

func TestBinomialMatchesExactReference(t *testing.T) {
	for _, n := range []int{0, 1, 2, 7, 40, 150} {
		for _, p := range []*big.Rat{big.NewRat(1, 6), big.NewRat(1, 2), big.NewRat(5, 6), big.NewRat(35, 36), big.NewRat(1, 216)} {
			t.Run(fmt.Sprintf("n=%d p=%v", n, p), func(t *testing.T) {
				pf, _ := p.Float64()
				compare(t, "binomial", Binomial(n, pf), ratBinomial(n, p))
			})
		}
	}
}
