package browser

import (
	"encoding/json"
	"image/png"
	"io"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

func TestInstallFiles(t *testing.T) {
	s := newSession(t, 360, 740)
	get := func(path string) []byte {
		t.Helper()
		res, err := http.Get(s.url(path))
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		if res.StatusCode != http.StatusOK {
			t.Fatalf("GET %s: %s", path, res.Status)
		}
		b, err := io.ReadAll(res.Body)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	var m struct {
		Name, StartURL string
		Display        string
		Icons          []struct{ Src, Sizes, Type, Purpose string }
	}
	if err := json.Unmarshal(get("/manifest.webmanifest"), &m); err != nil {
		t.Fatalf("manifest: %v", err)
	}
	if m.Name == "" || m.Display != "standalone" {
		t.Errorf("manifest name %q display %q", m.Name, m.Display)
	}
	purposes := map[string]bool{}
	for _, ic := range m.Icons {
		if !strings.HasPrefix(ic.Src, "/web/") {
			t.Errorf("icon %s is not a local file", ic.Src)
			continue
		}
		b := get(ic.Src)
		purposes[ic.Purpose+" "+ic.Sizes] = true
		if ic.Type == "image/png" {
			img, err := png.Decode(strings.NewReader(string(b)))
			if err != nil {
				t.Errorf("%s: %v", ic.Src, err)
				continue
			}
			if want := ic.Sizes; want != "" && img.Bounds().Dx() != atoi(strings.Split(want, "x")[0]) {
				t.Errorf("%s is %d px wide, manifest says %s", ic.Src, img.Bounds().Dx(), want)
			}
		}
	}
	for _, want := range []string{" 192x192", " 512x512", "maskable 512x512", " any"} {
		if !purposes[want] {
			t.Errorf("manifest lacks the icon %q; has %v", want, purposes)
		}
	}
	worker := string(get("/app-worker.js"))
	for _, want := range []string{"event.waitUntil", `cache: "no-cache"`, `request.mode === "navigate"`, "ignoreSearch"} {
		if !strings.Contains(worker, want) {
			t.Errorf("app-worker.js lacks %s", want)
		}
	}
	// Installing the app offline needs every icon of the manifest.
	for _, ic := range m.Icons {
		if !strings.Contains(worker, strconv.Quote(ic.Src)) {
			t.Errorf("the worker does not precache the manifest's icon %s", ic.Src)
		}
	}
	if !regexp.MustCompile(`"/web/app-[0-9a-f]{10}\.wasm"`).MatchString(worker) {
		t.Error("the worker does not precache the wasm under its hashed name")
	}
}

func atoi(s string) int {
	n := 0
	for _, c := range s {
		n = n*10 + int(c-'0')
	}
	return n
}

// TestOffline visits once online, cuts the server, and reads a deep link
// and a calculator share link that were never opened before.
func TestOffline(t *testing.T) {
	s := newSession(t, 360, 740)
	s.open(t, "/")
	s.poll(t, `navigator.serviceWorker.controller !== null`, "the service worker to control the page")
	s.poll(t, `(async()=>{const r=await navigator.serviceWorker.getRegistration();return !!(r&&r.active&&r.active.state==="activated")})()`, "the worker to activate")
	s.srv.Close()

	const deep = "/fr/at44/shooting.cover"
	s.open(t, deep)
	if _, ok := s.textUntil(t, "h1", nonEmpty); !ok {
		t.Fatalf("offline deep link %s shows no title", deep)
	}
	if p, ok := readUntil(t, s, `location.pathname`, is(deep)); !ok {
		t.Errorf("offline deep link landed on %s", p)
	}
	if !s.holds(t, rulesShown) {
		t.Error("offline deep link shows no rules text")
	}
	s.open(t, "/calc/shoot?game=at43&n=5&rate=1&rr=0&acc=4&range=2&pen=6&dmg=1&target=inf&prot=5&size=10&cover=cover")
	s.poll(t, `!!(document.getElementById("calc-result")||{}).textContent`, "the calculator's result offline")
	var res map[string]any
	if err := json.Unmarshal([]byte(s.text(t, "#calc-result")), &res); err != nil {
		t.Fatalf("offline #calc-result is not JSON: %v", err)
	}
	if _, ok := res["casualties"]; !ok {
		t.Errorf("offline result lacks casualties: %v", res)
	}
}

// firstVisitBudget is the most a first visit may move, brotli-compressed,
// until the app is complete offline.
const firstVisitBudget = 2_000_000

// TestOfflineFirstVisitMovesEachFileOnce counts the bytes the server sends
// while a first visit loads a section and the worker fills its cache: each
// file moves once (the worker adopts the wasm the page downloaded), within
// the budget.
func TestOfflineFirstVisitMovesEachFileOnce(t *testing.T) {
	var c *Counter
	s := newSessionWith(t, 360, 740, func(dir string) http.Handler {
		c = &Counter{Handler: FileServer(dir)}
		return c
	})
	s.open(t, "/en/at43/shooting.cover")
	s.waitOfflineReady(t)
	wasm := eval[string](t, s, `performance.getEntriesByType("resource").map(e => new URL(e.name).pathname).find(p => p.endsWith(".wasm"))`)
	if n := c.Bodies(wasm); n != 1 {
		t.Errorf("the wasm (%s) was sent %d times, want once", wasm, n)
	}
	moved := c.Bytes()
	t.Logf("first visit, bytes moved until offline-complete: %.2f MB (brotli)", float64(moved)/1e6)
	if moved > firstVisitBudget {
		t.Errorf("the first visit moved %d bytes, over the %d budget", moved, firstVisitBudget)
	}
}

// TestOfflineRefillsAWipedCache wipes the worker's cache, as a browser
// evicting it would: the next online visit fills it again, and the app then
// starts offline.
func TestOfflineRefillsAWipedCache(t *testing.T) {
	s := newSession(t, 360, 740)
	s.open(t, "/")
	s.waitOfflineReady(t)
	wiped, err := chromedp.Run(s.ctx, chromedp.Evaluate[int](`(async () => {
		let n = 0;
		for (const k of await caches.keys()) { if (await caches.delete(k)) n++; }
		return n;
	})()`, chromedp.EvalAwaitPromise))
	if err != nil || wiped != 1 {
		t.Fatalf("wiping the cache: %d caches deleted, %v", wiped, err)
	}
	s.open(t, "/en/at43")
	s.waitOfflineReady(t)
	s.srv.Close()
	s.readsDeepLink(t, "/fr/at44/shooting.cover")
}
