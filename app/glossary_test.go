package app

import (
	"regexp"
	"strings"
	"testing"

	"github.com/at4x/companion/docs/content"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// TestGlossaryListCapitalises checks that the glossary's list starts each
// name with a capital, while the data keeps the mid-sentence form.
func TestGlossaryListCapitalises(t *testing.T) {
	lib := loadLibrary(t)
	if n := lib.Term("universal-table").Name("fr", "at43"); n != "tableau de résolution universel" {
		t.Fatalf("the data's name is %q, not the mid-sentence form this test expects", n)
	}
	v := &glossaryView{Lang: "fr", Game: "at43", site: NewSite(lib, "")}
	e := goapp.NewTestEngine()
	if err := e.Load(v); err != nil {
		t.Fatal(err)
	}
	e.ConsumeAll()
	h := goapp.HTMLString(v)
	if !strings.Contains(h, "<dt>Tableau de résolution universel</dt>") {
		t.Error("the glossary list does not show 'Tableau de résolution universel' with its capital")
	}
	for _, m := range regexp.MustCompile(`<dt>(.)`).FindAllStringSubmatch(h, -1) {
		if r := []rune(m[1])[0]; content.Capitalise(string(r)) != string(r) {
			t.Errorf("an entry starts with %q", m[1])
		}
	}
}

// TestGlossaryLinksReadApart checks that no term's list of sections shows
// two links with the same words, in any game and language.
func TestGlossaryLinksReadApart(t *testing.T) {
	lib := loadLibrary(t)
	seeList := regexp.MustCompile(`(?s)<p class="see">(.*?)</p>`)
	linkText := regexp.MustCompile(`<a [^>]*>\s*([^<]*?)\s*</a>`)
	for _, text := range lib.Texts {
		t.Run(text.Game+"/"+text.Lang, func(t *testing.T) {
			v := &glossaryView{Lang: text.Lang, Game: text.Game, site: NewSite(lib, "")}
			e := goapp.NewTestEngine()
			if err := e.Load(v); err != nil {
				t.Fatal(err)
			}
			e.ConsumeAll()
			for _, see := range seeList.FindAllStringSubmatch(goapp.HTMLString(v), -1) {
				seen := map[string]bool{}
				for _, l := range linkText.FindAllStringSubmatch(see[1], -1) {
					if seen[l[1]] {
						t.Errorf("two links read %q: %s", l[1], see[1])
					}
					seen[l[1]] = true
				}
			}
		})
	}
}
