package rules

import (
	"fmt"
	"math"
	"math/big"
	"net/url"
	"reflect"
	"strings"
	"testing"
)

func TestMinefieldInfantry(t *testing.T) {
	tests := []struct {
		name string
		in   MinefieldInput
		want ratDist // casualties, up to the unit's size
	}{
		// Penetration 4 against Protection 3 needs 4+: one damage test per member.
		{"six soldiers, Protection 3", MinefieldInput{Game: "at43", Members: 6, Cards: 1, Protection: 3, Type: 1},
			ratBinomial(6, big.NewRat(1, 2))},
		// Two cards: twelve impacts, at most six casualties.
		{"two cards", MinefieldInput{Game: "at43", Members: 6, Cards: 2, Protection: 3, Type: 1},
			ratCap(ratBinomial(12, big.NewRat(1, 2)), 6)},
		// Protection 10 leaves a 6 (4 - 10 = -6: no roll at all).
		{"Protection 10 is immune", MinefieldInput{Game: "at43", Members: 4, Cards: 1, Protection: 10, Type: 1},
			ratBinomial(4, new(big.Rat))},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := Minefield(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			compare(t, tt.name, res.Casualties, tt.want)
			wiped, _ := tt.want[tt.in.Members].Float64()
			if res.InfantryResult == nil || res.VehicleResult != nil || !near(res.WipedOut, wiped) {
				t.Errorf("wiped out %v, want %v", res.WipedOut, wiped)
			}
			if !near(res.Impacts.At(tt.in.Members*tt.in.Cards), 1) {
				t.Errorf("impacts %v, want %d certain", res.Impacts.P, tt.in.Members*tt.in.Cards)
			}
		})
	}
}

func TestMinefieldVehicles(t *testing.T) {
	in := MinefieldInput{Game: "at43", Members: 3, Cards: 2, Target: TargetVehicle, Protection: 14,
		Vehicle: VehicleTarget{Frame: 4, Propulsion: 2, Weapons: []int{1, 2}, Pick: PickDisarm}}
	res, err := Minefield(in)
	if err != nil {
		t.Fatal(err)
	}
	// Each vehicle takes one Penetration 16 Damage 2 impact per card: 3+ against Protection 14.
	want, err := vehicleDamage(AT43, Point(6), 4.0/6, 2, VehicleTarget{Frame: 4, Propulsion: 2, Weapons: []int{1, 2}, Vehicles: 3, Pick: PickDisarm}, false)
	if err != nil {
		t.Fatal(err)
	}
	if res.VehicleResult == nil || res.InfantryResult != nil {
		t.Fatalf("vehicle result missing: %+v", res)
	}
	if !near(res.Destroyed, want.Destroyed) || !reflect.DeepEqual(res.Wrecks, want.Wrecks) || !reflect.DeepEqual(res.Lost, want.Lost) {
		t.Errorf("got %+v, want %+v", *res.VehicleResult, want)
	}
	for j, v := range res.Vehicles {
		if !near(v.Impacts.At(2), 1) {
			t.Errorf("vehicle %d takes %v impacts, want 2 (one per card)", j, v.Impacts.P)
		}
	}
	if res.VehicleResult.Explain != nil || len(res.Explain) < 2 {
		t.Errorf("vehicle steps not merged: %v / %v", res.Explain, res.VehicleResult.Explain)
	}
}

func TestMinefieldQuery(t *testing.T) {
	for _, in := range []MinefieldInput{
		{Game: "at43", Members: 8, Cards: 3, Protection: 4, Type: 2, Medic: true},
		{Game: "at43", Members: 2, Cards: 1, Target: TargetVehicle, Protection: 15, Type: 1,
			Vehicle: VehicleTarget{Frame: 5, Propulsion: 3, Weapons: []int{2, 1}, Pick: PickDisarm}},
	} {
		t.Run(in.Query().Encode(), func(t *testing.T) {
			got, err := ParseMinefield(in.Query())
			if err != nil {
				t.Fatalf("%+v: %v", in, err)
			}
			if !reflect.DeepEqual(got, in) {
				t.Errorf("round trip: got %+v, want %+v", got, in)
			}
		})
	}
	for _, b := range []struct{ query, key, allowed string }{
		{"game=at44", "game", "allowed at43"},
		{"n=0", "n", "1-100"},
		{"target=veh&n=11", "n", "1-10"},
		{"cards=11", "cards", "1-10"},
		{"prot=31", "prot", "0-30"},
		{"type=4", "type", "1-3"},
		{"target=veh&frame=0", "frame", "1-60"},
		{"target=veh&weapons=1,2,3,4,5,6,7", "weapons", "at most 6"},
		{"target=tank", "target", "inf, veh"},
	} {
		t.Run(b.query, func(t *testing.T) {
			v, _ := url.ParseQuery(b.query)
			_, err := ParseMinefield(v)
			wantKeyError(t, b.query, err, b.key, b.allowed)
		})
	}
	// The vehicles of a minefield's unit are n: an error never names a
	// vehicles key the link does not have.
	v, _ := url.ParseQuery("target=veh&n=11")
	if _, err := ParseMinefield(v); err == nil || strings.Contains(err.Error(), "vehicles") {
		t.Errorf("target=veh&n=11: %v, want an error on n only", err)
	}
}

func FuzzMinefield(f *testing.F) {
	f.Add(6, 1, false, 5, "6", "3", "3")
	f.Add(10, 10, true, 0, "60", "60", "60,60,60,60,60,60")
	f.Fuzz(func(t *testing.T, n, cards int, veh bool, prot int, frame, prop, weapons string) {
		target := "inf"
		if veh {
			target = "veh"
		}
		v := url.Values{"n": {fmt.Sprint(n)}, "cards": {fmt.Sprint(cards)}, "target": {target},
			"prot": {fmt.Sprint(prot)}, "frame": {frame}, "prop": {prop}, "weapons": {weapons}}
		in, err := ParseMinefield(v)
		if err != nil {
			return
		}
		timed(t, func() {
			res, err := Minefield(in)
			if err != nil {
				t.Fatalf("%+v: parsed but failed: %v", in, err)
			}
			if res.InfantryResult != nil {
				validDist(t, "casualties", res.Casualties)
			} else if math.IsNaN(res.Destroyed) {
				t.Fatalf("%+v: destroyed NaN", in)
			}
		})
	})
}

func BenchmarkMinefieldVehicles(b *testing.B) {
	in := MinefieldInput{Game: "at43", Members: maxVehicles, Cards: maxCards, Target: TargetVehicle, Protection: 10,
		Vehicle: VehicleTarget{Frame: 60, Propulsion: 60, Weapons: []int{60, 60, 60, 60, 60, 60}}}
	for b.Loop() {
		if _, err := Minefield(in); err != nil {
			b.Fatal(err)
		}
	}
}
