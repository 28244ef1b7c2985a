//go:build js && wasm

package store

import (
	"fmt"
	"strings"
	"syscall/js"
	"testing"
	"time"
)

// These tests run the store in Node (GOOS=js GOARCH=wasm go test, with Go's
// lib/wasm in PATH), over a local storage kept in a JavaScript Map.

type entry struct{ Name, Value string }

func (e entry) Fields() Fields { return Fields{"name": e.Name, "value": e.Value} }
func (e *entry) SetFields(f Fields) {
	*e = entry{Name: f.String("name"), Value: f.String("value")}
}

// fakeStorage puts a local storage that keeps its items in a Map on the
// global object.
func fakeStorage(t *testing.T) {
	t.Helper()
	make := js.Global().Get("Function").New(`const data = new Map();
		return {
			getItem: (k) => data.has(String(k)) ? data.get(String(k)) : null,
			setItem: (k, v) => { data.set(String(k), String(v)); },
			removeItem: (k) => { data.delete(String(k)); },
		};`)
	js.Global().Set("localStorage", make.Invoke())
}

func setRaw(key, text string) { js.Global().Get("localStorage").Call("setItem", key, text) }

// list is the JSON of a list of n entries named e0, e1, ...
func list(n int) string {
	items := make([]string, n)
	for i := range items {
		items[i] = fmt.Sprintf(`{"name":"e%d","value":"v"}`, i)
	}
	return "[" + strings.Join(items, ",") + "]"
}

func names(es []entry) string {
	var out []string
	for _, e := range es {
		out = append(out, e.Name)
	}
	return strings.Join(out, " ")
}

// TestReadListSpan: only the span of a list is read, whatever it holds
// besides; a value that is no list, no JSON or too long reads as none.
func TestReadListSpan(t *testing.T) {
	fakeStorage(t)
	tests := []struct {
		name, text string
		span       Span
		want       string
	}{
		{"first", list(5), First(3, 100), "e0 e1 e2"},
		{"last", list(5), Last(2, 100), "e3 e4"},
		{"shorter than the span", list(2), Last(100, 100), "e0 e1"},
		{"entries that are no objects left out", `[1, "x", null, [], {"name":"a"}]`, First(5, maxStored), "a"},
		{"not a list", `{"name":"a"}`, First(5, maxStored), ""},
		{"not JSON", `[{"name":`, First(5, maxStored), ""},
		{"longer than its span's entries may take", list(5), First(3, 10), ""},
		{"too long", `[{"name":"a","value":"` + strings.Repeat("x", maxStored) + `"}]`, First(5, maxStored), ""},
		{"a record's values past its budget", `[{"name":"a",` + keys(20000) + `}]`, First(1, maxStored), "a"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			setRaw("k", tt.text)
			if got := names(ReadList[entry]("k", tt.span)); got != tt.want {
				t.Errorf("read %q, want %q", got, tt.want)
			}
		})
	}
}

// keys is n members "k0":0, ... of an object, after a first member.
func keys(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, `,"k%d":0`, i)
	}
	return strings.TrimPrefix(b.String(), ",")
}

// TestReadAtTheCap times the read of the lists a tampered store may hold
// just under maxStored (audit round 3, L1): 87,380 empty objects, once
// taking 6 s to read into Go, now only the span's entries.
func TestReadAtTheCap(t *testing.T) {
	fakeStorage(t)
	setRaw("k", "["+strings.Repeat("{},", 87379)+"{}]")
	start := time.Now()
	got := ReadList[entry]("k", Last(100, maxStored))
	took := time.Since(start)
	if len(got) != 100 {
		t.Errorf("read %d entries, want the span's 100", len(got))
	}
	t.Logf("a list of 87,380 empty objects read in %s", took)
	if took > time.Second {
		t.Errorf("reading it took %s", took)
	}
	start = time.Now()
	if got := ReadList[entry]("k", First(20, 2600)); len(got) > 0 {
		t.Errorf("read %d entries from a list longer than 20 entries of 2,600 characters", len(got))
	}
	t.Logf("the same list, too long for 20 entries of 2,600 characters, left in %s", time.Since(start))
	var e entry
	setRaw("r", `{"name":"a",`+keys(400)+`}`)
	start = time.Now()
	if !Read("r", &e) || e.Name != "a" {
		t.Errorf("the record read %+v", e)
	}
	t.Logf("a record of 401 values read in %s", time.Since(start))
	e = entry{}
	setRaw("r", `{"name":"a",`+keys(20000)+`}`)
	if Read("r", &e) || e.Name != "" {
		t.Errorf("a record longer than a record may be read %+v", e)
	}
}
