package main

import (
	"bytes"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/at4x/companion/app/contentdata"
)

// versionSlot is the version the handler generates the site with; finish
// replaces it with a hash of everything generated, so the version changes
// exactly when a byte the browser gets changes.
const versionSlot = "AT4XVERSIONSLOT0"

// validBase is what -base accepts: path segments of letters, digits and
// ._~- (no ":", which closes the app's storage prefix).
var validBase = regexp.MustCompile(`^(/[A-Za-z0-9._~-]+)*$`)

// hashedAssets are the files finish renames name-<hash>.ext, in order: the
// wasm before app.js and the library before the head script, since each
// names the one before. Their URLs then change exactly when their bytes do,
// so a host may let browsers keep them for a year, the service worker may
// take them from the HTTP cache, and a page can only ever load the
// scripts, styles, wasm and library of its own version.
var hashedAssets = []string{"web/app.wasm", "app.js", "wasm_exec.js", "app.css", contentdata.File, "web/head.js"}

// hashedName matches the names of content-hashed files; the worker
// (app/worker.js) uses the same pattern.
var hashedName = regexp.MustCompile(`-[0-9a-f]{10}\.(js|css|wasm|txt)$`)

// contentSecurityPolicy is the policy _headers and the README's nginx
// snippet send: scripts only from the site's own files (no inline script),
// plus the compilation of the wasm.
const contentSecurityPolicy = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"

// finish turns go-app's output into the deployable site: it sets the
// version, renames the assets with their content hash and points every
// page and the worker at the new names, and writes _headers. It returns the
// version.
func finish(out, base string) (string, error) {
	if err := trimClient(out); err != nil {
		return "", err
	}
	files, err := siteFiles(out)
	if err != nil {
		return "", err
	}
	html := func(f string) bool { return path.Ext(f) == ".html" }
	if err := transform(out, files, html, func(b []byte) ([]byte, error) { return stripHTML(b), nil }); err != nil {
		return "", err
	}
	scripts := func(f string) bool {
		return slices.Contains([]string{"app.js", "app-worker.js", "wasm_exec.js", "web/head.js"}, f)
	}
	if err := transform(out, files, scripts, stripJS); err != nil {
		return "", err
	}
	var parts [][]byte
	for _, f := range files {
		b, err := os.ReadFile(filepath.Join(out, filepath.FromSlash(f)))
		if err != nil {
			return "", err
		}
		parts = append(parts, []byte(f), b)
	}
	version := hash(parts...)[:16]
	texts := func(f string) bool { return f == "app.js" || f == "app-worker.js" || path.Ext(f) == ".html" }
	if err := rewrite(out, files, texts, strings.NewReplacer(versionSlot, version)); err != nil {
		return "", err
	}

	url := func(f string) string { return `"` + base + "/" + f + `"` }
	for _, f := range hashedAssets {
		b, err := os.ReadFile(filepath.Join(out, filepath.FromSlash(f)))
		if err != nil {
			return "", err
		}
		ext := path.Ext(f)
		name := strings.TrimSuffix(f, ext) + "-" + hash(b)[:10] + ext
		if err := os.Rename(filepath.Join(out, filepath.FromSlash(f)), filepath.Join(out, filepath.FromSlash(name))); err != nil {
			return "", err
		}
		// Every reference is a quoted absolute URL: an attribute in the
		// pages, a string in app.js and in the worker's list.
		users := func(g string) bool { return g == "app-worker.js" || path.Ext(g) == ".html" }
		switch f {
		case "web/app.wasm":
			users = func(g string) bool { return g == "app-worker.js" || g == "app.js" }
		case contentdata.File:
			users = func(g string) bool { return g == "app-worker.js" || g == "web/head.js" }
		}
		if err := rewrite(out, files, users, strings.NewReplacer(url(f), url(name))); err != nil {
			return "", err
		}
		files[slices.Index(files, f)] = name
	}
	return version, writeHeaders(out, base, files)
}

// siteFiles lists the files of a site by slash path, sorted.
func siteFiles(out string) ([]string, error) {
	var files []string
	err := filepath.WalkDir(out, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(out, p)
		files = append(files, filepath.ToSlash(rel))
		return err
	})
	sort.Strings(files)
	return files, err
}

// rewrite applies r to the files that which selects.
func rewrite(out string, files []string, which func(string) bool, r *strings.Replacer) error {
	return transform(out, files, which, func(b []byte) ([]byte, error) { return []byte(r.Replace(string(b))), nil })
}

// transform replaces each file that which selects by f of its bytes.
func transform(out string, files []string, which func(string) bool, f func([]byte) ([]byte, error)) error {
	for _, name := range files {
		if !which(name) {
			continue
		}
		p := filepath.Join(out, filepath.FromSlash(name))
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		nb, err := f(b)
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		if !bytes.Equal(nb, b) {
			if err := os.WriteFile(p, nb, 0o644); err != nil {
				return err
			}
		}
	}
	return nil
}

// Cache-Control values of _headers.
const (
	immutable = "public, max-age=31536000, immutable"
	noCache   = "no-cache"
)

// writeHeaders writes _headers, the file Netlify and Cloudflare Pages read
// for response headers: the CSP for every path, a year of caching for the
// content-hashed files and revalidation for everything else (pages, the
// worker, the manifest, icons). Each path gets one Cache-Control, since
// these hosts join the values of rules that overlap.
func writeHeaders(out, base string, files []string) error {
	var b strings.Builder
	b.WriteString("# Response headers for Netlify and Cloudflare Pages; README's nginx snippet sends the same.\n")
	fmt.Fprintf(&b, "%s/*\n  Content-Security-Policy: %s\n  X-Content-Type-Options: nosniff\n  Referrer-Policy: strict-origin-when-cross-origin\n", base, contentSecurityPolicy)
	rule := func(p string, headers ...string) {
		fmt.Fprintf(&b, "%s\n", base+p)
		for _, h := range headers {
			fmt.Fprintf(&b, "  %s\n", h)
		}
	}
	dirs := map[string]bool{}
	rule("/", "Cache-Control: "+noCache)
	for _, f := range files {
		switch {
		case strings.HasSuffix(f, ".br") || strings.HasSuffix(f, ".gz") || f == "_headers":
		case hashedName.MatchString(f) && path.Ext(f) == ".wasm":
			rule("/"+f, "Content-Type: application/wasm", "Cache-Control: "+immutable)
		case hashedName.MatchString(f):
			rule("/"+f, "Cache-Control: "+immutable)
		case strings.Contains(f, "/") && !strings.HasPrefix(f, "web/"):
			dirs[f[:strings.Index(f, "/")]] = true
		default:
			rule("/"+f, "Cache-Control: "+noCache)
		}
	}
	for _, d := range slices.Sorted(maps.Keys(dirs)) {
		rule("/"+d+"/*", "Cache-Control: "+noCache)
	}
	return os.WriteFile(filepath.Join(out, "_headers"), []byte(b.String()), 0o644)
}

// trimClient adjusts go-app's generated app.js: it hands
// WebAssembly.instantiateStreaming the wasm's own fetch response rather
// than go-app's copy of it (made to count the bytes for a progress label
// the style sheet hides). A response that keeps its URL is one V8 can keep
// the compiled code of, so a later visit skips compiling the functions the
// start runs again. It fails loudly when go-app's output no longer has the
// expected shape.
//
// The worker precaches every icon of the manifest, as go-app lists them
// (5.5 KB): installing the app, or showing it on the home screen, needs
// them, offline too.
func trimClient(out string) error {
	js := filepath.Join(out, "app.js")
	b, err := os.ReadFile(js)
	if err != nil {
		return err
	}
	progress := regexp.MustCompile(`fetchWithProgress\(("[^"]+\.wasm"), showProgress\)`)
	if len(progress.FindAll(b, -1)) != 1 {
		return fmt.Errorf("app.js: go-app's fetchWithProgress(<wasm>, showProgress) call not found once")
	}
	return os.WriteFile(js, progress.ReplaceAll(b, []byte("fetch($1)")), 0o644)
}

// stripJS drops a script's comment lines and indentation, which the first
// visit would otherwise download (a quarter of Go's wasm_exec.js). It
// keeps every other line as it is, so it refuses a script whose template
// literal spans lines, where a line's spaces would be the string's.
func stripJS(b []byte) ([]byte, error) {
	for _, line := range strings.Split(string(b), "\n") {
		if strings.Count(line, "`")%2 != 0 {
			return nil, fmt.Errorf("a template literal spans lines: %q", strings.TrimSpace(line))
		}
	}
	return trimLines(string(b), func(line string) bool { return !strings.HasPrefix(line, "//") }), nil
}

// trimLines is text with each line's indentation and trailing spaces
// dropped, and with the lines left empty or that keep refuses.
func trimLines(text string, keep func(line string) bool) []byte {
	var out []string
	for _, line := range strings.Split(text, "\n") {
		if line = strings.TrimSpace(line); line != "" && keep(line) {
			out = append(out, line)
		}
	}
	return []byte(strings.Join(out, "\n") + "\n")
}

// cssComment is a comment of the style sheet.
var cssComment = regexp.MustCompile(`(?s)/\*.*?\*/`)

// stripCSS drops the style sheet's comments and indentation. It refuses a
// sheet where a comment would start inside a string ("/*" after an odd
// number of quotes on its line), which it could not tell apart.
func stripCSS(b []byte) ([]byte, error) {
	for _, m := range cssComment.FindAllIndex(b, -1) {
		before := b[bytes.LastIndexByte(b[:m[0]], '\n')+1 : m[0]]
		if bytes.Count(before, []byte(`"`))%2 != 0 || bytes.Count(before, []byte(`'`))%2 != 0 {
			return nil, fmt.Errorf("style sheet: a comment may start in a string: %q", before)
		}
	}
	return trimLines(cssComment.ReplaceAllString(string(b), ""), func(string) bool { return true }), nil
}

// stripHTML drops the indentation go-app writes before each line of a
// page: the newline before it stays, so the text reads with the same
// spaces. A page with preformatted text keeps its indentation.
func stripHTML(b []byte) []byte {
	if bytes.Contains(b, []byte("<pre")) || bytes.Contains(b, []byte("<textarea")) {
		return b
	}
	return htmlIndent.ReplaceAll(b, []byte("\n"))
}

// htmlIndent is a newline and the spaces after it.
var htmlIndent = regexp.MustCompile(`\n[ \t]+`)
