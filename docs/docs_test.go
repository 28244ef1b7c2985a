package docs

import (
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/at4x/companion/docs/content"
)

func TestSlug(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Règles de tir", "regles-de-tir"},
		{"À couvert !", "a-couvert"},
		{"Œil pour œil", "oeil-pour-oeil"},
		{"Take cover!", "take-cover"},
		{"Range 0-30 cm", "range-0-30-cm"},
		{"«  »", ""},
	}
	for _, tt := range tests {
		if got := content.Slug(tt.in); got != tt.want {
			t.Errorf("Slug(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// sample is a small library with one of everything the renderer handles.
var sample = fstest.MapFS{
	"glossary.json": {Data: []byte(`[
		{"id":"cover","games":["at43"],"names":{"en":{"at43":"cover"},"fr":{"at43":"couvert"}},
		 "def":{"en":"Something to hide behind.","fr":"De quoi se cacher."},"sections":["shooting.cover"]},
		{"id":"take-cover","games":["at43"],"names":{"en":{"at43":"Take cover!"},"fr":{"at43":"À couvert !"}},
		 "def":{"en":"A drill.","fr":"Un ordre."},"sections":["shooting.cover"]},
		{"id":"protection","games":["at43"],"names":{"en":{"at43":"Protection"},"fr":{"at43":"Protection"}},
		 "abbr":{"en":{"at43":"PRO"}},"def":{"en":"Armour.","fr":"Armure."},"sections":["shooting.cover"]}
	]`)},
	"at43/en/05-shooting.md": {Data: []byte(`# Shooting {#shooting}

## Range {#shooting.range}

*Source: AT-43 rulebook, core rules.*

Count bands of 10 cm. Units in cover are harder to hit; see [cover](#shooting.cover).

## Cover {#shooting.cover}

*Source: AT-43 rulebook.*

### Règles de tir

A unit in cover saves on 5+. Cover helps, Take cover! helps more.

| save | roll |
| --- | --- |
| cover | 5+ |

- [Try it](/calc/shoot?game=at43&n=5)
`)},
}

func TestRenderSample(t *testing.T) {
	lib, links, err := parse(sample)
	if err != nil {
		t.Fatal(err)
	}
	text := lib.Text("at43", "en")
	if text == nil || len(text.Chapters) != 1 || len(text.Chapters[0].Sections) != 2 {
		t.Fatalf("want one chapter of two sections, got %+v", text)
	}
	rng, _ := text.Section("shooting.range")
	if rng.Source != "AT-43 rulebook, core rules." {
		t.Errorf("source = %q", rng.Source)
	}
	if strings.Contains(rng.HTML, "Source") {
		t.Errorf("source line left in the body: %s", rng.HTML)
	}
	if !strings.Contains(rng.HTML, `href="/en/at43/shooting.cover"`) {
		t.Errorf("section link not rewritten to a route: %s", rng.HTML)
	}
	cover, _ := text.Section("shooting.cover")
	if len(cover.Headings) != 1 || cover.Headings[0].ID != "regles-de-tir" {
		t.Errorf("headings = %+v, want the accent-folded anchor regles-de-tir", cover.Headings)
	}
	// The first "cover" is a term, the second is not marked again; the
	// longer "Take cover!" wins over "cover" inside it; headings and table
	// headers stay plain.
	if n := strings.Count(cover.HTML, `glossary#cover"`); n != 1 {
		t.Errorf("cover marked %d times, want 1: %s", n, cover.HTML)
	}
	if !strings.Contains(cover.HTML, `<a class="term" href="/en/at43/glossary#take-cover">Take cover!</a>`) {
		t.Errorf("Take cover! not marked as one term: %s", cover.HTML)
	}
	if strings.Contains(cover.HTML, `<h3 id="regles-de-tir"><a`) {
		t.Errorf("term marked inside a heading: %s", cover.HTML)
	}
	var texts []string
	for _, b := range cover.Blocks {
		texts = append(texts, b.Anchor+":"+b.Text)
	}
	want := []string{
		"regles-de-tir:A unit in cover saves on 5+. Cover helps, Take cover! helps more.",
		"regles-de-tir:save | roll",
		"regles-de-tir:cover | 5+",
		"regles-de-tir:Try it",
	}
	if !slices.Equal(texts, want) {
		t.Errorf("blocks = %q, want %q", texts, want)
	}
	if len(links) != 2 || links[1].dest != "/calc/shoot?game=at43&n=5" {
		t.Errorf("links = %+v", links)
	}
}

func TestSplitErrors(t *testing.T) {
	tests := map[string]string{
		"no id":            "# Shooting {#shooting}\n\n## Range\n",
		"wrong chapter":    "# Shooting {#shooting}\n\n## Range {#melee.range}\n\n*Source: x.*\n",
		"no source":        "# Shooting {#shooting}\n\n## Range {#shooting.range}\n\nText.\n",
		"text before":      "Hello\n# Shooting {#shooting}\n",
		"two chapters":     "# Shooting {#shooting}\n# Melee {#melee}\n",
		"orphan paragraph": "# Shooting {#shooting}\n\nText.\n",
	}
	for name, src := range tests {
		fsys := fstest.MapFS{"at43/en/01-x.md": {Data: []byte(src)}}
		if _, err := Parse(fsys); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

// The tests below check the real documents.

// sources is the package's directory, for the files beside the documents
// that only the tests read (outline.tsv, coverage.tsv): Files leaves them
// out.
var sources = os.DirFS(".")

func load(t *testing.T) (*content.Library, []link, []entry) {
	t.Helper()
	lib, links, err := parse(Files)
	if err != nil {
		t.Fatal(err)
	}
	outline, err := readOutline(sources)
	if err != nil {
		t.Fatal(err)
	}
	return lib, links, outline
}

func TestTextsFollowOutline(t *testing.T) {
	lib, _, outline := load(t)
	for _, game := range content.GameIDs {
		want := sectionsOf(outline, game)
		for _, lang := range content.Langs {
			text := lib.Text(game, lang)
			if text == nil {
				t.Errorf("%s/%s: no text", game, lang)
				continue
			}
			var got []string
			for _, s := range text.Sections() {
				got = append(got, s.ID)
			}
			if !slices.Equal(got, want) {
				t.Errorf("%s/%s: sections differ from outline.tsv\n got: %v\nwant: %v", game, lang, got, want)
			}
		}
	}
}

func TestSectionsNotEmpty(t *testing.T) {
	lib, _, _ := load(t)
	for _, text := range lib.Texts {
		for _, s := range text.Sections() {
			words := 0
			for _, b := range s.Blocks {
				words += len(strings.Fields(b.Text))
			}
			if words < 30 {
				t.Errorf("%s/%s/%s: %d words; a section explains its rule", text.Game, text.Lang, s.ID, words)
			}
		}
	}
}

func TestLinksResolve(t *testing.T) {
	lib, links, _ := load(t)
	for _, l := range links {
		if err := resolve(lib, l); err != nil {
			t.Errorf("%s: link %q: %v", l.from, l.dest, err)
		}
	}
}

var routePattern = regexp.MustCompile(`^/(en|fr)/(at43|at44)/([a-z0-9.-]+)$`)

func resolve(lib *content.Library, l link) error {
	u, err := url.Parse(l.dest)
	if err != nil {
		return err
	}
	switch {
	case u.Scheme == "https":
		return nil
	case u.Scheme != "" || u.Host != "":
		return fmt.Errorf("only https or app routes are allowed")
	case strings.HasPrefix(l.dest, "#"):
		id := u.Fragment
		if l.game != "" && strings.Contains(id, ".") {
			if s, _ := lib.Text(l.game, l.lang).Section(id); s == nil {
				return fmt.Errorf("no section %s in %s/%s", id, l.game, l.lang)
			}
			return nil
		}
		return anchorIn(lib, l.from, id)
	case strings.HasPrefix(u.Path, "/calc/"):
		return checkCalcLink(u)
	case u.Path == "/en/compare" || u.Path == "/fr/compare" || u.Path == "/en/about" || u.Path == "/fr/about":
		return nil
	}
	m := routePattern.FindStringSubmatch(u.Path)
	if m == nil {
		return fmt.Errorf("not an app route")
	}
	text := lib.Text(m[2], m[1])
	if text == nil {
		return fmt.Errorf("no text %s/%s", m[2], m[1])
	}
	if m[3] == "glossary" {
		if u.Fragment != "" && lib.Term(u.Fragment) == nil {
			return fmt.Errorf("no glossary term %s", u.Fragment)
		}
		return nil
	}
	s, _ := text.Section(m[3])
	if s == nil {
		return fmt.Errorf("no section %s in %s/%s", m[3], m[2], m[1])
	}
	if u.Fragment != "" && !slices.ContainsFunc(s.Headings, func(h content.Heading) bool { return h.ID == u.Fragment }) {
		return fmt.Errorf("no anchor #%s in %s", u.Fragment, m[3])
	}
	return nil
}

// anchorIn checks a "#anchor" link against the headings of the section or
// page it was written in.
func anchorIn(lib *content.Library, from, id string) error {
	var headings []content.Heading
	parts := strings.Split(from, "/")
	switch len(parts) {
	case 3:
		if s, _ := lib.Text(parts[0], parts[1]).Section(parts[2]); s != nil {
			headings = s.Headings
		}
	case 2:
		if p := lib.Page(parts[0], parts[1]); p != nil {
			headings = p.Headings
		}
	}
	if !slices.ContainsFunc(headings, func(h content.Heading) bool { return h.ID == id }) {
		return fmt.Errorf("no anchor #%s here", id)
	}
	return nil
}

func TestPages(t *testing.T) {
	lib, _, _ := load(t)
	for _, id := range []string{"compare", "about"} {
		for _, lang := range content.Langs {
			p := lib.Page(id, lang)
			if p == nil {
				t.Errorf("no %s page in %s", id, lang)
				continue
			}
			if len(p.Blocks) < 5 {
				t.Errorf("%s/%s: only %d blocks of text", id, lang, len(p.Blocks))
			}
		}
	}
	if en, fr := lib.Page("compare", "en"), lib.Page("compare", "fr"); en != nil && fr != nil {
		if !slices.EqualFunc(en.Headings, fr.Headings, func(a, b content.Heading) bool { return a.ID == b.ID }) {
			t.Errorf("compare: the English and French pages have different groups: %v / %v", en.Headings, fr.Headings)
		}
	}
}

func TestGlossary(t *testing.T) {
	lib, _, outline := load(t)
	if len(lib.Terms) < 100 {
		t.Errorf("%d glossary terms, want 100 or more", len(lib.Terms))
	}
	games := map[string][]string{}
	for _, e := range outline {
		games[e.id] = e.games
	}
	seen := map[string]bool{}
	for _, term := range lib.Terms {
		if seen[term.ID] {
			t.Errorf("%s: two entries", term.ID)
		}
		seen[term.ID] = true
		if term.ID != content.Slug(term.ID) {
			t.Errorf("%s: ids are lowercase ascii words joined by dashes", term.ID)
		}
		if len(term.Games) == 0 {
			t.Errorf("%s: no game", term.ID)
		}
		for _, g := range term.Games {
			if !slices.Contains(content.GameIDs, g) {
				t.Errorf("%s: unknown game %q", term.ID, g)
			}
			for _, lang := range content.Langs {
				if strings.TrimSpace(term.Names[lang][g]) == "" {
					t.Errorf("%s: no %s name for %s", term.ID, lang, g)
				}
			}
		}
		for _, lang := range content.Langs {
			if len(strings.Fields(term.Def[lang])) < 4 {
				t.Errorf("%s: no %s definition", term.ID, lang)
			}
		}
		if len(term.Sections) == 0 {
			t.Errorf("%s: no section", term.ID)
		}
		for _, id := range term.Sections {
			if !slices.ContainsFunc(term.Games, func(g string) bool { return slices.Contains(games[id], g) }) {
				t.Errorf("%s: section %s is in none of the term's games %v", term.ID, id, term.Games)
			}
		}
	}
}

// TestFilesHoldsEveryDocument checks the embed list against the directory:
// a game or page folder missing from it would leave its text out of the
// app without an error.
func TestFilesHoldsEveryDocument(t *testing.T) {
	for _, pattern := range []string{"*/*/*.md", "*/*.md", "*.json"} {
		onDisk, err := fs.Glob(sources, pattern)
		if err != nil {
			t.Fatal(err)
		}
		embedded, err := fs.Glob(Files, pattern)
		if err != nil {
			t.Fatal(err)
		}
		if len(onDisk) == 0 || !slices.Equal(onDisk, embedded) {
			t.Errorf("%s: the directory has %v, Files %v", pattern, onDisk, embedded)
		}
	}
}

func TestCoverage(t *testing.T) {
	_, _, outline := load(t)
	ids := map[string]bool{}
	for _, e := range outline {
		ids[e.id] = true
	}
	src, err := fs.ReadFile(sources, "coverage.tsv")
	if err != nil {
		t.Fatal(err)
	}
	perSeed := map[string]int{}
	for n, line := range strings.Split(string(src), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 3 || strings.TrimSpace(f[2]) == "" {
			t.Errorf("coverage.tsv line %d: chapter %q maps to no section", n+1, f[min(1, len(f)-1)])
			continue
		}
		perSeed[f[0]]++
		for _, id := range strings.Split(f[2], ",") {
			if !ids[strings.TrimSpace(id)] {
				t.Errorf("coverage.tsv line %d: no section %q in outline.tsv", n+1, id)
			}
		}
	}
	// The seeds are beside the project on a developer's or CI's machine;
	// every one that is there must have its chapters listed.
	seeds, _ := os.ReadDir("../../shared/seeds")
	for _, s := range seeds {
		if strings.HasPrefix(s.Name(), "004_") {
			continue // the d10 sheet has its own ruleset, outside this outline
		}
		if perSeed[s.Name()] < 3 {
			t.Errorf("coverage.tsv lists %d chapters of %s", perSeed[s.Name()], s.Name())
		}
	}
}

func TestHyphenatedWordsAreNotTerms(t *testing.T) {
	m := newTermMarker([]*content.Term{{ID: "combat", Games: []string{"at43"}, Names: map[string]map[string]string{"en": {"at43": "Combat"}}}})
	got := m.mark("<p>A close-combat weapon; Combat-ready. Combat 5.</p>", "en", "at43")
	want := `<p>A close-combat weapon; Combat-ready. <a class="term" href="/en/at43/glossary#combat">Combat</a> 5.</p>`
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

func TestCheckCalcLink(t *testing.T) {
	tests := []struct {
		link string
		ok   bool
	}{
		{"/calc/shoot?game=at43&n=5&acc=4&range=2", true},
		{"/calc/d10morale?game=d10&cou=6", true},
		{"/calc/shoot?game=at43&nn=5", false},           // misspelt key
		{"/calc/shoot?game=at43&n=500", false},          // out of range
		{"/calc/shoot?game=d10&n=5", false},             // wrong game
		{"/calc/blast?game=at43", false},                // no such calculator
		{"/calc/morale?mor=7", false},                   // no game
		{"/calc/terrain?game=at43&structure=12", false}, // AT-44 only
	}
	for _, tt := range tests {
		u, _ := url.Parse(tt.link)
		if err := checkCalcLink(u); (err == nil) != tt.ok {
			t.Errorf("%s: error %v, want ok=%v", tt.link, err, tt.ok)
		}
	}
}
