package app

import (
	"github.com/at4x/companion/app/store"
	"github.com/at4x/companion/app/ui"
	"github.com/at4x/companion/i18n"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// noStorageState is the go-app state that holds the notice that the
// browser keeps no site data: the shell raises it as the app starts, the
// reader closes it.
const noStorageState = "at4x-no-storage"

// saveNotice tells the reader what the device will not keep: nothing at
// all, when the browser is set to keep no site data, or a change it refused
// to save (storage full). Either way what the reader did holds in memory
// until the app closes. It shows one notice at a time, the first one first;
// the reader dismisses it.
type saveNotice struct {
	goapp.Compo

	Lang string

	noStorage bool
	failed    bool
}

// OnMount observes the states the shell and store.Save set.
func (n *saveNotice) OnMount(ctx goapp.Context) {
	ctx.ObserveState(noStorageState, &n.noStorage)
	ctx.ObserveState(store.SaveFailedState, &n.failed)
}

// Render draws the notice while one is unacknowledged.
func (n *saveNotice) Render() goapp.UI {
	var text i18n.Key
	switch {
	case n.noStorage:
		text = i18n.StorageBlocked
	case n.failed:
		text = i18n.SaveFailed
	default:
		return ui.Elem("span").Class("save-notice").Hidden(true)
	}
	return goapp.Div().Class("banner save-notice").Role("alert").Body(
		ui.Elem("span").Text(i18n.T(n.Lang, text)),
		goapp.Button().Class("btn").Text(i18n.T(n.Lang, i18n.Close)).OnClick(n.dismiss),
	)
}

// dismiss closes the notice. Once the reader knows that nothing is kept, a
// save that fails too says nothing new.
func (n *saveNotice) dismiss(ctx goapp.Context, e goapp.Event) {
	ctx.SetState(noStorageState, false)
	ctx.SetState(store.SaveFailedState, false)
}
