package calc

import (
	"strconv"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// A stepper is few taps from any value: a held step button repeats, the
// number between the buttons (and a list such as weapons' SP) selects
// itself when focused so that typing replaces it, and a distance has quick
// values under it (quickDistances).
//
// A held button steps after holdDelay, then again and again, faster each
// time down to holdFastest, until the finger lifts (pointerup), leaves the
// button (pointerleave), the browser takes the gesture for a scroll
// (pointercancel), or the value reaches its end. A tap is still one step:
// the click steps, and the click that ends a hold which already stepped is
// not one more. The keyboard's Enter and Space click, as before.

const (
	holdDelay   = 400 * time.Millisecond // from the press to the first repeat
	holdFirst   = 150 * time.Millisecond // between the first repeats
	holdFastest = 40 * time.Millisecond  // between repeats once they have sped up
)

// hold is the state of a step button held down.
type hold struct {
	// seq counts presses and releases: a repeat waiting for an older
	// press does nothing.
	seq int
	// repeated says the press has stepped on its own, so its click is not
	// one more step.
	repeated bool
}

// holdable makes a step button repeat while held; press is the handler of
// its pointerdown.
func (f *fieldView) holdable(b goapp.HTMLButton, press goapp.EventHandler) goapp.HTMLButton {
	return b.On("pointerdown", press).On("pointerup", f.release).On("pointerleave", f.release).
		On("pointercancel", f.cancel).OnContextMenu(f.noMenu)
}

func (f *fieldView) pressDown(ctx goapp.Context, e goapp.Event) { f.press(ctx, e, -1) }
func (f *fieldView) pressUp(ctx goapp.Context, e goapp.Event)   { f.press(ctx, e, 1) }

// press starts a hold: the first repeat comes after holdDelay.
func (f *fieldView) press(ctx goapp.Context, e goapp.Event, d int) {
	ctx.PreventUpdate()
	if e.Get("button").Int() != 0 {
		return // a mouse's other buttons
	}
	f.hold.seq++
	f.hold.repeated = false
	f.repeatAfter(ctx, f.hold.seq, d, holdDelay, holdFirst)
}

// repeatAfter steps once wait has passed, if the press is still held, and
// then again after next, a little shorter each time.
func (f *fieldView) repeatAfter(ctx goapp.Context, seq, d int, wait, next time.Duration) {
	ctx.After(wait, func(ctx goapp.Context) {
		ctx.PreventUpdate()
		if seq != f.hold.seq || !f.Mounted() || f.atEnd(d) {
			return
		}
		f.hold.repeated = true
		f.step(ctx, d)
		f.repeatAfter(ctx, seq, d, next, max(next*4/5, holdFastest))
	})
}

// atEnd tells whether the value shown has reached the end a step in
// direction d goes to: the calculator writes each new value into the input
// at once, before the field's props follow.
func (f *fieldView) atEnd(d int) bool {
	el := goapp.Window().GetElementByID(f.id())
	if !el.Truthy() {
		return true
	}
	n, err := strconv.Atoi(el.Get("value").String())
	if err != nil {
		return false // an empty distance starts at its band
	}
	return d < 0 && n <= f.Min || d > 0 && n >= f.Max
}

// release ends a hold. A click follows a release on the button.
func (f *fieldView) release(ctx goapp.Context, e goapp.Event) {
	ctx.PreventUpdate()
	f.hold.seq++
}

// cancel ends a hold the browser took for a scroll: no click follows.
func (f *fieldView) cancel(ctx goapp.Context, e goapp.Event) {
	ctx.PreventUpdate()
	f.hold.seq++
	f.hold.repeated = false
}

// noMenu keeps a long press on a step button from opening the browser's
// menu.
func (f *fieldView) noMenu(ctx goapp.Context, e goapp.Event) {
	ctx.PreventUpdate()
	e.PreventDefault()
}

// clicked steps once, unless the click ends a hold that has stepped. A
// keyboard's click (detail 0) always steps.
func (f *fieldView) clicked(ctx goapp.Context, e goapp.Event, d int) {
	if f.hold.repeated && e.Get("detail").Int() > 0 {
		f.hold.repeated = false
		ctx.PreventUpdate()
		return
	}
	f.hold.repeated = false
	f.step(ctx, d)
}

// focused selects the number, so that what the reader types replaces it.
func (f *fieldView) focused(ctx goapp.Context, e goapp.Event) {
	ctx.PreventUpdate()
	ctx.JSSrc().Call("select")
	f.selecting = true
}

// keepSelection keeps the selection focused made: the mouseup of the click
// that focused the input would put the caret in its place.
func (f *fieldView) keepSelection(ctx goapp.Context, e goapp.Event) {
	ctx.PreventUpdate()
	if f.selecting {
		e.PreventDefault()
		f.selecting = false
	}
}

// quickDistances are the distances a tap sets in a distance field: the
// range bands' edges, every 10 cm, where a band starts (AT-43) or ends
// (AT-44). A measured 23 cm is the edge below and three taps up, or typed.
var quickDistances = []int{10, 20, 30, 40, 50, 60}

// distanceChips is the row of quick distances under a distance field. It
// takes value props only and reports a distance with actionSetField.
type distanceChips struct {
	goapp.Compo

	Lang    string
	Key     string // the distance's share-link key
	Label   string // the row's name: "Quick distances"
	Current string // the distance set, "" for none
}

func (q *distanceChips) set(ctx goapp.Context, e goapp.Event) {
	ctx.PreventUpdate()
	ctx.NewActionWithValue(actionSetField, fieldChange{Key: q.Key, Value: ctx.JSSrc().Get("value").String()})
}

func (q *distanceChips) Render() goapp.UI {
	return goapp.Div().Class("quick").Role("group").Aria("label", q.Label).Body(
		goapp.Range(quickDistances).Slice(func(i int) goapp.UI {
			cm := strconv.Itoa(quickDistances[i])
			return goapp.Button().Type("button").Class("chip").Value(cm).DataSet("quick", q.Key).
				Aria("pressed", cm == q.Current).Aria("label", cm+" cm").Text(cm).OnClick(q.set)
		}),
	)
}
