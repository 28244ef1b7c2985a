package main

import (
	"bytes"
	"encoding/binary"
	"errors"
	"testing"
)

// A testModule writes a small WebAssembly binary the way the Go linker
// lays one out: one imported function, bodies, a name section, data
// segments.
type testModule struct {
	imports  int
	bodies   [][]byte
	names    []string // of the defined functions; nil writes no name section
	segments map[int][]byte
}

func uleb(n int) []byte {
	var out []byte
	for {
		c := byte(n & 0x7f)
		n >>= 7
		if n != 0 {
			c |= 0x80
		}
		out = append(out, c)
		if n == 0 {
			return out
		}
	}
}

func sleb(n int) []byte {
	var out []byte
	for {
		c := byte(n & 0x7f)
		n >>= 7
		if (n == 0 && c&0x40 == 0) || (n == -1 && c&0x40 != 0) {
			return append(out, c)
		}
		out = append(out, c|0x80)
	}
}

func vecName(s string) []byte { return append(uleb(len(s)), s...) }

func section(id byte, body []byte) []byte {
	return append(append([]byte{id}, uleb(len(body))...), body...)
}

func (m testModule) bytes() []byte {
	out := []byte("\x00asm\x01\x00\x00\x00")
	imp := uleb(m.imports + 1)
	for i := range m.imports {
		imp = append(imp, vecName("go")...)
		imp = append(imp, vecName("f"+string(rune('a'+i)))...)
		imp = append(imp, 0, 0) // a function of type 0
	}
	imp = append(imp, vecName("go")...)
	imp = append(imp, vecName("mem")...)
	imp = append(imp, 2, 1, 1, 2) // a memory with a maximum
	out = append(out, section(sectionImport, imp)...)
	code := uleb(len(m.bodies))
	for _, b := range m.bodies {
		code = append(code, uleb(len(b))...)
		code = append(code, b...)
	}
	out = append(out, section(sectionCode, code)...)
	data := uleb(len(m.segments))
	for off, seg := range m.segments {
		data = append(data, 0, 0x41)
		data = append(data, sleb(off)...)
		data = append(data, 0x0b)
		data = append(data, uleb(len(seg))...)
		data = append(data, seg...)
	}
	out = append(out, section(sectionData, data)...)
	if m.names != nil {
		fn := uleb(len(m.names))
		for i, n := range m.names {
			fn = append(fn, uleb(m.imports+i)...)
			fn = append(fn, vecName(n)...)
		}
		name := vecName("name")
		name = append(name, 1)
		name = append(name, uleb(len(fn))...)
		name = append(name, fn...)
		out = append(out, section(sectionCustom, name)...)
	}
	return out
}

func TestReadWasm(t *testing.T) {
	long := bytes.Repeat([]byte{7}, 300) // a body whose size takes two bytes
	m := testModule{
		imports:  2,
		bodies:   [][]byte{{1, 2, 3}, long},
		names:    []string{"runtime.a", "github.com_at4x_companion_rules.__Table_.Add"},
		segments: map[int][]byte{4: {9, 9}, 200: {1, 2, 3}},
	}
	got, err := readWasm(m.bytes())
	if err != nil {
		t.Fatal(err)
	}
	if len(got.funcs) != 2 || got.funcs[0].name != "runtime.a" || !bytes.Equal(got.funcs[1].body, long) ||
		got.funcs[1].name != "github.com_at4x_companion_rules.__Table_.Add" {
		t.Errorf("functions: %+v", got.funcs)
	}
	want := make([]byte, 203)
	copy(want[4:], []byte{9, 9})
	copy(want[200:], []byte{1, 2, 3})
	if !bytes.Equal(got.memory, want) {
		t.Errorf("memory: %v", got.memory)
	}
	if got.code != 1+1+3+2+300 {
		t.Errorf("code section: %d bytes", got.code)
	}

	for _, tc := range []struct {
		name string
		b    []byte
	}{
		{"no magic", []byte("\x00wasm\x01\x00\x00\x00")},
		{"cut short", m.bytes()[:40]},
		{"no name section", testModule{bodies: [][]byte{{1}}, segments: map[int][]byte{}}.bytes()},
		{"no code", []byte("\x00asm\x01\x00\x00\x00")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := readWasm(tc.b); err == nil {
				t.Error("read without an error")
			}
		})
	}
	var e *wasmError
	if _, err := readWasm(m.bytes()[:40]); !errors.As(err, &e) {
		t.Errorf("a cut binary: %v, not an wasmError", err)
	}
}

func TestLEB128(t *testing.T) {
	for _, n := range []int{0, 1, 63, 64, 127, 128, 300, 1 << 20, -1, -64, -65, -1000} {
		r := &wasmReader{b: sleb(n)}
		if got := r.int(); got != n || r.err != nil {
			t.Errorf("signed %d read as %d (%v)", n, got, r.err)
		}
		if n >= 0 {
			r := &wasmReader{b: uleb(n)}
			if got := r.uint(); got != n || r.err != nil {
				t.Errorf("unsigned %d read as %d (%v)", n, got, r.err)
			}
		}
	}
	r := &wasmReader{b: []byte{0x80, 0x80, 0x80, 0x80, 0x80, 0x01}}
	if r.uint(); r.err == nil {
		t.Error("an integer of more than 32 bits read without an error")
	}
}

// testMemory lays out memory as a Go 1.26 wasm does, small: read-only data
// from 64, the pclntab's header at 256, funcdata, findfunctab, the module
// data at 600, variables.
func testMemory() []byte {
	mem := make([]byte, 1000)
	copy(mem[256:], pcHeaderMagic)
	mem[256+7] = 8
	words := map[int]int{
		0: 256, 1: 256 + 72,
		19: 500,                             // findfunctab
		24: 640, 25: 900, 26: 904, 27: 1000, // noptrdata, data
		37: 64, 38: 250, 39: 64, 40: 400, 41: 580, // types, rodata, gofunc, epclntab
	}
	for i, v := range words {
		binary.LittleEndian.PutUint64(mem[600+8*i:], uint64(v))
	}
	return mem
}

func TestDataRegions(t *testing.T) {
	got, err := dataRegions(testMemory())
	if err != nil {
		t.Fatal(err)
	}
	want := []dataRegion{
		{regionRodata, 64, 256}, {regionPclntab, 256, 400}, {regionFuncdata, 400, 500},
		{regionFindfunctab, 500, 580}, {regionModuledata, 580, 640}, {regionNoptrdata, 640, 904}, {regionData, 904, 1000},
	}
	if len(got) != len(want) {
		t.Fatalf("regions: %+v", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("region %d: %+v, want %+v", i, got[i], want[i])
		}
	}
	t.Run("no module data", func(t *testing.T) {
		mem := testMemory()
		mem[601] = 0 // the pointer at the header (256 = 0x100) now 0
		if _, err := dataRegions(mem); err == nil {
			t.Error("no error")
		}
	})
	t.Run("no pclntab", func(t *testing.T) {
		if _, err := dataRegions(make([]byte, 1000)); err == nil {
			t.Error("no error")
		}
	})
	t.Run("variables out of bounds", func(t *testing.T) {
		mem := testMemory()
		binary.LittleEndian.PutUint64(mem[600+8*27:], 5<<32)
		if _, err := dataRegions(mem); err == nil {
			t.Error("no error")
		}
	})
}

// The data may end in zeros the segments leave out.
func TestDataRegionsPastSegments(t *testing.T) {
	mem := testMemory()
	binary.LittleEndian.PutUint64(mem[600+8*27:], 1200)
	got, err := dataRegions(mem)
	if err != nil {
		t.Fatal(err)
	}
	if last := got[len(got)-1]; last.name != regionData || last.end != 1200 {
		t.Errorf("last region: %+v", last)
	}
}
