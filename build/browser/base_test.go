package browser

import (
	"net/http"
	"net/http/httptest"
	"os"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBasePath checks a site built for a sub-path (go run ./build site
// -base /sub/ -out DIR) served under /sub/: set SITE_BASE_DIR=DIR.
func TestBasePath(t *testing.T) {
	dir := os.Getenv("SITE_BASE_DIR")
	if dir == "" {
		t.Skip("SITE_BASE_DIR is not set: build with `go run ./build site -base /sub/ -out DIR` and set SITE_BASE_DIR=DIR")
	}
	t.Setenv("SITE_DIR", dir)
	s := newSession(t, 360, 740)
	s.srv.Close()
	mux := http.NewServeMux()
	mux.Handle("/sub/", http.StripPrefix("/sub", FileServer(dir)))
	s.srv = httptest.NewServer(mux)
	t.Cleanup(s.srv.Close)

	s.open(t, "/sub/en/at43/shooting.cover")
	if s.text(t, "h1") == "" || len(s.text(t, ".prose")) < 200 {
		t.Fatal("the section does not show under /sub/")
	}
	for _, sel := range []string{"#lang-switch", ".prose a.term", ".bottom .toc"} {
		href := eval[string](t, s, `document.querySelector("`+sel+`").getAttribute("href")`)
		if len(href) < 5 || href[:5] != "/sub/" {
			t.Errorf("%s links to %q, outside /sub/", sel, href)
		}
	}
	s.do(t, chromedp.Click(chromedp.ID("lang-switch")))
	s.poll(t, `location.pathname === "/sub/fr/at43/shooting.cover"`, "the French section under /sub/")
	s.poll(t, `document.documentElement.lang === "fr"`, "lang=fr")
}
