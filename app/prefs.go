package app

import (
	"slices"
	"strings"

	"github.com/at4x/companion/app/store"
	"github.com/at4x/companion/docs/content"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The shell's local storage keys (see store.Key; the calculators keep
// theirs in package calc), read with store.Load and saved with store.Save.
// The head script (head.js) reads the preferences too, to apply the theme
// before the first paint, and checks them against the same lists, which
// HeadScript writes into it.
var (
	prefsKey  = store.Key(prefsName)
	marksKey  = store.Key("bookmarks")
	recentKey = store.Key("recent")
)

const prefsName = "prefs"

// CachePrefix starts the name of every cache the service worker of a site
// served under base creates, and only those: the worker deletes old caches
// by this prefix, so it never touches another app's.
func CachePrefix(base string) string { return store.Prefix(base) + "cache-" }

// controlledFlag is the window property the head script sets when a
// service worker already controlled the page as it loaded.
const controlledFlag = "at4xControlled"

// loadFailedFunc is the function the head script defines on window that
// says the page could not load and offers to reload it.
const loadFailedFunc = "at4xLoadFailed"

// LoadFailed says, in the page, that the client could not start (its
// library could not be fetched), and offers to reload it: the head script
// writes the notice, as it does when the wasm could not be fetched.
func LoadFailed() {
	if !goapp.IsClient {
		return
	}
	if f := goapp.Window().Get(loadFailedFunc); f.Type() == goapp.TypeFunction {
		f.Invoke()
	}
}

// Text sizes the reader can pick, in percent of the browser's size.
var textSizes = []int{87, 100, 112, 125, 150}

// themes are the looks the reader can pick: "" follows the system, "red"
// is red light, for night play. The style sheet reads them from the
// document's data-theme.
var themes = []string{"", "light", "dark", "red"}

// prefs are the reader's choices, kept on the device as a store.Record whose
// names the head script reads too.
type prefs struct {
	Lang     string
	Game     string
	Theme    string // one of themes
	TextSize int
	Awake    bool
}

// Fields are the stored preferences, those set only.
func (p prefs) Fields() store.Fields {
	f := store.Fields{}
	store.SetNonZero(f, "lang", p.Lang)
	store.SetNonZero(f, "game", p.Game)
	store.SetNonZero(f, "theme", p.Theme)
	store.SetNonZero(f, "textSize", p.TextSize)
	store.SetNonZero(f, "awake", p.Awake)
	return f
}

// SetFields reads stored preferences.
func (p *prefs) SetFields(f store.Fields) {
	*p = prefs{Lang: f.String("lang"), Game: f.String("game"), Theme: f.String("theme"),
		TextSize: f.Int("textSize"), Awake: f.Bool("awake")}
}

// valid drops stored values the app cannot show: a language or game it does
// not have, a theme or text size it does not offer. Routes are built from
// these values, so a stored value can never send the reader to a missing
// page or off the site, and the theme becomes an attribute of the page.
func (p prefs) valid() prefs {
	if !slices.Contains(content.Langs, p.Lang) {
		p.Lang = ""
	}
	if !slices.Contains(content.GameIDs, p.Game) {
		p.Game = ""
	}
	if !slices.Contains(themes, p.Theme) {
		p.Theme = ""
	}
	if !slices.Contains(textSizes, p.TextSize) {
		p.TextSize = 0
	}
	return p
}

func (p prefs) textSize() int {
	if slices.Contains(textSizes, p.TextSize) {
		return p.TextSize
	}
	return 100
}

// mark is a bookmarked or recently read section.
type mark struct {
	Lang    string
	Game    string
	Section string
	Title   string
}

// Fields are the stored mark.
func (m mark) Fields() store.Fields {
	return map[string]any{"lang": m.Lang, "game": m.Game, "section": m.Section, "title": m.Title}
}

// SetFields reads a stored mark.
func (m *mark) SetFields(f store.Fields) {
	*m = mark{Lang: f.String("lang"), Game: f.String("game"), Section: f.String("section"), Title: f.String("title")}
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

// maxMarkChars is the most characters a stored mark may take: its language,
// game, section id and title, far shorter.
const maxMarkChars = 1024

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
	store.Load(ctx, prefsKey, &p)
	marks = store.LoadList[mark](ctx, marksKey, store.Last(maxMarks, maxMarkChars))
	recent = store.LoadList[mark](ctx, recentKey, store.Last(maxRecent, maxMarkChars))
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
	root.Get("style").Set("fontSize", rootFontSize(p.textSize()))
}

// maxEnlargedPx is the largest root font size, in px, that the app's own
// larger text sizes lead to: twice the usual 16 px, the largest size every
// page is checked to fit on a 360 px phone (TestLargeTextFits). Beyond it,
// 200% browser text with the app's 150% on top (48 px) left a third of
// the screen to the rules between the header and the bottom bar. A reader
// whose browser itself sets larger text keeps the browser's size.
const maxEnlargedPx = 32

// rootFontSize is the CSS font size of the page's root for a text size
// setting, in percent of the browser's own size.
func rootFontSize(size int) string {
	if size <= 100 {
		return itoa(size) + "%"
	}
	return "max(100%, min(" + itoa(size) + "%, " + itoa(maxEnlargedPx) + "px))"
}

// onTextSize moves the text size by the settings' steps (actionTextSize).
func (s *shell) onTextSize(ctx goapp.Context, a goapp.Action) {
	d, _ := a.Value.(int)
	i := slices.Index(textSizes, s.prefs.textSize())
	s.prefs.TextSize = textSizes[min(max(i+d, 0), len(textSizes)-1)]
	s.savePrefs(ctx)
}

// onTheme takes the theme picked in the settings (actionTheme).
func (s *shell) onTheme(ctx goapp.Context, a goapp.Action) {
	if theme, _ := a.Value.(string); slices.Contains(themes, theme) {
		s.prefs.Theme = theme
	}
	s.savePrefs(ctx)
}

// onAwake turns the wake lock on or off (actionAwake).
func (s *shell) onAwake(ctx goapp.Context, a goapp.Action) {
	s.prefs.Awake, _ = a.Value.(bool)
	s.savePrefs(ctx)
	s.awake.keep(ctx, s.prefs.Awake)
}

// savePrefs stores the preferences and applies the look they give.
func (s *shell) savePrefs(ctx goapp.Context) {
	store.Save(ctx, prefsKey, s.prefs)
	applyLook(s.prefs)
	ctx.Defer(func(goapp.Context) { markScrolling() })
}

// onBookmark adds a section to the bookmarks or removes it (a section's
// actionBookmark).
func (s *shell) onBookmark(ctx goapp.Context, a goapp.Action) {
	m, ok := a.Value.(mark)
	if !ok {
		return
	}
	s.marks = toggled(s.marks, m)
	store.SaveList(ctx, marksKey, s.marks)
}
