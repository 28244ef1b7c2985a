package main

import (
	"context"
	"flag"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/at4x/companion/build/browser"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// The mobile profile of the load timings: Lighthouse's slow 4G. The
// browser slows its CPU; the test server makes the network (a link: the
// requests are small, so the uplink is not modelled).
const (
	cpuSlowdown = 4
	latencyMS   = 150
	downBytes   = 1.6e6 / 8
)

// perf builds the app and a go-app hello world the same way, then measures
// their sizes, their load in headless Chromium under the mobile profile, the
// app's interactions, and the engine's benchmarks. It prints the report and
// writes it to build/perf.md, which the README links.
func perf(args []string) error {
	flags := flag.NewFlagSet("perf", flag.ExitOnError)
	runs := flags.Int("runs", 5, "load runs per site; the report gives medians")
	out := flags.String("out", "build/perf.md", "where to write the report")
	lighthouseRuns := flags.Int("lighthouse", 3, "Lighthouse runs per page (0 skips Lighthouse)")
	traceRuns := flags.Int("trace", 3, "start-up trace runs per page (0 skips the trace)")
	profileRuns := flags.Int("profile", 3, "CPU profile runs per page (0 skips the profile)")
	appDir := flags.String("app", "", "measure this already built site instead of building one (for trying a change quickly)")
	helloDir := flags.String("hello", "", "keep the hello world in this directory, building it there only if it is not there yet")
	steps := flags.String("steps", "size,load,interactions,armies,trace,profile,lighthouse,bench", "which measures to take, comma-separated")
	flags.Parse(args)
	do := func(step string) bool { return slices.Contains(strings.Split(*steps, ","), step) }

	tmp, err := os.MkdirTemp("", "at4x-perf-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	var r report
	// The size by package comes after the sizes of the built sites, but is
	// taken first: it needs no browser.
	var appWeight, helloWeight *wasmWeight
	if do("size") {
		if appWeight, helloWeight, err = weighClient(tmp); err != nil {
			return err
		}
	}
	// The other steps load the built sites in a browser.
	if !do("load") && !do("interactions") && !do("armies") && !do("trace") && !(do("profile") && *profileRuns > 0) && !(do("lighthouse") && *lighthouseRuns > 0) {
		if appWeight != nil {
			r.packageSizes(appWeight, helloWeight)
		}
		return r.write(*out, *steps, flags.Lookup("steps").DefValue)
	}
	if *appDir == "" {
		*appDir = filepath.Join(tmp, "app")
		if err := buildSite(*appDir, "/"); err != nil {
			return err
		}
	}
	if *helloDir == "" {
		*helloDir = filepath.Join(tmp, "hello")
	}
	if _, err := os.Stat(filepath.Join(*helloDir, "index.html.br")); err != nil {
		if err := buildHello(*helloDir); err != nil {
			return err
		}
	}

	if do("load") {
		fmt.Println("measuring load in headless Chromium:", *runs, "runs per site")
		appLoad, err := measureLoad(*appDir, "/en/at43/shooting.cover", *runs)
		if err != nil {
			return fmt.Errorf("app: %w", err)
		}
		helloLoad, err := measureLoad(*helloDir, "/", *runs)
		if err != nil {
			return fmt.Errorf("hello world: %w", err)
		}
		r.sizes("app", *appDir, appLoad)
		r.sizes("hello world", *helloDir, helloLoad)
		r.loads(appLoad, helloLoad)
	}
	if appWeight != nil {
		r.packageSizes(appWeight, helloWeight)
	}
	if do("interactions") {
		inter, err := measureInteractions(*appDir)
		if err != nil {
			return fmt.Errorf("interactions: %w", err)
		}
		r.interactions(inter)
	}
	if do("armies") {
		fmt.Println("measuring the armies matrix in headless Chromium:", *runs, "runs of each")
		timings, err := measureArmies(*appDir, *runs)
		if err != nil {
			return err
		}
		r.armies(timings)
	}
	if do("trace") && *traceRuns > 0 {
		if err := r.trace(*appDir, *helloDir, *traceRuns); err != nil {
			return err
		}
	}
	if do("profile") && *profileRuns > 0 {
		if err := r.profile(*appDir, *helloDir, tmp, *profileRuns); err != nil {
			return err
		}
	}
	if do("lighthouse") && *lighthouseRuns > 0 {
		if err := r.lighthouse(*appDir, *helloDir, *lighthouseRuns); err != nil {
			return err
		}
	}
	if do("bench") {
		if err := r.bench(); err != nil {
			return err
		}
	}
	return r.write(*out, *steps, flags.Lookup("steps").DefValue)
}

// write prints the report and writes it to out: a partial run (steps
// other than all) in place of the same sections of the report there.
func (r *report) write(out, steps, all string) error {
	text := r.String()
	fmt.Print(text)
	if old, err := os.ReadFile(out); err == nil {
		if steps != all {
			// A partial run keeps the sections it did not take again.
			text = mergeReport(string(old), text, steps)
		} else {
			text = keepNotes(string(old), text)
		}
	}
	return os.WriteFile(out, []byte(text), 0o644)
}

// notesKey is the heading of the report's one hand-written section, which
// reads the figures: how far they move from run to run and where the time
// goes. No run writes it, and every run keeps it.
const notesKey = "Reading the figures"

// keepNotes appends the hand-written section of the old report to a full
// run's report.
func keepNotes(old, report string) string {
	_, sections := reportSections(old)
	for _, sec := range sections {
		if sectionKey(sec) == notesKey {
			return strings.TrimRight(report, "\n") + "\n" + sec
		}
	}
	return report
}

// mergeReport puts the sections of a partial run (steps) in place of the
// same sections of the old report, keeps the others, and says in the
// preamble which were taken again and when.
func mergeReport(old, partial, steps string) string {
	oldHead, oldSections := reportSections(old)
	_, newSections := reportSections(partial)
	var retaken []string
	for i, sec := range oldSections {
		if n := slices.IndexFunc(newSections, func(s string) bool { return sectionKey(s) == sectionKey(sec) }); n >= 0 {
			oldSections[i] = newSections[n]
			retaken = append(retaken, sectionKey(sec))
			newSections = slices.Delete(newSections, n, n+1)
		}
	}
	for _, sec := range newSections {
		oldSections = append(oldSections, sec)
		retaken = append(retaken, sectionKey(sec))
	}
	// An earlier "Taken again" line stays while one of its sections is
	// not taken again since, now or by a later run.
	lines := strings.Split(strings.TrimRight(oldHead, "\n"), "\n")
	since := slices.Clone(retaken)
	var head []string
	for _, line := range slices.Backward(lines) {
		names, ok := takenAgain(line)
		if ok && !slices.ContainsFunc(names, func(n string) bool { return !slices.Contains(since, n) }) {
			continue
		}
		since = append(since, names...)
		head = append(head, line)
	}
	slices.Reverse(head)
	head = append(head, fmt.Sprintf("Taken again on %s with `-steps %s`: %s.", time.Now().UTC().Format("2006-01-02"), steps, strings.Join(retaken, ", ")))
	return strings.Join(head, "\n") + "\n" + strings.Join(oldSections, "")
}

// takenAgain is the sections a "Taken again" line of a report's preamble
// names, and whether line is one.
func takenAgain(line string) (names []string, ok bool) {
	_, list, ok := strings.Cut(line, "`: ")
	if !ok || !strings.HasPrefix(line, "Taken again on ") {
		return nil, false
	}
	return strings.Split(strings.TrimSuffix(list, "."), ", "), true
}

// reportSections splits a report into what comes before its first "## "
// heading and its sections, each from its heading to the next.
func reportSections(text string) (head string, sections []string) {
	parts := strings.Split(text, "\n## ")
	head = parts[0] + "\n"
	for _, p := range parts[1:] {
		sections = append(sections, "\n## "+strings.TrimRight(p, "\n")+"\n")
	}
	return head, sections
}

// sectionKey is a section's heading up to its parenthesis: "Engine",
// "Size: app".
func sectionKey(section string) string {
	title, _, _ := strings.Cut(strings.TrimPrefix(section, "\n## "), "\n")
	key, _, _ := strings.Cut(title, " (")
	return key
}

// buildHello builds go-app's hello world as a static site, with the flags and
// the precompression the app gets.
func buildHello(dir string) error {
	if err := run(nil, "go", "run", "./build/hello", dir); err != nil {
		return err
	}
	err := goCmd(wasmEnv, "build", "-trimpath", "-ldflags=-s -w", "-o", filepath.Join(dir, "web", "app.wasm"), "./build/hello")
	if err != nil {
		return err
	}
	_, err = compressAll(dir)
	return err
}

// fileFor maps a URL path the service worker cached to the site file that
// answers it, as the static server does.
func fileFor(dir, urlPath string) string {
	p := filepath.Join(dir, filepath.FromSlash(strings.TrimPrefix(urlPath, "/")))
	if urlPath == "/" || strings.HasSuffix(urlPath, "/") {
		return filepath.Join(p, "index.html")
	}
	if _, err := os.Stat(p); err != nil {
		return p + ".html"
	}
	return p
}

// tracker records, from the first script the page runs, when the client
// sets data-app="ready" on the document (the app and the hello world both
// do, once go-app has mounted their first route): the moment the page is
// interactive. go-app's loader is no mark: the app's start yields to the
// browser, so go.run returns (and app.js removes the loader) before the
// mount.
const tracker = `(() => {
  window.__perf = {interactive: 0};
  new MutationObserver(() => {
    if (!window.__perf.interactive && document.documentElement.dataset.app === "ready") {
      window.__perf.interactive = performance.now();
    }
  }).observe(document, {attributes: true, subtree: true, attributeFilter: ["data-app"]});
})()`

const firstPaint = `(performance.getEntriesByName("first-contentful-paint")[0] || {startTime: 0}).startTime`

// cachedPaths lists what the service worker holds once it is active, waiting
// until the list stops growing.
const cachedPaths = `(async () => {
  await navigator.serviceWorker.ready;
  const list = async () => {
    const out = [];
    for (const k of await caches.keys()) {
      const c = await caches.open(k);
      for (const r of await c.keys()) out.push(new URL(r.url).pathname);
    }
    return out;
  };
  let last = -1, now = await list();
  while (now.length !== last) {
    last = now.length;
    await new Promise(r => setTimeout(r, 1000));
    now = await list();
  }
  return now;
})()`

// measureLoad runs loadOnce runs times and returns the medians.
func measureLoad(dir, path string, runs int) (visits, error) {
	var all []visits
	for i := range runs {
		fmt.Printf("  %s%s run %d\n", filepath.Base(dir), path, i+1)
		v, err := loadOnce(dir, path)
		if err != nil {
			return visits{}, err
		}
		fmt.Printf("    painted %.0f ms, interactive %.0f ms; offline again: %.0f / %.0f ms; offline after a restart: %.0f / %.0f ms\n",
			v.paint[0], v.ready[0], v.paint[1], v.ready[1], v.paint[2], v.ready[2])
		all = append(all, v)
	}
	col := func(f func(visits) float64) float64 {
		var x []float64
		for _, v := range all {
			x = append(x, f(v))
		}
		return median(x)
	}
	var l visits
	for k := range l.paint {
		l.paint[k] = col(func(v visits) float64 { return v.paint[k] })
		l.ready[k] = col(func(v visits) float64 { return v.ready[k] })
	}
	l.moved = int64(col(func(v visits) float64 { return float64(v.moved) }))
	l.cached = all[len(all)-1].cached
	return l, nil
}

// visits is what loadOnce measured, or measureLoad's medians: the paint
// and ready times (ms) of the first visit, of a visit with the server
// stopped in the same browser, and of one after the browser restarted on
// the same profile (a reader coming back another day: V8's in-memory copy
// of the compiled wasm is gone, only what Chromium keeps on disk remains);
// the paths the worker cached and the bytes the server sent until then.
type visits struct {
	paint, ready [3]float64
	cached       []string
	moved        int64
}

// loadOnce opens path in a fresh browser under the mobile profile, waits for
// the service worker to cache the app, counting the bytes the server sends
// meanwhile, stops the server, opens the page again, then restarts the
// browser on the same profile and opens it once more. The first visit
// starts from a new profile, so with nothing in any cache, which
// checkFirstVisit verifies from what the server sent.
func loadOnce(dir, path string) (visits, error) {
	var v visits
	counter := &browser.Counter{Handler: siteHandler(dir)}
	srv := httptest.NewServer(newMobileLink().handler(counter))
	defer srv.Close()
	profile, err := os.MkdirTemp("", "at4x-profile-")
	if err != nil {
		return v, err
	}
	defer os.RemoveAll(profile)
	visit := func(ctx context.Context, k int) error {
		if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+path)); err != nil {
			return err
		}
		ready, err := chromedp.Run(ctx, chromedp.Poll[float64](`window.__perf.interactive`, chromedp.WithPollingTimeout(2*time.Minute)))
		if err != nil {
			return fmt.Errorf("waiting for the app to mount: %w", err)
		}
		fcp, err := chromedp.Run(ctx, chromedp.Evaluate[float64](firstPaint))
		v.paint[k], v.ready[k] = fcp, ready
		return err
	}
	start := func() (context.Context, context.CancelFunc, error) {
		ctx, cancel, err := throttledBrowser(3*time.Minute, chromedp.UserDataDir(profile))
		if err != nil {
			return nil, nil, err
		}
		_, err = chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: tracker})
		if err != nil {
			cancel()
			return nil, nil, err
		}
		return ctx, cancel, nil
	}

	ctx, cancel, err := start()
	if err != nil {
		return v, err
	}
	if err := visit(ctx, 0); err != nil {
		cancel()
		return v, err
	}
	if v.cached, err = chromedp.Run(ctx, chromedp.Evaluate[[]string](cachedPaths, chromedp.EvalAwaitPromise)); err != nil {
		cancel()
		return v, err
	}
	v.moved = counter.Bytes()
	if err := checkFirstVisit(dir, v, counter); err != nil {
		cancel()
		return v, err
	}
	srv.Close()
	err = visit(ctx, 1)
	// V8 writes a module's compiled code to Chromium's cache a while after
	// it tiers up; give it that time before closing the browser.
	time.Sleep(traceSettle)
	cancel()
	if err != nil {
		return v, err
	}
	ctx, cancel, err = start()
	if err != nil {
		return v, err
	}
	defer cancel()
	return v, visit(ctx, 2)
}

func newBrowser(extra ...chromedp.ExecAllocatorOption) (context.Context, context.CancelFunc) {
	opts := browser.AllocatorOptions(append([]chromedp.ExecAllocatorOption{chromedp.Flag("disable-quic", true), chromedp.WindowSize(412, 900)}, extra...)...)
	actx, acancel := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	return ctx, func() { cancel(); acancel() }
}

// throttledBrowser starts a fresh browser whose page runs at the CPU
// slowdown, for at most timeout; cancel closes it.
func throttledBrowser(timeout time.Duration, extra ...chromedp.ExecAllocatorOption) (ctx context.Context, cancel context.CancelFunc, err error) {
	ctx, closeBrowser := newBrowser(extra...)
	ctx, stop := context.WithTimeout(ctx, timeout)
	cancel = func() { stop(); closeBrowser() }
	if err := throttle(ctx); err != nil {
		cancel()
		return nil, nil, err
	}
	return ctx, cancel, nil
}

// throttle slows the page's CPU; the network is the test server's link.
func throttle(ctx context.Context) error {
	_, err := chromedp.Call(ctx, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: cpuSlowdown})
	return err
}

// checkFirstVisit makes sure a first visit took everything from the server
// through the throttled link: the server sent at least every file the
// service worker caches, compressed as it serves them (less would mean
// something came from a cache), and the page was not interactive before
// the link could have carried its wasm.
func checkFirstVisit(dir string, v visits, counter *browser.Counter) error {
	expected, wasm := 0, 0
	seen := map[string]bool{}
	for _, p := range v.cached {
		f := fileFor(dir, p)
		if seen[f] {
			continue
		}
		seen[f] = true
		s, err := measureFile(f)
		if err != nil {
			return fmt.Errorf("a file the worker caches: %w", err)
		}
		expected += s.brotli
		if strings.HasSuffix(f, ".wasm") {
			wasm = s.brotli
			if counter.Bodies(p) == 0 {
				return fmt.Errorf("the first visit did not download %s: it came from a cache", p)
			}
		}
	}
	if v.moved < int64(expected) {
		return fmt.Errorf("the first visit moved %d bytes, less than the %d of the files the worker caches: some came from a cache", v.moved, expected)
	}
	if least := float64(wasm) / downBytes * 1000; v.ready[0] < least {
		return fmt.Errorf("the first visit was interactive at %.0f ms, before the %.0f ms the link takes to carry the wasm: the throttle did not hold", v.ready[0], least)
	}
	return nil
}

func median(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	s := slices.Clone(v)
	sort.Float64s(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// An interaction is the median time from an input event to the app's DOM
// update, in milliseconds, under the CPU slowdown.
type interaction struct {
	name   string
	median float64
	count  int
}

// timeInput types into a field and times each keystroke until the DOM changes.
const timeInput = `(async (sel, text) => {
  const el = document.querySelector(sel);
  if (!el) throw new Error("no element " + sel);
  const times = [];
  for (const ch of text) {
    const changed = new Promise(r => {
      const o = new MutationObserver(() => { o.disconnect(); r(); });
      o.observe(document.body, {childList: true, subtree: true, characterData: true, attributes: true});
      setTimeout(() => { o.disconnect(); r(); }, 2000);
    });
    const t0 = performance.now();
    el.value += ch;
    el.dispatchEvent(new Event("input", {bubbles: true}));
    await changed;
    times.push(performance.now() - t0);
  }
  return times;
})`

// timeClicks clicks an element n times and times each click until the
// element watch (the calculator's answer) changes.
const timeClicks = `(async (sel, watch, n) => {
  const times = [];
  for (let i = 0; i < n; i++) {
    const el = document.querySelector(sel);
    if (!el) throw new Error("no element " + sel);
    const target = document.querySelector(watch);
    if (!target) throw new Error("no element " + watch);
    const changed = new Promise(r => {
      const o = new MutationObserver(() => { o.disconnect(); r(); });
      o.observe(target, {childList: true, subtree: true, characterData: true});
      setTimeout(() => { o.disconnect(); r(); }, 2000);
    });
    const t0 = performance.now();
    el.click();
    await changed;
    times.push(performance.now() - t0);
  }
  return times;
})`

func measureInteractions(dir string) ([]interaction, error) {
	srv := httptest.NewServer(siteHandler(dir))
	defer srv.Close()
	ctx, cancel := newBrowser()
	defer cancel()
	ctx, stop := context.WithTimeout(ctx, 3*time.Minute)
	defer stop()
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: tracker}); err != nil {
		return nil, err
	}
	open := func(path string) error {
		if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+path)); err != nil {
			return err
		}
		_, err := chromedp.Run(ctx, chromedp.Poll[float64](`window.__perf.interactive`, chromedp.WithPollingTimeout(time.Minute)))
		if err != nil {
			return err
		}
		_, err = chromedp.Call(ctx, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: cpuSlowdown})
		return err
	}
	var out []interaction
	if err := open("/en/at43/shooting.cover"); err != nil {
		return nil, err
	}
	times, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](
		fmt.Sprintf("(%s)(%q, %q)", timeInput, perfSearchInput, "take covre fire at wil"), chromedp.EvalAwaitPromise))
	if err != nil {
		return nil, fmt.Errorf("search: %w", err)
	}
	out = append(out, interaction{"search, per keystroke (whole index, 4x CPU slowdown)", median(times), len(times)})
	if err := open("/calc/shoot?game=at43&lang=en"); err != nil {
		return nil, err
	}
	times, err = chromedp.Run(ctx, chromedp.Evaluate[[]float64](
		fmt.Sprintf("(%s)(%q, %q, 20)", timeClicks, perfStepperButton, perfAnswer), chromedp.EvalAwaitPromise))
	if err != nil {
		return nil, fmt.Errorf("calculator: %w", err)
	}
	out = append(out, interaction{"shooting calculator, tap to new answer (4x CPU slowdown)", median(times), len(times)})
	return out, nil
}

// The app's elements the interaction timings drive.
const (
	perfSearchInput   = "#search-input"
	perfStepperButton = "[data-step='n'][data-dir='up']"
	perfAnswer        = "#calc-sentence"
)

// report collects the figures and prints them as Markdown.
type report struct {
	b strings.Builder
}

func (r *report) sizes(name, dir string, l visits) {
	cached := l.cached
	type file struct {
		name string
		size
	}
	var files []file
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasSuffix(p, ".br") || strings.HasSuffix(p, ".gz") {
			return err
		}
		s, err := measureFile(p)
		files = append(files, file{strings.TrimPrefix(p, dir), s})
		return err
	})
	sort.Slice(files, func(i, j int) bool { return files[i].brotli > files[j].brotli })
	var all, offline size
	for _, f := range files {
		all.add(f.size)
	}
	seen := map[string]bool{}
	for _, p := range cached {
		f := fileFor(dir, p)
		if seen[f] {
			continue
		}
		seen[f] = true
		if s, err := measureFile(f); err == nil {
			offline.add(s)
		}
	}
	fmt.Fprintf(&r.b, "\n## Size: %s\n\n| file | raw | gzip | brotli |\n| --- | ---: | ---: | ---: |\n", name)
	for i, f := range files {
		if i == 8 {
			fmt.Fprintf(&r.b, "| (%d more files) | | | |\n", len(files)-i)
			break
		}
		fmt.Fprintf(&r.b, "| %s | %s | %s | %s |\n", f.name, kb(f.raw), kb(f.gzip), kb(f.brotli))
	}
	fmt.Fprintf(&r.b, "| **all %d files** | %s | %s | %s |\n", len(files), kb(all.raw), kb(all.gzip), kb(all.brotli))
	fmt.Fprintf(&r.b, "| **first visit, offline-complete** (the %d URLs the service worker caches) | %s | %s | %s |\n",
		len(cached), kb(offline.raw), kb(offline.gzip), kb(offline.brotli))
	fmt.Fprintf(&r.b, "| **first visit, bytes moved** (counted at the server until the worker's cache is complete; the server sends brotli) | | | %s |\n",
		kb(int(l.moved)))
}

func kb(n int) string { return fmt.Sprintf("%.1f KB", float64(n)/1000) }

func (r *report) loads(app, hello visits) {
	ratio := func(a, h float64) string {
		if h == 0 {
			return "-"
		}
		return fmt.Sprintf("%.2fx", a/h)
	}
	fmt.Fprintf(&r.b, "\n## Load (headless Chromium, %dx CPU slowdown, %.1f Mbit/s down and %d ms latency made at the server for the page and its service worker alike; medians)\n\n", cpuSlowdown, downBytes*8/1e6, latencyMS)
	fmt.Fprintf(&r.b, "| moment | app (/en/at43/shooting.cover) | hello world | app / hello |\n| --- | ---: | ---: | ---: |\n")
	row := func(name string, a, h float64) {
		fmt.Fprintf(&r.b, "| %s | %.0f ms | %.0f ms | %s |\n", name, a, h, ratio(a, h))
	}
	row("first visit: rule text painted (first contentful paint)", app.paint[0], hello.paint[0])
	row("first visit: interactive (data-app=\"ready\")", app.ready[0], hello.ready[0])
	row("repeat visit, network off: painted", app.paint[1], hello.paint[1])
	row("repeat visit, network off: interactive", app.ready[1], hello.ready[1])
	row("repeat visit, network off, browser restarted: painted", app.paint[2], hello.paint[2])
	row("repeat visit, network off, browser restarted: interactive", app.ready[2], hello.ready[2])
}

func (r *report) interactions(in []interaction) {
	fmt.Fprintf(&r.b, "\n## Interactions (input event to DOM update; medians)\n\n| interaction | median | samples |\n| --- | ---: | ---: |\n")
	for _, i := range in {
		fmt.Fprintf(&r.b, "| %s | %.1f ms | %d |\n", i.name, i.median, i.count)
	}
}

var benchLine = regexp.MustCompile(`^(Benchmark\S+?)(-\d+)?\s+(\d+)\s+([\d.]+) ns/op`)

// bench runs the engine's benchmarks natively.
func (r *report) bench() error {
	args := []string{"test", "-run", "^$", "-bench", ".", "-benchtime", "200ms", "./rules/"}
	fmt.Println("$ go " + strings.Join(args, " "))
	out, err := exec.Command("go", args...).CombinedOutput()
	if err != nil {
		return fmt.Errorf("benchmarks: %v\n%s", err, out)
	}
	fmt.Fprintf(&r.b, "\n## Engine (native, `go %s`)\n\n| benchmark | ns/op |\n| --- | ---: |\n", strings.Join(args, " "))
	for _, line := range strings.Split(string(out), "\n") {
		if m := benchLine.FindStringSubmatch(line); m != nil {
			fmt.Fprintf(&r.b, "| %s | %s |\n", m[1], m[4])
		}
	}
	return nil
}

func (r *report) String() string {
	return "# Performance report\n\nMade by `go run ./build perf` on " + time.Now().UTC().Format("2006-01-02") +
		"; sizes of the site `go run ./build site` builds, load timings against a go-app hello world built the same way.\n" + r.b.String()
}
