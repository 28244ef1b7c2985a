package calc

import (
	"strconv"

	"github.com/at4x/companion/app/ui"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// A stepper is few taps from any value: a held step button repeats, the
// number between the buttons (and a list such as weapons' SP) selects
// itself when focused so that typing replaces it (both in the head script:
// steppers.js, which repeats the button's click), and a distance has quick
// values under it.

// quickDistances are the distances a tap sets in a distance field: the
// range bands' edges, every 10 cm, where a band starts (AT-43) or ends
// (AT-44). A measured 23 cm is the edge below and three taps up, or typed.
var quickDistances = []int{10, 20, 30, 40, 50, 60}

// distanceChips is the row of quick distances under a distance field. It
// takes value props only and reports a distance with actionSetField.
type distanceChips struct {
	goapp.Compo

	Lang    string
	Key     string  // the distance's share-link key
	Label   string  // the row's name: "Quick distances"
	Current string  // the distance set, "" for none
	Note    string  // the band the distance gives: "23 cm → range band 2"
	Prefill prefill // prerendered: its field's condition and salvo (prefill.go)
}

func (q *distanceChips) set(ctx goapp.Context, e goapp.Event) {
	ctx.PreventUpdate()
	ctx.NewActionWithValue(actionSetField, fieldChange{Key: q.Key, Value: ctx.JSSrc().Get("value").String()})
}

func (q *distanceChips) Render() goapp.UI {
	return q.Prefill.mark(goapp.Div().Class("quick-row")).Body(
		goapp.Div().Class("quick").Role("group").Aria("label", q.Label).Body(
			goapp.Range(quickDistances).Slice(func(i int) goapp.UI {
				cm := strconv.Itoa(quickDistances[i])
				return goapp.Button().Type("button").Class("chip").Value(cm).DataSet("quick", q.Key).
					Aria("pressed", cm == q.Current).Aria("label", cm+" cm").Text(cm).OnClick(q.set)
			}),
		),
		ui.Elem("p").Class("hint").ID("f-"+q.Key+"-note").Text(q.Note), // empty, and not shown, without a distance
	)
}
