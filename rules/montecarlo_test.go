package rules

import (
	"math"
	"math/rand/v2"
	"testing"
)

// The Monte Carlo tests roll the dice one by one, as players do, with a
// fixed seed, and check that the exact distributions agree within 5
// standard errors.

type dice struct{ r *rand.Rand }

func (d dice) roll() int { return 1 + d.r.IntN(6) }

// pass rolls one test: needed 0 with auto for the settled outcomes.
func (d dice) pass(action, difficulty int) bool {
	roll, auto := Needed(action - difficulty)
	switch auto {
	case AutoFail:
		return false
	case AutoSuccess:
		return true
	}
	return d.roll() >= roll
}

// hits rolls dice with the game's re-roll rule.
func (d dice) hits(g Game, weapons, rate, rerolls, action, difficulty int) int {
	n := weapons * rate
	hits, misses := 0, 0
	for range n {
		if d.pass(action, difficulty) {
			hits++
		} else {
			misses++
		}
	}
	if g.Reroll == RerollPerDie {
		for range rerolls {
			again := misses
			misses = 0
			for range again {
				if d.pass(action, difficulty) {
					hits++
				} else {
					misses++
				}
			}
		}
		return hits
	}
	for range min(misses, rerolls*weapons) {
		if d.pass(action, difficulty) {
			hits++
		}
	}
	return hits
}

func agree(t *testing.T, what string, exact Dist, counts []int, trials int) {
	t.Helper()
	for k := range max(len(counts), len(exact.P)) {
		p := exact.At(k)
		got := 0.0
		if k < len(counts) {
			got = float64(counts[k]) / float64(trials)
		}
		bound := 5*math.Sqrt(p*(1-p)/float64(trials)) + 1/float64(trials)
		if math.Abs(got-p) > bound {
			t.Errorf("%s: P(%d) exact %.5f, sampled %.5f (bound %.5f)", what, k, p, got, bound)
		}
	}
}

func TestMonteCarloShoot(t *testing.T) {
	d := dice{rand.New(rand.NewPCG(43, 44))}
	const trials = 40000
	inputs := []ShootInput{
		{Game: "at43", Range: 3, Cover: CoverNormal, Attack: Attack{Weapons: 5, Rate: 2, Rerolls: 1,
			Accuracy: 3, Penetration: 6, Damage: 1, DamageReroll: true, Protection: 5, Size: 6, Type: 1, Medic: true}},
		{Game: "at44", Range: 2, Cover: CoverTakeCover, FireAtWill: true, Attack: Attack{Weapons: 4, Rate: 3, Rerolls: 1,
			Accuracy: 3, Penetration: 5, Damage: 1, Protection: 4, Size: 5, Type: 1}},
		{Game: "at44", Range: 0, Cover: CoverNormal, Attack: Attack{Weapons: 6, Rate: 1, Rerolls: 2,
			Accuracy: 2, Penetration: 7, Damage: 2, Protection: 8, Size: 10, Type: 1, Medic: true}},
	}
	for _, in := range inputs {
		t.Run(in.Query().Encode(), func(t *testing.T) {
			g, _ := GameByID(in.Game)
			res, err := Shoot(in)
			if err != nil {
				t.Fatal(err)
			}
			rr := in.Rerolls
			if in.FireAtWill {
				rr++
			}
			save := g.CoverSave[in.Cover]
			if in.Range == 0 && !g.CoverAtRangeZero {
				save = 0
			}
			hitCounts := make([]int, in.Weapons*in.Rate+1)
			casCounts := make([]int, in.Size+1)
			for range trials {
				h := d.hits(g, in.Weapons, in.Rate, rr, in.Accuracy, in.Range)
				hitCounts[h]++
				killed, medic := 0, in.Medic
				for range h {
					if save > 0 && d.roll() >= save {
						continue
					}
					ok := d.pass(in.Penetration, in.Protection)
					if !ok && in.DamageReroll {
						ok = d.pass(in.Penetration, in.Protection)
					}
					if !ok {
						continue
					}
					if medic {
						medic = false
						if in.Damage == 1 {
							continue
						}
					}
					killed++
				}
				casCounts[min(killed, in.Size)]++
			}
			agree(t, in.Game+" hits", res.Hits, hitCounts, trials)
			agree(t, in.Game+" casualties", res.Casualties, casCounts, trials)
		})
	}
}

func TestMonteCarloIndirect(t *testing.T) {
	d := dice{rand.New(rand.NewPCG(8, 10))}
	const trials = 40000
	for _, g := range Games() {
		in := IndirectInput{Game: g.ID, Weapons: 6, Rate: 1, Rerolls: 1, Accuracy: 4, Range: 3, AoE: 3,
			Penetration: 5, Damage: 1, Protection: 6, Under: 4}
		res, err := Indirect(in)
		if err != nil {
			t.Fatal(err)
		}
		cas := make([]int, in.Under+1)
		lost := 0
		for range trials {
			k := d.hits(g, in.Weapons, in.Rate, in.Rerolls, in.Accuracy, in.Range)
			if k == 0 && g.ID == "at44" {
				lost++
				cas[0]++
				continue
			}
			impacts := 1
			if r := in.AoE * max(k, 1); g.ID == "at43" && r > 10 {
				impacts = 2
			} else if g.ID == "at44" && r >= 10 {
				impacts = 1 + k - (10+in.AoE-1)/in.AoE
			}
			dead := 0
			for range in.Under {
				for range impacts {
					if d.pass(in.Penetration, in.Protection) {
						dead++
						break
					}
				}
			}
			cas[dead]++
		}
		agree(t, g.Name+" template casualties", res.Casualties, cas, trials)
		agree(t, g.Name+" shot lost", Dist{P: []float64{1 - res.ShotLost, res.ShotLost}}, []int{trials - lost, lost}, trials)
	}
}
