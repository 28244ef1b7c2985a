// Package store keeps the app's records in local storage under the site's
// prefix; a blocked, full or tampered storage never stops the app.
//
// The keys are Key(name), declared by the package that owns the value: the
// reader's preferences, bookmarks and recent sections in package app, the
// profiles and the history of calculations in package calc. A value is a
// Record, JSON that the browser writes and reads, and every reading and
// writing goes through Load (Read before go-app gives a context) and Save,
// which never let the storage stop the app:
//   - a browser set to keep no site data throws on any reading of
//     localStorage, go-app's own start included; the head script then puts
//     an in-memory store in its place for the visit and sets BlockedFlag,
//     and the shell says once that nothing is kept (Blocked);
//   - a save the device refuses (storage full) is kept in go-app's state
//     for the visit, where Load finds it first, and SaveFailedState raises
//     the shell's notice;
//   - a stored value is read only up to maxStored, and what it holds is
//     validated by its owner: anything that runs on the origin can write
//     there, another app under the same name included, which is why the
//     keys carry the base and bare names are never read.
package store

import (
	"fmt"
	"strings"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Prefix starts every local storage key and cache name of the app served
// under base ("" or "/sub"): two apps on one origin, or two copies of this
// one under different paths, never read or wipe each other's data. The
// build only accepts bases made of letters, digits and "._~/-", so the
// closing ":" cannot occur inside a base.
func Prefix(base string) string {
	return "at4x:" + strings.TrimRight(base, "/") + "/:"
}

// Key is the local storage key for name under the base the page runs
// under.
func Key(name string) string {
	return Prefix(goapp.Getenv("GOAPP_ROOT_PREFIX")) + name
}

// BlockedFlag is the window property the head script sets when the
// browser keeps no site data and the app runs on an in-memory store.
const BlockedFlag = "at4xNoStorage"

// Blocked reports whether the browser keeps no site data: what the app
// saves lasts until the page is closed.
func Blocked() bool {
	return goapp.IsClient && goapp.Window().Get(BlockedFlag).Truthy()
}

// maxStored is the longest stored value Read decodes, in bytes of UTF-8:
// several times what the app writes, which caps its lists and their
// entries. Reading JSON into the wasm is slow: 20,000 planted entries, 1.3
// and 1.5 MB, held a calculator for seconds. Past it, the value is not the
// app's.
const maxStored = 256 << 10

// SaveFailedState is the go-app state Save sets when a save fails; the
// shell's save notice observes it.
const SaveFailedState = "at4x-save-failed"

// unsavedState is the go-app state that keeps, for the visit, the JSON of a
// value the device refused to store under key.
func unsavedState(key string) string { return "at4x-unsaved " + key }

// A Record is a value kept in local storage, as JSON that the browser
// itself writes and reads (JSON.stringify, JSON.parse): encoding/json's
// reflection, which the wasm compiled on first use, took 33 to 46 ms of a
// throttled phone's start just to save the reader's place. A record gives
// its fields as JSON's values (strings, float64, bool, []any,
// map[string]any: what a JSON decoder gives) and takes them back, checking
// each value's type; its owner validates what it holds.
type Record interface {
	Fields() Fields
}

// A recordPtr is a pointer to a record that reads its fields back.
type recordPtr[T any] interface {
	*T
	SetFields(Fields)
}

// Load reads the record saved under key into v: the one this visit kept in
// memory when the device refused it, else the device's (see Read).
func Load[T any, P recordPtr[T]](ctx goapp.Context, key string, v P) bool {
	m, ok := loadJSON(ctx, key).(map[string]any)
	if ok {
		v.SetFields(m)
	}
	return ok
}

// LoadList reads the list of records saved under key, as Load does; nil
// when there is none. Entries that are not objects are left out.
func LoadList[T any, P recordPtr[T]](ctx goapp.Context, key string) []T {
	return recordsOf[T, P](loadJSON(ctx, key))
}

// ReadList reads the list of records the device stores under key, as Read
// does, for an owner that keeps what the device refused itself.
func ReadList[T any, P recordPtr[T]](key string) []T {
	return recordsOf[T, P](parseJSON(readItem(key)))
}

// recordsOf is the list of records a parsed JSON array holds; nil for
// anything else. Entries that are not objects are left out.
func recordsOf[T any, P recordPtr[T]](v any) []T {
	items, _ := v.([]any)
	var out []T
	for _, it := range items {
		if m, ok := it.(map[string]any); ok {
			var v T
			P(&v).SetFields(m)
			out = append(out, v)
		}
	}
	return out
}

// Read reads the record the device stores under key into v, before go-app
// gives a context. It reports false when there is none, or it is longer
// than maxStored, or it is not the JSON of an object; v may then hold part
// of it.
func Read[T any, P recordPtr[T]](key string, v P) bool {
	m, ok := parseJSON(readItem(key)).(map[string]any)
	if ok {
		v.SetFields(m)
	}
	return ok
}

// loadJSON is the value saved under key, parsed: the one this visit kept in
// memory when the device refused it, else the device's; nil when there is
// none or it is not JSON.
func loadJSON(ctx goapp.Context, key string) any {
	var kept string
	ctx.GetState(unsavedState(key), &kept)
	if kept == "" {
		kept = readItem(key)
	}
	return parseJSON(kept)
}

// readItem is the text the device stores under key, "" when there is none,
// the storage refuses to be read, or the text is longer than maxStored.
func readItem(key string) (s string) {
	if !goapp.IsClient {
		return ""
	}
	defer func() {
		if r := recover(); r != nil { // storage refused: as if empty
			s = ""
		}
	}()
	raw := goapp.Window().Get("localStorage").Call("getItem", key)
	if raw.Type() != goapp.TypeString {
		return ""
	}
	if s = raw.String(); len(s) > maxStored {
		return ""
	}
	return s
}

// parseJSON reads JSON text with the browser's JSON.parse into JSON's Go
// values; nil for "" or text that is not JSON.
func parseJSON(text string) (v any) {
	if text == "" || !goapp.IsClient {
		return nil
	}
	defer func() {
		if r := recover(); r != nil { // JSON.parse threw: not JSON
			v = nil
		}
	}()
	return fromJS(goapp.Window().Get("JSON").Call("parse", text), 0)
}

// maxDepth is the deepest nesting fromJS reads: the app's records are two
// levels deep; anything deeper is not the app's.
const maxDepth = 4

// fromJS turns a parsed JavaScript value into JSON's Go values.
func fromJS(v goapp.Value, depth int) any {
	switch v.Type() {
	case goapp.TypeString:
		return v.String()
	case goapp.TypeNumber:
		return v.Float()
	case goapp.TypeBoolean:
		return v.Bool()
	case goapp.TypeObject:
		if depth >= maxDepth || v.IsNull() {
			return nil
		}
		if goapp.Window().Get("Array").Call("isArray", v).Bool() {
			out := make([]any, v.Length())
			for i := range out {
				out[i] = fromJS(v.Index(i), depth+1)
			}
			return out
		}
		keys := goapp.Window().Get("Object").Call("keys", v)
		out := make(map[string]any, keys.Length())
		for i := range keys.Length() {
			k := keys.Index(i).String()
			out[k] = fromJS(v.Get(k), depth+1)
		}
		return out
	}
	return nil
}

// Save saves the record v under key. A full or disabled storage must not
// stop the reader: the value stays for the visit, where Load finds it, and
// the save notice tells the reader that the change lasts only until the app
// is closed.
func Save(ctx goapp.Context, key string, v Record) {
	saveJSON(ctx, key, map[string]any(v.Fields()))
}

// SaveList saves a list of records under key, as Save does.
func SaveList[T Record](ctx goapp.Context, key string, list []T) {
	saveJSON(ctx, key, listFields(list))
}

// WriteList saves a list of records under key, or removes the key for an
// empty list, and reports whether the device refused: for an owner that
// keeps what was refused itself (the history of calculations).
func WriteList[T Record](key string, list []T) error {
	if !goapp.IsClient {
		return nil
	}
	if len(list) == 0 {
		return removeItem(key)
	}
	return setItem(key, stringify(listFields(list)))
}

// listFields are the records' fields, as the browser's JSON.stringify
// takes them: plain maps, not Fields.
func listFields[T Record](list []T) []any {
	items := make([]any, len(list))
	for i, v := range list {
		items[i] = map[string]any(v.Fields())
	}
	return items
}

// stringify is v, JSON's Go values, as JSON text.
func stringify(v any) string {
	return goapp.Window().Get("JSON").Call("stringify", v).String()
}

// saveJSON saves v, JSON's Go values, as JSON text under key.
func saveJSON(ctx goapp.Context, key string, v any) {
	if !goapp.IsClient {
		return
	}
	text := stringify(v)
	if err := setItem(key, text); err != nil {
		goapp.Log("saving", key, "failed:", err)
		ctx.SetState(unsavedState(key), text)
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

// removeItem removes key from the storage, turning an exception into an
// error.
func removeItem(key string) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("the browser refused it: %v", r)
		}
	}()
	goapp.Window().Get("localStorage").Call("removeItem", key)
	return nil
}
