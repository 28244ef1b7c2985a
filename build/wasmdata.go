package main

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"sort"
)

// A dataRegion is a part of the wasm's data in linear memory, from start
// to end, as the Go runtime's module data bounds it.
type dataRegion struct {
	name       string
	start, end int
}

// The names of the data regions.
const (
	regionRodata      = "type descriptors and read-only data (strings, tables)"
	regionPclntab     = "pclntab: each function's name, file, line and stack-size tables"
	regionFuncdata    = "funcdata: each function's stack maps for the GC"
	regionFindfunctab = "findfunctab: the runtime's PC-to-function index"
	regionModuledata  = "module data, type and itab links"
	regionNoptrdata   = "variables with no pointers (noptrdata)"
	regionData        = "variables with pointers (data)"
)

// pcHeaderMagic starts the runtime's pclntab (runtime.pcHeader) since Go
// 1.20, followed by two zero pad bytes.
var pcHeaderMagic = []byte{0xf1, 0xff, 0xff, 0xff, 0, 0}

// dataRegions splits the data of a Go wasm by the bounds its module data
// (runtime.firstmoduledata) records. The linker writes no symbol table in a
// wasm, so the module data is found by its content: its first word points
// at the pclntab's header, which starts with a magic number, and its
// second at the function name table 72 bytes further (pcHeader's size on
// a 64-bit target). The fields read are those of Go 1.26's
// runtime.moduledata; a toolchain that moves them fails the checks below.
func dataRegions(mem []byte) ([]dataRegion, error) {
	bad := func(why string) error {
		return fmt.Errorf("reading the wasm's module data: %s (runtime.moduledata of another Go release? see build/wasmdata.go)", why)
	}
	ph := bytes.Index(mem, pcHeaderMagic)
	if ph < 0 || ph+8 > len(mem) || mem[ph+7] != 8 {
		return nil, bad("no pclntab header of a 64-bit target")
	}
	var key [16]byte
	binary.LittleEndian.PutUint64(key[:], uint64(ph))
	binary.LittleEndian.PutUint64(key[8:], uint64(ph+72))
	md := bytes.Index(mem, key[:])
	if md < 0 || md+42*8 > len(mem) {
		return nil, bad("no module data pointing at the pclntab header")
	}
	word := func(i int) int { return int(binary.LittleEndian.Uint64(mem[md+8*i:])) }
	// Word indices in runtime.moduledata: pcHeader 0, six slices of three
	// words (funcnametab, cutab, filetab, pctab, pclntable, ftab), then
	// findfunctab 19, minpc 20, maxpc 21, text 22, etext 23, noptrdata 24,
	// enoptrdata 25, data 26, edata 27, ..., types 37, etypes 38, rodata 39,
	// gofunc 40, epclntab 41.
	const (
		findfunctab, noptrdata, enoptrdata, data, edata = 19, 24, 25, 26, 27
		types, rodata, gofunc, epclntab                 = 37, 39, 40, 41
	)
	starts := []dataRegion{
		{regionRodata, min(word(types), word(rodata)), 0},
		{regionPclntab, ph, 0},
		{regionFuncdata, word(gofunc), 0},
		{regionFindfunctab, word(findfunctab), 0},
		{regionModuledata, word(epclntab), 0},
		{regionNoptrdata, word(noptrdata), 0},
		{regionData, word(data), 0},
	}
	// The data segments end at the last byte that is not zero: edata may
	// lie past them, not past the 4 GB of a 32-bit memory.
	if word(enoptrdata) > word(data) || word(edata) > 1<<32 || word(edata) < word(data) {
		return nil, bad("variables out of the data's bounds")
	}
	sort.SliceStable(starts, func(i, j int) bool { return starts[i].start < starts[j].start })
	for i := range starts {
		end := word(edata)
		if i+1 < len(starts) {
			end = starts[i+1].start
		}
		if starts[i].start < 0 || starts[i].start > end {
			return nil, bad(fmt.Sprintf("%s from %d to %d", starts[i].name, starts[i].start, end))
		}
		starts[i].end = end
	}
	return starts, nil
}
