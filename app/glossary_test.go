package app

import (
	"regexp"
	"strings"
	"testing"

	"github.com/at4x/companion/app/ui"
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
		if r := []rune(m[1])[0]; ui.Capitalise(string(r)) != string(r) {
			t.Errorf("an entry starts with %q", m[1])
		}
	}
}
