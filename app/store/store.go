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
//     for the visit, where Load finds it first; for a change of the
//     reader's (Save, not the app's own bookkeeping: Remember), the oldest
//     entries of the history of calculations make room first (MakeRoom),
//     and if that fails too SaveFailedState raises the shell's notice;
//   - a record is read only up to maxRecord characters, a list only up to
//     what the entries its owner keeps may take (a Span, maxStored at
//     most), and only those entries cross into Go, each for at most
//     recordNodes values, so that no stored value can hold the start; what
//     it holds is validated by its owner: anything that runs on the origin
//     can write there, another app under the same name included, which is
//     why the keys carry the base and bare names are never read.
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

// maxStored is the longest stored list LoadList and ReadList decode, in
// characters, whatever their span: several times what the app writes,
// which caps its lists and their entries. Reading JSON into the wasm is
// slow: 20,000 planted entries, 1.3 and 1.5 MB, held a calculator for
// seconds. Past it, the value is not the app's.
const maxStored = 256 << 10

// maxRecord is the longest record Read and Load decode, in characters:
// the one the app keeps (the preferences) takes a hundred.
const maxRecord = 4 << 10

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
	m, ok := recordFromJS(loadParsed(ctx, key, maxRecord)).(map[string]any)
	if ok {
		v.SetFields(m)
	}
	return ok
}

// A Span is the part of a stored list its owner keeps, the only part that
// LoadList and ReadList read: a list read from the device is anything the
// origin wrote, and reading it costs the start (87,380 empty objects under
// each list key, just under maxStored, held it for 6 s, and 26 s at a
// phone's speed, each entry crossing into Go one call at a time). A list
// is read only up to the characters its span of records may take as the
// app writes them, and only the span's entries cross into Go.
type Span struct {
	n    int  // how many entries
	last bool // the last n, not the first
	size int  // the most characters an entry takes as the app writes it
}

// First is the span of a list's first n entries (the newest first: the
// history), each at most size characters long as the app writes it.
func First(n, size int) Span { return Span{n: n, size: size} }

// Last is the span of a list's last n entries (the newest last: profiles,
// bookmarks), each at most size characters long.
func Last(n, size int) Span { return Span{n: n, last: true, size: size} }

// chars is the most characters the list of the span may take: past it,
// the list is not the app's.
func (s Span) chars() int { return min(s.n*s.size+2, maxStored) }

// LoadList reads the records of span in the list saved under key, as Load
// does; nil when there is none. Entries that are not objects are left out.
func LoadList[T any, P recordPtr[T]](ctx goapp.Context, key string, span Span) []T {
	return recordsOf[T, P](listFromJS(loadParsed(ctx, key, span.chars()), span))
}

// ReadList reads the records of span in the list the device stores under
// key, as Read does, for an owner that keeps what the device refused
// itself.
func ReadList[T any, P recordPtr[T]](key string, span Span) []T {
	return recordsOf[T, P](listFromJS(parseJS(readItem(key, span.chars())), span))
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
// than maxRecord, or it is not the JSON of an object; v may then hold part
// of it.
func Read[T any, P recordPtr[T]](key string, v P) bool {
	m, ok := recordFromJS(parseJS(readItem(key, maxRecord))).(map[string]any)
	if ok {
		v.SetFields(m)
	}
	return ok
}

// loadParsed is the value saved under key, parsed by the browser: the one
// this visit kept in memory when the device refused it, else the
// device's up to limit characters; undefined when there is none or it is
// not JSON.
func loadParsed(ctx goapp.Context, key string, limit int) goapp.Value {
	var kept string
	if ctx.GetState(unsavedState(key), &kept); kept != "" {
		return parseJS(kept)
	}
	return parseJS(readItem(key, limit))
}

// readItem is the text the device stores under key, left a JavaScript
// string (a value the app did not write may be long, and crossing it into
// Go and back to parse it costs twice its length); undefined when there
// is none, the storage refuses to be read, or the text is longer than
// limit characters.
func readItem(key string, limit int) (v goapp.Value) {
	if !goapp.IsClient {
		return nil
	}
	defer func() {
		if r := recover(); r != nil { // storage refused: as if empty
			v = goapp.Undefined()
		}
	}()
	raw := goapp.Window().Get("localStorage").Call("getItem", key)
	// syscall/js reads properties of objects only: a string's length is
	// its String object's.
	if raw.Type() != goapp.TypeString || goapp.Window().Get("Object").Invoke(raw).Get("length").Int() > limit {
		return goapp.Undefined()
	}
	return raw
}

// parseJS reads JSON text, a Go string or a JavaScript one, with the
// browser's JSON.parse, leaving the value on the JavaScript side;
// undefined for no text, text that is not JSON, and on the server.
func parseJS(text any) (v goapp.Value) {
	if !goapp.IsClient || text == "" {
		return goapp.Undefined()
	}
	if t, ok := text.(goapp.Value); ok && t.Type() != goapp.TypeString {
		return goapp.Undefined()
	}
	defer func() {
		if r := recover(); r != nil { // JSON.parse threw: not JSON
			v = goapp.Undefined()
		}
	}()
	return goapp.Window().Get("JSON").Call("parse", text)
}

// maxDepth is the deepest nesting fromJS reads: the app's records are two
// levels deep; anything deeper is not the app's.
const maxDepth = 4

// recordNodes is how many values a record may cross into Go: the object,
// each of its fields and the values of an object field (a profile, its
// name and 25 values at most, takes 28). A stored value is read only up to
// that many per record it may hold, whatever it holds: so reading the
// four lists (their 228 entries) crosses at most 7,296 values, some 60 ms
// on the machine where 87,380 entries per list took 6 s.
const recordNodes = 32

// recordFromJS is a record parsed by the browser as JSON's Go values, up
// to recordNodes of them.
func recordFromJS(v goapp.Value) any {
	if !goapp.IsClient {
		return nil
	}
	return newConverter(recordNodes).fromJS(v, 1)
}

// listFromJS is the entries of span in a list parsed by the browser, as
// JSON's Go values, up to recordNodes per entry of the span; nil when v is
// no list. The entries out of the span never cross into Go.
func listFromJS(v goapp.Value, span Span) any {
	if !goapp.IsClient || span.n <= 0 {
		return nil
	}
	c := newConverter(span.n * recordNodes)
	if v.Type() != goapp.TypeObject || !c.isArray.Invoke(v).Bool() {
		return nil
	}
	if span.last {
		v = v.Call("slice", -span.n)
	} else {
		v = v.Call("slice", 0, span.n)
	}
	return c.fromJS(v, 0)
}

// converter turns values parsed by the browser into JSON's Go values,
// spending a budget of values: past it, what is left reads as nil.
type converter struct {
	budget        int
	isArray, keys goapp.Value // Array.isArray and Object.keys
}

func newConverter(budget int) *converter {
	w := goapp.Window()
	return &converter{budget: budget, isArray: w.Get("Array").Get("isArray"), keys: w.Get("Object").Get("keys")}
}

// fromJS turns a parsed JavaScript value at depth into JSON's Go values.
func (c *converter) fromJS(v goapp.Value, depth int) any {
	if c.budget <= 0 {
		return nil
	}
	c.budget--
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
		if c.isArray.Invoke(v).Bool() {
			out := make([]any, min(v.Length(), c.budget))
			for i := range out {
				out[i] = c.fromJS(v.Index(i), depth+1)
			}
			return out
		}
		keys := c.keys.Invoke(v)
		n := min(keys.Length(), c.budget)
		out := make(map[string]any, n)
		for i := range n {
			k := keys.Index(i).String()
			out[k] = c.fromJS(v.Get(k), depth+1)
		}
		return out
	}
	return nil
}

// Save saves the record v under key, a change the reader made (a theme, a
// bookmark, a profile). A full storage first makes room (MakeRoom) and
// tries again; a storage still full or disabled must not stop the reader:
// the value stays for the visit, where Load finds it, and the save notice
// tells the reader that the change lasts only until the app is closed.
func Save(ctx goapp.Context, key string, v Record) {
	saveJSON(ctx, key, map[string]any(v.Fields()), true)
}

// SaveList saves a list of records under key, as Save does.
func SaveList[T Record](ctx goapp.Context, key string, list []T) {
	saveJSON(ctx, key, listFields(list), true)
}

// Remember saves the record v under key for the app's own bookkeeping
// (the language and game of the page read, the sections read lately):
// what the device refuses stays for the visit, as with Save, without a
// word, since the reader changed nothing, and without making room.
func Remember(ctx goapp.Context, key string, v Record) {
	saveJSON(ctx, key, map[string]any(v.Fields()), false)
}

// RememberList saves a list of records under key, as Remember does.
func RememberList[T Record](ctx goapp.Context, key string, list []T) {
	saveJSON(ctx, key, listFields(list), false)
}

// MakeRoom, when set, frees some room in the storage for a save of the
// reader's that the device refused, and reports whether it freed any: the
// calculators drop their history's oldest entry, the app's own record of
// what was worked out, which the reader's profiles and bookmarks outrank.
// Save calls it until the save goes through or it frees nothing more.
var MakeRoom func() bool

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

// saveJSON saves v, JSON's Go values, as JSON text under key: for a
// change of the reader's, making room and saying so when it fails.
func saveJSON(ctx goapp.Context, key string, v any, reader bool) {
	if !goapp.IsClient {
		return
	}
	text := stringify(v)
	err := setItem(key, text)
	for err != nil && reader && MakeRoom != nil && MakeRoom() {
		err = setItem(key, text)
	}
	if err != nil {
		goapp.Log("saving", key, "failed:", err)
		ctx.SetState(unsavedState(key), text)
		if reader {
			ctx.SetState(SaveFailedState, true)
		}
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
