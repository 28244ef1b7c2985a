package diagram

import (
	"fmt"
	"html"
	"math"
	"strconv"
	"strings"
)

// canvas collects SVG elements. Coordinates are in viewBox units; the page
// scales the picture to its column, so 320 units wide keeps 12-unit text
// legible on a 360 px phone.
type canvas struct {
	w, h int
	b    strings.Builder
}

func newCanvas(w, h int) *canvas { return &canvas{w: w, h: h} }

// num writes a coordinate with at most one decimal, to keep the markup short.
func num(x float64) string {
	return strconv.FormatFloat(math.Round(x*10)/10, 'f', -1, 64)
}

func (c *canvas) line(class string, x1, y1, x2, y2 float64) {
	fmt.Fprintf(&c.b, `<line class="%s" x1="%s" y1="%s" x2="%s" y2="%s"/>`, class, num(x1), num(y1), num(x2), num(y2))
}

func (c *canvas) circle(class string, x, y, r float64) {
	fmt.Fprintf(&c.b, `<circle class="%s" cx="%s" cy="%s" r="%s"/>`, class, num(x), num(y), num(r))
}

func (c *canvas) rect(class string, x, y, w, h float64) {
	fmt.Fprintf(&c.b, `<rect class="%s" x="%s" y="%s" width="%s" height="%s"/>`, class, num(x), num(y), num(w), num(h))
}

func (c *canvas) ellipse(class string, x, y, rx, ry float64) {
	fmt.Fprintf(&c.b, `<ellipse class="%s" cx="%s" cy="%s" rx="%s" ry="%s"/>`, class, num(x), num(y), num(rx), num(ry))
}

// polygon draws a closed shape through the points (x0, y0, x1, y1, ...).
func (c *canvas) polygon(class string, xy ...float64) {
	var pts []string
	for i := 0; i+1 < len(xy); i += 2 {
		pts = append(pts, num(xy[i])+","+num(xy[i+1]))
	}
	fmt.Fprintf(&c.b, `<polygon class="%s" points="%s"/>`, class, strings.Join(pts, " "))
}

// arrow draws a line with a head at (x2, y2).
func (c *canvas) arrow(class string, x1, y1, x2, y2 float64) {
	c.line(class, x1, y1, x2, y2)
	a := math.Atan2(y2-y1, x2-x1)
	const size, spread = 7, 0.45
	c.polygon(class+" head",
		x2, y2,
		x2-size*math.Cos(a-spread), y2-size*math.Sin(a-spread),
		x2-size*math.Cos(a+spread), y2-size*math.Sin(a+spread))
}

// Text anchors.
const (
	start  = "start"
	middle = "middle"
	end    = "end"
)

func (c *canvas) text(class string, x, y float64, anchor, s string) {
	fmt.Fprintf(&c.b, `<text class="%s" x="%s" y="%s" text-anchor="%s">%s</text>`, class, num(x), num(y), anchor, html.EscapeString(s))
}

// fighter draws an infantry base.
func (c *canvas) fighter(class string, x, y float64) { c.circle("dg-fighter "+class, x, y, 6) }
