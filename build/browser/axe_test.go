package browser

import (
	"archive/tar"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// axeSource returns axe.min.js, from AXE_JS, from the cache, or fetched
// into the cache with npm.
func axeSource(t *testing.T) string {
	t.Helper()
	if p := os.Getenv("AXE_JS"); p != "" {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatalf("AXE_JS: %v", err)
		}
		return string(b)
	}
	js := AxeCacheFile()
	dir := filepath.Dir(js)
	if b, err := os.ReadFile(js); err == nil {
		return string(b)
	}
	npm, err := exec.LookPath("npm")
	if err != nil {
		// go run ./build test installs npm first, and fails on a skip.
		t.Skip("npm is missing, so axe-core cannot be fetched: install it (apt-get install npm) or set AXE_JS to an axe.min.js")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(npm, "pack", "axe-core@"+AxeVersion, "--pack-destination", dir)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("npm pack axe-core@%s: %v\n%s", AxeVersion, err, out)
	}
	b, err := fromTarball(filepath.Join(dir, "axe-core-"+AxeVersion+".tgz"), "package/axe.min.js")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(js, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// fromTarball reads one file out of a .tgz.
func fromTarball(path, name string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return nil, err
	}
	tr := tar.NewReader(zr)
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			return nil, fmt.Errorf("%s holds no %s", path, name)
		}
		if err != nil {
			return nil, err
		}
		if h.Name == name {
			return io.ReadAll(tr)
		}
	}
}

// axeReport runs axe-core on the page and returns its serious and critical
// violations, one line each.
func (s *session) axeReport(t *testing.T, src string) []string {
	t.Helper()
	return s.axeViolations(t, src, "serious", "critical")
}

// axeViolations runs axe-core on the page and returns its violations of
// the impacts given, one line each. It runs axe again until there are none,
// for up to waitTimeout, as every assertion waits for its condition: a page
// still drawing on a busy machine is not yet the page to judge.
func (s *session) axeViolations(t *testing.T, src string, impacts ...string) []string {
	t.Helper()
	if !eval[bool](t, s, `typeof axe === "object"`) {
		s.do(t, chromedp.Evaluate[chromedp.Void](src))
	}
	list, err := json.Marshal(impacts)
	if err != nil {
		t.Fatal(err)
	}
	lines, _ := readUntil(t, s, `axe.run(document, {resultTypes: ["violations"]}).then(r =>
		r.violations.filter(v => `+string(list)+`.includes(v.impact)).map(v =>
			v.impact + " " + v.id + ": " + v.help + " — " + v.nodes.slice(0, 3).map(n => n.target.join(" ") + (n.failureSummary ? " (" + n.failureSummary.replace(/\s+/g, " ").slice(0, 160) + ")" : "")).join("; ")))`,
		none, chromedp.EvalAwaitPromise)
	return lines
}

// TestAxe runs axe-core on the home page, a section, a calculator, the
// search panel and the term sheet, in the light and the dark theme, and
// fails on any serious or critical violation.
func TestAxe(t *testing.T) {
	s := newSession(t, 360, 740)
	src := axeSource(t)
	s.open(t, "/en/about")
	for _, theme := range []string{"light", "dark"} {
		s.do(t, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`localStorage.clear(); localStorage.setItem(%s, JSON.stringify({theme: %q}))`, prefsKeyJS, theme)))
		for _, c := range []struct {
			name, path string
			open       func(t *testing.T)
		}{
			{"home", "/?lang=fr", nil},
			{"section", "/en/at43/morale.test", nil},
			{"calculator", "/calc/shoot?lang=fr&game=at44", nil},
			{"us and them", "/calc/authority?lang=en&game=at43", nil},
			{"search open", "/fr/at43/shooting.cover", func(t *testing.T) {
				s.tap(t, "#search-open")
				s.poll(t, `document.activeElement.id === "search-input"`, "the search box")
				s.do(t, chromedp.SendKeys(chromedp.ID("search-input"), "couvert"))
				s.poll(t, `document.querySelectorAll("#search-results a.result").length > 0`, "search results")
			}},
			{"term sheet", "/en/at44/shooting.cover", func(t *testing.T) {
				s.tap(t, ".prose a.term")
				s.poll(t, `document.activeElement.id === "term-close"`, "the term sheet")
			}},
			{"glossary", "/fr/at43/glossary", nil},
		} {
			t.Run(theme+"/"+c.name, func(t *testing.T) {
				s.open(t, c.path)
				if got, ok := readUntil(t, s, `document.documentElement.dataset.theme || ""`, is(theme)); !ok {
					t.Fatalf("theme %q, want %q", got, theme)
				}
				if c.open != nil {
					c.open(t)
				}
				if v := s.axeReport(t, src); len(v) > 0 {
					t.Errorf("axe-core on %s (%s):\n%s", c.path, theme, strings.Join(v, "\n"))
				}
			})
		}
	}
}

// axeImpacts are every impact axe-core gives a violation.
var axeImpacts = []string{"minor", "moderate", "serious", "critical"}

// TestAxeCalculators runs axe-core on every calculator, with its results
// drawn, the after-the-roll row and the QR code open, and on the settings,
// in every theme and both languages, and fails on a violation of any
// impact (issue 23, point 10).
func TestAxeCalculators(t *testing.T) {
	src := axeSource(t)
	pages := []string{"/calc/shoot?game=at44&n=6&acc=4&cm=23&cover=cover", "/calc/shoot?game=at43&target=veh", "/calc/melee?game=at44",
		"/calc/salvos?game=at43&target=veh&weapons=2,1&s1.n=2&s2.n=2", "/calc/salvos?game=at44&s1.n=4&s2.n=3", "/calc/indirect?game=at43&vehicles=1",
		"/calc/morale?game=at44", "/calc/authority?game=at43", "/calc/crush?game=at44", "/calc/minefield?game=at43",
		"/calc/terrain?game=at44", "/calc/d10attack?game=d10", "/calc/d10morale?game=d10", "/calc/d10vehicle?game=d10"}
	for _, theme := range []string{"light", "dark", "red"} {
		for _, lang := range []string{"en", "fr"} {
			// A browser per theme and language: a session lives
			// sessionTimeout.
			s := newSession(t, 360, 740)
			s.open(t, "/en/about")
			s.do(t, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`localStorage.clear(); localStorage.setItem(%s, JSON.stringify({theme: %q}))`, prefsKeyJS, theme)))
			for _, page := range append(pages, "/"+lang+"/settings") {
				path := page
				if strings.HasPrefix(page, "/calc/") {
					path += "&lang=" + lang
				}
				t.Run(theme+path, func(t *testing.T) {
					s.open(t, path)
					if got, ok := readUntil(t, s, `document.documentElement.dataset.theme || ""`, is(theme)); !ok {
						t.Fatalf("theme %q, want %q", got, theme)
					}
					if strings.HasPrefix(page, "/calc/") {
						s.showResults(t)
						if eval[bool](t, s, `(() => { const r = document.getElementById("calc-roll"); if (r) r.open = true; return !!r })()`) {
							s.poll(t, `!!document.getElementById("roll-count")`, "the roll row's lists")
						}
						s.tap(t, "#calc-qr-toggle")
						s.poll(t, `!!document.getElementById("calc-qr")`, "the QR code")
					}
					if v := s.axeViolations(t, src, axeImpacts...); len(v) > 0 {
						t.Errorf("axe-core on %s (%s):\n%s", path, theme, strings.Join(v, "\n"))
					}
				})
			}
		}
	}
}

// TestAxeAuditPages runs axe-core on the pages of the third table audit
// (audits/round3-table-use.md, problem K) that TestAxeCalculators does not
// read: home, two sections, the glossary and every game's reference card,
// whose sides and blocks once shared a landmark's name ("The round"), and
// a calculator with a refused value, marked invalid; in both languages,
// light and dark, failing on a violation of any impact.
func TestAxeAuditPages(t *testing.T) {
	src := axeSource(t)
	for _, theme := range []string{"light", "dark"} {
		for _, lang := range []string{"en", "fr"} {
			s := newSession(t, 360, 740)
			s.open(t, "/en/about")
			s.do(t, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`localStorage.clear(); localStorage.setItem(%s, JSON.stringify({theme: %q}))`, prefsKeyJS, theme)))
			for _, page := range []string{"/?lang=" + lang, "/" + lang + "/at43/shooting.cover", "/" + lang + "/at44/morale.test",
				"/" + lang + "/at43/glossary", "/" + lang + "/at43/card", "/" + lang + "/at44/card", "/" + lang + "/d10/card",
				"/calc/shoot?game=at43&n=abc&acc=4&cm=23&cover=bunker&lang=" + lang} {
				t.Run(theme+page, func(t *testing.T) {
					s.open(t, page)
					if got, ok := readUntil(t, s, `document.documentElement.dataset.theme || ""`, is(theme)); !ok {
						t.Fatalf("theme %q, want %q", got, theme)
					}
					if strings.HasPrefix(page, "/calc/") {
						s.showResults(t)
					}
					if v := s.axeViolations(t, src, axeImpacts...); len(v) > 0 {
						t.Errorf("axe-core on %s (%s):\n%s", page, theme, strings.Join(v, "\n"))
					}
				})
			}
		}
	}
}
