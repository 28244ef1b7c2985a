package calc

import (
	"net/url"
	"strconv"
	"strings"

	"github.com/at4x/companion/app/ui"
	"github.com/at4x/companion/docs/content"
	"github.com/at4x/companion/i18n"
	"github.com/at4x/companion/rules"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Actions the calculator's parts send to it.
const (
	actionSetField    = "at4x/set-field"    // value: fieldChange
	actionPickBar     = "at4x/pick-bar"     // value: barPick
	actionWhatIf      = "at4x/what-if"      // value: fieldChange, "1" or "0"
	actionProfile     = "at4x/load-profile" // value: map[string]string of values to load
	actionCopy        = "at4x/copy-result"  // value: "json" or "csv"
	actionSaveProfile = "at4x/save-profile" // value: the profile's name
	actionShared      = "at4x/shared"       // the share bar handed the link out
	actionShowMore    = "at4x/show-more"    // the results' place came near the screen
)

// Page is one calculator page. Its state is the URL query: it reads
// the share link on navigation, and every change rewrites the address in
// place, so the address bar is always the link to share.
//
// Each of its jobs has a type: the calculation holds the values and the
// answers (calculation.go, with viewkeys.go and roll.go), the history
// entry keeps the address and the history in step with them (entry.go),
// and the page takes the reader's changes (change.go) and draws (this
// file). What it draws are child components with value props (the
// summary, one fieldView per input, the details, charts, table, export,
// profiles), so a tap re-renders this short list, the field touched and
// the parts of the result that changed. The children report back with
// actions (actionSetField, actionPickBar, ...) handled in OnMount.
type Page struct {
	goapp.Compo

	Name  string // spec name
	Lang  string
	Game  string // the reader's game, used when the link names none
	Query string // the share link's query, as navigated to
	Base  string // the site's path prefix

	calculation
	historyEntry

	copied bool
	// savedProfiles counts the profiles saved here, so the picker rereads
	// them.
	savedProfiles int
	// more tells whether the results under the fields (explanation,
	// what-ifs, charts, table) are drawn; see moreSpace.
	more bool
	// whole tells that the page is drawn whole: the first mount, which
	// replaces the prerendered page in one long task, draws what that page
	// shows (the summary, the share bar, the fields, the history) and no
	// more; the results under the fields (the room kept for the charts, the
	// export, the profiles: 45 elements of the shooting link's 250) follow
	// in the next turn, below the fields, where the first screen does not
	// reach.
	whole     bool
	jsonSeq   int // counts JSON writes, so that only the last one runs
	redrawSeq int // counts changes waiting for a redraw
}

// WithLibrary sets the library whose glossary gives the game's own words
// (AT-44's PRE where AT-43 says Accuracy) and returns the page. It is set
// when the shell builds the page, not a prop: it never changes, and go-app
// compares only exported fields.
func (c *Page) WithLibrary(lib *content.Library) *Page {
	c.lib = lib
	return c
}

func (c *Page) t(k i18n.Key) string { return i18n.T(c.Lang, k) }

// OnInit reads the link for the prerendered page.
func (c *Page) OnInit() { c.open() }

// open has the calculation read the props.
func (c *Page) open() {
	c.lang, c.siteBase = c.Lang, c.Base
	c.reset(c.Name, c.Query, c.Game)
}

// OnMount listens to the children.
func (c *Page) OnMount(ctx goapp.Context) {
	ctx.Handle(actionSetField, c.onSet)
	ctx.Handle(actionPickBar, c.onPickBar)
	ctx.Handle(actionWhatIf, c.onWhatIf)
	ctx.Handle(actionProfile, c.onProfile)
	ctx.Handle(actionCopy, c.onCopy)
	ctx.Handle(actionSaveProfile, c.onSaveProfile)
	ctx.Handle(actionShared, c.endCalculation)
	ctx.Handle(ui.ActionHidden, c.endCalculation)
	ctx.Handle(actionShowMore, c.showMore)
	ctx.Handle(actionRoll, c.onRoll)
	c.refine(ctx)
	if !goapp.IsClient {
		return
	}
	nextTurn(ctx, func(ctx goapp.Context) {
		c.whole = true
		c.writeJSON(ctx) // into the export, drawn now
		ctx.Defer(func(goapp.Context) { ui.MarkReady() })
	})
}

// showMore draws the results in their place. When the reader looks at
// what follows them (a fast scroll to the history), that stays where it
// is on the screen: the page scrolls by what the results take beyond the
// room kept. The browser's own scroll anchoring is off meanwhile, not to
// scroll twice, and since it would anchor to the place that goes.
func (c *Page) showMore(ctx goapp.Context, a goapp.Action) {
	c.more = true
	box := goapp.Window().GetElementByID("calc-more")
	if !box.Truthy() {
		return
	}
	before := box.Call("getBoundingClientRect")
	top, bottom := before.Get("top").Float(), before.Get("bottom").Float()
	root := goapp.Window().Get("document").Get("documentElement").Get("style")
	root.Set("overflowAnchor", "none")
	ctx.Defer(func(goapp.Context) {
		if top < 0 {
			goapp.Window().Call("scrollBy", 0, box.Call("getBoundingClientRect").Get("bottom").Float()-bottom)
		}
		root.Set("overflowAnchor", "")
	})
}

// OnUpdate rereads the link after a navigation to another calculator or
// another link.
func (c *Page) OnUpdate(ctx goapp.Context) {
	c.navigated(ctx)
	c.open()
	c.showAnswer()
	c.writeJSON(ctx)
	c.refine(ctx)
}

// Render lists the page's parts: the summary stays in view (sticky) above
// the fields, the most used first; the explanation, charts and table follow.
func (c *Page) Render() goapp.UI {
	if c.spec == nil {
		return ui.Elem("article").Class("calc").Body(ui.Elem("p").Text(c.t(i18n.EngineMissing)))
	}
	// The prerendered page is the same for every link of the calculator:
	// it shows no result until the client has read the link, and the head
	// script shows the link's values in its fields (prefill.go).
	pending := !goapp.IsClient
	sentence := c.summary()
	headline := sentence
	if pending {
		headline = "" // the share button's data holds it too
	}
	return ui.Elem("article").Class("calc").Body(
		ui.Elem("h1").Text(c.t(c.spec.titleIn(c.values.Get("game")))),
		goapp.If(c.wrongGame != "", func() goapp.UI {
			return ui.Elem("p").Class("note").Role("note").Textf(c.t(i18n.WrongGameF), c.t(c.spec.titleIn(c.wrongGame)), content.GameName(c.spec.games[0]))
		}),
		goapp.If(c.renumbered > 0 && !pending, func() goapp.UI {
			return ui.Elem("p").Class("note").ID("calc-renumbered").Role("note").Textf(c.t(i18n.SalvosRenumberedF), c.renumbered)
		}),
		c.summaryBox(pending),
		&shareBar{Lang: c.Lang, Link: c.sharedLink(), Headline: headline},
		c.rollView(pending),
		c.form(pending),
		goapp.If(c.spec.name == "salvos", c.salvoButtons),
		goapp.If(!pending && c.whole, c.results),
		&historyList{Lang: c.Lang, Base: c.Base},
	)
}

func (c *Page) noSubmit(ctx goapp.Context, e goapp.Event) { e.PreventDefault() }

// summaryBox is the summary's props: the headline, and the mark about the
// figures the link carried (claim.go).
func (c *Page) summaryBox(pending bool) *summaryBox {
	if pending {
		return &summaryBox{Lang: c.Lang, Sentence: c.summary(), Pending: true}
	}
	mark, st := c.claimMark()
	return &summaryBox{Lang: c.Lang, Sentence: c.shownSentence(), Mark: mark, Claim: st}
}

// form is one fieldView per field that applies to the values.
func (c *Page) form(pending bool) goapp.UI {
	shown := c.formValues()
	var items []goapp.UI
	cls := "fields"
	if pending {
		cls += " pending"
	}
	// A versus calculator's fields come in pairs, us then them: each side
	// is a group under its title, the two side by side when the labels fit
	// and one above the other when they do not, read in the same order.
	var sides [2][]goapp.UI
	group := 0
	for _, f := range c.spec.fields {
		var fv *fieldView
		switch {
		case !goapp.IsClient:
			// Prerendered: every field a link may show (prefill.go).
			if !prerendered(f, c.now.game) {
				continue
			}
			fv = c.prefilledField(f, shown)
		case !f.show.holds(shown):
			continue
		default:
			fv = c.fieldOf(f, shown, pending)
		}
		if c.spec.versus {
			i := (len(sides[0]) + len(sides[1])) % 2
			sides[i] = append(sides[i], fv)
			continue
		}
		if f.group != group {
			group = f.group
			title := ui.Elem("h2").Class("group-title").Textf(c.t(i18n.SalvoF), f.group)
			if !goapp.IsClient {
				// Shown with the salvo's first field, which the salvo's
				// others follow.
				title = title.DataSet("group", f.group).DataSet("show", fv.Prefill.show)
			}
			items = append(items, title)
		}
		items = append(items, fv)
		if f.optional {
			// Prerendered too, so that the row is in its place before the
			// client starts: it shows and goes with its field. The band the
			// distance gives is said under it, not under the distance,
			// whose stepper stays level with the band's beside it.
			chips := &distanceChips{Lang: c.Lang, Key: f.key, Label: c.t(i18n.QuickDistances), Current: shown.Get(f.key), Prefill: fv.Prefill}
			if !fv.Pending {
				chips.Note = fv.Note
			}
			items = append(items, chips)
			fv.Note = ""
		}
	}
	if c.spec.versus {
		cls += " versus"
		for i, side := range []struct {
			id    string
			title i18n.Key
		}{{"side-us", i18n.Us}, {"side-them", i18n.Them}} {
			title := ui.Elem("h2").Class("side-title").ID(side.id).Text(c.t(side.title))
			items = append(items, goapp.Div().Class("side").Role("group").Aria("labelledby", side.id).Body(
				append([]goapp.UI{title}, sides[i]...)...))
		}
	}
	if !pending {
		var msgs []string
		if m := c.gameError(); m != "" {
			msgs = append(msgs, m)
		}
		msgs = append(msgs, strayErrors(c.words, c.spec, shown, c.values, c.now.errs)...)
		for _, m := range append(msgs, viewErrors(c.Lang, c.spec, c.bad)...) {
			items = append(items, ui.Elem("p").Class("error stray").Role("alert").Text(m))
		}
	}
	return ui.Elem("form").Class(cls).OnSubmit(c.noSubmit).Body(items...)
}

// fieldOf is the props of one field's component.
func (c *Page) fieldOf(f field, shown url.Values, pending bool) *fieldView {
	label, term, help := fieldLabel(c.words, f)
	val := f.valueIn(shown)
	var msg, note string
	if reason, bad := c.now.errs[f.key]; bad {
		val = c.values.Get(f.key)
		msg = fieldError(c.words, label, f, false, val, reason, c.wagerLimit)
	}
	prefix, key := splitPrefix(f.key)
	if g := gameRules(c.now.game); g != nil && g.RangeBand != nil {
		cm, err := strconv.Atoi(shown.Get(prefix + "cm"))
		switch {
		case key == "range" && err == nil:
			val = strconv.Itoa(g.RangeBand(cm))
		case key == "cm" && err == nil && msg == "":
			note = bandNote(c.words, cm, g.RangeBand(cm))
		case key == "cover" && msg == "":
			note = coverNote(c.words, g, shown, prefix)
		}
	}
	var opts []fieldOption
	for _, o := range f.options {
		opts = append(opts, fieldOption{Value: o.value, Label: c.words.t(o.label)})
	}
	return &fieldView{Lang: c.Lang, Key: f.key, Kind: f.kind, Label: label, Term: term, Help: help, Value: val,
		Min: f.min, Max: f.max, Options: opts, Err: msg, Note: note, Pending: pending}
}

// coverNote says why the cover choice changes nothing, when it does not:
// AT-44 ignores cover at range band 0, a Sniper's shot ignores it, and
// AT-43's knee drill adds no save to its Take cover!.
func coverNote(w gameWords, g *rules.Game, shown url.Values, prefix string) string {
	band := atoi(shown.Get(prefix + "range"))
	if cm, err := strconv.Atoi(shown.Get(prefix + "cm")); err == nil {
		band = g.RangeBand(cm)
	}
	switch {
	case shown.Get(prefix+"sniper") == "1":
		return w.t(i18n.CoverSniperNote)
	case band == 0 && !g.CoverAtRangeZero:
		return w.t(i18n.CoverRangeZeroNote)
	case shown.Get(prefix+"cover") == "kneecover" && g.CoverSave[rules.CoverKnee] == 0:
		return w.t(i18n.CoverKneeNoSaveNote)
	}
	return ""
}

// results are the explanation, what-ifs, comparison, charts and table,
// and the export and profiles.
func (c *Page) results() goapp.UI {
	// The export stays second child whether the rest is drawn or not, so
	// go-app keeps its element, which holds the JSON writeJSON wrote.
	more := goapp.Div().Class("more").ID("calc-more")
	if c.more {
		more = more.Body(c.moreResults()...)
	} else {
		d, _ := c.details().(*detailsBox)
		more = more.Body(&moreSpace{Lang: c.Lang, Narrow: c.moreRoom(narrow, d), Wide: c.moreRoom(wide, d)})
	}
	return goapp.Div().Class("results").Body(
		more,
		&exportBox{Lang: c.Lang, Copied: c.copied, Refining: c.now.out.refining()},
		goapp.If(c.spec.hasProfileKeys(), func() goapp.UI {
			return &profilePicker{Lang: c.Lang, Calc: c.spec.name, Game: c.now.game, Saved: c.savedProfiles}
		}),
		c.saveUnitLink(),
	)
}

// moreResults are the results under the fields: the explanation, the
// what-ifs and the chances for one game or both.
func (c *Page) moreResults() []goapp.UI {
	return []goapp.UI{
		c.details(),
		goapp.If(len(c.spec.whatIfs) > 0, c.whatIfView),
		goapp.If(c.canCompare(), func() goapp.UI {
			return goapp.Label().Class("choice").For("compare").Body(
				ui.Checked(goapp.Input().Type("checkbox").ID("compare"), c.compare).OnChange(c.onCompare),
				ui.Elem("span").Text(c.t(i18n.CompareOther)),
			)
		}),
		goapp.Div().Class("sides").Class(map[bool]string{true: "two"}[c.other != nil]).Body(
			c.sideView("now", c.now),
			goapp.If(c.other != nil, func() goapp.UI { return c.sideView("other", *c.other) }),
		),
		&shareBar{Lang: c.Lang, Link: c.sharedLink(), Headline: c.summary(), End: "-end"},
	}
}

// details is the explanation, chances and notes of the current result.
func (c *Page) details() goapp.UI {
	s := c.now
	if s.err != nil {
		return &detailsBox{Lang: c.Lang}
	}
	d := &detailsBox{Lang: c.Lang, Explain: explainSteps(c.words, c.spec, s.out.explain)}
	for _, st := range s.out.stats {
		d.Stats = append(d.Stats, i18n.Percent(c.Lang, st.p)+" "+statLabel(c.Lang, st))
	}
	if s.out.refining() {
		// The chances wait for their margin, as the charts do.
		d.Stats = []string{c.t(i18n.RefiningFigures)}
	}
	for _, n := range s.out.notes {
		text := n.EN
		if c.Lang == "fr" && n.FR != "" {
			text = n.FR
		}
		d.Notes = append(d.Notes, text)
	}
	return d
}

// whatIfView offers the what-if toggles that change something, and shows
// their effect; a what-if the values leave no room for says so in its
// place.
func (c *Page) whatIfView() goapp.UI {
	var offered []whatIf
	var same []string
	for _, w := range c.spec.whatIfs {
		if c.now.shown == nil || !w.offers(c.now.shown) {
			continue
		}
		if why := c.whatIfSame(w); why != "" {
			same = append(same, why)
			continue
		}
		offered = append(offered, w)
	}
	if len(offered)+len(same) == 0 {
		return nil
	}
	return ui.Elem("fieldset").Class("whatif").Body(
		ui.Elem("legend").Text(c.t(i18n.WhatIf)),
		goapp.Div().Class("toggles").Body(goapp.Range(offered).Slice(func(i int) goapp.UI {
			w := offered[i]
			return &whatIfToggle{Key: w.key, Label: c.words.t(w.label), On: c.whatIfs[w.key]}
		})),
		ui.Elem("p").Class("muted same").Text(strings.Join(same, " ")),
		goapp.If(c.what != nil && c.what.err == nil, func() goapp.UI {
			return ui.Elem("p").Class("delta").ID("whatif-result").Text(headline(c.Lang, c.what.out, c.atLeast))
		}),
	)
}

// sideView is the charts and table of one result.
func (c *Page) sideView(name string, s evaluation) goapp.UI {
	if s.err != nil {
		return goapp.Div().Body(ui.Elem("p").Class("error").Text(c.t(i18n.CalcFailed)))
	}
	main := c.mainChart(name)
	// The first slices' charts could be points off, with no margin: they
	// wait for the figures within half a point (refine).
	charts := s.out.charts
	if s.out.refining() {
		charts = nil
	}
	return goapp.Div().Class("side").Body(
		goapp.If(c.other != nil, func() goapp.UI {
			return ui.Elem("h2").Textf(c.t(i18n.CompareOtherF), content.GameName(s.game))
		}),
		goapp.If(c.other != nil && name == "other", func() goapp.UI {
			return ui.Elem("p").Class("sentence").Text(headline(c.Lang, s.out, c.atLeast))
		}),
		goapp.If(s.out.refining(), func() goapp.UI {
			return ui.Elem("p").Class("muted refining").Role("status").Text(c.t(i18n.RefiningFigures))
		}),
		goapp.If(name == "now" && main != "", func() goapp.UI {
			return ui.Elem("p").Class("muted").Text(c.t(i18n.ThresholdHint))
		}),
		goapp.Range(charts).Slice(func(i int) goapp.UI {
			ch := charts[i]
			if ch.visible() == 0 {
				return nil
			}
			key := name + "/" + strconv.Itoa(i)
			picked, ok := c.picked[key]
			if !ok {
				picked = -1
			}
			if key == main {
				picked = c.atLeast
			}
			return &chartView{Key: key, Lang: c.Lang, Title: ch.name(c.Lang), Labels: ch.labels, P: ch.p,
				Picked: picked, Detail: barDetail(c.Lang, ch, picked), Main: key == main}
		}),
		goapp.If(s.out.main != nil && charts != nil, func() goapp.UI { return &tableView{Lang: c.Lang, Rows: tableRows(c.Lang, s.out.main.P)} }),
	)
}

// salvoButtons add a salvo (a copy of the last) or remove the last one.
func (c *Page) salvoButtons() goapp.UI {
	n := c.salvoCount()
	return ui.Elem("p").Class("actions").Body(
		ui.Disabled(goapp.Button().Type("button").Class("btn ghost").ID("salvo-add"), n >= maxSalvoGroups).
			Text(c.t(i18n.AddSalvo)).OnClick(c.onAddSalvo),
		ui.Disabled(goapp.Button().Type("button").Class("btn ghost").ID("salvo-remove"), n <= 1).
			Text(c.t(i18n.RemoveSalvo)).OnClick(c.onRemoveSalvo),
	)
}
