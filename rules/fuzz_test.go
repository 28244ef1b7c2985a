package rules

import (
	"math"
	"net/url"
	"testing"
	"time"
)

// The fuzz targets feed raw values to the public entry points: each call
// must return an error or a valid result (distributions of non-negative
// numbers summing to 1), never panic, and finish quickly.

const fuzzBudget = 2 * time.Second // generous: the fuzzer's instrumentation slows everything

func validDist(t *testing.T, what string, d Dist) {
	t.Helper()
	for k, p := range d.P {
		if p < -1e-12 || math.IsNaN(p) || math.IsInf(p, 0) {
			t.Fatalf("%s: P(%d) = %v", what, k, p)
		}
	}
	if s := d.Sum(); math.Abs(s-1) > 1e-9 {
		t.Fatalf("%s sums to %v", what, s)
	}
}

// timed runs f and fails if it takes longer than fuzzBudget of CPU time,
// which a busy machine does not stretch as it does the wall.
func timed(t *testing.T, f func()) {
	t.Helper()
	start := cpuTime()
	f()
	if d := cpuTime() - start; d > fuzzBudget {
		t.Fatalf("took %v", d)
	}
}

func gameOf(b bool) string {
	if b {
		return "at44"
	}
	return "at43"
}

func FuzzShoot(f *testing.F) {
	f.Add(false, 5, 1, 1, 3, 5, 5, 1, 5, 6, 1, 1, false, false, false, false, 0, 0)
	f.Add(true, 100, 20, 10, 30, 0, 30, 10, 0, 100, 3, 3, true, true, true, false, 0, 0)
	f.Add(true, 3, 2, 0, 0, 30, 0, 1, 30, 1, 1, 2, false, true, false, false, 0, 0)
	f.Add(true, 6, 2, 1, 5, 2, 14, 2, 12, 8, 2, 1, true, false, true, true, 3, 2)
	f.Add(false, 100, 20, 10, 30, 0, 30, 1, 0, 60, 10, 0, false, false, false, true, 60, 60)
	f.Fuzz(func(t *testing.T, at44 bool, n, rate, rr, acc, band, pen, dmg, prot, size, typ, cover int, faw, det, medic, veh bool, prop, weapon int) {
		in := ShootInput{Game: gameOf(at44), Range: band, Cover: Cover(cover), FireAtWill: faw, Detection: det,
			Attack: Attack{Weapons: n, Rate: rate, Rerolls: rr, Accuracy: acc, Penetration: pen, Damage: dmg,
				DamageReroll: det, Protection: prot, Size: size, Type: typ, Medic: medic}}
		if veh {
			// size and type double as frame SP and vehicle count.
			in.Target = TargetVehicle
			in.Vehicle = VehicleTarget{Frame: size, Propulsion: prop, Weapons: []int{weapon, weapon / 2}, Vehicles: typ}
		}
		timed(t, func() {
			res, err := Shoot(in)
			if err != nil {
				return
			}
			validDist(t, "hits", res.Hits)
			validDist(t, "impacts", res.Impacts)
			if veh {
				for _, p := range append([]float64{res.Destroyed, res.Immobilized}, res.Lost...) {
					if !(p >= -1e-12 && p <= 1+1e-12) {
						t.Fatalf("vehicle chance %v", p)
					}
				}
				return
			}
			validDist(t, "casualties", res.Casualties)
			if res.Casualties.Max() > size {
				t.Fatalf("%d casualties possible in a unit of %d", res.Casualties.Max(), size)
			}
			back, err := ParseShoot(in.Query())
			if err != nil || back.Query().Encode() != in.Query().Encode() {
				t.Fatalf("valid input does not round-trip: %v", err)
			}
		})
	})
}

func FuzzMelee(f *testing.F) {
	f.Add(false, 6, 1, 0, 4, 5, 7, 1, 5, 6, 1)
	f.Add(true, 100, 20, 10, 30, 0, 0, 10, 0, 100, 3)
	f.Fuzz(func(t *testing.T, at44 bool, n, rate, rr, acc, def, pen, dmg, prot, size, typ int) {
		in := MeleeInput{Game: gameOf(at44), Defense: def, Attack: Attack{Weapons: n, Rate: rate, Rerolls: rr,
			Accuracy: acc, Penetration: pen, Damage: dmg, Protection: prot, Size: size, Type: typ}}
		timed(t, func() {
			res, err := Melee(in)
			if err != nil {
				return
			}
			validDist(t, "hits", res.Hits)
			validDist(t, "casualties", res.Casualties)
		})
	})
}

func FuzzIndirect(f *testing.F) {
	f.Add(false, 2, 1, 0, 3, 2, 3, 5, 1, 5, 4)
	f.Add(true, 100, 20, 10, 30, 0, 1, 30, 10, 0, 100)
	f.Fuzz(func(t *testing.T, at44 bool, n, rate, rr, acc, band, aoe, pen, dmg, prot, under int) {
		in := IndirectInput{Game: gameOf(at44), Weapons: n, Rate: rate, Rerolls: rr, Accuracy: acc,
			Range: band, AoE: aoe, Penetration: pen, Damage: dmg, Protection: prot, Under: under}
		timed(t, func() {
			res, err := Indirect(in)
			if err != nil {
				return
			}
			validDist(t, "hits", res.Hits)
			validDist(t, "impacts per fighter", res.ImpactsPerFighter)
			validDist(t, "casualties", res.Casualties)
			var r float64
			for _, p := range res.Radius {
				r += p
			}
			if math.Abs(r+res.ShotLost-1) > 1e-9 {
				t.Fatalf("radius chances %v with %v lost", r, res.ShotLost)
			}
		})
	})
}

func FuzzSalvos(f *testing.F) {
	f.Add(false, 6, 5, 3, 4, 1, 1, 3, 2, 6, 1, 1)
	f.Add(true, 100, 0, 10, 100, 20, 10, 30, 0, 30, 10, 3)
	f.Fuzz(func(t *testing.T, at44 bool, size, prot, salvos, n, rate, rr, acc, band, pen, dmg, cover int) {
		in := SalvosInput{Game: gameOf(at44), Size: size, Type: 1, Protection: prot, Medic: at44}
		for i := range min(max(salvos, 0), 12) {
			in.Salvos = append(in.Salvos, Salvo{Weapons: n, Rate: rate, Rerolls: rr, Accuracy: acc - i,
				Range: band, Penetration: pen, Damage: dmg, Cover: Cover(cover)})
		}
		timed(t, func() {
			res, err := Salvos(in)
			if err != nil {
				return
			}
			for _, d := range res.After {
				validDist(t, "after", d)
			}
		})
	})
}

// FuzzParse feeds raw query strings to every parser CORE owns.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"", "game=at44&n=5&rate=2&rr=1&acc=5&cm=40&cover=takecover&faw=1",
		"target=veh&frame=6&prop=3&weapons=3,2&vehicles=2&pick=disarm",
		"n=101", "cm=20&range=2", "s1.n=4&s2.rate=3&s2.cm=25", "s3.n=1", "aoe=4&under=6",
		"weapons=,,,", "n=%zz", "s1.s2.n=3", "target=veh&frame=9&weapons=2,2&s1.n=4&s2.dmg=3&s2.pen=12",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, query string) {
		v, err := url.ParseQuery(query)
		if err != nil {
			return
		}
		timed(t, func() {
			if in, err := ParseShoot(v); err == nil {
				if _, err := Shoot(in); err != nil {
					t.Fatalf("parsed shoot input fails: %v", err)
				}
			}
			if in, err := ParseMelee(v); err == nil {
				if _, err := Melee(in); err != nil {
					t.Fatalf("parsed melee input fails: %v", err)
				}
			}
			if in, err := ParseIndirect(v); err == nil {
				if _, err := Indirect(in); err != nil {
					t.Fatalf("parsed indirect input fails: %v", err)
				}
			}
			if in, err := ParseSalvos(v); err == nil {
				if _, err := Salvos(in); err != nil {
					t.Fatalf("parsed salvos input fails: %v", err)
				}
			}
		})
	})
}
