package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"slices"
	"sync"
	"time"
)

// A check is one step of the test command.
type check struct {
	name string
	// tag begins each line of the check's output when checks run at
	// once, so that their lines can be told apart.
	tag string
	// needs names the need (see needs.go) without which the check cannot
	// run at all, "" for none.
	needs string
	// after names the checks whose output this one reads: it starts once
	// they have passed, and does not run when one of them failed.
	after []string
	run   func(w io.Writer) error
}

// slotsFor is how many checks run at once on a machine of cpus CPUs. A
// check keeps two CPUs busy for most of its time (the go command builds
// and tests packages side by side, a fuzz target has a worker a CPU, the
// site build compresses two files at once, Chromium draws on one CPU and
// runs the wasm on another), so a 2-CPU machine runs them one at a time,
// as before, and a larger one a check for each two CPUs, up to the three
// chains the checks make (the Go checks, the site and its browser tests,
// the wasm's vet).
func slotsFor(cpus int) int { return min(max(cpus/2, 1), 3) }

// A console is the test command's standard output, which the checks
// running at once share: each writes whole lines to it.
type console struct {
	mu sync.Mutex
	w  io.Writer
}

// printf writes a line of the test command's own.
func (c *console) printf(format string, args ...any) {
	c.mu.Lock()
	defer c.mu.Unlock()
	fmt.Fprintf(c.w, format, args...)
}

// tagged returns a writer whose lines go to the console each after tag
// and a bar, when tag is not "", or as they are; flush writes a last line
// that has no newline yet.
func (c *console) tagged(tag string) *taggedWriter { return &taggedWriter{c: c, tag: tag} }

type taggedWriter struct {
	c    *console
	tag  string
	line []byte
}

func (t *taggedWriter) Write(p []byte) (int, error) {
	if t.tag == "" {
		t.c.mu.Lock()
		defer t.c.mu.Unlock()
		return t.c.w.Write(p)
	}
	t.line = append(t.line, p...)
	for {
		i := bytes.IndexByte(t.line, '\n')
		if i < 0 {
			return len(p), nil
		}
		t.c.mu.Lock()
		fmt.Fprintf(t.c.w, "%s | %s\n", t.tag, t.line[:i])
		t.c.mu.Unlock()
		t.line = t.line[i+1:]
	}
}

func (t *taggedWriter) flush() {
	if len(t.line) > 0 {
		t.Write([]byte("\n"))
	}
}

// An outcome is what became of a check.
type outcome struct {
	ran  bool // false: not run, for want (why says of what)
	err  error
	why  string
	took time.Duration
}

// runChecks runs checks, at most slots at once, each as soon as the checks
// it comes after have passed and, when it needs a program, once the
// install begun in the background has ended (installed is closed then;
// nil, or closed, when there is none). Among the checks that can start,
// the first in the list starts first. blocked says why a check cannot run
// at all ("" when it can), asked as it is about to start. With one slot,
// the checks' output goes to the console as it comes; with more, each
// line after the check's tag.
func runChecks(con *console, checks []check, slots int, installed <-chan struct{}, blocked func(check) string) []outcome {
	res := make([]outcome, len(checks))
	const (
		waiting = iota
		running
		ended
	)
	state := make([]int, len(checks))
	index := map[string]int{}
	for i, c := range checks {
		index[c.name] = i
	}
	for _, c := range checks {
		for _, a := range c.after {
			if j, ok := index[a]; !ok || j >= index[c.name] {
				panic("check " + c.name + " comes after " + a + ", which is not a check before it")
			}
		}
	}
	done := make(chan int)
	busy := 0
	for {
		installing := installed != nil
		if installing {
			select {
			case <-installed:
				installing = false
			default:
			}
		}
		for i, c := range checks {
			if busy >= slots {
				break
			}
			if state[i] != waiting {
				continue
			}
			why := ""
			wait := false
			for _, a := range c.after {
				j := index[a]
				switch {
				case state[j] != ended:
					wait = true
				case res[j].err != nil || !res[j].ran:
					why = a + " did not pass"
				}
			}
			if wait || why == "" && c.needs != "" && installing && !early(c.needs) {
				continue
			}
			if why == "" {
				why = blocked(c)
			}
			if why != "" {
				state[i], res[i] = ended, outcome{why: why}
				con.printf("\n--- not run %s: %s\n", c.name, why)
				continue
			}
			state[i] = running
			busy++
			tag := ""
			if slots > 1 {
				tag = c.tag
			}
			con.printf("\n=== %s\n", c.name)
			go func() {
				w := con.tagged(tag)
				start := time.Now()
				err := c.run(w)
				w.flush()
				res[i] = outcome{ran: true, err: err, took: time.Since(start)}
				done <- i
			}()
		}
		if busy == 0 && !slices.Contains(state, waiting) {
			return res
		}
		if busy == 0 && installing {
			// Only checks that wait for the install are left.
			<-installed
			continue
		}
		var i int
		if installing {
			select {
			case i = <-done:
			case <-installed:
				continue
			}
		} else {
			i = <-done
		}
		busy--
		state[i] = ended
		if res[i].err != nil {
			con.printf("--- FAIL %s (%s): %v\n", checks[i].name, res[i].took.Round(time.Second), res[i].err)
		} else {
			con.printf("--- ok %s (%s)\n", checks[i].name, res[i].took.Round(time.Second))
		}
	}
}

// stdout is the console of the test command.
var stdout = &console{w: os.Stdout}
