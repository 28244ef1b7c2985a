package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
)

// The race detector finds data races, and there are none to find where
// a test binary runs the code under test on one goroutine: the engine's
// and the content's tests, which compute, spent 6 of the race check's 10
// minutes on a loaded 2-CPU machine for that nothing (rules 254 s with
// -race, 49 s without). So the test command runs with -race every package
// whose test binary may run our code on two goroutines at once, and the
// rest without it, every test of both still run. A package's test binary
// may when some package of it outside the standard library (ours, or a
// module's) starts a goroutine, runs tests in parallel or hands a func to
// be called later on another goroutine (a go statement, t.Parallel,
// b.RunParallel, AfterFunc, SetFinalizer, AddCleanup), or when it links a
// standard package that calls our code from goroutines of its own
// (concurrentStd). The test reads the source, so a goroutine added to the
// engine puts it back under the race detector by itself.

// concurrentStd are the standard packages that run a caller's code, or
// write to a caller's buffers, on goroutines they start: a server's
// handlers, a command's output copied to a Writer, a signal's channel.
var concurrentStd = []string{"net/http", "net/http/httptest", "os/exec", "os/signal"}

// concurrentCalls are the calls, by their name, that run code on another
// goroutine or let tests run at once.
var concurrentCalls = []string{"Parallel", "RunParallel", "AfterFunc", "SetFinalizer", "AddCleanup"}

// listedPackage is what racePlan reads of go list -json.
type listedPackage struct {
	ImportPath, Dir, ForTest                     string
	Standard                                     bool
	GoFiles, CgoFiles, TestGoFiles, XTestGoFiles []string
	Imports, TestImports, XTestImports, Deps     []string
}

// racePlan splits pkgs into those whose tests run with -race and those
// that run without it, as go list sees them from the module's root.
func racePlan(pkgs []string) (race, plain []string, err error) {
	cmd := exec.Command("go", append([]string{"list", "-deps", "-test", "-json"}, pkgs...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, nil, fmt.Errorf("go list -deps -test: %w\n%s", err, stderr.Bytes())
	}
	listed := map[string]listedPackage{}
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p listedPackage
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			return nil, nil, fmt.Errorf("reading go list -json: %w", err)
		}
		listed[p.ImportPath] = p
	}
	seen := map[string]string{} // a package's reason, "" for none, by import path
	for _, pkg := range pkgs {
		bin, ok := listed[pkg+".test"]
		if !ok {
			// No test files: go test only builds it, and -race adds nothing.
			plain = append(plain, pkg)
			continue
		}
		why, err := mayRunConcurrently(bin, listed, seen)
		if err != nil {
			return nil, nil, err
		}
		if why != "" {
			race = append(race, pkg)
		} else {
			plain = append(plain, pkg)
		}
	}
	return race, plain, nil
}

// mayRunConcurrently says why the test binary bin may run code of ours on
// two goroutines at once, "" when it cannot. seen keeps each package's
// answer, for the next binary.
func mayRunConcurrently(bin listedPackage, listed map[string]listedPackage, seen map[string]string) (string, error) {
	// bin itself is go test's generated main, which runs the tests one at
	// a time unless they say otherwise (t.Parallel, in their package).
	for _, path := range bin.Deps {
		p, ok := listed[path]
		if !ok {
			continue
		}
		if p.Standard {
			continue
		}
		why, done := seen[path]
		if !done {
			var err error
			if why, err = startsGoroutines(p); err != nil {
				return "", err
			}
			seen[path] = why
		}
		if why != "" {
			return why, nil
		}
	}
	return "", nil
}

// startsGoroutines says where a package of a test binary imports one of
// concurrentStd, or where its files start a goroutine or call one of
// concurrentCalls, "" when none does. Its test files count where the
// binary tests it (p.ForTest), the only package whose tests it links.
// Every test binary links os/exec (testing's fuzzing does), so what counts
// is a package of ours or a module's importing it, not its being linked.
func startsGoroutines(p listedPackage) (string, error) {
	imports, files := [][]string{p.Imports}, [][]string{p.GoFiles, p.CgoFiles}
	if p.ForTest != "" {
		imports = append(imports, p.TestImports, p.XTestImports)
		files = append(files, p.TestGoFiles, p.XTestGoFiles)
	}
	for _, list := range imports {
		for _, path := range list {
			// A test variant's import reads "path [pkg.test]".
			if path, _, _ = strings.Cut(path, " "); slices.Contains(concurrentStd, path) {
				return p.ImportPath + " imports " + path, nil
			}
		}
	}
	fset := token.NewFileSet()
	for _, list := range files {
		for _, name := range list {
			f, err := parser.ParseFile(fset, filepath.Join(p.Dir, name), nil, parser.SkipObjectResolution)
			if err != nil {
				return "", fmt.Errorf("reading %s for the race check: %w", p.ImportPath, err)
			}
			if pos := concurrentNode(f); pos.IsValid() {
				return fset.Position(pos).String(), nil
			}
		}
	}
	return "", nil
}

// concurrentNode is the first go statement or call of concurrentCalls in
// f, token.NoPos when there is none.
func concurrentNode(f *ast.File) token.Pos {
	found := token.NoPos
	ast.Inspect(f, func(n ast.Node) bool {
		if found.IsValid() {
			return false
		}
		switch n := n.(type) {
		case *ast.GoStmt:
			found = n.Pos()
		case *ast.CallExpr:
			if sel, ok := n.Fun.(*ast.SelectorExpr); ok && slices.Contains(concurrentCalls, sel.Sel.Name) {
				found = n.Pos()
			}
		}
		return true
	})
	return found
}
