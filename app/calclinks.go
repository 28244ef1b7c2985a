package app

import (
	"net/url"
	"slices"

	"github.com/at4x/companion/i18n"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
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

// calcLinks lists the calculators of the current game, keeping the
// language and game.
func (s *shell) calcLinks() goapp.UI {
	var specs []*calcSpec
	for i := range calcSpecs {
		if slices.Contains(calcSpecs[i].games, s.game) {
			specs = append(specs, &calcSpecs[i])
		}
	}
	return elem("ul").Class("calc-links").Body(goapp.Range(specs).Slice(func(i int) goapp.UI {
		sp := specs[i]
		a := goapp.A().Href(s.site.href(withQuery("/calc/"+sp.name, langGame(s.lang, s.game)))).Text(i18n.T(s.lang, sp.title))
		if s.r.view == viewCalc && s.r.calc == sp.name {
			a = a.Aria("current", "page")
		}
		return elem("li").Body(a)
	}))
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
