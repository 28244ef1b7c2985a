package main

import (
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/at4x/companion/app/calc"
	"github.com/at4x/companion/build/browser"
)

// lighthouseVersion is the Lighthouse release perf installs from the npm
// registry: 12.x still runs on the Node.js 18 that Debian ships.
const lighthouseVersion = "lighthouse@12.8.2"

// lighthouseDir is where perf keeps its Lighthouse install between runs.
const lighthouseDir = "build/out/lighthouse"

// A lighthouseScore is one page's medians over the runs of Lighthouse's
// default mobile preset (simulated slow 4G, 4x CPU slowdown).
type lighthouseScore struct {
	site, path  string
	performance float64 // 0-100
	tbt         float64 // total blocking time, ms
	lcp         float64 // largest contentful paint, ms
	lcpElement  string  // what the largest contentful paint painted, in the last run
	// work is the main thread's time by Lighthouse's groups (script
	// evaluation, style and layout, ...), ms.
	work map[string]float64
}

// A lighthouseRun is what one Lighthouse run reports of a page.
type lighthouseRun struct {
	performance, tbt, lcp float64
	lcpElement            string
	work                  map[string]float64
}

// installLighthouse installs Lighthouse into lighthouseDir once and returns
// the path of its command-line entry point.
func installLighthouse() (string, error) {
	cli := filepath.Join(lighthouseDir, "node_modules", "lighthouse", "cli", "index.js")
	if _, err := os.Stat(cli); err == nil {
		return cli, nil
	}
	if _, err := exec.LookPath("npm"); err != nil {
		return "", fmt.Errorf("lighthouse needs Node.js and npm: apt-get install -y nodejs npm")
	}
	if err := os.MkdirAll(lighthouseDir, 0o755); err != nil {
		return "", err
	}
	if err := run(nil, "npm", "install", "--no-audit", "--no-fund", "--prefix", lighthouseDir, lighthouseVersion); err != nil {
		return "", err
	}
	return cli, nil
}

// lighthouseSeries gathers one page's runs, for its medians.
type lighthouseSeries struct {
	site, path     string
	perf, tbt, lcp []float64
	work           map[string][]float64
	last           lighthouseRun
}

func (s *lighthouseSeries) add(r lighthouseRun) {
	s.perf, s.tbt, s.lcp = append(s.perf, r.performance), append(s.tbt, r.tbt), append(s.lcp, r.lcp)
	if s.work == nil {
		s.work = map[string][]float64{}
	}
	for _, g := range lighthouseGroups {
		s.work[g.id] = append(s.work[g.id], r.work[g.id])
	}
	s.last = r
}

// score is the series' medians.
func (s *lighthouseSeries) score() lighthouseScore {
	out := lighthouseScore{site: s.site, path: s.path, performance: median(s.perf), tbt: median(s.tbt),
		lcp: median(s.lcp), lcpElement: s.last.lcpElement, work: map[string]float64{}}
	for g, v := range s.work {
		out.work[g] = median(v)
	}
	return out
}

// lighthouseOrder is the order of one round's runs: the hello world's
// home page before each of the app's pages (hello, link, hello, section,
// hello, home), as indexes into the series, 0 the hello world's. Measured
// one site after the other, the ratios depended on the order (0.91x or
// 1.33x for a section, issue 38): the machine's state drifts over a
// minute, and so does another engineer's load on it.
func lighthouseOrder(pages int) []int {
	var order []int
	for i := range pages {
		order = append(order, 0, i+1)
	}
	return order
}

// measureLighthouse serves both sites and runs Lighthouse runs rounds of
// lighthouseOrder, each run in a fresh Chromium profile, so every run is a
// first visit. It returns the hello world's medians, over all its runs,
// and each of the app's pages'.
func measureLighthouse(cli, appDir, helloDir string, paths []string, runs int) (lighthouseScore, []lighthouseScore, error) {
	app := httptest.NewServer(siteHandler(appDir))
	defer app.Close()
	hello := httptest.NewServer(siteHandler(helloDir))
	defer hello.Close()
	series := []*lighthouseSeries{{site: "hello world", path: "/"}}
	urls := []string{hello.URL + "/"}
	for _, p := range paths {
		series = append(series, &lighthouseSeries{site: "app", path: p})
		urls = append(urls, app.URL+p)
	}
	for round := range runs {
		for _, i := range lighthouseOrder(len(paths)) {
			s := series[i]
			fmt.Printf("  lighthouse %s%s round %d\n", s.site, s.path, round+1)
			r, err := lighthouseOnce(cli, urls[i])
			if err != nil {
				return lighthouseScore{}, nil, fmt.Errorf("lighthouse %s%s: %w", s.site, s.path, err)
			}
			s.add(r)
		}
	}
	var out []lighthouseScore
	for _, s := range series[1:] {
		out = append(out, s.score())
	}
	return series[0].score(), out, nil
}

// lighthouseGroups are the groups of Lighthouse's main-thread work
// breakdown (its mainthread-work-breakdown audit), in its order.
var lighthouseGroups = []struct{ id, label string }{
	{"scriptEvaluation", "script evaluation (our Go, go-app, the runtime)"},
	{"other", "other (V8 and Blink outside script: compiling wasm functions on first call among it)"},
	{"styleLayout", "style and layout"},
	{"paintCompositeRender", "rendering"},
	{"parseHTML", "parsing HTML and CSS"},
	{"scriptParseCompile", "script parsing and compiling"},
	{"garbageCollection", "garbage collection (V8)"},
}

func lighthouseOnce(cli, url string) (lighthouseRun, error) {
	cmd := exec.Command("node", cli, url,
		"--only-categories=performance", "--output=json", "--output-path=stdout", "--quiet",
		"--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage")
	cmd.Env = append(os.Environ(), "CHROME_PATH="+browser.Chromium)
	cmd.Stderr = os.Stderr
	src, err := cmd.Output()
	if err != nil {
		return lighthouseRun{}, err
	}
	return parseLighthouse(src)
}

// parseLighthouse reads what a run measured from Lighthouse's JSON report.
func parseLighthouse(src []byte) (lighthouseRun, error) {
	var r lighthouseRun
	var lhr struct {
		Categories struct {
			Performance struct{ Score float64 } `json:"performance"`
		} `json:"categories"`
		// Read one by one: the details of some audits are not lists.
		Audits map[string]json.RawMessage `json:"audits"`
	}
	if err := json.Unmarshal(src, &lhr); err != nil {
		return r, fmt.Errorf("reading Lighthouse's report: %w", err)
	}
	type audit struct {
		NumericValue float64 `json:"numericValue"`
		Details      struct {
			Items []json.RawMessage `json:"items"`
		} `json:"details"`
	}
	audits := map[string]audit{}
	for _, name := range []string{"total-blocking-time", "largest-contentful-paint", "mainthread-work-breakdown", "largest-contentful-paint-element"} {
		var a audit
		if err := json.Unmarshal(lhr.Audits[name], &a); err != nil {
			return r, fmt.Errorf("reading Lighthouse's %s audit: %w", name, err)
		}
		audits[name] = a
	}
	r.performance = lhr.Categories.Performance.Score * 100
	r.tbt = audits["total-blocking-time"].NumericValue
	r.lcp = audits["largest-contentful-paint"].NumericValue
	r.work = map[string]float64{}
	for _, raw := range audits["mainthread-work-breakdown"].Details.Items {
		var it struct {
			Group    string  `json:"group"`
			Duration float64 `json:"duration"`
		}
		if json.Unmarshal(raw, &it) == nil {
			r.work[it.Group] += it.Duration
		}
	}
	// The element is the first item: a table whose one row names it.
	if items := audits["largest-contentful-paint-element"].Details.Items; len(items) > 0 {
		var table struct {
			Items []struct {
				Node struct {
					Selector  string `json:"selector"`
					NodeLabel string `json:"nodeLabel"`
				} `json:"node"`
			} `json:"items"`
		}
		if json.Unmarshal(items[0], &table) == nil && len(table.Items) > 0 {
			n := table.Items[0].Node
			r.lcpElement = n.Selector + ": " + n.NodeLabel
		}
	}
	return r, nil
}

// lighthousePages are the app pages Lighthouse scores: a rules section, a
// calculator share link, as the share bar hands it out (with the sender's
// figures, which the head script shows before the wasm: issue 38), and
// the home page.
var lighthousePages = []string{
	"/en/at43/shooting.cover",
	calc.SharedLink("/calc/shoot?game=at44&lang=en&n=6&rate=1&rr=1&acc=4&range=2&pen=7&dmg=1&target=inf&prot=4&size=8&cover=cover"),
	"/",
}

// lighthouse scores the app's pages and the hello world's home page and
// adds them to the report, with each page's total blocking time against the
// hello world's.
func (r *report) lighthouse(appDir, helloDir string, runs int) error {
	cli, err := installLighthouse()
	if err != nil {
		return err
	}
	h, app, err := measureLighthouse(cli, appDir, helloDir, lighthousePages, runs)
	if err != nil {
		return err
	}
	hello := []lighthouseScore{h}
	fmt.Fprintf(&r.b, "\n## Lighthouse (%s, mobile preset: simulated slow 4G, 4x CPU; medians of %d rounds, the hello world run before each page: %d runs of it)\n\n", lighthouseVersion, runs, runs*len(lighthousePages))
	fmt.Fprintf(&r.b, "| page | performance | total blocking time | TBT / hello world | largest contentful paint | what it painted (last run) |\n| --- | ---: | ---: | ---: | ---: | --- |\n")
	all := append(hello, app...)
	for _, s := range all {
		fmt.Fprintf(&r.b, "| %s `%s` | %.0f | %.0f ms | %.2fx | %.0f ms | %s |\n", s.site, s.path, s.performance, s.tbt, s.tbt/max(hello[0].tbt, 1), s.lcp, tableCell(s.lcpElement))
	}
	r.b.WriteString("\nThe main thread's work by Lighthouse's groups (its mainthread-work-breakdown audit, in its simulated 4x CPU; ms, medians):\n\n| group |")
	for _, s := range all {
		fmt.Fprintf(&r.b, " %s `%s` |", s.site, shortPath(s.path))
	}
	r.b.WriteString("\n| --- |" + strings.Repeat(" ---: |", len(all)) + "\n")
	for _, g := range lighthouseGroups {
		fmt.Fprintf(&r.b, "| %s |", g.label)
		for _, s := range all {
			fmt.Fprintf(&r.b, " %.0f |", s.work[g.id])
		}
		r.b.WriteString("\n")
	}
	return nil
}

// tableCell is text fit for a Markdown table's cell.
func tableCell(s string) string {
	s = strings.NewReplacer("|", "\\|", "\n", " ").Replace(s)
	if r := []rune(s); len(r) > 120 {
		s = string(r[:117]) + "..."
	}
	return s
}
