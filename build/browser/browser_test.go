package browser

import (
	"cmp"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// siteDir is the built site under test, from SITE_DIR.
func siteDir(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("SITE_DIR")
	if dir == "" {
		t.Skip("SITE_DIR is not set: build the site with `go run ./build site -out DIR` and run `SITE_DIR=DIR go test ./build/browser/`, or run `go run ./build test`")
	}
	if _, err := os.Stat(filepath.Join(dir, "index.html")); err != nil {
		t.Fatalf("SITE_DIR=%s holds no built site: %v", dir, err)
	}
	return dir
}

// session is a headless Chromium with a fresh profile, looking at one
// server that serves the built site.
type session struct {
	ctx context.Context
	srv *httptest.Server
}

// newSession starts a server for the site and a browser with a viewport of
// width×height CSS pixels. The browser prefers German, neither of the app's
// languages, whatever the machine's locale: a page with no language in its
// path (a calculator's link) then reads in its link's lang until the test
// makes the reader choose one (see readerLang in app/lang.go).
func newSession(t *testing.T, width, height int64) *session {
	t.Helper()
	return newSessionWith(t, width, height, FileServer)
}

// sessionTimeout is how long a browser session may live: a browser that
// hangs fails its test then, not at the package's 40 minutes. A session
// opens up to 50 pages, which took 61 s on a busy machine and ran out of
// the 90 s it once had with two CPU-bound processes beside it; each wait
// within it has its own waitTimeout.
const sessionTimeout = 5 * time.Minute

// neutralLangs are the test browser's preferred languages when a test
// names none: neither English nor French.
const neutralLangs = "de-DE,de"

// newSessionWith is newSession with the server's handler made by handler.
func newSessionWith(t *testing.T, width, height int64, handler func(dir string) http.Handler) *session {
	t.Helper()
	return startSession(t, width, height, handler, t.TempDir(), neutralLangs)
}

// newSessionIn is newSessionWith with the browser's profile in the
// directory profile, which may hold the profile's settings.
func newSessionIn(t *testing.T, width, height int64, handler func(dir string) http.Handler, profile string) *session {
	t.Helper()
	return startSession(t, width, height, handler, profile, neutralLangs)
}

// newSessionPreferring is newSession in a browser whose preferred
// languages are langs, as navigator.languages gives them ("fr-FR,fr").
func newSessionPreferring(t *testing.T, width, height int64, langs string) *session {
	t.Helper()
	return startSession(t, width, height, FileServer, t.TempDir(), langs)
}

// wasmHeld is a server that holds every .wasm request back until release
// is called, as a slow network does on a first visit. The test registers
// release as a cleanup once the session has started, so that it runs
// before the server closes, which waits for the held request.
func wasmHeld() (handler func(dir string) http.Handler, release func()) {
	held := make(chan struct{})
	var once sync.Once
	release = func() { once.Do(func() { close(held) }) }
	return func(dir string) http.Handler {
		files := FileServer(dir)
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if strings.HasSuffix(r.URL.Path, ".wasm") {
				<-held
			}
			files.ServeHTTP(w, r)
		})
	}, release
}

func startSession(t *testing.T, width, height int64, handler func(dir string) http.Handler, profile, langs string) *session {
	t.Helper()
	dir := siteDir(t)
	if _, err := os.Stat(Chromium); err != nil {
		t.Skipf("%s is missing (apt-get install chromium): %v", Chromium, err)
	}
	srv := httptest.NewServer(handler(dir))
	t.Cleanup(srv.Close)

	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(),
		AllocatorOptions(chromedp.UserDataDir(profile), chromedp.Flag("accept-lang", langs))...)
	ctx, cancelCtx := chromedp.NewContext(actx)
	ctx, cancelTime := context.WithTimeout(ctx, sessionTimeout)
	t.Cleanup(func() { cancelTime(); cancelCtx(); cancelAlloc() })
	s := &session{ctx: ctx, srv: srv}
	s.do(t, chromedp.EmulateViewport(width, height))
	return s
}

func (s *session) url(path string) string { return s.srv.URL + path }

// do runs actions that return nothing, failing the test on error.
func (s *session) do(t *testing.T, actions ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(s.ctx, actions...); err != nil {
		t.Fatal(err)
	}
}

// open loads a path and waits until the wasm client has taken over.
func (s *session) open(t *testing.T, path string) {
	t.Helper()
	s.do(t, chromedp.Navigate(s.url(path)))
	s.waitApp(t)
}

// waitApp waits for the client's OnMount mark on the document.
func (s *session) waitApp(t *testing.T) {
	t.Helper()
	s.poll(t, `document.documentElement.dataset.app === "ready"`, "the wasm client to start")
}

// showResults brings a calculator's results under the fields near the
// screen, which draws them, waits for them and scrolls back to the top.
func (s *session) showResults(t *testing.T) {
	t.Helper()
	eval[bool](t, s, `(document.getElementById("calc-more").scrollIntoView(), true)`)
	s.poll(t, `!!document.querySelector("#calc-more > :not(.more-space)")`, "the results under the fields")
	eval[bool](t, s, `(window.scrollTo(0, 0), true)`)
}

// waitTimeout is how long a test waits for the page to show what it
// expects: on a loaded 2-CPU machine a render after a tap, a navigation or
// a setting can come seconds late.
const waitTimeout = 30 * time.Second

// poll waits until a JavaScript expression is truthy, or resolves to a
// truthy value when it is a promise. An expression that throws is not true
// yet: right after a navigation the element it reads may not be there.
func (s *session) poll(t *testing.T, expr, what string) {
	t.Helper()
	if _, err := chromedp.Run(s.ctx, chromedp.Poll[bool](guarded(expr), chromedp.WithPollingTimeout(waitTimeout))); err != nil {
		t.Fatalf("waiting for %s (%s): %v", what, expr, err)
	}
}

// guarded is expr as an async function that is false where expr throws.
func guarded(expr string) string {
	return `(async () => { try { return !!(await (` + expr + `)) } catch (e) { return false } })()`
}

// readUntil reads a JavaScript expression's value again and again until
// want holds of it, for up to waitTimeout, and returns the last value read
// and whether want held. Every assertion on what a tap, a navigation or a
// render shows reads through it, since a value read once right after the
// action may not be there yet on a busy machine; the caller fails with the
// value returned, the last one read. A read that throws, or whose value is
// not a T, counts as not there yet (a promise is awaited with
// chromedp.EvalAwaitPromise in opts).
func readUntil[T any](t *testing.T, s *session, expr string, want func(T) bool, opts ...chromedp.EvaluateOption) (T, bool) {
	t.Helper()
	deadline := time.Now().Add(waitTimeout)
	for {
		v, err := chromedp.Run(s.ctx, chromedp.Evaluate[T](expr, opts...))
		if err == nil && want(v) {
			return v, true
		}
		if time.Now().After(deadline) || s.ctx.Err() != nil {
			if err != nil {
				t.Fatalf("evaluating %s: %v", expr, err)
			}
			return v, false
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// holds waits until a JavaScript expression is true, for up to
// waitTimeout, and says whether it came true: readUntil for a yes or no.
func (s *session) holds(t *testing.T, expr string) bool {
	t.Helper()
	_, ok := readUntil(t, s, expr, is(true))
	return ok
}

// textUntil is readUntil of the text of the first element css matches
// ("" while there is none).
func (s *session) textUntil(t *testing.T, css string, want func(string) bool) (string, bool) {
	t.Helper()
	return readUntil(t, s, textOf(css), want)
}

// is is readUntil's want for a value equal to v.
func is[T comparable](v T) func(T) bool { return func(got T) bool { return got == v } }

// atMost and atLeast are readUntil's wants for a number at most or at
// least v. Give v the type the expression's value is read as: atMost(0.0)
// for a float64 (an int would not decode a fractional value).
func atMost[T cmp.Ordered](v T) func(T) bool  { return func(got T) bool { return got <= v } }
func atLeast[T cmp.Ordered](v T) func(T) bool { return func(got T) bool { return got >= v } }

// has is readUntil's want for a text that holds every one of parts.
func has(parts ...string) func(string) bool {
	return func(got string) bool {
		for _, p := range parts {
			if !strings.Contains(got, p) {
				return false
			}
		}
		return true
	}
}

// none is readUntil's want for an empty list: what a check finds wrong.
func none(got []string) bool { return len(got) == 0 }

// nonEmpty is readUntil's want for a text that is not "".
func nonEmpty(got string) bool { return got != "" }

// eval returns the value of a JavaScript expression, read once: for what
// can no longer change (a prerendered page once loaded, a value a poll has
// just seen), or to act on the page.
func eval[T any](t *testing.T, s *session, expr string) T {
	t.Helper()
	v, err := chromedp.Run(s.ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		t.Fatalf("evaluating %s: %v", expr, err)
	}
	return v
}

// textOf is the JavaScript for the text of the first element css matches,
// "" when none does.
func textOf(css string) string {
	return fmt.Sprintf(`(document.querySelector(%q)||{}).textContent||""`, css)
}

// text reads an element's text once, as eval does.
func (s *session) text(t *testing.T, css string) string {
	t.Helper()
	return eval[string](t, s, textOf(css))
}

func (s *session) path(t *testing.T) string {
	return eval[string](t, s, `location.pathname`)
}

// screenshot saves the viewport to build/out/screenshots/name.png.
func (s *session) screenshot(t *testing.T, name string) {
	t.Helper()
	b, err := chromedp.Run(s.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join("..", "out", "screenshots")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestStartingStripUntilReady holds the wasm back: the prerendered page
// shows its thin starting strip over the rules text until the client is
// ready, then drops it.
func TestStartingStripUntilReady(t *testing.T) {
	for _, lang := range []string{"en", "fr"} {
		handler, let := wasmHeld()
		s := newSessionWith(t, 360, 740, handler)
		t.Cleanup(let) // before the server closes: it waits for the held request
		s.do(t, chromedp.Navigate(s.url("/"+lang+"/at43/shooting.cover")))
		s.poll(t, `document.documentElement.dataset.app === "starting" && !!document.querySelector(".prose")`, "the prerendered page, starting")
		if h := eval[string](t, s, `getComputedStyle(document.body, "::after").height`); h != "3px" {
			t.Errorf("%s: the starting strip is %s high, want 3px", lang, h)
		}
		s.screenshot(t, "starting-"+lang)
		let()
		s.waitApp(t)
		if got, ok := readUntil(t, s, `getComputedStyle(document.body, "::after").content`, is("none")); !ok {
			t.Errorf("%s: the starting strip stays once the client is ready (%s)", lang, got)
		}
	}
}

func TestDeepLinkReadsBeforeAndAfterWasm(t *testing.T) {
	s := newSession(t, 360, 740)
	const page = "/en/at43/shooting.cover"

	// ?wasm=false makes go-app's loader skip the wasm: what shows is the
	// prerendered page alone.
	s.do(t, chromedp.Navigate(s.url(page+"?wasm=false")))
	s.poll(t, `document.readyState === "complete"`, "the page to load")
	before := s.text(t, "h1")
	prose := s.text(t, ".prose")
	if before == "" || len(prose) < 200 {
		t.Fatalf("prerendered page: h1 %q, %d characters of rules text", before, len(prose))
	}
	if lang := eval[string](t, s, `document.documentElement.lang`); lang != "en" {
		t.Errorf("prerendered lang = %q, want en", lang)
	}
	if n := eval[int](t, s, `document.querySelectorAll(".prose a.term[href*='/glossary#']").length`); n == 0 {
		t.Error("no glossary term links in the prerendered text")
	}
	// The loader must not cover the text.
	if h := eval[int](t, s, `(()=>{const l=document.getElementById("app-wasm-loader");return l?l.getBoundingClientRect().height:0})()`); h > 8 {
		t.Errorf("go-app's loader is %d px high; it must shrink to a thin bar", h)
	}

	// The starting strip shows only while a client is on its way.
	strip := `getComputedStyle(document.body, "::after").content`
	if got := eval[string](t, s, strip); got != "none" {
		t.Errorf("with no client coming the page shows the starting strip (%s)", got)
	}

	s.open(t, page)
	t.Logf("the wasm client took over %.0f ms after the navigation started", eval[float64](t, s, `performance.now()`))
	if got, ok := readUntil(t, s, strip, is("none")); !ok {
		t.Errorf("the starting strip stays once the client is ready (%s)", got)
	}
	if after, ok := s.textUntil(t, "h1", is(before)); !ok {
		t.Errorf("h1 after the wasm = %q, before = %q", after, before)
	}
	if _, ok := s.textUntil(t, ".prose", is(prose)); !ok {
		t.Errorf("the rules text changed once the wasm ran")
	}

	// Keyboard: the first Tab reaches the skip link, which moves the focus
	// to the content.
	s.do(t, chromedp.KeyEvent("\t"))
	if cls, ok := readUntil(t, s, `document.activeElement.className`, is("skip")); !ok {
		t.Errorf("the first Tab focuses %q, want the skip link", cls)
	}
	s.do(t, chromedp.KeyEvent("\r"))
	s.poll(t, `document.activeElement && document.activeElement.id === "main"`, "the skip link to focus the content")

	// A term opens its definition in a dialog instead of leaving the page.
	s.do(t, chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`))
	s.do(t, chromedp.Click(chromedp.CSS(".prose a.term")))
	s.poll(t, `!!document.querySelector("#term-dialog .def")`, "the term dialog")
	if s.path(t) != page {
		t.Errorf("tapping a term left the page for %s", s.path(t))
	}
	if _, ok := s.textUntil(t, "#term-dialog .def", nonEmpty); !ok {
		t.Error("the term dialog has no definition")
	}
	s.screenshot(t, "term-dialog")
}

func TestSwitchLanguageAndGameKeepTheSection(t *testing.T) {
	s := newSession(t, 360, 740)
	s.open(t, "/en/at43/shooting.cover")
	en := s.text(t, "h1")

	s.do(t, chromedp.Click(chromedp.ID("lang-switch")))
	s.poll(t, `location.pathname === "/fr/at43/shooting.cover"`, "the French section")
	s.poll(t, `document.documentElement.lang === "fr"`, "lang=fr on the page")
	if fr, ok := s.textUntil(t, "h1", func(fr string) bool { return fr != "" && fr != en }); !ok {
		t.Errorf("French title %q, English %q", fr, en)
	}

	s.do(t, chromedp.Click(chromedp.ID("game-at44")))
	s.poll(t, `location.pathname === "/fr/at44/shooting.cover"`, "the AT-44 section")
	if got, ok := s.textUntil(t, ".games [aria-current]", is("AT-44")); !ok {
		t.Errorf("current game shows %q", got)
	}

	// The choice is remembered: the landing page goes back to it.
	s.open(t, "/")
	s.poll(t, `location.pathname === "/fr/at44"`, "the remembered text")
}

func TestSearchWithATypoOpensTheRule(t *testing.T) {
	s := newSession(t, 360, 740)
	s.open(t, "/en/at43")
	s.do(t, chromedp.KeyEvent("/"))
	s.poll(t, `document.activeElement && document.activeElement.id === "search-input"`, "the / shortcut to focus search")
	// Time the input handler (search and render scheduling) per keystroke.
	times, err := chromedp.Run(s.ctx, chromedp.Evaluate[[]float64](`(async()=>{
		const el=document.getElementById("search-input"), out=[];
		for (const q of ["c","co","cov","covr","covre","l","le","lea","lead","leadership","leadership p"]) {
			const t0=performance.now();
			el.value=q; el.dispatchEvent(new Event("input",{bubbles:true}));
			out.push(performance.now()-t0);
			await new Promise(r=>requestAnimationFrame(()=>requestAnimationFrame(r)));
		}
		el.value=""; el.dispatchEvent(new Event("input",{bubbles:true}));
		return out})()`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	sorted := slices.Clone(times)
	slices.Sort(sorted)
	// Speed is go run ./build perf's to measure, under a set CPU slowdown;
	// a timed assertion here would only measure how busy the machine is.
	t.Logf("search keystrokes in wasm (ms): %.1f; median %.1f", times, sorted[len(sorted)/2])
	s.do(t, chromedp.SendKeys(chromedp.ID("search-input"), "covre"))
	s.poll(t, `document.querySelectorAll("#search-results a.result").length > 0`, "search results")
	if _, ok := readUntil(t, s, `document.querySelectorAll("#search-results mark").length`, atLeast(1)); !ok {
		t.Error("no highlighted letters in the results")
	}
	s.screenshot(t, "search")
	// The results of "c", "co"... come first, as the letters are typed.
	href, _ := readUntil(t, s, `(()=>{for(const a of document.querySelectorAll("#search-results a.result")){if(a.getAttribute("href").includes("shooting.cover"))return a.getAttribute("href")}return ""})()`, nonEmpty)
	if href == "" {
		t.Fatalf("searching \"covre\" does not offer the cover section; results: %s", s.text(t, "#search-results"))
	}
	s.do(t, chromedp.Click(chromedp.CSS(`#search-results a.result[href="`+href+`"]`)))
	want := strings.SplitN(href, "#", 2)[0]
	s.poll(t, fmt.Sprintf(`location.pathname === %q`, want), "the result's section")
	if _, ok := s.textUntil(t, "h1", nonEmpty); !ok {
		t.Error("the opened section has no title")
	}

	// Enter opens the first result.
	s.do(t, chromedp.KeyEvent("/"))
	s.poll(t, `document.activeElement && document.activeElement.id === "search-input"`, "the search box again")
	s.do(t, chromedp.SendKeys(chromedp.ID("search-input"), "morale\r"))
	s.poll(t, `location.pathname !== `+fmt.Sprintf("%q", want), "Enter to open the first result")

	// On a French page, the English word and a player's word the books do
	// not use (an alias, from the embedded library) find the French rule,
	// the section first.
	s.open(t, "/fr/at43")
	s.do(t, chromedp.KeyEvent("/"))
	s.poll(t, `document.activeElement && document.activeElement.id === "search-input"`, "the search box on a French page")
	// Under chromedp the shortcut's "/" sometimes lands in the box it has
	// just focused: start each query from an empty box.
	for _, q := range []string{"overwatch", "tir de réaction\r"} {
		eval[bool](t, s, `(()=>{const el=document.getElementById("search-input"); el.value=""; return el.dispatchEvent(new Event("input",{bubbles:true}))})()`)
		s.do(t, chromedp.SendKeys(chromedp.ID("search-input"), q))
		if q == "overwatch" {
			s.poll(t, `(document.querySelector("#search-results a.result")||{}).pathname === "/fr/at43/drills.overwatch"`, "the French section first for overwatch")
			s.screenshot(t, "search-fr")
		}
	}
	s.poll(t, `location.pathname === "/fr/at43/shooting.overwatch"`, "Enter on tir de réaction to open the overwatch fire section")
}

func TestScreenshots(t *testing.T) {
	s := newSession(t, 360, 740)
	for name, path := range map[string]string{
		"landing":    "/",
		"contents":   "/en/at43",
		"section-fr": "/fr/at44/shooting.cover",
		"glossary":   "/en/at43/glossary",
		"compare":    "/en/compare",
		"settings":   "/fr/settings",
	} {
		s.do(t, chromedp.Navigate(s.url(path+"?wasm=false")))
		s.poll(t, `document.readyState === "complete"`, "the page")
		s.screenshot(t, name)
	}
	s.do(t, chromedp.Evaluate[chromedp.Void](`localStorage.setItem("prefs", JSON.stringify({theme:"dark"}))`))
	s.open(t, "/en/at43/shooting.cover")
	s.screenshot(t, "section-dark")
}

func TestDesktopScreenshots(t *testing.T) {
	s := newSession(t, 1280, 800)
	s.open(t, "/en/at44/shooting.test")
	s.screenshot(t, "desktop-section")
	s.open(t, "/calc/melee?game=at43&n=4&acc=5&def=4&lang=en")
	s.do(t, chromedp.Click(chromedp.ID("compare")))
	s.poll(t, `document.querySelectorAll(".sides .side").length === 2`, "the comparison")
	s.screenshot(t, "desktop-calc-compare")
}
