package app

import (
	"github.com/at4x/companion/app/ui"
	"github.com/at4x/companion/i18n"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// saveNotice tells the reader that the device refused a save (storage full
// or disabled): the change stays in memory but is lost when the app closes.
// store raises it through ui.SaveFailedState; the reader dismisses it.
type saveNotice struct {
	goapp.Compo

	Lang string

	failed bool
}

// OnMount observes the state store sets.
func (n *saveNotice) OnMount(ctx goapp.Context) {
	ctx.ObserveState(ui.SaveFailedState, &n.failed)
}

// Render draws the notice while a failure is unacknowledged.
func (n *saveNotice) Render() goapp.UI {
	if !n.failed {
		return ui.Elem("span").Class("save-notice").Hidden(true)
	}
	return goapp.Div().Class("banner save-notice").Role("alert").Body(
		ui.Elem("span").Text(i18n.T(n.Lang, i18n.SaveFailed)),
		goapp.Button().Class("btn").Text(i18n.T(n.Lang, i18n.Close)).OnClick(n.dismiss),
	)
}

func (n *saveNotice) dismiss(ctx goapp.Context, e goapp.Event) {
	ctx.SetState(ui.SaveFailedState, false)
}
