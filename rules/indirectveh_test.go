package rules

import (
	"fmt"
	"math"
	"math/rand/v2"
	"net/url"
	"slices"
	"testing"
)

// TestIndirectVehiclesMatchLiteralChain checks vehicles under a template:
// each takes the impacts per fighter, then the literal chain; the unit's
// figures are the vehicles' product for each count of impacts.
func TestIndirectVehiclesMatchLiteralChain(t *testing.T) {
	for _, g := range Games() {
		for _, v := range []int{1, 2, 3} {
			in := IndirectInput{Game: g.ID, Weapons: 4, Rate: 1, Rerolls: 1, Accuracy: 4, Range: 2, AoE: 4,
				Penetration: 9, Damage: 1 + v%2, DamageReroll: v == 2, Protection: 5, Under: 3, VehicleProtection: 8,
				Vehicle: VehicleTarget{Frame: 3, Propulsion: 2, Weapons: []int{1, 2}, Vehicles: v, Pick: WeaponPick(v % 2)}}
			res, err := Indirect(in)
			if err != nil {
				t.Fatal(err)
			}
			name := fmt.Sprintf("%s v=%d", g.ID, v)
			pd := ratChance(in.Penetration, in.VehicleProtection)
			if in.DamageReroll {
				pd = ratOneMinus(ratPow(ratOneMinus(pd), 2))
			}
			var all, one, stuckAll float64
			for k, pk := range res.ImpactsPerFighter.P {
				if pk == 0 {
					continue
				}
				o := refOne(VehicleTarget{Frame: 3, Propulsion: 2, Weapons: []int{1, 2}, Vehicles: 1, Pick: in.Vehicle.Pick}, k, pd, in.Damage, 1)
				dead, immobile := ratFloat(o.dead), ratFloat(o.immobile)
				all += pk * math.Pow(dead, float64(v))
				one += pk * dead
				stuckAll += pk * (math.Pow(dead+immobile, float64(v)) - math.Pow(dead, float64(v)))
			}
			if !near(res.Vehicle.Destroyed, all) || !near(res.Vehicle.Immobilized, stuckAll) {
				t.Errorf("%s: destroyed %v immobilized %v, literal chain %v %v", name, res.Vehicle.Destroyed, res.Vehicle.Immobilized, all, stuckAll)
			}
			for j, f := range res.Vehicle.Vehicles {
				if !near(f.Destroyed, one) {
					t.Errorf("%s vehicle %d: destroyed %v, literal chain %v", name, j, f.Destroyed, one)
				}
			}
			// The infantry under the same template are untouched by the vehicles.
			alone := in
			alone.Vehicle.Vehicles = 0
			inf, _ := Indirect(alone)
			if !slices.Equal(inf.Casualties.P, res.Casualties.P) || inf.Vehicle != nil {
				t.Errorf("%s: casualties %v with vehicles, %v without", name, res.Casualties.P, inf.Casualties.P)
			}
		}
	}
}

// TestMonteCarloIndirectVehicles rolls a template over two vehicles die by
// die: the dice, the impacts per fighter, then each vehicle's damage.
func TestMonteCarloIndirectVehicles(t *testing.T) {
	d := dice{rand.New(rand.NewPCG(21, 22))}
	const trials = 40000
	for _, g := range Games() {
		in := IndirectInput{Game: g.ID, Weapons: 5, Rate: 1, Accuracy: 4, Range: 2, AoE: 3, Penetration: 10,
			Damage: 1, Protection: 5, Under: 0, VehicleProtection: 9,
			Vehicle: VehicleTarget{Frame: 3, Propulsion: 1, Weapons: []int{1}, Vehicles: 2}}
		res, err := Indirect(in)
		if err != nil {
			t.Fatal(err)
		}
		wrecks := make([]int, 3)
		for range trials {
			k := d.hits(g, in.Weapons, in.Rate, 0, in.Accuracy, in.Range)
			tp, ok := placeTemplate(g.Indirect, in.AoE, in.Weapons, k)
			dead := 0
			for range in.Vehicle.Vehicles {
				v := refVehicle{frame: 3, prop: 1, weapons: []int{1}}
				for range tp.impacts {
					if !ok || v.frame == 0 || !d.pass(in.Penetration, in.VehicleProtection) {
						continue
					}
					part := []int{partProp, partProp, partFrame, partFrame, partFrame, partWeapon}[d.roll()-1]
					v = v.hit(part, in.Damage, PickWreck, false)
				}
				if v.frame == 0 {
					dead++
				}
			}
			wrecks[dead]++
		}
		agree(t, g.ID+" wrecks", res.Vehicle.Wrecks, wrecks, trials)
	}
}

// TestIndirectVehicleLinks checks the vehicle keys of indirect fire.
func TestIndirectVehicleLinks(t *testing.T) {
	v, _ := url.ParseQuery("under=4&vehicles=2&vprot=12&frame=8&prop=2&weapons=3,1&pick=disarm")
	in, err := ParseIndirect(v)
	if err != nil || in.Vehicle.Vehicles != 2 || in.VehicleProtection != 12 || in.Vehicle.Frame != 8 ||
		!slices.Equal(in.Vehicle.Weapons, []int{3, 1}) || in.Vehicle.Pick != PickDisarm {
		t.Fatalf("parsed %+v, %v", in, err)
	}
	if back, err := ParseIndirect(in.Query()); err != nil || back.Query().Encode() != in.Query().Encode() {
		t.Errorf("round trip: %v %s", err, back.Query().Encode())
	}
	plain, _ := ParseIndirect(url.Values{})
	if plain.Query().Has("vehicles") || plain.Query().Has("frame") {
		t.Errorf("a link without vehicles gains vehicle keys: %s", plain.Query().Encode())
	}
	for _, tt := range []struct{ query, key, allowed string }{
		{"vehicles=11", "vehicles", "allowed 0-10"},
		{"vehicles=1&vprot=31", "vprot", "allowed 0-30"},
		{"vehicles=1&frame=0", "frame", "allowed 1-60"},
		{"vehicles=1&weapons=1,,1", "weapons", "item 2 is empty"},
	} {
		t.Run(tt.query, func(t *testing.T) {
			v, _ := url.ParseQuery(tt.query)
			_, err := ParseIndirect(v)
			wantKeyError(t, tt.query, err, tt.key, tt.allowed)
		})
	}
}

// FuzzIndirectVehicles checks any vehicles under a template, within the
// time budget.
func FuzzIndirectVehicles(f *testing.F) {
	f.Add(true, 5, 2, 3, 2, 8, 6, 3, "3,1")
	f.Add(false, 100, 20, 1, 10, 0, 60, 60, "60,60,60,60,60,60")
	f.Fuzz(func(t *testing.T, at44 bool, n, rate, aoe, vehicles, vprot, frame, prop int, weapons string) {
		v := url.Values{"game": {gameOf(at44)}, "n": {fmt.Sprint(n)}, "rate": {fmt.Sprint(rate)}, "aoe": {fmt.Sprint(aoe)},
			"vehicles": {fmt.Sprint(vehicles)}, "vprot": {fmt.Sprint(vprot)}, "frame": {fmt.Sprint(frame)},
			"prop": {fmt.Sprint(prop)}, "weapons": {weapons}}
		in, err := ParseIndirect(v)
		if err != nil {
			return
		}
		timed(t, func() {
			res, err := Indirect(in)
			if err != nil {
				t.Fatalf("%+v: %v", in, err)
			}
			if in.Vehicle.Vehicles > 0 {
				if res.Vehicle == nil || res.Vehicle.Destroyed < -1e-12 || res.Vehicle.Destroyed > 1+1e-12 {
					t.Fatalf("%+v: vehicle result %+v", in, res.Vehicle)
				}
				validDist(t, "wrecks", res.Vehicle.Wrecks)
			}
		})
	})
}

// BenchmarkIndirectVehiclesWorst is the largest template Validate allows
// over ten of the largest vehicles.
func BenchmarkIndirectVehiclesWorst(b *testing.B) {
	in := IndirectInput{Game: "at44", Weapons: maxFighters, Rate: maxRate, Rerolls: maxRerolls, Accuracy: 5,
		Range: 3, AoE: 1, Penetration: 5, Damage: 1, DamageReroll: true, Protection: 5, Under: maxFighters,
		VehicleProtection: 5, Vehicle: VehicleTarget{Frame: maxSP, Propulsion: maxSP,
			Weapons: []int{maxSP, maxSP, maxSP, maxSP, maxSP, maxSP}, Vehicles: maxVehicles}}
	for b.Loop() {
		if _, err := Indirect(in); err != nil {
			b.Fatal(err)
		}
	}
}
