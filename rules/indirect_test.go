package rules

import (
	"math"
	"math/big"
	"net/url"
	"strconv"
	"strings"
	"testing"
)

// TestSeedTemplates replays the indirect-fire examples of the seeds.
func TestSeedTemplates(t *testing.T) {
	tests := []struct {
		source       string
		g            Game
		aoe, dice, k int
		lost         bool
		want         template
	}{
		{"AT-43: two grenade launchers both hit", AT43, 3, 2, 2, false, template{radius: 6, impacts: 1}},
		{"AT-43: two grenade launchers both miss", AT43, 3, 2, 0, false, template{radius: 3, impacts: 1, deviation: 2}},
		{"AT-43: six light grenade launchers, 4 successes", AT43, 3, 6, 4, false, template{radius: 10, impacts: 2, deviation: 2}},
		{"AT-44: six mortar dice, 4 hits, 2 misses (AoE 4)", AT44, 4, 6, 4, false, template{radius: 10, impacts: 2, deviation: 6}},
		{"AT-44: every die misses", AT44, 4, 6, 0, true, template{}},
		{"AT-44: every die hits", AT44, 2, 3, 3, false, template{radius: 6, impacts: 1}},
		{"no dice", AT43, 3, 0, 0, true, template{}},
	}
	for _, tt := range tests {
		t.Run(tt.source, func(t *testing.T) {
			g := tt.g
			got, ok := placeTemplate(g.Indirect, tt.aoe, tt.dice, tt.k)
			if ok == tt.lost || got != tt.want {
				t.Errorf("%+v (placed %v), want %+v (lost %v)", got, ok, tt.want, tt.lost)
			}
		})
	}
}

// TestIndirectCertain checks whole calculations where the dice cannot fail.
func TestIndirectCertain(t *testing.T) {
	// Two grenade launchers that cannot miss: radius 6, one impact each,
	// PEN 18 against Protection 3: every fighter under it dies.
	res, err := Indirect(IndirectInput{Game: "at43", Weapons: 2, Rate: 1, Accuracy: 10, AoE: 3,
		Penetration: 18, Damage: 1, Protection: 3, Under: 4})
	if err != nil {
		t.Fatal(err)
	}
	if res.Radius["6"] != 1 || res.ShotLost != 0 || res.Deviation["0"] != 1 ||
		res.ImpactsPerFighter.At(1) != 1 || res.WipedOut != 1 {
		t.Errorf("certain AT-43 template: %+v", res)
	}
	// An impossible shot is lost in both games.
	for _, g := range Games() {
		res, err := Indirect(IndirectInput{Game: g.ID, Weapons: 3, Rate: 1, Accuracy: 0, Range: 6, AoE: 3,
			Penetration: 5, Damage: 1, Protection: 5, Under: 4})
		if err != nil {
			t.Fatal(err)
		}
		if res.ShotLost != 1 || res.ImpactsPerFighter.At(0) != 1 || res.Casualties.At(0) != 1 || len(res.Radius) != 0 {
			t.Errorf("%s impossible shot: %+v", g.Name, res)
		}
	}
}

// ratIndirect is the reference: for each number of successes, the template
// and then a binomial of the fighters under it, each dying unless all of its
// damage tests fail.
func ratIndirect(g Game, in IndirectInput) (lost *big.Rat, radius map[string]*big.Rat, cas ratDist) {
	lost = new(big.Rat)
	radius = map[string]*big.Rat{}
	cas = ratZeros(in.Under + 1)
	p := ratChance(in.Accuracy, in.Range)
	_, auto := Needed(in.Accuracy - in.Range)
	hits := ratHits(g, in.Weapons, in.Rate, in.Rerolls, p)
	pd := ratChance(in.Penetration, in.Protection)
	dice := in.Weapons * in.Rate
	for k, pk := range hits {
		if auto == AutoFail || dice == 0 || k == 0 && g.Indirect.LostOnAllMiss {
			lost.Add(lost, pk)
			cas[0].Add(cas[0], pk)
			continue
		}
		r := strconv.Itoa(min(in.AoE*max(k, 1), 10))
		if radius[r] == nil {
			radius[r] = new(big.Rat)
		}
		radius[r].Add(radius[r], pk)
		m := g.Indirect.ImpactsPastCap(in.AoE, k)
		die := ratOneMinus(ratPow(ratOneMinus(pd), m))
		for j, pj := range ratBinomial(in.Under, die) {
			cas[j].Add(cas[j], new(big.Rat).Mul(pk, pj))
		}
	}
	return lost, radius, cas
}

func TestIndirectMatchesExactReference(t *testing.T) {
	for _, g := range Games() {
		for _, weapons := range []int{0, 1, 2, 6} {
			for _, rr := range []int{0, 1} {
				for _, acc := range []int{0, 2, 5} {
					for _, aoe := range []int{1, 3, 4, 10} {
						in := IndirectInput{Game: g.ID, Weapons: weapons, Rate: 1 + aoe%2, Rerolls: rr,
							Accuracy: acc, Range: 2, AoE: aoe, Penetration: 5, Damage: 1, Protection: 4, Under: 5}
						t.Run(in.Query().Encode(), func(t *testing.T) {
							res, err := Indirect(in)
							if err != nil {
								t.Fatal(err)
							}
							lost, radius, cas := ratIndirect(g, in)
							if l, _ := lost.Float64(); math.Abs(l-res.ShotLost) > 1e-12 {
								t.Errorf("%+v: shot lost %v, exact %v", in, res.ShotLost, l)
							}
							for r, pr := range radius {
								if f, _ := pr.Float64(); math.Abs(f-res.Radius[r]) > 1e-12 {
									t.Errorf("%+v: radius %s chance %v, exact %v", in, r, res.Radius[r], f)
								}
							}
							if len(radius) != len(res.Radius) {
								t.Errorf("%+v: radii %v, exact %v", in, res.Radius, radius)
							}
							compare(t, "indirect casualties", res.Casualties, cas)
							checkSums(t, "impacts per fighter", res.ImpactsPerFighter)
							var dev float64
							for _, p := range res.Deviation {
								dev += p
							}
							if math.Abs(dev+res.ShotLost-1) > 1e-12 {
								t.Errorf("%+v: deviation chances add to %v with %v lost", in, dev, res.ShotLost)
							}
						})
					}
				}
			}
		}
	}
}

func TestIndirectNotes(t *testing.T) {
	res, err := Indirect(IndirectInput{Game: "at44", Weapons: 6, Rate: 1, Accuracy: 5, CM: ptr(40),
		AoE: 4, Penetration: 5, Damage: 1, Protection: 5, Under: 3})
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{NoteIndirectCap, NoteRangeLine, NoteTemplateUnder} {
		if !carriesNote(res.Notes, id) {
			t.Errorf("AT-44 mortar at 40 cm lacks note %s: %v", id, res.Notes)
		}
	}
	if res.Explain[0].Kind != "range" || res.Explain[0].Value != 3 {
		t.Errorf("40 cm in AT-44 should read as band 3: %+v", res.Explain[0])
	}
}

func ptr(n int) *int { return &n }

func carriesNote(notes []Note, id string) bool {
	for _, n := range notes {
		if n.ID == id {
			return true
		}
	}
	return false
}

func checkSums(t *testing.T, what string, d Dist) {
	t.Helper()
	if s := d.Sum(); math.Abs(s-1) > 1e-12 {
		t.Errorf("%s sums to %.17g", what, s)
	}
	for k, p := range d.P {
		if p < 0 || math.IsNaN(p) {
			t.Errorf("%s: P(%d) = %v", what, k, p)
		}
	}
}

func TestIndirectQuery(t *testing.T) {
	v, _ := url.ParseQuery("game=at44&n=3&rate=2&rr=1&acc=4&range=3&aoe=4&pen=6&dmg=2&dmgrr=1&prot=5&under=7&lang=en")
	in, err := ParseIndirect(v)
	if err != nil {
		t.Fatal(err)
	}
	want := IndirectInput{Game: "at44", Weapons: 3, Rate: 2, Rerolls: 1, Accuracy: 4, Range: 3, AoE: 4,
		Penetration: 6, Damage: 2, DamageReroll: true, Protection: 5, Under: 7}
	if in.Query().Encode() != want.Query().Encode() || in.CM != nil {
		t.Errorf("parsed %+v, want %+v", in, want)
	}
	withCM := want
	withCM.Range, withCM.CM = 0, ptr(35)
	for _, q := range []url.Values{want.Query(), withCM.Query()} {
		t.Run(q.Encode(), func(t *testing.T) {
			back, err := ParseIndirect(q)
			if err != nil || back.Query().Encode() != q.Encode() {
				t.Errorf("round trip of %s: %v, %s", q.Encode(), err, back.Query().Encode())
			}
		})
	}
	def, err := ParseIndirect(url.Values{})
	if err != nil || def.AoE != 3 || def.Under != 1 || def.Game != "at43" {
		t.Errorf("defaults %+v, %v", def, err)
	}
	for query, wantErr := range map[string]string{
		"aoe=0":          "aoe: 0 is out of range: allowed 1-10",
		"aoe=11":         "aoe: 11 is out of range",
		"under=101":      "under: 101 is out of range: allowed 0-100",
		"range=3&cm=30":  "range and cm both given",
		"dmgrr=yes":      "dmgrr: \"yes\" is not allowed: allowed 0, 1",
		"game=d10":       "game: \"d10\" is unknown",
		"n=1&rate=21":    "rate: 21 is out of range: allowed 1-20",
		"cm=-1":          "cm: -1 is out of range: allowed 0-300",
		"acc=3&prot=-1":  "prot: -1 is out of range",
		"pen=x":          "pen: \"x\" is not a whole number",
		"under=4&dmg=11": "dmg: 11 is out of range: allowed 1-10",
	} {
		t.Run(query, func(t *testing.T) {
			v, _ := url.ParseQuery(query)
			if _, err := ParseIndirect(v); err == nil || !strings.Contains(err.Error(), wantErr) {
				t.Errorf("error %v, want %q", err, wantErr)
			}
		})
	}
}
