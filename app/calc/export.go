package calc

import (
	"fmt"
	"strings"

	"github.com/at4x/companion/app/ui"
	"github.com/at4x/companion/i18n"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// exportBox holds the result as JSON, with buttons that copy it as JSON
// or CSV; the calculator writes the JSON into it (writeJSON) and does the
// copying (actionCopy).
type exportBox struct {
	goapp.Compo

	Lang   string
	Copied bool
	// Refining holds the copies back while a simulation refines: the
	// figures so far may be off by more than half a point.
	Refining bool
}

func (x *exportBox) copyJSON(ctx goapp.Context, e goapp.Event) {
	ctx.PreventUpdate()
	ctx.NewActionWithValue(actionCopy, "json")
}

func (x *exportBox) copyCSV(ctx goapp.Context, e goapp.Event) {
	ctx.PreventUpdate()
	ctx.NewActionWithValue(actionCopy, "csv")
}

func (x *exportBox) Render() goapp.UI {
	t := func(k i18n.Key) string { return i18n.T(x.Lang, k) }
	status := ""
	switch {
	case x.Refining:
		status = t(i18n.RefiningFigures)
	case x.Copied:
		status = t(i18n.Copied)
	}
	return ui.Elem("details").Class("export").Body(
		ui.Elem("summary").Text(t(i18n.Export)),
		ui.Elem("p").Class("actions").Body(
			ui.Disabled(goapp.Button().Type("button").Class("btn ghost").ID("copy-json"), x.Refining).Text(t(i18n.CopyJSON)).OnClick(x.copyJSON),
			ui.Disabled(goapp.Button().Type("button").Class("btn ghost").ID("copy-csv"), x.Refining).Text(t(i18n.CopyCSV)).OnClick(x.copyCSV),
			ui.Elem("span").Role("status").Text(status),
		),
		ui.Elem("pre").ID("calc-result"),
	)
}

// csvOf writes the charts and chances of a result.
func csvOf(o outcome) string {
	var b strings.Builder
	b.WriteString("chart,value,exactly,at_least,at_most\n")
	for _, ch := range o.charts {
		name := strings.ReplaceAll(ch.name("en"), ",", ";")
		for i, p := range ch.p {
			if ch.dist != nil {
				fmt.Fprintf(&b, "%s,%s,%.6f,%.6f,%.6f\n", name, ch.labels[i], p, atLeast(*ch.dist, i), atMost(*ch.dist, i))
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
