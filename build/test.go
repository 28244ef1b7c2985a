package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"time"
)

// copycheck is the script that finds text copied from the source documents.
// It is not in the repository: it sits beside the checkout, in shared/, with
// the documents it compares against, so the path is from the checkout's
// root, where the test command runs.
const copycheck = "../shared/tools/copycheck.sh"

// test looks for the programs the checks need and installs what is
// missing (see provide), then runs every check, continuing past a failure
// so one run shows every problem, and ends with each check's time and a
// "N passed, N failed" line. A skipped test is a failed one, unless
// -partial allows it: then the line starts with "partial" and names what
// did not run. Checks run at once where the machine has the CPUs for it
// (slotsFor), each as soon as what it reads is there.
func test(args []string) error {
	flags := flag.NewFlagSet("test", flag.ExitOnError)
	fuzzexecs := flags.Int("fuzzexecs", 20000, "how many inputs each fuzz target tries, at most (a few seconds for most)")
	fuzzbox := flags.Duration("fuzzbox", 30*time.Second, "how long each fuzz target may run, at most")
	jobs := flags.Int("jobs", slotsFor(runtime.NumCPU()), "how many checks run at once (by default from the number of CPUs)")
	partial := flags.Bool("partial", false, "install nothing, and run without what is missing: tests that skip do not fail the run, and the summary names them")
	flags.Parse(args)
	con := stdout
	begin := time.Now()

	con.printf("=== what the checks need besides Go\n")
	lacking, installed, lateErr, err := provide(con, needs, *partial)
	if err != nil {
		return err
	}
	// notRun is what a partial run went without, checks and tests, and
	// skipped counts a full run's skipped tests, for the summary.
	var notRun []string
	var mu sync.Mutex
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
	// The site builds run this very program, in processes of their own:
	// go-app's routes are process-wide, one base per process.
	self, err := os.Executable()
	if err != nil {
		return err
	}

	const (
		siteBuild = "site build (wasm and static pages)"
		subBuild  = "site build for -base /sub/"
	)
	checks := []check{
		{name: siteBuild, tag: "site", run: func(w io.Writer) error { return runTo(w, nil, self, "site", "-out", site) }},
		{name: "gofmt", tag: "gofmt", run: gofmtClean},
		{name: "go vet", tag: "vet", run: func(w io.Writer) error { return goCmdTo(w, nil, "vet", "./...") }},
		{name: "staticcheck", tag: "staticcheck", run: func(w io.Writer) error { return goCmdTo(w, nil, "tool", "staticcheck", "./...") }},
		{name: subBuild, tag: "site-sub", after: []string{siteBuild}, run: func(w io.Writer) error {
			// The wasm client is the same for every base: the first site's.
			wasm, err := filepath.Glob(filepath.Join(site, "web", "app-*.wasm"))
			if err != nil || len(wasm) != 1 {
				return fmt.Errorf("the first site's wasm: %v %v", wasm, err)
			}
			return runTo(w, nil, self, "site", "-base", "/sub/", "-out", subSite, "-wasm", wasm[0])
		}},
		{name: "browser tests (headless Chromium)", tag: "browser", needs: "Chromium", after: []string{siteBuild, subBuild}, run: func(w io.Writer) error {
			if err := lateErr(); err != nil {
				return err
			}
			skips, err := goTestJSON(w, []string{"SITE_DIR=" + site, "SITE_BASE_DIR=" + subSite}, "-count=1", "-timeout=40m", "./build/browser/")
			mu.Lock()
			defer mu.Unlock()
			if *partial {
				for _, s := range skips {
					notRun = append(notRun, s.String())
				}
				return err
			}
			skipped += len(skips)
			return errors.Join(err, skipsFail(skips))
		}},
		{name: "go vet, staticcheck (wasm)", tag: "wasm-vet", after: []string{siteBuild}, run: func(w io.Writer) error {
			// After the site build, which writes the content the wasm embeds.
			if err := goCmdTo(w, wasmEnv, "vet", "./app/...", "./rules/...", "./i18n/...", "./docs/content/..."); err != nil {
				return err
			}
			return staticcheckWasm(w, "./app/...")
		}},
		{name: "go test (wasm, in Node)", tag: "wasm-unit", needs: "Node.js", after: []string{siteBuild}, run: func(w io.Writer) error {
			// The tests of code that only runs in a browser (syscall/js),
			// run by Go's go_js_wasm_exec, which the go command finds in
			// PATH for GOOS=js.
			root, err := goEnv("GOROOT")
			if err != nil {
				return err
			}
			wasmExec := filepath.Join(root, "lib", "wasm")
			env := append([]string{"PATH=" + wasmExec + string(os.PathListSeparator) + os.Getenv("PATH")}, wasmEnv...)
			return goCmdTo(w, env, "test", "-count=1", "./app/store/")
		}},
		{name: "benchmarks, once each", tag: "bench", run: func(w io.Writer) error {
			// So that a benchmark the engine's checks have come to refuse
			// fails here, not in the perf report.
			return goCmdTo(w, nil, "test", "-count=1", "-run", "^$", "-bench", ".", "-benchtime", "1x", "./rules/")
		}},
		{name: "fuzz", tag: "fuzz", run: func(w io.Writer) error { return fuzzAll(w, *fuzzexecs, *fuzzbox) }},
		{name: "go test (-race where goroutines run)", tag: "unit", needs: "a C compiler", run: testNative},
		{name: "copycheck", tag: "copycheck", run: copyCheck},
	}
	con.printf("\n=== %d checks, %d at once (%d CPUs; -jobs to change)\n", len(checks), *jobs, runtime.NumCPU())
	outcomes := runChecks(con, checks, max(*jobs, 1), installed, func(c check) string {
		if l := lacked(lacking, c.needs); l != nil {
			mu.Lock()
			notRun = append(notRun, fmt.Sprintf("%s (%s is missing)", c.name, l.name))
			mu.Unlock()
			return l.String()
		}
		return ""
	})
	passed, failed := 0, 0
	con.printf("\n")
	for i, o := range outcomes {
		switch {
		case !o.ran:
			con.printf("%-40s not run: %s\n", checks[i].name, o.why)
			if lacked(lacking, checks[i].needs) == nil {
				// Not for want of a program: for a check it reads that failed.
				failed++
			}
		case o.err != nil:
			failed++
			con.printf("%-40s FAIL %s\n", checks[i].name, o.took.Round(time.Second))
		default:
			passed++
			con.printf("%-40s ok   %s\n", checks[i].name, o.took.Round(time.Second))
		}
	}
	con.printf("%-40s %s\n\n", "the whole test command", time.Since(begin).Round(time.Second))
	switch {
	case len(notRun) > 0:
		con.printf("partial: %d passed, %d failed; not run: %s\n", passed, failed, strings.Join(notRun, "; "))
	case skipped > 0:
		con.printf("%d passed, %d failed (%d skipped tests count as failures)\n", passed, failed, skipped)
	default:
		con.printf("%d passed, %d failed\n", passed, failed)
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
	cmd.Stderr = w
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
func copyCheck(w io.Writer) error {
	if _, err := os.Stat(copycheck); err != nil {
		wd, _ := os.Getwd()
		return fmt.Errorf("the copy check script %s is missing from %s (%w): it is not part of the repository but sits beside the checkout, in shared/tools; run the test command from the root of a checkout with shared/ beside it", copycheck, wd, err)
	}
	var errs []error
	for _, mode := range copyModes {
		args := append(append([]string{copycheck}, mode.flags...), "docs", "i18n", "app", "rules", "web")
		if err := runTo(w, nil, "bash", args...); err != nil {
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
func staticcheckWasm(w io.Writer, pkgs ...string) error {
	cmd := exec.Command("go", "tool", "-n", "staticcheck")
	cmd.Stderr = w
	out, err := cmd.Output()
	if err != nil {
		return fmt.Errorf("building staticcheck: %w", err)
	}
	return runTo(w, wasmEnv, strings.TrimSpace(string(out)), pkgs...)
}

func gofmtClean(io.Writer) error {
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

// testNative runs the unit tests of every package but the browser tests:
// with the race detector where a test binary may run code of ours on two
// goroutines at once, and without it where it cannot, which finds no race
// and takes 5 times as long (see racePlan).
//
// The two go test commands run at once, so that the engine's package, the
// longest, starts first; their output, a line a package, comes after both.
func testNative(w io.Writer) error {
	pkgs, err := unitPackages()
	if err != nil {
		return err
	}
	race, plain, err := racePlan(pkgs)
	if err != nil {
		return err
	}
	runs := [][]string{
		append([]string{"test", "-race", "-count=1"}, race...),
		append([]string{"test", "-count=1"}, plain...),
	}
	outs := make([]bytes.Buffer, len(runs))
	errs := make([]error, len(runs))
	var wg sync.WaitGroup
	for i, args := range runs {
		wg.Go(func() { errs[i] = goCmdTo(&outs[i], nil, args...) })
	}
	wg.Wait()
	for i := range runs {
		w.Write(outs[i].Bytes())
	}
	return errors.Join(errs...)
}

// goCmd runs the go command with extra environment variables.
func goCmd(env []string, args ...string) error {
	return run(env, "go", args...)
}

// goCmdTo is goCmd writing to w.
func goCmdTo(w io.Writer, env []string, args ...string) error {
	return runTo(w, env, "go", args...)
}

// run runs a command, streaming its output, and prints it first.
func run(env []string, name string, args ...string) error {
	return runTo(os.Stdout, env, name, args...)
}

// runTo is run writing to w.
func runTo(w io.Writer, env []string, name string, args ...string) error {
	fmt.Fprintf(w, "$ %s%s %s\n", prefix(env), name, strings.Join(args, " "))
	cmd := exec.Command(name, args...)
	cmd.Env = append(os.Environ(), env...)
	cmd.Stdout = w
	cmd.Stderr = w
	return cmd.Run()
}

func prefix(env []string) string {
	if len(env) == 0 {
		return ""
	}
	return strings.Join(env, " ") + " "
}
