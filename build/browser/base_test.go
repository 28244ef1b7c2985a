package browser

import (
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// subBase is the base path the second site of the tests is built for:
// go run ./build site -base /sub/ -out DIR, then SITE_BASE_DIR=DIR (go run
// ./build test does both).
const subBase = "/sub"

// baseSiteDir is the site built for subBase, from SITE_BASE_DIR.
func baseSiteDir(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("SITE_BASE_DIR")
	if dir == "" {
		t.Skip("SITE_BASE_DIR is not set: build with `go run ./build site -base /sub/ -out DIR` and set SITE_BASE_DIR=DIR")
	}
	if _, err := os.Stat(filepath.Join(dir, "index.html")); err != nil {
		t.Fatalf("SITE_BASE_DIR=%s holds no built site: %v", dir, err)
	}
	return dir
}

// TestBasePath checks the site built for a sub-path, served under it.
func TestBasePath(t *testing.T) {
	dir := baseSiteDir(t)
	s := newSessionWith(t, 360, 740, func(string) http.Handler { return NewHost(dir, HostOptions{Base: subBase}) })

	s.open(t, "/sub/en/at43/shooting.cover")
	if !s.holds(t, rulesShown) {
		t.Fatal("the section does not show under /sub/")
	}
	for _, sel := range []string{"#lang-switch", ".prose a.term", ".bottom .toc"} {
		if href, ok := readUntil(t, s, `document.querySelector("`+sel+`").getAttribute("href")`, func(href string) bool { return strings.HasPrefix(href, "/sub/") }); !ok {
			t.Errorf("%s links to %q, outside /sub/", sel, href)
		}
	}
	s.do(t, chromedp.Click(chromedp.ID("lang-switch")))
	s.poll(t, `location.pathname === "/sub/fr/at43/shooting.cover"`, "the French section under /sub/")
	s.poll(t, `document.documentElement.lang === "fr"`, "lang=fr")
}

// TestOfflineTwoBasesKeepTheirCaches serves the root site and the /sub/ site
// from one origin, as user.github.io/ and user.github.io/sub/ are: each
// worker keeps its own cache (and each app its own storage), so both work
// offline after one visit each.
func TestOfflineTwoBasesKeepTheirCaches(t *testing.T) {
	sub := baseSiteDir(t)
	s := newSessionWith(t, 360, 740, func(dir string) http.Handler {
		mux := http.NewServeMux()
		mux.Handle("/", FileServer(dir))
		mux.Handle(subBase+"/", NewHost(sub, HostOptions{Base: subBase}))
		return mux
	})
	s.open(t, "/sub/en/at43")
	s.waitOfflineReady(t)
	// Before the root app's worker installs: a cache its earlier versions
	// left (go-app names every app's caches "app-" + version) and another
	// go-app app's cache, under /other/.
	_, err := chromedp.Run(s.ctx, chromedp.Evaluate[bool](`(async () => {
		const ours = await caches.open("app-0ld"), theirs = await caches.open("app-other");
		for (const f of ["/web/icon.svg", "/web/icon-maskable.png"]) {
			await ours.put(f, new Response("old"));
			await theirs.put("/other" + f, new Response("theirs"));
		}
		return true;
	})()`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	s.open(t, "/en/at44")
	s.waitOfflineReady(t)
	// The worker deletes the old cache once it is active, which may come
	// after its own cache is complete.
	if got, ok := readUntil(t, s, `(async () => (await caches.keys()).sort())()`, func(got []string) bool {
		return len(got) == 3 && hasPrefix(got, "at4x:/:cache-") && hasPrefix(got, "at4x:/sub/:cache-") && slices.Contains(got, "app-other")
	}, chromedp.EvalAwaitPromise); !ok {
		t.Errorf("caches %q, want one for /, one for /sub/ and the other app's, and not the root app's old one", got)
	}
	if stored, ok := readUntil(t, s, `Object.keys(localStorage).sort()`, func(stored []string) bool {
		return hasPrefix(stored, "at4x:/:prefs") && hasPrefix(stored, "at4x:/sub/:prefs")
	}); !ok {
		t.Errorf("local storage keys %q, want prefs for / and for /sub/ apart", stored)
	}

	s.srv.Close()
	s.readsDeepLink(t, "/sub/fr/at44/shooting.cover")
	s.readsDeepLink(t, "/fr/at43/shooting.cover")
}

// hasPrefix reports whether a string of list starts with prefix.
func hasPrefix(list []string, prefix string) bool {
	return slices.ContainsFunc(list, func(s string) bool { return strings.HasPrefix(s, prefix) })
}
