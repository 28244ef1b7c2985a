package app

import (
	"github.com/at4x/companion/app/ui"
	"github.com/at4x/companion/docs/content"
	"github.com/at4x/companion/i18n"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// cardView shows a game's reference card: the page package refcard made
// of it when the library was loaded for the build. On screen its blocks
// come one under the other; printed, one side a page (web/print.css).
type cardView struct {
	goapp.Compo

	Lang string
	Game string

	site *Site
}

// cardPage is a game's reference card in a language, or nil.
func cardPage(lib *content.Library, game, lang string) *content.Page {
	return lib.Page(content.CardID(game), lang)
}

// hasCard tells whether a game has a reference card in a language.
func hasCard(lib *content.Library, game, lang string) bool {
	return cardPage(lib, game, lang) != nil
}

func (v *cardView) print(ctx goapp.Context, e goapp.Event) {
	goapp.Window().Call("print")
}

func (v *cardView) Render() goapp.UI {
	p := cardPage(v.site.lib, v.Game, v.Lang)
	if p == nil {
		return ui.Elem("p").Text(i18n.T(v.Lang, i18n.NotFoundBody))
	}
	return ui.Elem("article").Class("refcard").Body(
		ui.Elem("h1").Text(p.Title),
		ui.Elem("p").Class("refcard-print").Body(
			goapp.Button().Class("btn print-btn").Text(i18n.T(v.Lang, i18n.CardPrint)).OnClick(v.print),
			ui.Elem("span").Class("muted").Text(i18n.T(v.Lang, i18n.CardPrintHint)),
		),
		&proseView{HTML: v.site.proseHTML(p.HTML, v.Lang)},
	)
}
