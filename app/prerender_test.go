package app

import (
	"net/url"
	"regexp"
	"strings"
	"testing"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// TestCalcForEveryReader draws a calculator's page as the site generator
// does: English under the calculator's first game in view, and as the text
// of scripts the page for each other language and game, each in its own
// words, with its own title.
func TestCalcForEveryReader(t *testing.T) {
	tests := []struct {
		name string
		want []string // the pages waiting, as lang/game
	}{
		{"shoot", []string{"en/at44", "fr/at43", "fr/at44"}},
		{"terrain", []string{"fr/at44"}},
		{"d10morale", []string{"fr/d10"}},
	}
	lib := loadLibrary(t)
	var (
		waiting = regexp.MustCompile(`<script type="text/html"[^>]*>`)
		langOf  = regexp.MustCompile(`data-lang="(\w+)"`)
		gameOf  = regexp.MustCompile(`data-game="(\w+)"`)
	)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := &shell{site: NewSite(lib, ""), r: route{view: viewCalc, calc: tt.name}, query: url.Values{}, lang: "en", game: "at43"}
			e := goapp.NewTestEngine()
			if err := e.Load(s); err != nil {
				t.Fatal(err)
			}
			e.ConsumeAll()
			h := goapp.HTMLString(s)
			if !strings.HasPrefix(h, `<div>`) {
				t.Fatalf("the page starts %.80q, want the pages' box", h)
			}
			var got []string
			for _, tag := range waiting.FindAllString(h, -1) {
				lang, game := langOf.FindStringSubmatch(tag), gameOf.FindStringSubmatch(tag)
				if lang == nil || game == nil || !strings.Contains(tag, `data-title="`) {
					t.Fatalf("a page waits in %s", tag)
				}
				got = append(got, lang[1]+"/"+game[1])
			}
			if strings.Join(got, " ") != strings.Join(tt.want, " ") {
				t.Errorf("pages waiting %v, want %v", got, tt.want)
			}
			if n := strings.Count(h, `class="shell"`); n != len(tt.want)+1 {
				t.Errorf("%d pages, want %d", n, len(tt.want)+1)
			}
			inView := h[:strings.Index(h, "<script")]
			if !strings.Contains(inView, `class="shell" lang="en"`) && !strings.Contains(inView, `lang="en" class="shell"`) {
				t.Errorf("the page in view is not the English one")
			}
			if !strings.Contains(h, "Calcul des probabilités…") || !strings.Contains(inView, "Working out the odds…") || strings.Contains(inView, "Calcul des") {
				t.Error("each page does not say in its own language that the odds are being worked out")
			}
		})
	}
}
