package handback

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestImportsOnlySyscallJS: the package's init hands back early in the
// start because it depends on nothing but syscall/js (Go initialises a
// package once all it imports is); each import added would move that
// moment later, towards the one app/ui's init already makes.
func TestImportsOnlySyscallJS(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			if p, _ := strconv.Unquote(imp.Path.Value); p != "syscall/js" {
				t.Errorf("%s imports %s; the package may import only syscall/js", name, p)
			}
		}
	}
}
