package rules

import (
	"fmt"
	"math/big"
	"net/url"
	"slices"
	"strings"
	"testing"
)

// ratSalvos is the reference: enumerate the casualties so far and, for each
// salvo, the successful damage tests, removing at most what is left.
func ratSalvos(g Game, in SalvosInput) ratDist {
	type state struct {
		lost  int
		medic bool
	}
	cur := map[state]*big.Rat{{0, in.Medic}: big.NewRat(1, 1)}
	for _, s := range in.Salvos {
		shoot := ShootInput{Game: in.Game, Range: s.Range, Cover: s.Cover, FireAtWill: s.FireAtWill,
			Detection: s.Detection, Attack: Attack{Weapons: s.Weapons, Rate: s.Rate, Rerolls: s.Rerolls,
				Accuracy: s.Accuracy, Penetration: s.Penetration, Damage: s.Damage,
				DamageReroll: s.DamageReroll, Protection: in.Protection, Size: 1000}}
		_, _, succ := ratInfantry(g, shoot) // uncapped successes, no medic
		next := map[state]*big.Rat{}
		for st, ps := range cur {
			for k, pk := range succ {
				kill, medic := k, st.medic
				if medic && k > 0 {
					medic = false
					if s.Damage == 1 {
						kill--
					}
				}
				ns := state{min(st.lost+kill, in.Size), medic}
				if next[ns] == nil {
					next[ns] = new(big.Rat)
				}
				next[ns].Add(next[ns], new(big.Rat).Mul(ps, pk))
			}
		}
		cur = next
	}
	out := ratZeros(in.Size + 1)
	for st, p := range cur {
		out[st.lost].Add(out[st.lost], p)
	}
	return out
}

func TestSalvosMatchExactReference(t *testing.T) {
	for _, g := range Games() {
		for _, size := range []int{1, 4, 10} {
			for _, medic := range []bool{false, true} {
				in := SalvosInput{Game: g.ID, Size: size, Type: 1, Protection: 5, Medic: medic, Salvos: forGame(g, []Salvo{
					{Weapons: 4, Rate: 1, Rerolls: 1, Accuracy: 5, Range: 2, Penetration: 6, Damage: 1, Cover: CoverNormal},
					{Weapons: 2, Rate: 3, Accuracy: 3, Range: 1, Penetration: 7, Damage: 2, DamageReroll: true},
					{Weapons: 3, Rate: 1, Accuracy: 4, Range: 0, Penetration: 5, Damage: 1, FireAtWill: true, Detection: true, Cover: CoverTakeCover},
				})}
				t.Run(fmt.Sprintf("%s size=%d medic=%v", g.ID, size, medic), func(t *testing.T) {
					res, err := Salvos(in)
					if err != nil {
						t.Fatal(err)
					}
					compare(t, "salvos", res.Casualties, ratSalvos(g, in))
					for i, d := range res.After {
						checkSums(t, "after salvo "+string(rune('1'+i)), d)
						if i > 0 && d.Mean() < res.After[i-1].Mean() {
							t.Errorf("casualties went down after salvo %d", i+1)
						}
					}
				})
			}
		}
	}
}

// TestOneSalvoIsOneShot checks that a one-salvo sequence gives what Shoot gives.
func TestOneSalvoIsOneShot(t *testing.T) {
	for _, g := range Games() {
		s := Salvo{Weapons: 6, Rate: 2, Rerolls: 1, Accuracy: 4, Range: 3, Penetration: 6, Damage: 1, Cover: CoverNormal}
		seq, err := Salvos(SalvosInput{Game: g.ID, Size: 5, Type: 2, Protection: 4, Medic: true, Salvos: []Salvo{s}})
		if err != nil {
			t.Fatal(err)
		}
		one, err := Shoot(ShootInput{Game: g.ID, Range: s.Range, Cover: s.Cover, Attack: Attack{
			Weapons: s.Weapons, Rate: s.Rate, Rerolls: s.Rerolls, Accuracy: s.Accuracy,
			Penetration: s.Penetration, Damage: s.Damage, Protection: 4, Size: 5, Type: 2, Medic: true}})
		if err != nil {
			t.Fatal(err)
		}
		compareDists(t, g.Name+" one salvo", seq.Casualties, one.Casualties)
		if len(seq.Explain) != len(one.Explain)+1 || seq.Explain[0].Kind != "salvo" || seq.Explain[1] != one.Explain[0] {
			t.Errorf("%s: salvo steps %+v, shot steps %+v", g.Name, seq.Explain, one.Explain)
		}
		if diff := seq.MoraleThreshold - one.MoraleThreshold; diff > 1e-12 || diff < -1e-12 {
			t.Errorf("%s: morale threshold %v vs %v", g.Name, seq.MoraleThreshold, one.MoraleThreshold)
		}
	}
}

func compareDists(t *testing.T, what string, a, b Dist) {
	t.Helper()
	n := max(len(a.P), len(b.P))
	for k := range n {
		if d := a.At(k) - b.At(k); d > 1e-12 || d < -1e-12 {
			t.Errorf("%s: P(%d) %v vs %v", what, k, a.At(k), b.At(k))
			return
		}
	}
}

func TestParseSalvos(t *testing.T) {
	v, _ := url.ParseQuery("game=at44&size=8&s1.n=5&s1.acc=5&s1.cm=25&s2.n=2&s2.rate=3&s2.cover=cover")
	in, err := ParseSalvos(v)
	if err != nil {
		t.Fatal(err)
	}
	if len(in.Salvos) != 2 || *in.Salvos[0].CM != 25 || in.Salvos[1].Rate != 3 || in.Salvos[1].Cover != CoverNormal || in.Size != 8 {
		t.Errorf("parsed %+v", in)
	}
	back, err := ParseSalvos(in.Query())
	if err != nil {
		t.Fatal(err)
	}
	if back.Query().Encode() != in.Query().Encode() {
		t.Errorf("round trip: %s became %s", in.Query().Encode(), back.Query().Encode())
	}
	none, err := ParseSalvos(url.Values{})
	if err != nil || len(none.Salvos) != 1 {
		t.Errorf("no groups: %+v, %v", none, err)
	}
	for query, want := range map[string]string{
		"s1.n=2&s3.n=2":       "s2 is missing",
		"s11.n=2":             "after s1. to s10. (no leading zero): n, rate",
		"sx.n=2":              "after s1. to s10. (no leading zero): n, rate",
		"s1.n=101":            "s1.n: 101 is out of range",
		"s1.range=2&s1.cm=20": "s1.cm",
		"s1.cover=wall":       "s1.cover",
		"size=0":              "size",
	} {
		t.Run(query, func(t *testing.T) {
			v, _ := url.ParseQuery(query)
			if _, err := ParseSalvos(v); err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("error %v, want one mentioning %q", err, want)
			}
		})
	}
}

// forGame is a copy of salvos without the abilities g lacks (Detection in
// AT-43), which its Validate refuses.
func forGame(g Game, salvos []Salvo) []Salvo {
	out := slices.Clone(salvos)
	for i := range out {
		out[i].Detection = out[i].Detection && g.Detection
	}
	return out
}
