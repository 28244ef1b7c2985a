package calc

import (
	"time"

	"github.com/at4x/companion/app/ui"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// changed follows a change of the values: the share link in the address,
// the JSON of the result and, for a simulated result, its refining.
func (c *Page) changed(ctx goapp.Context) {
	c.syncURL(ctx, &c.calculation)
	c.writeJSON(ctx)
	c.refine(ctx)
}

// refine runs the simulations of the results on show a slice at a time
// (about 6 ms in a browser each), each in its own turn of the event loop:
// the current values' first, whose headline shows the figures and their
// margin after every slice, then the other game's and the what-if's. The
// rest of a result (charts, chances, table, export) waits until its
// figures are within half a point, and the page redraws then. A new
// computation stops it: its own simulations, if any, start from its own
// link.
func (c *Page) refine(ctx goapp.Context) {
	if !goapp.IsClient || c.refining() == nil {
		return
	}
	seq := c.refineSeq
	nextTurn(ctx, func(ctx goapp.Context) {
		s := c.refining()
		if seq != c.refineSeq || s == nil {
			ctx.PreventUpdate()
			return
		}
		s.out = s.out.refine()
		now := s == &c.now
		if now {
			c.showAnswer()
		}
		if s.out.refine != nil {
			ctx.PreventUpdate()
			c.refine(ctx)
			return
		}
		// Refined: the page redraws with the final figures.
		if now {
			c.writeJSON(ctx)
			c.recordRefined(ctx, &c.calculation)
		}
		c.refine(ctx)
	})
}

// nextTurn runs f on the UI goroutine in a later turn of the browser's
// event loop. ctx.After would not do: its timer can fire while Go is still
// busy with the turn that set it, and then the slices run back to back,
// the page neither painting nor taking a tap between them (they did, for a
// second at a time); a JavaScript timer fires only once the browser has
// had its turn.
func nextTurn(ctx goapp.Context, f func(goapp.Context)) {
	var next goapp.Func
	next = goapp.FuncOf(func(goapp.Value, []goapp.Value) any {
		next.Release()
		ctx.Dispatch(f)
		return nil
	})
	goapp.Window().Call("setTimeout", next, 0)
}

// writeJSON writes the engine's result as JSON into #calc-result with the
// redraw, once the taps pause: encoding it is a tenth of what a tap costs,
// for a box that stays folded most of the time.
func (c *Page) writeJSON(ctx goapp.Context) {
	if !goapp.IsClient {
		return
	}
	c.jsonSeq++
	seq := c.jsonSeq
	ctx.After(redrawDelay, func(ctx goapp.Context) {
		ctx.PreventUpdate()
		if seq != c.jsonSeq {
			return // a later change writes it
		}
		if el := goapp.Window().GetElementByID("calc-result"); el.Truthy() {
			if seq == 1 { // the start's write, which the trace times
				ui.Mark("json-start")
				defer ui.Mark("json-end")
			}
			var text []byte
			if !c.now.out.refining() { // refine writes it once refined
				text = c.now.resultJSON()
			}
			el.Set("textContent", string(text))
		}
	})
}

// showAnswer writes the new answer into the summary at once, in the event
// that changed a value: go-app redraws the page on its next frame, up to
// 8 ms later, and the rest of the page can wait for it, not the answer.
// It writes the text node go-app made, so go-app's next update of the
// summary still lands in the page.
func (c *Page) showAnswer() {
	if !goapp.IsClient || !c.Mounted() {
		return
	}
	el := goapp.Window().GetElementByID("calc-sentence")
	if !el.Truthy() {
		return
	}
	if text := el.Get("firstChild"); text.Truthy() && text.Get("nodeType").Int() == 3 {
		text.Set("nodeValue", c.shownSentence())
	}
}

// onSet takes a field's new value.
func (c *Page) onSet(ctx goapp.Context, a goapp.Action) {
	ch, ok := a.Value.(fieldChange)
	if !ok || c.spec == nil {
		return
	}
	value, ok := c.set(ch)
	if !ok {
		return
	}
	c.showAnswer()
	c.changed(ctx)
	// The answer is in the summary already (showAnswer wrote it); the
	// field shows its new value at once too, and the rest of the page
	// follows once the taps pause.
	if ch.Step != 0 {
		showValue(ch.Key, value)
	}
	c.redrawSoon(ctx)
}

// redrawDelay is how long a change waits for the next before the page is
// redrawn: a run of quick taps redraws it once, while each tap's answer
// shows at once.
const redrawDelay = 50 * time.Millisecond

// redrawSoon redraws the calculator once no change has come for
// redrawDelay, instead of in the frame after each change.
func (c *Page) redrawSoon(ctx goapp.Context) {
	if !goapp.IsClient {
		return
	}
	ctx.PreventUpdate()
	c.redrawSeq++
	seq := c.redrawSeq
	ctx.After(redrawDelay, func(ctx goapp.Context) {
		if seq != c.redrawSeq {
			ctx.PreventUpdate() // a later change redraws
		}
	})
}

// showValue writes a stepped value into its input before the redraw.
func showValue(key, value string) {
	if !goapp.IsClient {
		return
	}
	if el := goapp.Window().GetElementByID("f-" + key); el.Truthy() {
		el.Set("value", value)
	}
}

func (c *Page) onPickBar(ctx goapp.Context, a goapp.Action) {
	p, ok := a.Value.(barPick)
	if !ok {
		return
	}
	if c.pickBar(p) {
		c.showAnswer()
	}
	c.changed(ctx)
}

func (c *Page) onWhatIf(ctx goapp.Context, a goapp.Action) {
	ch, ok := a.Value.(fieldChange)
	if !ok {
		return
	}
	c.tryWhatIf(ch.Key, ch.Value == "1")
	c.showAnswer()
	c.changed(ctx)
}

func (c *Page) onCompare(ctx goapp.Context, e goapp.Event) {
	c.setCompare(ctx.JSSrc().Get("checked").Bool())
	c.showAnswer()
	c.changed(ctx)
}

// onProfile loads a profile's values that this calculator has.
func (c *Page) onProfile(ctx goapp.Context, a goapp.Action) {
	values, ok := a.Value.(map[string]string)
	if !ok {
		return
	}
	c.load(values)
	c.showAnswer()
	c.changed(ctx)
}

// onCopy copies the result as JSON or CSV.
func (c *Page) onCopy(ctx goapp.Context, a goapp.Action) {
	clip := goapp.Window().Get("navigator").Get("clipboard")
	if !clip.Truthy() || c.now.out.refining() {
		return
	}
	text := string(c.now.resultJSON())
	if a.Value == "csv" {
		text = csvOf(c.now.out)
	}
	clip.Call("writeText", text).Then(func(goapp.Value) {
		ctx.Dispatch(func(ctx goapp.Context) { c.copied = true })
	})
}

// OnDismount writes the calculation a tap left waiting (see leave).
func (c *Page) OnDismount() { c.leave(&c.calculation) }

// endCalculation follows the share bar handing the link out, or the page
// going out of sight (see end).
func (c *Page) endCalculation(ctx goapp.Context, a goapp.Action) { c.end(ctx, &c.calculation) }

func (c *Page) onAddSalvo(ctx goapp.Context, e goapp.Event) {
	if c.addSalvo() {
		c.showAnswer()
		c.changed(ctx)
	}
}

func (c *Page) onRemoveSalvo(ctx goapp.Context, e goapp.Event) {
	if c.removeSalvo() {
		c.showAnswer()
		c.changed(ctx)
	}
}
