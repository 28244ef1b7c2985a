// Package qr draws a link as a QR code, on the device, so that an
// opponent can scan a calculation without any network.
//
// It follows the Nayuki reference implementation, cut down to what a link
// needs: byte mode, error correction level M (15 % of the codewords can be
// restored, enough for a phone screen read by another phone), every version
// from 1 to 40, and the mask with the lowest penalty. [Encode] builds the
// symbol and [Code.SVG] draws it. A ready-made module
// (github.com/piglig/go-qr v1.1.0) added 55 KB brotli to the wasm, over the
// 40 KB allowed, and rsc.io/qr 13.1 KB with its mask fixed at 0; this
// package adds about 11 KB. The tests compare whole symbols with those of
// an independent encoder, saved in testdata.
package qr

import (
	"errors"
	"strconv"
	"strings"
)

// eccLevelM is level M's two format bits.
const eccLevelM = 0

// Per version (index 0 unused): error correction codewords in each block,
// and the number of blocks, at level M.
var (
	eccPerBlock = [41]int{-1, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28}
	eccBlocks   = [41]int{-1, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49}
)

// A Code is an encoded symbol: size×size modules, true for dark.
type Code struct {
	size    int
	version int
	mask    int
	dark    [][]bool
	fixed   [][]bool // function patterns, which the data and mask skip
}

// ErrTooLong is Encode's error for data longer than the 2,331 bytes a
// version 40 symbol holds at level M.
var ErrTooLong = errors.New("qr: data too long: at most 2331 bytes fit in a version 40 symbol at level M")

// Encode encodes data in byte mode at level M in the smallest version
// that holds it, or returns ErrTooLong when it does not fit in version 40.
func Encode(data []byte) (*Code, error) {
	version := 0
	for v := 1; v <= 40; v++ {
		if 4+countBits(v)+8*len(data) <= dataCodewords(v)*8 {
			version = v
			break
		}
	}
	if version == 0 {
		return nil, ErrTooLong
	}
	capacity := dataCodewords(version) * 8
	var bits bitBuffer
	bits.put(0b0100, 4) // byte mode
	bits.put(len(data), countBits(version))
	for _, b := range data {
		bits.put(int(b), 8)
	}
	bits.put(0, min(4, capacity-len(bits))) // terminator
	bits.put(0, (8-len(bits)%8)%8)
	for pad := 0xEC; len(bits) < capacity; pad ^= 0xEC ^ 0x11 {
		bits.put(pad, 8)
	}
	codewords := make([]byte, len(bits)/8)
	for i, b := range bits {
		if b {
			codewords[i/8] |= 1 << (7 - i%8)
		}
	}

	m := newCode(version)
	m.drawCodewords(interleave(version, codewords))
	best := -1
	for mask := range 8 {
		m.applyMask(mask)
		m.drawFormat(mask)
		if p := m.penalty(); best < 0 || p < best {
			best, m.mask = p, mask
		}
		m.applyMask(mask) // undo: the mask is its own inverse
	}
	m.applyMask(m.mask)
	m.drawFormat(m.mask)
	return m, nil
}

// bitBuffer is a bit buffer, most significant bit first.
type bitBuffer []bool

func (b *bitBuffer) put(v, n int) {
	for i := n - 1; i >= 0; i-- {
		*b = append(*b, v>>i&1 == 1)
	}
}

// countBits is the width of byte mode's length field.
func countBits(version int) int {
	if version <= 9 {
		return 8
	}
	return 16
}

// rawModules is how many modules of a version hold data and error
// correction, with the remainder bits.
func rawModules(version int) int {
	n := (16*version+128)*version + 64
	if version >= 2 {
		align := version/7 + 2
		n -= (25*align-10)*align - 55
		if version >= 7 {
			n -= 36
		}
	}
	return n
}

// dataCodewords is how many 8-bit data codewords a version holds at M.
func dataCodewords(version int) int {
	return rawModules(version)/8 - eccPerBlock[version]*eccBlocks[version]
}

// interleave splits the data into blocks, adds each block's
// Reed-Solomon codewords and interleaves them all.
func interleave(version int, data []byte) []byte {
	blocks, eccLen := eccBlocks[version], eccPerBlock[version]
	raw := rawModules(version) / 8
	short := blocks - raw%blocks // blocks one data codeword shorter
	shortLen := raw / blocks     // a short block's length, with its ECC
	divisor := rsDivisor(eccLen)
	var all [][]byte
	for i, k := 0, 0; i < blocks; i++ {
		n := shortLen - eccLen
		if i >= short {
			n++
		}
		d := data[k : k+n]
		k += n
		block := append([]byte(nil), d...)
		if i < short {
			block = append(block, 0) // placeholder, skipped below
		}
		all = append(all, append(block, rsRemainder(d, divisor)...))
	}
	out := make([]byte, 0, raw)
	for i := range all[0] {
		for j, b := range all {
			if i != shortLen-eccLen || j >= short {
				out = append(out, b[i])
			}
		}
	}
	return out
}

// gfMul multiplies in GF(2^8) modulo x^8+x^4+x^3+x^2+1.
func gfMul(x, y byte) byte {
	var z int
	for i := 7; i >= 0; i-- {
		z = z<<1 ^ (z>>7)*0x11D
		z ^= int(y>>i&1) * int(x)
	}
	return byte(z)
}

// rsDivisor is the Reed-Solomon generator polynomial of a degree, highest
// term first, without its leading 1.
func rsDivisor(degree int) []byte {
	out := make([]byte, degree)
	out[degree-1] = 1
	root := byte(1)
	for range degree {
		for j := range out {
			out[j] = gfMul(out[j], root)
			if j+1 < len(out) {
				out[j] ^= out[j+1]
			}
		}
		root = gfMul(root, 2)
	}
	return out
}

// rsRemainder is the error correction codewords of data.
func rsRemainder(data, divisor []byte) []byte {
	out := make([]byte, len(divisor))
	for _, b := range data {
		factor := b ^ out[0]
		copy(out, out[1:])
		out[len(out)-1] = 0
		for i, d := range divisor {
			out[i] ^= gfMul(d, factor)
		}
	}
	return out
}

// newCode draws a version's function patterns: finders, timing,
// alignment, and room for the format and version bits.
func newCode(version int) *Code {
	size := version*4 + 17
	m := &Code{size: size, version: version}
	for range size {
		m.dark = append(m.dark, make([]bool, size))
		m.fixed = append(m.fixed, make([]bool, size))
	}
	for i := range size {
		m.set(6, i, i%2 == 0)
		m.set(i, 6, i%2 == 0)
	}
	for _, c := range [][2]int{{3, 3}, {size - 4, 3}, {3, size - 4}} {
		for dy := -4; dy <= 4; dy++ {
			for dx := -4; dx <= 4; dx++ {
				x, y := c[0]+dx, c[1]+dy
				if x >= 0 && x < size && y >= 0 && y < size {
					d := max(abs(dx), abs(dy))
					m.set(x, y, d != 2 && d != 4)
				}
			}
		}
	}
	pos := alignments(version)
	for i, y := range pos {
		for j, x := range pos {
			last := len(pos) - 1
			if i == 0 && j == 0 || i == 0 && j == last || i == last && j == 0 {
				continue // a finder is there
			}
			for dy := -2; dy <= 2; dy++ {
				for dx := -2; dx <= 2; dx++ {
					m.set(x+dx, y+dy, max(abs(dx), abs(dy)) != 1)
				}
			}
		}
	}
	m.drawFormat(0) // reserves the format modules; drawn again once the mask is known
	if version >= 7 {
		rem := version
		for range 12 {
			rem = rem<<1 ^ (rem>>11)*0x1F25
		}
		bits := version<<12 | rem
		for i := range 18 {
			a, b := size-11+i%3, i/3
			m.set(a, b, bits>>i&1 == 1)
			m.set(b, a, bits>>i&1 == 1)
		}
	}
	return m
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// set draws a function module.
func (m *Code) set(x, y int, dark bool) {
	m.dark[y][x] = dark
	m.fixed[y][x] = true
}

// alignments is the centre coordinates of a version's alignment patterns.
func alignments(version int) []int {
	if version == 1 {
		return nil
	}
	n := version/7 + 2
	step := (version*8 + n*3 + 5) / (n*4 - 4) * 2
	out := make([]int, n)
	out[0] = 6
	for i, p := n-1, version*4+10; i >= 1; i, p = i-1, p-step {
		out[i] = p
	}
	return out
}

// drawFormat draws both copies of the format bits: level and mask,
// protected by a BCH code.
func (m *Code) drawFormat(mask int) {
	data := eccLevelM<<3 | mask
	rem := data
	for range 10 {
		rem = rem<<1 ^ (rem>>9)*0x537
	}
	bits := (data<<10 | rem) ^ 0x5412
	bit := func(i int) bool { return bits>>i&1 == 1 }
	for i := range 6 {
		m.set(8, i, bit(i))
	}
	m.set(8, 7, bit(6))
	m.set(8, 8, bit(7))
	m.set(7, 8, bit(8))
	for i := 9; i < 15; i++ {
		m.set(14-i, 8, bit(i))
	}
	for i := range 8 {
		m.set(m.size-1-i, 8, bit(i))
	}
	for i := 8; i < 15; i++ {
		m.set(8, m.size-15+i, bit(i))
	}
	m.set(8, m.size-8, true) // the dark module
}

// drawCodewords lays the bits in the zigzag of two-module columns, from the
// bottom right, skipping the function patterns.
func (m *Code) drawCodewords(data []byte) {
	i := 0
	for right := m.size - 1; right >= 1; right -= 2 {
		if right == 6 {
			right = 5 // the vertical timing pattern
		}
		for vert := range m.size {
			for j := range 2 {
				x, y := right-j, vert
				if (right+1)&2 == 0 {
					y = m.size - 1 - vert // upwards
				}
				if !m.fixed[y][x] && i < len(data)*8 {
					m.dark[y][x] = data[i>>3]>>(7-i&7)&1 == 1
					i++
				}
			}
		}
	}
}

// applyMask flips the data modules that a mask pattern selects.
func (m *Code) applyMask(mask int) {
	for y := range m.size {
		for x := range m.size {
			var flip bool
			switch mask {
			case 0:
				flip = (x+y)%2 == 0
			case 1:
				flip = y%2 == 0
			case 2:
				flip = x%3 == 0
			case 3:
				flip = (x+y)%3 == 0
			case 4:
				flip = (x/3+y/2)%2 == 0
			case 5:
				flip = x*y%2+x*y%3 == 0
			case 6:
				flip = (x*y%2+x*y%3)%2 == 0
			case 7:
				flip = ((x+y)%2+x*y%3)%2 == 0
			}
			if flip && !m.fixed[y][x] {
				m.dark[y][x] = !m.dark[y][x]
			}
		}
	}
}

// penalty scores how hard the symbol is to read: long runs, 2×2 blocks,
// finder-like patterns and an uneven balance of dark and light.
func (m *Code) penalty() int {
	n := m.size
	score := 0
	lines := func(at func(i, j int) bool) {
		for i := range n {
			color, run := false, 0
			var hist [7]int
			for j := range n {
				if at(i, j) == color {
					run++
					if run == 5 {
						score += 3
					} else if run > 5 {
						score++
					}
					continue
				}
				m.finderHistory(run, &hist)
				if !color {
					score += m.finderPatterns(&hist) * 40
				}
				color, run = at(i, j), 1
			}
			if color {
				m.finderHistory(run, &hist)
				run = 0
			}
			m.finderHistory(run+n, &hist) // the light border after the line
			score += m.finderPatterns(&hist) * 40
		}
	}
	lines(func(y, x int) bool { return m.dark[y][x] })
	lines(func(x, y int) bool { return m.dark[y][x] })
	dark := 0
	for y := range n {
		for x := range n {
			c := m.dark[y][x]
			if c {
				dark++
			}
			if x < n-1 && y < n-1 && c == m.dark[y][x+1] && c == m.dark[y+1][x] && c == m.dark[y+1][x+1] {
				score += 3
			}
		}
	}
	total := n * n
	k := (abs(dark*20-total*10)+total-1)/total - 1
	return score + k*10
}

// finderHistory pushes a run length, counting the light border before
// the line into the first run.
func (m *Code) finderHistory(run int, hist *[7]int) {
	if hist[0] == 0 {
		run += m.size
	}
	copy(hist[1:], hist[:6])
	hist[0] = run
}

// finderPatterns counts 1:1:3:1:1 runs with four light modules on a side.
func (m *Code) finderPatterns(h *[7]int) int {
	n := h[1]
	core := n > 0 && h[2] == n && h[3] == n*3 && h[4] == n && h[5] == n
	c := 0
	if core && h[0] >= n*4 && h[6] >= n {
		c++
	}
	if core && h[6] >= n*4 && h[0] >= n {
		c++
	}
	return c
}

// quietZone is the light margin around the symbol, in modules, which readers
// need to find it.
const quietZone = 4

// SVG draws the symbol: a light square (the quiet zone included) and one
// path of dark modules, coloured by the style sheet so that it follows the
// theme while staying dark on light, which is what phone cameras read.
func (m *Code) SVG() string {
	side := strconv.Itoa(m.size + 2*quietZone)
	var b strings.Builder
	b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" class="qr-svg" viewBox="0 0 ` + side + " " + side +
		`" shape-rendering="crispEdges" aria-hidden="true"><rect class="qr-paper" fill="#fff" width="` + side + `" height="` + side + `"/><path class="qr-ink" fill="currentColor" d="`)
	for y := range m.size {
		for x := 0; x < m.size; {
			if !m.dark[y][x] {
				x++
				continue
			}
			run := 1
			for x+run < m.size && m.dark[y][x+run] {
				run++
			}
			w := strconv.Itoa(run)
			b.WriteString("M" + strconv.Itoa(x+quietZone) + " " + strconv.Itoa(y+quietZone) + "h" + w + "v1h-" + w + "z")
			x += run
		}
	}
	b.WriteString(`"/></svg>`)
	return b.String()
}

// Version is the symbol's version, 1 to 40: a version v symbol is
// 17+4v modules a side.
func (m *Code) Version() int { return m.version }
