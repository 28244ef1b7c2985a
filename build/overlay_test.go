package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestClientOverlay checks the overlay of go-app's server files in the
// client's build (build/overlay.go): go-app's files are the ones it was
// written for, its functions are theirs word for word, and the client so
// built links no net/http.
func TestClientOverlay(t *testing.T) {
	if testing.Short() {
		t.Skip("go list takes a few seconds")
	}
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	flags, err := clientBuildFlags(root)
	if err != nil {
		t.Fatal(err)
	}

	// Each function the overlay keeps is go-app's, as written in resource.go.
	link := filepath.Join(root, "build", "out", "client", "go-app")
	resource, err := os.ReadFile(filepath.Join(link, "pkg", "app", "resource.go"))
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "goapp_client.go", goappClientFile, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range f.Decls {
		if fn, ok := d.(*ast.FuncDecl); ok {
			text := goappClientFile[fset.Position(fn.Pos()).Offset:fset.Position(fn.End()).Offset]
			if !strings.Contains(string(resource), text) {
				t.Errorf("goappClientFile's %s is not go-app's resource.go's", fn.Name)
			}
		}
	}

	cmd := exec.Command("go", append(append([]string{"list", "-deps"}, flags...), clientPackage)...)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), wasmEnv...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	deps := strings.Fields(string(out))
	for _, p := range []string{"net/http", "crypto/tls", "crypto/hpke", "crypto/ecdsa"} {
		if slices.Contains(deps, p) {
			t.Errorf("the client built with the overlay links %s", p)
		}
	}
	if !slices.Contains(deps, goappModule+"/pkg/app") {
		t.Errorf("the client built with the overlay does not link go-app: %s", out)
	}
}

// TestCheckServerFiles checks that a go-app whose server files differ by a
// byte from those the overlay was written for is refused.
func TestCheckServerFiles(t *testing.T) {
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(root, "build", "out", "client", "go-app")
	if _, err := os.Stat(dir); err != nil {
		t.Skip("no go-app link yet: TestClientOverlay or a site build makes it")
	}
	if err := checkServerFiles(dir); err != nil {
		t.Fatalf("go-app as go.mod requires it: %v", err)
	}
	changed := t.TempDir()
	for name := range goappServerFiles {
		b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
		if err != nil {
			t.Fatal(err)
		}
		if name == "pkg/app/http.go" {
			b = append(b, '\n')
		}
		to := filepath.Join(changed, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(to, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := checkServerFiles(changed); err == nil || !strings.Contains(err.Error(), "http.go") {
		t.Errorf("a changed http.go: err %v, want one naming it", err)
	}
}
