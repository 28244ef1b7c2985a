package app

import (
	"net/url"

	"github.com/at4x/companion/i18n"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

var calcKeys = map[string]i18n.Key{
	"shoot": i18n.CalcShoot, "melee": i18n.CalcMelee, "indirect": i18n.CalcIndirect,
	"morale": i18n.CalcMorale, "authority": i18n.CalcAuthority, "crush": i18n.CalcCrush,
	"minefield": i18n.CalcMinefield, "terrain": i18n.CalcTerrain,
}

// calcTitle is a calculator's name in a language.
func calcTitle(lang, name string) string { return i18n.T(lang, calcKeys[name]) }

func langGame(lang, game string) url.Values {
	return url.Values{"lang": {lang}, "game": {game}}
}

// calcLinks lists the calculators, keeping the language and game.
func (s *shell) calcLinks() goapp.UI {
	return goapp.Ul().Class("calc-links").Body(goapp.Range(calcNames).Slice(func(i int) goapp.UI {
		name := calcNames[i]
		a := goapp.A().Href(withQuery("/calc/"+name, langGame(s.lang, s.game))).Text(calcTitle(s.lang, name))
		if s.r.view == viewCalc && s.r.calc == name {
			a = a.Aria("current", "page")
		}
		return goapp.Li().Body(a)
	}))
}
