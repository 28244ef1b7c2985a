package search

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/at4x/companion/docs/content"
)

func testLibrary() *content.Library {
	return &content.Library{
		Terms: []*content.Term{
			{ID: "cover", Games: []string{"at43", "at44"},
				Names:   map[string]map[string]string{"en": {"at43": "cover", "at44": "cover"}, "fr": {"at43": "couvert", "at44": "couvert"}},
				Aliases: map[string][]string{"fr": {"abri"}}},
			{ID: "leadership-points", Games: []string{"at43"},
				Names: map[string]map[string]string{"en": {"at43": "leadership points"}, "fr": {"at43": "points de commandement"}}},
			{ID: "precision", Games: []string{"at44"}, Abbr: map[string]map[string]string{"en": {"at44": "PRE"}, "fr": {"at44": "PRE"}},
				Names: map[string]map[string]string{"en": {"at44": "Precision"}, "fr": {"at44": "Précision"}}},
		},
		Texts: []*content.Text{{Game: "at43", Lang: "en", Chapters: []*content.Chapter{{
			ID: "shooting", Title: "Shooting",
			Sections: []*content.Section{
				{ID: "shooting.cover", Title: "Cover", Aliases: []string{"save"},
					Headings: []content.Heading{{ID: "take-cover", Title: "Take cover!"}},
					Blocks: []content.Block{
						{Text: "A unit stands in cover when most of its fighters are hidden behind scenery."},
						{Anchor: "take-cover", Text: "Each impact is cancelled on a roll of 3 or more when the unit used the drill."},
					}},
				{ID: "shooting.test", Title: "The shooting test",
					Blocks: []content.Block{{Text: "Roll one die per weapon and compare with the needed roll from the universal table."}}},
			},
		}}}, {Game: "at43", Lang: "fr", Chapters: []*content.Chapter{{
			ID: "shooting", Title: "Tir",
			Sections: []*content.Section{
				{ID: "shooting.cover", Title: "Le couvert", Aliases: []string{"caché"},
					Headings: []content.Heading{{ID: "take-cover", Title: "À couvert !"}},
					Blocks:   []content.Block{{Text: "Une unité est à couvert quand ses combattants sont cachés par le décor."}}},
			},
		}}}},
	}
}

func TestFind(t *testing.T) {
	ix := ForText(testLibrary(), "at43", "en")
	tests := []struct {
		query string
		want  string // href of a result that must be present
		kind  Kind
	}{
		{"cover", "/en/at43/glossary#cover", Term},
		{"covre", "/en/at43/glossary#cover", Term},
		{"Couvert", "/en/at43/glossary#cover", Term},
		{"abri", "/en/at43/glossary#cover", Term},
		{"ldrshp", "/en/at43/glossary#leadership-points", Term},
		{"lead", "/en/at43/glossary#leadership-points", Term},
		{"take cov", "/en/at43/shooting.cover#take-cover", Heading},
		{"shooting test", "/en/at43/shooting.test", Heading},
		{"scenery", "/en/at43/shooting.cover", Text},
		{"sceneyr", "/en/at43/shooting.cover", Text},
		{"univers tabel", "/en/at43/shooting.test", Text},
		{"cancelled roll", "/en/at43/shooting.cover#take-cover", Text},
	}
	for _, tt := range tests {
		rs := ix.Find(tt.query)
		found := false
		for _, r := range rs {
			if r.Entry.Href == tt.want && r.Entry.Kind == tt.kind {
				found = true
				if len(r.Marks) == 0 {
					t.Errorf("%q: result %q has nothing highlighted", tt.query, r.Show)
				}
			}
		}
		if !found {
			t.Errorf("Find(%q) misses %s (kind %d); got %v", tt.query, tt.want, tt.kind, shows(rs))
		}
	}
}

// TestFindAcrossLanguages checks that a section is found by its title in
// the other language and by its aliases in either, and shows that name.
func TestFindAcrossLanguages(t *testing.T) {
	tests := []struct {
		lang, query, want, show string
	}{
		{"fr", "cover", "/fr/at43/shooting.cover", "Le couvert · Cover"},
		{"fr", "covre", "/fr/at43/shooting.cover", "Le couvert · Cover"},
		{"fr", "take cov", "/fr/at43/shooting.cover#take-cover", "À couvert ! · Take cover!"},
		{"fr", "save", "/fr/at43/shooting.cover", "Le couvert · save"},
		{"fr", "cache", "/fr/at43/shooting.cover", "Le couvert · caché"},
		{"en", "couvert", "/en/at43/shooting.cover", "Cover · Le couvert"},
		{"en", "caché", "/en/at43/shooting.cover", "Cover · caché"},
		{"en", "save", "/en/at43/shooting.cover", "Cover · save"},
	}
	for _, tt := range tests {
		t.Run(tt.lang+"/"+tt.query, func(t *testing.T) {
			rs := ForText(testLibrary(), "at43", tt.lang).Find(tt.query)
			if len(rs) == 0 || rs[0].Entry.Href != tt.want || rs[0].Entry.Kind != Heading || rs[0].Show != tt.show {
				t.Errorf("first result %v, want the heading %s shown as %q", shows(rs), tt.want, tt.show)
			}
		})
	}
}

// TestGroupOrder checks that the sections come before the terms unless a
// term matches better, whatever the lengths of the names.
func TestGroupOrder(t *testing.T) {
	ix := New([]*Entry{
		{Kind: Term, Title: "Morale", Also: []string{"MOR"}, Href: "term"},
		{Kind: Heading, Title: "When the morale test is taken", Href: "heading"},
		{Kind: Heading, Title: "Moving", Href: "other heading"},
		{Kind: Text, Title: "Every unit tests its morale after losses.", Href: "text"},
		{Kind: Term, Title: "template", Href: "template term"},
		{Kind: Heading, Title: "Templates and special shots", Href: "templates heading"},
	})
	tests := []struct {
		query string
		first string
		why   string
	}{
		{"morale", "heading", "the same word in both: the section first, though its title is longer"},
		{"moral", "heading", "both only start with the word"},
		{"mor", "term", "the term's abbreviation is the word itself, the heading's only starts with it"},
		{"template", "templates heading", "a plural is the word itself"},
		{"losses", "text", "only a paragraph has it"},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			rs := ix.Find(tt.query)
			if len(rs) == 0 || rs[0].Entry.Href != tt.first {
				t.Errorf("results %v, want %s first: %s", shows(rs), tt.first, tt.why)
			}
		})
	}
}

// TestFuzzyOnlyOnNamesAndTitles checks that the fuzzy match tries a term's
// every name but only a heading's own title: its other strings, found by
// their words, would otherwise turn up for stray letters.
func TestFuzzyOnlyOnNamesAndTitles(t *testing.T) {
	ix := New([]*Entry{
		{Kind: Term, Title: "victory", Also: []string{"conditions de victoire"}, Href: "term"},
		{Kind: Heading, Title: "Winning the game", Also: []string{"conditions de victoire"}, Href: "heading"},
	})
	tests := []struct{ query, want string }{
		{"cdvic", "term"},    // a subsequence of the term's other name
		{"wngam", "heading"}, // a subsequence of the heading's title
		{"victoire", "heading term"},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			var got []string
			for _, r := range ix.Find(tt.query) {
				got = append(got, r.Entry.Href)
			}
			slices.Sort(got)
			if strings.Join(got, " ") != tt.want {
				t.Errorf("found %q, want %q", got, tt.want)
			}
		})
	}
}

func TestFindNothing(t *testing.T) {
	ix := ForText(testLibrary(), "at43", "en")
	for _, q := range []string{"", "   ", "zzqx", "?!"} {
		if rs := ix.Find(q); len(rs) != 0 {
			t.Errorf("Find(%q) = %v, want nothing", q, shows(rs))
		}
	}
}

func TestOtherGameTermsAreLeftOut(t *testing.T) {
	ix := ForText(testLibrary(), "at43", "en")
	for _, r := range ix.Find("precision") {
		if strings.Contains(r.Entry.Href, "precision") {
			t.Errorf("AT-43 index finds the AT-44 term: %v", r.Show)
		}
	}
}

func TestMarksPointAtMatchedLetters(t *testing.T) {
	ix := ForText(testLibrary(), "at43", "en")
	rs := ix.Find("couvert")
	if len(rs) == 0 {
		t.Fatal("no result")
	}
	r := rs[0]
	rr := []rune(r.Show)
	var got strings.Builder
	for _, m := range r.Marks {
		got.WriteRune(rr[m])
	}
	if Fold(got.String()) != "couvert" {
		t.Errorf("marks of %q spell %q, want couvert", r.Show, got.String())
	}
}

func TestDistance(t *testing.T) {
	tests := []struct {
		a, b string
		want int
	}{
		{"cover", "cover", 0},
		{"covre", "cover", 1},
		{"cvoer", "cover", 1},
		{"cove", "cover", 1},
		{"moral", "morale", 1},
		{"abc", "xyz", 3},
	}
	for _, tt := range tests {
		if got := distance([]rune(tt.a), []rune(tt.b), 3); got != tt.want {
			t.Errorf("distance(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
}

func TestSnippetKeepsMarks(t *testing.T) {
	long := strings.Repeat("word ", 60) + "target " + strings.Repeat("more ", 60)
	pos := strings.Index(long, "target")
	marks := []int{pos, pos + 1}
	s, m := snippet(long, marks)
	if len([]rune(s)) > snippetRunes+4 {
		t.Errorf("snippet has %d runes", len([]rune(s)))
	}
	if len(m) != 2 || string([]rune(s)[m[0]:m[1]+1]) != "ta" {
		t.Errorf("snippet marks %v do not point at the target in %q", m, s)
	}
}

func TestFindIsFast(t *testing.T) {
	// A text as large as a real one: 3,000 paragraphs, 600 headings, 300 terms.
	var entries []*Entry
	for i := range 300 {
		entries = append(entries, &Entry{Kind: Term, Title: fmt.Sprintf("term number %d", i), Also: []string{fmt.Sprintf("terme numéro %d", i)}})
	}
	for i := range 600 {
		entries = append(entries, &Entry{Kind: Heading, Title: fmt.Sprintf("Heading about rule %d and its cases", i)})
	}
	para := "A unit in cover cancels each impact on a roll of five or more, unless the weapon ignores scenery or the shooter stands within range zero of it. "
	for i := range 3000 {
		entries = append(entries, &Entry{Kind: Text, Title: fmt.Sprintf("%s %d", para, i)})
	}
	ix := New(entries)
	// CPU time, not the wall's: a loaded 2-CPU machine (load 20) made the
	// wall's 165 ms a keystroke.
	start := cpuTime()
	n := 0
	for _, q := range []string{"c", "co", "cov", "covr", "covre", "covre sce", "covre scenry"} {
		n += len(ix.Find(q))
	}
	per := (cpuTime() - start) / 7
	t.Logf("%v of CPU per keystroke natively, %d results", per, n)
	// This index is denser than a real text (every paragraph matches), and
	// the machine is shared: the bound catches a slower algorithm (a quadratic
	// sort once took 145 ms), not a busy neighbour.
	if per > 10*time.Millisecond && !raceEnabled {
		t.Errorf("search takes %v per keystroke natively, want under 10ms", per)
	}
}

func shows(rs []Result) []string {
	var out []string
	for _, r := range rs {
		out = append(out, r.Entry.Href+" "+r.Show)
	}
	return out
}

func TestSortPaced(t *testing.T) {
	for _, n := range []int{0, 1, 5, sortRun - 1, sortRun, sortRun + 1, 3*sortRun + 17, 8 * sortRun} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			v := make([]int, n)
			for i := range v {
				v[i] = (i * 7919) % (n + 3)
			}
			want := slices.Clone(v)
			slices.Sort(want)
			pauses := 0
			sortPaced(v, func(a, b int) int { return a - b }, func() { pauses++ })
			if !slices.Equal(v, want) {
				t.Errorf("sortPaced gave %v, want %v", v, want)
			}
			if n > sortRun && pauses < 2 {
				t.Errorf("%d pauses for %d elements, want several", pauses, n)
			}
		})
	}
}
