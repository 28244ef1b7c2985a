package main

import (
	"testing"

	"github.com/chromedp/cdproto/profiler"
	"github.com/chromedp/cdproto/runtime"
)

func TestBucketOf(t *testing.T) {
	const wasm = "wasm://wasm/0a1b2c3d"
	tests := []struct {
		name  string
		stack []string // innermost first
		urls  []string
		want  string
	}{
		{"idle", []string{"(idle)"}, []string{""}, ""},
		{"program", []string{"(program)"}, []string{""}, bucketProgram},
		{"V8 GC", []string{"(garbage collector)"}, []string{""}, bucketV8GC},
		{"allocation in a Render", []string{"runtime.mallocgc", "github.com_at4x_companion_app_calc.__fieldView_.Render", "github.com_maxence_charriere_go_app_v10_pkg_app.nodeManager.renderComponent"}, []string{wasm, wasm, wasm}, "our components and start (app, app/calc, app/ui, app/store, main)"},
		{"go-app's DOM call under our OnMount", []string{"syscall_js.valueCall", "github.com_maxence_charriere_go_app_v10_pkg_app.setJSAttribute", "github.com_at4x_companion_app.__shell_.OnMount"}, []string{wasm, wasm, wasm}, "go-app: rendering, mounting and updating the DOM"},
		{"the engine under a component", []string{"$github.com_at4x_companion_rules.Shoot", "github.com_at4x_companion_app_calc.__Page_.compute"}, []string{wasm, wasm}, "the engine (rules)"},
		{"search blocks before the library", []string{"github.com_at4x_companion_app_contentdata.Blocks", "github.com_at4x_companion_app_contentdata.RestoreBlocksPaced"}, []string{wasm, wasm}, "the search index, built in the background (app/search, its blocks)"},
		{"decoding", []string{"github.com_at4x_companion_app_contentdata.__decoder_.str", "github.com_at4x_companion_app_contentdata.Decode", "main.main"}, []string{wasm, wasm, wasm}, "decoding the library (app/contentdata)"},
		{"JSON export", []string{"encoding_json.typeFields", "github.com_at4x_companion_app_calc.evaluation.resultJSON"}, []string{wasm, wasm}, "encoding/json (a calculator's JSON export)"},
		{"package init", []string{"unicode.map.init.2", "runtime.doInit1"}, []string{wasm, wasm}, "package initialisation (runtime.doInit)"},
		{"scheduler alone", []string{"runtime.findRunnable", "runtime.schedule"}, []string{wasm, wasm}, bucketRuntime},
		{"head script", []string{"prefill", ""}, []string{"http://127.0.0.1/web/head-0123456789.js", ""}, bucketScript},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := bucketOf(tt.stack, tt.urls); got != tt.want {
				t.Errorf("bucketOf(%q) = %q, want %q", tt.stack, got, tt.want)
			}
		})
	}
}

// TestProfileCosts sums each sample's time, the delta to the next sample,
// into the bucket of its node's stack, leaving idle time out.
func TestProfileCosts(t *testing.T) {
	frame := func(name, url string) *runtime.CallFrame { return &runtime.CallFrame{FunctionName: name, URL: url} }
	p := &profiler.Profile{
		Nodes: []*profiler.ProfileNode{
			{ID: 1, CallFrame: frame("(root)", ""), Children: []int64{2, 3, 4}},
			{ID: 2, CallFrame: frame("(program)", "")},
			{ID: 3, CallFrame: frame("(idle)", "")},
			{ID: 4, CallFrame: frame("github.com_at4x_companion_rules.Shoot", "wasm://wasm/1"), Children: []int64{5}},
			{ID: 5, CallFrame: frame("runtime.mallocgc", "wasm://wasm/1")},
		},
		Samples:    []int64{2, 3, 5, 4, 2},
		TimeDeltas: []int64{0, 1000, 2000, 4000, 8000},
	}
	got := profileCosts(p)
	want := map[string]float64{bucketProgram: 1, "the engine (rules)": 12}
	if len(got) != len(want) {
		t.Fatalf("profileCosts = %v, want %v", got, want)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("profileCosts[%q] = %v ms, want %v", k, got[k], v)
		}
	}
}
