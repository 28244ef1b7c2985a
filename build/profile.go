package main

import (
	"errors"
	"fmt"
	"io/fs"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/profiler"
	"github.com/chromedp/chromedp"
)

// The "profile" step samples the main thread's stacks through a page's
// start (V8's CPU profiler, at the CPU slowdown, first visit) and sorts the
// time into what caused it, so that the start's cost can be laid at its
// owner's door: go-app building the DOM, our components, the engine, the
// search index, the Go runtime, or V8 and Blink outside any script. The
// pages run a copy of the built site whose wasm keeps its function names.

// A costBucket is one row of the profile: what a sample's stack was doing.
type costBucket struct {
	name string
	// match reports whether a frame's function name belongs to the bucket.
	// The samples no frame claims go to the buckets below frameBuckets.
	match func(fn string) bool
}

// prefixed matches the function names, as the wasm's name section writes
// them, that start with one of prefixes.
func prefixed(prefixes ...string) func(string) bool {
	return func(fn string) bool {
		fn = strings.TrimPrefix(fn, "$")
		for _, p := range prefixes {
			if strings.HasPrefix(fn, p) {
				return true
			}
		}
		return false
	}
}

// The buckets a frame of the client names, tried in order on each frame
// from the innermost out: the first frame that matches one gives the
// sample's bucket, so an allocation in a component's Render counts for the
// component, and a DOM call go-app makes for it counts for go-app.
var frameBuckets = []costBucket{
	{"the engine (rules)", prefixed("github.com_at4x_companion_rules.")},
	{"the search index, built in the background (app/search, its blocks)", prefixed("github.com_at4x_companion_app_search.", "github.com_at4x_companion_app_contentdata.RestoreBlocks", "github.com_at4x_companion_app_contentdata.Blocks")},
	{"decoding the library (app/contentdata)", prefixed("github.com_at4x_companion_app_contentdata.")},
	{"encoding/json (a calculator's JSON export)", prefixed("encoding_json.")},
	{"our components and start (app, app/calc, app/ui, app/store, main)", prefixed("github.com_at4x_companion_", "main.")},
	{"go-app: rendering, mounting and updating the DOM", prefixed("github.com_maxence_charriere_go_app_")},
	{"package initialisation (runtime.doInit)", prefixed("runtime.doInit")},
}

// The buckets of samples no frame of the client claims.
const (
	bucketRuntime = "the Go runtime on its own (scheduler, timers, GC outside our calls)"
	bucketProgram = "V8 and Blink outside any script: compiling each wasm function on its first call, parsing, style, layout, paint"
	bucketV8GC    = "V8's garbage collector"
	bucketScript  = "JavaScript: head script, go-app's loader, wasm_exec glue"
)

// profileBuckets are the report's rows, in order.
func profileBuckets() []string {
	var names []string
	for _, b := range frameBuckets {
		names = append(names, b.name)
	}
	return append(names, bucketRuntime, bucketScript, bucketProgram, bucketV8GC)
}

// bucketOf is the bucket of a sample whose stack, innermost frame first,
// names these functions and comes from these script URLs; "" for idle.
func bucketOf(stack []string, urls []string) string {
	if len(stack) == 0 {
		return ""
	}
	switch stack[0] {
	case "(idle)":
		return ""
	case "(program)":
		return bucketProgram
	case "(garbage collector)":
		return bucketV8GC
	}
	for _, fn := range stack {
		for _, b := range frameBuckets {
			if b.match(fn) {
				return b.name
			}
		}
	}
	for _, u := range urls {
		if strings.HasPrefix(u, "wasm://") || strings.HasSuffix(u, ".wasm") {
			return bucketRuntime
		}
	}
	return bucketScript
}

// profileCosts sorts a CPU profile's samples into buckets, in milliseconds.
func profileCosts(p *profiler.Profile) map[string]float64 {
	node := map[int64]*profiler.ProfileNode{}
	parent := map[int64]int64{}
	for _, n := range p.Nodes {
		node[n.ID] = n
		for _, c := range n.Children {
			parent[c] = n.ID
		}
	}
	bucket := map[int64]string{}
	for _, n := range p.Nodes {
		var stack, urls []string
		for id, ok := n.ID, true; ok; id, ok = parent[id] {
			f := node[id].CallFrame
			if f.FunctionName == "(root)" {
				break
			}
			stack = append(stack, f.FunctionName)
			urls = append(urls, f.URL)
		}
		bucket[n.ID] = bucketOf(stack, urls)
	}
	costs := map[string]float64{}
	// A sample's time is the delta to the next sample.
	for i, id := range p.Samples {
		if i+1 < len(p.TimeDeltas) {
			if b := bucket[id]; b != "" {
				costs[b] += float64(p.TimeDeltas[i+1]) / 1000
			}
		}
	}
	return costs
}

// namedCopy copies the built site dir into to, with a wasm client built
// from pkg with flags that keeps its function names, for the profiler.
// The wasm's compressed forms are left out: the server sends it as is.
func namedCopy(dir, to, pkg string, flags []string) error {
	if err := os.CopyFS(to, os.DirFS(dir)); err != nil {
		return err
	}
	wasms, err := filepath.Glob(filepath.Join(to, "web", "app*.wasm"))
	if err != nil || len(wasms) != 1 {
		return fmt.Errorf("not one wasm in %s/web: %q", dir, wasms)
	}
	for _, ext := range []string{".br", ".gz"} {
		if err := os.Remove(wasms[0] + ext); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
	}
	return goCmd(wasmEnv, append(append([]string{"build", "-trimpath", "-ldflags=-w"}, flags...), "-o", wasms[0], pkg)...)
}

// profileOnce opens path in a fresh browser at the CPU slowdown, samples
// the main thread every 100 µs until the page is ready and a moment after
// (the search index starts), and returns the time by bucket.
func profileOnce(dir, path string) (map[string]float64, error) {
	srv := httptest.NewServer(siteHandler(dir))
	defer srv.Close()
	ctx, cancel, err := throttledBrowser(2 * time.Minute)
	if err != nil {
		return nil, err
	}
	defer cancel()
	// The hello world sets no mark of its own: both set data-app="ready".
	const ready = `document.documentElement.dataset.app === "ready"`
	if _, err := chromedp.Call(ctx, profiler.Enable, cdp.Empty{}); err != nil {
		return nil, err
	}
	if _, err := chromedp.Call(ctx, profiler.SetSamplingInterval, profiler.SetSamplingIntervalParams{Interval: 100}); err != nil {
		return nil, err
	}
	if _, err := chromedp.Call(ctx, profiler.Start, cdp.Empty{}); err != nil {
		return nil, err
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+path)); err != nil {
		return nil, err
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](ready, chromedp.WithPollingTimeout(time.Minute))); err != nil {
		return nil, fmt.Errorf("waiting for %s to be ready: %w", path, err)
	}
	time.Sleep(profileSettle)
	res, err := chromedp.Call(ctx, profiler.Stop, cdp.Empty{})
	if err != nil {
		return nil, err
	}
	return profileCosts(res.Profile), nil
}

// profileSettle is how long the profile goes on once the page is ready:
// long enough for what the start leaves running (the search index from
// 0.3 s, a calculator's JSON export).
const profileSettle = 1500 * time.Millisecond

// profile adds the start's cost by owner, for the hello world and the
// pages Lighthouse scores, medians of runs.
func (r *report) profile(appDir, helloDir, tmp string, runs int) error {
	root, err := moduleRoot()
	if err != nil {
		return err
	}
	flags, err := clientBuildFlags(root)
	if err != nil {
		return err
	}
	named := filepath.Join(tmp, "profile-app")
	if err := namedCopy(appDir, named, clientPackage, flags); err != nil {
		return err
	}
	namedHello := filepath.Join(tmp, "profile-hello")
	if err := namedCopy(helloDir, namedHello, "./build/hello", nil); err != nil {
		return err
	}
	type column struct{ site, dir, path string }
	cols := []column{{"hello world", namedHello, "/"}}
	for _, p := range lighthousePages {
		cols = append(cols, column{"app", named, p})
	}
	medians := make([]map[string]float64, len(cols))
	for i, c := range cols {
		fmt.Println("profile:", c.site, c.path, runs, "runs")
		var all []map[string]float64
		for range runs {
			costs, err := profileOnce(c.dir, c.path)
			if err != nil {
				return fmt.Errorf("profile of %s %s: %w", c.site, c.path, err)
			}
			all = append(all, costs)
		}
		medians[i] = map[string]float64{}
		for _, b := range profileBuckets() {
			var v []float64
			for _, costs := range all {
				v = append(v, costs[b])
			}
			medians[i][b] = median(v)
		}
	}
	fmt.Fprintf(&r.b, "\n## Where the start's time goes (V8's CPU profiler, every 100 µs, %dx CPU slowdown, first visit, from the navigation until %s after the page is ready; medians of %d)\n\n", cpuSlowdown, profileSettle, runs)
	r.b.WriteString("Each sample goes to the innermost frame of its stack that names an owner below, so an allocation made by a component's Render counts for the component, and a DOM call go-app makes while mounting it for go-app. V8 reports the time it spends outside any script as \"(program)\": lazily compiling wasm functions is part of it, which the start-up trace's eagerly compiled column measures apart. The pages run a copy of the site whose wasm keeps its function names (`-ldflags=-w` instead of `-s -w`).\n\n")
	r.b.WriteString("| main thread, ms |")
	for _, c := range cols {
		fmt.Fprintf(&r.b, " %s `%s` |", c.site, shortPath(c.path))
	}
	r.b.WriteString("\n| --- |" + strings.Repeat(" ---: |", len(cols)) + "\n")
	totals := make([]float64, len(cols))
	for _, b := range profileBuckets() {
		fmt.Fprintf(&r.b, "| %s |", b)
		for i := range cols {
			fmt.Fprintf(&r.b, " %.0f |", medians[i][b])
			totals[i] += medians[i][b]
		}
		r.b.WriteString("\n")
	}
	r.b.WriteString("| **busy in all** (sum of the medians) |")
	for _, t := range totals {
		fmt.Fprintf(&r.b, " **%.0f** |", t)
	}
	r.b.WriteString("\n")
	return nil
}
