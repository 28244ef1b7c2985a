package calc

import (
	"slices"
	"strconv"

	"github.com/at4x/companion/app/ui"
	"github.com/at4x/companion/i18n"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// moreAhead is how far below the screen the results start being drawn: half
// a screen, so that a reader scrolling down finds them drawn.
const moreAhead = "0px 0px 50% 0px"

// moreSpace holds the place of the results under the fields until they are
// drawn. They are a few hundred elements below the fold of a phone:
// building them in the first mount made a shared link's page answer its
// first tap a quarter of a second later on a mid-range phone, for parts the
// reader may never scroll to, so they are drawn once this place comes
// within moreAhead of the screen. Meanwhile it keeps about the room they
// take, so that nothing jumps when they come, and says they follow, so it
// is never a blank.
//
// It is a component of its own so that it watches the element it has:
// when go-app replaces that element (a note appears above the results,
// another calculator opens in the same page), the new one is mounted, and
// watched, instead of the page watching a detached element forever.
type moreSpace struct {
	goapp.Compo

	Lang   string
	Narrow string // a CSS length: about the height of the results on a phone
	Wide   string // and where the page is at its widest

	onNear goapp.Func
	near   goapp.Value
}

// OnMount keeps the room and starts watching for the screen.
func (m *moreSpace) OnMount(ctx goapp.Context) {
	m.keepRoom()
	m.onNear = goapp.FuncOf(func(this goapp.Value, args []goapp.Value) any {
		entries := args[0]
		for i := range entries.Length() {
			if entries.Index(i).Get("isIntersecting").Bool() {
				ctx.NewAction(actionShowMore)
				break
			}
		}
		return nil
	})
	m.near = goapp.Window().Get("IntersectionObserver").New(m.onNear, map[string]any{"rootMargin": moreAhead})
	m.near.Call("observe", m.JSValue())
}

// OnUpdate keeps the room the new result needs.
func (m *moreSpace) OnUpdate(ctx goapp.Context) { m.keepRoom() }

// keepRoom gives the style sheet the two heights (.more-space picks one by
// the screen's width) through the style object: the
// Content-Security-Policy refuses style attributes, not the CSS object
// model.
func (m *moreSpace) keepRoom() {
	el := m.JSValue()
	if !el.Truthy() || m.Narrow == "" {
		return
	}
	el.Get("style").Call("setProperty", "--room-narrow", m.Narrow)
	el.Get("style").Call("setProperty", "--room-wide", m.Wide)
}

// OnDismount stops watching.
func (m *moreSpace) OnDismount() {
	if m.near != nil {
		m.near.Call("disconnect")
		m.near = nil
	}
	if m.onNear != nil {
		m.onNear.Release()
		m.onNear = nil
	}
}

func (m *moreSpace) Render() goapp.UI {
	return ui.Elem("p").Class("more-space muted").Text(i18n.T(m.Lang, i18n.MoreComing))
}

// The room the results take, in rem, measured at 360 px and 1280 px wide
// (a chart's drawing is as wide as its column and chartHigh of its width
// high).
const (
	roomBox       = 7.0  // the details box's padding, the margins between the parts
	roomLine      = 1.55 // a line of text
	roomNotes     = 3.6  // a heading in the details: the explanation's, the notes'
	roomToggle    = 2.75 // a what-if or the comparison's checkbox
	roomLegend    = 2.6  // the what-if box's legend and frame
	roomChart     = 3.6  // a chart's title, picked line and margins
	roomOtherHead = 5.4  // the other game's title and headline
	roomTableHead = 2.4  // the table's head and margins
	roomRow       = 2.3  // a row of the table
	roomRowFr     = 3.6  // in French in a narrow column, where "12,3 %" wraps
	roomShare     = 4.25 // the share bar under the charts
	chartHigh     = (chartBars + chartLabels + 2) / chartWidth
)

// column is a width of the page the results are laid out in.
type column struct {
	chars   int     // characters in a line of the details
	toggles int     // what-ifs in a row
	hint    float64 // lines of the threshold hint
	picked  float64 // lines of the headline chart's figures
	width   string  // the charts' width, as a CSS length
	sideBy  bool    // the two games side by side
}

// The page on a phone, and at its widest (.main in style.css: 46rem less
// its margins; the sides of a comparison side by side from 40rem).
var (
	narrow = column{chars: 34, toggles: 1, hint: 2, picked: 2.7, width: "min(100vw - 2rem, 44rem)"}
	wide   = column{chars: 80, toggles: 3, hint: 1, picked: 1.7, width: "44rem", sideBy: true}
)

// moreRoom is about the height the results take in a column, as a CSS
// length: the details' lines (d, as they will show), the what-ifs, and the
// charts and table of each game shown.
func (c *Page) moreRoom(col column, d *detailsBox) string {
	if c.spec == nil || c.now.err != nil || d == nil {
		return ""
	}
	lines := func(text string) float64 { return float64(1 + len([]rune(text))/col.chars) }
	o := c.now.out
	rem := roomBox + roomShare
	if len(d.Explain)+len(d.Stats) > 0 {
		rem += roomNotes // the explanation's heading
	}
	for _, t := range append(slices.Clone(d.Explain), d.Stats...) {
		rem += roomLine * lines(t)
	}
	if len(d.Notes) > 0 {
		rem += roomNotes
	}
	for _, n := range d.Notes {
		rem += roomLine * lines(n)
	}
	if k := len(c.spec.whatIfs); k > 0 {
		rem += roomLegend + roomToggle*float64((k+col.toggles-1)/col.toggles)
		if c.what != nil {
			rem += roomLine * 2
		}
	}
	if c.canCompare() {
		rem += roomToggle
	}
	charts := 0
	for _, ch := range o.charts {
		if ch.visible() > 0 {
			charts++
		}
	}
	side := roomChart * float64(charts)
	if o.main != nil {
		row := roomRow
		if c.Lang == "fr" && (!col.sideBy || c.other != nil) {
			row = roomRowFr
		}
		side += roomLine*(col.hint+col.picked) + roomTableHead + row*float64(len(tableRows(c.Lang, o.main.P)))
	}
	plots := float64(charts) * chartHigh
	switch {
	case c.other == nil:
		rem += side
	case col.sideBy: // two columns: the taller, at half the width
		rem += side + roomOtherHead
		plots /= 2
	default:
		rem += 2*side + roomOtherHead
		plots *= 2
	}
	return "calc(" + strconv.FormatFloat(rem, 'f', 1, 64) + "rem + " +
		strconv.FormatFloat(plots, 'f', 3, 64) + " * " + col.width + ")"
}
