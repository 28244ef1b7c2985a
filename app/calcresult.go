package app

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/at4x/companion/app/ui"
	"github.com/at4x/companion/i18n"
	"github.com/at4x/companion/rules"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// calcSummary is the answer in one line, kept in view above the fields
// while any of them is edited (a sticky box: see .calc-summary in the
// style sheet). Before the client has read the link it says it is working
// the odds out, never showing another link's numbers.
type calcSummary struct {
	goapp.Compo

	Lang     string
	Sentence string // the headline, or why there is none
	Pending  bool   // prerendered: the link is not read yet
}

func (s *calcSummary) Render() goapp.UI {
	if s.Pending {
		// The prerendered page serves links in both languages.
		return ui.Elem("section").Class("calc-summary").Body(
			ui.Elem("p").Class("sentence pending").ID("calc-sentence").Role("status").Body(
				ui.Elem("span").Lang("en").Text(i18n.T("en", i18n.CalcWorking)+" "),
				ui.Elem("span").Lang("fr").Text(i18n.T("fr", i18n.CalcWorking)),
			),
		)
	}
	return ui.Elem("section").Class("calc-summary").Aria("label", i18n.T(s.Lang, i18n.CalcResult)).Body(
		ui.Elem("p").Class("sentence").ID("calc-sentence").Role("status").Aria("live", "polite").Text(s.Sentence),
	)
}

// calcDetails is what follows the fields: the explanation, the chances and
// the notes.
type calcDetails struct {
	goapp.Compo

	Lang    string
	Explain string
	Stats   []string // "12.3% unit wiped out", the figure first
	Notes   []string
}

func (d *calcDetails) Render() goapp.UI {
	return ui.Elem("section").Class("result-box").ID("calc-details").Body(
		goapp.If(d.Explain != "", func() goapp.UI {
			return ui.Elem("p").Class("explain").Text(i18n.T(d.Lang, i18n.Explain) + ui.Sep(d.Lang) + d.Explain)
		}),
		goapp.If(len(d.Stats) > 0, func() goapp.UI {
			return ui.Elem("ul").Class("stats").Body(goapp.Range(d.Stats).Slice(func(i int) goapp.UI {
				return ui.Elem("li").Text(d.Stats[i])
			}))
		}),
		goapp.If(len(d.Notes) > 0, func() goapp.UI {
			return goapp.Div().Class("notes").Body(
				ui.Elem("h2").Text(i18n.T(d.Lang, i18n.Notes)),
				ui.Elem("ul").Body(goapp.Range(d.Notes).Slice(func(i int) goapp.UI { return ui.Elem("li").Text(d.Notes[i]) })),
			)
		}),
	)
}

// whatIfToggle is one what-if: a change tried on top of the values.
type whatIfToggle struct {
	goapp.Compo

	Key   string
	Label string
	On    bool
}

func (w *whatIfToggle) changed(ctx goapp.Context, e goapp.Event) {
	v := "0"
	if ctx.JSSrc().Get("checked").Bool() {
		v = "1"
	}
	ctx.PreventUpdate()
	ctx.NewActionWithValue(actWhatIf, fieldChange{Key: w.Key, Value: v})
}

func (w *whatIfToggle) Render() goapp.UI {
	id := "whatif-" + w.Key
	return goapp.Label().Class("choice").For(id).Body(
		ui.Checked(goapp.Input().Type("checkbox").ID(id), w.On).OnChange(w.changed),
		ui.Elem("span").Text(w.Label),
	)
}

// barPick is a tap on bar Index of the chart with key Chart.
type barPick struct {
	Chart string
	Index int
}

// calcChart is one bar chart. Its SVG is written by the chart itself, not
// by go-app: the first time whole, then, while the number of bars stays
// the same, by moving the bars it has, so a change of value updates the
// chart instead of rebuilding it.
type calcChart struct {
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

func (c *calcChart) id() string { return "chart-" + c.Key }

func (c *calcChart) OnMount(ctx goapp.Context) {
	c.drawn = ""
	c.later(ctx)
}

func (c *calcChart) OnUpdate(ctx goapp.Context) { c.later(ctx) }

// later draws the chart in a task of its own, after the frame that shows
// the answer and the fields: a tap's answer does not wait for the charts.
func (c *calcChart) later(ctx goapp.Context) {
	ctx.After(time.Millisecond, func(ctx goapp.Context) {
		ctx.PreventUpdate()
		c.draw()
	})
}

func (c *calcChart) tap(ctx goapp.Context, e goapp.Event) {
	ctx.PreventUpdate()
	bar := e.Get("target").Call("closest", "[data-i]")
	if !bar.Truthy() {
		return
	}
	ctx.NewActionWithValue(actPickBar, barPick{Chart: c.Key, Index: atoi(bar.Call("getAttribute", "data-i").String())})
}

// draw writes the SVG into the chart's box: whole when the bars or their
// labels changed, otherwise only each bar's height and highlight.
func (c *calcChart) draw() {
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

func (c *calcChart) Render() goapp.UI {
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

// calcTable lists exactly / at least / at most for a distribution, one row
// per count, each figure already written in the page's language.
type calcTable struct {
	goapp.Compo

	Lang string
	Rows [][4]string
}

func (t *calcTable) Render() goapp.UI {
	tr := func(k i18n.Key) string { return i18n.T(t.Lang, k) }
	return goapp.Div().Class("table-wrap").TabIndex(0).Body(ui.Elem("table").Body(
		ui.Elem("thead").Body(ui.Elem("tr").Body(
			ui.Elem("th").Attr("scope", "col").Text(tr(i18n.TableOutcome)),
			ui.Elem("th").Attr("scope", "col").Text(tr(i18n.TableExactly)),
			ui.Elem("th").Attr("scope", "col").Text(tr(i18n.TableAtLeast)),
			ui.Elem("th").Attr("scope", "col").Text(tr(i18n.TableAtMost)),
		)),
		ui.Elem("tbody").Body(goapp.Range(t.Rows).Slice(func(k int) goapp.UI {
			r := t.Rows[k]
			return ui.Elem("tr").Body(
				ui.Elem("th").Attr("scope", "row").Text(r[0]),
				ui.Elem("td").Text(r[1]),
				ui.Elem("td").Text(r[2]),
				ui.Elem("td").Text(r[3]),
			)
		})),
	))
}

// calcExport holds the result as JSON, with buttons that copy it as JSON
// or CSV; the calculator writes the JSON into it (writeJSON) and does the
// copying (actCopy).
type calcExport struct {
	goapp.Compo

	Lang   string
	Copied bool
}

func (x *calcExport) copyJSON(ctx goapp.Context, e goapp.Event) {
	ctx.PreventUpdate()
	ctx.NewActionWithValue(actCopy, "json")
}

func (x *calcExport) copyCSV(ctx goapp.Context, e goapp.Event) {
	ctx.PreventUpdate()
	ctx.NewActionWithValue(actCopy, "csv")
}

func (x *calcExport) Render() goapp.UI {
	t := func(k i18n.Key) string { return i18n.T(x.Lang, k) }
	status := ""
	if x.Copied {
		status = t(i18n.Copied)
	}
	return ui.Elem("details").Class("export").Body(
		ui.Elem("summary").Text(t(i18n.Export)),
		ui.Elem("p").Class("actions").Body(
			goapp.Button().Type("button").Class("btn ghost").ID("copy-json").Text(t(i18n.CopyJSON)).OnClick(x.copyJSON),
			goapp.Button().Type("button").Class("btn ghost").ID("copy-csv").Text(t(i18n.CopyCSV)).OnClick(x.copyCSV),
			ui.Elem("span").Role("status").Text(status),
		),
		ui.Elem("pre").ID("calc-result"),
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
		t(i18n.TableAtLeast) + " " + i18n.Percent(lang, ch.dist.AtLeast(i)) + " · " +
		t(i18n.TableAtMost) + " " + i18n.Percent(lang, ch.dist.AtMost(i))
}

// tableRows are a distribution's rows for calcTable, down to the last
// count with a visible chance.
func tableRows(lang string, p []float64) [][4]string {
	d := rules.Dist{P: p}
	n := len(p)
	for n > 1 && d.AtLeast(n-1) < minShown {
		n--
	}
	rows := make([][4]string, n)
	for k := range n {
		rows[k] = [4]string{strconv.Itoa(k), i18n.Percent(lang, d.At(k)), i18n.Percent(lang, d.AtLeast(k)), i18n.Percent(lang, d.AtMost(k))}
	}
	return rows
}

// csvOf writes the charts and chances of a result.
func csvOf(o outcome) string {
	var b strings.Builder
	b.WriteString("chart,value,exactly,at_least,at_most\n")
	for _, ch := range o.charts {
		name := strings.ReplaceAll(ch.name("en"), ",", ";")
		for i, p := range ch.p {
			if ch.dist != nil {
				fmt.Fprintf(&b, "%s,%s,%.6f,%.6f,%.6f\n", name, ch.labels[i], p, ch.dist.AtLeast(i), ch.dist.AtMost(i))
			} else {
				fmt.Fprintf(&b, "%s,%s,%.6f,,\n", name, ch.labels[i], p)
			}
		}
	}
	for _, st := range o.stats {
		fmt.Fprintf(&b, "%s,,%.6f,,\n", strings.ReplaceAll(statLabel("en", st), ",", ";"), st.p)
	}
	return b.String()
}
