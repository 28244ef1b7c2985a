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
	out := make([]string, len(calculators))
	for i := range calculators {
		out[i] = calculators[i].name
	}
	return out
}

// NamesFor are the calculators that run under a game, in the same order.
func NamesFor(game string) []string {
	var out []string
	for i := range calculators {
		if c := &calculators[i]; slices.Contains(c.games, game) {
			out = append(out, c.name)
		}
	}
	return out
}

// Games are the games a calculator runs under, its default first; nil for
// a name that is no calculator.
func Games(name string) []string {
	if c := calculatorNamed(name); c != nil {
		return slices.Clone(c.games)
	}
	return nil
}

// Title is a calculator's name in a language, as the game calls it.
func Title(name, lang, game string) string {
	if c := calculatorNamed(name); c != nil {
		return i18n.T(lang, c.titleIn(game))
	}
	return name
}

// calculatorNamed is the row of the calculator with the name, or nil: what
// the menus need of it, without building its fields.
func calculatorNamed(name string) *calculator {
	for i := range calculators {
		if calculators[i].name == name {
			return &calculators[i]
		}
	}
	return nil
}

// titleIn is the calculator's title in a game ("" for none chosen yet).
func (c *calculator) titleIn(game string) i18n.Key {
	if k, ok := c.gameTitle[game]; ok {
		return k
	}
	return c.title
}

// Question is the question a calculator answers, as the home page says
// it.
func Question(name, lang string) string {
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
	for i := range calculators {
		if c := &calculators[i]; slices.Contains(c.games, game) {
			return c.name
		}
	}
	return calculators[0].name
}

// Href is the path that opens a calculator in a language and game, from
// the site's root (the shell adds the site's base path).
func Href(name, lang, game string) string {
	return "/calc/" + name + "?" + url.Values{"lang": {lang}, "game": {game}}.Encode()
}

// SwitchedGame is a calculator's link values q under another game, for
// the shell's game switch: q with that game, less the values of the
// fields the other game hides (AT-44's Detection, Jammer and Sniper in
// AT-43), as any change of the reader's that hides a field drops its value
// (spec.hide).
func SwitchedGame(name string, q url.Values, game string) url.Values {
	out := clone(q)
	out.Set("game", game)
	if sp := specFor(name); sp != nil {
		sp.hide(out, q, clone(out))
	}
	return out
}
