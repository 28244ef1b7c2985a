package ui

import (
	"encoding/json"
	"fmt"
	"strings"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Local storage keys are StorageKey(name), declared by the package that
// owns the value: the reader's preferences, bookmarks and recent sections
// in package app, the profiles and the history of calculations in package
// calc. Every reading and writing goes through Load (Read before go-app
// gives a context) and Store, which never let the storage stop the app:
//   - a browser set to keep no site data throws on any reading of
//     localStorage, go-app's own start included; the head script then puts
//     an in-memory store in its place for the visit and sets
//     NoStorageFlag, and the shell says once that nothing is kept;
//   - a save the device refuses (storage full) is kept in go-app's state
//     for the visit, where Load finds it first, and SaveFailedState raises
//     the shell's notice.

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

// NoStorageFlag is the window property the head script sets when the
// browser keeps no site data and the app runs on an in-memory store.
const NoStorageFlag = "at4xNoStorage"

// StorageBlocked reports whether the browser keeps no site data: what the
// app saves lasts until the page is closed.
func StorageBlocked() bool {
	return goapp.IsClient && goapp.Window().Get(NoStorageFlag).Truthy()
}

// SaveFailedState is the go-app state Store sets when a save fails; the
// shell's save notice observes it.
const SaveFailedState = "at4x-save-failed"

// unsavedState is the go-app state that keeps, for the visit, the JSON of a
// value the device refused to store under key.
func unsavedState(key string) string { return "at4x-unsaved " + key }

// Load reads the value saved under key into v: the one this visit kept in
// memory when the device refused it, else the device's (see Read).
func Load(ctx goapp.Context, key string, v any) bool {
	var kept string
	ctx.GetState(unsavedState(key), &kept)
	if kept != "" {
		return json.Unmarshal([]byte(kept), v) == nil
	}
	return Read(key, v)
}

// Read reads the value the device stores under key into v. It reports
// false when there is none or it is not the JSON of v's type; v may then
// hold part of it. The caller validates what it gets.
func Read(key string, v any) (ok bool) {
	if !goapp.IsClient {
		return false
	}
	defer func() {
		if r := recover(); r != nil { // storage refused: as if empty
			ok = false
		}
	}()
	raw := goapp.Window().Get("localStorage").Call("getItem", key)
	if raw.Type() != goapp.TypeString {
		return false
	}
	return json.Unmarshal([]byte(raw.String()), v) == nil
}

// Store saves v under key. A full or disabled storage must not stop the
// reader: the value stays for the visit, where Load finds it, and the save
// notice tells the reader that the change lasts only until the app is
// closed.
func Store(ctx goapp.Context, key string, v any) {
	if !goapp.IsClient {
		return
	}
	b, err := json.Marshal(v)
	if err == nil {
		err = setItem(key, string(b))
	}
	if err != nil {
		goapp.Log("saving", key, "failed:", err)
		ctx.SetState(unsavedState(key), string(b))
		ctx.SetState(SaveFailedState, true)
		return
	}
	var kept string
	if ctx.GetState(unsavedState(key), &kept); kept != "" {
		ctx.SetState(unsavedState(key), "")
	}
}

// setItem stores value under key, turning the exception a full storage
// throws into an error.
func setItem(key, value string) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("the browser refused it: %v", r)
		}
	}()
	goapp.Window().Get("localStorage").Call("setItem", key, value)
	return nil
}
