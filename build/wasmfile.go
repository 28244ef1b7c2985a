package main

import (
	"errors"
	"fmt"
)

// A wasmModule is what the size report reads from a WebAssembly binary: the
// body of each function it defines, under the name its name section gives
// it, in the order of the code section, and the bytes of its data section,
// laid out at their addresses in linear memory.
//
// go tool nm cannot read a WebAssembly binary, but the Go linker writes a
// standard name section unless -s strips it, so the size of each function
// as shipped is exact. Data symbols have no name in the binary.
type wasmModule struct {
	funcs    []wasmFunc
	code     int    // the code section's size
	data     int    // the data section's size
	memory   []byte // the data segments placed at their offsets, zeros between
	sections int    // the binary's size
}

// A wasmFunc is a function of the module: its name and its body, as the
// code section holds it.
type wasmFunc struct {
	name string
	body []byte
}

// The section ids of the WebAssembly binary format this reader uses.
const (
	sectionCustom = 0
	sectionImport = 2
	sectionCode   = 10
	sectionData   = 11
)

// wasmError says the bytes are not a WebAssembly module this reader can read.
type wasmError struct {
	at  int
	why string
}

func (e *wasmError) Error() string {
	return fmt.Sprintf("reading the WebAssembly binary at byte %d: %s", e.at, e.why)
}

// A wasmReader reads the binary format's integers and vectors from b,
// remembering the first error.
type wasmReader struct {
	b   []byte
	i   int
	err error
}

func (r *wasmReader) fail(why string) {
	if r.err == nil {
		r.err = &wasmError{r.i, why}
	}
	r.i = len(r.b)
}

func (r *wasmReader) byte() byte {
	if r.i >= len(r.b) {
		r.fail("unexpected end")
		return 0
	}
	c := r.b[r.i]
	r.i++
	return c
}

// uint reads an unsigned LEB128 integer of at most 32 bits.
func (r *wasmReader) uint() int {
	var v, shift uint64
	for {
		c := r.byte()
		if r.err != nil {
			return 0
		}
		v |= uint64(c&0x7f) << shift
		if c < 0x80 {
			break
		}
		if shift += 7; shift > 28 {
			r.fail("integer longer than 32 bits")
			return 0
		}
	}
	return int(v)
}

// int reads a signed LEB128 integer of at most 32 bits.
func (r *wasmReader) int() int {
	var v int64
	var shift uint
	for {
		c := r.byte()
		if r.err != nil {
			return 0
		}
		v |= int64(c&0x7f) << shift
		shift += 7
		if c < 0x80 {
			if shift < 64 && c&0x40 != 0 {
				v |= -1 << shift
			}
			break
		}
		if shift > 28 {
			r.fail("integer longer than 32 bits")
			return 0
		}
	}
	return int(v)
}

func (r *wasmReader) bytes(n int) []byte {
	if n < 0 || r.i+n > len(r.b) {
		r.fail(fmt.Sprintf("%d bytes run past the end", n))
		return nil
	}
	out := r.b[r.i : r.i+n]
	r.i += n
	return out
}

func (r *wasmReader) name() string { return string(r.bytes(r.uint())) }

// readWasm reads a module's functions, with their names, and its data.
func readWasm(b []byte) (*wasmModule, error) {
	if len(b) < 8 || string(b[:4]) != "\x00asm" {
		return nil, &wasmError{0, "no \\0asm magic number"}
	}
	m := &wasmModule{sections: len(b)}
	imported := 0 // functions the module imports come first in the index space
	var bodies [][]byte
	names := map[int]string{}
	r := &wasmReader{b: b, i: 8}
	for r.i < len(b) && r.err == nil {
		id := r.byte()
		sec := &wasmReader{b: r.bytes(r.uint())}
		if r.err != nil {
			break
		}
		switch id {
		case sectionImport:
			imported = countFuncImports(sec)
		case sectionCode:
			m.code = len(sec.b)
			for range sec.uint() {
				bodies = append(bodies, sec.bytes(sec.uint()))
			}
		case sectionData:
			m.data = len(sec.b)
			m.memory = readSegments(sec)
		case sectionCustom:
			if sec.name() == "name" {
				readFuncNames(sec, names)
			}
		}
		if sec.err != nil {
			return nil, fmt.Errorf("section %d: %w", id, sec.err)
		}
	}
	if r.err != nil {
		return nil, r.err
	}
	if len(bodies) == 0 {
		return nil, errors.New("the WebAssembly binary has no code section")
	}
	for i, body := range bodies {
		name, ok := names[imported+i]
		if !ok {
			return nil, errors.New("the WebAssembly binary has no name section: build it without -ldflags=-s")
		}
		m.funcs = append(m.funcs, wasmFunc{name, body})
	}
	return m, nil
}

// countFuncImports counts the imports of an import section that are
// functions: they take the first indices of the function index space.
func countFuncImports(r *wasmReader) int {
	n := 0
	for range r.uint() {
		r.name() // module
		r.name() // field
		switch kind := r.byte(); kind {
		case 0: // function: its type index
			r.uint()
			n++
		case 1: // table: element type, limits
			r.byte()
			readLimits(r)
		case 2: // memory: limits
			readLimits(r)
		case 3: // global: value type, mutability
			r.byte()
			r.byte()
		default:
			r.fail(fmt.Sprintf("import of unknown kind %d", kind))
		}
	}
	return n
}

func readLimits(r *wasmReader) {
	if r.byte()&1 != 0 {
		r.uint()
	}
	r.uint()
}

// readFuncNames reads the function names subsection of a name section.
func readFuncNames(r *wasmReader, names map[int]string) {
	for r.i < len(r.b) && r.err == nil {
		id := r.byte()
		sub := &wasmReader{b: r.bytes(r.uint())}
		if id != 1 {
			continue
		}
		for range sub.uint() {
			idx := sub.uint()
			names[idx] = sub.name()
		}
		if sub.err != nil {
			r.fail(sub.err.Error())
		}
	}
}

// readSegments lays the active data segments out at their offsets. The Go
// linker writes each as flag 0 (memory 0) with an i32.const offset.
func readSegments(r *wasmReader) []byte {
	var mem []byte
	for range r.uint() {
		if flag := r.uint(); flag != 0 {
			r.fail(fmt.Sprintf("data segment with flag %d; only active segments of memory 0 are read", flag))
			return nil
		}
		if op := r.byte(); op != 0x41 { // i32.const
			r.fail(fmt.Sprintf("data segment offset opcode %#x, not i32.const", op))
			return nil
		}
		off := r.int()
		if r.byte() != 0x0b { // end
			r.fail("data segment offset is not a single i32.const")
			return nil
		}
		seg := r.bytes(r.uint())
		if off < 0 || off+len(seg) > 1<<31 {
			r.fail(fmt.Sprintf("data segment at %d out of range", off))
			return nil
		}
		if end := off + len(seg); end > len(mem) {
			mem = append(mem, make([]byte, end-len(mem))...)
		}
		copy(mem[off:], seg)
	}
	return mem
}
