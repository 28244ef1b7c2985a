package calc

import (
	"fmt"

	"github.com/at4x/companion/app/ui"
	"github.com/at4x/companion/i18n"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// detailsBox is what follows the fields: the explanation, the chances and
// the notes.
type detailsBox struct {
	goapp.Compo

	Lang    string
	Explain []string // the steps of the calculation, in order
	Stats   []string // "12.3% unit wiped out", the figure first
	Notes   []string
}

func (d *detailsBox) Render() goapp.UI {
	return ui.Elem("section").Class("result-box").ID("calc-details").Body(
		// The charts' titles under the box follow this heading in order.
		goapp.If(len(d.Explain)+len(d.Stats) > 0, func() goapp.UI { return ui.Elem("h2").Text(i18n.T(d.Lang, i18n.Explain)) }),
		goapp.If(len(d.Explain) > 0, func() goapp.UI {
			return ui.Elem("ol").Class("explain").Body(goapp.Range(d.Explain).Slice(func(i int) goapp.UI {
				return ui.Elem("li").Text(d.Explain[i])
			}))
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
	ctx.NewActionWithValue(actionWhatIf, fieldChange{Key: w.Key, Value: v})
}

func (w *whatIfToggle) Render() goapp.UI {
	id := "whatif-" + w.Key
	return goapp.Label().Class("choice").For(id).Body(
		ui.Checked(goapp.Input().Type("checkbox").ID(id), w.On).OnChange(w.changed),
		ui.Elem("span").Text(w.Label),
	)
}

func statLabel(lang string, st stat) string {
	label := i18n.T(lang, st.key)
	if st.key == i18n.WeaponLostF {
		label = fmt.Sprintf(label, st.arg)
	}
	return label
}
