package calc

import (
	"strconv"
	"time"

	"github.com/at4x/companion/app/ui"
	"github.com/at4x/companion/i18n"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// barPick is a tap on bar Index of the chart with key Chart.
type barPick struct {
	Chart string
	Index int
}

// chartView is one bar chart. Its SVG is written by the chart itself, not
// by go-app: the first time whole, then, while the number of bars stays
// the same, by moving the bars it has, so a change of value updates the
// chart instead of rebuilding it.
type chartView struct {
	goapp.Compo

	Key    string // which chart: side and index, such as "now/2"
	Lang   string
	Title  string
	Labels []string
	P      []float64
	Picked int    // the bar tapped, or -1
	Detail string // the picked bar's exact figures
	Main   bool   // the headline's chart: a tap also sets its threshold

	drawn string // the key of the drawing in the page, see draw
}

func (c *chartView) id() string { return "chart-" + c.Key }

func (c *chartView) OnMount(ctx goapp.Context) {
	c.drawn = ""
	c.later(ctx)
}

func (c *chartView) OnUpdate(ctx goapp.Context) { c.later(ctx) }

// later draws the chart in a task of its own, after the frame that shows
// the answer and the fields: a tap's answer does not wait for the charts.
func (c *chartView) later(ctx goapp.Context) {
	ctx.After(time.Millisecond, func(ctx goapp.Context) {
		ctx.PreventUpdate()
		c.draw()
	})
}

func (c *chartView) tap(ctx goapp.Context, e goapp.Event) {
	ctx.PreventUpdate()
	bar := e.Get("target").Call("closest", "[data-i]")
	if !bar.Truthy() {
		return
	}
	ctx.NewActionWithValue(actionPickBar, barPick{Chart: c.Key, Index: atoi(bar.Call("getAttribute", "data-i").String())})
}

// draw writes the SVG into the chart's box: whole when the bars or their
// labels changed, otherwise only each bar's height and highlight.
func (c *chartView) draw() {
	if !goapp.IsClient {
		return
	}
	box := goapp.Window().GetElementByID(c.id())
	if !box.Truthy() {
		return
	}
	ch := chart{labels: c.Labels, p: c.P}
	n := ch.visible()
	shape := c.Lang + "|" + c.Title + "|" + strconv.Itoa(n)
	for _, l := range c.Labels[:n] {
		shape += "|" + l
	}
	if shape != c.drawn || !box.Get("firstElementChild").Truthy() {
		box.Set("innerHTML", ch.svgTitled(c.Lang, c.Title, c.Picked))
		c.drawn = shape
		return
	}
	bars := box.Call("querySelectorAll", "rect.bar")
	if bars.Length() != n {
		box.Set("innerHTML", ch.svgTitled(c.Lang, c.Title, c.Picked))
		return
	}
	top := ch.top(n)
	for i := range n {
		b := bars.Index(i)
		y, h := ch.bar(i, top)
		b.Call("setAttribute", "y", strconv.FormatFloat(y, 'f', 2, 64))
		b.Call("setAttribute", "height", strconv.FormatFloat(h, 'f', 2, 64))
		cls := "bar"
		if i == c.Picked {
			cls = "bar on"
		}
		b.Call("setAttribute", "class", cls)
		b.Get("firstElementChild").Set("textContent", c.Labels[i]+": "+i18n.Percent(c.Lang, c.P[i]))
	}
}

func (c *chartView) Render() goapp.UI {
	cls := "chart"
	if c.Main {
		cls += " main"
	}
	return ui.Elem("figure").Class(cls).Body(
		ui.Elem("h3").Text(c.Title),
		goapp.Div().Class("plot").ID(c.id()).OnClick(c.tap),
		ui.Elem("p").Class("picked").Aria("live", "polite").Text(c.Detail),
	)
}

// barDetail is the exact figures of bar i of a chart, or "" for none.
func barDetail(lang string, ch chart, i int) string {
	if i < 0 || i >= len(ch.p) {
		return ""
	}
	if ch.dist == nil {
		return ch.labels[i] + ui.Sep(lang) + i18n.Percent(lang, ch.p[i])
	}
	t := func(k i18n.Key) string { return i18n.T(lang, k) }
	return ch.labels[i] + ui.Sep(lang) +
		t(i18n.TableExactly) + " " + i18n.Percent(lang, ch.dist.At(i)) + " · " +
		t(i18n.TableAtLeast) + " " + i18n.Percent(lang, atLeast(*ch.dist, i)) + " · " +
		t(i18n.TableAtMost) + " " + i18n.Percent(lang, atMost(*ch.dist, i))
}
