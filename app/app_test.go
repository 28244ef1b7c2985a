package app

import (
	"encoding/json"
	"net/url"
	"strings"
	"testing"

	"github.com/at4x/companion/docs/content"
	"github.com/at4x/companion/i18n"
	"github.com/at4x/companion/rules"
)

func testLibrary() *content.Library {
	sec := func(id, title string) *content.Section {
		return &content.Section{ID: id, Title: title, HTML: "<p>" + title + "</p>"}
	}
	return &content.Library{
		Texts: []*content.Text{
			{Game: "at43", Lang: "en", Chapters: []*content.Chapter{
				{ID: "shooting", Title: "Shooting", Sections: []*content.Section{sec("shooting.range", "Range"), sec("shooting.cover", "Cover")}},
				{ID: "melee", Title: "Melee", Sections: []*content.Section{sec("melee.splitting", "Splitting")}},
			}},
			{Game: "at44", Lang: "en", Chapters: []*content.Chapter{
				{ID: "shooting", Title: "Shooting", Sections: []*content.Section{sec("shooting.range", "Range"), sec("shooting.cover", "Cover")}},
				{ID: "melee", Title: "Melee", Sections: []*content.Section{sec("melee.pursuit", "Pursuit")}},
			}},
			{Game: "at43", Lang: "fr", Chapters: []*content.Chapter{
				{ID: "shooting", Title: "Le tir", Sections: []*content.Section{sec("shooting.range", "Portée"), sec("shooting.cover", "Couvert")}},
			}},
		},
		Pages: []*content.Page{{ID: "compare", Lang: "en", Title: "Compare", HTML: "<p>x</p>"}},
	}
}

func TestParseRoute(t *testing.T) {
	tests := []struct {
		path string
		want route
	}{
		{"/", route{view: viewLanding}},
		{"/en/at43", route{view: viewContents, lang: "en", game: "at43"}},
		{"/fr/at44/shooting.cover", route{view: viewSection, lang: "fr", game: "at44", section: "shooting.cover"}},
		{"/en/at43/glossary", route{view: viewGlossary, lang: "en", game: "at43"}},
		{"/en/compare", route{view: viewPage, lang: "en", section: "compare"}},
		{"/fr/settings", route{view: viewSettings, lang: "fr"}},
		{"/calc/shoot", route{view: viewCalc, calc: "shoot"}},
		{"/calc/nope", route{view: viewNotFound}},
		{"/de/at43", route{view: viewNotFound}},
		{"/en/at45/x", route{view: viewNotFound, lang: "en"}},
		{"/en/at43/a/b", route{view: viewNotFound, lang: "en"}},
	}
	for _, tt := range tests {
		got := parseRoute(tt.path)
		if got != tt.want {
			t.Errorf("parseRoute(%q) = %+v, want %+v", tt.path, got, tt.want)
		}
		if got.view != viewNotFound && got.path() != tt.path {
			t.Errorf("route %+v gives path %q, want %q", got, got.path(), tt.path)
		}
	}
}

func TestSwitched(t *testing.T) {
	lib := testLibrary()
	r := route{view: viewSection, lang: "en", game: "at43", section: "melee.splitting"}
	got, exact := switched(lib, r, "en", "at44")
	if exact || got.path() != "/en/at44/melee.pursuit" {
		t.Errorf("AT-43-only section in AT-44 = %s (exact %v), want the chapter's first section, not exact", got.path(), exact)
	}
	got, exact = switched(lib, route{view: viewSection, lang: "en", game: "at43", section: "shooting.cover"}, "fr", "at43")
	if !exact || got.path() != "/fr/at43/shooting.cover" {
		t.Errorf("language switch = %s (exact %v)", got.path(), exact)
	}
	got, _ = switched(lib, route{view: viewSection, lang: "en", game: "at44", section: "shooting.cover"}, "fr", "at44")
	if got.view != viewContents {
		t.Errorf("switch to a missing text = %+v, want its contents", got)
	}
}

func TestPagesCoverEveryRoute(t *testing.T) {
	pages := Pages(testLibrary())
	for _, want := range []string{"/", "/en/at43", "/en/at43/shooting.cover", "/fr/at43/glossary", "/en/compare", "/fr/settings", "/calc/shoot", "/calc/d10vehicle"} {
		found := false
		for _, p := range pages {
			found = found || p == want
		}
		if !found {
			t.Errorf("Pages lacks %s", want)
		}
	}
	for _, p := range pages {
		if r := parseRoute(p); r.view == viewNotFound {
			t.Errorf("Pages lists %s, which no route reads", p)
		}
	}
}

func TestEvaluateKeepsGoodValuesPastABadOne(t *testing.T) {
	spec := specFor("shoot")
	v, _ := url.ParseQuery("game=at43&n=abc&acc=6&range=2&cover=sideways")
	s := evaluate(spec, v)
	if s.err != nil {
		t.Fatalf("evaluate failed as a whole: %v", s.err)
	}
	for _, key := range []string{"n", "cover"} {
		if s.errs[key] == "" {
			t.Errorf("no message for the bad %s; errors %v", key, s.errs)
		}
	}
	if s.shown.Get("acc") != "6" || s.shown.Get("range") != "2" {
		t.Errorf("good values lost: %v", s.shown)
	}
	var res map[string]any
	if err := json.Unmarshal(s.resultJSON(), &res); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"hits", "impacts", "casualties"} {
		if _, ok := res[k]; !ok {
			t.Errorf("result JSON lacks %q", k)
		}
	}
}

func TestEverySpecRunsOnItsDefaults(t *testing.T) {
	for _, spec := range calcSpecs {
		v := url.Values{"game": {spec.games[0]}}
		s := evaluate(&spec, v)
		if s.err != nil || len(s.errs) > 0 {
			t.Errorf("%s on defaults: %v %v", spec.name, s.err, s.errs)
			continue
		}
		for _, f := range spec.fields {
			if (f.show == nil || f.show(s.shown)) && !s.shown.Has(f.key) && f.kind != toggle && !f.optional {
				t.Errorf("%s: the engine's query has no %q for the field", spec.name, f.key)
			}
		}
		if h := headline("fr", s.out, firstThreshold(s.out)); h == "" {
			t.Errorf("%s has no headline", spec.name)
		}
	}
}

func TestHeadline(t *testing.T) {
	spec := specFor("shoot")
	v, _ := url.ParseQuery("game=at43&n=10&rate=1&acc=6&range=0&pen=10&prot=2&size=10")
	s := evaluate(spec, v)
	h := headline("fr", s.out, 2)
	if !strings.Contains(h, "\u202f%") || !strings.Contains(h, "pertes") {
		t.Errorf("French headline %q lacks French percent or noun", h)
	}
	if h := headline("en", s.out, 2); !strings.HasPrefix(h, "Expect ") || !strings.Contains(h, "casualties") {
		t.Errorf("English headline %q", h)
	}
}

func TestChartSVG(t *testing.T) {
	ch := byChart(i18n.ChartRoutBy, []float64{0.1, 0.5, 0.0001, 0}, 1)
	svg := ch.svg("en", 1)
	if n := strings.Count(svg, `class="bar`); n != 2 {
		t.Errorf("%d bars drawn, want 2 (the tail trimmed)", n)
	}
	if !strings.Contains(svg, `class="bar on"`) {
		t.Error("the picked bar is not highlighted")
	}
}

func TestExplain(t *testing.T) {
	got := explain(words{lang: "en"}, nil, []rules.Step{
		{Kind: "shoot", Action: 4, Difficulty: 2, Needed: 3, Chance: 2.0 / 3},
		{Kind: "dice", Value: 6, Chance: 1},
		{Kind: "cover", Needed: 5, Chance: 1.0 / 3},
	})
	want := "Accuracy 4 against range 2, needs 3+ (66.7%) · 6 dice · Cover save, needs 5+ (33.3%)"
	if got != want {
		t.Errorf("explain = %q, want %q", got, want)
	}
}

func TestExplainD10RollsUnder(t *testing.T) {
	got := explain(words{lang: "en"}, nil, []rules.Step{
		{Kind: "d10-attacks", Value: 3},
		{Kind: "d10-charge", Value: 1},
		{Kind: "d10-hit", Needed: 8, Chance: 0.8},
		{Kind: "d10-armour", Action: 4, Difficulty: 1, Needed: 3, Chance: 0.3},
		{Kind: "d10-damage", Action: 4, Difficulty: 3, Needed: 6, Chance: 0.6},
	})
	want := "Attacks 3 · d10-charge +1 · Hit roll: hits on 8 or less (80%) · " +
		"Armour roll: AR 4 − MA 1, stops the attack on 3 or less (30%) · Damage roll: 5 + PUI 4 − PHY 3, damages on 6 or less (60%)"
	if got != want {
		t.Errorf("explain = %q\nwant      %q", got, want)
	}
}

// TestEveryStepHasWords runs each calculator on a few links and checks the
// explanation has words for every step the engine gives.
func TestEveryStepHasWords(t *testing.T) {
	links := map[string][]string{
		"shoot":     {"game=at43&cover=cover&dmgrr=1", "game=at44&target=veh&n=4&rate=2&acc=5&pen=12&prot=8", "game=at44&cm=35&faw=1&det=1"},
		"melee":     {"game=at44&target=veh&n=3&pen=10&prot=6"},
		"salvos":    {"game=at43&s1.n=2&s2.n=3"},
		"indirect":  {"game=at44&n=2&rate=2&aoe=3"},
		"morale":    {"game=at44&rank=2&obj=1&extra=1&activations=3&spend=1"},
		"authority": {"game=at43&a=3&aw=1&b=2&bw=0"},
		"crush":     {"game=at44&free=3&engaged=2"},
		"minefield": {"game=at43&target=veh&n=2"},
		"terrain":   {"game=at44&salvos=3"},
		"d10attack": {"game=d10&mode=melee&parry=1&knock=0&defcr=4", "game=d10&dodge=1&defcr=4", "game=d10&aimed=1"},
		"d10morale": {"game=d10"}, "d10vehicle": {"game=d10&dmg=5"},
	}
	for name, qs := range links {
		spec := specFor(name)
		if spec == nil {
			t.Errorf("no calculator %s", name)
			continue
		}
		for _, q := range qs {
			v, _ := url.ParseQuery(q)
			s := evaluate(spec, v)
			if s.err != nil || len(s.errs) > 0 {
				t.Errorf("%s?%s: %v %v", name, q, s.err, s.errs)
				continue
			}
			for _, st := range s.out.explain {
				if !knownStep(spec, st.Kind) {
					t.Errorf("%s?%s: no words for the step kind %q", name, q, st.Kind)
				}
			}
		}
	}
}

func TestWriteHighlighted(t *testing.T) {
	var b strings.Builder
	writeHighlighted(&b, "Tir <à> couvert", []int{0, 1, 2, 8, 9})
	want := "<mark>Tir</mark> &lt;à&gt; <mark>co</mark>uvert"
	if b.String() != want {
		t.Errorf("got %q, want %q", b.String(), want)
	}
}
