package calc

import (
	"strconv"

	"github.com/at4x/companion/app/ui"
	"github.com/at4x/companion/i18n"
	"github.com/at4x/companion/rules"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// tableView lists exactly / at least / at most for a distribution, one row
// per count, each figure already written in the page's language.
type tableView struct {
	goapp.Compo

	Lang string
	Rows [][4]string
}

func (t *tableView) Render() goapp.UI {
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

// atLeast is the chance of k or more, and atMost of k or fewer, as the
// page says them: 0 or more, and the most or fewer, are certain, 100%
// wherever they show, where the sum of every chance may fall a hair short
// of 1 (">99.9%").
func atLeast(d rules.Dist, k int) float64 {
	if k <= 0 {
		return 1
	}
	return d.AtLeast(k)
}

func atMost(d rules.Dist, k int) float64 {
	if k >= d.Max() {
		return 1
	}
	return d.AtMost(k)
}

// tableRows are a distribution's rows for tableView, down to the last
// count with a visible chance.
func tableRows(lang string, p []float64) [][4]string {
	d := rules.Dist{P: p}
	n := len(p)
	for n > 1 && atLeast(d, n-1) < minShown {
		n--
	}
	rows := make([][4]string, n)
	for k := range n {
		rows[k] = [4]string{strconv.Itoa(k), i18n.Percent(lang, d.At(k)), i18n.Percent(lang, atLeast(d, k)), i18n.Percent(lang, atMost(d, k))}
	}
	return rows
}
