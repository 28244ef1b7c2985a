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
// decoded from JSON in the client and rendered by package docs on the
// server; server-only code (the HTTP handler, the service worker template)
// sits behind the !wasm build tag.
package app

import (
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/at4x/companion/app/contentdata"
	"github.com/at4x/companion/app/search"
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
}

// NewSite wraps a library for the app served under the path prefix base
// ("" at the root, or like "/at43").
func NewSite(lib *content.Library, base string) *Site {
	return &Site{lib: lib, base: strings.TrimRight(base, "/"), indexes: map[string]*search.Index{}}
}

// BaseFromEnv is the path prefix the handler gave the client.
func BaseFromEnv() string {
	return strings.TrimRight(goapp.Getenv("GOAPP_ROOT_PREFIX"), "/")
}

// index returns the search index of a game in a language, building it the
// first time it is asked for. In the browser the build gives the page back
// every few milliseconds (see pacer), so it never blocks the page for long;
// the caller still waits until the index is whole.
func (s *Site) index(game, lang string) *search.Index {
	s.mu.Lock()
	defer s.mu.Unlock()
	k := game + "/" + lang
	ix, ok := s.indexes[k]
	if !ok {
		Mark("index-start")
		var pause func()
		if goapp.IsClient {
			pause = newPacer().pause
		}
		contentdata.RestoreBlocksPaced(s.lib, game, lang, pause)
		ix = search.ForTextPaced(s.lib, game, lang, pause)
		s.indexes[k] = ix
		Mark("index-end")
	}
	return ix
}

// sliceBudget is how long a slice of background work may hold the browser's
// main thread: well under the 50 ms after which a task counts as long, even
// on a phone four times slower than a laptop, since it is measured on the
// device's own clock.
const sliceBudget = 15 * time.Millisecond

// A pacer cuts long work into slices: its pause returns at once until the
// current slice has run for sliceBudget, then sleeps. In WebAssembly a
// sleeping program hands the main thread back to the browser, which can
// then paint, scroll and take input before the next slice.
type pacer struct{ start time.Time }

func newPacer() *pacer { return &pacer{start: time.Now()} }

func (p *pacer) pause() {
	if time.Since(p.start) < sliceBudget {
		return
	}
	time.Sleep(time.Millisecond)
	p.start = time.Now()
}

// Mark names a moment of the client's start in the browser's performance
// timeline ("at4x:" + name), where go run ./build perf reads the phases of
// the start (build/trace.go). It does nothing outside the browser.
func Mark(name string) {
	if goapp.IsClient {
		goapp.Window().Get("performance").Call("mark", "at4x:"+name)
	}
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

// elem makes an element of go-app's one generic element type. Each typed
// element of go-app (Section, Table, ...) links a few hundred methods into
// the wasm, so elements that need no attribute of their own use this one.
func elem(tag string) goapp.HTMLElem { return goapp.Elem(tag) }

// rebase prefixes the site's base path to the links of rendered content,
// which go-app does not rewrite.
func (s *Site) rebase(html string) string {
	if s.base == "" {
		return html
	}
	return strings.ReplaceAll(html, `href="/`, `href="`+s.base+`/`)
}
