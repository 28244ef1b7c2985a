package main

import (
	"strings"
	"testing"
)

// testWeights are a client and a hello world whose figures are easy to
// add up: the client's data rate is (200+100)/(1000+500) = 0.2.
func testWeights() (app, hello *wasmWeight) {
	app = &wasmWeight{
		shipped: size{raw: 9000, gzip: 3000, brotli: 1200}, code: 5000, codeBrotli: 400, funcs: 10,
		regions: []regionWeight{
			{dataRegion{regionRodata, 0, 1000}, 200},
			{dataRegion{regionPclntab, 1000, 1500}, 100},
			{dataRegion{regionNoptrdata, 1500, 2000}, 100},
		},
		library: size{raw: 1500, gzip: 500, brotli: 290},
		packages: map[string]*pkgSize{
			"github.com/at4x/companion/rules": {code: 3000, data: 400, codeBrotli: 300},
			"runtime":                         {code: 2000, data: 300, codeBrotli: 100},
		},
	}
	hello = &wasmWeight{
		shipped: size{raw: 4000, brotli: 700}, funcs: 6,
		regions: []regionWeight{
			{dataRegion{regionRodata, 0, 600}, 0},
			{dataRegion{regionPclntab, 600, 900}, 60},
		},
		packages: map[string]*pkgSize{"runtime": {code: 1500, data: 300}},
	}
	return app, hello
}

func TestSizeEstimates(t *testing.T) {
	app, _ := testWeights()
	if r := app.dataRatio(); r != 0.2 {
		t.Errorf("data rate %v, want 0.2", r)
	}
	for name, want := range map[string]float64{"github.com/at4x/companion/rules": 380, "runtime": 160} {
		if got := app.brotliOf(name); got != want {
			t.Errorf("brotliOf(%s) = %v, want %v", name, got, want)
		}
	}
	if raw, br := app.unattributed(); raw != 800 || br != 160 {
		t.Errorf("unattributed %d raw, %v brotli; want 800, 160", raw, br)
	}
	// The rows add up to the two streams: code 400, data 200+100+100.
	if all := app.estimateTotal(); all != 800 {
		t.Errorf("all rows: %v, want 800", all)
	}
	if got := app.sortedPackages(); strings.Join(got, ",") != "github.com/at4x/companion/rules,runtime" {
		t.Errorf("order: %v", got)
	}
}

func TestPackageSizesReport(t *testing.T) {
	app, hello := testWeights()
	var r report
	r.packageSizes(app, hello)
	text := r.b.String()
	for _, want := range []string{
		"## Size by package (",
		"| github.com/at4x/companion/rules | 3.0 KB | 0.4 KB | 0.4 KB | 47.5% |",
		"(web/library.txt, app/contentdata) is 1.5 KB raw, 0.5 KB gzip, 0.3 KB brotli.",
		"| **all** | 5.0 KB | 2.0 KB | 0.8 KB | 100% |",
		"## Size by package: the client against the hello world",
		"with 6 functions against the client's 10",
		"| github.com/at4x/companion/rules | 3.4 KB | 0.0 KB | 3.4 KB | 0.4 KB |",
		"| runtime | 2.3 KB | 1.8 KB | 0.5 KB | 0.0 KB |",
		"| linker tables (pclntab, findfunctab, module data) | 0.5 KB | 0.3 KB | 0.2 KB | 0.0 KB |",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the report lacks %q:\n%s", want, text)
		}
	}
}
