package app

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/at4x/companion/app/ui"
	"github.com/at4x/companion/i18n"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// cardView shows a game's reference card (see card): on screen, its blocks
// one under the other; printed, one side per page (web/print.css).
type cardView struct {
	goapp.Compo

	Lang string
	Game string

	site  *Site
	key   string // Lang/Game of built
	built card
}

func (v *cardView) t(k i18n.Key) string { return i18n.T(v.Lang, k) }

// card builds the card once per language and game.
func (v *cardView) card() card {
	if k := v.Lang + "/" + v.Game; k != v.key {
		v.key = k
		v.built, _ = buildCard(v.site.lib, v.Game, v.Lang)
	}
	return v.built
}

func (v *cardView) print(ctx goapp.Context, e goapp.Event) {
	goapp.Window().Call("print")
}

func (v *cardView) Render() goapp.UI {
	c := v.card()
	hint := v.t(i18n.CardPrintTwoSides)
	if len(c.Sides) == 1 {
		hint = v.t(i18n.CardPrintOneSide)
	}
	return ui.Elem("article").Class("refcard").Body(
		goapp.Div().Class("refcard-head").Body(
			ui.Elem("h1").Text(c.Title),
			ui.Elem("p").Class("refcard-print").Body(
				goapp.Button().Class("btn print-btn").Text(v.t(i18n.CardPrint)).OnClick(v.print),
				ui.Elem("span").Class("muted").Text(hint),
			),
		),
		goapp.Range(c.Sides).Slice(func(i int) goapp.UI {
			side := c.Sides[i]
			return ui.Elem("section").Class("refcard-side").Aria("labelledby", "refcard-side-"+itoa(i+1)).Body(
				ui.Elem("h2").ID("refcard-side-"+itoa(i+1)).Text(side.Title),
				goapp.Range(side.Blocks).Slice(func(j int) goapp.UI { return v.block(side.Blocks[j]) }),
			)
		}),
	)
}

// block draws one block of a side: its title, then its rules HTML, or its
// line, table and lines under it.
func (v *cardView) block(b cardBlock) goapp.UI {
	title := b.ID + "-title"
	return ui.Elem("section").Class("refcard-block").ID(b.ID).Aria("labelledby", title).Body(
		ui.Elem("h3").ID(title).Text(b.Title),
		goapp.If(b.HTML != "", func() goapp.UI {
			return &proseView{HTML: v.site.proseHTML(b.HTML, v.Lang)}
		}),
		goapp.If(b.Intro != "", func() goapp.UI { return ui.Elem("p").Class("refcard-intro").Text(b.Intro) }),
		goapp.If(b.Table != nil, func() goapp.UI { return v.table(b.Table) }),
		goapp.If(len(b.Lines) > 0, func() goapp.UI {
			return ui.Elem("ul").Class("refcard-lines").Body(goapp.Range(b.Lines).Slice(func(i int) goapp.UI {
				return ui.Elem("li").Text(b.Lines[i])
			}))
		}),
	)
}

// table draws a card's table in a frame that scrolls on its own on a
// narrow screen, labelled like the rules text's tables (tableFrames).
func (v *cardView) table(tab *cardTable) goapp.UI {
	label := fmt.Sprintf(v.t(i18n.TableLabelF), strings.Join(tab.Head, ", "))
	return goapp.Div().Class("table-frame").Role("region").TabIndex(0).Aria("label", label).
		DataSet("hint", v.t(i18n.TableScrollHint)).Body(
		ui.Elem("table").Class("refcard-table").Body(
			ui.Elem("thead").Body(ui.Elem("tr").Body(goapp.Range(tab.Head).Slice(func(i int) goapp.UI {
				return ui.Elem("th").Attr("scope", "col").Text(tab.Head[i])
			}))),
			ui.Elem("tbody").Body(goapp.Range(tab.Rows).Slice(func(i int) goapp.UI {
				row := tab.Rows[i]
				return ui.Elem("tr").Body(goapp.Range(row).Slice(func(j int) goapp.UI {
					if j == 0 {
						return ui.Elem("th").Attr("scope", "row").Class(numClass(row[j])).Text(row[j])
					}
					return ui.Elem("td").Class(numClass(row[j])).Text(row[j])
				}))
			})),
		),
	)
}

// numClass marks a cell of figures, such as "10–12" or "≥ 6", which must
// not break at its dash.
func numClass(cell string) string {
	if strings.IndexFunc(cell, unicode.IsLetter) >= 0 {
		return ""
	}
	return "num"
}
