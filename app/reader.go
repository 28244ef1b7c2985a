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

// landing is the home page: what the app is, a way into each text and,
// as plainly, each calculator with the question it answers.
func (s *shell) landing() goapp.UI {
	calcs := calc.Names()
	return ui.Elem("article").Class("landing").Body(
		ui.Elem("h1").Text(s.t(i18n.AppName)),
		ui.Elem("p").Class("lead").Text(s.t(i18n.LandingIntro)),
		ui.Elem("h2").Text(s.t(i18n.LandingRead)),
		ui.Elem("ul").Class("cards").Body(
			goapp.Range(s.lib().Texts).Slice(func(i int) goapp.UI {
				t := s.lib().Texts[i]
				return ui.Elem("li").Body(goapp.A().Class("card").Lang(t.Lang).
					Href(s.site.href(route{view: viewContents, lang: t.Lang, game: t.Game}.path())).Body(
					ui.Elem("strong").Text(ui.GameName(t.Game)),
					ui.Elem("span").Text(i18n.T(t.Lang, i18n.LangName)),
				))
			}),
		),
		ui.Elem("p").Class("muted d10-note").Text(s.t(i18n.LandingD10)),
		ui.Elem("ul").Class("shortcuts").Body(
			ui.Elem("li").Body(goapp.A().Href(s.site.href(route{view: viewPage, lang: s.lang, section: "compare"}.path())).Text(s.t(i18n.Compare))),
			ui.Elem("li").Body(goapp.A().Href(s.site.href(route{view: viewPage, lang: s.lang, section: "about"}.path())).Text(s.t(i18n.About))),
		),
		ui.Elem("h2").Text(s.t(i18n.LandingCalcs)),
		ui.Elem("ul").Class("calc-cards").Body(
			goapp.Range(calcs).Slice(func(i int) goapp.UI {
				name := calcs[i]
				games := calc.Games(name)
				game := games[0]
				if slices.Contains(games, s.game) {
					game = s.game
				}
				names := make([]string, len(games))
				for j, g := range games {
					names[j] = ui.GameName(g)
				}
				return ui.Elem("li").Body(goapp.A().Class("card calc-card").
					Href(s.site.href(calc.Href(name, s.lang, game))).Body(
					ui.Elem("strong").Text(calc.Title(s.lang, name)),
					ui.Elem("span").Text(calc.Question(s.lang, name)),
					ui.Elem("small").Text(strings.Join(names, " · ")),
				))
			}),
		),
	)
}

// contents is a text's table of contents.
func (s *shell) contents() goapp.UI {
	t := s.text()
	if t == nil {
		return ui.Elem("p").Text(s.t(i18n.NotFoundBody))
	}
	base := route{lang: s.lang, game: s.game}
	return ui.Elem("article").Class("contents").Body(
		ui.Elem("h1").Text(ui.GameName(s.game)+" · "+s.t(i18n.Contents)),
		ui.Elem("ul").Class("shortcuts").Body(
			ui.Elem("li").Body(goapp.A().Href(s.site.href(route{view: viewGlossary, lang: s.lang, game: s.game}.path())).Text(s.t(i18n.Glossary))),
			goapp.If(s.quickRef(t) != "", func() goapp.UI {
				return ui.Elem("li").Body(goapp.A().Href(s.site.href(s.quickRef(t))).Text(s.t(i18n.QuickReference)))
			}),
			ui.Elem("li").Body(goapp.A().Href(s.site.href(route{view: viewPage, lang: s.lang, section: "compare"}.path())).Text(s.t(i18n.Compare))),
			ui.Elem("li").Body(goapp.A().Href(s.site.href(calc.Href(calc.First(s.game), s.lang, s.game))).Text(s.t(i18n.Calculators))),
			ui.Elem("li").Body(goapp.A().Href(s.site.href(route{view: viewPage, lang: s.lang, section: "about"}.path())).Text(s.t(i18n.About))),
		),
		goapp.If(len(s.recentHere()) > 0, func() goapp.UI {
			return ui.Elem("section").Class("recent").Body(
				ui.Elem("h2").Text(s.t(i18n.Recent)),
				ui.Elem("ul").Class("shortcuts").Body(goapp.Range(s.recentHere()).Slice(func(i int) goapp.UI {
					m := s.recentHere()[i]
					return ui.Elem("li").Body(goapp.A().Href(s.site.href(m.path())).Text(m.Title))
				})),
			)
		}),
		goapp.Range(t.Chapters).Slice(func(i int) goapp.UI {
			c := t.Chapters[i]
			return ui.Elem("section").Class("chapter").Body(
				ui.Elem("h2").ID(c.ID).Text(c.Title),
				ui.Elem("ol").Body(goapp.Range(c.Sections).Slice(func(j int) goapp.UI {
					r := base
					r.view, r.section = viewSection, c.Sections[j].ID
					return ui.Elem("li").Body(goapp.A().Href(s.site.href(r.path())).Text(c.Sections[j].Title))
				})),
			)
		}),
	)
}

// sectionView shows one section of the rules.
func (s *shell) sectionView() goapp.UI {
	sec := s.section()
	_, chapter := s.text().Section(sec.ID)
	m := s.markOf(sec)
	marked := slices.ContainsFunc(s.marks, func(o mark) bool { return o.path() == m.path() })
	star, label := "☆", s.t(i18n.Bookmark)
	if marked {
		star, label = "★", s.t(i18n.Unbookmark)
	}
	return ui.Elem("article").Class("section").Body(
		ui.Elem("p").Class("crumb").Body(
			goapp.A().Href(s.site.href(route{view: viewContents, lang: s.lang, game: s.game}.path()+"#"+chapter.ID)).Text(chapter.Title),
		),
		goapp.Div().Class("title-row").Body(
			ui.Elem("h1").Text(sec.Title),
			goapp.Button().Class("icon-btn bookmark").Aria("pressed", marked).Aria("label", label).Title(label).
				Text(star).OnClick(func(ctx goapp.Context, e goapp.Event) {
				if sec := s.section(); sec != nil {
					s.marks = toggled(s.marks, s.markOf(sec))
					ui.Store(ctx, marksKey, s.marks)
				}
			}),
		),
		goapp.If(s.missing, func() goapp.UI {
			return ui.Elem("p").Class("note").Role("note").Textf(s.t(i18n.NoSuchSectionF), ui.GameName(s.game))
		}),
		s.prose(sec.HTML),
		goapp.If(sec.Source != "", func() goapp.UI {
			return ui.Elem("p").Class("source").Text(s.t(i18n.SourceLabel) + ui.Sep(s.lang) + sec.Source)
		}),
		s.sectionCalcs(sec),
	)
}

// sectionCalcs is the way from a section to the calculators: those the
// section links to, or else every calculator of the game.
func (s *shell) sectionCalcs(sec *content.Section) goapp.UI {
	names := calcsIn(sec.HTML)
	if len(names) == 0 {
		names = calc.NamesFor(s.game)
	}
	return ui.Elem("nav").Class("section-calcs").Aria("labelledby", "section-calcs").Body(
		ui.Elem("h2").ID("section-calcs").Text(s.t(i18n.SectionCalcs)),
		ui.Elem("ul").Class("shortcuts").Body(goapp.Range(names).Slice(func(i int) goapp.UI {
			return ui.Elem("li").Body(goapp.A().Href(s.site.href(calc.Href(names[i], s.lang, s.game))).
				Text(calc.Title(s.lang, names[i])))
		})),
	)
}

// prose shows rendered rules HTML as its own component, so that the
// shell's renders skip it while the text is the same.
func (s *shell) prose(html string) goapp.UI {
	return &proseView{HTML: s.site.proseHTML(html, s.lang)}
}

// openTerm opens the sheet of a term (ui.ActionTerm): one tapped in the
// rules text, or a calculator's label.
func (s *shell) openTerm(ctx goapp.Context, a goapp.Action) {
	v, ok := a.Value.(ui.TermOpen)
	if !ok || s.lib().Term(v.ID) == nil {
		return
	}
	s.searchOpen = false
	s.term = v.ID
	s.termFrom = v.From
	pushOverlay()
	ctx.Defer(func(ctx goapp.Context) {
		if b := goapp.Window().GetElementByID("term-close"); b.Truthy() {
			b.Call("focus")
		}
	})
}

// pageView shows a stand-alone page: compare or about.
func (s *shell) pageView() goapp.UI {
	p := s.lib().Page(s.r.section, s.lang)
	if p == nil {
		return ui.Elem("p").Text(s.t(i18n.NotFoundBody))
	}
	return ui.Elem("article").Class("page").Body(
		ui.Elem("h1").Text(p.Title),
		s.prose(p.HTML),
	)
}

// recentHere are the last sections read in the current text, at most three.
func (s *shell) recentHere() []mark {
	var out []mark
	for _, m := range s.recent {
		if m.Lang == s.lang && m.Game == s.game && len(out) < 3 {
			out = append(out, m)
		}
	}
	return out
}
