package main

import (
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/at4x/companion/build/browser"
)

func TestCheckFirstVisit(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"index.html": "<p>hello</p>", "index.html.br": "0123456789",
		"web/app.wasm": strings.Repeat("w", 100), "web/app.wasm.br": strings.Repeat("b", 40_000),
	}
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	get := func(c *browser.Counter, paths ...string) {
		for _, p := range paths {
			req := httptest.NewRequest("GET", p, nil)
			req.Header.Set("Accept-Encoding", "br")
			c.ServeHTTP(httptest.NewRecorder(), req)
		}
	}
	cached := []string{"/", "/web/app.wasm"}
	// 40 KB of wasm take 200 ms on the mobile link.
	for _, tc := range []struct {
		name    string
		served  []string
		ready   float64
		wantErr string
	}{
		{"all from the server", []string{"/", "/web/app.wasm"}, 500, ""},
		{"the wasm from a cache", []string{"/", "/", "/", "/", "/"}, 500, "did not download /web/app.wasm"},
		{"less than the worker caches", []string{"/web/app.wasm"}, 500, "less than"},
		{"faster than the link", []string{"/", "/web/app.wasm"}, 150, "throttle did not hold"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := &browser.Counter{Handler: siteHandler(dir)}
			get(c, tc.served...)
			v := visits{cached: cached, moved: c.Bytes()}
			v.ready[0] = tc.ready
			err := checkFirstVisit(dir, v, c)
			switch {
			case tc.wantErr == "" && err != nil:
				t.Errorf("error: %v", err)
			case tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)):
				t.Errorf("error %v, want one saying %q", err, tc.wantErr)
			}
		})
	}
}

func TestLink(t *testing.T) {
	l := &link{rate: 100_000} // bytes a second
	start := time.Now()
	done := make(chan struct{})
	for range 2 {
		go func() {
			l.send(5_000)
			done <- struct{}{}
		}()
	}
	<-done
	first := time.Since(start)
	<-done
	both := time.Since(start)
	// Two sends of 5 KB share the link: the second ends after 10 KB
	// have passed, 100 ms.
	if first < 45*time.Millisecond || both < 95*time.Millisecond || both > time.Second {
		t.Errorf("two sends of 5 KB at 100 KB/s ended after %v and %v", first, both)
	}
	// A link idle for a while does not save up bandwidth.
	time.Sleep(60 * time.Millisecond)
	start = time.Now()
	l.send(2_000)
	if d := time.Since(start); d < 15*time.Millisecond {
		t.Errorf("2 KB at 100 KB/s after a pause took %v", d)
	}
}
