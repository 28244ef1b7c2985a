package browser

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

// testSite writes a small site: a page with .br and .gz forms, a hashed
// script, a 404.html, a _headers file, and a secret beside the site.
func testSite(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	dir := filepath.Join(root, "site")
	files := map[string]string{
		"index.html":              "<p>home</p>",
		"a.html":                  "<p>page a, long enough to be worth compressing</p>",
		"a.html.br":               "BR",
		"a.html.gz":               "GZIP",
		"web/app-0123456789.js":   "console.log(1)",
		"404.html":                "<p>missing</p>",
		"_headers":                "# test\n/*\n  Content-Security-Policy: default-src 'self'\n/web/app-0123456789.js\n  Cache-Control: public, max-age=31536000, immutable\n",
		"../secret.txt":           "secret",
		"web/app-0123456789.wasm": "\x00asm",
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
	return dir
}

func serve(t *testing.T, h http.Handler, method, target string, header ...string) *httptest.ResponseRecorder {
	t.Helper()
	r := httptest.NewRequest(method, target, nil)
	for i := 0; i+1 < len(header); i += 2 {
		r.Header.Set(header[i], header[i+1])
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

func TestFileServerAcceptEncoding(t *testing.T) {
	h := FileServer(testSite(t))
	tests := []struct {
		name, accept, want string
	}{
		{"none", "", ""},
		{"identity only", "identity", ""},
		{"brotli", "gzip, deflate, br", "br"},
		{"brotli refused", "br;q=0, gzip", "gzip"},
		{"brotli refused with spaces", "gzip , br ; q=0", "gzip"},
		{"both refused", "br;q=0, gzip;q=0.000", ""},
		{"gzip rated higher", "br;q=0.2, gzip;q=0.9", "gzip"},
		{"star", "*", "br"},
		{"star refused", "*;q=0", ""},
		{"star but not brotli", "*, br;q=0", "gzip"},
		{"upper case", "GZIP", "gzip"},
		{"bad q", "br;q=x, gzip", "gzip"},
		{"substring is not a match", "xbr, gzipx", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := serve(t, h, "GET", "/a", "Accept-Encoding", tt.accept)
			if got := w.Header().Get("Content-Encoding"); got != tt.want {
				t.Errorf("Accept-Encoding %q: Content-Encoding %q, want %q", tt.accept, got, tt.want)
			}
			if ct := w.Header().Get("Content-Type"); ct != "text/html; charset=utf-8" {
				t.Errorf("Content-Type %q", ct)
			}
		})
	}
}

func TestFileServerMethodsAndHead(t *testing.T) {
	h := FileServer(testSite(t))
	w := serve(t, h, "POST", "/a")
	if w.Code != http.StatusMethodNotAllowed || w.Header().Get("Allow") != "GET, HEAD" {
		t.Errorf("POST: %d, Allow %q; want 405 with Allow: GET, HEAD", w.Code, w.Header().Get("Allow"))
	}
	for _, tt := range []struct{ accept, want string }{{"br", "2"}, {"gzip", "4"}, {"", "50"}} {
		w := serve(t, h, "HEAD", "/a", "Accept-Encoding", tt.accept)
		if w.Code != http.StatusOK || w.Header().Get("Content-Length") != tt.want || w.Body.Len() != 0 {
			t.Errorf("HEAD with %q: %d, Content-Length %q, %d body bytes; want 200, %s, none",
				tt.accept, w.Code, w.Header().Get("Content-Length"), w.Body.Len(), tt.want)
		}
	}
	// A byte range of a compressed form is refused in favour of the whole.
	w = serve(t, h, "GET", "/a", "Accept-Encoding", "br", "Range", "bytes=0-0")
	if w.Code != http.StatusOK || w.Body.String() != "BR" {
		t.Errorf("ranged GET of a brotli file: %d %q", w.Code, w.Body.String())
	}
}

func TestFileServerPaths(t *testing.T) {
	dir := testSite(t)
	h := FileServer(dir)
	plain := NewHost(dir, HostOptions{Plain: true})
	tests := []struct {
		name, path string
		plain      bool
		code       int
		body       string
	}{
		{"root", "/", false, 200, "<p>home</p>"},
		{"mapped page", "/a", false, 200, "<p>page a, long enough to be worth compressing</p>"},
		{"plain host does not map", "/a", true, 404, ""},
		{"plain host serves the file", "/a.html", true, 200, "<p>page a, long enough to be worth compressing</p>"},
		{"missing gets 404.html", "/nowhere", false, 404, "<p>missing</p>"},
		{"dot dot", "/../secret.txt", false, 404, "<p>missing</p>"},
		{"dot dot in a page path", "/web/../../secret.txt", false, 404, "<p>missing</p>"},
		{"backslashes (Windows separators)", `/..\secret.txt`, false, 404, "<p>missing</p>"},
		{"NUL", "/a\x00.html", false, 404, "<p>missing</p>"},
		{"_headers stays private", "/_headers", false, 404, "<p>missing</p>"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := h
			if tt.plain {
				s = plain
			}
			// The path as net/http hands it over, already unescaped.
			r := httptest.NewRequest("GET", "/", nil)
			r.URL.Path = tt.path
			w := httptest.NewRecorder()
			s.ServeHTTP(w, r)
			if w.Code != tt.code || (tt.body != "" && w.Body.String() != tt.body) {
				t.Errorf("GET %s: %d %q, want %d %q", tt.path, w.Code, w.Body.String(), tt.code, tt.body)
			}
		})
	}
}

func TestFileServerHeadersFile(t *testing.T) {
	dir := testSite(t)
	h := FileServer(dir)
	w := serve(t, h, "GET", "/web/app-0123456789.js")
	if got := w.Header().Get("Cache-Control"); got != "public, max-age=31536000, immutable" {
		t.Errorf("hashed script Cache-Control %q", got)
	}
	if got := w.Header().Get("Content-Security-Policy"); got != "default-src 'self'" {
		t.Errorf("CSP %q", got)
	}
	w = serve(t, h, "GET", "/a")
	if got := w.Header().Get("Cache-Control"); got != "no-cache" {
		t.Errorf("page Cache-Control %q, want no-cache", got)
	}
	if got := w.Header().Get("Content-Type"); got != "text/html; charset=utf-8" {
		t.Errorf("page type %q", got)
	}
	if got := serve(t, h, "GET", "/web/app-0123456789.wasm").Header().Get("Content-Type"); got != "application/wasm" {
		t.Errorf("wasm type %q", got)
	}
	w = serve(t, NewHost(dir, HostOptions{Plain: true}), "GET", "/a.html")
	if got := w.Header().Get("Content-Security-Policy"); got != "" {
		t.Errorf("a plain host sent the _headers CSP %q", got)
	}
	w = serve(t, NewHost(dir, HostOptions{CacheControl: "max-age=600"}), "GET", "/web/app-0123456789.js")
	if got := w.Header().Get("Cache-Control"); got != "max-age=600" {
		t.Errorf("Cache-Control override %q", got)
	}
	if n, _ := strconv.Atoi(w.Header().Get("Content-Length")); n != len("console.log(1)") {
		t.Errorf("Content-Length %q", w.Header().Get("Content-Length"))
	}
}
