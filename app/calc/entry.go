package calc

import (
	"net/url"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// historyEntry keeps the address and the history of calculations in step
// with a page's calculation. Each change rewrites the address in place
// once the taps pause (syncURL), so the address bar is always the link to
// share; and the calculation goes into the history as one entry, which
// its later changes update until it ends: the reader shares it, leaves the
// page, or changes what it is about (record).
type historyEntry struct {
	urlSeq int // counts address rewrites, so that only the last one runs
	// pending is the link and headline an address rewrite waits to write
	// (syncURL), or nil.
	pending *record
	// entry is the link of the history entry this page's changes update;
	// "" once the calculation ended (record).
	entry string
	// recorded is the last calculation this page wrote into the history,
	// so that a simulated headline refined after it was written is
	// written over it (recordRefined).
	recorded *record
}

// urlDelay is how long syncURL waits for the next change.
const urlDelay = 250 * time.Millisecond

// syncURL replaces the address with the calculation's share link, without
// a new history entry per tap. It waits until the taps pause: replaceState
// took about 14 ms of each tap on a throttled phone, before the result
// showed, and browsers ignore it when it is called too often.
func (h *historyEntry) syncURL(ctx goapp.Context, c *calculation) {
	if !goapp.IsClient {
		return
	}
	h.urlSeq++
	r := c.asRecord()
	if p := h.pending; p != nil && kindOf(p.Link) != kindOf(r.Link) {
		// A change of what the calculation is about (the target) within a
		// quarter second of a tap: the tap's write, still waiting, goes to
		// its entry now, or the entry would keep the value before the tap.
		h.record(ctx, *p)
	}
	h.pending = &r
	// The share buttons hand out this link even before the redraw gives
	// them their new props: a link shared at once after a tap is that tap's.
	for _, id := range []string{"calc-share", "calc-share-end"} {
		if el := goapp.Window().GetElementByID(id); el.Truthy() {
			el.Call("setAttribute", "data-link", c.sharedLink())
			el.Call("setAttribute", "data-headline", r.Headline)
		}
	}
	seq := h.urlSeq
	ctx.After(urlDelay, func(ctx goapp.Context) {
		ctx.PreventUpdate()
		// A later change or a navigation since then has the last word.
		if seq == h.urlSeq {
			h.flushURL(ctx, c)
		}
	})
}

// flushURL writes the address and the history entry syncURL is waiting to
// write, at once: before the link is shared or the page left.
func (h *historyEntry) flushURL(ctx goapp.Context, c *calculation) {
	r := h.pending
	if r == nil {
		return
	}
	h.pending = nil
	h.urlSeq++ // the write waiting is this one
	if goapp.Window().Get("location").Get("pathname").String() != c.path() {
		return // navigated away
	}
	goapp.Window().Get("history").Call("replaceState", nil, "", r.Link)
	if r.Headline != "" {
		r.Headline = c.summary() // a simulated result refined since
	}
	h.record(ctx, *r)
}

// record writes the calculation into the history: into the entry this
// page's earlier changes wrote, while the reader keeps changing values,
// so that one calculation built by taps is one entry, however long the
// reader pauses to measure; into a new entry once the reader shared the
// link or left the page (end, navigated), or the calculation changed in
// kind (replaced).
func (h *historyEntry) record(ctx goapp.Context, r record) {
	if r.Headline == "" {
		return
	}
	replaces := h.replaced(r.Link)
	h.entry = r.Link
	h.recorded = &r
	addToHistory(ctx, r, replaces)
}

// replaced is the link of the history entry a calculation of the link
// updates: this page's last one, unless the calculation is of another
// kind (kindOf); "" for a new entry.
func (h *historyEntry) replaced(link string) string {
	if h.entry == "" || kindOf(h.entry) != kindOf(link) {
		return ""
	}
	return h.entry
}

// kindOf is what a link's calculation is about: its calculator, game and
// target. Another is another calculation, not a step of building this
// one: the reader has moved on to the next unit, whose values a pause or
// a tap cannot tell apart from the last one's.
func kindOf(link string) string {
	u, err := url.Parse(link)
	if err != nil {
		return link
	}
	q := u.Query()
	target := q.Get("target")
	if target == "" {
		target = "inf" // where a link names none, the target is infantry
	}
	return u.Path + "?game=" + q.Get("game") + "&target=" + target
}

// recordRefined writes a simulated result's final headline over the
// history entry written while it was refining, which kept "refining…"
// and its first, wider margin: the entry this page wrote last, if it
// works out the values on the page.
func (h *historyEntry) recordRefined(ctx goapp.Context, c *calculation) {
	r := h.recorded
	if r == nil || situation(r.Link) != situation(c.link()) {
		return
	}
	if s := c.summary(); s != "" && s != r.Headline {
		refined := record{Link: r.Link, Headline: s}
		h.recorded = &refined
		addToHistory(ctx, refined, r.Link)
	}
}

// navigated follows the page's navigation to another link: the address is
// the new link already, so the calculation left goes into the history
// only, and the new one is another calculation.
func (h *historyEntry) navigated(ctx goapp.Context) {
	if h.pending != nil {
		h.record(ctx, *h.pending)
		h.pending = nil
	}
	h.urlSeq++ // the new link wins over a rewrite still waiting
	h.entry = ""
}

// end follows the share bar handing the link out, or the page going out
// of sight: the address and the history hold the link, and the next
// change is another calculation.
func (h *historyEntry) end(ctx goapp.Context, c *calculation) {
	h.flushURL(ctx, c)
	h.entry = ""
}

// leave writes the calculation a tap left waiting (syncURL) when the
// reader follows a link out of the calculator before it was written: the
// address is another page's by then, so only the history takes it.
func (h *historyEntry) leave(c *calculation) {
	r := h.pending
	h.pending = nil
	h.urlSeq++ // the write waiting is dropped with the page
	if r == nil || !r.kept() {
		return
	}
	r.Headline = c.summary() // a simulated result refined since
	storeEntry(entry{*r, h.replaced(r.Link)}, c.siteBase)
}
