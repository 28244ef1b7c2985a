package app

import goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

// wakeLock keeps the screen on while the settings ask for it.
type wakeLock struct {
	held   goapp.Value // the lock the browser granted, or nil
	failed bool        // the device has no wake lock
}

// keep asks for the lock (on) or releases it. Browsers drop the lock when
// the page is hidden, so the shell asks for it again each time the page
// becomes visible.
func (w *wakeLock) keep(ctx goapp.Context, on bool) {
	if !goapp.IsClient {
		return
	}
	if !on {
		if w.held != nil && w.held.Truthy() {
			w.held.Call("release")
		}
		w.held = nil
		w.failed = false
		return
	}
	wl := goapp.Window().Get("navigator").Get("wakeLock")
	if !wl.Truthy() {
		w.failed = true
		return
	}
	wl.Call("request", "screen").Then(func(v goapp.Value) {
		ctx.Dispatch(func(goapp.Context) { w.held = v })
	})
}
