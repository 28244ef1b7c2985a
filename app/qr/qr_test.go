package qr

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestEncodeMatchesReference compares whole symbols with those of an
// independent encoder (github.com/piglig/go-qr, a port of the Nayuki
// reference implementation, at level M in byte mode without boosting the
// level), saved in testdata: one per size class, from version 1 to version
// 11 with its version bits and mixed block lengths.
func TestEncodeMatchesReference(t *testing.T) {
	files, _ := filepath.Glob("testdata/qr-*.txt")
	if len(files) < 3 {
		t.Fatalf("want 3 reference symbols, found %d", len(files))
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
			text, want := lines[0], lines[1:]
			m, err := Encode([]byte(text))
			if err != nil {
				t.Fatalf("%q did not encode: %v", text, err)
			}
			if m.size != len(want) {
				t.Fatalf("size %d, want %d", m.size, len(want))
			}
			for y, row := range want {
				for x, c := range row {
					if m.dark[y][x] != (c == '#') {
						t.Fatalf("version %d mask %d: module (%d,%d) differs", m.version, m.mask, x, y)
					}
				}
			}
		})
	}
}

// TestFormatBits reads the format bits back from both copies and checks
// that they name level M and the mask chosen, for every mask.
func TestFormatBits(t *testing.T) {
	m := newCode(3)
	for mask := range 8 {
		m.drawFormat(mask)
		var a, b int
		for i := range 6 {
			a |= bit(m.dark[i][8]) << i
		}
		a |= bit(m.dark[7][8])<<6 | bit(m.dark[8][8])<<7 | bit(m.dark[8][7])<<8
		for i := 9; i < 15; i++ {
			a |= bit(m.dark[8][14-i]) << i
		}
		for i := range 8 {
			b |= bit(m.dark[8][m.size-1-i]) << i
		}
		for i := 8; i < 15; i++ {
			b |= bit(m.dark[m.size-15+i][8]) << i
		}
		if a != b {
			t.Errorf("mask %d: copies differ: %015b and %015b", mask, a, b)
		}
		if got := (a ^ 0x5412) >> 10; got != eccLevelM<<3|mask {
			t.Errorf("mask %d: format data %05b", mask, got)
		}
	}
}

func bit(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestEncodeSizes checks the version picked at the edges of a version's
// capacity (version 1 at M holds 14 bytes, version 10 213, version 40
// 2331) and the refusal past version 40.
func TestEncodeSizes(t *testing.T) {
	tests := []struct {
		name    string
		n       int
		version int
	}{
		{"v1 full", 14, 1},
		{"v2", 15, 2},
		{"v10 full", 213, 10},
		{"v11", 214, 11},
		{"v40 full", 2331, 40},
		{"too long", 2332, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := Encode([]byte(strings.Repeat("a", tt.n)))
			ok := err == nil
			switch {
			case tt.version == 0 && ok:
				t.Fatalf("encoded %d bytes", tt.n)
			case tt.version == 0:
			case !ok || m.version != tt.version || m.size != tt.version*4+17:
				t.Fatalf("%d bytes: ok %v, version %d, want %d", tt.n, ok, m.version, tt.version)
			}
		})
	}
}

// TestSVG checks that the drawing has one unit square per dark module,
// offset by the quiet zone, and a light square under it all.
func TestSVG(t *testing.T) {
	link := "https://at4x.example/calc/shoot?game=at44&lang=fr&n=6"
	m, err := Encode([]byte(link))
	if err != nil {
		t.Fatal(err)
	}
	svg := m.SVG()
	dark := 0
	for y := range m.size {
		for x := range m.size {
			if m.dark[y][x] {
				dark++
			}
		}
	}
	// Each run "Mx yhWv1h-Wz" covers W modules.
	covered := 0
	d := svg[strings.Index(svg, ` d="`)+4:]
	d = d[:strings.Index(d, `"`)]
	for _, run := range strings.Split(strings.TrimSuffix(d, "z"), "z") {
		var x, y, w, w2 int
		if _, err := fmt.Sscanf(run, "M%d %dh%dv1h-%d", &x, &y, &w, &w2); err != nil || w != w2 {
			t.Fatalf("bad run %q: %v", run, err)
		}
		if x < quietZone || y < quietZone || x+w > m.size+quietZone || y >= m.size+quietZone {
			t.Fatalf("run %q leaves the symbol", run)
		}
		covered += w
	}
	if covered != dark || dark == 0 {
		t.Errorf("the path covers %d modules, the symbol has %d dark", covered, dark)
	}
	side := m.size + 2*quietZone
	if !strings.Contains(svg, `viewBox="0 0 `+strconv.Itoa(side)+" "+strconv.Itoa(side)+`"`) || !strings.Contains(svg, `class="qr-paper" fill="#fff"`) {
		t.Errorf("no light square of %d modules: %s", side, svg[:200])
	}
	if _, err := Encode([]byte(strings.Repeat("a", 3000))); err != ErrTooLong {
		t.Errorf("a link too long for a QR code was encoded (error %v)", err)
	}
}
