package calc

import (
	"net/url"
	"slices"

	"github.com/at4x/companion/i18n"
)

// What the shell needs of the calculators: their names for the routes and
// the static pages, and for the menus their titles, what each answers, the
// games each runs under and the link that opens one.

// Names are the calculators, in the order the app lists them.
func Names() []string {
	out := make([]string, len(specs))
	for i, sp := range specs {
		out[i] = sp.name
	}
	return out
}

// NamesFor are the calculators that run under a game, in the same order.
func NamesFor(game string) []string {
	var out []string
	for _, sp := range specs {
		if slices.Contains(sp.games, game) {
			out = append(out, sp.name)
		}
	}
	return out
}

// Games are the games a calculator runs under, its default first; nil for
// a name that is no calculator.
func Games(name string) []string {
	if s := specFor(name); s != nil {
		return slices.Clone(s.games)
	}
	return nil
}

// Title is a calculator's name in a language.
func Title(lang, game, name string) string {
	if s := specFor(name); s != nil {
		return i18n.T(lang, s.titleIn(game))
	}
	return name
}

// titleIn is the calculator's title in a game ("" for none chosen yet).
func (s *spec) titleIn(game string) i18n.Key {
	if k, ok := s.gameTitle[game]; ok {
		return k
	}
	return s.title
}

// Question is the question a calculator answers, as the home page says
// it.
func Question(lang, name string) string {
	if k, ok := questions[name]; ok {
		return i18n.T(lang, k)
	}
	return ""
}

// questions are the questions the calculators answer, by name.
var questions = map[string]i18n.Key{
	"shoot":      i18n.AnswerShoot,
	"melee":      i18n.AnswerMelee,
	"salvos":     i18n.AnswerSalvos,
	"indirect":   i18n.AnswerIndirect,
	"morale":     i18n.AnswerMorale,
	"authority":  i18n.AnswerAuthority,
	"crush":      i18n.AnswerCrush,
	"minefield":  i18n.AnswerMinefield,
	"terrain":    i18n.AnswerTerrain,
	"d10attack":  i18n.AnswerD10Attack,
	"d10morale":  i18n.AnswerD10Morale,
	"d10vehicle": i18n.AnswerD10Vehicle,
}

// First is the first calculator that runs under a game.
func First(game string) string {
	for _, sp := range specs {
		if slices.Contains(sp.games, game) {
			return sp.name
		}
	}
	return specs[0].name
}

// Href is the path that opens a calculator in a language and game, from
// the site's root (the shell adds the site's base path).
func Href(name, lang, game string) string {
	return "/calc/" + name + "?" + url.Values{"lang": {lang}, "game": {game}}.Encode()
}
