package app

import (
	"github.com/at4x/companion/app/calc"
	"github.com/at4x/companion/app/ui"
	"github.com/at4x/companion/docs/content"
	"github.com/at4x/companion/i18n"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// contentsView is a text's table of contents, with the ways to the
// glossary, the quick reference, the reference card, the comparison, the
// calculators and the last sections read in it.
type contentsView struct {
	goapp.Compo

	Lang   string
	Game   string
	Recent []mark // the last sections read in this text, newest first

	site *Site
}

func (c *contentsView) t(k i18n.Key) string { return i18n.T(c.Lang, k) }

func (c *contentsView) Render() goapp.UI {
	t := c.site.lib.Text(c.Game, c.Lang)
	if t == nil {
		return ui.Elem("p").Text(c.t(i18n.NotFoundBody))
	}
	base := route{lang: c.Lang, game: c.Game}
	ref := quickRef(t, c.Lang, c.Game)
	return ui.Elem("article").Class("contents").Body(
		ui.Elem("h1").Text(content.GameName(c.Game)+" · "+c.t(i18n.Contents)),
		ui.Elem("ul").Class("shortcuts").Body(
			ui.Elem("li").Body(goapp.A().Href(c.site.href(route{view: viewGlossary, lang: c.Lang, game: c.Game}.path())).Text(c.t(i18n.Glossary))),
			goapp.If(ref != "", func() goapp.UI {
				return ui.Elem("li").Body(goapp.A().Href(c.site.href(ref)).Text(c.t(i18n.QuickReference)))
			}),
			goapp.If(hasCard(c.site.lib, c.Game, c.Lang), func() goapp.UI {
				return ui.Elem("li").Body(goapp.A().Class("card-link").Href(c.site.href(route{view: viewCard, lang: c.Lang, game: c.Game}.path())).Text(c.t(i18n.CardLink)))
			}),
			ui.Elem("li").Body(goapp.A().Href(c.site.href(route{view: viewPage, lang: c.Lang, section: "compare"}.path())).Text(c.t(i18n.Compare))),
			ui.Elem("li").Body(goapp.A().Href(c.site.href(calc.Href(calc.First(c.Game), c.Lang, c.Game))).Text(c.t(i18n.Calculators))),
			ui.Elem("li").Body(goapp.A().Href(c.site.href(route{view: viewPage, lang: c.Lang, section: "about"}.path())).Text(c.t(i18n.About))),
		),
		goapp.If(len(c.Recent) > 0, func() goapp.UI {
			return ui.Elem("section").Class("recent").Body(
				ui.Elem("h2").Text(c.t(i18n.Recent)),
				ui.Elem("ul").Class("shortcuts").Body(goapp.Range(c.Recent).Slice(func(i int) goapp.UI {
					m := c.Recent[i]
					return ui.Elem("li").Body(goapp.A().Href(c.site.href(m.path())).Text(m.Title))
				})),
			)
		}),
		goapp.Range(t.Chapters).Slice(func(i int) goapp.UI {
			ch := t.Chapters[i]
			return ui.Elem("section").Class("chapter").Body(
				ui.Elem("h2").ID(ch.ID).Text(ch.Title),
				ui.Elem("ol").Body(goapp.Range(ch.Sections).Slice(func(j int) goapp.UI {
					r := base
					r.view, r.section = viewSection, ch.Sections[j].ID
					return ui.Elem("li").Body(goapp.A().Href(c.site.href(r.path())).Text(ch.Sections[j].Title))
				})),
			)
		}),
	)
}

// quickRef is the path of a text's first reference section, or "".
func quickRef(t *content.Text, lang, game string) string {
	for _, c := range t.Chapters {
		if c.ID == "reference" && len(c.Sections) > 0 {
			return route{view: viewSection, lang: lang, game: game, section: c.Sections[0].ID}.path()
		}
	}
	return ""
}

// recentIn are the last sections of list read in one text, at most three.
func recentIn(list []mark, lang, game string) []mark {
	var out []mark
	for _, m := range list {
		if m.Lang == lang && m.Game == game && len(out) < 3 {
			out = append(out, m)
		}
	}
	return out
}
