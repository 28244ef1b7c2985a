package rules

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"net/url"
	"slices"
	"testing"
)

// TestLockOnMatchesExactReference checks lock-on fire: hits on the printed
// result whatever the range; AT-44 ignores cover, AT-43 keeps it.
func TestLockOnMatchesExactReference(t *testing.T) {
	for _, g := range Games() {
		for lock := minFixed; lock <= maxFixed; lock++ {
			for _, rr := range []int{0, 1} {
				a := defaultAttack()
				a.Weapons, a.Rate, a.Rerolls, a.Target = 3, 2, rr, TargetVehicle
				in := ShootInput{Game: g.ID, Range: 7, Cover: CoverNormal, Lock: lock, Attack: a}
				res, err := Shoot(in)
				if err != nil {
					t.Fatal(err)
				}
				name := fmt.Sprintf("%s lock=%d rr=%d", g.ID, lock, rr)
				hits := ratHits(g, 3, 2, rr, big.NewRat(int64(7-lock), 6))
				compare(t, name+" hits", res.Hits, hits)
				impacts := hits
				if !g.Fixed.LockOnIgnoresCover {
					impacts = ratThin(hits, big.NewRat(int64(g.CoverSave[CoverNormal]-1), 6))
				}
				compare(t, name+" impacts", res.Impacts, impacts)
				if res.Explain[0].Kind != StepFixed || res.Explain[0].Needed != lock {
					t.Errorf("%s: first step %+v, want fixed %d+", name, res.Explain[0], lock)
				}
			}
		}
	}
}

// TestJammerAndSniper checks the AT-44 Jammer (a printed damage result
// against vehicles, no harm to infantry) and Sniper (no cover save).
func TestJammerAndSniper(t *testing.T) {
	a := defaultAttack()
	a.Weapons, a.Rate, a.Penetration, a.Protection, a.Damage = 4, 2, 2, 20, 2
	a.Target = TargetVehicle
	a.Vehicle = VehicleTarget{Frame: 5, Propulsion: 2, Weapons: []int{2}, Vehicles: 1}
	for jammer := minFixed; jammer <= maxFixed; jammer++ {
		in := ShootInput{Game: "at44", Range: 2, Jammer: jammer, Attack: a}
		res, err := Shoot(in)
		if err != nil {
			t.Fatal(err)
		}
		want, err := vehicleDamage(AT44, res.Impacts, RollChance(jammer), a.Damage, a.Vehicle, false)
		if err != nil {
			t.Fatal(err)
		}
		if !near(res.Destroyed, want.Destroyed) || !near(res.Immobilized, want.Immobilized) {
			t.Errorf("jammer=%d: destroyed %v, want %v", jammer, res.Destroyed, want.Destroyed)
		}
		inf := in
		inf.Target = TargetInfantry
		ri, err := Shoot(inf)
		if err != nil {
			t.Fatal(err)
		}
		if ri.Casualties.At(0) != 1 {
			t.Errorf("jammer=%d at infantry: casualties %v, want none", jammer, ri.Casualties.P)
		}
	}
	a.Target = TargetInfantry
	for _, cover := range []Cover{CoverNormal, CoverTakeCover, CoverKnee} {
		t.Run(cover.String(), func(t *testing.T) {
			res, err := Shoot(ShootInput{Game: "at44", Range: 2, Cover: cover, Sniper: true, Attack: a})
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(res.Hits.P, res.Impacts.P) {
				t.Errorf("sniper, cover %v: impacts %v differ from hits %v", cover, res.Impacts.P, res.Hits.P)
			}
		})
	}
}

// TestArtilleryStrike checks that fixed=N on indirect fire is the same
// salvo as an Accuracy that needs N at the range given.
func TestArtilleryStrike(t *testing.T) {
	for fixed := minFixed; fixed <= maxFixed; fixed++ {
		in := IndirectInput{Game: "at43", Weapons: 3, Rate: 1, Rerolls: 1, Range: 9, AoE: 3, Penetration: 6,
			Damage: 1, Protection: 5, Under: 5, Fixed: fixed}
		res, err := Indirect(in)
		if err != nil {
			t.Fatal(err)
		}
		same := in
		same.Fixed = 0
	search:
		for acc := 0; acc <= maxValue; acc++ {
			for rng := 0; rng <= maxBand; rng++ {
				if st := test(StepShoot, acc, rng); st.Auto == Roll && st.Needed == fixed {
					same.Accuracy, same.Range = acc, rng
					break search
				}
			}
		}
		want, err := Indirect(same)
		if err != nil {
			t.Fatal(err)
		}
		if test(StepShoot, same.Accuracy, same.Range).Needed != fixed {
			t.Fatalf("fixed=%d: no Accuracy and range need it", fixed)
		}
		for k := range max(len(res.Casualties.P), len(want.Casualties.P)) {
			if !near(res.Casualties.At(k), want.Casualties.At(k)) || !near(res.ShotLost, want.ShotLost) {
				t.Errorf("fixed=%d: casualties %v, acc %d range %d gives %v", fixed, res.Casualties.P, same.Accuracy, same.Range, want.Casualties.P)
				break
			}
		}
	}
}

// TestMonteCarloLockOnJammer rolls AT-44 lock-on Jammer fire at a vehicle
// die by die.
func TestMonteCarloLockOnJammer(t *testing.T) {
	d := dice{rand.New(rand.NewPCG(3, 4))}
	const trials = 40000
	a := defaultAttack()
	a.Weapons, a.Rate, a.Rerolls, a.Damage, a.Target = 3, 2, 1, 1, TargetVehicle
	a.Vehicle = VehicleTarget{Frame: 3, Propulsion: 2, Weapons: []int{1, 2}, Vehicles: 1}
	in := ShootInput{Game: "at44", Range: 5, Cover: CoverNormal, Lock: 4, Jammer: 5, Attack: a}
	res, err := Shoot(in)
	if err != nil {
		t.Fatal(err)
	}
	frames := make([]int, a.Vehicle.Frame+1)
	for range trials {
		hits := 0
		misses := 0
		for range a.Weapons * a.Rate {
			if d.roll() >= in.Lock {
				hits++
			} else {
				misses++
			}
		}
		for range min(misses, a.Rerolls*a.Weapons) { // AT-44 re-roll pool
			if d.roll() >= in.Lock {
				hits++
			}
		}
		v := refVehicle{frame: a.Vehicle.Frame, prop: a.Vehicle.Propulsion, weapons: slices.Clone(a.Vehicle.Weapons)}
		for range hits {
			if v.frame == 0 || d.roll() < in.Jammer {
				continue
			}
			part := []int{partProp, partProp, partFrame, partFrame, partFrame, partWeapon}[d.roll()-1]
			v = v.hit(part, a.Damage, a.Vehicle.Pick, false)
		}
		frames[v.frame]++
	}
	agree(t, "frame left", res.Frame, frames, trials)
}

// TestFixedLinks checks the keys lock, jammer, sniper and fixed: round trip,
// links without them unchanged, and every refusal.
func TestFixedLinks(t *testing.T) {
	v, _ := url.ParseQuery("game=at44&target=veh&lock=4&jammer=5&sniper=1")
	in, err := ParseShoot(v)
	if err != nil || in.Lock != 4 || in.Jammer != 5 || !in.Sniper {
		t.Fatalf("parsed %+v, %v", in, err)
	}
	if back, err := ParseShoot(in.Query()); err != nil || back.Query().Encode() != in.Query().Encode() {
		t.Errorf("round trip: %v %s", err, back.Query().Encode())
	}
	plain, _ := ParseShoot(url.Values{})
	for _, k := range []string{"lock", "jammer", "sniper"} {
		if plain.Query().Has(k) {
			t.Errorf("a link without %s gains it", k)
		}
	}
	v, _ = url.ParseQuery("game=at44&target=veh&s1.lock=3&s2.jammer=4&s2.sniper=1")
	sin, err := ParseSalvos(v)
	if err != nil || sin.Salvos[0].Lock != 3 || sin.Salvos[1].Jammer != 4 || !sin.Salvos[1].Sniper {
		t.Fatalf("salvos parsed %+v, %v", sin, err)
	}
	if back, err := ParseSalvos(sin.Query()); err != nil || back.Query().Encode() != sin.Query().Encode() {
		t.Errorf("salvos round trip: %v %s", err, back.Query().Encode())
	}
	ind, err := ParseIndirect(url.Values{"fixed": {"4"}})
	if err != nil || ind.Fixed != 4 {
		t.Fatalf("indirect fixed: %+v %v", ind, err)
	}
	if back, err := ParseIndirect(ind.Query()); err != nil || back.Fixed != 4 {
		t.Errorf("indirect round trip: %+v %v", back, err)
	}
	for _, tt := range []struct{ calc, query, key, allowed string }{
		{"shoot", "lock=7", "lock", "allowed 0 (none) or 2-6"},
		{"shoot", "lock=1", "lock", "allowed 0 (none) or 2-6"},
		{"shoot", "game=at44&lock=4", "lock", "allowed with target=veh"},
		{"shoot", "game=at43&jammer=4&target=veh", "jammer", "at43\" has no Jammer"},
		{"shoot", "game=at43&sniper=1", "sniper", "allowed 0"},
		{"shoot", "game=at44&sniper=2", "sniper", "allowed 0, 1"},
		{"salvos", "game=at44&s1.lock=4", "s1.lock", "allowed with target=veh"},
		{"salvos", "game=at43&s2.jammer=3&s1.n=1", "s2.jammer", "allowed 0"},
		{"indirect", "game=at44&fixed=4", "fixed", "no artillery strikes"},
		{"indirect", "fixed=9", "fixed", "allowed 0 (none) or 2-6"},
	} {
		t.Run(tt.calc+"?"+tt.query, func(t *testing.T) {
			v, _ := url.ParseQuery(tt.query)
			wantKeyError(t, tt.calc+" "+tt.query, parsers[tt.calc](v), tt.key, tt.allowed)
		})
	}
}

// FuzzFixed checks that any fixed-result link either is refused or gives a
// result, within the time budget.
func FuzzFixed(f *testing.F) {
	f.Add(true, true, 4, 5, true, 3, 2)
	f.Add(false, false, 3, 0, false, 100, 20)
	f.Fuzz(func(t *testing.T, at44, veh bool, lock, jammer int, sniper bool, n, rate int) {
		v := url.Values{"game": {gameOf(at44)}, "lock": {fmt.Sprint(lock)}, "jammer": {fmt.Sprint(jammer)},
			"n": {fmt.Sprint(n)}, "rate": {fmt.Sprint(rate)}, "fixed": {fmt.Sprint(lock)},
			"s1.lock": {fmt.Sprint(lock)}, "s1.jammer": {fmt.Sprint(jammer)}}
		if sniper {
			v.Set("sniper", "1")
			v.Set("s1.sniper", "1")
		}
		if veh {
			v.Set("target", "veh")
		}
		timed(t, func() {
			if in, err := ParseShoot(v); err == nil {
				res, err := Shoot(in)
				if err != nil {
					t.Fatalf("%+v: %v", in, err)
				}
				validDist(t, "hits", res.Hits)
			}
			if in, err := ParseSalvos(v); err == nil {
				if _, err := Salvos(in); err != nil {
					t.Fatalf("%+v: %v", in, err)
				}
			}
			if in, err := ParseIndirect(v); err == nil {
				res, err := Indirect(in)
				if err != nil {
					t.Fatalf("%+v: %v", in, err)
				}
				validDist(t, "casualties", res.Casualties)
			}
		})
	})
}
