package browser

import (
	"bytes"
	"net/http"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestUpdateIsOffered publishes a new worker while a controlled page is
// open and expects the "update available" banner, whose button reloads.
func TestUpdateIsOffered(t *testing.T) {
	var published atomic.Bool
	s := newSessionWith(t, 360, 740, func(dir string) http.Handler {
		files := FileServer(dir)
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path != "/app-worker.js" || !published.Load() {
				files.ServeHTTP(w, r)
				return
			}
			b, err := os.ReadFile(filepath.Join(dir, "app-worker.js"))
			if err != nil {
				http.Error(w, err.Error(), http.StatusInternalServerError)
				return
			}
			w.Header().Set("Content-Type", "text/javascript")
			w.Header().Set("Cache-Control", "no-cache")
			w.Write(bytes.Replace(b, []byte(`const cacheName = "app-" + "`), []byte(`const cacheName = "app-" + "next-`), 1))
		})
	})
	s.open(t, "/en/at43")
	s.poll(t, `navigator.serviceWorker.controller !== null`, "the first worker to control the page")
	if n := eval[int](t, s, `document.querySelectorAll(".banner").length`); n != 0 {
		t.Error("the first install is announced as an update")
	}
	s.open(t, "/en/at43/shooting.cover")
	published.Store(true)
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
	if s.text(t, "h1") == "" {
		t.Error("the page after the update shows nothing")
	}
}
