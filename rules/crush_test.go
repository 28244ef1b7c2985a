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

func TestCrush(t *testing.T) {
	for _, g := range Games() {
		for free := 0; free <= 6; free++ {
			for engaged := 0; engaged <= 5; engaged++ {
				res, err := Crush(CrushInput{Game: g.ID, Free: free, Engaged: engaged})
				if err != nil {
					t.Fatal(err)
				}
				// Exact: the sum of Binomial(free, 2/6) and Binomial(engaged, 4/6).
				want := ratZeros(free + engaged + 1)
				f, e := ratBinomial(free, big.NewRat(2, 6)), ratBinomial(engaged, big.NewRat(4, 6))
				for i, pi := range f {
					for j, pj := range e {
						want[i+j].Add(want[i+j], new(big.Rat).Mul(pi, pj))
					}
				}
				compare(t, fmt.Sprintf("%s crush %d free %d engaged", g.ID, free, engaged), res.Casualties, want)
				all, _ := want[free+engaged].Float64()
				if math.Abs(res.WipedOut-all) > 1e-12 {
					t.Errorf("%s %d/%d: wiped out %v, want %v", g.ID, free, engaged, res.WipedOut, all)
				}
				if m := float64(free)/3 + float64(engaged)*2/3; math.Abs(res.Casualties.Mean()-m) > 1e-12 {
					t.Errorf("%s %d/%d: mean %v, want %v", g.ID, free, engaged, res.Casualties.Mean(), m)
				}
			}
		}
	}
}

func TestCrushQuery(t *testing.T) {
	in := CrushInput{Game: "at44", Free: 4, Engaged: 7}
	if got, err := ParseCrush(in.Query()); err != nil || !reflect.DeepEqual(got, in) {
		t.Errorf("round trip: got %+v, %v, want %+v", got, err, in)
	}
	if def, err := ParseCrush(url.Values{}); err != nil || def != (CrushInput{Game: "at43", Free: 3}) {
		t.Errorf("defaults: %+v, %v", def, err)
	}
	for _, b := range []struct{ query, key string }{
		{"free=101", "free"}, {"free=-1", "free"}, {"engaged=101", "engaged"}, {"engaged=a", "engaged"}, {"game=d10", "game"},
	} {
		t.Run(b.query, func(t *testing.T) {
			v, _ := url.ParseQuery(b.query)
			if _, err := ParseCrush(v); err == nil || !strings.HasPrefix(err.Error(), b.key+":") {
				t.Errorf("error %v, want one naming %s", err, b.key)
			}
		})
	}
}

func FuzzCrush(f *testing.F) {
	f.Add("at43", 3, 0)
	f.Add("at44", 100, 100)
	f.Fuzz(func(t *testing.T, game string, free, engaged int) {
		in, err := ParseCrush(url.Values{"game": {game}, "free": {fmt.Sprint(free)}, "engaged": {fmt.Sprint(engaged)}})
		if err != nil {
			return
		}
		timed(t, func() {
			res, err := Crush(in)
			if err != nil {
				t.Fatalf("%+v: parsed but failed: %v", in, err)
			}
			validDist(t, "casualties", res.Casualties)
		})
	})
}

func BenchmarkCrushWorst(b *testing.B) {
	in := CrushInput{Game: "at44", Free: maxFighters, Engaged: maxFighters}
	for b.Loop() {
		if _, err := Crush(in); err != nil {
			b.Fatal(err)
		}
	}
}
