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
	"strings"
	"sync"

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
// first time it is asked for.
func (s *Site) index(game, lang string) *search.Index {
	s.mu.Lock()
	defer s.mu.Unlock()
	k := game + "/" + lang
	ix, ok := s.indexes[k]
	if !ok {
		contentdata.RestoreBlocks(s.lib, game, lang)
		ix = search.ForText(s.lib, game, lang)
		s.indexes[k] = ix
	}
	return ix
}

// Register routes every path to the app's root component. go-app keeps
// routes in a package-level table, so this is called once per program: by
// the WebAssembly main and by the site generator.
func Register(s *Site) {
	goapp.RouteWithRegexp("^/.*", func() goapp.Composer {
		return &shell{site: s}
	})
}

// elem makes an element of go-app's one generic element type. Each typed
// element of go-app (Section, Table, ...) links a few hundred methods into
// the wasm, so elements that need no attribute of their own use this one.
func elem(tag string) goapp.HTMLElem { return goapp.Elem(tag) }

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
