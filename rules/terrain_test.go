package rules

import (
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"net/url"
	"reflect"
	"testing"
)

// ratTerrain follows the structure salvo by salvo in rationals.
func ratTerrain(g Game, in TerrainInput) (bySalvo []*big.Rat, left ratDist) {
	return ratTerrainHits(in, ratHits(g, in.Weapons, in.Rate, in.Rerolls, ratChance(in.Accuracy, in.Range)))
}

// ratTerrainHits follows the structure when each salvo's hits follow hits.
func ratTerrainHits(in TerrainInput, hits ratDist) (bySalvo []*big.Rat, left ratDist) {
	left = ratZeros(in.Structure + 1)
	left[in.Structure].SetInt64(1)
	for range in.Salvos {
		next := ratZeros(in.Structure + 1)
		next[0].Set(left[0])
		for s := 1; s <= in.Structure; s++ {
			for j, p := range ratThin(hits, ratChance(in.Penetration, s)) {
				to := max(s-j*in.Damage, 0)
				next[to].Add(next[to], new(big.Rat).Mul(left[s], p))
			}
		}
		left = next
		bySalvo = append(bySalvo, new(big.Rat).Set(left[0]))
	}
	return bySalvo, left
}

func TestTerrainMatchesExactReference(t *testing.T) {
	for _, in := range []TerrainInput{
		{Game: "at44", Weapons: 1, Rate: 1, Accuracy: 3, Penetration: 5, Damage: 1, Structure: 1, Salvos: 1},
		{Game: "at44", Weapons: 2, Rate: 2, Rerolls: 1, Accuracy: 4, Range: 2, Penetration: 9, Damage: 2, Structure: 8, Salvos: 4},
		{Game: "at44", Weapons: 3, Rate: 1, Accuracy: 2, Range: 1, Penetration: 12, Damage: 1, Structure: 12, Salvos: 6},
		{Game: "at44", Weapons: 1, Rate: 3, Rerolls: 2, Accuracy: 5, Penetration: 16, Damage: 3, Structure: 14, Salvos: 5},
		{Game: "at44", Weapons: 4, Rate: 1, Accuracy: 3, Penetration: 4, Damage: 1, Structure: 10, Salvos: 3},
	} {
		t.Run(in.Query().Encode(), func(t *testing.T) {
			res, err := Terrain(in)
			if err != nil {
				t.Fatal(err)
			}
			by, left := ratTerrain(AT44, in)
			name := fmt.Sprintf("%+v", in)
			compare(t, name+" structure", res.Structure, left)
			for k := range by {
				if f, _ := by[k].Float64(); math.Abs(res.BySalvo[k]-f) > 1e-12 {
					t.Errorf("%s: down within %d salvos %v, want %v", name, k+1, res.BySalvo[k], f)
				}
				if k > 0 && res.BySalvo[k] < res.BySalvo[k-1] {
					t.Errorf("%s: more salvos lowered the chance", name)
				}
			}
			if res.Destroyed != res.BySalvo[in.Salvos-1] || !near(res.Structure.Sum(), 1) {
				t.Errorf("%s: destroyed %v, by salvo %v, structure sums to %v", name, res.Destroyed, res.BySalvo, res.Structure.Sum())
			}
		})
	}
}

func TestTerrainWeakens(t *testing.T) {
	// One rate-1 weapon hitting on 3+ (Accuracy 3 at range 0), Penetration 5.
	in := TerrainInput{Game: "at44", Weapons: 1, Rate: 1, Accuracy: 3, Penetration: 5, Damage: 1, Structure: 1, Salvos: 1}
	res, err := Terrain(in)
	if err != nil {
		t.Fatal(err)
	}
	// Structure 1: 5 - 1 = +4 needs 2+, so one salvo brings it down 4/6 x 5/6.
	if want := 4.0 / 6 * 5.0 / 6; !near(res.Destroyed, want) {
		t.Errorf("structure 1: %v, want %v", res.Destroyed, want)
	}
	// Each salvo faces the structure left by the one before: the damage
	// tests listed go from 5+ (5 vs 8) down to 2+ (5 vs 1).
	in.Structure, in.Salvos = 8, 3
	res, _ = Terrain(in)
	var needed []int
	for _, s := range res.Explain {
		if s.Kind == "damage" {
			needed = append(needed, s.Needed)
		}
	}
	if want := []int{5, 5, 4, 4, 4, 3, 3, 2}; !reflect.DeepEqual(needed, want) {
		t.Errorf("damage tests by structure %v, want %v", needed, want)
	}
}

func TestTerrainQuery(t *testing.T) {
	in := TerrainInput{Game: "at44", Weapons: 5, Rate: 2, Rerolls: 1, Accuracy: 4, Range: 3, Penetration: 10, Damage: 2, Structure: 16, Salvos: 7}
	if got, err := ParseTerrain(in.Query()); err != nil || !reflect.DeepEqual(got, in) {
		t.Errorf("round trip: got %+v, %v, want %+v", got, err, in)
	}
	for _, tt := range []struct {
		name string
		want int
	}{
		{"tree", 8}, {"door", 8}, {"reinforced door", 10}, {"rocks", 12}, {"low wall", 12},
		{"container", 10}, {"wooden wall", 10}, {"stone-wall", 14}, {"Concrete_Wall", 16},
		{"reinforcedconcrete", 18}, {"9", 9},
	} {
		t.Run("structure="+tt.name, func(t *testing.T) {
			got, err := ParseTerrain(url.Values{"structure": {tt.name}})
			if err != nil || got.Structure != tt.want {
				t.Errorf("structure=%s: %d, %v, want %d", tt.name, got.Structure, err, tt.want)
			}
		})
	}
	if def, err := ParseTerrain(url.Values{}); err != nil || def.Structure != 12 || def.Game != "at44" {
		t.Errorf("defaults: %+v, %v", def, err)
	}
	for _, b := range []struct{ query, key, allowed string }{
		{"game=at43", "game", "allowed at44"},
		{"structure=castle", "structure", "stonewall"},
		{"structure=0", "structure", "1-30"},
		{"salvos=21", "salvos", "1-20"},
		{"salvos=0", "salvos", "1-20"},
		{"n=101", "n", "0-100"},
		{"rate=0", "rate", "1-20"},
		{"rr=11", "rr", "0-10"},
		{"acc=31", "acc", "0-30"},
		{"range=31", "range", "0-30"},
		{"pen=-1", "pen", "0-30"},
		{"dmg=11", "dmg", "1-10"},
		{"cm=20&range=2", "cm", "allowed one of them"},
		{"cm=301", "cm", "0-300"},
		{"cm=x", "cm", "not a whole number"},
	} {
		t.Run(b.query, func(t *testing.T) {
			v, _ := url.ParseQuery(b.query)
			_, err := ParseTerrain(v)
			wantKeyError(t, b.query, err, b.key, b.allowed)
		})
	}
}

func FuzzTerrain(f *testing.F) {
	f.Add(1, 1, 0, 3, 0, 5, 1, "12", 1)
	f.Add(100, 20, 10, 30, 0, 30, 1, "30", 20)
	f.Fuzz(func(t *testing.T, n, rate, rr, acc, rng, pen, dmg int, structure string, salvos int) {
		v := url.Values{"structure": {structure}}
		for k, x := range map[string]int{"n": n, "rate": rate, "rr": rr, "acc": acc, "range": rng, "pen": pen, "dmg": dmg, "salvos": salvos} {
			v.Set(k, fmt.Sprint(x))
		}
		in, err := ParseTerrain(v)
		if err != nil {
			return
		}
		timed(t, func() {
			res, err := Terrain(in)
			if err != nil {
				t.Fatalf("%+v: parsed but failed: %v", in, err)
			}
			validDist(t, "structure", res.Structure)
			validDist(t, "hits", res.Hits)
		})
	})
}

func BenchmarkTerrainTypical(b *testing.B) {
	in := TerrainInput{Game: "at44", Weapons: 5, Rate: 1, Accuracy: 3, Range: 2, Penetration: 8, Damage: 1, Structure: 12, Salvos: 4}
	for b.Loop() {
		if _, err := Terrain(in); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkTerrainWorst(b *testing.B) {
	in := TerrainInput{Game: "at44", Weapons: maxFighters, Rate: maxRate, Rerolls: maxRerolls, Accuracy: 3, Range: 0,
		Penetration: 14, Damage: 1, Structure: maxValue, Salvos: maxTerrainSalvos}
	for b.Loop() {
		if _, err := Terrain(in); err != nil {
			b.Fatal(err)
		}
	}
}

// TestTerrainCM checks the cm key: read into the game's band, written back,
// refused beside range or out of its range.
func TestTerrainCM(t *testing.T) {
	for _, cm := range []int{0, 9, 10, 25, 40, 300} {
		t.Run(fmt.Sprint("cm=", cm), func(t *testing.T) {
			in := TerrainInput{Game: "at44", Weapons: 3, Rate: 2, Accuracy: 4, CM: &cm, Penetration: 10, Damage: 1, Structure: 12, Salvos: 3}
			res, err := Terrain(in)
			if err != nil {
				t.Fatal(err)
			}
			band := in
			band.CM, band.Range = nil, AT44.RangeBand(cm)
			want, _ := Terrain(band)
			if res.Destroyed != want.Destroyed || res.Explain[0].Kind != StepRange || res.Explain[0].Value != band.Range {
				t.Errorf("cm=%d: destroyed %v, band %d gives %v; first step %+v", cm, res.Destroyed, band.Range, want.Destroyed, res.Explain[0])
			}
			back, err := ParseTerrain(in.Query())
			if err != nil || back.CM == nil || *back.CM != cm || back.Query().Get("range") != "" {
				t.Errorf("cm=%d: round trip %+v, %v", cm, back, err)
			}
			hasLine := false
			for _, n := range res.Notes {
				hasLine = hasLine || n.ID == NoteRangeLine
			}
			if hasLine != (cm > 0 && cm%10 == 0) {
				t.Errorf("cm=%d: range-line note %v", cm, hasLine)
			}
		})
	}
}

// TestMonteCarloTerrainCM rolls salvos at scenery at a distance in cm, die
// by die, the structure dropping after each salvo.
func TestMonteCarloTerrainCM(t *testing.T) {
	d := dice{rand.New(rand.NewPCG(5, 12))}
	const trials = 40000
	cm := 35
	in := TerrainInput{Game: "at44", Weapons: 3, Rate: 2, Rerolls: 1, Accuracy: 4, CM: &cm, Penetration: 11, Damage: 1, Structure: 10, Salvos: 3}
	res, err := Terrain(in)
	if err != nil {
		t.Fatal(err)
	}
	left := make([]int, in.Structure+1)
	for range trials {
		s := in.Structure
		for range in.Salvos {
			if s == 0 {
				break
			}
			hits := d.hits(AT44, in.Weapons, in.Rate, in.Rerolls, in.Accuracy, 3) // 35 cm: band 3
			lost := 0
			for range hits {
				if d.pass(in.Penetration, s) {
					lost += in.Damage
				}
			}
			s = max(s-lost, 0)
		}
		left[s]++
	}
	agree(t, "structure left", res.Structure, left, trials)
}

// FuzzTerrainCM checks any terrain link with cm (and lock): refused or
// worked out within the time budget.
func FuzzTerrainCM(f *testing.F) {
	f.Add(3, 2, 25, "", "12", 0)
	f.Add(100, 20, 300, "4", "stonewall", 4)
	f.Fuzz(func(t *testing.T, n, rate, cm int, rng, structure string, lock int) {
		v := url.Values{"n": {fmt.Sprint(n)}, "rate": {fmt.Sprint(rate)}, "cm": {fmt.Sprint(cm)}, "structure": {structure},
			"lock": {fmt.Sprint(lock)}}
		if rng != "" {
			v.Set("range", rng)
		}
		in, err := ParseTerrain(v)
		if err != nil {
			return
		}
		timed(t, func() {
			res, err := Terrain(in)
			if err != nil {
				t.Fatalf("%+v: parsed but failed: %v", in, err)
			}
			validDist(t, "structure", res.Structure)
		})
	})
}

// TestTerrainLockOn checks lock-on fire at scenery: hits on the printed
// result whatever the range, the rest as usual.
func TestTerrainLockOn(t *testing.T) {
	for lock := minFixed; lock <= maxFixed; lock++ {
		in := TerrainInput{Game: "at44", Weapons: 2, Rate: 1, Rerolls: 1, Accuracy: 0, Range: 9, Penetration: 12,
			Damage: 2, Structure: 10, Salvos: 3, Lock: lock}
		res, err := Terrain(in)
		if err != nil {
			t.Fatal(err)
		}
		hits := ratHits(AT44, in.Weapons, in.Rate, in.Rerolls, big.NewRat(int64(7-lock), 6))
		compare(t, fmt.Sprintf("lock=%d hits", lock), res.Hits, hits)
		_, left := ratTerrainHits(in, hits)
		compare(t, fmt.Sprintf("lock=%d structure", lock), res.Structure, left)
		if back, err := ParseTerrain(in.Query()); err != nil || back.Lock != lock {
			t.Errorf("lock=%d: round trip %+v, %v", lock, back, err)
		}
	}
	for _, b := range []struct{ query, key, allowed string }{
		{"lock=7", "lock", "allowed 0 (none) or 2-6"},
		{"lock=x", "lock", "not a whole number"},
	} {
		t.Run(b.query, func(t *testing.T) {
			v, _ := url.ParseQuery(b.query)
			_, err := ParseTerrain(v)
			wantKeyError(t, b.query, err, b.key, b.allowed)
		})
	}
}
