package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"regexp"
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
	// needs names the need (see needs.go) without which the check cannot
	// run at all, "" for none.
	needs string
	run   func() error
}

// test looks for the programs the checks need and installs what is
// missing (see provide), then runs every check, continuing past a failure
// so one run shows every problem, and ends with a "N passed, N failed"
// line. A skipped test is a failed one, unless -partial allows it: then the
// line starts with "partial" and names what did not run.
func test(args []string) error {
	flags := flag.NewFlagSet("test", flag.ExitOnError)
	fuzzexecs := flags.Int("fuzzexecs", 20000, "how many inputs each fuzz target tries (a few seconds)")
	partial := flags.Bool("partial", false, "install nothing, and run without what is missing: tests that skip do not fail the run, and the summary names them")
	flags.Parse(args)

	fmt.Println("=== what the checks need besides Go")
	lacking, err := provide(needs, *partial)
	if err != nil {
		return err
	}
	// notRun is what a partial run went without, checks and tests, and
	// skipped counts a full run's skipped tests, for the summary.
	var notRun []string
	skipped := 0

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
		{"gofmt", "", gofmtClean},
		{"go vet", "", func() error { return goCmd(nil, "vet", "./...") }},
		{"staticcheck", "", func() error { return goCmd(nil, "tool", "staticcheck", "./...") }},
		{"go test -race", "a C compiler", testNative},
		{"benchmarks, once each", "", func() error {
			// So that a benchmark the engine's checks have come to refuse
			// fails here, not in the perf report.
			return goCmd(nil, "test", "-count=1", "-run", "^$", "-bench", ".", "-benchtime", "1x", "./rules/")
		}},
		{"fuzz", "", func() error { return fuzzAll(*fuzzexecs) }},
		{"site build (wasm and static pages)", "", func() error { return buildSite(site, "/") }},
		{"site build for -base /sub/", "", func() error {
			// Its own process: go-app's routes are process-wide, one base per
			// process. The brotli of the (identical) wasm comes from the cache
			// the first build filled, so this costs well under a minute.
			return goCmd(nil, "run", "./build", "site", "-base", "/sub/", "-out", subSite)
		}},
		{"go vet, staticcheck (wasm)", "", func() error {
			// After the site build, which writes the content the wasm embeds.
			if err := goCmd(wasmEnv, "vet", "./app/...", "./rules/...", "./i18n/...", "./docs/content/..."); err != nil {
				return err
			}
			return staticcheckWasm("./app/...")
		}},
		{"browser tests (headless Chromium)", "Chromium", func() error {
			skips, err := goTestJSON(os.Stdout, []string{"SITE_DIR=" + site, "SITE_BASE_DIR=" + subSite}, "-count=1", "-timeout=40m", "./build/browser/")
			if *partial {
				for _, s := range skips {
					notRun = append(notRun, s.String())
				}
				return err
			}
			skipped += len(skips)
			return errors.Join(err, skipsFail(skips))
		}},
		{"copycheck", "", copyCheck},
	}
	passed, failed := 0, 0
	for _, c := range checks {
		fmt.Printf("\n=== %s\n", c.name)
		if l := lacked(lacking, c.needs); l != nil {
			notRun = append(notRun, fmt.Sprintf("%s (%s is missing)", c.name, l.name))
			fmt.Printf("--- not run %s: %s\n", c.name, l)
			continue
		}
		start := time.Now()
		if err := c.run(); err != nil {
			failed++
			fmt.Printf("--- FAIL %s (%s): %v\n", c.name, time.Since(start).Round(time.Second), err)
			continue
		}
		passed++
		fmt.Printf("--- ok %s (%s)\n", c.name, time.Since(start).Round(time.Second))
	}
	fmt.Println()
	switch {
	case len(notRun) > 0:
		fmt.Printf("partial: %d passed, %d failed; not run: %s\n", passed, failed, strings.Join(notRun, "; "))
	case skipped > 0:
		fmt.Printf("%d passed, %d failed (%d skipped tests count as failures)\n", passed, failed, skipped)
	default:
		fmt.Printf("%d passed, %d failed\n", passed, failed)
	}
	if failed > 0 {
		return fmt.Errorf("%d of %d checks failed", failed, len(checks))
	}
	return nil
}

// lacked returns the lack of the need named name, nil when it is not
// lacking or name is "".
func lacked(lacking []lack, name string) *lack {
	for i := range lacking {
		if name != "" && lacking[i].name == name {
			return &lacking[i]
		}
	}
	return nil
}

// A skip is a test that skipped, and the reason it gave.
type skip struct{ test, reason string }

func (s skip) String() string {
	if s.reason == "" {
		return s.test
	}
	return s.test + " (" + s.reason + ")"
}

// skipsFail is the error a full run makes of skipped tests: a test that
// did not run proves nothing, whatever its reason.
func skipsFail(skips []skip) error {
	if len(skips) == 0 {
		return nil
	}
	lines := make([]string, len(skips))
	for i, s := range skips {
		lines[i] = "\t" + s.String()
	}
	return fmt.Errorf("%d tests skipped, which fails a full run (go run ./build test -partial allows it):\n%s", len(skips), strings.Join(lines, "\n"))
}

// goTestJSON runs go test -json with extra environment variables, writes
// the tests' output to w as go test -v would, and returns the tests that
// skipped.
func goTestJSON(w io.Writer, env []string, args ...string) ([]skip, error) {
	args = append([]string{"test", "-json"}, args...)
	fmt.Fprintf(w, "$ %sgo %s\n", prefix(env), strings.Join(args, " "))
	cmd := exec.Command("go", args...)
	cmd.Env = append(os.Environ(), env...)
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	skips, readErr := readTestEvents(out, w)
	if err := cmd.Wait(); err != nil {
		return skips, err
	}
	return skips, readErr
}

// A testEvent is one line of go test -json (go doc test2json).
type testEvent struct {
	Action string
	Test   string
	Output string
}

// logPrefix is the file:line a test's log line starts with.
var logPrefix = regexp.MustCompile(`^\s*\w+\.go:\d+: `)

// readTestEvents reads go test -json's events from r, writes their output
// to w, and returns the tests that skipped, each with the last line it
// logged before it skipped (t.Skip's message).
func readTestEvents(r io.Reader, w io.Writer) ([]skip, error) {
	var skips []skip
	last := map[string]string{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), 16<<20)
	for sc.Scan() {
		var ev testEvent
		if err := json.Unmarshal(sc.Bytes(), &ev); err != nil {
			// Not an event: the go command's own words, as they came.
			fmt.Fprintln(w, sc.Text())
			continue
		}
		switch ev.Action {
		case "output", "build-output":
			io.WriteString(w, ev.Output)
			if line := strings.TrimSpace(ev.Output); ev.Test != "" && line != "" && !strings.HasPrefix(line, "=== ") && !strings.HasPrefix(line, "--- ") {
				last[ev.Test] = logPrefix.ReplaceAllString(line, "")
			}
		case "skip":
			if ev.Test != "" {
				skips = append(skips, skip{ev.Test, last[ev.Test]})
			}
		}
	}
	return skips, sc.Err()
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
