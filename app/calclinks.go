package app

import (
	"net/url"
	"slices"

	"github.com/at4x/companion/i18n"
)

// calcTitle is a calculator's name in a language.
func calcTitle(lang, name string) string {
	if s := specFor(name); s != nil {
		return i18n.T(lang, s.title)
	}
	return name
}

func langGame(lang, game string) url.Values {
	return url.Values{"lang": {lang}, "game": {game}}
}

// calcItems are the links to the calculators of the current game, keeping
// the language and game.
func (s *shell) calcItems() []navItem {
	var out []navItem
	for _, sp := range calcSpecs {
		if slices.Contains(sp.games, s.game) {
			out = append(out, navItem{
				Href:    s.site.href(withQuery("/calc/"+sp.name, langGame(s.lang, s.game))),
				Text:    i18n.T(s.lang, sp.title),
				Current: s.r.view == viewCalc && s.r.calc == sp.name,
			})
		}
	}
	return out
}

// firstCalc is the first calculator that runs under a game.
func firstCalc(game string) string {
	for _, sp := range calcSpecs {
		if slices.Contains(sp.games, game) {
			return sp.name
		}
	}
	return calcSpecs[0].name
}
