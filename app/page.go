package app

import (
	"github.com/at4x/companion/app/ui"
	"github.com/at4x/companion/i18n"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// pageView shows a stand-alone page: compare or about.
type pageView struct {
	goapp.Compo

	Lang string
	Page string // the page's id

	site *Site
}

func (v *pageView) Render() goapp.UI {
	p := v.site.lib.Page(v.Page, v.Lang)
	if p == nil {
		return ui.Elem("p").Text(i18n.T(v.Lang, i18n.NotFoundBody))
	}
	return ui.Elem("article").Class("page").Body(
		ui.Elem("h1").Text(p.Title),
		&proseView{HTML: v.site.proseHTML(p.HTML, v.Lang)},
	)
}
