package browser

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	cdplog "github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// shareLink is a calculator's share link, never opened before in the tests
// that use it.
const shareLink = "/calc/shoot?game=at43&n=5&rate=1&rr=0&acc=4&range=2&pen=6&dmg=1&target=inf&prot=5&size=10&cover=cover"

// readsShareLink opens the share link and expects the calculator's result.
func (s *session) readsShareLink(t *testing.T) {
	t.Helper()
	s.open(t, shareLink)
	s.poll(t, `!!(document.getElementById("calc-result")||{}).textContent`, "the calculator's result")
	var res map[string]any
	if err := json.Unmarshal([]byte(s.text(t, "#calc-result")), &res); err != nil {
		t.Fatalf("#calc-result is not JSON: %v", err)
	}
	if _, ok := res["casualties"]; !ok {
		t.Errorf("the result lacks casualties: %v", res)
	}
	if got, ok := readUntil(t, s, `location.pathname + location.search`, is(shareLink)); !ok {
		t.Errorf("the share link landed on %s", got)
	}
}

// rulesShown is a JavaScript test that the page shows a section: its
// title and its rules text.
const rulesShown = `(document.querySelector("h1")||{}).textContent > "" && ((document.querySelector(".prose")||{}).textContent||"").length >= 200`

// readsDeepLink opens a section's address and expects its text.
func (s *session) readsDeepLink(t *testing.T, deep string) {
	t.Helper()
	s.open(t, deep)
	if p, ok := readUntil(t, s, `location.pathname`, is(deep)); !ok {
		t.Errorf("the deep link %s landed on %s", deep, p)
	}
	if !s.holds(t, rulesShown) {
		t.Errorf("the deep link %s shows title %q and no rules text", deep, s.text(t, "h1"))
	}
}

// waitOffline waits until the service worker controls the page and its
// cache holds everything it precaches.
func (s *session) waitOfflineReady(t *testing.T) {
	t.Helper()
	s.poll(t, `navigator.serviceWorker.controller !== null`, "the service worker to control the page")
	s.poll(t, `(async () => {
		const r = await navigator.serviceWorker.getRegistration();
		if (!r || !r.active || r.active.state !== "activated") return false;
		const w = await (await fetch(r.active.scriptURL)).text();
		const want = JSON.parse(w.match(/const resourcesToCache = (.*);/)[1]);
		const name = (await caches.keys()).find(k => k.startsWith("at4x:") && w.includes(k.slice(k.lastIndexOf("-") + 1)));
		if (!name) return false;
		const have = (await (await caches.open(name)).keys()).map(q => new URL(q.url).pathname);
		return want.every(u => have.includes(u));
	})()`, "the offline cache to be complete")
}

// TestHostingPlainStaticHost serves the site as python -m http.server or a
// default nginx does: no /x → x.html mapping, no precompressed files, no
// 404.html. After a first visit to the home page, a share link and a deep
// link (which such a host answers with 404) open through the worker's shell.
func TestHostingPlainStaticHost(t *testing.T) {
	s := newSessionWith(t, 360, 740, func(dir string) http.Handler { return NewHost(dir, HostOptions{Plain: true}) })
	res, err := http.Get(s.url("/fr/at44/shooting.cover"))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusNotFound {
		t.Fatalf("the plain host answers a deep link with %s; the test needs a host without mapping", res.Status)
	}
	s.open(t, "/")
	s.waitOfflineReady(t)
	s.readsShareLink(t)
	s.readsDeepLink(t, "/fr/at44/shooting.cover")
}

// TestHostingNotFoundPage serves the site from a host that answers every
// missing path with 404.html and maps nothing (as GitHub Pages does for a
// path it has no file for): a first visit to a share link or a deep link
// starts the app, which routes from the address. The host withholds the
// service worker, so every visit is a first visit.
func TestHostingNotFoundPage(t *testing.T) {
	s := newSessionWith(t, 360, 740, func(dir string) http.Handler {
		plain := NewHost(dir, HostOptions{Plain: true})
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if _, ok := resolve(dir, r.URL.Path, false); ok && r.URL.Path != "/app-worker.js" {
				plain.ServeHTTP(w, r)
				return
			}
			b, err := os.ReadFile(filepath.Join(dir, "404.html"))
			if err != nil {
				http.Error(w, err.Error(), http.StatusInternalServerError)
				return
			}
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.WriteHeader(http.StatusNotFound)
			w.Write(b)
		})
	})
	s.readsShareLink(t)
	s.readsDeepLink(t, "/en/at43/shooting.cover")
	if eval[bool](t, s, `navigator.serviceWorker.controller !== null`) {
		t.Fatal("a worker controls the page: the visits did not go through 404.html")
	}
	s.open(t, "/en/no-such-page")
	if _, ok := s.textUntil(t, ".notfound h1", nonEmpty); !ok {
		t.Error("a missing page does not say so")
	}
}

// TestHostingNginx runs the README's nginx snippet on the built site and
// opens the app through it: a deep link and a share link on the first
// visit, brotli for the wasm, and the headers of _headers. It needs nginx
// with its brotli module (apt-get install nginx-light
// libnginx-mod-http-brotli-static); without the module it tests the rest
// of the snippet, then reports itself skipped, which the test command
// counts as a failure.
func TestHostingNginx(t *testing.T) {
	dir := siteDir(t)
	if _, err := os.Stat(NginxBinary); err != nil {
		t.Skipf("%s is missing (apt-get install nginx-light libnginx-mod-http-brotli-static): %v", NginxBinary, err)
	}
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	snippet := regexp.MustCompile("(?s)```nginx\n(.*?)```").FindSubmatch(readme)
	if snippet == nil {
		t.Fatal("README.md has no nginx snippet")
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	abs, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	server := strings.NewReplacer(
		"listen 8080;", fmt.Sprintf("listen 127.0.0.1:%d;", port),
		"root /var/www/at4x;", "root "+abs+";",
	).Replace(string(snippet[1]))
	tmp := t.TempDir()
	var modules string
	_, err = os.Stat(NginxBrotliModule)
	brotli := err == nil
	if brotli {
		modules = "load_module " + NginxBrotliModule + ";\n"
	} else {
		server = strings.Replace(server, "brotli_static on;", "", 1)
		t.Log("no brotli module: testing the snippet without brotli_static")
	}
	if os.Geteuid() == 0 {
		// nginx started by root serves as nobody, who cannot read the
		// test command's private temporary directories.
		modules += "user root;\n"
	}
	conf := modules + "daemon off;\npid " + tmp + "/nginx.pid;\nerror_log " + tmp + "/error.log;\nevents {}\nhttp {\n" +
		"include /etc/nginx/mime.types;\naccess_log off;\n" +
		"client_body_temp_path " + tmp + ";\nproxy_temp_path " + tmp + ";\nfastcgi_temp_path " + tmp + ";\nuwsgi_temp_path " + tmp + ";\nscgi_temp_path " + tmp + ";\n" +
		server + "}\n"
	if err := os.WriteFile(filepath.Join(tmp, "nginx.conf"), []byte(conf), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(NginxBinary, "-p", tmp, "-c", filepath.Join(tmp, "nginx.conf"))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	origin := fmt.Sprintf("http://127.0.0.1:%d", port)
	for try := 0; ; try++ {
		res, err := http.Head(origin + "/")
		if err == nil {
			res.Body.Close()
			break
		}
		if try == 50 {
			t.Fatalf("nginx did not start: %v\n%s", err, stderr.String())
		}
		time.Sleep(100 * time.Millisecond)
	}

	headers := readHeaders(filepath.Join(dir, "_headers"))
	worker, err := os.ReadFile(filepath.Join(dir, "app-worker.js"))
	if err != nil {
		t.Fatal(err)
	}
	wasm := string(regexp.MustCompile(`/web/app-[0-9a-f]{10}\.wasm`).Find(worker))
	for _, p := range []string{"/", "/en/at43/shooting.cover", wasm, "/app-worker.js", "/manifest.webmanifest", "/nowhere"} {
		req, _ := http.NewRequest("GET", origin+p, nil)
		req.Header.Set("Accept-Encoding", "br, gzip")
		res, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		want := http.Header{}
		for _, r := range headers {
			if r.matches(p) {
				for _, kv := range r.headers {
					want.Set(kv[0], kv[1])
				}
			}
		}
		if want.Get("Cache-Control") == "" {
			want.Set("Cache-Control", "no-cache")
		}
		for k := range want {
			if got := res.Header.Get(k); got != want.Get(k) {
				t.Errorf("nginx %s: %s %q, _headers says %q", p, k, got, want.Get(k))
			}
		}
		wantStatus := http.StatusOK
		if p == "/nowhere" {
			wantStatus = http.StatusNotFound
		}
		if res.StatusCode != wantStatus {
			t.Errorf("nginx %s: %s", p, res.Status)
		}
		if p == wasm && brotli && res.Header.Get("Content-Encoding") != "br" {
			t.Errorf("nginx sends the wasm with Content-Encoding %q, want br", res.Header.Get("Content-Encoding"))
		}
		if p == "/manifest.webmanifest" && res.Header.Get("Content-Type") != "application/manifest+json" {
			t.Errorf("manifest type %q", res.Header.Get("Content-Type"))
		}
	}

	s := newSessionWith(t, 360, 740, func(string) http.Handler { return http.NotFoundHandler() })
	s.srv.Close()
	s.srv = &httptest.Server{URL: origin}
	s.readsDeepLink(t, "/en/at43/shooting.cover")
	s.readsShareLink(t)
	if !brotli {
		t.Skipf("%s is missing (apt-get install libnginx-mod-http-brotli-static): the snippet ran without brotli_static", NginxBrotliModule)
	}
}

// cspWatch records, from the first script of every page, the Content
// Security Policy violations the page reports.
const cspWatch = `window.__csp = [];
document.addEventListener("securitypolicyviolation", (e) => window.__csp.push(e.violatedDirective + " " + e.blockedURI + " " + e.sourceFile + ":" + e.lineNumber));`

// TestHostingContentSecurityPolicy runs the app under the policy the site
// ships in _headers, which the test server sends like Netlify: the pages,
// search, a calculator, settings and the worker's install run without a
// single violation, reported to the page or to the console.
func TestHostingContentSecurityPolicy(t *testing.T) {
	s := newSession(t, 360, 740)
	res, err := http.Get(s.url("/en/at43"))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	csp := res.Header.Get("Content-Security-Policy")
	if !strings.Contains(csp, "default-src 'self'") || !strings.Contains(csp, "script-src 'self' 'wasm-unsafe-eval'") || strings.Contains(csp, "unsafe-inline") {
		t.Fatalf("the page is served with CSP %q, want _headers' strict policy", csp)
	}
	var mu sync.Mutex
	var console []string
	err = chromedp.Listen(s.ctx, func(ev any) {
		if e, ok := ev.(*cdplog.EventEntryAdded); ok && strings.Contains(e.Entry.Text, "Content Security Policy") {
			mu.Lock()
			console = append(console, e.Entry.Text)
			mu.Unlock()
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(s.ctx, cdplog.Enable, cdp.Empty{}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(s.ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: cspWatch}); err != nil {
		t.Fatal(err)
	}
	violations := func(where string) {
		t.Helper()
		if v := eval[[]string](t, s, `window.__csp || ["the watch did not run"]`); len(v) > 0 {
			t.Errorf("%s: %d CSP violations: %q", where, len(v), v)
		}
	}

	s.open(t, "/en/at43/shooting.cover")
	s.waitOfflineReady(t)
	if !eval[bool](t, s, `typeof window.at4xControlled === "boolean"`) {
		t.Error("the head script did not run")
	}
	s.do(t, chromedp.Click(chromedp.ID("search-open")))
	s.poll(t, `document.activeElement && document.activeElement.id === "search-input"`, "the search box")
	s.do(t, chromedp.SendKeys(chromedp.ID("search-input"), "covre"))
	s.poll(t, `document.querySelectorAll("#search-results a.result").length > 0`, "search results")
	violations("a section and search")

	s.readsShareLink(t)
	s.do(t, chromedp.Click(chromedp.CSS(`[data-step='n'][data-dir='up']`)))
	s.poll(t, `new URLSearchParams(location.search).get("n") === "6"`, "the stepper")
	violations("the calculator")

	s.open(t, "/en/settings")
	s.do(t, chromedp.Click(chromedp.ID("theme-dark")))
	s.poll(t, `document.documentElement.dataset.theme === "dark"`, "the dark theme")
	s.open(t, "/fr/at44/glossary")
	if _, ok := readUntil(t, s, `document.documentElement.dataset.theme || ""`, is("dark")); !ok {
		t.Error("the saved theme is not applied under the CSP")
	}
	violations("settings and the glossary")

	mu.Lock()
	defer mu.Unlock()
	if len(console) > 0 {
		t.Errorf("the console reports CSP violations: %q", console)
	}
}

// otherPage is a page of another site on the origin of a site built for
// base "/", as the owner's other projects are under user.github.io.
const otherPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Other project</title></head><body><h1>OTHER PROJECT PAGE</h1></body></html>`

// TestHostingRootSiteLeavesTheOriginAlone serves, on one origin, the site
// built for base "/" at the root, the one built for /sub/ under it, and a
// plain page of another site at /other/ (user.github.io with the owner's
// other projects). Once the root app's worker is installed, the plain page
// and the /sub/ app still come from the network, and the /sub/ app
// registers its own worker; offline, the plain page fails as the browser
// fails, while the root app still opens an unvisited page, a share link
// and its own "Page not found".
func TestHostingRootSiteLeavesTheOriginAlone(t *testing.T) {
	sub := baseSiteDir(t)
	s := newSessionWith(t, 360, 740, func(dir string) http.Handler {
		mux := http.NewServeMux()
		mux.Handle("/", FileServer(dir))
		mux.Handle(subBase+"/", NewHost(sub, HostOptions{Base: subBase}))
		mux.HandleFunc("/other/", func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path != "/other/" && r.URL.Path != "/other/index.html" {
				http.NotFound(w, r)
				return
			}
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.Write([]byte(otherPage))
		})
		return mux
	})
	s.open(t, "/")
	s.waitOfflineReady(t)

	for _, p := range []string{"/other/", "/other/index.html"} {
		s.do(t, chromedp.Navigate(s.url(p)))
		s.poll(t, `document.readyState === "complete"`, p+" to load")
		if title, h1 := eval[string](t, s, `document.title`), s.text(t, "h1"); title != "Other project" || h1 != "OTHER PROJECT PAGE" {
			t.Errorf("%s shows title %q and heading %q, want the other site's page", p, title, h1)
		}
	}

	rootVersion := `document.querySelector('meta[name="at4x-version"]').content`
	for _, p := range []string{subBase + "/", subBase + "/en/about"} {
		s.open(t, p)
		if n := eval[int](t, s, `document.querySelectorAll(".notfound").length`); n != 0 {
			t.Errorf("%s shows %q: the root app answered it", p, s.text(t, "h1"))
		}
		if href, ok := readUntil(t, s, `document.getElementById("lang-switch").getAttribute("href")`, func(href string) bool { return strings.HasPrefix(href, subBase+"/") }); !ok {
			t.Errorf("%s is not the /sub/ app's page: its language switch links to %q", p, href)
		}
	}
	s.poll(t, `navigator.serviceWorker.getRegistrations().then(rs => rs.some(r => new URL(r.scope).pathname === "/sub/" && r.active))`,
		"the /sub/ app's own worker")
	subVersion := eval[string](t, s, rootVersion)
	s.open(t, "/en/about")
	if eval[string](t, s, rootVersion) == subVersion {
		t.Fatal("the root and /sub/ builds carry one version: the test cannot tell them apart")
	}

	s.srv.Close()
	err := chromedp.Do(s.ctx, chromedp.Navigate(s.url("/other/")))
	if err == nil {
		t.Errorf("offline, /other/ opened (title %q): the root app's worker answered it", eval[string](t, s, `document.title`))
	} else if !strings.Contains(err.Error(), "net::ERR_") {
		t.Errorf("offline, /other/ failed with %v, want the browser's network error", err)
	}
	s.readsDeepLink(t, "/fr/at43/shooting.cover")
	s.readsShareLink(t)
	s.open(t, "/en/no-such-page")
	if _, ok := s.textUntil(t, ".notfound h1", nonEmpty); !ok {
		t.Error("offline, a missing page of the app does not get the app's own \"Page not found\"")
	}
}
