package calc

import (
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/at4x/companion/i18n"
	"github.com/at4x/companion/rules"
)

// shownKeys are the keys of a calculator's fields that apply to a link.
func shownKeys(t *testing.T, calc, query string) []string {
	t.Helper()
	spec := specFor(calc)
	v, _ := url.ParseQuery(query)
	s := evaluate(spec, v)
	if s.err != nil || len(s.errs) > 0 {
		t.Fatalf("%s?%s: %v %v", calc, query, s.err, s.errs)
	}
	var keys []string
	for _, f := range spec.fields {
		if f.show.holds(s.shown) {
			keys = append(keys, f.key)
		}
	}
	return keys
}

// TestFieldsShowWhereTheyApply: each fire option and vehicle input shows
// only for the game and target it applies to.
func TestFieldsShowWhereTheyApply(t *testing.T) {
	tests := []struct {
		name, calc, query string
		shown, hidden     []string
	}{
		{"shoot AT-43 infantry", "shoot", "game=at43", []string{"lock"}, []string{"picker", "jammer", "sniper", "frame"}},
		{"shoot AT-43 vehicle", "shoot", "game=at43&target=veh", []string{"lock", "picker", "frame", "weapons"}, []string{"jammer", "sniper", "size"}},
		{"shoot AT-44 infantry", "shoot", "game=at44", []string{"jammer", "sniper"}, []string{"lock", "picker"}},
		{"shoot AT-44 vehicle", "shoot", "game=at44&target=veh", []string{"lock", "jammer", "sniper"}, []string{"picker"}},
		{"melee has no fire options", "melee", "game=at43&target=veh", []string{"frame"}, []string{"lock", "picker", "jammer", "sniper"}},
		{"salvos at infantry", "salvos", "game=at43&s1.n=2", []string{"target", "size", "type", "s1.lock"}, []string{"frame", "picker", "s1.jammer"}},
		{"salvos AT-43 at vehicles", "salvos", "game=at43&target=veh&s1.n=2&s2.n=1",
			[]string{"frame", "prop", "weapons", "vehicles", "pick", "picker", "medic", "s1.lock", "s2.lock"}, []string{"size", "type", "s1.jammer", "s2.sniper"}},
		{"salvos AT-44 at vehicles", "salvos", "game=at44&target=veh&s1.n=2",
			[]string{"frame", "s1.lock", "s1.jammer", "s1.sniper"}, []string{"picker", "size"}},
		{"salvos AT-44 at infantry", "salvos", "game=at44&s1.n=2", []string{"s1.jammer", "s1.sniper"}, []string{"s1.lock"}},
		{"indirect AT-43 without vehicles", "indirect", "game=at43", []string{"fixed", "vehicles"}, []string{"vprot", "frame", "pick"}},
		{"indirect AT-44 with vehicles", "indirect", "game=at44&vehicles=2", []string{"vehicles", "vprot", "frame", "prop", "weapons", "pick"}, []string{"fixed"}},
		{"terrain", "terrain", "game=at44", []string{"cm", "lock", "salvos"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			keys := shownKeys(t, tt.calc, tt.query)
			for _, k := range tt.shown {
				if !slices.Contains(keys, k) {
					t.Errorf("%s is hidden; shown: %v", k, keys)
				}
			}
			for _, k := range tt.hidden {
				if slices.Contains(keys, k) {
					t.Errorf("%s is shown; shown: %v", k, keys)
				}
			}
		})
	}
}

// TestVehicleCoverOffersNoDrill: at vehicles the cover choice offers only
// what the engine takes there.
func TestVehicleCoverOffersNoDrill(t *testing.T) {
	for _, tt := range []struct{ calc, key, query string }{
		{"shoot", "cover", "game=at43&target=veh"}, {"salvos", "s1.cover", "game=at44&target=veh&s1.n=1"}} {
		v, _ := url.ParseQuery(tt.query)
		f, ok := specFor(tt.calc).field(tt.key, v)
		if !ok || len(f.options) != 2 {
			t.Fatalf("%s at vehicles: cover %v", tt.calc, f.options)
		}
		for _, o := range f.options {
			v.Set(tt.key, o.value)
			if s := evaluate(specFor(tt.calc), v); s.err != nil || len(s.errs) > 0 {
				t.Errorf("%s cover=%s: %v %v", tt.calc, o.value, s.err, s.errs)
			}
		}
	}
}

// TestFireOptionFieldsHaveWords: every fire option and vehicle field has
// its label and help line in both languages, and the glossary term its
// label opens.
func TestFireOptionFieldsHaveWords(t *testing.T) {
	lib := glossaryLibrary(t)
	for _, game := range []string{"at43", "at44"} {
		for _, lang := range []string{"en", "fr"} {
			w := wordsFor(lib, lang, game)
			for _, k := range []i18n.Key{i18n.InPicker, i18n.InLock, i18n.InJammer, i18n.InSniper, i18n.InArtillery,
				i18n.InVehiclesUnder, i18n.InVehicleProtection} {
				label, _, help := fieldLabel(w, field{label: k})
				if label == "" || help == "" {
					t.Errorf("%s %s: field %d has label %q, help %q", game, lang, k, label, help)
				}
			}
			// Each game names the terms it has.
			want := map[string][]i18n.Key{"at43": {i18n.InLock, i18n.InArtillery, i18n.InPicker}, "at44": {i18n.InLock, i18n.InJammer, i18n.InSniper}}[game]
			for _, k := range want {
				if _, term, _ := fieldLabel(w, field{label: k}); term == "" {
					t.Errorf("%s %s: field %q opens no glossary term", game, lang, i18n.T(lang, k))
				}
			}
		}
	}
}

// TestStepperRangesMatchTheEngine: every stepper shown accepts its ends
// and the engine refuses one past them, so a tap never lands on an error.
func TestStepperRangesMatchTheEngine(t *testing.T) {
	contexts := map[string][]string{
		"shoot":     {"game=at43", "game=at44&target=veh"},
		"melee":     {"game=at43", "game=at44&target=veh"},
		"salvos":    {"game=at43&s1.n=1", "game=at44&target=veh&s1.n=1"},
		"indirect":  {"game=at43", "game=at44&vehicles=1"},
		"morale":    {"game=at43", "game=at44"},
		"crush":     {"game=at43"},
		"minefield": {"game=at43", "game=at43&target=veh"},
		"terrain":   {"game=at44"},
		"authority": {"game=at43", "game=at44"},
		"d10attack": {"game=d10", "game=d10&mode=melee"},
		"d10morale": {"game=d10"}, "d10vehicle": {"game=d10"},
	}
	for name, queries := range contexts {
		spec := specFor(name)
		for _, q := range queries {
			base, _ := url.ParseQuery(q)
			for _, f := range spec.fields {
				if f.kind == kindList && f.show.holds(base) {
					t.Run(name+"?"+q+"/"+f.key, func(t *testing.T) { listRangeMatchesTheEngine(t, spec, base, f) })
					continue
				}
				// A wager's limit is the rank's, below the stepper's
				// 30: the form says so in its own message.
				if f.kind != kindNumber || !f.show.holds(base) || f.key == "aw" || f.key == "bw" {
					continue
				}
				t.Run(name+"?"+q+"/"+f.key, func(t *testing.T) {
					for _, c := range []struct {
						n  int
						ok bool
					}{{f.min, true}, {f.max, true}, {f.min - 1, false}, {f.max + 1, false}} {
						v := clone(base)
						v.Set(f.key, strconv.Itoa(c.n))
						s := evaluate(spec, v)
						if bad := s.errs[f.key] != nil; bad == c.ok || s.err != nil {
							t.Errorf("%s=%d: error %v (whole: %v), want accepted %v", f.key, c.n, s.errs[f.key], s.err, c.ok)
						}
					}
				})
			}
		}
	}
}

// TestBadEscapeMarksItsField: a value the link garbled is reported on its
// field, and the link's other values still count.
func TestBadEscapeMarksItsField(t *testing.T) {
	tests := []struct {
		name, calc, query, key, keep, want string
		lang                               string
	}{
		{"shoot", "shoot", "game=at43&n=%zz&acc=5", "n", "acc", "garbled", "en"},
		{"salvo fr", "salvos", "game=at43&s1.n=2&s1.acc=%g1&s2.n=4", "s1.acc", "s2.n", "abîmé", "fr"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := &Page{Name: tt.calc, Lang: tt.lang, Query: tt.query}
			c.open()
			if c.now.err != nil || !errors.Is(c.now.errs[tt.key], errBadEscape) || len(c.now.errs) != 1 {
				t.Fatalf("errors %v (whole: %v), want the bad escape on %s only", c.now.errs, c.now.err, tt.key)
			}
			if c.now.shown.Get(tt.keep) != c.values.Get(tt.keep) || c.values.Get(tt.keep) == "" {
				t.Errorf("%s lost: %v", tt.keep, c.now.shown)
			}
			f, _ := c.spec.field(tt.key, c.now.shown)
			if got := c.fieldOf(f, c.now.shown, false).Err; !strings.Contains(got, tt.want) {
				t.Errorf("the field says %q, want %q", got, tt.want)
			}
			// Once the reader gives a value the link's error is gone.
			c.values.Set(tt.key, "3")
			c.compute()
			if len(c.now.errs) != 0 {
				t.Errorf("errors %v after a good value", c.now.errs)
			}
		})
	}
}

// TestBadValuesMarkedInOnePass: a bad salvo value beside a second salvo
// marks that one field; the second salvo keeps its values.
func TestBadValuesMarkedInOnePass(t *testing.T) {
	v, _ := url.ParseQuery("game=at43&target=veh&s1.n=abc&s1.lock=1&s2.n=3&s2.acc=5&frame=99")
	s := evaluate(specFor("salvos"), v)
	if s.err != nil {
		t.Fatalf("evaluate failed as a whole: %v", s.err)
	}
	for _, k := range []string{"s1.n", "s1.lock", "frame"} {
		if s.errs[k] == nil {
			t.Errorf("no error for %s: %v", k, s.errs)
		}
	}
	if len(s.errs) != 3 || s.shown.Get("s2.n") != "3" || s.shown.Get("s2.acc") != "5" {
		t.Errorf("errors %v, shown %v", s.errs, s.shown)
	}
}

// TestSalvosAtVehiclesOutcome: the headline is the chance the unit is
// destroyed, the details the vehicles' figures and the salvo-by-salvo
// chance, as shoot gives them.
func TestSalvosAtVehiclesOutcome(t *testing.T) {
	v, _ := url.ParseQuery("game=at43&target=veh&frame=3&s1.n=4&s1.pen=10&s2.n=2&s2.pen=12&s2.dmg=2")
	s := evaluate(specFor("salvos"), v)
	if s.err != nil || len(s.errs) > 0 {
		t.Fatal(s.err, s.errs)
	}
	res := s.out.result.(rules.SalvosResult)
	if s.out.chance == nil || *s.out.chance != res.VehicleResult.Destroyed || s.out.chanceOf != i18n.Destroyed {
		t.Fatalf("headline is not the chance destroyed: %+v", s.out)
	}
	for _, lang := range []string{"en", "fr"} {
		h := headline(lang, s.out, 1)
		if !strings.Contains(h, i18n.Percent(lang, res.VehicleResult.Destroyed)) || !strings.Contains(h, i18n.T(lang, i18n.Destroyed)) {
			t.Errorf("%s headline %q", lang, h)
		}
	}
	var stats []i18n.Key
	for _, st := range s.out.stats {
		stats = append(stats, st.key)
	}
	var charts []i18n.Key
	for _, ch := range s.out.charts {
		charts = append(charts, ch.title)
	}
	if !slices.Contains(stats, i18n.Immobilized) || !slices.Contains(stats, i18n.WeaponLostF) ||
		!slices.Contains(charts, i18n.ChartFrame) || !slices.Contains(charts, i18n.ChartDownBy) {
		t.Errorf("stats %v, charts %v", stats, charts)
	}
}

// TestUnitOfVehiclesHeadline: at a unit of several vehicles the headline
// counts the vehicles destroyed, in both languages.
func TestUnitOfVehiclesHeadline(t *testing.T) {
	v, _ := url.ParseQuery("game=at44&target=veh&vehicles=3&frame=2&s1.n=6&s1.pen=12&s2.n=6&s2.pen=12")
	s := evaluate(specFor("salvos"), v)
	if s.err != nil || len(s.errs) > 0 {
		t.Fatal(s.err, s.errs)
	}
	res := s.out.result.(rules.SalvosResult)
	if s.out.main == nil || !slices.Equal(s.out.main.P, res.Wrecks.P) || s.out.chance != nil {
		t.Fatalf("headline is not the vehicles destroyed: main %v", s.out.main)
	}
	// 1.3 on average: French says it in the singular.
	for lang, want := range map[string]string{"en": "1.3 vehicles destroyed", "fr": "1,3 véhicule détruit"} {
		if h := headline(lang, s.out, 1); !strings.Contains(h, want) || strings.Contains(h, "(") {
			t.Errorf("%s headline %q lacks %q, or says more", lang, h, want)
		}
	}
	// Eight walkers under three salvos of 12 dice are too many to follow
	// together: the first answer is simulated, its chance with its margin,
	// and says it is being refined; refined, the margin is under half a
	// point and the headline drops the tail.
	v, _ = url.ParseQuery("game=at43&target=veh&frame=4&prop=2&weapons=2,1&vehicles=8&prot=10" +
		"&s1.n=12&s1.pen=12&s1.dmg=2&s2.n=12&s2.pen=12&s2.dmg=2&s3.n=12&s3.pen=12&s3.dmg=2")
	s = evaluate(specFor("salvos"), v)
	if s.err != nil || len(s.errs) > 0 {
		t.Fatal(s.err, s.errs)
	}
	if !s.out.simulated || s.out.refined || s.out.refine == nil {
		t.Fatalf("first answer: simulated %v, refined %v", s.out.simulated, s.out.refined)
	}
	for lang, want := range map[string]string{"en": "at least 1 (simulated, refining: see the notes).", "fr": "au moins 1 (simulation en cours d’affinage : voir les notes)."} {
		if h := headline(lang, s.out, 1); !strings.HasSuffix(h, want) || !strings.Contains(h, " ± ") {
			t.Errorf("%s headline of a simulated unit %q, want a margin and the end %q", lang, h, want)
		}
	}
	o := s.out
	for o.refine != nil {
		o = o.refine()
	}
	if !o.refined || o.trials <= s.out.trials {
		t.Fatalf("refined %v after %d trials, first answer %d", o.refined, o.trials, s.out.trials)
	}
	for lang, want := range map[string]string{"en": "% chance of at least 2.", "fr": "\u202f% de chances d’en avoir au moins 2."} {
		h := headline(lang, o, 2)
		_, margin, _ := strings.Cut(h, " ± ")
		if !strings.HasSuffix(h, want) || !regexp.MustCompile(`^0[.,][1-5]\D`).MatchString(margin) {
			t.Errorf("%s refined headline %q: want a margin of half a point at most and no tail", lang, h)
		}
	}
}

// TestIndirectAtVehiclesOutcome: a template over vehicles adds their
// figures; with no fighter under it, the headline is the chance destroyed.
func TestIndirectAtVehiclesOutcome(t *testing.T) {
	tests := []struct {
		name, query string
		chance      bool
	}{
		{"mixed", "game=at43&n=3&under=4&vehicles=2&vprot=6", false},
		{"vehicles only", "game=at44&n=3&under=0&vehicles=1&vprot=6", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, _ := url.ParseQuery(tt.query)
			s := evaluate(specFor("indirect"), v)
			if s.err != nil || len(s.errs) > 0 {
				t.Fatal(s.err, s.errs)
			}
			if (s.out.chance != nil) != tt.chance || (s.out.main != nil) == tt.chance {
				t.Errorf("headline: chance %v, main %v", s.out.chance, s.out.main)
			}
			if !slices.ContainsFunc(s.out.stats, func(st stat) bool { return st.key == i18n.Destroyed }) {
				t.Errorf("no destroyed chance among %v", s.out.stats)
			}
		})
	}
}

// TestNewStepsPhrased: the fixed-result steps read in both languages.
func TestNewStepsPhrased(t *testing.T) {
	steps := []rules.Step{{Kind: rules.StepFixed, Needed: 4, Chance: 0.5}, {Kind: rules.StepJammer, Needed: 3, Chance: 2.0 / 3}, {Kind: rules.StepSniper}}
	tests := []struct{ lang, want string }{
		{"en", "Hit on the printed result, whatever the range, needs 4+ (50%) · Jammer damage test (vehicles only), needs 3+ (66.7%) · Sniper: cover gives no save"},
		{"fr", "Touche sur le résultat imprimé, quelle que soit la portée, il faut 4+ (50 %) · Test de dégâts du Jammer (véhicules seulement), il faut 3+ (66,7 %) · Sniper : le couvert ne sauve rien"},
	}
	for _, tt := range tests {
		t.Run(tt.lang, func(t *testing.T) {
			if got := explain(gameWords{lang: tt.lang}, nil, steps); got != tt.want {
				t.Errorf("explain =\n %q\nwant\n %q", got, tt.want)
			}
		})
	}
}

// TestStrayErrors: a refused key no field shows still gets its message.
func TestStrayErrors(t *testing.T) {
	tests := []struct {
		name, calc, query, lang, want string
	}{
		{"salvo key with a leading zero", "salvos", "game=at43&s1.n=2&s01.n=3", "en", "s01.n: this calculator reads no such value"},
		{"eleventh salvo fr", "salvos", "game=at43&s1.n=2&s11.n=3", "fr", "s11.n : ce calculateur ne lit pas"},
		{"picker in AT-44", "shoot", "game=at44&target=veh&picker=defender", "en", `Who picks the weapon hit: "defender" does not apply with the game or target chosen; allowed here: `},
		{"Detection in AT-43", "shoot", "game=at43&det=1", "en", `: "1" does not apply with the game or target chosen; allowed here: unticked (0).`},
		{"Detection in AT-43 fr", "salvos", "game=at43&s1.n=2&s1.det=1", "fr", "« 1 » ne s’applique pas avec le jeu ou la cible choisis ; accepté ici : décoché (0)."},
		{"picker in close combat", "melee", "game=at43&target=veh&picker=defender", "en", "picker: this calculator reads no such value: it was left out."},
		{"capital salvo key fr", "salvos", "game=at43&s1.n=2&S1.n=3", "fr", "S1.n : ce calculateur ne lit pas cette valeur"},
		{"game twice", "crush", "game=at43&game=at44", "en", "game: the link gives it more than once; one value is allowed: the first is used."},
		{"unknown keys together", "shoot", "game=at43&k1=1&k2=1&k3=1&__proto__=1", "en",
			"__proto__, k1, k2, k3: this calculator reads none of these values: they were left out."},
		{"many unknown keys fr", "salvos", "game=at43&s1.n=2&" + manyKeys(2000), "fr",
			"s0.k0, s0.k1008, s0.k1020, s0.k1032, s0.k1044 et 1995 autres : ce calculateur ne lit aucune de ces valeurs : elles sont ignorées."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, _ := url.ParseQuery(tt.query)
			spec := specFor(tt.calc)
			s := evaluate(spec, v)
			if s.err != nil {
				t.Fatal(s.err)
			}
			got := strayErrors(gameWords{lang: tt.lang}, spec, s.shown, v, s.errs)
			if len(got) != 1 || !strings.Contains(readable(got[0]), tt.want) {
				t.Errorf("stray errors %q, want one with %q", got, tt.want)
			}
		})
	}
	// Keys the link garbled that no field takes join the unknown keys.
	c := &Page{Name: "shoot", Lang: "en", Query: "game=at43&k1=%zz&k2=%zz&k3=1&n=%zz"}
	c.open()
	got := strayErrors(gameWords{lang: "en"}, c.spec, c.now.shown, c.values, c.now.errs)
	if len(got) != 1 || !strings.HasPrefix(readable(got[0]), "k1, k2, k3: this calculator reads none") {
		t.Errorf("stray errors %q, want one for k1, k2 and k3", got)
	}
	// A bad value of a field on show is the field's to say.
	v, _ := url.ParseQuery("game=at43&n=x")
	s := evaluate(specFor("shoot"), v)
	if got := strayErrors(gameWords{lang: "en"}, specFor("shoot"), s.shown, v, s.errs); len(got) != 0 {
		t.Errorf("stray errors %q for a field on show", got)
	}
}

// manyKeys is n salvo-like keys no calculator reads, s0.k0 to s11.k(n-1).
func manyKeys(n int) string {
	keys := make([]string, n)
	for i := range keys {
		keys[i] = fmt.Sprintf("s%d.k%d=1", i%12, i)
	}
	return strings.Join(keys, "&")
}

// TestUnknownKeysLeftOut: the keys a calculator does not read are dropped
// at once, however many, the other values still count, and a change
// leaves them out of the link.
func TestUnknownKeysLeftOut(t *testing.T) {
	c := &Page{Name: "salvos", Lang: "en", Query: "game=at43&s1.n=4&s1.acc=5&" + manyKeys(2000)}
	c.open()
	if c.now.err != nil || len(c.now.errs) != 1 {
		t.Fatalf("errors %d (whole: %v), want the unknown keys' one", len(c.now.errs), c.now.err)
	}
	if c.now.shown.Get("s1.n") != "4" || c.now.shown.Get("s1.acc") != "5" {
		t.Errorf("the salvo's values were lost: %v", c.now.shown)
	}
	for k := range c.base() {
		if strings.Contains(k, ".k") {
			t.Fatalf("the next change starts with %s, a key left out", k)
		}
	}
}

// TestRepeatedKey: a key given twice is said on its field and keeps its
// first value, which the form shows and the result uses; a first value
// refused too is said instead, its default standing in. The next change
// keeps the value used, and drops the one refused.
func TestRepeatedKey(t *testing.T) {
	tests := []struct {
		name, query string
		kind        error
		shown, says string
		next        []string
	}{
		{"first value used", "game=at43&n=2&n=abc&acc=5", rules.ErrRepeated, "2", "plusieurs fois", []string{"2"}},
		{"first value refused", "game=at43&n=abc&n=2&acc=5", rules.ErrSyntax, "1", "« abc » n’est pas accepté", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := &Page{Name: "shoot", Lang: "fr", Query: tt.query}
			c.open()
			if c.now.err != nil || !errors.Is(c.now.errs["n"], tt.kind) || len(c.now.errs) != 1 {
				t.Fatalf("errors %v (whole: %v), want one on n, %v", c.now.errs, c.now.err, tt.kind)
			}
			if got := c.now.shown.Get("n"); got != tt.shown || c.now.shown.Get("acc") != "5" {
				t.Errorf("the result used n=%s acc=%s, want n=%s acc=5", got, c.now.shown.Get("acc"), tt.shown)
			}
			f, _ := c.spec.field("n", c.now.shown)
			if got := c.fieldOf(f, c.now.shown, false).Err; !strings.Contains(readable(got), tt.says) {
				t.Errorf("the field says %q, want %q", got, tt.says)
			}
			if vs := c.base()["n"]; !slices.Equal(vs, tt.next) {
				t.Errorf("the next change starts with n=%q, want %q", vs, tt.next)
			}
		})
	}
}

// listRangeMatchesTheEngine: a list field takes what its message says it
// does: up to its items, each from its min to its max.
func listRangeMatchesTheEngine(t *testing.T, spec *spec, base url.Values, f field) {
	list := func(n, item int) string { return strings.TrimSuffix(strings.Repeat(strconv.Itoa(item)+",", n), ",") }
	for _, c := range []struct {
		list string
		ok   bool
	}{{list(f.items, f.max), true}, {list(1, f.min), true}, {list(f.items+1, f.min), false},
		{list(2, f.max) + "," + strconv.Itoa(f.max+1), false}, {strconv.Itoa(f.min - 1), false}} {
		v := clone(base)
		v.Set(f.key, c.list)
		s := evaluate(spec, v)
		if bad := s.errs[f.key] != nil; bad == c.ok || s.err != nil {
			t.Errorf("%s=%s: error %v (whole: %v), want accepted %v", f.key, c.list, s.errs[f.key], s.err, c.ok)
		}
	}
}
