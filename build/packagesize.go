package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os/exec"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// The size by package weighs each Go package's part of the wasm, so that a
// change to the client can be weighed before it is made. The shipped wasm
// is stripped; the same code built without -s -w keeps WebAssembly's name
// section, which names every function, so the code each package ships is
// exact. Data has no name in the binary: a data symbol's size comes from
// the package's object file (go tool nm on the archives `go list -export`
// names), and only symbols the linker kept count, as -ldflags=-dumpdep
// lists them with the symbol that first reached each. A symbol that
// belongs to no package by its name (a string literal, a function's GC
// tables, a type descriptor of an unnamed type) counts for the package of
// the symbol that reached it. What no object file holds is the linker's
// own tables (pclntab: each function's name, file and line tables), made
// for every function of every package: one line of its own.

// A pkgSize is what one package, or a group of them, puts in the wasm:
// bytes of code (function bodies) and of data, raw, and the brotli bytes
// its code takes in a stream of the code section (see codeBrotli).
type pkgSize struct {
	code, data, codeBrotli int
}

func (s *pkgSize) add(o pkgSize) {
	s.code += o.code
	s.data += o.data
	s.codeBrotli += o.codeBrotli
}

func (s pkgSize) raw() int { return s.code + s.data }

// symbolPackages resolves symbol names to the package they belong to,
// knowing the packages the program links.
type symbolPackages struct {
	paths    []string // import paths, longest first, and "main"
	mainPath string   // the import path of the package the linker calls main
}

// newSymbolPackages knows paths, the last of which is the main package
// (as go list -deps lists them): its symbols are named "main.".
func newSymbolPackages(paths []string) *symbolPackages {
	p := &symbolPackages{paths: append([]string{"main"}, paths...)}
	if len(paths) > 0 {
		p.mainPath = paths[len(paths)-1]
	}
	sort.SliceStable(p.paths, func(i, j int) bool { return len(p.paths[i]) > len(p.paths[j]) })
	return p
}

// path is the import path of a package as symbols name it.
func (p *symbolPackages) path(name string) string {
	if name == "main" {
		return p.mainPath
	}
	return name
}

// notNameChar is what the Go linker replaces with "_" in the names of the
// WebAssembly name section (cmd/link/internal/wasm: nameRegexp).
var notNameChar = regexp.MustCompile(`[^\w.]`)

func wasmName(s string) string { return notNameChar.ReplaceAllString(s, "_") }

// ofSymbol is the package a Go symbol name starts with ("path.Name",
// "path.(*T).M", "path.F[...]"), or "" for one that starts with none.
func (p *symbolPackages) ofSymbol(name string) string {
	for _, path := range p.paths {
		if len(name) > len(path) && name[len(path)] == '.' && strings.HasPrefix(name, path) {
			return p.path(path)
		}
	}
	return ""
}

// ofFunc is the package of a function as the name section names it: the
// package it starts with, else the first one named in it (the linker's
// equality functions, "type_.eq.[6]path.T"), else "runtime" for the
// linker's and the runtime's own helpers.
func (p *symbolPackages) ofFunc(name string) string {
	best, at := "", len(name)
	for _, path := range p.paths {
		s := wasmName(path)
		if len(name) > len(s) && name[len(s)] == '.' && strings.HasPrefix(name, s) {
			return p.path(path)
		}
		// Only after a character the linker wrote for one it replaced:
		// "main." is no package in "domain.T".
		if i := strings.Index(name, s+"."); i > 0 && i < at && name[i-1] == '_' && path != "main" {
			best, at = path, i
		}
	}
	if best == "" {
		return "runtime"
	}
	return p.path(best)
}

// ofType is the package of the type a "type:" or "go:itab." symbol
// describes, when the type is a named one (through pointers and slices),
// else "".
func (p *symbolPackages) ofType(name string) string {
	for _, prefix := range []string{"type:", "go:itab."} {
		if rest, ok := strings.CutPrefix(name, prefix); ok {
			return p.ofSymbol(strings.TrimLeft(rest, "*[]"))
		}
	}
	return ""
}

// funcData is the suffixes of the symbols the compiler writes beside a
// function for the runtime (stack maps, argument info): content-addressed,
// so their names may be another function's; they count for the function
// that reached them.
var funcData = []string{".stkobj", ".arginfo0", ".arginfo1", ".args_stackmap", ".opendefer", ".wrapinfo"}

// dataOwner resolves the package each kept data symbol counts for.
type dataOwner struct {
	pkgs   *symbolPackages
	parent map[string]string // symbol -> the symbol that first reached it
	memo   map[string]string
}

func (d *dataOwner) of(sym string) string {
	if p, ok := d.memo[sym]; ok {
		return p
	}
	d.memo[sym] = "runtime" // a cycle through symbols of no package
	owner := d.own(sym)
	if owner == "" {
		if up, ok := d.parent[sym]; ok && up != "_" {
			owner = d.of(up)
		} else {
			owner = "runtime"
		}
	}
	d.memo[sym] = owner
	return owner
}

// own is the package sym belongs to by its name alone, or "".
func (d *dataOwner) own(sym string) string {
	switch {
	case strings.HasPrefix(sym, "type:") || strings.HasPrefix(sym, "go:itab."):
		return d.pkgs.ofType(sym)
	case strings.HasPrefix(sym, "go:") || strings.HasPrefix(sym, "gclocals·"):
		return ""
	}
	for _, s := range funcData {
		if strings.HasSuffix(sym, s) {
			return ""
		}
	}
	return d.pkgs.ofSymbol(sym)
}

// parseDumpdep reads the linker's -dumpdep output, one "from -> to" line
// for each symbol it keeps, into what reached each symbol.
func parseDumpdep(out []byte) map[string]string {
	parent := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		from, to, ok := strings.Cut(sc.Text(), " -> ")
		if !ok {
			continue
		}
		// A mark the linker adds after the name: "<UsedInIface>".
		if i := strings.LastIndex(to, " <"); i >= 0 && strings.HasSuffix(to, ">") {
			to = to[:i]
		}
		if _, seen := parent[to]; !seen {
			parent[to] = from
		}
	}
	return parent
}

// An objSymbol is a data symbol of an object file: its size and go tool
// nm's type letter (R read-only, D data, B zeroed: in no data segment).
type objSymbol struct {
	size int
	kind byte
}

// parseNm reads `go tool nm -size -type` over several files: lines of
// "file: address size type name", the address blank for an undefined
// symbol, the name possibly holding spaces. A static symbol's name ends in
// "<N>", which the linker's names do not have.
func parseNm(out []byte) map[string]objSymbol {
	syms := map[string]objSymbol{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if i := strings.Index(line, ":\t"); i >= 0 {
			line = line[i+2:]
		}
		f := strings.Fields(line)
		if len(f) < 4 {
			continue // an undefined symbol: "size U name" after a blank address
		}
		size, err := strconv.Atoi(f[1])
		if err != nil || len(f[2]) != 1 {
			continue
		}
		kind := f[2][0]
		switch kind {
		case 'R', 'r', 'D', 'd', 'B', 'b':
		default:
			continue
		}
		name := strings.Join(f[3:], " ")
		if i := strings.LastIndexByte(name, '<'); i > 0 && strings.HasSuffix(name, ">") {
			if _, err := strconv.Atoi(name[i+1 : len(name)-1]); err == nil {
				name = name[:i]
			}
		}
		if _, seen := syms[name]; !seen {
			syms[name] = objSymbol{size, kind}
		}
	}
	return syms
}

// sizeByPackage splits the module's code and the kept data symbols by
// package. The code is attributed function by function; each package's
// codeBrotli is filled by codeBrotli.
func sizeByPackage(m *wasmModule, pkgs *symbolPackages, parent map[string]string, syms map[string]objSymbol) map[string]*pkgSize {
	out := map[string]*pkgSize{}
	at := func(p string) *pkgSize {
		if out[p] == nil {
			out[p] = &pkgSize{}
		}
		return out[p]
	}
	for _, f := range m.funcs {
		at(pkgs.ofFunc(f.name)).code += len(f.body)
	}
	owner := &dataOwner{pkgs: pkgs, parent: parent, memo: map[string]string{}}
	for sym := range parent {
		s, ok := syms[sym]
		if !ok || s.kind == 'B' || s.kind == 'b' {
			continue
		}
		at(owner.of(sym)).data += s.size
	}
	return out
}

// goList lists the packages a main package links for GOOS=js GOARCH=wasm,
// with the archive the build made of each.
func goList(root string, flags []string, pkg string) (paths, archives []string, err error) {
	args := append([]string{"list", "-export", "-deps", "-f", "{{.ImportPath}}\t{{.Export}}"}, flags...)
	cmd := exec.Command("go", append(args, pkg)...)
	cmd.Dir = root
	cmd.Env = append(cmd.Environ(), wasmEnv...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, nil, fmt.Errorf("go list %s: %v\n%s", pkg, err, stderr.Bytes())
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		path, archive, _ := strings.Cut(line, "\t")
		paths = append(paths, path)
		if archive != "" {
			archives = append(archives, archive)
		}
	}
	return paths, archives, nil
}
