package calc

import (
	"net/url"
	"slices"
	"strings"
	"testing"
)

// opened is a calculator page that has read a link, as the opponent's
// phone opens it.
func opened(t *testing.T, name, lang, link string) *Page {
	t.Helper()
	_, query, _ := strings.Cut(link, "?")
	c := &Page{Name: name, Lang: lang, Query: query}
	c.open()
	if c.spec == nil {
		t.Fatalf("no calculator %q", name)
	}
	return c
}

// TestLinkCarriesTheView: what the sender chose about the result (the
// headline's threshold, what-ifs, the other game, bars tapped) travels in
// the link, and the page that opens it shows the same headline and the
// same choices.
func TestLinkCarriesTheView(t *testing.T) {
	tests := []struct {
		name, calc, query string
		choose            func(c *Page)
		want              []string // in the link
	}{
		// Issue 35: a shot built by taps from one weapon asks what its
		// values ask, not whether one weapon hits.
		{"threshold follows the values", "shoot", "game=at44&n=1&acc=4&range=2&pen=7&size=8",
			func(c *Page) { c.set(fieldChange{Key: "n", Value: "6"}) }, []string{"n=6", "?acc=4&game=at44&lang=en&n=6&pen=7&range=2&size=8"}},
		{"threshold tapped", "shoot", "game=at43&n=6",
			func(c *Page) { c.pickBar(barPick{Chart: c.mainChart("now"), Index: 3}) }, []string{"atleast=3"}},
		{"threshold tapped stays", "shoot", "game=at43&n=6",
			func(c *Page) {
				c.pickBar(barPick{Chart: c.mainChart("now"), Index: 1})
				c.set(fieldChange{Key: "n", Value: "12"})
			}, []string{"atleast=1", "n=12"}},
		{"what-ifs in their order", "shoot", "game=at43&n=4",
			func(c *Page) { c.whatIfs["faw"], c.whatIfs["acc"] = true, true; c.compute() }, []string{"whatif=acc%2Cfaw"}},
		{"the other game beside", "melee", "game=at43&n=4",
			func(c *Page) { c.compare = true; c.compute() }, []string{"compare=1"}},
		{"bars tapped, not the headline's", "shoot", "game=at43&n=4&cover=cover",
			func(c *Page) {
				c.compare = true
				c.compute()
				c.picked["now/0"], c.picked["other/0"], c.picked[c.mainChart("now")] = 2, 1, 4
			}, []string{"bar=0.2%2Co0.1", "compare=1"}},
		{"salvos, French", "salvos", "game=at43&s1.n=2&s2.n=5",
			func(c *Page) { c.pickBar(barPick{Chart: c.mainChart("now"), Index: 4}) }, []string{"atleast=4"}},
		{"the values' own threshold is left out", "shoot", "game=at43&n=6",
			func(c *Page) {}, []string{"?game=at43&lang=en&n=6"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lang := "en"
			if strings.Contains(tt.name, "French") {
				lang = "fr"
			}
			sender := opened(t, tt.calc, lang, "?"+tt.query)
			tt.choose(sender)
			link := sender.link()
			for _, w := range tt.want {
				if !strings.Contains(link, w) {
					t.Errorf("link %s lacks %s", link, w)
				}
			}
			opponent := opened(t, tt.calc, lang, link)
			if got, want := opponent.summary(), sender.summary(); got != want {
				t.Errorf("the opponent reads %q, the sender %q", got, want)
			}
			if opponent.compare != sender.compare || !mapsEqual(opponent.whatIfs, sender.whatIfs) {
				t.Errorf("opponent compare %v what-ifs %v, sender %v %v", opponent.compare, opponent.whatIfs, sender.compare, sender.whatIfs)
			}
			if got := opponent.link(); got != link {
				t.Errorf("the opponent's link %s, the sender's %s", got, link)
			}
			for _, k := range viewKeys {
				if opponent.values.Has(k) {
					t.Errorf("%s reaches the engine's values", k)
				}
			}
			if len(opponent.bad) > 0 || len(opponent.now.errs) > 0 {
				t.Errorf("errors on a clean link: %v %v", opponent.bad, opponent.now.errs)
			}
		})
	}
}

func mapsEqual(a, b map[string]bool) bool {
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	for k, v := range b {
		if a[k] != v {
			return false
		}
	}
	return true
}

// TestBadViewValues: a view value the page cannot read is said, in the
// page's language, and kept in the link until the reader's first change,
// which drops it and its message, so that a shared link does not pass it
// on; the rest of the link still counts.
func TestBadViewValues(t *testing.T) {
	tests := []struct {
		calc, query, key, lang, want string
	}{
		{"shoot", "game=at43&n=6&atleast=0", keyAtLeast, "en", `"0" is not one of the options: a whole number from 1 to 9999`},
		{"shoot", "game=at43&n=6&atleast=x", keyAtLeast, "fr", "« x » n’est pas une des options : un nombre entier de 1 à 9999"},
		{"shoot", "game=at43&n=6&atleast=2&atleast=3", keyAtLeast, "en", `"2,3" is not one of the options`},
		{"shoot", "game=at43&n=6&atleast=%zz", keyAtLeast, "en", `"" is not one of the options`},
		{"shoot", "game=at43&n=6&whatif=acc,fly", keyWhatIf, "en", `"acc,fly" is not one of the options: the what-ifs`},
		{"crush", "game=at43&whatif=acc", keyWhatIf, "fr", "« acc » n’est pas une des options"},
		{"melee", "game=at43&n=6&compare=2", keyCompare, "en", `"2" is not one of the options: 0 or 1`},
		{"d10morale", "game=d10&compare=1", keyCompare, "en", "this calculator reads no such value"},
		{"shoot", "game=at43&n=6&bar=1.x", keyBar, "fr", "« 1.x » n’est pas une des options"},
		{"shoot", "game=at43&n=6&bar=01.2", keyBar, "en", `"01.2" is not one of the options: a chart and its bar`},
		{"shoot", "game=at43&n=6&whatif=" + strings.Repeat("x", 100), keyWhatIf, "en", `"` + strings.Repeat("x", 40) + `…" is not one of the options: the what-ifs`},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			c := opened(t, tt.calc, tt.lang, "?"+tt.query)
			if c.now.err != nil || len(c.now.errs) > 0 {
				t.Fatalf("the calculation suffers: %v %v", c.now.err, c.now.errs)
			}
			msgs := viewErrors(c.Lang, c.spec, c.bad)
			if len(msgs) != 1 || !strings.Contains(readable(msgs[0]), tt.want) || strings.Contains(msgs[0], "%!") {
				t.Fatalf("messages %q, want one with %q", msgs, tt.want)
			}
			q, _ := url.ParseQuery(strings.SplitN(c.link(), "?", 2)[1])
			if !q.Has(tt.key) || q.Get(tt.key) != c.bad.Get(tt.key) {
				t.Errorf("link %s does not keep %s as given", c.link(), tt.key)
			}
			if tt.key == keyAtLeast && c.atLeast != firstThreshold(c.now.out) {
				t.Errorf("threshold %d, want the page's own", c.atLeast)
			}
			c.set(fieldChange{Key: "n", Step: 1})
			q, _ = url.ParseQuery(strings.SplitN(c.link(), "?", 2)[1])
			if q.Has(tt.key) || len(viewErrors(c.Lang, c.spec, c.bad)) > 0 {
				t.Errorf("after a change the link %s keeps %s, or the page its message", c.link(), tt.key)
			}
		})
	}
}

// TestViewKeysAreNoEngineKeys: no calculator has a field named like a
// view key, which the page would take out of its values.
func TestViewKeysAreNoEngineKeys(t *testing.T) {
	for _, sp := range allSpecs() {
		for _, f := range sp.fields {
			if _, rest := splitPrefix(f.key); slices.Contains(viewKeys, rest) {
				t.Errorf("%s: field %s is a view key", sp.name, f.key)
			}
		}
	}
}

// TestRefinedSenderSameThreshold: a simulated result refines on the
// sender's page after it opened; the link still gives the opponent the
// sender's threshold, and once both have refined, the same headline.
func TestRefinedSenderSameThreshold(t *testing.T) {
	const query = "game=at43&target=veh&frame=4&prop=2&weapons=2,1&vehicles=8&prot=10" +
		"&s1.n=12&s1.pen=12&s1.dmg=2&s2.n=12&s2.pen=12&s2.dmg=2&s3.n=12&s3.pen=12&s3.dmg=2"
	refined := func(c *Page) {
		for c.now.out.refine != nil {
			c.now.out = c.now.out.refine()
		}
	}
	for _, choose := range []int{0, 3} {
		sender := opened(t, "salvos", "en", "?"+query)
		if sender.now.out.refine == nil {
			t.Fatal("the link's result is not simulated")
		}
		if choose > 0 {
			sender.atLeast = choose
		}
		refined(sender)
		link := sender.link()
		opponent := opened(t, "salvos", "en", link)
		refined(opponent)
		if opponent.atLeast != sender.atLeast || opponent.summary() != sender.summary() {
			t.Errorf("at least %d: the opponent reads %q, the sender %q (%s)", sender.atLeast, opponent.summary(), sender.summary(), link)
		}
	}
}
