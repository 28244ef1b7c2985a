package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"
)

// staticcheckVersion is the staticcheck the checks run, fetched through the
// module proxy so a fresh machine needs no install.
const staticcheckVersion = "honnef.co/go/tools/cmd/staticcheck@v0.8.2"

// copycheck is the script that finds text copied from the source documents;
// it sits beside the project, in shared/.
const copycheck = "../shared/tools/copycheck.sh"

// A check is one step of the test command.
type check struct {
	name string
	run  func() error
}

// test runs every check, continuing past a failure so one run shows every
// problem, and ends with a "N passed, N failed" line.
func test(args []string) error {
	flags := flag.NewFlagSet("test", flag.ExitOnError)
	fuzzexecs := flags.Int("fuzzexecs", 20000, "how many inputs each fuzz target tries (a few seconds)")
	flags.Parse(args)

	site, err := os.MkdirTemp("", "at4x-site-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(site)
	// The second site, built for a sub-path, for the tests of -base and of
	// two apps on one origin.
	subSite, err := os.MkdirTemp("", "at4x-site-sub-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(subSite)
	bin, err := os.MkdirTemp("", "at4x-bin-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(bin)

	checks := []check{
		{"gofmt", gofmtClean},
		{"go vet", func() error { return goCmd(nil, "vet", "./...") }},
		{"staticcheck", func() error { return staticcheck(bin) }},
		{"go test -race", testNative},
		{"fuzz", func() error { return fuzzAll(*fuzzexecs) }},
		{"site build (wasm and static pages)", func() error { return buildSite(site, "/") }},
		{"site build for -base /sub/", func() error {
			// Its own process: go-app's routes are process-wide, one base per
			// process. The brotli of the (identical) wasm comes from the cache
			// the first build filled, so this costs well under a minute.
			return goCmd(nil, "run", "./build", "site", "-base", "/sub/", "-out", subSite)
		}},
		{"go vet, staticcheck (wasm)", func() error {
			// After the site build, which writes the content the wasm embeds.
			if err := goCmd(wasmEnv, "vet", "./app/...", "./rules/...", "./i18n/...", "./docs/content/..."); err != nil {
				return err
			}
			return run(wasmEnv, filepath.Join(bin, "staticcheck"), "./app/...")
		}},
		{"browser tests (headless Chromium)", func() error {
			return goCmd([]string{"SITE_DIR=" + site, "SITE_BASE_DIR=" + subSite}, "test", "-count=1", "-v", "./build/browser/")
		}},
		{"copycheck", func() error { return run(nil, "bash", copycheck, "docs", "i18n", "app", "rules", "web") }},
	}
	passed, failed := 0, 0
	for _, c := range checks {
		fmt.Printf("\n=== %s\n", c.name)
		start := time.Now()
		if err := c.run(); err != nil {
			failed++
			fmt.Printf("--- FAIL %s (%s): %v\n", c.name, time.Since(start).Round(time.Second), err)
			continue
		}
		passed++
		fmt.Printf("--- ok %s (%s)\n", c.name, time.Since(start).Round(time.Second))
	}
	fmt.Printf("\n%d passed, %d failed\n", passed, failed)
	if failed > 0 {
		return fmt.Errorf("%d of %d checks failed", failed, len(checks))
	}
	return nil
}

var wasmEnv = []string{"GOOS=js", "GOARCH=wasm"}

// staticcheck installs staticcheck for this machine into bin, through the
// module proxy, and runs it on every native package.
func staticcheck(bin string) error {
	if err := goCmd([]string{"GOBIN=" + bin}, "install", staticcheckVersion); err != nil {
		return err
	}
	return run(nil, filepath.Join(bin, "staticcheck"), "./...")
}

func gofmtClean() error {
	out, err := exec.Command("gofmt", "-l", ".").Output()
	if err != nil {
		return err
	}
	if files := strings.TrimSpace(string(out)); files != "" {
		return fmt.Errorf("not gofmt-formatted:\n%s", files)
	}
	return nil
}

// testNative runs the unit tests of every package but the browser tests,
// which need the built site and run on their own.
func testNative() error {
	out, err := exec.Command("go", "list", "./...").Output()
	if err != nil {
		return err
	}
	args := []string{"test", "-race", "-count=1"}
	for _, p := range strings.Fields(string(out)) {
		if !strings.HasSuffix(p, "/build/browser") {
			args = append(args, p)
		}
	}
	return goCmd(nil, args...)
}

var fuzzFunc = regexp.MustCompile(`(?m)^func (Fuzz\w+)\(`)

// fuzzAll runs every fuzz target of the project on n inputs. A count, not a
// duration: with -fuzztime as a duration, the go command sometimes reports
// "context deadline exceeded" as a failure when the time runs out while it
// is still minimising a new input, which is no finding of the target.
func fuzzAll(n int) error {
	files, _ := filepath.Glob("*/*_test.go")
	more, _ := filepath.Glob("*/*/*_test.go")
	var errs []error
	for _, f := range append(files, more...) {
		src, err := os.ReadFile(f)
		if err != nil {
			return err
		}
		for _, m := range fuzzFunc.FindAllSubmatch(src, -1) {
			pkg := "./" + filepath.Dir(f)
			if err := goCmd(nil, "test", "-run", "^$", "-fuzz", "^"+string(m[1])+"$", "-fuzztime", fmt.Sprintf("%dx", n), pkg); err != nil {
				errs = append(errs, fmt.Errorf("%s %s: %w", pkg, m[1], err))
			}
		}
	}
	return errors.Join(errs...)
}

// goCmd runs the go command with extra environment variables.
func goCmd(env []string, args ...string) error {
	return run(env, "go", args...)
}

// run runs a command, streaming its output, and prints it first.
func run(env []string, name string, args ...string) error {
	fmt.Printf("$ %s%s %s\n", prefix(env), name, strings.Join(args, " "))
	cmd := exec.Command(name, args...)
	cmd.Env = append(os.Environ(), env...)
	cmd.Stdout = os.Stdout
	cmd.Stderr = os.Stderr
	return cmd.Run()
}

func prefix(env []string) string {
	if len(env) == 0 {
		return ""
	}
	return strings.Join(env, " ") + " "
}
