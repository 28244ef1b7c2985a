package main

import (
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"

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
}

// installLighthouse installs Lighthouse into lighthouseDir once and returns
// the path of its command-line entry point.
func installLighthouse() (string, error) {
	cli := filepath.Join(lighthouseDir, "node_modules", "lighthouse", "cli", "index.js")
	if _, err := os.Stat(cli); err == nil {
		return cli, nil
	}
	if _, err := exec.LookPath("npm"); err != nil {
		return "", fmt.Errorf("Lighthouse needs Node.js and npm: apt-get install -y nodejs npm")
	}
	if err := os.MkdirAll(lighthouseDir, 0o755); err != nil {
		return "", err
	}
	if err := run(nil, "npm", "install", "--no-audit", "--no-fund", "--prefix", lighthouseDir, lighthouseVersion); err != nil {
		return "", err
	}
	return cli, nil
}

// measureLighthouse serves dir and runs Lighthouse runs times on each path,
// each run in a fresh Chromium profile, so every run is a first visit.
func measureLighthouse(cli, site, dir string, paths []string, runs int) ([]lighthouseScore, error) {
	srv := httptest.NewServer(siteHandler(dir))
	defer srv.Close()
	var out []lighthouseScore
	for _, path := range paths {
		var perf, tbt []float64
		for i := range runs {
			fmt.Printf("  lighthouse %s%s run %d\n", site, path, i+1)
			p, t, err := lighthouseOnce(cli, srv.URL+path)
			if err != nil {
				return nil, fmt.Errorf("lighthouse %s%s: %w", site, path, err)
			}
			perf, tbt = append(perf, p), append(tbt, t)
		}
		out = append(out, lighthouseScore{site: site, path: path, performance: median(perf), tbt: median(tbt)})
	}
	return out, nil
}

func lighthouseOnce(cli, url string) (performance, tbt float64, err error) {
	cmd := exec.Command("node", cli, url,
		"--only-categories=performance", "--output=json", "--output-path=stdout", "--quiet",
		"--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage")
	cmd.Env = append(os.Environ(), "CHROME_PATH="+browser.Chromium)
	cmd.Stderr = os.Stderr
	src, err := cmd.Output()
	if err != nil {
		return 0, 0, err
	}
	var lhr struct {
		Categories struct {
			Performance struct{ Score float64 } `json:"performance"`
		} `json:"categories"`
		Audits map[string]struct {
			NumericValue float64 `json:"numericValue"`
		} `json:"audits"`
	}
	if err := json.Unmarshal(src, &lhr); err != nil {
		return 0, 0, fmt.Errorf("reading Lighthouse's report: %w", err)
	}
	return lhr.Categories.Performance.Score * 100, lhr.Audits["total-blocking-time"].NumericValue, nil
}

// lighthousePages are the app pages Lighthouse scores: a rules section, a
// calculator share link and the home page.
var lighthousePages = []string{
	"/en/at43/shooting.cover",
	"/calc/shoot?game=at44&lang=en&n=6&rate=1&rr=1&acc=4&range=2&pen=7&dmg=1&target=inf&prot=4&size=8&cover=cover",
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
	hello, err := measureLighthouse(cli, "hello world", helloDir, []string{"/"}, runs)
	if err != nil {
		return err
	}
	app, err := measureLighthouse(cli, "app", appDir, lighthousePages, runs)
	if err != nil {
		return err
	}
	fmt.Fprintf(&r.b, "\n## Lighthouse (%s, mobile preset: simulated slow 4G, 4x CPU; medians of %d)\n\n", lighthouseVersion, runs)
	fmt.Fprintf(&r.b, "| page | performance | total blocking time | TBT / hello world |\n| --- | ---: | ---: | ---: |\n")
	for _, s := range append(hello, app...) {
		fmt.Fprintf(&r.b, "| %s `%s` | %.0f | %.0f ms | %.2fx |\n", s.site, s.path, s.performance, s.tbt, s.tbt/max(hello[0].tbt, 1))
	}
	return nil
}
