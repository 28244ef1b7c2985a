package main

import (
	"bytes"
	"errors"
	"io"
	"slices"
	"strings"
	"sync"
	"testing"
)

// TestRunChecks runs made-up checks through the scheduler: the order they
// start in, what does not run after a failure, and the wait for the
// install.
func TestRunChecks(t *testing.T) {
	fail := errors.New("failed")
	tests := []struct {
		name       string
		slots      int
		installing bool // the install ends once "a" has run
		checks     []check
		fails      []string
		wantOrder  []string // the order the checks start in, with one slot
		wantNotRun []string
	}{
		{
			name: "one at a time, in order", slots: 1,
			checks:    []check{{name: "a"}, {name: "b"}, {name: "c", after: []string{"a"}}},
			wantOrder: []string{"a", "b", "c"},
		},
		{
			name: "what a failed check makes is not read", slots: 1,
			checks:     []check{{name: "a"}, {name: "b", after: []string{"a"}}, {name: "c", after: []string{"b"}}, {name: "d"}},
			fails:      []string{"a"},
			wantOrder:  []string{"a", "d"},
			wantNotRun: []string{"b", "c"},
		},
		{
			name: "a check that needs the install lets the next start", slots: 1, installing: true,
			checks:    []check{{name: "x", needs: "Chromium"}, {name: "a"}, {name: "u", needs: "a C compiler"}, {name: "b"}},
			wantOrder: []string{"a", "x", "u", "b"},
		},
		{
			name: "at once", slots: 3,
			checks: []check{{name: "a"}, {name: "b", after: []string{"a"}}, {name: "c"}, {name: "d", after: []string{"b", "c"}}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var mu sync.Mutex
			var order []string
			installed := make(chan struct{})
			if !tt.installing {
				close(installed)
			}
			ended := map[string]bool{}
			for i := range tt.checks {
				c := &tt.checks[i]
				c.tag = c.name
				c.run = func(w io.Writer) error {
					mu.Lock()
					order = append(order, c.name)
					for _, a := range c.after {
						if !ended[a] {
							t.Errorf("%s started before %s ended", c.name, a)
						}
					}
					mu.Unlock()
					io.WriteString(w, "output of "+c.name+"\n")
					if c.name == "a" && tt.installing {
						close(installed)
					}
					mu.Lock()
					ended[c.name] = true
					mu.Unlock()
					if slices.Contains(tt.fails, c.name) {
						return fail
					}
					return nil
				}
			}
			var out bytes.Buffer
			res := runChecks(&console{w: &out}, tt.checks, tt.slots, installed, func(check) string { return "" })
			var notRun []string
			for i, r := range res {
				if !r.ran {
					notRun = append(notRun, tt.checks[i].name)
				}
			}
			if tt.wantOrder != nil && !slices.Equal(order, tt.wantOrder) {
				t.Errorf("started %v, want %v", order, tt.wantOrder)
			}
			if len(order)+len(notRun) != len(tt.checks) {
				t.Errorf("ran %v and not %v of %d checks", order, notRun, len(tt.checks))
			}
			if !slices.Equal(notRun, tt.wantNotRun) {
				t.Errorf("not run %v, want %v", notRun, tt.wantNotRun)
			}
			tagged := tt.slots > 1
			if got := strings.Contains(out.String(), "a | output of a\n"); got != tagged {
				t.Errorf("lines tagged %v, want %v:\n%s", got, tagged, out.String())
			}
		})
	}
}

func TestSlotsFor(t *testing.T) {
	for cpus, want := range map[int]int{1: 1, 2: 1, 3: 1, 4: 2, 6: 3, 16: 3} {
		if got := slotsFor(cpus); got != want {
			t.Errorf("slotsFor(%d) = %d, want %d", cpus, got, want)
		}
	}
}
