package app

import (
	"slices"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Local storage keys. The inline script in the page head (see head.go)
// reads prefsKey too, to apply the theme before the first paint.
const (
	prefsKey    = "prefs"
	marksKey    = "bookmarks"
	recentKey   = "recent"
	profilesKey = "profiles"
)

// controlledFlag is the window property the page head sets when a service
// worker already controlled the page as it loaded.
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

// maxRecent is how many recently read sections the app remembers.
const maxRecent = 8

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

// toggled adds m to the bookmarks, or removes it when it is there.
func toggled(list []mark, m mark) []mark {
	i := slices.IndexFunc(list, func(o mark) bool { return o.path() == m.path() })
	if i >= 0 {
		return slices.Delete(slices.Clone(list), i, i+1)
	}
	return append(slices.Clone(list), m)
}

// store saves v under key, logging a failure: a full or disabled storage
// must not stop the reader.
func store(ctx goapp.Context, key string, v any) {
	if err := ctx.LocalStorage().Set(key, v); err != nil {
		goapp.Log("saving", key, "failed:", err)
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
