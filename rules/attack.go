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
// failed dice re-rolled once each.
func poolHits(dice, pool int, p float64) Dist {
	first := Binomial(dice, p)
	if pool == 0 {
		return first
	}
	out := make([]float64, dice+1)
	rows := make(map[int][]float64) // one binomial row per number of re-rolled dice
	for h, ph := range first.P {
		if ph == 0 {
			continue
		}
		m := min(dice-h, pool)
		row, ok := rows[m]
		if !ok {
			row = Binomial(m, p).P
			rows[m] = row
		}
		for j, pj := range row {
			out[h+j] += ph * pj
		}
	}
	return Dist{P: out}
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
