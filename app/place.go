package app

import (
	"strings"

	"github.com/at4x/companion/docs/content"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// placeMarks selects the elements a reading place is told by: anything with
// an id in the rules text (sub-headings, sub-parts and readings, which carry
// the same id in English and French), the glossary entries (term ids) and
// the chapters of a table of contents.
const placeMarks = ".prose [id], .glossary .entry[id], .contents .chapter h2[id]"

// place is where the reader is in a page, so that the same page in the
// other language (or game) can open at the same spot.
type place struct {
	// ID is the marked element at the top of the view ("" for none), and
	// Within how far the view's top is into the stretch from that element to
	// the next marked one, from 0 to 1.
	ID     string
	Within float64
	// Frac is the scroll position as a fraction of the page's scroll range,
	// for a page where ID is missing.
	Frac float64
	// Frag tells that ID is the address's fragment, still in view: the new
	// page shows it the way the browser shows any fragment.
	Frag bool
	// Snap moves the view from Frac up to the start of the marked element
	// found there, for another game's page: its text is not a translation,
	// so the reader lands at the start of a sub-part rather than
	// mid-paragraph.
	Snap bool
}

// topOffset is where the view's top is, in CSS pixels from the window's
// top: the bottom of the sticky header.
func topOffset() float64 {
	if h := goapp.Window().Get("document").Call("querySelector", "header.top"); h.Truthy() {
		return h.Call("getBoundingClientRect").Get("bottom").Float()
	}
	return 0
}

// scrollRange is how far the page scrolls.
func scrollRange() float64 {
	doc := goapp.Window().Get("document").Get("documentElement")
	return doc.Get("scrollHeight").Float() - goapp.Window().Get("innerHeight").Float()
}

// markTops returns the page's marked elements and their tops in page
// coordinates, in document order.
func markTops() ([]goapp.Value, []float64) {
	list := goapp.Window().Get("document").Call("querySelectorAll", placeMarks)
	n := list.Length()
	els := make([]goapp.Value, 0, n)
	tops := make([]float64, 0, n)
	y := goapp.Window().Get("scrollY").Float()
	for i := 0; i < n; i++ {
		el := list.Index(i)
		els = append(els, el)
		tops = append(tops, el.Call("getBoundingClientRect").Get("top").Float()+y)
	}
	return els, tops
}

// readPlace measures the reader's place in the current page.
func readPlace(fragment string) place {
	if !goapp.IsClient {
		return place{}
	}
	y := goapp.Window().Get("scrollY").Float()
	var p place
	if r := scrollRange(); r > 0 {
		p.Frac = min(max(y/r, 0), 1)
	}
	if y <= 0 {
		return p
	}
	line := y + topOffset()
	els, tops := markTops()
	// The address's fragment wins while any of it is still on screen.
	bottom := y + goapp.Window().Get("innerHeight").Float()
	for i, el := range els {
		if fragment != "" && el.Get("id").String() == fragment && tops[i]+el.Get("offsetHeight").Float() > line && tops[i] < bottom {
			p.ID, p.Frag = fragment, true
			return p
		}
	}
	if i := markAt(tops, line); i >= 0 {
		p.ID = els[i].Get("id").String()
		if end := markEnd(tops, i); end > tops[i] {
			p.Within = min(max((line-tops[i])/(end-tops[i]), 0), 0.999)
		}
	}
	return p
}

// markAt is the index of the last mark whose top (tops, in page order) is
// at or above line, the page's line under the header; -1 for none.
func markAt(tops []float64, line float64) int {
	for i := len(tops) - 1; i >= 0; i-- {
		if tops[i] <= line+2 {
			return i
		}
	}
	return -1
}

// markEnd is where mark i's part of the page ends: the next mark's top, or
// the page's end after the last.
func markEnd(tops []float64, i int) float64 {
	if i+1 < len(tops) {
		return tops[i+1]
	}
	return scrollRange() + goapp.Window().Get("innerHeight").Float()
}

// restorePlace scrolls the page to a place read by readPlace, at once.
func restorePlace(p place) {
	if !goapp.IsClient {
		return
	}
	win := goapp.Window()
	to := func(y float64) {
		win.Call("scrollTo", map[string]any{"top": max(y, 0), "behavior": "instant"})
	}
	if p.ID != "" {
		els, tops := markTops()
		for i, el := range els {
			if el.Get("id").String() != p.ID {
				continue
			}
			if p.Frag {
				el.Call("scrollIntoView", map[string]any{"block": "start", "behavior": "instant"})
				return
			}
			to(tops[i] + p.Within*(markEnd(tops, i)-tops[i]) - topOffset())
			return
		}
	}
	y := p.Frac * scrollRange()
	if p.Snap && y > 0 {
		_, tops := markTops()
		if i := markAt(tops, y+topOffset()); i >= 0 {
			y = tops[i] - topOffset()
		}
	}
	to(y)
}

// hasMark tells whether the page of route r in lib has a marked element with this
// id, so a switch can carry it as the address's fragment.
func hasMark(lib *content.Library, r route, id string) bool {
	if id == "" {
		return false
	}
	attr := ` id="` + id + `"`
	switch r.view {
	case viewSection:
		if t := lib.Text(r.game, r.lang); t != nil {
			if sec, _ := t.Section(r.section); sec != nil {
				return strings.Contains(sec.HTML, attr)
			}
		}
	case viewPage:
		if p := lib.Page(r.section, r.lang); p != nil {
			return strings.Contains(p.HTML, attr)
		}
	case viewGlossary:
		for _, t := range lib.TermsOf(r.game) {
			if t.ID == id {
				return true
			}
		}
	case viewCard:
		if p := cardPage(lib, r.game, r.lang); p != nil {
			return strings.Contains(p.HTML, attr)
		}
	case viewContents:
		if t := lib.Text(r.game, r.lang); t != nil {
			for _, c := range t.Chapters {
				if c.ID == id {
					return true
				}
			}
		}
	}
	return false
}
