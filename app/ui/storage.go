package ui

import (
	"strings"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Local storage keys are StorageKey(name), declared by the package that
// owns the value: the reader's preferences, bookmarks and recent sections
// in package app, the profiles and the history of calculations in package
// calc. Each is read with ctx.LocalStorage().Get(key, &v) and saved with
// Store.

// StoragePrefix starts every local storage key and cache name of the app
// served under base ("" or "/sub"): two apps on one origin, or two copies of
// this one under different paths, never read or wipe each other's data. The
// build only accepts bases made of letters, digits and "._~/-", so the
// closing ":" cannot occur inside a base.
func StoragePrefix(base string) string {
	return "at4x:" + strings.TrimRight(base, "/") + "/:"
}

// StorageKey is the local storage key for name under the base the page
// runs under. In the browser it adopts a value saved under the bare name,
// where versions before the prefix kept it.
func StorageKey(name string) string {
	key := StoragePrefix(goapp.Getenv("GOAPP_ROOT_PREFIX")) + name
	if goapp.IsClient {
		adoptLegacy(key, name)
	}
	return key
}

// adoptLegacy copies the value under the old key to the new one when the
// new one has none. Preferences and bookmarks are validated when read, and
// a malformed value is ignored, so a foreign value under the bare name does
// no harm.
func adoptLegacy(key, old string) {
	defer func() { _ = recover() }() // storage disabled: nothing to adopt
	ls := goapp.Window().Get("localStorage")
	if ls.Call("getItem", key).Truthy() {
		return
	}
	if v := ls.Call("getItem", old); v.Truthy() {
		ls.Call("setItem", key, v.String())
	}
}

// SaveFailedState is the go-app state Store sets when a save fails; the
// shell's save notice observes it.
const SaveFailedState = "at4x-save-failed"

// Store saves v under key. A full or disabled storage must not stop the
// reader: the caller keeps v in memory, and the save notice tells the reader
// that the change lasts only until the app is closed.
func Store(ctx goapp.Context, key string, v any) {
	if err := ctx.LocalStorage().Set(key, v); err != nil {
		goapp.Log("saving", key, "failed:", err)
		ctx.SetState(SaveFailedState, true)
	}
}
