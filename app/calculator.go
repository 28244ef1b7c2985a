package app

import (
	"github.com/at4x/companion/i18n"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// calculator is one calculator page; its state is the URL query.
type calculator struct {
	goapp.Compo
	Name  string
	Lang  string
	Game  string
	Query string
}

func (c *calculator) Render() goapp.UI {
	return goapp.Article().Class("calc").Body(
		goapp.H1().Text(calcTitle(c.Lang, c.Name)),
		goapp.P().Text(i18n.T(c.Lang, i18n.EngineMissing)),
	)
}

// profileList shows the saved weapon and unit profiles.
type profileList struct {
	goapp.Compo
	Lang string
}

func (p *profileList) Render() goapp.UI {
	return goapp.Section().Body(goapp.H2().Text(i18n.T(p.Lang, i18n.Profiles)))
}
