package app

import (
	"encoding/json"
	"slices"
	"strings"

	"github.com/at4x/companion/docs/content"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Local storage keys: storageKey(name), so that each carries the app's
// prefix for the path it is served under. A new key is one more line here,
// read with ctx.LocalStorage().Get(key, &v) and saved with store. The head
// script (head.js) reads the preferences too, to apply the theme before the
// first paint.
var (
	prefsKey    = storageKey(prefsName)
	marksKey    = storageKey("bookmarks")
	recentKey   = storageKey("recent")
	profilesKey = storageKey("profiles")
	historyKey  = storageKey("history") // recent calculations (history.go)
)

const prefsName = "prefs"

// storagePrefix starts every local storage key and cache name of the app
// served under base ("" or "/sub"): two apps on one origin, or two copies of
// this one under different paths, never read or wipe each other's data. The
// build only accepts bases made of letters, digits and "._~/-", so the
// closing ":" cannot occur inside a base.
func storagePrefix(base string) string {
	return "at4x:" + strings.TrimRight(base, "/") + "/:"
}

// CachePrefix starts the name of every cache the service worker of a site
// served under base creates, and only those: the worker deletes old caches
// by this prefix, so it never touches another app's.
func CachePrefix(base string) string { return storagePrefix(base) + "cache-" }

// storageKey is the local storage key for name under the base the page runs
// under. In the browser it adopts a value saved under the bare name, where
// versions before the prefix kept it.
func storageKey(name string) string {
	key := storagePrefix(BaseFromEnv()) + name
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

// controlledFlag is the window property the head script sets when a
// service worker already controlled the page as it loaded.
const controlledFlag = "at4xControlled"

// Text sizes the reader can pick, in percent of the browser's size.
var textSizes = []int{87, 100, 112, 125, 150}

// prefs are the reader's choices, kept on the device.
type prefs struct {
	Lang     string `json:"lang,omitempty"`
	Game     string `json:"game,omitempty"`
	Theme    string `json:"theme,omitempty"` // "", "light", "dark" or "red" (red light, for night play); "" follows the system
	TextSize int    `json:"textSize,omitempty"`
	Awake    bool   `json:"awake,omitempty"`
}

// valid drops stored values the app cannot show: a language or game it does
// not have. Routes are built from these values, so a stored value can never
// send the reader to a missing page or off the site.
func (p prefs) valid() prefs {
	if !slices.Contains(content.Langs, p.Lang) {
		p.Lang = ""
	}
	if !slices.Contains(content.GameIDs, p.Game) {
		p.Game = ""
	}
	return p
}

// parsePrefs reads stored preferences, keeping only valid values.
func parsePrefs(raw string) prefs {
	var p prefs
	_ = json.Unmarshal([]byte(raw), &p)
	return p.valid()
}

func (p prefs) textSize() int {
	if slices.Contains(textSizes, p.TextSize) {
		return p.TextSize
	}
	return 100
}

// mark is a bookmarked or recently read section.
type mark struct {
	Lang    string `json:"lang"`
	Game    string `json:"game"`
	Section string `json:"section"`
	Title   string `json:"title"`
}

func (m mark) path() string {
	return route{view: viewSection, lang: m.Lang, game: m.Game, section: m.Section}.path()
}

// maxRecent is how many recently read sections the app remembers, and
// maxMarks how many bookmarks it keeps: past it, a new bookmark drops the
// oldest, so the settings page stays quick whatever the storage holds.
const (
	maxRecent = 8
	maxMarks  = 100
)

func (m mark) valid() bool {
	return slices.Contains(content.Langs, m.Lang) && slices.Contains(content.GameIDs, m.Game) && m.Section != "" && !strings.ContainsAny(m.Section, "/?#")
}

// validMarks keeps the valid marks of a stored list, the last max of them.
func validMarks(list []mark, max int) []mark {
	out := make([]mark, 0, min(len(list), max))
	for _, m := range list {
		if m.valid() {
			out = append(out, m)
		}
	}
	if len(out) > max {
		out = out[len(out)-max:]
	}
	return out
}

// loadPrefs reads the reader's preferences, bookmarks and recent sections
// from the device, validated and capped.
func loadPrefs(ctx goapp.Context) (p prefs, marks, recent []mark) {
	ls := ctx.LocalStorage()
	_ = ls.Get(prefsKey, &p)
	_ = ls.Get(marksKey, &marks)
	_ = ls.Get(recentKey, &recent)
	return p.valid(), validMarks(marks, maxMarks), validMarks(recent, maxRecent)
}

// withRecent puts m first in the recent list, once.
func withRecent(list []mark, m mark) []mark {
	out := []mark{m}
	for _, o := range list {
		if o.path() != m.path() && len(out) < maxRecent {
			out = append(out, o)
		}
	}
	return out
}

// toggled adds m to the bookmarks, or removes it when it is there. A list
// at maxMarks drops its oldest bookmark.
func toggled(list []mark, m mark) []mark {
	i := slices.IndexFunc(list, func(o mark) bool { return o.path() == m.path() })
	if i >= 0 {
		return slices.Delete(slices.Clone(list), i, i+1)
	}
	out := append(slices.Clone(list), m)
	if len(out) > maxMarks {
		out = out[len(out)-maxMarks:]
	}
	return out
}

// saveFailedState is the go-app state store sets when a save fails; the
// save notice (savenotice.go) observes it.
const saveFailedState = "at4x-save-failed"

// store saves v under key. A full or disabled storage must not stop the
// reader: the caller keeps v in memory, and the save notice tells the reader
// that the change lasts only until the app is closed.
func store(ctx goapp.Context, key string, v any) {
	if err := ctx.LocalStorage().Set(key, v); err != nil {
		goapp.Log("saving", key, "failed:", err)
		ctx.SetState(saveFailedState, true)
	}
}

// applyLook sets the theme and text size on the document element, where the
// style sheet reads them.
func applyLook(p prefs) {
	if !goapp.IsClient {
		return
	}
	root := goapp.Window().Get("document").Get("documentElement")
	if p.Theme == "" {
		root.Call("removeAttribute", "data-theme")
	} else {
		root.Call("setAttribute", "data-theme", p.Theme)
	}
	root.Get("style").Set("fontSize", itoa(p.textSize())+"%")
}
