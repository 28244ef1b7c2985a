package calc

import (
	"fmt"
	"html"
	"strconv"

	"github.com/at4x/companion/i18n"
)

// Chart geometry, in SVG units.
const (
	chartWidth  = 320.0
	chartBars   = 100.0 // height of the tallest bar
	chartLabels = 14.0  // room for the labels under the bars
	minShown    = 0.0005
)

// visible trims a chart's tail of bars too small to see, so a 100-fighter
// unit does not draw 100 empty bars.
func (c chart) visible() int {
	n := len(c.p)
	for n > 1 && c.p[n-1] < minShown {
		n--
	}
	return n
}

// svg draws the chart as SVG bars; bar i carries data-i so a tap on it can
// be told apart, and the bar picked is highlighted.
func (c chart) svg(lang string, picked int) string {
	return c.svgTitled(lang, c.name(lang), picked)
}

// top is the tallest of the first n bars' values, or 1.
func (c chart) top(n int) float64 {
	top := 0.0
	for _, p := range c.p[:n] {
		top = max(top, p)
	}
	if top == 0 {
		top = 1
	}
	return top
}

// bar is bar i's top edge and height, for a tallest value top.
func (c chart) bar(i int, top float64) (y, h float64) {
	h = c.p[i] / top * chartBars
	return chartBars - h, max(h, 0.5)
}

// svgTitled is svg with the title already in the language.
func (c chart) svgTitled(lang, title string, picked int) string {
	n := c.visible()
	if n == 0 {
		return "<svg></svg>"
	}
	top := c.top(n)
	w := chartWidth / float64(n)
	every := (n + 15) / 16
	// Built with strconv, not fmt: this runs for every chart on every tap
	// of a calculator, and fmt's reflection is slow in wasm.
	b := make([]byte, 0, 256*n)
	b = append(b, `<svg viewBox="0 0 `...)
	b = strconv.AppendFloat(b, chartWidth, 'g', -1, 64)
	b = append(b, ' ')
	b = strconv.AppendFloat(b, chartBars+chartLabels+2, 'g', -1, 64)
	b = append(b, `" role="img" aria-label="`...)
	b = append(b, html.EscapeString(title)...)
	b = append(b, `">`...)
	fixed := func(b []byte, v float64) []byte { return strconv.AppendFloat(b, v, 'f', 2, 64) }
	for i, p := range c.p[:n] {
		y, h := c.bar(i, top)
		cls := "bar"
		if i == picked {
			cls += " on"
		}
		x := float64(i) * w
		label := html.EscapeString(c.labels[i])
		// An invisible full-height strip makes thin bars easy to tap.
		b = append(b, `<rect class="hit" data-i="`...)
		b = strconv.AppendInt(b, int64(i), 10)
		b = append(b, `" x="`...)
		b = fixed(b, x)
		b = append(b, `" y="0" width="`...)
		b = fixed(b, w)
		b = append(b, `" height="`...)
		b = strconv.AppendFloat(b, chartBars, 'g', -1, 64)
		b = append(b, `" fill="transparent"/><rect class="`...)
		b = append(b, cls...)
		b = append(b, `" data-i="`...)
		b = strconv.AppendInt(b, int64(i), 10)
		b = append(b, `" x="`...)
		b = fixed(b, x+w*0.1)
		b = append(b, `" y="`...)
		b = fixed(b, y)
		b = append(b, `" width="`...)
		b = fixed(b, w*0.8)
		b = append(b, `" height="`...)
		b = fixed(b, h)
		b = append(b, `"><title>`...)
		b = append(b, label...)
		b = append(b, ": "...)
		b = append(b, html.EscapeString(i18n.Percent(lang, p))...)
		b = append(b, `</title></rect>`...)
		if i%every == 0 {
			b = append(b, `<text x="`...)
			b = fixed(b, x+w/2)
			b = append(b, `" y="`...)
			b = strconv.AppendFloat(b, chartBars+chartLabels-2, 'g', -1, 64)
			b = append(b, `" text-anchor="middle">`...)
			b = append(b, label...)
			b = append(b, `</text>`...)
		}
	}
	b = append(b, `</svg>`...)
	return string(b)
}

// left tells whether the chart counts what is left of the target (a
// vehicle's frame, a building's structure): there fewer is the shooter's
// luck.
func (c chart) left() bool { return c.title == i18n.ChartFrame || c.title == i18n.ChartStructure }

// name is the chart's title in a language.
func (c chart) name(lang string) string {
	if c.arg > 0 {
		return fmt.Sprintf(i18n.T(lang, c.title), c.arg)
	}
	return i18n.T(lang, c.title)
}
