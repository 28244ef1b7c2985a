package calc

import (
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/at4x/companion/app/ui"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// changed follows a change of the values: the share link in the address,
// the JSON of the result and, for a simulated result, its refining.
func (c *Page) changed(ctx goapp.Context) {
	c.syncURL(ctx)
	c.writeJSON(ctx)
	c.refine(ctx)
}

// refine runs the current result's simulation a slice at a time (about
// 6 ms in a browser each), each in its own turn of the event loop: the
// headline shows the figures and their margin after every slice, the rest
// of the page once the margin is reached. A new computation stops it: its
// own simulation, if any, starts from its own link.
func (c *Page) refine(ctx goapp.Context) {
	if !goapp.IsClient || c.now.out.refine == nil {
		return
	}
	seq := c.refineSeq
	nextTurn(ctx, func(ctx goapp.Context) {
		if seq != c.refineSeq || c.now.out.refine == nil {
			ctx.PreventUpdate()
			return
		}
		c.now.out = c.now.out.refine()
		c.showAnswer()
		if c.now.out.refine != nil {
			ctx.PreventUpdate()
			c.refine(ctx)
			return
		}
		c.writeJSON(ctx) // refined: the page redraws with the final figures
		c.recordRefined(ctx)
	})
}

// recordRefined writes a simulated result's final headline over the
// history entry written while it was refining, which kept "refining…"
// and its first, wider margin: the entry this page wrote last, if it
// works out the values on the page.
func (c *Page) recordRefined(ctx goapp.Context) {
	r := c.recorded
	if r == nil || situation(r.Link) != situation(c.link()) {
		return
	}
	if h := c.summary(); h != "" && h != r.Headline {
		refined := record{Link: r.Link, Headline: h}
		c.recorded = &refined
		addToHistory(ctx, refined, r.Link)
	}
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
			el.Set("textContent", string(c.now.resultJSON()))
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
		text.Set("nodeValue", c.summary())
	}
}

// onSet takes a field's new value. A band and a distance exclude each
// other: setting one drops the other.
func (c *Page) onSet(ctx goapp.Context, a goapp.Action) {
	ch, ok := a.Value.(fieldChange)
	if !ok || c.spec == nil {
		return
	}
	v := c.base()
	prefix, key := splitPrefix(ch.Key)
	if ch.Step != 0 {
		f, ok := c.spec.field(ch.Key, v)
		if !ok {
			return
		}
		cur := f.valueIn(v)
		if !v.Has(f.key) {
			cur = f.valueIn(c.formValues()) // the value the field shows
		}
		if g := gameRules(c.now.game); key == "range" && cur == "" && g != nil && g.RangeBand != nil {
			// The band shown is the one the distance gives.
			if cm, err := strconv.Atoi(v.Get(prefix + "cm")); err == nil {
				cur = strconv.Itoa(g.RangeBand(cm))
			}
		}
		ch.Value = stepped(f, cur, ch.Step, c.bandStart(v.Get(prefix+"range")))
	}
	switch key {
	case "range":
		v.Del(prefix + "cm")
	case "cm":
		v.Del(prefix + "range")
	}
	v.Set(ch.Key, ch.Value)
	c.values = v
	c.compute()
	c.changed(ctx)
	// The answer is in the summary already (compute wrote it); the field
	// shows its new value at once too, and the rest of the page follows
	// once the taps pause.
	if ch.Step != 0 {
		c.showValue(ch.Key, ch.Value)
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
func (c *Page) showValue(key, value string) {
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
	c.picked[p.Chart] = p.Index
	if p.Chart == c.mainChart("now") || p.Chart == c.mainChart("other") {
		c.atLeast = max(p.Index, 1)
		c.bad.Del(keyAtLeast)
		c.showAnswer()
	} else {
		c.bad.Del(keyBar)
	}
	c.changed(ctx)
}

func (c *Page) onWhatIf(ctx goapp.Context, a goapp.Action) {
	ch, ok := a.Value.(fieldChange)
	if !ok {
		return
	}
	c.whatIfs[ch.Key] = ch.Value == "1"
	c.bad.Del(keyWhatIf)
	c.compute()
	c.changed(ctx)
}

func (c *Page) onCompare(ctx goapp.Context, e goapp.Event) {
	c.compare = ctx.JSSrc().Get("checked").Bool()
	c.bad.Del(keyCompare)
	c.compute()
	c.changed(ctx)
}

// onProfile loads a profile's values that this calculator has.
func (c *Page) onProfile(ctx goapp.Context, a goapp.Action) {
	values, ok := a.Value.(map[string]string)
	if !ok {
		return
	}
	v := c.base()
	for k, val := range values {
		if k == "game" && !slices.Contains(c.spec.games, val) {
			continue
		}
		if k == "game" || c.spec.hasField(k) {
			v.Set(k, val)
		}
	}
	c.values = v
	c.compute()
	c.changed(ctx)
}

// onCopy copies the result as JSON or CSV.
func (c *Page) onCopy(ctx goapp.Context, a goapp.Action) {
	clip := goapp.Window().Get("navigator").Get("clipboard")
	if !clip.Truthy() {
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

// syncURL replaces the address with the current share link, without a new
// history entry per tap. It waits until the taps pause: replaceState took
// about 14 ms of each tap on a throttled phone, before the result showed,
// and browsers ignore it when it is called too often.
func (c *Page) syncURL(ctx goapp.Context) {
	if !goapp.IsClient {
		return
	}
	c.urlSeq++
	c.pending = &record{Link: c.link()}
	if c.now.err == nil { // a failed calculation stays out of the history
		c.pending.Headline = c.summary()
	}
	// The share button hands out this link even before the redraw gives
	// it its new props: a link shared at once after a tap is that tap's.
	if el := goapp.Window().GetElementByID("calc-share"); el.Truthy() {
		el.Call("setAttribute", "data-link", c.pending.Link)
		el.Call("setAttribute", "data-headline", c.pending.Headline)
	}
	seq := c.urlSeq
	ctx.After(urlDelay, func(ctx goapp.Context) {
		ctx.PreventUpdate()
		// A later change or a navigation since then has the last word.
		if seq == c.urlSeq {
			c.flushURL(ctx)
		}
	})
}

// flushURL writes the address and the history entry syncURL is waiting to
// write, at once: before the link is shared or the page left.
func (c *Page) flushURL(ctx goapp.Context) {
	r := c.pending
	if r == nil {
		return
	}
	c.pending = nil
	c.urlSeq++ // the write waiting is this one
	if goapp.Window().Get("location").Get("pathname").String() != c.Base+"/calc/"+c.Name {
		return // navigated away
	}
	goapp.Window().Get("history").Call("replaceState", nil, "", r.Link)
	if r.Headline != "" {
		r.Headline = c.summary() // a simulated result refined since
	}
	c.record(ctx, *r)
}

// historyPause is how long the values rest before the next change starts a
// new entry in the history instead of updating this calculation's.
const historyPause = 10 * time.Second

// record writes the calculation into the history: into the entry this
// page's earlier changes wrote, while the reader keeps changing values,
// so that one calculation built by taps is one entry; into a new entry
// after a pause of historyPause, or once the reader shared the link or
// left the page (endCalculation, OnUpdate).
func (c *Page) record(ctx goapp.Context, r record) {
	if r.Headline == "" {
		return
	}
	now := time.Now()
	replaces := c.replaced(now)
	c.entry, c.entryAt = r.Link, now
	c.recorded = &r
	addToHistory(ctx, r, replaces)
}

// replaced is the link of the history entry a calculation written at now
// updates: this page's last one, unless the values rested for
// historyPause since; "" for a new entry.
func (c *Page) replaced(now time.Time) string {
	if now.Sub(c.entryAt) > historyPause {
		return ""
	}
	return c.entry
}

// OnDismount writes the calculation a tap left waiting (syncURL) when the
// reader follows a link out of the calculator before it was written: the
// address is another page's by then, so only the history takes it.
func (c *Page) OnDismount() {
	r := c.pending
	c.pending = nil
	c.urlSeq++ // the write waiting is dropped with the page
	if r == nil || !r.kept() {
		return
	}
	r.Headline = c.summary() // a simulated result refined since
	storeEntry(entry{*r, c.replaced(time.Now())}, c.Base)
}

// endCalculation follows the share bar handing the link out, or the page
// going out of sight: the address and the history hold the link, and the
// next change is another calculation.
func (c *Page) endCalculation(ctx goapp.Context, a goapp.Action) {
	c.flushURL(ctx)
	c.entry = ""
}

// link is the share link of the current values and view, from the site's
// root.
func (c *Page) link() string {
	q := clone(c.values)
	c.writeView(q)
	return shareLink(c.Base, c.Name, c.Lang, q)
}

// urlDelay is how long syncURL waits for the next change.
const urlDelay = 250 * time.Millisecond

func salvoKey(i int, rest string) string { return "s" + strconv.Itoa(i) + "." + rest }

func (c *Page) addSalvo(ctx goapp.Context, e goapp.Event) {
	n := c.salvoCount()
	if n >= MaxSalvoGroups {
		return
	}
	v := c.base()
	last := salvoKey(max(n, 1), "")
	for k, vs := range c.base() {
		if rest, ok := strings.CutPrefix(k, last); ok {
			v[salvoKey(n+1, rest)] = slices.Clone(vs)
		}
	}
	c.values = v
	c.compute()
	c.changed(ctx)
}

// removeSalvo drops the last salvo, never the only one.
func (c *Page) removeSalvo(ctx goapp.Context, e goapp.Event) {
	n := c.salvoCount()
	if n <= 1 {
		return
	}
	v := c.base()
	last := salvoKey(n, "")
	for k := range v {
		if strings.HasPrefix(k, last) {
			v.Del(k)
		}
	}
	c.values = v
	c.compute()
	c.changed(ctx)
}

// salvoCount is how many salvos the values hold.
func (c *Page) salvoCount() int {
	v := c.now.shown
	if v == nil {
		v = c.values
	}
	n := 0
	for n < MaxSalvoGroups && v.Has(salvoKey(n+1, "n")) {
		n++
	}
	return n
}
