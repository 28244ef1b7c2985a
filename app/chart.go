package app

import (
	"fmt"
	"html"
	"strings"

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
	n := c.visible()
	if n == 0 {
		return "<svg></svg>"
	}
	top := 0.0
	for _, p := range c.p[:n] {
		top = max(top, p)
	}
	if top == 0 {
		top = 1
	}
	w := chartWidth / float64(n)
	every := (n + 15) / 16
	var b strings.Builder
	title := html.EscapeString(c.name(lang))
	fmt.Fprintf(&b, `<svg viewBox="0 0 %g %g" role="img" aria-label="%s">`, chartWidth, chartBars+chartLabels+2, title)
	for i, p := range c.p[:n] {
		h := p / top * chartBars
		cls := "bar"
		if i == picked {
			cls += " on"
		}
		x := float64(i) * w
		label := html.EscapeString(c.labels[i])
		// An invisible full-height strip makes thin bars easy to tap.
		fmt.Fprintf(&b, `<rect class="hit" data-i="%d" x="%.2f" y="0" width="%.2f" height="%g" fill="transparent"/>`, i, x, w, chartBars)
		fmt.Fprintf(&b, `<rect class="%s" data-i="%d" x="%.2f" y="%.2f" width="%.2f" height="%.2f"><title>%s: %s</title></rect>`,
			cls, i, x+w*0.1, chartBars-h, w*0.8, max(h, 0.5), label, html.EscapeString(i18n.Percent(lang, p)))
		if i%every == 0 {
			fmt.Fprintf(&b, `<text x="%.2f" y="%g" text-anchor="middle">%s</text>`, x+w/2, chartBars+chartLabels-2, label)
		}
	}
	b.WriteString(`</svg>`)
	return b.String()
}

// name is the chart's title in a language.
func (c chart) name(lang string) string {
	if c.arg > 0 {
		return fmt.Sprintf(i18n.T(lang, c.title), c.arg)
	}
	return i18n.T(lang, c.title)
}
