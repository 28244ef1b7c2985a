package app

import (
	"html"
	"net/url"
	"strings"

	"github.com/at4x/companion/app/calc"
	"github.com/at4x/companion/i18n"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// forEveryReader is a calculator's prerendered page, or the armies
// page's. A link opens in its reader's language and its own game, which
// the page cannot know: /calc/shoot.html is one file for every link. So
// the page holds the calculator drawn for each language and each game it
// runs under (the armies page: each language, under the shell's game):
// English under its first game in view, each other as the text of a
// script the browser neither runs nor parses as HTML (type text/html:
// parsed, four pages took a phone 80 ms more before the first paint).
// Before that paint the head script (calc's part: calc/prefill.js) puts
// the reader's in place of the one in view and fills a calculator's fields
// from the link (calc/prefill.go); the client later replaces the whole of
// it with its own page. With no script the page reads in English.
func (s *shell) forEveryReader() goapp.UI {
	games := []string{s.game}
	if s.r.view == viewCalc {
		games = calc.Games(s.r.calc)
	}
	first := s.forReader(i18n.Langs[0], games[0])
	readers := []goapp.UI{first.Render()}
	for _, lang := range i18n.Langs {
		for _, game := range games {
			if lang == first.lang && game == first.game {
				continue
			}
			r := s.forReader(lang, game)
			page, err := r.html()
			if err != nil {
				goapp.Log(err)
				continue // that reader reads the page in view
			}
			readers = append(readers, goapp.Raw(`<script type="text/html" data-lang="`+lang+`" data-game="`+game+
				`" data-title="`+html.EscapeString(r.title())+`">`+page+`</script>`))
		}
	}
	return goapp.Div().Body(readers...)
}

// forReader is the page as a reader of the language opens a link of the
// game that sets no value.
func (s *shell) forReader(lang, game string) *shell {
	return &shell{site: s.site, r: s.r, query: url.Values{}, lang: lang, game: game, chosen: true, oneReader: true}
}

// html is the page as HTML, drawn by an engine of its own, as the text of
// a script: it holds no script and no comment, which would end that text
// or change how the browser reads it.
func (s *shell) html() (string, error) {
	e := goapp.NewTestEngine()
	if err := e.Load(s); err != nil {
		return "", err
	}
	e.ConsumeAll()
	page := goapp.HTMLString(s)
	if low := strings.ToLower(page); strings.Contains(low, "<script") || strings.Contains(low, "</script") || strings.Contains(low, "<!--") {
		return "", unsafePageError{s.r.path(), s.lang, s.game}
	}
	return page, nil
}

// unsafePageError is a prerendered page that cannot be the text of a
// script.
type unsafePageError struct{ path, lang, game string }

func (e unsafePageError) Error() string {
	return "the page " + e.path + " for " + e.lang + "/" + e.game + " holds a script or comment: it cannot wait in a script's text"
}
