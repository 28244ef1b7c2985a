package browser

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// nextVersion is the version string a deploy's second version carries.
const nextVersion = "feedfacefeedface"

// deploy serves a built site, then, once next is set, a second version of
// it as a new deploy would: every page, script and the worker carry a new
// version, the style sheet, app.js, the wasm, the head script and the
// library new hashed names (the old names are gone, as on a host after a
// deploy), and the new style sheet sets --deploy: 2 on the root, so a test
// can tell which one a page uses.
type deploy struct {
	dir   string
	files http.Handler
	next  atomic.Bool

	version string            // the built version
	renamed map[string]string // new URL → old URL of the hashed files
	replace *strings.Replacer // old to new, in every text file
}

func newDeploy(t *testing.T, dir string, o HostOptions) *deploy {
	t.Helper()
	worker, err := os.ReadFile(filepath.Join(dir, "app-worker.js"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`const version = "([0-9a-f]+)"`).FindSubmatch(worker)
	if m == nil {
		t.Fatal("app-worker.js names no version")
	}
	d := &deploy{dir: dir, files: NewHost(dir, o), version: string(m[1]), renamed: map[string]string{}}
	pairs := []string{d.version, nextVersion}
	for _, re := range []string{`/web/style-[0-9a-f]{10}\.css`, `/app-[0-9a-f]{10}\.js`, `/web/app-[0-9a-f]{10}\.wasm`,
		`/web/head-[0-9a-f]{10}\.js`, `/web/library-[0-9a-f]{10}\.txt`} {
		old := regexp.MustCompile(re).Find(worker)
		if old == nil {
			t.Fatalf("the worker precaches no %s", re)
		}
		ext := path.Ext(string(old))
		renamed := string(old[:len(old)-len(ext)-10]) + "0123456789" + ext
		d.renamed[renamed] = string(old)
		pairs = append(pairs, string(old), renamed)
	}
	d.replace = strings.NewReplacer(pairs...)
	return d
}

func (d *deploy) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !d.next.Load() {
		d.files.ServeHTTP(w, r)
		return
	}
	p := r.URL.Path
	for _, old := range d.renamed {
		if p == old {
			http.NotFound(w, r)
			return
		}
	}
	if old, ok := d.renamed[p]; ok && (strings.HasSuffix(p, ".wasm") || strings.HasSuffix(p, ".txt")) {
		r = r.Clone(r.Context())
		r.URL.Path = old
		d.files.ServeHTTP(w, r)
		return
	} else if ok {
		p = old
	}
	name, ok := resolve(d.dir, p, true)
	ext := filepath.Ext(name)
	if !ok || (ext != ".html" && ext != ".js" && ext != ".css") {
		d.files.ServeHTTP(w, r)
		return
	}
	b, err := os.ReadFile(name)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	b = []byte(d.replace.Replace(string(b)))
	if ext == ".css" {
		b = append(b, "\n:root { --deploy: 2 }\n"...)
	}
	sum := sha256.Sum256(b)
	// Headers as the host sends them for this path, then the new body.
	rec := &headerOnly{header: http.Header{}}
	head := r.Clone(r.Context())
	head.Method = http.MethodHead
	head.URL.Path = p
	head.Header.Del("If-None-Match")
	head.Header.Del("If-Modified-Since")
	d.files.ServeHTTP(rec, head)
	for _, k := range []string{"Cache-Control", "Content-Type", "Content-Security-Policy"} {
		if v := rec.header.Get(k); v != "" {
			w.Header().Set(k, v)
		}
	}
	w.Header().Set("ETag", `"`+hex.EncodeToString(sum[:8])+`"`)
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(b))
}

// headerOnly records the headers of a response and drops the rest.
type headerOnly struct{ header http.Header }

func (h *headerOnly) Header() http.Header         { return h.header }
func (h *headerOnly) Write(b []byte) (int, error) { return len(b), nil }
func (h *headerOnly) WriteHeader(int)             {}

// deployed is a JavaScript expression: which version the page, the
// running app.js (and so the wasm it loaded), the style sheet and the
// library the head script fetched belong to.
const deployed = `JSON.stringify({
	page: (document.querySelector('meta[name="at4x-version"]') || {}).content,
	app: typeof goappGetenv === "function" ? goappGetenv("GOAPP_VERSION") : "",
	style: getComputedStyle(document.documentElement).getPropertyValue("--deploy").trim() === "2" ? "next" : "first",
	styled: [...document.querySelectorAll('link[rel="stylesheet"]')].every(l => !!l.sheet && l.sheet.cssRules.length > 0),
	library: performance.getEntriesByType("resource").filter(e => e.name.includes("/web/library-"))
		.map(e => e.name.includes("-0123456789.txt") ? "next" : "first").join(),
})`

// waitForCache waits until the active worker's cache is the one of the
// version given.
func (s *session) waitForCache(t *testing.T, version string) {
	t.Helper()
	s.poll(t, `(async () => {
		const keys = await caches.keys();
		return keys.some(k => k.endsWith("`+version+`")) && keys.filter(k => k.startsWith("at4x:")).length === 1;
	})()`, "the cache of version "+version+" to be the only one")
}

// TestUpdateIsOffered publishes a new version while a controlled page is
// open and expects the "update available" banner, whose button reloads.
func TestUpdateIsOffered(t *testing.T) {
	var d *deploy
	s := newSessionWith(t, 360, 740, func(dir string) http.Handler {
		d = newDeploy(t, dir, HostOptions{})
		return d
	})
	s.open(t, "/en/at43")
	s.poll(t, `navigator.serviceWorker.controller !== null`, "the first worker to control the page")
	if n := eval[int](t, s, `document.querySelectorAll(".banner").length`); n != 0 {
		t.Error("the first install is announced as an update")
	}
	s.open(t, "/en/at43/shooting.cover")
	d.next.Store(true)
	s.do(t, chromedp.Evaluate[chromedp.Void](`goappTryUpdate()`))
	s.poll(t, `!!document.querySelector(".banner button")`, "the update banner")
	s.do(t, chromedp.Evaluate[chromedp.Void](`window.beforeUpdate = true`))
	s.do(t, chromedp.Click(chromedp.CSS(".banner button")))
	// The reload swaps the page under the poll: retry until the new page
	// (without the marker) has started.
	for try := 0; ; try++ {
		_, err := chromedp.Run(s.ctx, chromedp.Poll[bool](`!window.beforeUpdate && document.documentElement.dataset.app === "ready"`,
			chromedp.WithPollingTimeout(20*time.Second)))
		if err == nil {
			break
		}
		if try == 3 {
			t.Fatalf("the page did not reload: %v", err)
		}
	}
	if n := eval[int](t, s, `document.querySelectorAll(".banner").length`); n != 0 {
		t.Error("the banner is still there after the reload")
	}
	if _, ok := s.textUntil(t, "h1", nonEmpty); !ok {
		t.Error("the page after the update shows nothing")
	}
	want := `{"page":"` + nextVersion + `","app":"` + nextVersion + `","style":"next","styled":true,"library":"next"}`
	if got, ok := readUntil(t, s, deployed, is(want)); !ok {
		t.Errorf("after the update: %s, want %s", got, want)
	}
}

// TestUpdateNeverMixesVersions deploys a new version on a host that lets
// browsers keep every file for 10 minutes (GitHub Pages sends max-age=600):
// pages read before the deploy sit fresh in the HTTP cache, yet once the new
// worker is active every page shows with the new version's app and style.
func TestUpdateNeverMixesVersions(t *testing.T) {
	var d *deploy
	s := newSessionWith(t, 360, 740, func(dir string) http.Handler {
		d = newDeploy(t, dir, HostOptions{CacheControl: "max-age=600"})
		return d
	})
	first := `{"page":"` + d.version + `","app":"` + d.version + `","style":"first","styled":true,"library":"first"}`
	pages := []string{"/en/at43", "/en/at43/shooting.cover", "/fr/at44/glossary"}
	s.open(t, pages[0]) // in the HTTP cache from before the worker
	s.poll(t, `navigator.serviceWorker.controller !== null`, "the first worker to control the page")
	for _, p := range pages[1:] {
		s.open(t, p)
		if got, ok := readUntil(t, s, deployed, is(first)); !ok {
			t.Fatalf("%s before the deploy: %s, want %s", p, got, first)
		}
	}

	d.next.Store(true)
	s.do(t, chromedp.Evaluate[chromedp.Void](`goappTryUpdate()`))
	s.waitForCache(t, nextVersion)
	want := `{"page":"` + nextVersion + `","app":"` + nextVersion + `","style":"next","styled":true,"library":"next"}`
	for _, p := range append(pages, "/fr/at43") {
		s.open(t, p)
		if got, ok := readUntil(t, s, deployed, is(want)); !ok {
			t.Errorf("%s after the deploy: %s, want %s", p, got, want)
		}
	}
}
