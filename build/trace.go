package main

import (
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	cdpperf "github.com/chromedp/cdproto/performance"
	"github.com/chromedp/chromedp"
)

// The start-up trace splits the main thread's work at the first visit of a
// page into its phases. The wasm client names its own moments with
// performance.mark (ui.Mark: "at4x:main", "at4x:decoded", ...); the script
// below names the ones around it by wrapping the browser calls go-app's
// app.js and the Go runtime make: WebAssembly.instantiateStreaming, the
// body's replaceChild (go-app swapping the prerendered page for the one it
// built), the innerHTML setter (app.Raw) and document.createElement; the
// client's data-app="ready" ends the start. The Long Tasks API gives the tasks
// over 50 ms, as Lighthouse counts them in total blocking time, and
// DevTools' Performance.getMetrics the main thread's total work.

// traceScript runs before any script of the page.
const traceScript = `(() => {
  const T = window.__trace = {long: [], html: 0, htmlCalls: 0, elems: 0, firstElem: 0, done: 0};
  const mark = n => performance.mark("at4x:" + n);
  new PerformanceObserver(l => {
    for (const e of l.getEntries()) T.long.push({start: e.startTime, dur: e.duration});
  }).observe({type: "longtask", buffered: true});
  const inst = WebAssembly.instantiateStreaming;
  WebAssembly.instantiateStreaming = async function (src, imports) {
    mark("wasm-fetch");
    const r = await inst.call(WebAssembly, src, imports);
    mark("wasm-instantiated");
    return r;
  };
  const replace = Node.prototype.replaceChild;
  Node.prototype.replaceChild = function (n, o) {
    if (this === document.body) mark("body-replaced");
    return replace.call(this, n, o);
  };
  const inner = Object.getOwnPropertyDescriptor(Element.prototype, "innerHTML");
  Object.defineProperty(Element.prototype, "innerHTML", {
    configurable: true,
    get() { return inner.get.call(this); },
    set(v) {
      const t = performance.now();
      inner.set.call(this, v);
      T.html += performance.now() - t;
      T.htmlCalls++;
    },
  });
  // The app and the hello world set data-app="ready" once their first
  // route is drawn: the start is over.
  new MutationObserver(() => {
    if (!T.done && document.documentElement.dataset.app === "ready") { mark("ready"); T.done = performance.now(); }
  }).observe(document, {attributes: true, subtree: true, attributeFilter: ["data-app"]});
  const create = Document.prototype.createElement;
  Document.prototype.createElement = function (...a) {
    if (!T.firstElem && performance.getEntriesByName("at4x:registered").length) {
      T.firstElem = performance.now();
      mark("first-element");
    }
    T.elems++;
    return create.apply(this, a);
  };
})()`

// traceRead collects what the page recorded.
const traceRead = `(() => {
  const T = window.__trace;
  const marks = {};
  for (const m of performance.getEntriesByType("mark")) {
    if (m.name.startsWith("at4x:") && !(m.name.slice(5) in marks)) marks[m.name.slice(5)] = m.startTime;
  }
  const wasm = performance.getEntriesByType("resource").find(r => /\/app(-[0-9a-f]+)?\.wasm$/.test(r.name));
  const fcp = performance.getEntriesByName("first-contentful-paint")[0];
  return {marks, long: T.long, html: T.html, htmlCalls: T.htmlCalls, elems: T.elems,
    wasmEnd: wasm ? wasm.responseEnd : 0, fcp: fcp ? fcp.startTime : 0};
})()`

// A traceRun is what one first visit recorded, in milliseconds since the
// navigation started.
type traceRun struct {
	Marks map[string]float64 `json:"marks"`
	Long  []struct {
		Start float64 `json:"start"`
		Dur   float64 `json:"dur"`
	} `json:"long"`
	HTML      float64 `json:"html"`
	HTMLCalls int     `json:"htmlCalls"`
	Elems     int     `json:"elems"`
	WasmEnd   float64 `json:"wasmEnd"`
	FCP       float64 `json:"fcp"`
	// From DevTools: the main thread's busy time, and the part of it
	// spent running script, by the end of the trace.
	taskMS, scriptMS float64
}

// traceSettle is how long a trace goes on after go.run returned: the app
// builds its search index 2 s after it mounts.
const traceSettle = 5 * time.Second

// eagerWasm is the V8 flag that compiles a whole wasm module while it
// downloads, instead of each function on the main thread when it first runs
// (the default).
const eagerWasm = "--no-wasm-lazy-compilation"

// tracePages are the pages the start-up trace opens.
var tracePages = lighthousePages

// traceOnce opens path in a fresh browser at the CPU slowdown (the network
// is not throttled: the trace is about the main thread) and returns what
// the page recorded. With repeat, it records instead a second visit made
// with the server stopped, once the service worker has cached the app.
func traceOnce(dir, path, jsFlags string, repeat bool) (traceRun, error) {
	srv := httptest.NewServer(siteHandler(dir))
	defer srv.Close()
	var flags []chromedp.ExecAllocatorOption
	if jsFlags != "" {
		flags = append(flags, chromedp.Flag("js-flags", jsFlags))
	}
	var tr traceRun
	ctx, cancel, err := throttledBrowser(2*time.Minute, flags...)
	if err != nil {
		return tr, err
	}
	defer cancel()
	if _, err := chromedp.Call(ctx, cdpperf.Enable, cdpperf.EnableParams{}); err != nil {
		return tr, err
	}
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: traceScript}); err != nil {
		return tr, err
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+path)); err != nil {
		return tr, err
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[float64](`window.__trace.done`, chromedp.WithPollingTimeout(time.Minute))); err != nil {
		return tr, fmt.Errorf("waiting for go.run to return: %w", err)
	}
	if repeat {
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](cachedPaths, chromedp.EvalAwaitPromise)); err != nil {
			return tr, err
		}
		// The cached module's compiled code is written a moment after it
		// tiers up; a reader comes back later than this anyway.
		time.Sleep(traceSettle)
		srv.Close()
		if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+path)); err != nil {
			return tr, err
		}
		if _, err := chromedp.Run(ctx, chromedp.Poll[float64](`window.__trace.done`, chromedp.WithPollingTimeout(time.Minute))); err != nil {
			return tr, fmt.Errorf("waiting for go.run to return on the repeat visit: %w", err)
		}
	}
	time.Sleep(traceSettle)
	tr, err = chromedp.Run(ctx, chromedp.Evaluate[traceRun](traceRead))
	if err != nil {
		return tr, err
	}
	m, err := chromedp.Call(ctx, cdpperf.GetMetrics, cdp.Empty{})
	if err != nil {
		return tr, err
	}
	for _, x := range m.Metrics {
		switch x.Name {
		case "TaskDuration":
			tr.taskMS = x.Value * 1000
		case "ScriptDuration":
			tr.scriptMS = x.Value * 1000
		}
	}
	return tr, nil
}

// A tracePhase is one row of the breakdown: the time between two marks.
type tracePhase struct {
	name     string
	from, to string
}

// tracePhases are the start's phases in order; a phase whose marks a page
// lacks (the hello world has no marks of its own) shows "-".
var tracePhases = []tracePhase{
	{"wasm download (network, off the main thread)", "wasm-fetch", "wasm-downloaded"},
	{"wasm compile and instantiate, after the download", "wasm-downloaded", "wasm-instantiated"},
	{"Go runtime and package init", "wasm-instantiated", "main"},
	{"the library file: what is left of its download, then decoding it (app/contentdata)", "main", "decoded"},
	{"routes and site (app.Register)", "decoded", "registered"},
	{"go-app engine, root component init and first Render", "registered", "first-element"},
	{"go-app's first mount: building the page's DOM", "first-element", "body-replaced"},
	{"after the mount until the page is ready (OnNav, OnMount)", "body-replaced", "ready"},
	{"**all of the Go start** (wasm instantiated to the page ready)", "wasm-instantiated", "ready"},
	{"search index, built in the background from 0.3 s after the start (wall time, in slices)", "index-start", "index-end"},
	{"a calculator's JSON export (#calc-result), first written after the mount", "json-start", "json-end"},
}

// traceSummary is one page's medians over its runs.
type traceSummary struct {
	site, path string
	phases     []float64 // per tracePhases; -1 when absent
	startTask  float64   // the long task that contains go-app's first mount, ms
	blocking   float64   // sum over long tasks of their time over 50 ms
	longest    float64
	longCount  float64
	html       float64 // time in innerHTML during the mount
	htmlCalls  float64
	elems      float64
	taskMS     float64
	scriptMS   float64
	fcp        float64
}

func summarize(site, path string, runs []traceRun) traceSummary {
	s := traceSummary{site: site, path: path}
	col := func(f func(traceRun) float64) float64 {
		var v []float64
		for _, r := range runs {
			v = append(v, f(r))
		}
		return median(v)
	}
	for _, p := range tracePhases {
		absent := false
		v := col(func(r traceRun) float64 {
			a, okA := r.Marks[p.from]
			b, okB := r.Marks[p.to]
			if !okA || !okB {
				absent = true
				return 0
			}
			return b - a
		})
		if absent {
			v = -1
		}
		s.phases = append(s.phases, v)
	}
	s.startTask = col(func(r traceRun) float64 {
		at := r.Marks["body-replaced"]
		for _, l := range r.Long {
			if l.Start <= at && at <= l.Start+l.Dur+1 {
				return l.Dur
			}
		}
		return 0
	})
	s.blocking = col(func(r traceRun) float64 {
		var b float64
		for _, l := range r.Long {
			b += l.Dur - 50
		}
		return b
	})
	s.longest = col(func(r traceRun) float64 {
		var m float64
		for _, l := range r.Long {
			m = max(m, l.Dur)
		}
		return m
	})
	s.longCount = col(func(r traceRun) float64 { return float64(len(r.Long)) })
	s.html = col(func(r traceRun) float64 { return r.HTML })
	s.htmlCalls = col(func(r traceRun) float64 { return float64(r.HTMLCalls) })
	s.elems = col(func(r traceRun) float64 { return float64(r.Elems) })
	s.taskMS = col(func(r traceRun) float64 { return r.taskMS })
	s.scriptMS = col(func(r traceRun) float64 { return r.scriptMS })
	s.fcp = col(func(r traceRun) float64 { return r.FCP })
	return s
}

// trace records the start of the app's traced pages and of the hello world
// runs times each and adds the breakdown to the report; 0 runs skips it.
func (r *report) trace(appDir, helloDir string, runs int) error {
	if runs <= 0 {
		return nil
	}
	var sums []traceSummary
	var loads []float64
	for _, site := range []struct {
		name, dir string
		paths     []string
		jsFlags   string
		repeat    bool
	}{
		{"hello world", helloDir, []string{"/"}, "", false},
		{"app", appDir, tracePages, "", false},
		// How much of the start is V8 compiling wasm functions on first
		// use, on the main thread: the same page with the whole module
		// compiled ahead, off the main thread.
		{"app, wasm compiled eagerly (diagnostic)", appDir, tracePages[:1], eagerWasm, false},
		{"hello world, repeat visit offline", helloDir, []string{"/"}, "", true},
		{"app, repeat visit offline", appDir, tracePages[:1], "", true},
	} {
		for _, path := range site.paths {
			var got []traceRun
			for i := range runs {
				fmt.Printf("  trace %s%s %s run %d\n", filepath.Base(site.dir), path, site.jsFlags, i+1)
				loads = append(loads, loadAverage())
				tr, err := traceOnce(site.dir, path, site.jsFlags, site.repeat)
				if err != nil {
					return fmt.Errorf("trace %s%s: %w", site.name, path, err)
				}
				// The download's end comes from resource timing, in the
				// same clock as the marks.
				if tr.WasmEnd > 0 {
					tr.Marks["wasm-downloaded"] = tr.WasmEnd
				}
				got = append(got, tr)
			}
			sums = append(sums, summarize(site.name, path, got))
		}
	}
	r.traceTable(sums, runs, loads)
	return nil
}

// loadAverage is the machine's load average over the last minute, 0 where
// the system does not tell: timings under load are longer, and noisier.
func loadAverage() float64 {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return 0
	}
	f := strings.Fields(string(b))
	if len(f) == 0 {
		return 0
	}
	v, _ := strconv.ParseFloat(f[0], 64)
	return v
}

func (r *report) traceTable(sums []traceSummary, runs int, loads []float64) {
	fmt.Fprintf(&r.b, "\n## Start-up trace (headless Chromium, %dx CPU slowdown, network not throttled; first visit unless the column says otherwise; medians of %d)\n\n", cpuSlowdown, runs)
	fmt.Fprintf(&r.b, "Load average (1 min) of the machine during the runs: %.1f to %.1f on %d CPUs. ", slices.Min(loads), slices.Max(loads), runtime.NumCPU())
	fmt.Fprintf(&r.b, "Phases are the time between the marks the client and the wrapped browser calls set (build/trace.go); "+
		"the hello world runs from the wasm's arrival to the page ready in one task; the app hands the main thread back to the browser "+
		"after package init and after decoding and registering its routes (app/cmd/pwa), so it runs as three. "+
		"Each phase includes V8 compiling, on the main thread, the wasm functions it runs for the first time: "+
		"the \"compiled eagerly\" column shows the same page with the module compiled ahead. The repeat-visit columns reload the page "+
		"with the server stopped, once the service worker holds the app, in the same browser. "+
		"Glossary terms are marked at build time (docs/terms.go), not in the client.\n\n")
	var head, rule strings.Builder
	head.WriteString("| phase |")
	rule.WriteString("| --- |")
	for _, s := range sums {
		fmt.Fprintf(&head, " %s `%s` |", s.site, shortPath(s.path))
		rule.WriteString(" ---: |")
	}
	fmt.Fprintf(&r.b, "%s\n%s\n", head.String(), rule.String())
	row := func(name string, f func(traceSummary) string) {
		fmt.Fprintf(&r.b, "| %s |", name)
		for _, s := range sums {
			fmt.Fprintf(&r.b, " %s |", f(s))
		}
		r.b.WriteString("\n")
	}
	ms := func(v float64) string {
		if v < 0 {
			return "-"
		}
		return fmt.Sprintf("%.0f ms", v)
	}
	for i, p := range tracePhases {
		row(p.name, func(s traceSummary) string { return ms(s.phases[i]) })
	}
	row("of the mount: parsing app.Raw HTML (innerHTML calls)", func(s traceSummary) string {
		return fmt.Sprintf("%.0f ms (%.0f)", s.html, s.htmlCalls)
	})
	row("elements created by document.createElement", func(s traceSummary) string { return fmt.Sprintf("%.0f", s.elems) })
	row("**the mount task** (the long task go-app's first mount runs in)", func(s traceSummary) string { return ms(s.startTask) })
	row("long tasks (over 50 ms) / the longest", func(s traceSummary) string {
		return fmt.Sprintf("%.0f / %.0f ms", s.longCount, s.longest)
	})
	hello := sums[0]
	row("**blocking time** (sum of long tasks' time over 50 ms) / hello world", func(s traceSummary) string {
		return fmt.Sprintf("%.0f ms / %.2fx", s.blocking, s.blocking/max(hello.blocking, 1))
	})
	row("main thread busy, all tasks (DevTools TaskDuration) / of it script", func(s traceSummary) string {
		return fmt.Sprintf("%.0f / %.0f ms", s.taskMS, s.scriptMS)
	})
	row("first contentful paint", func(s traceSummary) string { return ms(s.fcp) })
}

// shortPath keeps a share link's path and drops its long query.
func shortPath(p string) string {
	if i := strings.IndexByte(p, '?'); i >= 0 {
		return p[:i] + "?…"
	}
	return p
}
