package calc

import (
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

	Lang string
	Room string // a CSS length: about the height of the results

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

// keepRoom sets the element's least height through the style object: the
// Content-Security-Policy refuses style attributes, not the CSS object
// model.
func (m *moreSpace) keepRoom() {
	if el := m.JSValue(); el.Truthy() && m.Room != "" {
		el.Get("style").Call("setProperty", "min-height", m.Room)
	}
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

// The room the results take on a phone, for moreRoom: rem of text and
// furniture per part, and a chart's drawing, as wide as the page and
// chartHigh of its width high.
const (
	roomBase     = 4.0  // the details box's frame and the export below
	roomLine     = 1.6  // a line of text
	roomChars    = 38.0 // characters per line of the explanation on a phone
	roomWhatIf   = 7.0  // the what-if box: legend, toggles, the result
	roomCompare  = 3.5  // the comparison's checkbox
	roomChart    = 5.5  // a chart's title, picked line and margins
	roomTableRow = 2.1  // a row of the table
	roomTable    = 4.5  // the table's head and margins
	chartHigh    = (chartBars + chartLabels + 2) / chartWidth
)

// moreRoom is about the height the results take, as a CSS length: the
// details' lines, the what-ifs, the charts and the table of each side
// shown. It errs short rather than long on a wide screen, where the
// explanation takes fewer lines.
func (c *Page) moreRoom() string {
	if c.spec == nil || c.now.err != nil {
		return ""
	}
	o := c.now.out
	rem := roomBase + roomLine*float64(len(o.stats)+2*len(o.notes))
	// The explanation, once it is phrased, is one paragraph.
	rem += roomLine * float64(1+len(c.explainText())/int(roomChars))
	if len(c.spec.whatIfs) > 0 {
		rem += roomWhatIf
	}
	sides := 1.0
	if c.canCompare() {
		rem += roomCompare
		if c.compare {
			sides = 2
		}
	}
	charts := 0
	for _, ch := range o.charts {
		if ch.visible() > 0 {
			charts++
		}
	}
	rem += sides * roomChart * float64(charts)
	if o.main != nil {
		rem += roomLine + sides*(roomTable+roomTableRow*float64(len(tableRows(c.Lang, o.main.P))))
	}
	// The page's text column: the screen less its margins, at most the
	// page's width (.main in style.css).
	width := "min(100vw - 2rem, 44rem)"
	return "calc(" + strconv.FormatFloat(rem, 'f', 1, 64) + "rem + " +
		strconv.FormatFloat(sides*float64(charts)*chartHigh, 'f', 3, 64) + " * " + width + ")"
}

// explainText is the explanation the details show.
func (c *Page) explainText() string {
	return explain(c.words, c.spec, c.now.out.explain)
}
