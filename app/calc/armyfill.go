package calc

import (
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// fillNext is when the matrix's next slice runs.
type fillNext int

const (
	fillStop  fillNext = iota // never: done, replaced or gone
	fillNow                   // in the browser's next turn
	fillLater                 // in a while: the table is not drawn yet
)

// fillLater's wait, and the time a tap has to itself: go-app draws at 120
// frames a second, so a tap's answer is drawn within this.
const fillWait = 10

// fill is the matrix's loop: its step and the message channel that gives
// it the browser's next turn. A message is taken in the next turn, with
// no wait; a timeout chained after a timeout waits 4 ms, which was most of
// a slice. Taps come first: a pointer pressed on the page holds the loop
// for fillWait ms, so that go-app's next frame, which draws the tap's
// answer, finds the main thread free.
var fill struct {
	step        func() fillNext
	port        goapp.Value
	run         goapp.Func
	heldUntil   float64
	performance goapp.Value
}

// startFill runs step in the browser's next turn, and again as it says,
// in place of any step running.
func startFill(step func() fillNext) {
	if fill.port == nil {
		w := goapp.Window()
		fill.performance = w.Get("performance")
		ch := w.Get("MessageChannel").New()
		fill.port = ch.Get("port2")
		fill.run = goapp.FuncOf(func(goapp.Value, []goapp.Value) any {
			if fill.step == nil {
				return nil
			}
			if wait := fill.heldUntil - fill.performance.Call("now").Float(); wait > 0 {
				w.Call("setTimeout", fill.run, wait)
				return nil
			}
			switch fill.step() {
			case fillNow:
				fill.port.Call("postMessage", nil)
			case fillLater:
				w.Call("setTimeout", fill.run, fillWait)
			default:
				fill.step = nil
			}
			return nil
		})
		ch.Get("port1").Set("onmessage", fill.run)
		hold := goapp.FuncOf(func(goapp.Value, []goapp.Value) any {
			fill.heldUntil = fill.performance.Call("now").Float() + fillWait
			return nil
		})
		w.Call("addEventListener", "pointerdown", hold, map[string]any{"capture": true, "passive": true})
		for _, ev := range []string{"keydown", "click"} {
			w.Call("addEventListener", ev, hold, map[string]any{"capture": true, "passive": true})
		}
	}
	running := fill.step != nil
	fill.step = step
	if !running {
		fill.port.Call("postMessage", nil)
	}
}
