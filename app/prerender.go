package app

import (
	"net/url"
	"strings"

	"github.com/at4x/companion/app/calc"
	"github.com/at4x/companion/app/ui"
	"github.com/at4x/companion/i18n"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// calcForEveryReader is a calculator's prerendered page. A link opens in
// its reader's language and its own game, which the page cannot know:
// /calc/shoot.html is one file for every link. So the page holds the
// calculator drawn for each language and each game it runs under: English
// under its first game in view, the others in <template> elements, which
// the browser parses but neither shows nor counts (their ids clash with
// none). Before the first paint the head script (head.js) puts the
// reader's in place of the one in view and fills its fields from the link
// (calc/prefill.go); the client later replaces the whole of it with its
// own page. With no script the page reads in English.
func (s *shell) calcForEveryReader() goapp.UI {
	games := calc.Games(s.r.calc)
	first := s.forReader(i18n.Langs[0], games[0])
	readers := []goapp.UI{first.Render()}
	for _, lang := range i18n.Langs {
		for _, game := range games {
			if lang == first.lang && game == first.game {
				continue
			}
			r := s.forReader(lang, game)
			readers = append(readers, ui.Elem("template").DataSet("lang", lang).DataSet("game", game).
				DataSet("title", r.title()).Body(r.Render()))
		}
	}
	return goapp.Div().DataSet("games", strings.Join(games, " ")).Body(readers...)
}

// forReader is the calculator's page as a reader of the language opens a
// link of the game that sets no value.
func (s *shell) forReader(lang, game string) *shell {
	return &shell{site: s.site, r: s.r, query: url.Values{}, lang: lang, game: game, chosen: true, oneReader: true}
}
