package app

import (
	"regexp"
	"strings"
	"testing"

	"github.com/at4x/companion/docs/content"
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

func TestRoutePattern(t *testing.T) {
	own := regexp.MustCompile(RoutePattern())
	lib := testLibrary()
	for _, p := range Pages(lib) {
		if !own.MatchString(p) {
			t.Errorf("RoutePattern leaves out the page %s", p)
		}
	}
	for _, tt := range []struct {
		path string
		own  bool
	}{
		{"/", true},
		{"/en", true},
		{"/en/", true},
		{"/en/nonexistent", true}, // the app's own "Page not found"
		{"/fr/at44/shooting.cover", true},
		{"/calc/shoot", true},
		{"/calc/nope", true},
		{"", false},
		{"/other/", false},
		{"/other/index.html", false},
		{"/sub/en/at43", false},
		{"/b/", false},
		{"/english", false},
		{"/calculator", false},
		{"/index.html", false},
		{"/404.html", false},
	} {
		t.Run(tt.path, func(t *testing.T) {
			if got := own.MatchString(tt.path); got != tt.own {
				t.Errorf("RoutePattern matches %q: %v, want %v", tt.path, got, tt.own)
			}
			if r := parseRoute(tt.path); tt.path != "" && r.view != viewNotFound && !tt.own {
				t.Errorf("parseRoute reads %q as %+v, outside RoutePattern", tt.path, r)
			}
		})
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
