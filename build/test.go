package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"time"
)

// copycheck is the script that finds text copied from the source documents.
// It is not in the repository: it sits beside the checkout, in shared/, with
// the documents it compares against, so the path is from the checkout's
// root, where the test command runs.
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

	checks := []check{
		{"gofmt", gofmtClean},
		{"go vet", func() error { return goCmd(nil, "vet", "./...") }},
		{"staticcheck", func() error { return goCmd(nil, "tool", "staticcheck", "./...") }},
		{"go test -race", testNative},
		{"benchmarks, once each", func() error {
			// So that a benchmark the engine's checks have come to refuse
			// fails here, not in the perf report.
			return goCmd(nil, "test", "-count=1", "-run", "^$", "-bench", ".", "-benchtime", "1x", "./rules/")
		}},
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
			return staticcheckWasm("./app/...")
		}},
		{"browser tests (headless Chromium)", func() error {
			return goCmd([]string{"SITE_DIR=" + site, "SITE_BASE_DIR=" + subSite}, "test", "-count=1", "-timeout=40m", "-v", "./build/browser/")
		}},
		{"copycheck", copyCheck},
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

// copyModes are the copy check's two measures: a run of eight words shared
// with a source, and a sentence that keeps a source sentence's words in its
// order with a few swapped (-near). A rewording can pass one and not the
// other, so both run, and both run even when the first fails, so that one
// test run lists every copy.
var copyModes = []struct {
	name  string
	flags []string
}{
	{"shared runs of 8+ words", nil},
	{"near copies", []string{"-near"}},
}

// copyCheck runs the copy check over the project's text in both modes, and
// says what is wrong when the script is not where the test command expects
// it.
func copyCheck() error {
	if _, err := os.Stat(copycheck); err != nil {
		wd, _ := os.Getwd()
		return fmt.Errorf("the copy check script %s is missing from %s (%w): it is not part of the repository but sits beside the checkout, in shared/tools; run the test command from the root of a checkout with shared/ beside it", copycheck, wd, err)
	}
	var errs []error
	for _, mode := range copyModes {
		args := append(append([]string{copycheck}, mode.flags...), "docs", "i18n", "app", "rules", "web")
		if err := run(nil, "bash", args...); err != nil {
			errs = append(errs, fmt.Errorf("copycheck, %s: %w", mode.name, err))
		}
	}
	return errors.Join(errs...)
}

var wasmEnv = []string{"GOOS=js", "GOARCH=wasm"}

// staticcheckWasm runs staticcheck, the version go.mod's tool line pins,
// on packages as compiled for the browser. `go tool staticcheck` would
// build staticcheck itself for GOOS=js, so this asks the go command for
// its build for this machine (`go tool -n`, which builds it into the build
// cache if need be) and runs that with the wasm environment.
func staticcheckWasm(pkgs ...string) error {
	cmd := exec.Command("go", "tool", "-n", "staticcheck")
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		return fmt.Errorf("building staticcheck: %w", err)
	}
	return run(wasmEnv, strings.TrimSpace(string(out)), pkgs...)
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

// unitPackages lists every package of the module but the browser tests,
// which need the built site and run on their own.
func unitPackages() ([]string, error) {
	out, err := exec.Command("go", "list", "./...").Output()
	if err != nil {
		return nil, fmt.Errorf("go list ./...: %w", err)
	}
	var pkgs []string
	for _, p := range strings.Fields(string(out)) {
		if !strings.HasSuffix(p, "/build/browser") {
			pkgs = append(pkgs, p)
		}
	}
	return pkgs, nil
}

// testNative runs the unit tests of every package but the browser tests.
func testNative() error {
	pkgs, err := unitPackages()
	if err != nil {
		return err
	}
	return goCmd(nil, append([]string{"test", "-race", "-count=1"}, pkgs...)...)
}

// fuzzAll runs every fuzz target of the project on n inputs. A count, not a
// duration: with -fuzztime as a duration, the go command sometimes reports
// "context deadline exceeded" as a failure when the time runs out while it
// is still minimising a new input, which is no finding of the target.
func fuzzAll(n int) error {
	pkgs, err := unitPackages()
	if err != nil {
		return err
	}
	var errs []error
	for _, pkg := range pkgs {
		targets, err := fuzzTargets(pkg)
		if err != nil {
			return err
		}
		for _, name := range targets {
			if err := goCmd(nil, "test", "-run", "^$", "-fuzz", "^"+name+"$", "-fuzztime", fmt.Sprintf("%dx", n), pkg); err != nil {
				errs = append(errs, fmt.Errorf("%s %s: %w", pkg, name, err))
			}
		}
	}
	return errors.Join(errs...)
}

// fuzzTargets lists the fuzz targets of pkg, as the go command finds them.
func fuzzTargets(pkg string) ([]string, error) {
	cmd := exec.Command("go", "test", "-list", "^Fuzz", pkg)
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go test -list ^Fuzz %s: %w", pkg, err)
	}
	// The names, one a line, then the package's "ok" line.
	var names []string
	for _, line := range strings.Split(string(out), "\n") {
		if strings.HasPrefix(line, "Fuzz") {
			names = append(names, line)
		}
	}
	return names, nil
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
