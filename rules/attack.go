package rules

import "math"

// Hits is the distribution of hits when weapons weapons of attack rate rate
// each roll against a test succeeding with chance p per die, with rerolls
// re-rolls spent the game's way (see Game.Reroll). Dice = rate x weapons.
// The automatic outcomes are chances 0 and 1.
func Hits(g Game, weapons, rate, rerolls int, p float64) Dist {
	dice := max(weapons*rate, 0)
	switch {
	case p <= 0:
		return Point(0)
	case p >= 1:
		return Point(dice)
	}
	if g.Reroll == RerollPool {
		return poolHits(dice, max(rerolls*weapons, 0), p)
	}
	// Every miss is re-rolled up to R times: each die simply gets R+1 tries.
	return Binomial(dice, 1-math.Pow(1-p, float64(max(rerolls, 0)+1)))
}

// poolHits is the AT-44 re-roll: first-roll hits, then up to pool of the
// failed dice re-rolled once each. It counts misses: with F first-roll
// misses, F <= pool leaves each of them missing again with chance q
// (thinning), F > pool leaves F - pool plus the misses among pool re-rolled
// dice (a convolution). Hits are dice minus misses.
func poolHits(dice, pool int, p float64) Dist {
	q := 1 - p
	first := Binomial(dice, q) // first-roll misses
	if pool == 0 {
		return first.reverse()
	}
	all := first.P
	low := Dist{P: all[:min(pool, dice)+1]}.Thin(q)
	misses := make([]float64, dice+1)
	copy(misses, low.P)
	if dice > pool {
		high := Dist{P: append([]float64{0}, all[pool+1:]...)} // F - pool; F == pool is in low
		tail := high.Convolve(Binomial(pool, q))
		for j, v := range tail.P {
			misses[j] += v
		}
	}
	return Dist{P: misses}.reverse()
}

// damageChance is the chance one damage test succeeds, each failed test
// re-rolled once when reroll is set (Concentration).
func damageChance(penetration, protection int, reroll bool) float64 {
	p := Chance(penetration, protection)
	if reroll {
		p = 1 - (1-p)*(1-p)
	}
	return p
}
