package calc

import (
	"net/url"
	"strings"
	"testing"

	"github.com/at4x/companion/i18n"
	"github.com/at4x/companion/rules"
)

// Issue 35, at the table: the headline's threshold, the fields' numbers,
// the what-ifs, the history's entries and the words, as the page's
// calculation gives them.

// openedWithWords is opened with the glossary's words of each game.
func openedWithWords(t *testing.T, name, lang, query string) *Page {
	t.Helper()
	c := (&Page{Name: name, Lang: lang, Query: strings.TrimPrefix(query, "?")}).WithLibrary(glossaryLibrary(t))
	c.open()
	if c.spec == nil {
		t.Fatalf("no calculator %q", name)
	}
	return c
}

// TestThresholdFollowsTheValues is the audit's route (problem A): a shot
// built by taps from the calculator's defaults asks what the same values
// opened as a link ask, until the reader taps a bar; that threshold then
// stays.
func TestThresholdFollowsTheValues(t *testing.T) {
	for _, lang := range []string{"en", "fr"} {
		t.Run(lang, func(t *testing.T) {
			c := opened(t, "shoot", lang, "?game=at43")
			steps := []fieldChange{{Key: "n", Step: 1}, {Key: "n", Step: 1}, {Key: "n", Step: 1}, {Key: "n", Step: 1}, {Key: "n", Step: 1},
				{Key: "rate", Step: 1}, {Key: "acc", Step: 1}, {Key: "cm", Value: "20"}, {Key: "cm", Step: 1}, {Key: "cm", Step: 1},
				{Key: "cm", Step: 1}, {Key: "pen", Step: 1}, {Key: "pen", Step: 1}, {Key: "size", Step: 1}, {Key: "size", Step: 1},
				{Key: "cover", Value: "cover"}}
			for _, ch := range steps {
				if _, ok := c.set(ch); !ok {
					t.Fatalf("no field %s", ch.Key)
				}
			}
			fresh := opened(t, "shoot", lang, c.link())
			if got, want := c.summary(), fresh.summary(); got != want {
				t.Errorf("built by taps %q, opened as a link %q", got, want)
			}
			if want := map[string]string{"en": "chance of at least 4.", "fr": "au moins 4."}[lang]; !strings.HasSuffix(c.summary(), want) {
				t.Errorf("headline %q, want it to end with %q", c.summary(), want)
			}
			if strings.Contains(c.link(), keyAtLeast) {
				t.Errorf("the link %s holds a threshold the reader did not choose", c.link())
			}
			c.pickBar(barPick{Chart: c.mainChart("now"), Index: 3})
			c.set(fieldChange{Key: "n", Step: 1})
			if !strings.Contains(c.summary(), " 3.") || !strings.Contains(c.link(), "atleast=3") {
				t.Errorf("after a bar and a tap: %q, %s; want at least 3 kept and in the link", c.summary(), c.link())
			}
		})
	}
}

// TestStepFromTheValueInUse (problem C): + on a refused or blank field
// steps from the value the answer used, not from the field's least; the
// refused value leaves the link.
func TestStepFromTheValueInUse(t *testing.T) {
	tests := []struct {
		name, query, key, want string
	}{
		{"refused", "game=at43&n=abc", "n", "2"},
		{"blank", "game=at43&n=", "n", "2"},
		{"over the top", "game=at43&acc=99", "acc", "4"},
		{"a salvo's", "game=at43&s1.n=2&s1.pen=x", "s1.pen", "6"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			name := "shoot"
			if strings.Contains(tt.key, ".") {
				name = "salvos"
			}
			c := opened(t, name, "en", "?"+tt.query)
			if got, ok := c.set(fieldChange{Key: tt.key, Step: 1}); !ok || got != tt.want {
				t.Errorf("+ gives %s=%q, want %q", tt.key, got, tt.want)
			}
			if len(c.now.errs) > 0 {
				t.Errorf("errors left: %v", c.now.errs)
			}
		})
	}
}

// TestFirstChangeDropsWhatWasRefused (problem J): a link's bad view keys
// and bad values show their messages, and leave the link at the reader's
// first change, whatever it is: the opponent gets no red message.
func TestFirstChangeDropsWhatWasRefused(t *testing.T) {
	const link = "?game=at43&n=6&cover=bunker&atleast=0&whatif=zzz&bar=9.9&compare=2"
	changes := map[string]func(c *Page){
		"a tap on +":        func(c *Page) { c.set(fieldChange{Key: "acc", Step: 1}) },
		"a value typed":     func(c *Page) { c.set(fieldChange{Key: "pen", Value: "7"}) },
		"a bar":             func(c *Page) { c.pickBar(barPick{Chart: "now/0", Index: 1}) },
		"a what-if":         func(c *Page) { c.tryWhatIf("faw", true) },
		"the other game":    func(c *Page) { c.setCompare(true) },
		"a profile loaded":  func(c *Page) { c.load(map[string]string{"pen": "8"}) },
		"a salvo...":        nil, // salvos: below
		"a distance chosen": func(c *Page) { c.set(fieldChange{Key: "cm", Value: "20"}) },
	}
	for name, change := range changes {
		if change == nil {
			continue
		}
		t.Run(name, func(t *testing.T) {
			c := opened(t, "shoot", "en", link)
			if len(c.bad) == 0 || c.now.errs["cover"] == nil {
				t.Fatalf("the link's faults are not said: %v %v", c.bad, c.now.errs)
			}
			before := c.now.out.main.Mean()
			change(c)
			q, _ := url.ParseQuery(strings.SplitN(c.link(), "?", 2)[1])
			for _, k := range []string{"cover", keyAtLeast, keyWhatIf, keyBar, keyCompare} {
				if q.Get(k) == "bunker" || q.Get(k) == "0" || q.Get(k) == "zzz" || q.Get(k) == "9.9" || q.Get(k) == "2" {
					t.Errorf("the link %s keeps %s", c.link(), k)
				}
			}
			if len(c.bad) > 0 || len(c.now.errs) > 0 {
				t.Errorf("messages left: %v %v", c.bad, c.now.errs)
			}
			if name == "a bar" && c.now.out.main.Mean() != before {
				t.Errorf("dropping what was refused changed the answer")
			}
		})
	}
	t.Run("a salvo added", func(t *testing.T) {
		c := opened(t, "salvos", "en", "?game=at43&s1.n=2&s1.cover=bunker&atleast=0")
		c.addSalvo()
		if l := c.link(); strings.Contains(l, "bunker") || strings.Contains(l, "atleast") {
			t.Errorf("the link %s keeps what was refused", l)
		}
	})
}

// TestWhatIfOnlyWhereItChanges (problem D): +1 Accuracy where both need
// the same roll is not offered, the page says why, and a link that asks
// for it tries nothing; where the roll changes it is offered.
func TestWhatIfOnlyWhereItChanges(t *testing.T) {
	tests := []struct {
		name, calc, lang, query string
		offered                 string // the toggles, by key
		same                    string // the notes in their place
	}{
		{"AT-43, 4 and 5 at band 2", "shoot", "en", "game=at43&n=6&acc=4&cm=23&whatif=acc", "takecover faw",
			"+1 Accuracy: no change, 4 and 5 both need 3+."},
		{"AT-44, 4 and 5 at band 2, French", "shoot", "fr", "game=at44&n=6&acc=4&range=2&whatif=acc", "takecover faw",
			"+1 en PRE\u00a0: aucun changement, 4 et 5 demandent tous deux 3+."},
		{"3 and 4 at band 2", "shoot", "en", "game=at43&n=6&acc=3&range=2", "acc takecover faw", ""},
		{"lock-on hits whatever the Accuracy", "shoot", "en", "game=at43&n=6&lock=4", "takecover faw", "+1 Accuracy: no change here."},
		{"AT-44 cover at band 0", "shoot", "en", "game=at44&n=6&range=0&acc=1", "acc faw", "Target takes cover: no change here."},
		{"close combat, same roll", "melee", "en", "game=at43&n=4&acc=4&def=2", "", "+1 Accuracy: no change, 4 and 5 both need 3+."},
		{"a hit without a roll", "shoot", "en", "game=at43&n=6&acc=12&range=0", "takecover", "+1 Accuracy: no change here. · Fire at will!: no change here."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := openedWithWords(t, tt.calc, tt.lang, tt.query)
			var offered, same []string
			for _, w := range c.spec.whatIfs {
				if !w.offers(c.now.shown) {
					continue
				}
				if why := c.whatIfSame(w); why != "" {
					same = append(same, why)
				} else {
					offered = append(offered, w.key)
				}
			}
			if got := strings.Join(offered, " "); got != tt.offered {
				t.Errorf("offered %q, want %q", got, tt.offered)
			}
			if got := strings.Join(same, " · "); got != tt.same {
				t.Errorf("says %q, want %q", got, tt.same)
			}
			if c.what != nil {
				t.Errorf("a what-if that changes nothing was tried: %q", headline(c.Lang, c.what.out, c.atLeast))
			}
		})
	}
}

// TestHistoryEntryEndsOnAnotherKind (problem E): the taps of one
// calculation update its entry however long the pauses; another
// calculator, game or target starts another entry, and so does a share.
func TestHistoryEntryEndsOnAnotherKind(t *testing.T) {
	const first = "/calc/shoot?game=at43&lang=en&n=2"
	tests := []struct {
		name, next string
		replaces   bool
	}{
		{"another value", "/calc/shoot?game=at43&lang=en&n=6&acc=4", true},
		{"the target named as it was", "/calc/shoot?game=at43&lang=en&n=6&target=inf", true},
		{"another language", "/calc/shoot?game=at43&lang=fr&n=2&acc=5", true},
		{"another target", "/calc/shoot?game=at43&lang=en&n=2&target=veh", false},
		{"another game", "/calc/shoot?game=at44&lang=en&n=2", false},
		{"another calculator", "/calc/melee?game=at43&lang=en&n=2", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := historyEntry{entry: first}
			want := ""
			if tt.replaces {
				want = first
			}
			if got := h.replaced(tt.next); got != want {
				t.Errorf("replaced(%s) = %q, want %q", tt.next, got, want)
			}
		})
	}
	ended := historyEntry{}
	if got := ended.replaced(first); got != "" {
		t.Errorf("after a share or leaving, the next calculation replaces %q", got)
	}
}

// TestWordsAtTheTable (problem I): the French singular under 2, AT-44's
// French "Grade" in the explanation as in its field, at least 0 certain
// in the table, and no simulated chance of "100% ±".
func TestWordsAtTheTable(t *testing.T) {
	d := rules.Dist{P: []float64{0.7, 0.3}}
	o := outcome{main: &d, noun: i18n.NounCasualties}
	for _, tt := range []struct {
		lang, want string
	}{
		{"fr", "En moyenne 0,3 perte ; 30\u202f% de chances d’en avoir au moins 1."},
		{"en", "Expect 0.3 casualties; 30% chance of at least 1."},
	} {
		if got := headline(tt.lang, o, 1); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.lang, got, tt.want)
		}
	}
	none := rules.Dist{P: []float64{1}}
	if got := headline("fr", outcome{main: &none, noun: i18n.NounCasualties}, 1); got != "En moyenne 0,0 perte." {
		t.Errorf("no casualty: %q", got)
	}

	c := openedWithWords(t, "morale", "fr", "?game=at44&mor=5&rank=2")
	f, _ := c.spec.field("rank", c.now.shown)
	label, _, _ := fieldLabel(c.words, f)
	if !strings.HasPrefix(label, "Grade") || !strings.Contains(strings.Join(explainSteps(c.words, c.spec, c.now.out.explain), "|"), "Grade +2") {
		t.Errorf("the field says %q, the explanation %q: want Grade in both", label, explainSteps(c.words, c.spec, c.now.out.explain))
	}

	short := rules.Dist{P: []float64{0.5, 0.3, 0.19999999}} // sums a hair under 1
	rows := tableRows("en", short.P)
	if rows[0][2] != "100%" || rows[len(rows)-1][3] != "100%" {
		t.Errorf("at least 0 reads %q, at most the most %q; want 100%%", rows[0][2], rows[len(rows)-1][3])
	}

	all := rules.Dist{P: []float64{0, 0, 1}}
	sim := outcome{main: &all, noun: i18n.NounCasualties, simulated: true, refined: true, trials: 39040}
	if got := headline("en", sim, 2); strings.Contains(got, "100%") || !strings.Contains(got, ">99.") {
		t.Errorf("every trial: %q, want more than 99.x%%, not 100%% ±", got)
	}
}

// TestAfterTheRollOnEveryOutcome (problem G): morale and authority, whose
// results count nothing, read the test passed or won; several salvos at a
// vehicle say which salvo's hits are counted.
func TestAfterTheRollOnEveryOutcome(t *testing.T) {
	for _, tt := range []struct {
		calc, query string
		names       [2]i18n.Key
	}{
		{"morale", "game=at44&mor=5", [2]i18n.Key{i18n.RollFailed, i18n.RollPassed}},
		{"authority", "game=at43&a=3&b=2", [2]i18n.Key{i18n.RollLost, i18n.RollWon}},
		{"d10morale", "game=d10&cou=5", [2]i18n.Key{i18n.RollFailed, i18n.RollPassed}},
	} {
		t.Run(tt.calc, func(t *testing.T) {
			c := opened(t, tt.calc, "en", "?"+tt.query)
			names, ok := rollEvent(c.now.out)
			if !ok || names != tt.names {
				t.Fatalf("the row reads %v (%v), want %v", names, ok, tt.names)
			}
			c.setRoll(fieldChange{Key: "count", Value: "0"})
			if chart, count := c.rollNow(nil); chart != eventChart || count != 0 {
				t.Errorf("after the reader's failure the row shows %d, %d", chart, count)
			}
		})
	}
	c := opened(t, "salvos", "fr", "?game=at43&target=veh&weapons=2,1&s1.n=2&s2.n=3")
	var titles []string
	for _, i := range rollCharts(c.now.out) {
		titles = append(titles, c.now.out.charts[i].name("fr"))
	}
	if got := strings.Join(titles, "|"); !strings.Contains(got, "Touches de la salve 2") {
		t.Errorf("the row counts %q, want the hits of salvo 2 named", got)
	}
}
