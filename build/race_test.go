package main

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestConcurrentNode(t *testing.T) {
	tests := []struct {
		name, body string
		found      bool
	}{
		{"a go statement", `go func() {}()`, true},
		{"parallel tests", `t.Parallel()`, true},
		{"parallel benchmark", `b.RunParallel(nil)`, true},
		{"a timer's func", `time.AfterFunc(0, f)`, true},
		{"a context's func", `context.AfterFunc(ctx, f)`, true},
		{"a finalizer", `runtime.SetFinalizer(x, f)`, true},
		{"a cleanup", `runtime.AddCleanup(x, f, 0)`, true},
		{"sequential code", `x := f(); t.Run("a", g); sync.OnceValue(f)()`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := parser.ParseFile(token.NewFileSet(), "x.go", "package x\nfunc x() {\n"+tt.body+"\n}\n", 0)
			if err != nil {
				t.Fatal(err)
			}
			if got := concurrentNode(f).IsValid(); got != tt.found {
				t.Errorf("found %v, want %v", got, tt.found)
			}
		})
	}
}

func TestStartsGoroutines(t *testing.T) {
	dir := t.TempDir()
	for name, src := range map[string]string{
		"plain.go":      "package x\nfunc F() int { return 1 }\n",
		"plain_test.go": "package x\nfunc g() { go F() }\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		name string
		p    listedPackage
		want string // in the reason; "" for none
	}{
		{"code alone", listedPackage{ImportPath: "x", Dir: dir, GoFiles: []string{"plain.go"}, TestGoFiles: []string{"plain_test.go"}}, ""},
		{"its tests, where the binary tests it", listedPackage{ImportPath: "x", Dir: dir, ForTest: "x", GoFiles: []string{"plain.go"}, TestGoFiles: []string{"plain_test.go"}}, "plain_test.go:2"},
		{"a server", listedPackage{ImportPath: "x", Dir: dir, GoFiles: []string{"plain.go"}, Imports: []string{"fmt", "net/http"}}, "imports net/http"},
		{"a test's command", listedPackage{ImportPath: "x", Dir: dir, ForTest: "x", XTestImports: []string{"os/exec [x.test]"}}, "imports os/exec"},
		{"a dependency's test imports", listedPackage{ImportPath: "y", Dir: dir, TestImports: []string{"net/http/httptest"}}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := startsGoroutines(tt.p)
			if err != nil {
				t.Fatal(err)
			}
			if tt.want == "" && got != "" || !strings.Contains(got, tt.want) {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

// TestRacePlan: the engine, whose tests compute on one goroutine, runs
// without the race detector; the shell, which starts a goroutine, and the
// build, which serves and runs commands, with it.
func TestRacePlan(t *testing.T) {
	const mod = "github.com/at4x/companion/"
	race, plain, err := racePlan([]string{mod + "rules", mod + "app", mod + "build"})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(race, []string{mod + "app", mod + "build"}) || !slices.Equal(plain, []string{mod + "rules"}) {
		t.Errorf("race %v, plain %v", race, plain)
	}
}
