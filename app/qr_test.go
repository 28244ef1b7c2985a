package app

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/at4x/companion/i18n"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// TestQRMatchesReference compares whole symbols with those of an
// independent encoder (github.com/piglig/go-qr, a port of the Nayuki
// reference implementation, at level M in byte mode without boosting the
// level), saved in testdata: one per size class, from version 1 to version
// 11 with its version bits and mixed block lengths.
func TestQRMatchesReference(t *testing.T) {
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
			m, ok := qrEncode([]byte(text))
			if !ok {
				t.Fatalf("%q did not encode", text)
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

// TestQRFormatBits reads the format bits back from both copies and checks
// that they name level M and the mask chosen, for every mask.
func TestQRFormatBits(t *testing.T) {
	m := newQRMatrix(3)
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
		if got := (a ^ 0x5412) >> 10; got != qrECCLevelM<<3|mask {
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

// TestQRSizes checks the version picked at the edges of a version's
// capacity (version 1 at M holds 14 bytes, version 10 213, version 40
// 2331) and the refusal past version 40.
func TestQRSizes(t *testing.T) {
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
			m, ok := qrEncode([]byte(strings.Repeat("a", tt.n)))
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

// TestQRSVG checks that the drawing has one unit square per dark module,
// offset by the quiet zone, and a light square under it all.
func TestQRSVG(t *testing.T) {
	link := "https://at4x.example/calc/shoot?game=at44&lang=fr&n=6"
	m, _ := qrEncode([]byte(link))
	svg := qrSVG(link)
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
		if x < qrQuiet || y < qrQuiet || x+w > m.size+qrQuiet || y >= m.size+qrQuiet {
			t.Fatalf("run %q leaves the symbol", run)
		}
		covered += w
	}
	if covered != dark || dark == 0 {
		t.Errorf("the path covers %d modules, the symbol has %d dark", covered, dark)
	}
	side := m.size + 2*qrQuiet
	if !strings.Contains(svg, `viewBox="0 0 `+itoa(side)+" "+itoa(side)+`"`) || !strings.Contains(svg, `class="qr-paper" fill="#fff"`) {
		t.Errorf("no light square of %d modules: %s", side, svg[:200])
	}
	if qrSVG(strings.Repeat("a", 3000)) != "" {
		t.Error("a link too long for a QR code was drawn")
	}
}

// TestQRCodeRender draws the component through go-app's test engine: the
// code with its caption, or a note when the link is too long.
func TestQRCodeRender(t *testing.T) {
	tests := []struct {
		name string
		link string
		want goapp.UI
		path []int
	}{
		{"code", "https://at4x.example/calc/crush?game=at43", goapp.Raw(qrSVG("https://at4x.example/calc/crush?game=at43")), []int{0, 0, 0}},
		{"caption", "https://at4x.example/calc/crush?game=at43", goapp.Text(i18n.T("fr", i18n.QRCaption)), []int{0, 1, 0}},
		{"too long", strings.Repeat("a", 3000), goapp.Text(i18n.T("fr", i18n.QRTooLong)), []int{0, 0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q := &qrCode{Lang: "fr", Link: tt.link}
			e := goapp.NewTestEngine()
			if err := e.Load(q); err != nil {
				t.Fatal(err)
			}
			e.ConsumeAll()
			if err := goapp.Match(tt.want, q, tt.path...); err != nil {
				t.Error(err)
			}
		})
	}
}
