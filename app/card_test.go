package app

import (
	"strings"
	"sync"
	"testing"

	"github.com/at4x/companion/app/contentdata"
	"github.com/at4x/companion/docs/content"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// realLibrary is the library the site is built from, cards included,
// loaded once.
var realLibrary = sync.OnceValues(contentdata.Load)

func loadLibrary(t *testing.T) *content.Library {
	t.Helper()
	lib, err := realLibrary()
	if err != nil {
		t.Fatal(err)
	}
	return lib
}

// TestCardRoutes checks the card's route: parsed, written back, listed
// for every text but never for a game without a card, and switched to the
// contents when the other game has none.
func TestCardRoutes(t *testing.T) {
	r := parseRoute("/fr/at44/card")
	if want := (route{view: viewCard, lang: "fr", game: "at44"}); r != want || r.path() != "/fr/at44/card" {
		t.Errorf("parseRoute = %+v (%s), want %+v", r, r.path(), want)
	}
	lib := loadLibrary(t)
	pages := strings.Join(Pages(lib), " ")
	for _, text := range lib.Texts {
		if p := "/" + text.Lang + "/" + text.Game + "/card"; !strings.Contains(pages, p+" ") {
			t.Errorf("the site has no page %s", p)
		}
	}
	small := testLibrary()
	if hasCard(small, "d10", "en") {
		t.Error("a game with no text has a card")
	}
	to, exact := switched(small, route{view: viewCard, lang: "en", game: "at43"}, "en", "d10")
	if to.view != viewContents || exact {
		t.Errorf("switching from a card to a game without one gives %+v, exact %v", to, exact)
	}
}

// TestCardViewRenders draws a card through go-app's test engine: its
// sides, its blocks by id, and tables whose rows are headed, each in a
// frame labelled by its column heads.
func TestCardViewRenders(t *testing.T) {
	lib := loadLibrary(t)
	v := &cardView{Lang: "fr", Game: "at43", site: NewSite(lib, "")}
	e := goapp.NewTestEngine()
	if err := e.Load(v); err != nil {
		t.Fatal(err)
	}
	e.ConsumeAll()
	h := goapp.HTMLString(v)
	for _, want := range []string{`class="refcard-side"`, `id="card-hits"`, `id="card-round"`, `<th scope="row">`, `class="prose"`, `class="table-frame"`, `aria-label="Tableau : Portée, distance (cm), ✗, 6, 5+, 4+, 3+, 2+, ✓"`, "Fiche de référence"} {
		if !strings.Contains(h, want) {
			t.Errorf("the card's HTML has no %s", want)
		}
	}
	if n := strings.Count(h, `class="refcard-side"`); n != 2 {
		t.Errorf("%d sides drawn, want 2", n)
	}
}
