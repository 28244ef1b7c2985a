// Package web holds the app's static files: the style sheet, and the icon,
// drawn here from a few shapes so the SVG and every PNG size agree.
package web

import (
	"bytes"
	"embed"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"strings"
)

// Files holds the style sheets: style.css, the screen's, and print.css,
// what every page prints with.
//
//go:embed style.css print.css
var Files embed.FS

// StyleSheet is the app's one style sheet: the screen's styles, then the
// print styles, so that a page needs no second request for printing and
// the service worker and the security policy see a single file.
func StyleSheet() ([]byte, error) {
	var out []byte
	for _, name := range []string{"style.css", "print.css"} {
		b, err := Files.ReadFile(name)
		if err != nil {
			return nil, err
		}
		out = append(append(out, b...), '\n')
	}
	return out, nil
}

// shape is a filled rounded rectangle (r < w/2) or circle (r = w/2) on a
// 512-unit canvas.
type shape struct {
	x, y, w, h, r float64
	c             color.RGBA
}

var (
	ink   = color.RGBA{0x14, 0x17, 0x1c, 0xff}
	amber = color.RGBA{0xf2, 0xb3, 0x3d, 0xff}
)

// iconShapes draws a die showing three on a dark tile. full fills the whole
// square (maskable icons, whose corners the system cuts).
func iconShapes(full bool) []shape {
	bg := shape{0, 0, 512, 512, 96, ink}
	if full {
		bg.r = 0
	}
	// Maskable icons keep their content in the central 80% safe zone.
	die := []shape{
		{116, 116, 280, 280, 56, amber},
		{156, 156, 60, 60, 30, ink},
		{226, 226, 60, 60, 30, ink},
		{296, 296, 60, 60, 30, ink},
	}
	return append([]shape{bg}, die...)
}

// SVG returns the icon as SVG.
func SVG() []byte {
	var b strings.Builder
	b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">`)
	for _, s := range iconShapes(false) {
		fill := fmt.Sprintf("#%02x%02x%02x", s.c.R, s.c.G, s.c.B)
		if s.r*2 == s.w && s.w == s.h {
			fmt.Fprintf(&b, `<circle cx="%g" cy="%g" r="%g" fill="%s"/>`, s.x+s.r, s.y+s.r, s.r, fill)
		} else {
			fmt.Fprintf(&b, `<rect x="%g" y="%g" width="%g" height="%g" rx="%g" fill="%s"/>`, s.x, s.y, s.w, s.h, s.r, fill)
		}
	}
	b.WriteString(`</svg>`)
	return []byte(b.String())
}

// PNG draws the icon at size×size pixels; maskable fills the whole square.
func PNG(size int, maskable bool) ([]byte, error) {
	const ss = 4 // samples per pixel side, for smooth edges
	shapes := iconShapes(maskable)
	img := image.NewNRGBA(image.Rect(0, 0, size, size))
	scale := 512 / float64(size)
	for py := range size {
		for px := range size {
			var r, g, bl, a float64
			for sy := range ss {
				for sx := range ss {
					x := (float64(px) + (float64(sx)+0.5)/ss) * scale
					y := (float64(py) + (float64(sy)+0.5)/ss) * scale
					var c color.RGBA
					for _, s := range shapes {
						if s.contains(x, y) {
							c = s.c
						}
					}
					r += float64(c.R)
					g += float64(c.G)
					bl += float64(c.B)
					a += float64(c.A)
				}
			}
			n := float64(ss * ss)
			if a == 0 {
				continue
			}
			// Un-premultiply: transparent samples carry no colour.
			k := 255 / a
			img.SetNRGBA(px, py, color.NRGBA{uint8(r * k), uint8(g * k), uint8(bl * k), uint8(a / n)})
		}
	}
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(&buf, paletted(img)); err != nil {
		return nil, fmt.Errorf("encoding the %d px icon failed: %w", size, err)
	}
	return buf.Bytes(), nil
}

// paletted is img with a palette of its colours when they are few enough,
// which a PNG stores in a byte a pixel: the icon has a few dozen (the
// shapes and their smoothed edges), and the 192 px one the worker caches
// takes less than half the bytes. Otherwise it is img.
func paletted(img *image.NRGBA) image.Image {
	var pal color.Palette
	index := map[color.NRGBA]uint8{}
	for i := 0; i < len(img.Pix); i += 4 {
		c := color.NRGBA{img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3]}
		if _, ok := index[c]; !ok {
			if len(pal) == 256 {
				return img
			}
			index[c] = uint8(len(pal))
			pal = append(pal, c)
		}
	}
	p := image.NewPaletted(img.Rect, pal)
	for i := range p.Pix {
		pix := img.Pix[4*i : 4*i+4]
		p.Pix[i] = index[color.NRGBA{pix[0], pix[1], pix[2], pix[3]}]
	}
	return p
}

func (s shape) contains(x, y float64) bool {
	if x < s.x || y < s.y || x > s.x+s.w || y > s.y+s.h {
		return false
	}
	// Distance to the nearest corner centre, inside the corner squares.
	cx := min(max(x, s.x+s.r), s.x+s.w-s.r)
	cy := min(max(y, s.y+s.r), s.y+s.h-s.r)
	dx, dy := x-cx, y-cy
	return dx*dx+dy*dy <= s.r*s.r
}
