// Package browser holds the browser tests of the built site (in _test.go
// files, driven by chromedp against headless Chromium) and the file server
// they and `go run ./build serve` share.
package browser

import (
	"bufio"
	"mime"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
)

// HostOptions make the file server act like a given kind of static host.
type HostOptions struct {
	// Plain serves files as they are, like python -m http.server or a
	// default nginx: no /x → x.html mapping, no precompressed files, no
	// _headers, no 404.html.
	Plain bool
	// CacheControl, when set, is every response's Cache-Control, like the
	// max-age=600 GitHub Pages sends.
	CacheControl string
	// Base is the path the site is served under, like "/sub" for a site
	// built with -base /sub/; paths outside it are not found.
	Base string
}

// FileServer serves a built site the way a careful static host does (Netlify,
// Cloudflare Pages, or nginx with README's snippet): /x is x.html (or
// x/index.html), a precompressed x.br or x.gz is sent when the browser
// accepts it, with the type of the original file, the site's _headers file
// sets the headers, and a missing path gets 404.html.
func FileServer(dir string) http.Handler { return NewHost(dir, HostOptions{}) }

// NewHost serves a built site like the kind of host o describes.
func NewHost(dir string, o HostOptions) http.Handler {
	var rules []headerRule
	if !o.Plain {
		rules = readHeaders(filepath.Join(dir, "_headers"))
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "only GET and HEAD", http.StatusMethodNotAllowed)
			return
		}
		status := http.StatusOK
		rest, inside := strings.CutPrefix(r.URL.Path, strings.TrimRight(o.Base, "/")+"/")
		name, ok := resolve(dir, rest, !o.Plain)
		if !inside {
			ok = false
		}
		if !ok && !o.Plain {
			name, ok = resolve(dir, "/404.html", false)
			status = http.StatusNotFound
		}
		if !ok {
			http.NotFound(w, r)
			return
		}
		h := w.Header()
		h.Set("Content-Type", contentType(name))
		h.Set("Cache-Control", "no-cache")
		for _, rule := range rules {
			if rule.matches(r.URL.Path) {
				for _, kv := range rule.headers {
					h.Set(kv[0], kv[1])
				}
			}
		}
		if o.CacheControl != "" {
			h.Set("Cache-Control", o.CacheControl)
		}
		encoded := false
		if !o.Plain {
			h.Add("Vary", "Accept-Encoding")
			if enc := pickEncoding(r.Header.Get("Accept-Encoding"), name); enc.ext != "" {
				h.Set("Content-Encoding", enc.name)
				name += enc.ext
				encoded = true
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
		if status != http.StatusOK {
			h.Set("Content-Length", strconv.FormatInt(st.Size(), 10))
			w.WriteHeader(status)
			if r.Method == http.MethodGet {
				f.WriteTo(w)
			}
			return
		}
		if encoded {
			// http.ServeContent leaves Content-Length out when a
			// Content-Encoding is set, and a byte range of the compressed
			// form means nothing to the browser: send the whole file.
			h.Set("Content-Length", strconv.FormatInt(st.Size(), 10))
			r = r.Clone(r.Context())
			r.Header.Del("Range")
		}
		http.ServeContent(w, r, "", st.ModTime(), f)
	})
}

func contentType(name string) string {
	if strings.HasSuffix(name, ".webmanifest") {
		return "application/manifest+json"
	}
	if t := mime.TypeByExtension(filepath.Ext(name)); t != "" {
		return t
	}
	return "application/octet-stream"
}

// resolve finds the file for a URL path, with the checks of net/http.Dir:
// the cleaned path must be a local path on this OS (filepath.Localize
// refuses, on Windows, the backslashes and device names that would step out
// of dir). With html, /x may also be x.html.
func resolve(dir, urlPath string, html bool) (string, bool) {
	p := path.Clean("/" + urlPath)[1:]
	if p == "" {
		p = "."
	}
	if p == "_headers" {
		return "", false
	}
	rel, err := filepath.Localize(p)
	if err != nil {
		return "", false
	}
	base := filepath.Join(dir, rel)
	candidates := []string{base, filepath.Join(base, "index.html")}
	if html {
		candidates = []string{base, base + ".html", filepath.Join(base, "index.html")}
	}
	for _, c := range candidates {
		if st, err := os.Stat(c); err == nil && !st.IsDir() {
			return c, true
		}
	}
	return "", false
}

// An encoding is a content coding and the suffix of its precompressed file.
type encoding struct{ ext, name string }

// pickEncoding chooses the precompressed form of name to send: the one the
// Accept-Encoding header rates highest, brotli on a tie, and none when the
// header refuses both (q=0) or the file has no such form.
func pickEncoding(accept, name string) encoding {
	var best encoding
	bestQ := 0.0
	for _, enc := range []encoding{{".br", "br"}, {".gz", "gzip"}} {
		q := quality(accept, enc.name)
		if q <= bestQ {
			continue
		}
		if _, err := os.Stat(name + enc.ext); err == nil {
			best, bestQ = enc, q
		}
	}
	return best
}

// quality is the q-value an Accept-Encoding header gives coding: its own
// entry's, else that of "*", else 0 (not acceptable).
func quality(accept, coding string) float64 {
	star := 0.0
	for _, part := range strings.Split(accept, ",") {
		name, params, _ := strings.Cut(part, ";")
		name = strings.ToLower(strings.TrimSpace(name))
		if name == "" {
			continue
		}
		q := 1.0
		for _, p := range strings.Split(params, ";") {
			k, v, ok := strings.Cut(p, "=")
			if ok && strings.EqualFold(strings.TrimSpace(k), "q") {
				f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
				if err != nil || f < 0 || f > 1 {
					f = 0
				}
				q = f
			}
		}
		switch name {
		case coding:
			return q
		case "*":
			star = q
		}
	}
	return star
}

// A headerRule is one block of a _headers file: a path, or a prefix ending
// in *, and the headers its responses get.
type headerRule struct {
	pattern string
	headers [][2]string
}

func (r headerRule) matches(p string) bool {
	if prefix, ok := strings.CutSuffix(r.pattern, "*"); ok {
		return strings.HasPrefix(p, prefix)
	}
	return p == r.pattern
}

// readHeaders parses the subset of Netlify's _headers format the site build
// writes: an unindented path, then indented "Name: value" lines.
func readHeaders(name string) []headerRule {
	f, err := os.Open(name)
	if err != nil {
		return nil
	}
	defer f.Close()
	var rules []headerRule
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		trimmed := strings.TrimSpace(line)
		switch {
		case trimmed == "" || strings.HasPrefix(trimmed, "#"):
		case line[0] != ' ' && line[0] != '\t':
			rules = append(rules, headerRule{pattern: trimmed})
		case len(rules) > 0:
			if k, v, ok := strings.Cut(trimmed, ":"); ok {
				last := &rules[len(rules)-1]
				last.headers = append(last.headers, [2]string{strings.TrimSpace(k), strings.TrimSpace(v)})
			}
		}
	}
	return rules
}
