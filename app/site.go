// Package app is the companion's user interface: one go-app component tree
// that reads the rules text, searches it, and runs the dice calculators.
//
// The same code runs three ways. In the WebAssembly client it renders in
// the browser; in the site generator (build/site.go) go-app prerenders every
// route to HTML with it, so each page reads before the wasm has loaded; and
// in native tests it renders through go-app's test engine. A single root
// component (shell) handles every route: it parses the path in OnNav and
// shows the matching view, so the header, search and settings keep their
// state across navigations. The content arrives as a content.Library,
// decoded from the library file in the client (package contentdata)
// and rendered by package docs on the server; server-only code (the HTTP
// handler, the service worker template) sits behind the !wasm build tag.
//
// This package is the shell: routing, the reader's preferences, the header,
// the bottom bar and the overlays (search, a term's sheet, the update and
// save notices). Each view is a component of its own taking value props
// (landingView, contentsView, sectionView, glossaryView, cardView,
// pageView, settingsView), so an event elsewhere leaves it alone, and
// reports what the reader does with an action the shell handles
// (actionBookmark, actionTheme, ...). The calculators are package calc,
// which the shell knows through a few functions (calc.Names, calc.Href,
// ...) and calc.Page; both use the leaf packages ui (view helpers) and
// store (the device's storage). Imports run one way: app, calc, the
// leaves; build/deps_test.go fails on an import against it.
package app

import (
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/at4x/companion/app/contentdata"
	"github.com/at4x/companion/app/search"
	"github.com/at4x/companion/app/store"
	"github.com/at4x/companion/app/ui"
	"github.com/at4x/companion/docs/content"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Site is the read-only content the app shows, with the search indexes it
// builds on demand.
type Site struct {
	lib *content.Library
	// base is the path prefix the site is served under, "" at the root.
	base string

	mu      sync.Mutex
	indexes map[string]*search.Index
	builds  map[string]*build // indexes being built in the background
}

// NewSite wraps a library for the app served under the path prefix base
// ("" at the root, or like "/at43").
func NewSite(lib *content.Library, base string) *Site {
	return &Site{lib: lib, base: strings.TrimRight(base, "/"), indexes: map[string]*search.Index{}, builds: map[string]*build{}}
}

// BaseFromEnv is the path prefix the handler gave the client.
func BaseFromEnv() string {
	return strings.TrimRight(goapp.Getenv("GOAPP_ROOT_PREFIX"), "/")
}

// index returns the search index of a game in a language. One that is
// being built in the background is finished at once, without pauses; one
// that nobody started is built at once.
//
// It runs in go-app's UI goroutine, which must never sleep while it handles
// something: go-app handles each browser event (a link's click, say) in
// that goroutine before the event returns, to cancel the browser's own
// action, so a UI goroutine asleep at that moment lets the browser follow
// the link itself. Waiting here is safe because the background build stops
// pausing as soon as someone waits, so the program never hands the main
// thread back in between.
func (s *Site) index(game, lang string) *search.Index {
	k := game + "/" + lang
	s.mu.Lock()
	if ix, ok := s.indexes[k]; ok {
		s.mu.Unlock()
		return ix
	}
	if b := s.builds[k]; b != nil {
		s.mu.Unlock()
		b.hurryOnce.Do(func() { close(b.hurry) })
		<-b.done
		return b.ix
	}
	defer s.mu.Unlock()
	ix := s.build(game, lang, nil)
	s.indexes[k] = ix
	return ix
}

// build makes the search index of a game in a language, calling pause
// (when not nil) between slices of the work.
func (s *Site) build(game, lang string, pause func()) *search.Index {
	ui.Mark("index-start")
	contentdata.RestoreBlocksPaced(s.lib, game, lang, pause)
	ix := search.ForTextPaced(s.lib, game, lang, pause)
	ui.Mark("index-end")
	return ix
}

// A build is a search index being made in the background.
type build struct {
	hurry     chan struct{} // closed when someone waits for the index
	hurryOnce sync.Once
	done      chan struct{} // closed once ix is set
	ix        *search.Index
}

// warm starts building the search index of a game in a language in the
// background, in slices (see pacer), unless it is built or being built.
func (s *Site) warm(game, lang string) {
	k := game + "/" + lang
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.indexes[k] != nil || s.builds[k] != nil {
		return
	}
	b := &build{hurry: make(chan struct{}), done: make(chan struct{})}
	s.builds[k] = b
	go func() {
		defer close(b.done)
		b.ix = s.build(game, lang, newPacer(b.hurry).pause)
		s.mu.Lock()
		s.indexes[k] = b.ix
		delete(s.builds, k)
		s.mu.Unlock()
	}()
}

// warmDelay is how long after its start the client begins building the
// search index of the text it opened: after the first paint and the first
// frames, and well before the first search is likely.
const warmDelay = 300 * time.Millisecond

// WarmSearch has the browser client build, warmDelay after its start and in
// short slices, the search index of the text its address names (a section,
// a text's contents or glossary, a calculator link with its game, in the
// reader's language), so that neither the first search nor anything else
// waits for it. The shell also asks for that index 2 s after it mounts, and
// finds it made.
func (s *Site) WarmSearch() {
	if !goapp.IsClient {
		return
	}
	r := parseRoute(startPath())
	q := goapp.Window().URL().Query()
	game := firstOf(r.game, validGame(q.Get("game")))
	if game == "" {
		return
	}
	var p prefs
	store.Read(prefsKey, &p)
	lang := readerLang(r, q, p.valid(), browserLangs())
	var later goapp.Func
	later = goapp.FuncOf(func(goapp.Value, []goapp.Value) any {
		s.warm(game, lang)
		later.Release()
		return nil
	})
	goapp.Window().Call("setTimeout", later, warmDelay.Milliseconds())
}

// sliceBudget is how long a slice of background work may hold the browser's
// main thread, measured on the device's own clock: under the 50 ms after
// which a task counts as long on a phone, and still under it in Lighthouse,
// which times the page on a fast machine and counts every task four times
// longer.
const sliceBudget = 12 * time.Millisecond

// A pacer cuts background work into slices: its pause returns at once until
// the current slice has run for sliceBudget, then sleeps. In WebAssembly,
// once every goroutine sleeps or waits, the program hands the main thread
// back to the browser, which paints, scrolls and handles input before the
// next slice. Once hurry is closed, pause no longer sleeps.
type pacer struct {
	start time.Time
	hurry <-chan struct{}
}

func newPacer(hurry <-chan struct{}) *pacer { return &pacer{start: time.Now(), hurry: hurry} }

func (p *pacer) pause() {
	select {
	case <-p.hurry:
		return
	default:
	}
	if time.Since(p.start) < sliceBudget {
		return
	}
	t := time.NewTimer(time.Millisecond)
	select {
	case <-t.C:
	case <-p.hurry:
		t.Stop()
	}
	p.start = time.Now()
}

// Register routes every path to the app's root component: each page of
// the site by its exact path, any other path by a pattern. go-app keeps
// routes in a package-level table, so this is called once per program: by
// the WebAssembly main and by the site generator.
//
// go-app looks up exact paths before it tries patterns. Compiling and
// matching the pattern runs code that the browser compiles on first use,
// about 40 ms of a throttled phone's start, so a client that starts on a
// page of the site adds the pattern in a task of its own just after the
// start. The app's links all lead to pages of the site: the pattern only
// serves an address typed by hand or a bookmark to a page that is gone.
func Register(s *Site) {
	newShell := func() goapp.Composer { return &shell{site: s} }
	pages := Pages(s.lib)
	for _, p := range pages {
		goapp.Route(p, newShell)
	}
	catchAll := func() { goapp.RouteWithRegexp("^/.*", newShell) }
	if !goapp.IsClient || !slices.Contains(pages, startPath()) {
		catchAll()
		return
	}
	var later goapp.Func
	later = goapp.FuncOf(func(goapp.Value, []goapp.Value) any {
		catchAll()
		later.Release()
		return nil
	})
	goapp.Window().Call("setTimeout", later, 0)
}

// startPath is the path the client started at, as go-app routes it:
// without the site's path prefix.
func startPath() string {
	p := strings.TrimPrefix(goapp.Window().URL().Path, goapp.Getenv("GOAPP_ROOT_PREFIX"))
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	return p
}

// href is an app path as a link: go-app prefixes the links it prerenders
// with the site's base path itself, but not those the client renders.
func (s *Site) href(p string) string {
	if goapp.IsClient && strings.HasPrefix(p, "/") {
		return s.base + p
	}
	return p
}

// rebase prefixes the site's base path to the links of rendered content,
// which go-app does not rewrite.
func (s *Site) rebase(html string) string {
	if s.base == "" {
		return html
	}
	return strings.ReplaceAll(html, `href="/`, `href="`+s.base+`/`)
}
