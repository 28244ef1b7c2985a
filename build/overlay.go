package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
)

// The client's build leaves go-app's server out of the wasm. Two files of
// go-app's pkg/app import net/http: http.go (Handler, which serves the
// pages, 897 lines) and resource.go (the resolvers of a server's files,
// and clientResourceResolver, which the client does run). No client path
// calls into net/http, yet importing it links its package inits and
// theirs: crypto/tls, crypto/hpke's key exchanges, the FIPS self-tests,
// the elliptic curves (build/perf.md). The client's build reads http.go
// as goappClientFile and leaves resource.go out; every other file of
// go-app is read as is, from the module cache.
//
// go build refuses an -overlay of a file under GOMODCACHE, so the client's
// build reads go-app through a link to its module cache directory made
// under build/out/client, by a replace in a copy of go.mod (-modfile):
// the files are the ones go.sum verified when the module was downloaded,
// and goappServerFiles pins the two the overlay stands in for.

// goappModule is go-app's module path.
const goappModule = "github.com/maxence-charriere/go-app/v10"

// goappServerFiles are the files of go-app the client's build does not
// read, with their SHA-256 at the version go.mod requires (v10.1.11). A
// go-app whose files differ fails the site build and TestClientOverlay
// until someone reads the new files and updates goappClientFile and these
// sums: a client build that quietly kept a stale copy of what the client
// needs (or lost a file's new client code) would otherwise go unseen.
var goappServerFiles = map[string]string{
	"pkg/app/http.go":     "0601189a9f611378e9b24ab4bdf42780a03cbf95c1bbebd4171b523ddbe9a32d",
	"pkg/app/resource.go": "6b52ab4ec2f4171d403384bffe159e9ec22699933e768ef5868f2851a1b84baa",
}

// goappClientFile is what the client's go-app reads for http.go, and all
// it reads of resource.go: Handler, named by GenerateStaticWebsite's
// signature in wasm.go, and the three functions of resource.go that Run
// calls, copied from go-app v10.1.11 (MIT License, Copyright (c) 2016
// Maxence Charriere).
const goappClientFile = `// Written by the companion's site build (build/overlay.go) in place of
// go-app's http.go and resource.go, for the wasm client only.

package app

import "strings"

// Handler is the server's; the client's build only names it.
type Handler struct{}

func clientResourceResolver(resourcesLocation string) func(string) string {
	return func(location string) string {
		if remoteLocation(location) || !webLocation(location) {
			return location
		}
		location = strings.Trim(location, "/")
		return resourcesLocation + "/" + strings.TrimPrefix(location, "web/")
	}
}

func remoteLocation(location string) bool {
	return strings.HasPrefix(location, "https://") ||
		strings.HasPrefix(location, "http://")
}

func webLocation(location string) bool {
	return strings.HasPrefix(location, "/web/") ||
		location == "/web" ||
		strings.HasPrefix(location, "web/") ||
		location == "web"
}
`

// writeClientOverlay writes under root/build/out/client what the client's
// build reads besides the source (the link to go-app, the copy of go.mod
// and go.sum, the overlay and goappClientFile) and returns the go build
// flags that use them. It fails when go-app's server files are not the
// ones goappServerFiles pins.
func writeClientOverlay(root string) ([]string, error) {
	var mod struct{ Dir, Version string }
	cmd := exec.Command("go", "mod", "download", "-json", goappModule)
	cmd.Dir = root
	out, err := cmd.Output()
	if err == nil {
		err = json.Unmarshal(out, &mod)
	}
	if err != nil || mod.Dir == "" {
		return nil, fmt.Errorf("finding %s in the module cache: %v %s", goappModule, err, out)
	}
	if err := checkServerFiles(mod.Dir); err != nil {
		return nil, fmt.Errorf("%s %s: %w", goappModule, mod.Version, err)
	}

	dir := filepath.Join(root, "build", "out", "client")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	// The files are written whole and renamed, so that two builds at once
	// (the test command's two sites) never read half of one.
	link := filepath.Join(dir, "go-app")
	if to, err := os.Readlink(link); err != nil || to != mod.Dir {
		tmp := fmt.Sprintf("%s.%d", link, os.Getpid())
		os.Remove(tmp)
		if err := os.Symlink(mod.Dir, tmp); err != nil {
			return nil, err
		}
		if err := os.Rename(tmp, link); err != nil {
			return nil, err
		}
	}
	gomod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		return nil, err
	}
	if bytes.HasPrefix(gomod, []byte("replace")) || bytes.Contains(gomod, []byte("\nreplace")) {
		// The replace below would take another's place unseen.
		return nil, fmt.Errorf("go.mod has a replace directive: build/overlay.go's copy of go.mod cannot add its own")
	}
	gomod = fmt.Appendf(gomod, "\nreplace %s => %s\n", goappModule, link)
	gosum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		return nil, err
	}
	overlay, _ := json.Marshal(map[string]map[string]string{"Replace": {
		filepath.Join(link, "pkg", "app", "http.go"):     filepath.Join(dir, "goapp_client.go"),
		filepath.Join(link, "pkg", "app", "resource.go"): "",
	}})
	for name, b := range map[string][]byte{"go.mod": gomod, "go.sum": gosum, "goapp_client.go": []byte(goappClientFile), "overlay.json": overlay} {
		if err := writeWhole(filepath.Join(dir, name), b); err != nil {
			return nil, err
		}
	}
	return []string{"-modfile=" + filepath.Join(dir, "go.mod"), "-overlay=" + filepath.Join(dir, "overlay.json")}, nil
}

// checkServerFiles tells whether the files goappServerFiles names, in
// go-app's module directory dir, are the ones it pins.
func checkServerFiles(dir string) error {
	for name, sum := range goappServerFiles {
		b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
		if err != nil {
			return err
		}
		if got := sha256.Sum256(b); hex.EncodeToString(got[:]) != sum {
			return fmt.Errorf("%s is not the file the client's overlay was written for (sha256 %x, want %s): "+
				"read it again and update goappClientFile and goappServerFiles in build/overlay.go", name, got, sum)
		}
	}
	return nil
}

// writeWhole writes b to a file beside name, then renames it to name.
func writeWhole(name string, b []byte) error {
	f, err := os.CreateTemp(filepath.Dir(name), filepath.Base(name)+".*")
	if err != nil {
		return err
	}
	_, err = f.Write(b)
	if err == nil {
		err = f.Chmod(0o644)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), name)
	}
	if err != nil {
		os.Remove(f.Name())
	}
	return err
}
