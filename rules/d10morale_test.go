package rules

import (
	"cmp"
	"encoding/json"
	"fmt"
	"math/big"
	"net/url"
	"reflect"
	"strings"
	"testing"
)

// TestD10PanicTable reads the sheet's panic table line by line.
func TestD10PanicTable(t *testing.T) {
	want := []struct {
		unit, independent d10PanicLine
	}{
		1: {d10Paralysed, d10Paralysed}, 2: {d10Paralysed, d10Paralysed},
		3: {d10Retreat, d10Retreat}, 4: {d10Retreat, d10Retreat}, 5: {d10Retreat, d10Retreat},
		6: {d10Retreat, d10Retreat}, 7: {d10Retreat, d10Retreat}, 8: {d10Retreat, d10Retreat},
		9: {d10Retreat, d10Retreat}, 10: {d10Rout, d10Retreat},
	}
	for roll := 1; roll <= 10; roll++ {
		t.Run(fmt.Sprint("roll=", roll), func(t *testing.T) {
			if got := d10Panic(roll, false); got != want[roll].unit {
				t.Errorf("unit, roll %d: %v, want %v", roll, got, want[roll].unit)
			}
			if got := d10Panic(roll, true); got != want[roll].independent {
				t.Errorf("independent, roll %d: %v, want %v", roll, got, want[roll].independent)
			}
		})
	}
}

// TestD10MoraleMatchesExactReference counts every pair of faces (morale
// roll, panic roll) for each COU.
func TestD10MoraleMatchesExactReference(t *testing.T) {
	for cou := 0; cou <= maxD10Value; cou++ {
		for _, independent := range []bool{false, true} {
			res, err := D10Morale(D10MoraleInput{Game: "d10", COU: cou, Independent: independent})
			if err != nil {
				t.Fatal(err)
			}
			var pass, paralysed, retreat, rout int64
			for morale := 1; morale <= 10; morale++ {
				for table := 1; table <= 10; table++ {
					switch {
					case morale <= cou:
						pass++
					case table <= 2:
						paralysed++
					case table == 10 && !independent:
						rout++
					default:
						retreat++
					}
				}
			}
			what := D10MoraleInput{Game: "d10", COU: cou, Independent: independent}.Query().Encode()
			d10CloseToRat(t, what+" pass", res.Pass, big.NewRat(pass, 100))
			d10CloseToRat(t, what+" fail", res.Fail, big.NewRat(100-pass, 100))
			d10CloseToRat(t, what+" paralysed", res.Paralysed, big.NewRat(paralysed, 100))
			d10CloseToRat(t, what+" retreat", res.Retreat, big.NewRat(retreat, 100))
			d10CloseToRat(t, what+" rout", res.Rout, big.NewRat(rout, 100))
			sum := res.Pass + res.Paralysed + res.Retreat + res.Rout
			d10CloseToRat(t, what+" sum", sum, d10RatOne())
			if natural := d10HasNote(res.Notes, NoteD10NaturalRolls); natural != (cou == 0 || cou == 10) {
				t.Errorf("%s: natural-rolls note %v", what, natural)
			}
		}
	}
	// A worked case: COU 6 passes 6 times in 10; the 4 failures split 2-7-1.
	res, _ := D10Morale(D10MoraleInput{Game: "d10", COU: 6})
	d10CloseToRat(t, "COU 6 rout", res.Rout, big.NewRat(4, 100))
	d10CloseToRat(t, "COU 6 retreat", res.Retreat, big.NewRat(28, 100))
	d10CloseToRat(t, "COU 6 paralysed", res.Paralysed, big.NewRat(8, 100))
}

func TestParseD10Morale(t *testing.T) {
	in, err := ParseD10Morale(url.Values{})
	if err != nil || in != (D10MoraleInput{Game: "d10", COU: 5}) {
		t.Errorf("defaults: %+v, %v", in, err)
	}
	for _, q := range []string{"", "game=d10&cou=7", "cou=0&independent=1", "cou=10&lang=en"} {
		t.Run(cmp.Or(q, "defaults"), func(t *testing.T) {
			in, err := ParseD10Morale(d10Query(t, q))
			if err != nil {
				t.Fatal(err)
			}
			back, err := ParseD10Morale(in.Query())
			if err != nil || !reflect.DeepEqual(in, back) {
				t.Errorf("round trip gives %+v, %v", back, err)
			}
		})
	}
	for _, tt := range []struct{ query, key, allowed string }{
		{"cou=11", "cou", "allowed 0-10"},
		{"cou=-1", "cou", "allowed 0-10"},
		{"cou=x", "cou", "not a whole number"},
		{"independent=2", "independent", "allowed 0, 1"},
		{"game=at43", "game", "allowed d10"},
	} {
		t.Run(tt.query, func(t *testing.T) {
			_, err := ParseD10Morale(d10Query(t, tt.query))
			wantKeyError(t, tt.query, err, tt.key, tt.allowed)
		})
	}
	if _, err := D10Morale(D10MoraleInput{Game: "d10", COU: 12}); err == nil {
		t.Error("D10Morale runs COU 12")
	}
}

func TestD10MoraleJSON(t *testing.T) {
	res, err := D10Morale(D10MoraleInput{Game: "d10", COU: 4})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(res)
	for _, key := range []string{`"pass":`, `"fail":`, `"paralysed":`, `"retreat":`, `"rout":`, `"explain":`, `"notes":[]`} {
		if !strings.Contains(string(b), key) {
			t.Errorf("JSON lacks %s: %s", key, b)
		}
	}
}

// FuzzD10Morale: an error or outcomes summing to 1, never a panic.
func FuzzD10Morale(f *testing.F) {
	f.Add("cou=5", 5, false)
	f.Add("game=d10&cou=10&independent=1", -3, true)
	f.Add("cou=99999999999999999999", 11, false)
	f.Fuzz(func(t *testing.T, query string, cou int, independent bool) {
		d10Within(t, func() {
			check := func(res D10MoraleResult) {
				for _, p := range []float64{res.Pass, res.Fail, res.Paralysed, res.Retreat, res.Rout} {
					d10CheckChance(t, "outcome", p)
				}
				if s := res.Pass + res.Paralysed + res.Retreat + res.Rout; s < 1-d10Tolerance || s > 1+d10Tolerance {
					t.Fatalf("outcomes sum to %v", s)
				}
			}
			if v, err := url.ParseQuery(query); err == nil {
				if in, err := ParseD10Morale(v); err == nil {
					res, err := D10Morale(in)
					if err != nil {
						t.Fatalf("parsed input fails: %v", err)
					}
					check(res)
				}
			}
			res, err := D10Morale(D10MoraleInput{Game: "d10", COU: cou, Independent: independent})
			if err != nil {
				if !strings.HasPrefix(err.Error(), "cou: ") {
					t.Fatalf("error %q does not name cou", err)
				}
				return
			}
			check(res)
		})
	})
}

func BenchmarkD10Morale(b *testing.B) {
	in := D10MoraleInput{Game: "d10", COU: 6, Independent: true}
	for b.Loop() {
		if _, err := D10Morale(in); err != nil {
			b.Fatal(err)
		}
	}
}
