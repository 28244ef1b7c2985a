package app

import (
	"slices"
	"strings"

	"github.com/at4x/companion/app/calc"
	"github.com/at4x/companion/app/ui"
	"github.com/at4x/companion/docs/content"
	"github.com/at4x/companion/i18n"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// landingView is the home page: what the app is, a way into each text and
// to each game's reference card and, as plainly, each calculator with the
// question it answers.
type landingView struct {
	goapp.Compo

	Lang string
	Game string // the game whose calculators the cards open, when they run under it

	site *Site
}

func (l *landingView) t(k i18n.Key) string { return i18n.T(l.Lang, k) }

func (l *landingView) Render() goapp.UI {
	texts := l.site.lib.Texts
	calcs := calc.Names()
	var cards []string // the games with a reference card in the page's language
	for _, g := range content.GameIDs {
		if hasCard(l.site.lib, g, l.Lang) {
			cards = append(cards, g)
		}
	}
	return ui.Elem("article").Class("landing").Body(
		ui.Elem("h1").Text(l.t(i18n.AppName)),
		ui.Elem("p").Class("lead").Text(l.t(i18n.LandingIntro)),
		ui.Elem("h2").Text(l.t(i18n.LandingRead)),
		ui.Elem("ul").Class("cards").Body(
			goapp.Range(texts).Slice(func(i int) goapp.UI {
				t := texts[i]
				return ui.Elem("li").Body(goapp.A().Class("card").Lang(t.Lang).
					Href(l.site.href(route{view: viewContents, lang: t.Lang, game: t.Game}.path())).Body(
					ui.Elem("strong").Text(content.GameName(t.Game)),
					ui.Elem("span").Text(i18n.T(t.Lang, i18n.LangName)),
				))
			}),
		),
		ui.Elem("p").Class("muted d10-note").Text(l.t(i18n.LandingD10)),
		ui.Elem("ul").Class("shortcuts").Body(
			ui.Elem("li").Body(goapp.A().Href(l.site.href(route{view: viewPage, lang: l.Lang, section: "compare"}.path())).Text(l.t(i18n.Compare))),
			ui.Elem("li").Body(goapp.A().Href(l.site.href(route{view: viewPage, lang: l.Lang, section: "about"}.path())).Text(l.t(i18n.About))),
		),
		ui.Elem("h2").Text(l.t(i18n.CardLinks)),
		ui.Elem("ul").Class("shortcuts card-links").Body(
			goapp.Range(cards).Slice(func(i int) goapp.UI {
				r := route{view: viewCard, lang: l.Lang, game: cards[i]}
				return ui.Elem("li").Body(goapp.A().Class("card-link").Href(l.site.href(r.path())).Text(content.GameName(cards[i])))
			}),
		),
		ui.Elem("h2").Text(l.t(i18n.LandingCalcs)),
		ui.Elem("ul").Class("calc-cards").Body(
			goapp.Range(calcs).Slice(func(i int) goapp.UI {
				name := calcs[i]
				games := calc.Games(name)
				game := games[0]
				if slices.Contains(games, l.Game) {
					game = l.Game
				}
				names := make([]string, len(games))
				for j, g := range games {
					names[j] = content.GameName(g)
				}
				return ui.Elem("li").Body(goapp.A().Class("card calc-card").
					Href(l.site.href(calc.Href(name, l.Lang, game))).Body(
					ui.Elem("strong").Text(calc.Title(name, l.Lang, game)),
					ui.Elem("span").Text(calc.Question(name, l.Lang)),
					ui.Elem("small").Text(strings.Join(names, " · ")),
				))
			}),
		),
	)
}
