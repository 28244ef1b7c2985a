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
//     the shell's notice;
//   - a stored value is read only up to maxStored, and what it holds is
//     validated by its owner: anything that runs on the origin can write
//     there, another app under the same name included, which is why the
//     keys carry the base and bare names are never read.

// StoragePrefix starts every local storage key and cache name of the app
// served under base ("" or "/sub"): two apps on one origin, or two copies of
// this one under different paths, never read or wipe each other's data. The
// build only accepts bases made of letters, digits and "._~/-", so the
// closing ":" cannot occur inside a base.
func StoragePrefix(base string) string {
	return "at4x:" + strings.TrimRight(base, "/") + "/:"
}

// StorageKey is the local storage key for name under the base the page
// runs under.
func StorageKey(name string) string {
	return StoragePrefix(goapp.Getenv("GOAPP_ROOT_PREFIX")) + name
}

// NoStorageFlag is the window property the head script sets when the
// browser keeps no site data and the app runs on an in-memory store.
const NoStorageFlag = "at4xNoStorage"

// StorageBlocked reports whether the browser keeps no site data: what the
// app saves lasts until the page is closed.
func StorageBlocked() bool {
	return goapp.IsClient && goapp.Window().Get(NoStorageFlag).Truthy()
}

// maxStored is the longest stored value Read decodes, in bytes of UTF-8:
// several times what the app writes, which caps its lists and their
// entries. Decoding JSON is slow in the wasm: 20,000 planted entries, 1.3
// and 1.5 MB, held a calculator for seconds. Past it, the value is not the
// app's.
const maxStored = 256 << 10

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
// false when there is none, or it is longer than maxStored, or it is not
// the JSON of v's type; v may then hold part of it. The caller validates
// what it gets.
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
	s := raw.String()
	if len(s) > maxStored {
		return false
	}
	return json.Unmarshal([]byte(s), v) == nil
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
