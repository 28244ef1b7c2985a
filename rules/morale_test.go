package rules

import (
	"fmt"
	"math"
	"math/big"
	"net/url"
	"reflect"
	"slices"
	"testing"
)

func TestMoralePass(t *testing.T) {
	tests := []struct {
		name  string
		in    MoraleInput
		value int
		pass  float64
		note  string
	}{
		{"AT-43 Morale 8 vs 8 needs 4+", MoraleInput{Game: "at43", Morale: 8}, 8, 3.0 / 6, ""},
		{"AT-43 Morale 6 needs 5+", MoraleInput{Game: "at43", Morale: 6}, 6, 2.0 / 6, ""},
		{"AT-43 Morale 2 fails outright", MoraleInput{Game: "at43", Morale: 2}, 2, 0, ""},
		{"AT-43 Morale 14 passes outright", MoraleInput{Game: "at43", Morale: 14}, 14, 1, ""},
		{"AT-44 adds rank and objective", MoraleInput{Game: "at44", Morale: 5, Rank: 2, Objective: true}, 8, 3.0 / 6, ""},
		{"AT-44 -1 per earlier test", MoraleInput{Game: "at44", Morale: 5, Rank: 2, Objective: true, Earlier: 1}, 7, 3.0 / 6, NoteEarlierTests},
		{"AT-44 two earlier tests", MoraleInput{Game: "at44", Morale: 6, Earlier: 2}, 4, 1.0 / 6, NoteEarlierTests},
		{"Nerves of steel", MoraleInput{Game: "at43", NervesOfSteel: true}, 0, 1, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.in.Activations = 1
			res, err := Morale(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			if res.Value != tt.value || !near(res.Pass, tt.pass) {
				t.Errorf("value %d pass %v, want %d and %v", res.Value, res.Pass, tt.value, tt.pass)
			}
			if tt.note != "" && !slices.ContainsFunc(res.Notes, func(n Note) bool { return n.ID == tt.note }) {
				t.Errorf("notes %v lack %s", res.Notes, tt.note)
			}
		})
	}
}

func TestMoraleChain(t *testing.T) {
	p, q := 2.0/6, 4.0/6 // Morale 6 against 8
	tests := []struct {
		name        string
		in          MoraleInput
		rout        float64
		spendRout   float64
		spendPoints float64
	}{
		// AT-43: a pass keeps the status, so two failures anywhere rout.
		{"AT-43 three activations", MoraleInput{Game: "at43", Morale: 6, Activations: 3},
			1 - p*p*p - 3*p*p*q, 0, 2 * 3 * q},
		// AT-44: a pass makes the unit valiant again, so only two failures in a row rout.
		{"AT-44 three activations", MoraleInput{Game: "at44", Morale: 6, Activations: 3},
			q*q + p*q*q, 0, 2 * (q + p*q)},
		// A disorganized AT-43 unit tests before it can be rallied.
		{"AT-43 starting disorganized", MoraleInput{Game: "at43", Morale: 6, Activations: 2, Status: Disorganized},
			q + p*q, q, 2 * (p + p*q)},
		{"AT-44 starting disorganized", MoraleInput{Game: "at44", Morale: 6, Activations: 1, Status: Disorganized},
			q, 0, 2},
		{"Nerves of steel", MoraleInput{Game: "at44", NervesOfSteel: true, Activations: 20}, 0, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := Morale(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			if !near(res.NoSpend.States.Rout, tt.rout) || !near(res.Rout, tt.rout) {
				t.Errorf("rout %v (headline %v), want %v", res.NoSpend.States.Rout, res.Rout, tt.rout)
			}
			if !near(res.Spend.States.Rout, tt.spendRout) || !near(res.Spend.Points, tt.spendPoints) {
				t.Errorf("spending: rout %v points %v, want %v and %v", res.Spend.States.Rout, res.Spend.Points, tt.spendRout, tt.spendPoints)
			}
			tt.in.Spend = true
			spent, _ := Morale(tt.in)
			if !near(spent.Rout, tt.spendRout) {
				t.Errorf("headline rout with spend=1 is %v, want %v", spent.Rout, tt.spendRout)
			}
			for _, ch := range []MoraleChain{res.NoSpend, res.Spend} {
				s := ch.States
				if !near(s.Valiant+s.Disorganized+s.Rout, 1) {
					t.Errorf("states %+v do not sum to 1", s)
				}
				for k := 1; k < len(ch.RoutBy); k++ {
					if ch.RoutBy[k] < ch.RoutBy[k-1] {
						t.Errorf("rout by activation %v falls", ch.RoutBy)
					}
				}
			}
		})
	}
}

// TestMoraleMatchesExactReference follows the chain in rationals, test by
// test, for every Morale and up to six activations.
func TestMoraleMatchesExactReference(t *testing.T) {
	for _, g := range Games() {
		for mor := 0; mor <= 14; mor++ {
			for _, start := range []MoraleStatus{Valiant, Disorganized} {
				for _, spend := range []bool{false, true} {
					// One earlier test where the game counts them (AT-43,
					// which does not, refuses any).
					in := MoraleInput{Game: g.ID, Morale: mor, Earlier: min(-g.Morale.PerEarlierTest, 1), Activations: 6, Status: start, Spend: spend}
					res, err := Morale(in)
					if err != nil {
						t.Fatal(err)
					}
					first := mor + g.Morale.PerEarlierTest
					rout, points := ratMorale(g.Morale, ratChance(first, 8), ratChance(mor, 8), start, 6, spend)
					name := fmt.Sprintf("%s %+v", g.ID, in)
					if f, _ := rout.Float64(); math.Abs(res.Rout-f) > 1e-12 {
						t.Errorf("%s: rout %v, want %v", name, res.Rout, f)
					}
					ch := res.NoSpend
					if spend {
						ch = res.Spend
					}
					if f, _ := points.Float64(); math.Abs(ch.Points-f) > 1e-12 {
						t.Errorf("%s: points %v, want %v", name, ch.Points, f)
					}
				}
			}
		}
	}
}

// ratMorale enumerates every sequence of test results.
func ratMorale(m MoraleRules, first, later *big.Rat, start MoraleStatus, n int, spend bool) (rout, points *big.Rat) {
	rout, points = new(big.Rat), new(big.Rat)
	cost := big.NewRat(int64(m.SpendCost), 1)
	var walk func(k int, s MoraleStatus, p, spent *big.Rat)
	walk = func(k int, s MoraleStatus, p, spent *big.Rat) {
		if s == Routed || k == n {
			if s == Routed {
				rout.Add(rout, p)
			}
			points.Add(points, new(big.Rat).Mul(p, spent))
			return
		}
		pass := later
		if k == 0 {
			pass = first
		}
		if spend && m.SpendPoints == SpendAutoPass && s == Disorganized {
			next := Disorganized
			if m.PassRecovers {
				next = Valiant
			}
			walk(k+1, next, p, new(big.Rat).Add(spent, cost))
			return
		}
		passed, failed := s, s+1
		if m.PassRecovers {
			passed = Valiant
		}
		for _, o := range []struct {
			s MoraleStatus
			p *big.Rat
		}{{passed, pass}, {failed, ratOneMinus(pass)}} {
			sp := spent
			if spend && m.SpendPoints == SpendRally && o.s == Disorganized {
				o.s, sp = Valiant, new(big.Rat).Add(spent, cost)
			}
			walk(k+1, o.s, new(big.Rat).Mul(p, o.p), sp)
		}
	}
	walk(0, start, big.NewRat(1, 1), new(big.Rat))
	return rout, points
}

func TestMoraleQuery(t *testing.T) {
	for _, in := range []MoraleInput{
		{Game: "at43", Morale: 7, Activations: 4},
		{Game: "at44", Morale: 5, Rank: 3, Objective: true, Earlier: 2, Activations: 20, Spend: true, Status: Disorganized},
		{Game: "at43", NervesOfSteel: true, Activations: 1},
	} {
		t.Run(in.Query().Encode(), func(t *testing.T) {
			got, err := ParseMorale(in.Query())
			if err != nil {
				t.Fatalf("%+v: %v", in, err)
			}
			if !reflect.DeepEqual(got, in) {
				t.Errorf("round trip: got %+v, want %+v", got, in)
			}
		})
	}
	def, err := ParseMorale(url.Values{})
	if err != nil || def != (MoraleInput{Game: "at43", Morale: 6, Activations: 1}) {
		t.Errorf("defaults: %+v, %v", def, err)
	}
	bad := []struct {
		query, key, allowed string
	}{
		{"mor=31", "mor", "0-30"},
		{"mor=x", "mor", "whole number"},
		{"game=at44&rank=5", "rank", "0-4"},
		{"game=at43&rank=6", "rank", "adds no officer's rank to Morale: allowed 0"},
		{"activations=0", "activations", "1-20"},
		{"activations=21", "activations", "1-20"},
		{"game=at44&extra=11", "extra", "0-10"},
		{"extra=1", "extra", "takes nothing off Morale for earlier tests: allowed 0"},
		{"obj=1", "obj", "gives no Morale bonus for an objective: allowed 0"},
		{"obj=2", "obj", "0, 1"},
		{"spend=yes", "spend", "0, 1"},
		{"status=rout", "status", "valiant, disorganized"},
		{"game=at45", "game", "at43"},
	}
	for _, b := range bad {
		t.Run(b.query, func(t *testing.T) {
			v, _ := url.ParseQuery(b.query)
			_, err := ParseMorale(v)
			wantKeyError(t, b.query, err, b.key, b.allowed)
		})
	}
}

func FuzzMorale(f *testing.F) {
	f.Add("at43", "6", 0, false, 0, 1, false, "valiant")
	f.Add("at44", "-", 4, true, 10, 20, true, "disorganized")
	f.Fuzz(func(t *testing.T, game, mor string, rank int, obj bool, extra, activations int, spend bool, status string) {
		v := url.Values{"game": {game}, "mor": {mor}, "rank": {fmt.Sprint(rank)}, "obj": {boolQuery(obj)},
			"extra": {fmt.Sprint(extra)}, "activations": {fmt.Sprint(activations)}, "spend": {boolQuery(spend)}, "status": {status}}
		in, err := ParseMorale(v)
		if err != nil {
			return
		}
		timed(t, func() {
			res, err := Morale(in)
			if err != nil {
				t.Fatalf("%+v: parsed but failed: %v", in, err)
			}
			for _, ch := range []MoraleChain{res.NoSpend, res.Spend} {
				s := ch.States
				if math.Abs(s.Valiant+s.Disorganized+s.Rout-1) > 1e-9 || len(ch.RoutBy) != in.Activations {
					t.Fatalf("%+v: chain %+v", in, ch)
				}
			}
		})
	})
}

func boolQuery(b bool) string {
	if b {
		return "1"
	}
	return "0"
}

func BenchmarkMoraleTypical(b *testing.B) {
	in := MoraleInput{Game: "at44", Morale: 6, Rank: 1, Activations: 3}
	for b.Loop() {
		if _, err := Morale(in); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkMoraleWorst(b *testing.B) {
	in := MoraleInput{Game: "at43", Morale: 7, Activations: maxActivations, Status: Disorganized, Spend: true}
	for b.Loop() {
		if _, err := Morale(in); err != nil {
			b.Fatal(err)
		}
	}
}
