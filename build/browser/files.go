// Package browser holds the browser tests of the built site (in _test.go
// files, driven by chromedp against headless Chromium) and the file server
// they and `go run ./build serve` share.
package browser

import (
	"mime"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// FileServer serves a built site the way a static host does: /x is x.html
// (or x/index.html), and a precompressed x.br or x.gz is sent when the
// browser accepts it, with the type of the original file.
func FileServer(dir string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			http.Error(w, "only GET and HEAD", http.StatusMethodNotAllowed)
			return
		}
		name, ok := resolve(dir, r.URL.Path)
		if !ok {
			http.NotFound(w, r)
			return
		}
		ctype := mime.TypeByExtension(filepath.Ext(name))
		if ctype == "" {
			ctype = "application/octet-stream"
		}
		if strings.HasSuffix(name, ".webmanifest") {
			ctype = "application/manifest+json"
		}
		h := w.Header()
		h.Set("Content-Type", ctype)
		h.Set("Cache-Control", "no-cache")
		h.Add("Vary", "Accept-Encoding")
		accept := r.Header.Get("Accept-Encoding")
		for _, enc := range []struct{ ext, name string }{{".br", "br"}, {".gz", "gzip"}} {
			if !strings.Contains(accept, enc.name) {
				continue
			}
			if _, err := os.Stat(name + enc.ext); err == nil {
				h.Set("Content-Encoding", enc.name)
				name += enc.ext
				break
			}
		}
		f, err := os.Open(name)
		if err != nil {
			http.NotFound(w, r)
			return
		}
		defer f.Close()
		st, err := f.Stat()
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		http.ServeContent(w, r, "", st.ModTime(), f)
	})
}

// resolve finds the file for a URL path.
func resolve(dir, p string) (string, bool) {
	p = path.Clean("/" + p)
	base := filepath.Join(dir, filepath.FromSlash(p))
	for _, c := range []string{base, base + ".html", filepath.Join(base, "index.html")} {
		if st, err := os.Stat(c); err == nil && !st.IsDir() {
			return c, true
		}
	}
	return "", false
}
