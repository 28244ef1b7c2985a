package app

import (
	"fmt"
	"slices"
	"strings"

	"github.com/at4x/companion/app/ui"
	"github.com/at4x/companion/docs/content"
	"github.com/at4x/companion/i18n"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// glossEntry is a term as the glossary page lists it.
type glossEntry struct {
	term   *content.Term
	label  string // name, with the card abbreviation
	folded string // what the filter matches: name and abbreviation, folded
	letter string // the initial it is filed under, "A" to "Z", or "#"
}

// glossEntries lists a game's terms in a language, in alphabetical order
// without regard to case or accents, each with its initial.
func glossEntries(lib *content.Library, lang, game string) []glossEntry {
	var out []glossEntry
	for _, t := range lib.TermsOf(game) {
		label := t.Label(lang, game)
		e := glossEntry{term: t, label: label, folded: content.Fold(label), letter: "#"}
		if r := []rune(content.Fold(t.Name(lang, game))); len(r) > 0 && r[0] >= 'a' && r[0] <= 'z' {
			e.letter = strings.ToUpper(string(r[0]))
		}
		out = append(out, e)
	}
	slices.SortStableFunc(out, func(a, b glossEntry) int { return strings.Compare(a.folded, b.folded) })
	return out
}

// glossLetters are the initials that have at least one of the entries, in
// order.
func glossLetters(es []glossEntry) []string {
	var out []string
	for _, e := range es {
		if len(out) == 0 || out[len(out)-1] != e.letter {
			out = append(out, e.letter)
		}
	}
	return out
}

// glossFilter keeps the entries whose name or abbreviation contains the
// typed text, without regard to case or accents.
func glossFilter(es []glossEntry, typed string) []glossEntry {
	q := strings.TrimSpace(content.Fold(typed))
	if q == "" {
		return es
	}
	var out []glossEntry
	for _, e := range es {
		if strings.Contains(e.folded, q) {
			out = append(out, e)
		}
	}
	return out
}

// glossaryView is a game's glossary: an A–Z bar that jumps to each
// initial, a box that filters the terms as one types, and the entries
// grouped by initial. The entries keep their term ids, so a link to
// /glossary#term opens at the term.
type glossaryView struct {
	goapp.Compo

	Lang string
	Game string

	site   *Site
	key    string // Lang/Game of all
	all    []glossEntry
	filter string
}

func (g *glossaryView) t(k i18n.Key) string { return i18n.T(g.Lang, k) }

func (g *glossaryView) entries() []glossEntry {
	if k := g.Lang + "/" + g.Game; k != g.key {
		g.key, g.all = k, glossEntries(g.site.lib, g.Lang, g.Game)
	}
	return g.all
}

func (g *glossaryView) onFilter(ctx goapp.Context, e goapp.Event) {
	g.filter = ctx.JSSrc().Get("value").String()
}

func (g *glossaryView) Render() goapp.UI {
	all := g.entries()
	shown := glossFilter(all, g.filter)
	letters := glossLetters(shown)
	text := g.site.lib.Text(g.Game, g.Lang)
	return ui.Elem("article").Class("glossary").Body(
		ui.Elem("h1").Text(content.GameName(g.Game)+" · "+g.t(i18n.Glossary)),
		goapp.Div().Class("gloss-tools").Body(
			goapp.Label().For("gloss-filter").Text(g.t(i18n.GlossaryFilter)),
			goapp.Input().Type("search").ID("gloss-filter").AutoComplete(false).
				Placeholder(g.t(i18n.GlossaryFilterPlaceholder)).Value(g.filter).
				Aria("controls", "gloss-list").OnInput(g.onFilter),
			ui.Elem("p").Class("muted").ID("gloss-count").Role("status").Body(
				goapp.If(len(shown) == 0, func() goapp.UI {
					return goapp.Text(fmt.Sprintf(g.t(i18n.GlossaryNoneF), g.filter))
				}).Else(func() goapp.UI {
					return goapp.Text(fmt.Sprintf(g.t(i18n.GlossaryCountF), len(shown), len(all)))
				}),
			),
			ui.Elem("nav").Class("az").Aria("label", g.t(i18n.GlossaryLetters)).Body(
				goapp.Range(letters).Slice(func(i int) goapp.UI {
					return goapp.A().Href("#letter-" + letters[i]).Text(letters[i])
				}),
			),
		),
		goapp.Div().ID("gloss-list").Body(
			goapp.Range(letters).Slice(func(i int) goapp.UI {
				l := letters[i]
				var group []glossEntry
				for _, e := range shown {
					if e.letter == l {
						group = append(group, e)
					}
				}
				return ui.Elem("section").Class("letter").Body(
					ui.Elem("h2").ID("letter-"+l).Text(l),
					ui.Elem("dl").Body(goapp.Range(group).Slice(func(j int) goapp.UI {
						return g.entry(group[j], text)
					})),
				)
			}),
		),
	)
}

// entry draws one term: its name, definition and the sections that
// explain it.
func (g *glossaryView) entry(e glossEntry, text *content.Text) goapp.UI {
	var links []goapp.UI
	if text != nil {
		for _, id := range e.term.Sections {
			if sec, ch := text.Section(id); sec != nil {
				links = append(links, goapp.A().Href(g.site.href(route{view: viewSection, lang: g.Lang, game: g.Game, section: id}.path())).Text(sectionLabel(text, e.term.Sections, sec, ch)))
			}
		}
	}
	return goapp.Div().Class("entry").ID(e.term.ID).Body(
		// The data keeps each name as it reads mid-sentence (docs/README.md,
		// "The glossary"); a list of entries starts each with a capital.
		ui.Elem("dt").Text(content.Capitalise(e.label)),
		ui.Elem("dd").Body(
			ui.Elem("p").Text(e.term.Def[g.Lang]),
			goapp.If(len(links) > 0, func() goapp.UI {
				return ui.Elem("p").Class("see").Body(links...)
			}),
		),
	)
}

// sectionLabel is how a term's list of sections names one of them: its
// title, followed by its chapter's when another section of the list has
// the same title (AT-44's "command points" is explained in the round and
// summed up again in the reference chapter), so no two links read alike.
func sectionLabel(text *content.Text, ids []string, sec *content.Section, ch *content.Chapter) string {
	for _, id := range ids {
		if other, _ := text.Section(id); other != nil && other != sec && other.Title == sec.Title {
			return sec.Title + " (" + ch.Title + ")"
		}
	}
	return sec.Title
}
