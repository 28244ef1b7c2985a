package main

import "testing"

var testPaths = []string{
	"runtime", "strings", "encoding/json", "gopkg.in/yaml.v3",
	"github.com/maxence-charriere/go-app/v10/pkg/app",
	"github.com/at4x/companion/app", "github.com/at4x/companion/app/calc",
	"github.com/at4x/companion/app/cmd/pwa",
}

func TestSymbolPackages(t *testing.T) {
	p := newSymbolPackages(testPaths)
	for _, tc := range []struct{ name, symbol, want string }{
		{"function", "strings.Index", "strings"},
		{"method", "encoding/json.(*decodeState).object", "encoding/json"},
		{"a dot in the path", "gopkg.in/yaml.v3.Unmarshal", "gopkg.in/yaml.v3"},
		{"the longer path", "github.com/at4x/companion/app/calc.page.Render", "github.com/at4x/companion/app/calc"},
		{"the shorter path", "github.com/at4x/companion/app.(*Site).build", "github.com/at4x/companion/app"},
		{"generic", "strings.Map[go.shape.string]", "strings"},
		{"main", "main.main", "github.com/at4x/companion/app/cmd/pwa"},
		{"no package", "go:string.\"x\"", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := p.ofSymbol(tc.symbol); got != tc.want {
				t.Errorf("ofSymbol(%q) = %q, want %q", tc.symbol, got, tc.want)
			}
		})
	}
	for _, tc := range []struct{ name, fn, want string }{
		{"function", "strings.Index", "strings"},
		{"sanitized path", "github.com_at4x_companion_app_calc.__page_.Render", "github.com/at4x/companion/app/calc"},
		{"sanitized dash", "github.com_maxence_charriere_go_app_v10_pkg_app.Div", "github.com/maxence-charriere/go-app/v10/pkg/app"},
		{"main", "main.yield.func1", "github.com/at4x/companion/app/cmd/pwa"},
		{"equality function", "type_.eq._6_github.com_at4x_companion_app.entry", "github.com/at4x/companion/app"},
		{"linker helper", "wasm_export_run", "runtime"},
		{"no package inside a word", "type_.eq.domain.T", "runtime"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := p.ofFunc(tc.fn); got != tc.want {
				t.Errorf("ofFunc(%q) = %q, want %q", tc.fn, got, tc.want)
			}
		})
	}
	for _, tc := range []struct{ sym, want string }{
		{"type:*github.com/at4x/companion/app.Site", "github.com/at4x/companion/app"},
		{"type:[]encoding/json.Number", "encoding/json"},
		{"go:itab.*strings.Reader,io.Reader", "strings"},
		{"type:map[string]int", ""},
		{"strings.Index", ""},
	} {
		if got := p.ofType(tc.sym); got != tc.want {
			t.Errorf("ofType(%q) = %q, want %q", tc.sym, got, tc.want)
		}
	}
}

func TestParseDumpdep(t *testing.T) {
	out := []byte("# github.com/at4x/companion/app/cmd/pwa\n" +
		"_ -> main.main\n" +
		"main.main -> strings.Index\n" +
		"main.main -> go:string.\"a -> b\"\n" +
		"encoding/json.init -> strings.Index\n" +
		"strings.Index -> type:runtime.errorString <UsedInIface>\n" +
		"main.main -> type:struct { a int; b string }\n")
	got := parseDumpdep(out)
	for to, from := range map[string]string{
		"main.main":                       "_",
		"strings.Index":                   "main.main", // the first that reached it
		"go:string.\"a -> b\"":            "main.main",
		"type:runtime.errorString":        "strings.Index",
		"type:struct { a int; b string }": "main.main",
	} {
		if got[to] != from {
			t.Errorf("%q reached by %q, want %q", to, got[to], from)
		}
	}
	if len(got) != 5 {
		t.Errorf("%d symbols: %v", len(got), got)
	}
}

func TestParseNm(t *testing.T) {
	out := []byte("/cache/ab-d(_go_.o):\t  2bdcf    1113716 D github.com/at4x/companion/app/contentdata..gobytes.1\n" +
		"/cache/ab-d:\t     969       1500 ? go:constinfo.internal/goarch\n" +
		"/cache/ab-d:\t                  0 U go:info.int\n" +
		"/cache/ab-d:\t  1f57f        566 T github.com/at4x/companion/app/contentdata.Encode\n" +
		"/cache/ab-d:\t  148b9b        128 R type:noalg.struct { key string; elem map[string]string }\n" +
		"/cache/ab-d:\t  81941e         24 r runtime.gobytes.stkobj<1>\n" +
		"/cache/ab-d:\t  9106f          1 B internal/abi.alwaysFalse\n" +
		"/cache/cd-d:\t  0          7 R github.com/at4x/companion/app/contentdata..gobytes.1\n")
	got := parseNm(out)
	want := map[string]objSymbol{
		"github.com/at4x/companion/app/contentdata..gobytes.1":     {1113716, 'D'}, // the first file's
		"type:noalg.struct { key string; elem map[string]string }": {128, 'R'},
		"runtime.gobytes.stkobj":                                   {24, 'r'},
		"internal/abi.alwaysFalse":                                 {1, 'B'},
	}
	if len(got) != len(want) {
		t.Errorf("symbols: %v", got)
	}
	for name, s := range want {
		if got[name] != s {
			t.Errorf("%q: %+v, want %+v", name, got[name], s)
		}
	}
}

func TestSizeByPackage(t *testing.T) {
	pkgs := newSymbolPackages(testPaths)
	m := &wasmModule{funcs: []wasmFunc{
		{"main.main", make([]byte, 10)},
		{"strings.Index", make([]byte, 20)},
		{"github.com_at4x_companion_app.__Site_.build", make([]byte, 30)},
		{"wasm_export_run", make([]byte, 5)},
	}}
	parent := parseDumpdep([]byte("_ -> main.main\n" +
		"main.main -> go:string.\"hello\"\n" +
		"main.main -> github.com/at4x/companion/app.(*Site).build\n" +
		"github.com/at4x/companion/app.(*Site).build -> type:*github.com/at4x/companion/app.Site\n" +
		"type:*github.com/at4x/companion/app.Site -> type:.namedata.*app.Site.\n" +
		"github.com/at4x/companion/app.(*Site).build -> strings.Index.stkobj\n" +
		"github.com/at4x/companion/app.(*Site).build -> gclocals·abc\n" +
		"strings.Index -> strings.asciiSpace\n" +
		"strings.Index -> runtime.zeroed\n"))
	syms := map[string]objSymbol{
		"go:string.\"hello\"":                      {5, 'R'},
		"type:*github.com/at4x/companion/app.Site": {40, 'R'},
		"type:.namedata.*app.Site.":                {12, 'R'},
		"strings.Index.stkobj":                     {8, 'R'}, // another function's name, content-addressed
		"gclocals·abc":                             {3, 'R'},
		"strings.asciiSpace":                       {256, 'D'},
		"runtime.zeroed":                           {1000, 'B'}, // no bytes in the wasm
		"strings.unreached":                        {77, 'R'},
	}
	got := sizeByPackage(m, pkgs, parent, syms)
	want := map[string]pkgSize{
		"github.com/at4x/companion/app/cmd/pwa": {code: 10, data: 5},
		"strings":                               {code: 20, data: 256},
		"github.com/at4x/companion/app":         {code: 30, data: 40 + 12 + 8 + 3},
		"runtime":                               {code: 5},
	}
	if len(got) != len(want) {
		t.Errorf("packages: %v", got)
	}
	for name, s := range want {
		if got[name] == nil || *got[name] != s {
			t.Errorf("%s: %+v, want %+v", name, got[name], s)
		}
	}
}

func TestPackageGroup(t *testing.T) {
	for path, want := range map[string]string{
		"github.com/at4x/companion/rules":                 groupOurs,
		"github.com/maxence-charriere/go-app/v10/pkg/app": groupGoApp,
		"github.com/sahilm/fuzzy":                         groupOther,
		"vendor/golang.org/x/net/idna":                    groupStd,
		"encoding/json":                                   groupStd,
		"runtime":                                         groupStd,
	} {
		if got := packageGroup(path); got != want {
			t.Errorf("packageGroup(%q) = %q, want %q", path, got, want)
		}
	}
}
