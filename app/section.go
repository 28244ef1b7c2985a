package app

import (
	"github.com/at4x/companion/app/calc"
	"github.com/at4x/companion/app/ui"
	"github.com/at4x/companion/docs/content"
	"github.com/at4x/companion/i18n"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// actionBookmark asks the shell, which keeps the bookmarks, to add or
// remove one; its value is the section's mark.
const actionBookmark = "at4x/bookmark"

// sectionView shows one section of the rules: its chapter, title and
// bookmark button, the text and its source, and the way to the
// calculators.
type sectionView struct {
	goapp.Compo

	Lang    string
	Game    string
	Section string // the section's id
	Missing bool   // the reader came from a game that lacks the section
	Marked  bool   // the section is bookmarked

	site *Site
}

func (v *sectionView) t(k i18n.Key) string { return i18n.T(v.Lang, k) }

// bookmark adds the section to the bookmarks, or removes it.
func (v *sectionView) bookmark(ctx goapp.Context, e goapp.Event) {
	if sec, _ := v.site.lib.Text(v.Game, v.Lang).Section(v.Section); sec != nil {
		ctx.NewActionWithValue(actionBookmark, mark{Lang: v.Lang, Game: v.Game, Section: sec.ID, Title: sec.Title})
	}
}

func (v *sectionView) Render() goapp.UI {
	sec, chapter := v.site.lib.Text(v.Game, v.Lang).Section(v.Section)
	star, label := "☆", v.t(i18n.Bookmark)
	if v.Marked {
		star, label = "★", v.t(i18n.Unbookmark)
	}
	return ui.Elem("article").Class("section").Body(
		ui.Elem("p").Class("crumb").Body(
			goapp.A().Href(v.site.href(route{view: viewContents, lang: v.Lang, game: v.Game}.path()+"#"+chapter.ID)).Text(chapter.Title),
		),
		goapp.Div().Class("title-row").Body(
			ui.Elem("h1").Text(sec.Title),
			goapp.Button().Class("icon-btn bookmark").Aria("pressed", v.Marked).Aria("label", label).Title(label).
				Text(star).OnClick(v.bookmark),
		),
		goapp.If(v.Missing, func() goapp.UI {
			return ui.Elem("p").Class("note").Role("note").Textf(v.t(i18n.NoSuchSectionF), content.GameName(v.Game))
		}),
		&proseView{HTML: v.site.proseHTML(sec.HTML, v.Lang)},
		goapp.If(sec.Source != "", func() goapp.UI {
			return ui.Elem("p").Class("source").Text(v.t(i18n.SourceLabel) + ui.Sep(v.Lang) + sec.Source)
		}),
		v.calcs(calcsIn(sec.HTML)),
	)
}

// calcs is the way from the section to the calculators: those the section
// links to (linked), or else every calculator of the game.
func (v *sectionView) calcs(linked []string) goapp.UI {
	names := linked
	if len(names) == 0 {
		names = calc.NamesFor(v.Game)
	}
	return ui.Elem("nav").Class("section-calcs").Aria("labelledby", "section-calcs").Body(
		ui.Elem("h2").ID("section-calcs").Text(v.t(i18n.SectionCalcs)),
		ui.Elem("ul").Class("shortcuts").Body(goapp.Range(names).Slice(func(i int) goapp.UI {
			return ui.Elem("li").Body(goapp.A().Href(v.site.href(calc.Href(names[i], v.Lang, v.Game))).
				Text(calc.Title(names[i], v.Lang, v.Game)))
		})),
	)
}
