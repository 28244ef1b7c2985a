package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"sync"
)

// A wasmWeight is a wasm build weighed by package.
type wasmWeight struct {
	shipped    size // the stripped wasm, as the site serves it
	code, data int  // the sections' sizes, raw
	// codeBrotli is the code section's brotli bytes, compressed on its
	// own with a flush at every change of package.
	codeBrotli int
	// The data in memory by region, each with its brotli bytes in a
	// stream of the data flushed at each region's end.
	regions  []regionWeight
	packages map[string]*pkgSize
	library  size // the library file the client fetches, when weighed
	funcs    int  // how many functions the module defines
}

// A regionWeight is a data region and its brotli bytes.
type regionWeight struct {
	dataRegion
	brotli int
}

func (r regionWeight) raw() int { return r.end - r.start }

// linkerRegions are the data regions the linker makes for all packages,
// which no object file holds; the others hold the packages' data symbols.
var linkerRegions = []string{regionPclntab, regionFindfunctab, regionModuledata}

// weighWasm builds pkg for GOOS=js GOARCH=wasm with flags twice, as shipped
// (-s -w) and with its names, and weighs it by package. st says which parts
// are compressed by package or region, which takes minutes.
func weighWasm(root, tmp, pkg string, flags []string, st streams) (*wasmWeight, error) {
	named, shipped := filepath.Join(tmp, "named.wasm"), filepath.Join(tmp, "shipped.wasm")
	var deps bytes.Buffer
	build := func(out, ldflags string, stderr io.Writer) error {
		args := append([]string{"build", "-trimpath", "-ldflags=" + ldflags}, flags...)
		cmd := exec.Command("go", append(args, "-o", out, pkg)...)
		cmd.Dir = root
		cmd.Env = append(cmd.Environ(), wasmEnv...)
		cmd.Stdout, cmd.Stderr = os.Stdout, stderr
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("go build %s %s: %v\n%s", ldflags, pkg, err, lastLines(deps.Bytes(), 20))
		}
		return nil
	}
	fmt.Println("size: building", pkg, "with its names (-ldflags=-dumpdep) and as shipped (-s -w)")
	if err := build(named, "-dumpdep", &deps); err != nil {
		return nil, err
	}
	if err := build(shipped, "-s -w", os.Stderr); err != nil {
		return nil, err
	}
	paths, archives, err := goList(root, flags, pkg)
	if err != nil {
		return nil, err
	}
	nm, err := exec.Command("go", append([]string{"tool", "nm", "-size", "-type"}, archives...)...).Output()
	if err != nil {
		return nil, fmt.Errorf("go tool nm on the archives of %s: %w", pkg, err)
	}
	b, err := os.ReadFile(named)
	if err != nil {
		return nil, err
	}
	m, err := readWasm(b)
	if err != nil {
		return nil, err
	}
	regions, err := dataRegions(m.memory)
	if err != nil {
		return nil, err
	}
	if end := regions[len(regions)-1].end; end > len(m.memory) {
		m.memory = append(m.memory, make([]byte, end-len(m.memory))...)
	}
	pkgs := newSymbolPackages(paths)
	parent, syms := parseDumpdep(deps.Bytes()), parseNm(nm)
	w := &wasmWeight{code: m.code, data: m.data, packages: sizeByPackage(m, pkgs, parent, syms), funcs: len(m.funcs)}
	for _, r := range regions {
		w.regions = append(w.regions, regionWeight{dataRegion: r})
	}
	if b, err = os.ReadFile(shipped); err != nil {
		return nil, err
	}
	if w.shipped, err = compressedSizes(b); err != nil {
		return nil, err
	}
	fmt.Println("size: compressing", pkg, "by package and region (brotli, best quality)")
	return w, w.compress(m, pkgs, st)
}

// streams says which parts of a wasm weighWasm compresses by package or
// region: the code, the data.
type streams struct{ code, data bool }

// compress fills the brotli figures: the code section streamed function by
// function, flushed at each change of package, credits each package with
// the bytes its code added; the data is streamed region by region. A flush
// costs a few bytes, so each stream is within a few KB of the same bytes
// compressed whole.
func (w *wasmWeight) compress(m *wasmModule, pkgs *symbolPackages, st streams) error {
	var wg sync.WaitGroup
	var codeErr, dataErr error
	wg.Add(2)
	go func() {
		defer wg.Done()
		if !st.code {
			return
		}
		s := newFlushStream()
		last := ""
		for _, f := range m.funcs {
			if p := pkgs.ofFunc(f.name); p != last {
				if last != "" {
					w.packages[last].codeBrotli += s.flush()
				}
				last = p
			}
			s.write(f.body)
		}
		w.packages[last].codeBrotli += s.flush()
		w.codeBrotli, codeErr = s.close()
	}()
	go func() {
		defer wg.Done()
		if !st.data {
			return
		}
		s := newFlushStream()
		for i, r := range w.regions {
			s.write(m.memory[r.start:r.end])
			w.regions[i].brotli += s.flush()
		}
		_, dataErr = s.close()
	}()
	wg.Wait()
	return errors.Join(codeErr, dataErr)
}

// dataRatio is the brotli bytes per raw byte of the regions that hold the
// packages' data symbols: the rate at which a package's data is weighed.
func (w *wasmWeight) dataRatio() float64 {
	raw, br := 0, 0
	for _, r := range w.regions {
		if !slices.Contains(linkerRegions, r.name) {
			raw += r.raw()
			br += r.brotli
		}
	}
	if raw <= 0 {
		return 0
	}
	return float64(br) / float64(raw)
}

// brotliOf is a package's estimated brotli bytes in the wasm: its code's
// exactly, its data's at dataRatio.
func (w *wasmWeight) brotliOf(name string) float64 {
	p := w.packages[name]
	return float64(p.codeBrotli) + float64(p.data)*w.dataRatio()
}

func lastLines(b []byte, n int) []byte {
	lines := bytes.Split(bytes.TrimRight(b, "\n"), []byte("\n"))
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return bytes.Join(lines, []byte("\n"))
}

// dataRaw is the data's bytes in memory, all regions.
func (w *wasmWeight) dataRaw() int {
	n := 0
	for _, r := range w.regions {
		n += r.raw()
	}
	return n
}

// linkerBrotli is the brotli bytes of the linker's tables.
func (w *wasmWeight) linkerBrotli() int {
	n := 0
	for _, r := range w.regions {
		if slices.Contains(linkerRegions, r.name) {
			n += r.brotli
		}
	}
	return n
}

// unattributed is the data in the packages' regions that no kept symbol
// accounts for (alignment, symbols the linker makes, like the go:buildinfo
// string), raw and at dataRatio.
func (w *wasmWeight) unattributed() (raw int, brotli float64) {
	for _, r := range w.regions {
		if !slices.Contains(linkerRegions, r.name) {
			raw += r.raw()
		}
	}
	for _, p := range w.packages {
		raw -= p.data
	}
	return raw, float64(raw) * w.dataRatio()
}

// estimateTotal is the sum of the packages' brotli estimates, the data of
// no package and the linker's tables: the two streams' size.
func (w *wasmWeight) estimateTotal() float64 {
	_, un := w.unattributed()
	all := float64(w.linkerBrotli()) + un
	for n := range w.packages {
		all += w.brotliOf(n)
	}
	return all
}

// sortedPackages is the packages, the heaviest in brotli first (raw when
// the brotli was not measured), then by name.
func (w *wasmWeight) sortedPackages() []string {
	var names []string
	for n := range w.packages {
		names = append(names, n)
	}
	weight := func(n string) float64 {
		if w.codeBrotli == 0 {
			return float64(w.packages[n].raw())
		}
		return w.brotliOf(n)
	}
	sort.Slice(names, func(i, j int) bool {
		if a, b := weight(names[i]), weight(names[j]); a != b {
			return a > b
		}
		return names[i] < names[j]
	})
	return names
}
