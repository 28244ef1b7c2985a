package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// fuzzAll runs every fuzz target of the project on n inputs, or for box,
// whichever ends first: most targets try their 20,000 inputs in a few
// seconds, but FuzzSalvosSimulation, which simulates a unit's salvos for
// each, took 2m20s of CI's fuzz step and then 20% more (11 minutes on a
// loaded 2-CPU machine), so a time box keeps the step's length known
// however the engine's cost moves. Each package's fuzzing test binary is
// built once, and each target runs in it.
//
// The box is not go test's -fuzztime as a duration: in Go 1.26 a target
// whose -fuzztime runs out may fail with "context deadline exceeded" and no
// input to blame (go.dev/issue/75804, fixed in Go 1.27). The box ends a
// target as ^C does, with SIGINT to the binary, which the fuzzing
// coordinator takes as the reader's stop: it saves what it found and
// passes, and a crasher found before still fails.
func fuzzAll(w io.Writer, n int, box time.Duration) error {
	pkgs, err := unitPackages()
	if err != nil {
		return err
	}
	dir, err := os.MkdirTemp("", "at4x-fuzz-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	cache, err := goEnv("GOCACHE")
	if err != nil {
		return err
	}
	var errs []error
	for _, pkg := range pkgs {
		targets, pkgDir, err := fuzzTargets(pkg)
		if err != nil {
			return err
		}
		if len(targets) == 0 {
			continue
		}
		bin := filepath.Join(dir, filepath.Base(pkg)+".test")
		if err := runTo(w, nil, "go", "test", "-c", "-fuzz", ".", "-o", bin, pkg); err != nil {
			return fmt.Errorf("building %s for fuzzing: %w", pkg, err)
		}
		for _, name := range targets {
			// Where go test keeps the inputs it found, so that the next run
			// starts from them.
			corpus := filepath.Join(cache, "fuzz", pkg)
			if err := fuzzTarget(w, bin, pkgDir, corpus, name, n, box); err != nil {
				errs = append(errs, fmt.Errorf("%s %s: %w", pkg, name, err))
			}
		}
	}
	return errors.Join(errs...)
}

// fuzzTarget runs the fuzz target name in the test binary bin, from the
// package's directory (its testdata holds the seed corpus and any
// crasher), on n inputs or for box.
func fuzzTarget(w io.Writer, bin, pkgDir, corpus, name string, n int, box time.Duration) error {
	args := []string{"-test.run=^$", "-test.fuzz=^" + name + "$", fmt.Sprintf("-test.fuzztime=%dx", n), "-test.fuzzcachedir=" + corpus}
	fmt.Fprintf(w, "$ %s %s (in %s, for at most %s)\n", filepath.Base(bin), strings.Join(args, " "), pkgDir, box)
	cmd := exec.Command(bin, args...)
	cmd.Dir = pkgDir
	cmd.Stdout, cmd.Stderr = w, w
	if err := cmd.Start(); err != nil {
		return err
	}
	boxed := time.AfterFunc(box, func() {
		fmt.Fprintf(w, "fuzz: %s's %s are up: stopping it as ^C does\n", name, box)
		cmd.Process.Signal(os.Interrupt)
	})
	err := cmd.Wait()
	boxed.Stop()
	return err
}

// fuzzTargets lists the fuzz targets of pkg, as the go command finds them,
// and the package's directory.
func fuzzTargets(pkg string) (names []string, dir string, err error) {
	cmd := exec.Command("go", "test", "-list", "^Fuzz", pkg)
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, "", fmt.Errorf("go test -list ^Fuzz %s: %w", pkg, err)
	}
	// The names, one a line, then the package's "ok" line.
	for _, line := range strings.Split(string(out), "\n") {
		if strings.HasPrefix(line, "Fuzz") {
			names = append(names, line)
		}
	}
	if len(names) == 0 {
		return nil, "", nil
	}
	d, err := exec.Command("go", "list", "-f", "{{.Dir}}", pkg).Output()
	if err != nil {
		return nil, "", fmt.Errorf("go list %s: %w", pkg, err)
	}
	return names, strings.TrimSpace(string(d)), nil
}
