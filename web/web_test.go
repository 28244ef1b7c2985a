package web

import (
	"bytes"
	"image/png"
	"strings"
	"testing"
)

func TestPNGSizesAndCorners(t *testing.T) {
	for _, tt := range []struct {
		size        int
		maskable    bool
		cornerAlpha uint32
	}{
		{192, false, 0},
		{512, false, 0},
		{512, true, 0xffff},
	} {
		b, err := PNG(tt.size, tt.maskable)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		if got := img.Bounds().Dx(); got != tt.size || img.Bounds().Dy() != tt.size {
			t.Errorf("icon is %v, want %d px square", img.Bounds(), tt.size)
		}
		if _, _, _, a := img.At(0, 0).RGBA(); a != tt.cornerAlpha {
			t.Errorf("%d px maskable=%v: corner alpha %x, want %x", tt.size, tt.maskable, a, tt.cornerAlpha)
		}
		if r, g, _, _ := img.At(tt.size/2, tt.size*3/10).RGBA(); r>>8 != 0xf2 || g>>8 != 0xb3 {
			t.Errorf("%d px: the die face is not amber at the top centre", tt.size)
		}
	}
}

func TestSVG(t *testing.T) {
	s := string(SVG())
	if !strings.HasPrefix(s, "<svg") || strings.Count(s, "<circle") != 3 || strings.Count(s, "<rect") != 2 {
		t.Errorf("unexpected SVG: %s", s)
	}
}
