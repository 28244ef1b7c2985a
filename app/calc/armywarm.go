package calc

import (
	"net/url"
	"slices"
	"time"

	"github.com/at4x/companion/app/army"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The armies page's warm-up. V8 compiles a wasm function the first time it
// runs, on the thread that runs it: the first matrix of a visit spent about
// 60 ms of its fill at 4x CPU slowdown compiling the army reader, the
// engine and the table's writer, in the tasks that hold a reader's tap.
// While the page waits for the reader, in the browser's idle time, it runs
// that work once on two made-up armies of two units, one piece per idle
// turn: nothing is drawn, stored or kept, and a piece whose turn comes
// after the page has started a matrix of its own is skipped (that matrix
// compiles what it runs).

// warmArmies are the made-up armies of game: a unit of infantry and one of
// vehicles each side, with values of every kind a unit carries in both
// games (rerolls, an Area of effect weapon, close combat, morale, vehicles
// of several parts), so that every calculator of the matrix and each of
// the engine's ways through it runs.
func warmArmies(game string) (mine, theirs army.Army) {
	shoot := army.Values{"n": "3", "rate": "2", "rr": "1", "acc": "4", "pen": "5", "dmg": "1"}
	aoe := army.Values{"n": "1", "rate": "1", "acc": "3", "pen": "6", "dmg": "1", "aoe": "3"}
	gun := army.Values{"n": "1", "rate": "1", "acc": "4", "pen": "12", "dmg": "2"}
	units := []army.Unit{
		{Name: "a", Target: army.Values{"target": "inf", "prot": "5", "size": "4", "type": "1", "def": "3"},
			Weapons: []army.Weapon{{Name: "w", Shoot: shoot}, {Name: "x", Shoot: aoe}},
			Melee:   army.Values{"n": "4", "acc": "3", "pen": "3", "dmg": "1"}, Morale: army.Values{"mor": "5"}},
		{Name: "b", Target: army.Values{"target": "veh", "prot": "12", "frame": "4", "prop": "2", "weapons": "2,1", "vehicles": "2"},
			Weapons: []army.Weapon{{Name: "w", Shoot: gun}}},
	}
	mine = army.Army{Game: game, Name: "a", Units: units}
	theirs = army.Army{Game: game, Name: "b", Units: units}
	return mine, theirs
}

// warmMark is the User Timing mark the warm-up leaves once it has run.
const warmMark = "armies-warm"

// warmUp runs the warm-up's pieces, each in an idle turn of its own.
func (c *Armies) warmUp() {
	mine, theirs := warmArmies(c.game())
	var m *army.Matrix
	pieces := []func(){
		func() { // a tap on an army's link reads it, and the page compares and stores it
			k, v := army.LinkValue(theirs, army.KeyTheirs, army.KeyTheirsPacked)
			q, _ := url.ParseQuery(k + "=" + v)
			a, _, _, _ := army.FromLink(q, army.KeyTheirs, army.KeyTheirsPacked, army.Parse)
			a.Clone().Equal(theirs)
			army.Encode(a)
		},
	}
	for _, v := range slices.Backward(army.Views) { // the matrix of each view, the fire's last
		pieces = append(pieces, func() {
			m, _ = army.New(mine, theirs, v, c.sit)
			m.Fill(time.Second)
		})
	}
	pieces = append(pieces, func() { // a table
		mt := matrixTable{matrix: m}
		mt.html(c.words, c.Lang, c.Base)
	})
	var next func(i int)
	next = func(i int) {
		idle(func() {
			if !c.Mounted() || c.table.matrix != nil || c.reading != "" {
				return // the page works on a matrix of its own
			}
			pieces[i]()
			if i+1 < len(pieces) {
				next(i + 1)
				return
			}
			// For those who time the page, and for its browser test.
			goapp.Window().Get("performance").Call("mark", warmMark)
		})
	}
	next(0)
}

// idle runs f in the browser's idle time, within a second; where the
// browser has no requestIdleCallback (Safari), 50 ms on.
func idle(f func()) {
	w := goapp.Window()
	var cb goapp.Func
	cb = goapp.FuncOf(func(goapp.Value, []goapp.Value) any {
		cb.Release()
		f()
		return nil
	})
	if w.Get("requestIdleCallback").Truthy() {
		w.Call("requestIdleCallback", cb, map[string]any{"timeout": 1000})
		return
	}
	w.Call("setTimeout", cb, 50)
}
