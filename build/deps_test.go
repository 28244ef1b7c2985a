package main

import (
	"maps"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// The direction of the program's imports, which the package docs describe
// (app/site.go, app/calc/doc.go, app/ui/ui.go), checked here as the
// standard library checks its own (go/build/deps_test.go): the shell
// (package app) imports the calculators (app/calc), which import the
// leaves (app/ui, app/store, app/qr, app/search, app/contentdata), which
// import the engine and the content's model (rules, i18n, docs/content);
// the build-time content (docs, its diagrams and reference cards, and
// goldmark) stays out of the wasm client. A rule lists what some packages
// must not depend on, directly or through others, in a build.

// module is the module's path; the rules name our packages without it.
const module = "github.com/at4x/companion"

// A depsRule says that pkgs must not depend on any of forbid, but on
// those of allow, in the builds it names. A name ending in "/..." stands
// for the package and every one under it; "..." alone, for every package
// of ours.
type depsRule struct {
	why    string
	pkgs   []string
	forbid []string
	allow  []string
	wasm   bool // checked in the client's build (GOOS=js GOARCH=wasm)
	native bool // checked in the native build (the server, the site build, the tests)
}

// forbids tells whether the rule forbids depending on the package.
func (r depsRule) forbids(path string) bool {
	return matches(path, r.forbid) && !matches(path, r.allow)
}

var depsRules = []depsRule{
	{why: "the wasm client carries no build-time content: no Markdown renderer, no cards' builder, no build",
		pkgs:   []string{"app/cmd/pwa"},
		forbid: []string{"docs/...", "build/...", "github.com/yuin/goldmark/..."}, allow: []string{"docs/content"},
		wasm: true},
	{why: "the leaves never reach the shell or the calculators",
		pkgs:   []string{"app/ui", "app/store", "app/qr", "app/search", "app/contentdata"},
		forbid: []string{"app", "app/calc"},
		wasm:   true, native: true},
	{why: "the calculators never reach the shell",
		pkgs:   []string{"app/calc"},
		forbid: []string{"app"},
		wasm:   true, native: true},
	{why: "the engine, the interface strings and the content's model import nothing of ours",
		pkgs:   []string{"rules", "i18n", "docs/content"},
		forbid: []string{"..."},
		wasm:   true, native: true},
	{why: "the build-time content reaches no part of the interface",
		pkgs:   []string{"docs/..."},
		forbid: []string{"app/..."},
		native: true},
}

// TestImportDirection checks every rule against what go list -deps says
// each build imports.
func TestImportDirection(t *testing.T) {
	if testing.Short() {
		t.Skip("go list takes a few seconds")
	}
	builds := []struct {
		name string
		env  []string
		on   func(depsRule) bool
	}{
		{"native", nil, func(r depsRule) bool { return r.native }},
		{"GOOS=js GOARCH=wasm", []string{"GOOS=js", "GOARCH=wasm"}, func(r depsRule) bool { return r.wasm }},
	}
	for _, b := range builds {
		t.Run(b.name, func(t *testing.T) {
			g := importGraph(t, b.env)
			for _, r := range depsRules {
				if !b.on(r) {
					continue
				}
				for _, n := range r.pkgs {
					if _, ok := g[module+"/"+n]; !ok && !strings.HasSuffix(n, "...") {
						t.Errorf("the rule %q names %s, which this build does not have", r.why, n)
					}
				}
				for _, p := range g.ours(r.pkgs) {
					// One message per way in: the first package on the
					// way that the rule forbids, and how many more come
					// through it.
					ways := map[string][]string{}
					more := map[string]int{}
					for _, d := range g.deps(p) {
						if !r.forbids(d) {
							continue
						}
						path := g.path(p, d)
						i := slices.IndexFunc(path[1:], r.forbids) + 1
						if _, ok := ways[path[i]]; !ok {
							ways[path[i]] = path[:i+1]
						}
						if d != path[i] {
							more[path[i]]++
						}
					}
					for _, in := range slices.Sorted(maps.Keys(ways)) {
						t.Errorf("%s depends on %s (%s; %d more through it), against the rule: %s", short(p), short(in),
							strings.Join(mapShort(ways[in]), " → "), more[in], r.why)
					}
				}
			}
		})
	}
}

// graph is what go list says each package imports, by import path.
type graph map[string][]string

// importGraph lists every package of the module and what it depends on, in
// the build that env selects.
func importGraph(t *testing.T, env []string) graph {
	t.Helper()
	cmd := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}}:{{join .Imports \" \"}}", module+"/...")
	cmd.Dir = ".."
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.Output()
	if err != nil {
		if ee, ok := err.(*exec.ExitError); ok {
			t.Fatalf("go list: %v\n%s", err, ee.Stderr)
		}
		t.Fatalf("go list: %v", err)
	}
	g := graph{}
	for line := range strings.Lines(string(out)) {
		pkg, imports, _ := strings.Cut(strings.TrimSpace(line), ":")
		g[pkg] = strings.Fields(imports)
	}
	if len(g[module+"/app/cmd/pwa"]) == 0 {
		t.Fatalf("go list found no client:\n%s", out)
	}
	return g
}

// ours are the packages of the module the names stand for.
func (g graph) ours(names []string) []string {
	var out []string
	for p := range g {
		if strings.HasPrefix(p, module+"/") && matches(p, names) {
			out = append(out, p)
		}
	}
	slices.Sort(out)
	return out
}

// deps are every package p depends on, directly or not, in order.
func (g graph) deps(p string) []string {
	seen := map[string]bool{}
	var walk func(string)
	walk = func(p string) {
		for _, d := range g[p] {
			if !seen[d] {
				seen[d] = true
				walk(d)
			}
		}
	}
	walk(p)
	return slices.Sorted(maps.Keys(seen))
}

// path is a shortest chain of imports from p to d.
func (g graph) path(p, d string) []string {
	from := map[string]string{p: ""}
	queue := []string{p}
	for len(queue) > 0 {
		q := queue[0]
		queue = queue[1:]
		if q == d {
			var out []string
			for ; q != ""; q = from[q] {
				out = append(out, q)
			}
			slices.Reverse(out)
			return out
		}
		for _, n := range g[q] {
			if _, ok := from[n]; !ok {
				from[n] = q
				queue = append(queue, n)
			}
		}
	}
	return []string{p, "?", d}
}

// matches tells whether the package path is one the names stand for.
func matches(path string, names []string) bool {
	for _, n := range names {
		full := n
		if !strings.Contains(strings.Split(n, "/")[0], ".") {
			full = module + "/" + n // ours
		}
		switch {
		case n == "...":
			if strings.HasPrefix(path, module+"/") {
				return true
			}
		case strings.HasSuffix(full, "/..."):
			base := strings.TrimSuffix(full, "/...")
			if path == base || strings.HasPrefix(path, base+"/") {
				return true
			}
		case path == full:
			return true
		}
	}
	return false
}

// short is a path without the module's prefix.
func short(path string) string {
	if s, ok := strings.CutPrefix(path, module+"/"); ok {
		return s
	}
	return path
}

func mapShort(paths []string) []string {
	out := make([]string, len(paths))
	for i, p := range paths {
		out[i] = short(p)
	}
	return out
}
