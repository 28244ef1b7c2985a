package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/at4x/companion/app/contentdata"
)

// The package groups of the size report.
const (
	groupOurs   = "ours (github.com/at4x/companion/...)"
	groupGoApp  = "go-app (github.com/maxence-charriere/go-app/...)"
	groupOther  = "other modules"
	groupStd    = "Go standard library and runtime"
	groupLinker = "linker tables (pclntab, findfunctab, module data)"
)

// packageGroup is the group of the size report a package belongs to.
func packageGroup(path string) string {
	switch {
	case strings.HasPrefix(path, "github.com/at4x/companion/"):
		return groupOurs
	case strings.HasPrefix(path, "github.com/maxence-charriere/go-app/"):
		return groupGoApp
	case strings.Contains(strings.Split(path, "/")[0], "."):
		return groupOther
	}
	return groupStd
}

// sizeRows is how many packages the size table names; the rest are summed.
const sizeRows = 25

// weighClient builds the client and the hello world and weighs them by
// package (the "size" step of perf), and weighs the library file the client
// fetches beside its wasm.
func weighClient(tmp string) (app, hello *wasmWeight, err error) {
	root, err := moduleRoot()
	if err != nil {
		return nil, nil, err
	}
	if err := os.MkdirAll(filepath.Join(tmp, "size-app", "web"), 0o755); err != nil {
		return nil, nil, err
	}
	if _, err := writeLibrary(filepath.Join(tmp, "size-app")); err != nil {
		return nil, nil, err
	}
	lib, err := os.ReadFile(filepath.Join(tmp, "size-app", filepath.FromSlash(contentdata.File)))
	if err != nil {
		return nil, nil, err
	}
	flags, err := clientBuildFlags(root)
	if err != nil {
		return nil, nil, err
	}
	if app, err = weighWasm(root, filepath.Join(tmp, "size-app"), clientPackage, flags, streams{code: true, data: true}); err != nil {
		return nil, nil, fmt.Errorf("weighing the client: %w", err)
	}
	if err := os.MkdirAll(filepath.Join(tmp, "size-hello"), 0o755); err != nil {
		return nil, nil, err
	}
	// The hello world's data is compressed for its linker tables.
	if hello, err = weighWasm(root, filepath.Join(tmp, "size-hello"), "./build/hello", nil, streams{data: true}); err != nil {
		return nil, nil, fmt.Errorf("weighing the hello world: %w", err)
	}
	app.library, err = compressedSizes(lib)
	return app, hello, err
}

// packageSizes writes the size-by-package section of the report.
func (r *report) packageSizes(app, hello *wasmWeight) {
	b := &r.b
	streams := app.codeBrotli
	for _, reg := range app.regions {
		streams += reg.brotli
	}
	fmt.Fprintf(b, "\n## Size by package (the client's wasm, built with its names; brotli at the site's quality)\n\n")
	fmt.Fprintf(b, "The shipped wasm is %s raw, %s gzip, %s brotli. ", kb(app.shipped.raw), kb(app.shipped.gzip), kb(app.shipped.brotli))
	fmt.Fprintf(b, "Its code section (%s raw) compresses to %s on its own, its data (%s raw in memory) to %s, "+
		"%s in all: brotli does better on each part alone than on the whole file, so the rows below add up to less than the file. ",
		kb(app.code), kb(app.codeBrotli), kb(app.dataRaw()), kb(streams-app.codeBrotli), kb(streams))
	if app.library.raw > 0 {
		fmt.Fprintf(b, "The library the client fetches beside the wasm (%s, app/contentdata) is %s raw, %s gzip, %s brotli.",
			contentdata.File, kb(app.library.raw), kb(app.library.gzip), kb(app.library.brotli))
	}
	b.WriteString("\n\n")
	fmt.Fprintf(b, "Code is each package's function bodies, exact (WebAssembly's name section). Data is the size of the package's symbols the linker kept "+
		"(`go tool nm` on its object file, `-ldflags=-dumpdep` for what was kept), a string literal or a function's GC maps counting for the package that uses it. "+
		"The brotli estimate is the package's code in a stream of the code section flushed at each change of package, plus its data at the rate of the data "+
		"that packages hold (%.3f brotli bytes a byte). The linker's own tables, made for every function, are the last rows: "+
		"each function costs about %d bytes of them in brotli.\n\n",
		app.dataRatio(), app.linkerBrotli()/max(1, app.funcs))

	names := app.sortedPackages()
	total := pkgSize{}
	groups := map[string]*pkgSize{}
	groupBrotli := map[string]float64{}
	for _, n := range names {
		p := *app.packages[n]
		total.add(p)
		g := packageGroup(n)
		if groups[g] == nil {
			groups[g] = &pkgSize{}
		}
		groups[g].add(p)
		groupBrotli[g] += app.brotliOf(n)
	}
	all := app.estimateTotal()
	share := func(x float64) string { return fmt.Sprintf("%.1f%%", 100*x/all) }
	fmt.Fprintf(b, "| package | code | data | brotli (est.) | share |\n| --- | ---: | ---: | ---: | ---: |\n")
	var rest pkgSize
	var restBrotli float64
	for i, n := range names {
		if i >= sizeRows {
			rest.add(*app.packages[n])
			restBrotli += app.brotliOf(n)
			continue
		}
		p := app.packages[n]
		fmt.Fprintf(b, "| %s | %s | %s | %s | %s |\n", n, kb(p.code), kb(p.data), kb(int(app.brotliOf(n))), share(app.brotliOf(n)))
	}
	if len(names) > sizeRows {
		fmt.Fprintf(b, "| (%d more packages) | %s | %s | %s | %s |\n", len(names)-sizeRows, kb(rest.code), kb(rest.data), kb(int(restBrotli)), share(restBrotli))
	}
	unRaw, unBrotli := app.unattributed()
	fmt.Fprintf(b, "| (data of no package: alignment, symbols the linker makes) | | %s | %s | %s |\n", kb(unRaw), kb(int(unBrotli)), share(unBrotli))
	linker := 0
	for _, reg := range app.regions {
		if slices.Contains(linkerRegions, reg.name) {
			fmt.Fprintf(b, "| %s | | %s | %s | %s |\n", reg.name, kb(reg.raw()), kb(reg.brotli), share(float64(reg.brotli)))
			linker += reg.raw()
		}
	}
	for _, g := range []string{groupOurs, groupGoApp, groupOther, groupStd} {
		if s := groups[g]; s != nil {
			fmt.Fprintf(b, "| **%s** | %s | %s | %s | %s |\n", g, kb(s.code), kb(s.data), kb(int(groupBrotli[g])), share(groupBrotli[g]))
		}
	}
	fmt.Fprintf(b, "| **%s** | | %s | %s | %s |\n", groupLinker, kb(linker), kb(app.linkerBrotli()), share(float64(app.linkerBrotli())))
	fmt.Fprintf(b, "| **all** | %s | %s | %s | 100%% |\n", kb(total.code), kb(total.data+unRaw+linker), kb(int(all)))

	fmt.Fprintf(b, "\n| data region (in memory) | raw | brotli |\n| --- | ---: | ---: |\n")
	for _, reg := range app.regions {
		fmt.Fprintf(b, "| %s | %s | %s |\n", reg.name, kb(reg.raw()), kb(reg.brotli))
	}
	if hello != nil {
		r.againstHello(app, hello)
	}
}

// againstHello writes what the client links beyond the hello world, package
// by package: go-app code the hello world does not reach, the standard
// library ours (or go-app for us) pulls in.
func (r *report) againstHello(app, hello *wasmWeight) {
	b := &r.b
	type diff struct {
		name             string
		app, hello, more int
		brotli           float64
	}
	var diffs []diff
	var only []string
	for _, n := range app.sortedPackages() {
		a := app.packages[n].raw()
		h := 0
		if p := hello.packages[n]; p != nil {
			h = p.raw()
		} else if !strings.HasPrefix(n, "github.com/at4x/") {
			only = append(only, n)
		}
		if a <= h {
			continue
		}
		// The brotli of the difference, at the rate of the package's
		// brotli estimate in the client.
		diffs = append(diffs, diff{n, a, h, a - h, app.brotliOf(n) * float64(a-h) / float64(a)})
	}
	sort.SliceStable(diffs, func(i, j int) bool { return diffs[i].brotli > diffs[j].brotli })
	fmt.Fprintf(b, "\n## Size by package: the client against the hello world\n\n")
	fmt.Fprintf(b, "The hello world's wasm is %s raw, %s brotli, with %d functions against the client's %d. "+
		"Code and data (raw) of each package in both; the brotli of the difference is estimated at the package's rate in the client.\n\n",
		kb(hello.shipped.raw), kb(hello.shipped.brotli), hello.funcs, app.funcs)
	fmt.Fprintf(b, "| package | client | hello world | more in the client | brotli of the difference (est.) |\n| --- | ---: | ---: | ---: | ---: |\n")
	var rest diff
	for i, d := range diffs {
		if i >= sizeRows {
			rest.more += d.more
			rest.brotli += d.brotli
			continue
		}
		fmt.Fprintf(b, "| %s | %s | %s | %s | %s |\n", d.name, kb(d.app), kb(d.hello), kb(d.more), kb(int(d.brotli)))
	}
	if len(diffs) > sizeRows {
		fmt.Fprintf(b, "| (%d more packages) | | | %s | %s |\n", len(diffs)-sizeRows, kb(rest.more), kb(int(rest.brotli)))
	}
	linkerApp, linkerHello := 0, 0
	for _, reg := range app.regions {
		if slices.Contains(linkerRegions, reg.name) {
			linkerApp += reg.raw()
		}
	}
	for _, reg := range hello.regions {
		if slices.Contains(linkerRegions, reg.name) {
			linkerHello += reg.raw()
		}
	}
	fmt.Fprintf(b, "| %s | %s | %s | %s | %s |\n", groupLinker, kb(linkerApp), kb(linkerHello), kb(linkerApp-linkerHello), kb(app.linkerBrotli()-hello.linkerBrotli()))
	if len(only) > 0 {
		fmt.Fprintf(b, "\nPackages of others the client links and the hello world does not: %s.\n", strings.Join(only, ", "))
	}
}
