package app

import (
	"net/url"
	"strings"
	"testing"

	"github.com/at4x/companion/docs/content"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

func TestNearestSection(t *testing.T) {
	sec := func(id string) *content.Section { return &content.Section{ID: id, Title: id} }
	at43 := &content.Text{Game: "at43", Lang: "en", Chapters: []*content.Chapter{
		{ID: "basics", Sections: []*content.Section{sec("basics.overview"), sec("basics.units")}},
		{ID: "melee", Sections: []*content.Section{sec("melee.attack"), sec("melee.splitting"), sec("melee.disengage")}},
		{ID: "terrain", Sections: []*content.Section{sec("terrain.types")}},
		{ID: "frostbite", Sections: []*content.Section{sec("frostbite.engineers"), sec("frostbite.bunkers"), sec("frostbite.support")}},
	}}
	at44 := &content.Text{Game: "at44", Lang: "en", Chapters: []*content.Chapter{
		{ID: "basics", Sections: []*content.Section{sec("basics.overview"), sec("basics.units")}},
		{ID: "melee", Sections: []*content.Section{sec("melee.attack"), sec("melee.pursuit"), sec("melee.disengage")}},
		{ID: "terrain", Sections: []*content.Section{sec("terrain.types")}},
		{ID: "abilities", Sections: []*content.Section{sec("abilities.list")}},
	}}
	tests := []struct {
		name     string
		from, to *content.Text
		id, want string
		exact    bool
	}{
		{"same id", at43, at44, "melee.attack", "melee.attack", true},
		{"closest earlier in the chapter", at43, at44, "melee.splitting", "melee.attack", false},
		{"supplement section to its matter", at43, at44, "frostbite.bunkers", "terrain.types", false},
		{"supplement engineers to abilities", at43, at44, "frostbite.engineers", "abilities.list", false},
		{"supplement chapter fallback", at43, at44, "frostbite.support", "basics.units", false},
		{"abilities to AT-43", at44, at43, "abilities.list", "basics.overview", false},
		{"no source text", nil, at44, "melee.splitting", "melee.attack", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, exact := nearestSection(tt.from, tt.to, tt.id)
			if got != tt.want || exact != tt.exact {
				t.Errorf("nearestSection(%s) = %q, %v; want %q, %v", tt.id, got, exact, tt.want, tt.exact)
			}
		})
	}
}

// TestSwitchKeepsTheFragment: a glossary entry or a shared sub-part id goes
// along to the other language, a missing one does not.
func TestSwitchKeepsTheFragment(t *testing.T) {
	lib := testLibrary()
	lib.Terms = []*content.Term{{ID: "cover", Games: []string{"at43", "at44"}}}
	fr, _ := lib.Text("at43", "fr").Section("shooting.cover")
	fr.HTML = `<h3 id="shooting.cover.dice">Dés</h3><p>x</p>`
	s := &shell{site: NewSite(lib, "")}
	tests := []struct {
		name, addr, want string
	}{
		{"glossary entry", "/en/at43/glossary#cover", "/fr/at43/glossary#cover"},
		{"unknown term", "/en/at43/glossary#nope", "/fr/at43/glossary"},
		{"shared sub-part", "/en/at43/shooting.cover#shooting.cover.dice", "/fr/at43/shooting.cover#shooting.cover.dice"},
		{"sub-part the other text lacks", "/en/at43/shooting.cover#cover-en-only", "/fr/at43/shooting.cover"},
		{"chapter of the contents", "/en/at43#shooting", "/fr/at43#shooting"},
		{"home page keeps its language", "/?lang=en", "/?game=at43&lang=fr"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			u, _ := url.Parse(tt.addr)
			s.read(u)
			if got := s.switches.href(s, "fr", "at43"); got != tt.want {
				t.Errorf("switch from %s = %s, want %s", tt.addr, got, tt.want)
			}
		})
	}
	u, _ := url.Parse("/?lang=en")
	s.read(u)
	if got := s.switches.href(s, "en", "at44"); got != "/en/at44" {
		t.Errorf("AT-44 from the home page = %s, want its contents /en/at44", got)
	}
}

// TestCarriedPlace: a switch keeps a mark the other page has; another
// game's page without it opens the same proportion down at the start of a
// sub-part; another page opens at its top.
func TestCarriedPlace(t *testing.T) {
	lib := testLibrary()
	lib.Terms = []*content.Term{{ID: "cover", Games: []string{"at43", "at44"}}, {ID: "crystal", Games: []string{"at43"}}}
	en43, _ := lib.Text("at43", "en").Section("shooting.cover")
	en43.HTML = `<p id="shooting.cover.height">x</p><p id="shooting.cover.example">x</p>`
	fr43, _ := lib.Text("at43", "fr").Section("shooting.cover")
	fr43.HTML = `<p id="shooting.cover.height">x</p>`
	en44, _ := lib.Text("at44", "en").Section("shooting.cover")
	en44.HTML = `<p id="shooting.cover.save">x</p><p id="shooting.cover.example">x</p>`
	s := &shell{site: NewSite(lib, "")}
	at := func(id string) place { return place{ID: id, Within: 0.4, Frac: 0.6} }
	tests := []struct {
		name, addr, lang, game string
		from, want             place
	}{
		{"sub-part both games share", "/en/at43/shooting.cover", "en", "at44", at("shooting.cover.example"), at("shooting.cover.example")},
		{"sub-part the other game lacks", "/en/at43/shooting.cover", "en", "at44", at("shooting.cover.height"), place{Frac: 0.6, Snap: true}},
		{"above the first sub-part", "/en/at43/shooting.cover", "en", "at44", place{Frac: 0.1}, place{Frac: 0.1, Snap: true}},
		{"same sub-part in French", "/en/at43/shooting.cover", "fr", "at43", at("shooting.cover.height"), at("shooting.cover.height")},
		{"sub-part the translation lacks", "/en/at43/shooting.cover", "fr", "at43", at("shooting.cover.example"), place{Frac: 0.6}},
		{"section the other game lacks", "/en/at43/melee.splitting", "en", "at44", at(""), place{}},
		{"glossary entry both share", "/en/at43/glossary", "en", "at44", at("cover"), at("cover")},
		{"glossary entry of one game", "/en/at43/glossary", "en", "at44", at("crystal"), place{Frac: 0.6, Snap: true}},
		{"calculator both games run", "/calc/shoot?game=at43", "en", "at44", place{Frac: 0.3}, place{Frac: 0.3, Snap: true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			u, _ := url.Parse(tt.addr)
			s.read(u)
			to, _ := s.switches.target(s, tt.lang, tt.game)
			if got := s.switches.carriedPlace(s, tt.from, to, tt.game); got != tt.want {
				t.Errorf("from %s to %s: %+v, want %+v", tt.addr, to.path(), got, tt.want)
			}
		})
	}
}

func TestTableFrames(t *testing.T) {
	in := `<p>a</p><table><thead><tr><th>Moral</th><th><a href="/x">écart</a></th></tr></thead><tbody><tr><td>1</td></tr></tbody></table><p>b</p><table><tr><th>A &amp; B</th></tr></table>`
	got := tableFrames(in, "fr")
	if n := strings.Count(got, `<div class="table-frame" role="region" tabindex="0"`); n != 2 {
		t.Fatalf("%d frames, want 2: %s", n, got)
	}
	if !strings.Contains(got, `aria-label="Tableau : Moral, écart"`) || !strings.Contains(got, `aria-label="Tableau : A &amp; B"`) {
		t.Errorf("labels do not name the column heads: %s", got)
	}
	if strings.Count(got, "</table></div>") != 2 {
		t.Errorf("a frame does not close after its table: %s", got)
	}
	// Two tables of the same heads, as a card has: their regions' names
	// differ (axe's landmark-unique).
	twice := tableFrames(in+in, "en")
	if !strings.Contains(twice, `aria-label="Table: Moral, écart"`) || !strings.Contains(twice, `aria-label="Table: Moral, écart (2)"`) {
		t.Errorf("the second table of the same heads is not told apart: %s", twice)
	}
}

func TestKeepRanges(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"range", "<td>1-2</td>", `<td><span class="nw">1-2</span></td>`},
		{"en dash", "de 3–5 pas", `de <span class="nw">3–5</span> pas`},
		{"three", "2-4-6.", `<span class="nw">2-4-6</span>.`},
		{"negative alone", "-6 ou moins", "-6 ou moins"},
		{"attribute", `<a href="/calc/x?n=1-2" id="d10-hit">d10-hit</a>`, `<a href="/calc/x?n=1-2" id="d10-hit">d10-hit</a>`},
		{"word", "AT-43 vs at4x-2", "AT-43 vs at4x-2"},
		{"entity", "&#39;1-2&#39;", `&#39;<span class="nw">1-2</span>&#39;`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := keepRanges(tt.in); got != tt.want {
				t.Errorf("keepRanges(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestGlossaryIndexAndFilter(t *testing.T) {
	lib := &content.Library{Terms: []*content.Term{
		{ID: "cover", Games: []string{"at43"}, Names: map[string]map[string]string{"en": {"at43": "Cover"}, "fr": {"at43": "Couvert"}}},
		{ID: "elite", Games: []string{"at43"}, Names: map[string]map[string]string{"en": {"at43": "Élite"}, "fr": {"at43": "élite"}}},
		{ID: "authority", Games: []string{"at43"}, Abbr: map[string]map[string]string{"fr": {"at43": "AUT"}}, Names: map[string]map[string]string{"en": {"at43": "authority"}, "fr": {"at43": "Autorité"}}},
		{ID: "ace", Games: []string{"at43"}, Names: map[string]map[string]string{"en": {"at43": "4-ace"}, "fr": {"at43": "4-as"}}},
	}}
	es := glossEntries(lib, "fr", "at43")
	var order []string
	for _, e := range es {
		order = append(order, e.term.ID)
	}
	if got, want := strings.Join(order, " "), "ace authority cover elite"; got != want {
		t.Errorf("French order %q, want %q (accents and case ignored)", got, want)
	}
	if got, want := strings.Join(glossLetters(es), ""), "#ACE"; got != want {
		t.Errorf("letters %q, want %q", got, want)
	}
	tests := []struct{ typed, want string }{
		{"", "ace authority cover elite"},
		{"ELITE", "elite"},
		{"aut", "authority"},
		{"  couv ", "cover"},
		{"zz", ""},
	}
	for _, tt := range tests {
		t.Run("filter "+tt.typed, func(t *testing.T) {
			var got []string
			for _, e := range glossFilter(es, tt.typed) {
				got = append(got, e.term.ID)
			}
			if strings.Join(got, " ") != tt.want {
				t.Errorf("filter %q = %v, want %q", tt.typed, got, tt.want)
			}
		})
	}
}

func TestCalcsIn(t *testing.T) {
	h := `<a href="/calc/morale?game=at43&amp;mor=6">Try</a> <a href="/sub/calc/shoot?x=1">x</a> <a href="/calc/morale?mor=2">y</a> <a href="/calc/nope?x">z</a>`
	if got := strings.Join(calcsIn(h), " "); got != "morale shoot" {
		t.Errorf("calcsIn = %q, want \"morale shoot\"", got)
	}
}

// TestTopBar renders the header through go-app's test engine: the language
// switch's accessible name starts with the text it shows, and no game is
// marked before the reader picks one.
func TestTopBar(t *testing.T) {
	tests := []struct {
		name    string
		games   []gameLink
		current int
	}{
		{"no choice yet", []gameLink{{ID: "at43"}, {ID: "at44"}}, 0},
		{"AT-44 chosen", []gameLink{{ID: "at43"}, {ID: "at44", Current: true}}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			bar := &topBar{Lang: "en", Game: "at43", OtherLang: "fr", LangHref: "/fr/at43", Games: tt.games, site: NewSite(testLibrary(), "")}
			e := goapp.NewTestEngine()
			if err := e.Load(bar); err != nil {
				t.Fatal(err)
			}
			e.ConsumeAll()
			h := goapp.HTMLString(bar)
			if !strings.Contains(h, `aria-label="FR · Français"`) || !strings.Contains(h, `>FR</a>`) {
				t.Errorf("the language switch does not show FR and start its name with it:\n%s", h)
			}
			if n := strings.Count(h, `aria-current="page"`); n != tt.current {
				t.Errorf("%d games marked current, want %d", n, tt.current)
			}
		})
	}
}
