package app

import (
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/at4x/companion/docs/content"
	"github.com/at4x/companion/i18n"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// calculator is one calculator page. Its state is the URL query: it reads
// the share link on navigation, and every change rewrites the address in
// place, so the address bar is always the link to share.
//
// It keeps the state and computes; what it draws are child components with
// value props (the summary, one calcField per input, the details, charts,
// table, export, profiles), so a tap re-renders this short list, the field
// touched and the parts of the result that changed. The children report
// back with actions (actSetField, actPickBar, ...) handled in OnMount.
type calculator struct {
	goapp.Compo

	Name  string // spec name
	Lang  string
	Game  string // the reader's game, used when the link names none
	Query string // the share link's query, as navigated to
	Base  string // the site's path prefix

	site      *Site
	spec      *calcSpec
	values    url.Values // what the link says, with the reader's changes
	wrongGame string     // the game the link asked for, when it does not fit
	now       side
	other     *side // the same situation under the other game
	what      *side // the current values with the what-ifs applied
	compare   bool
	whatIfs   map[string]bool
	picked    map[string]int // bar picked per chart, by chart key
	atLeast   int            // the headline's "at least" number; 0 until chosen
	copied    bool
	words     words
	// savedProfiles counts the profiles saved here, so the picker rereads
	// them.
	savedProfiles int
	urlSeq        int // counts address rewrites, so that only the last one runs
	jsonSeq       int // counts JSON writes, likewise
}

// side is the result of one set of values.
type side struct {
	game  string
	shown url.Values        // values with defaults, as the engine read them
	errs  map[string]string // the engine's reason, by bad key
	out   outcome
	err   error
}

// resultJSON is the engine's result as JSON, written when it is shown, not
// when a value changes.
func (s side) resultJSON() []byte {
	if s.err != nil {
		return nil
	}
	b, err := json.MarshalIndent(s.out.result, "", " ")
	if err != nil {
		return nil
	}
	return b
}

func (c *calculator) t(k i18n.Key) string { return i18n.T(c.Lang, k) }

// OnInit reads the link for the prerendered page.
func (c *calculator) OnInit() { c.reset() }

// OnMount listens to the children.
func (c *calculator) OnMount(ctx goapp.Context) {
	ctx.Handle(actSetField, c.onSet)
	ctx.Handle(actPickBar, c.onPickBar)
	ctx.Handle(actWhatIf, c.onWhatIf)
	ctx.Handle(actProfile, c.onProfile)
	ctx.Handle(actCopy, c.onCopy)
	ctx.Handle(actSaveProfile, c.onSaveProfile)
	c.writeJSON(ctx)
}

// OnUpdate rereads the link after a navigation to another calculator or
// another link.
func (c *calculator) OnUpdate(ctx goapp.Context) {
	c.urlSeq++ // the new link wins over a rewrite still waiting
	c.reset()
	c.writeJSON(ctx)
}

// changed follows a change of the values: the share link in the address
// and the JSON of the result.
func (c *calculator) changed(ctx goapp.Context) {
	c.syncURL(ctx)
	c.writeJSON(ctx)
}

// writeJSON writes the engine's result as JSON into #calc-result, in a
// task after the frame that shows the answer: encoding it is a tenth of
// what a tap costs, for a box that stays folded most of the time.
func (c *calculator) writeJSON(ctx goapp.Context) {
	if !goapp.IsClient {
		return
	}
	c.jsonSeq++
	seq := c.jsonSeq
	ctx.After(time.Millisecond, func(ctx goapp.Context) {
		ctx.PreventUpdate()
		if seq != c.jsonSeq {
			return // a later change writes it
		}
		if el := goapp.Window().GetElementByID("calc-result"); el.Truthy() {
			el.Set("textContent", string(c.now.resultJSON()))
		}
	})
}

func (c *calculator) reset() {
	c.spec = specFor(c.Name)
	if c.spec == nil {
		return
	}
	c.values, _ = url.ParseQuery(c.Query)
	c.wrongGame = ""
	g := c.values.Get("game")
	switch {
	case g != "" && !slices.Contains(c.spec.games, g):
		c.wrongGame = g
		c.values.Set("game", c.spec.games[0])
	case g == "":
		g = c.spec.games[0]
		if slices.Contains(c.spec.games, c.Game) {
			g = c.Game
		}
		c.values.Set("game", g)
	}
	c.values.Del("lang")
	c.whatIfs = map[string]bool{}
	c.picked = map[string]int{}
	c.atLeast = 0
	c.compute()
}

// canCompare tells whether the calculator runs under both AT games.
func (c *calculator) canCompare() bool {
	return slices.Contains(c.spec.games, "at43") && slices.Contains(c.spec.games, "at44")
}

// compute runs the engine on the values, the other game and the what-ifs.
func (c *calculator) compute() {
	c.now = evaluate(c.spec, c.values)
	if c.atLeast == 0 && c.now.err == nil {
		c.atLeast = firstThreshold(c.now.out)
	}
	c.showAnswer()
	if c.words.lang != c.Lang || c.words.game != c.now.game || c.words.label == nil {
		c.words = wordsFor(c.lib(), c.Lang, c.now.game)
	}
	c.other, c.what = nil, nil
	if c.compare && c.canCompare() && c.now.shown != nil {
		v := clone(c.now.shown)
		v.Set("game", map[string]string{"at43": "at44", "at44": "at43"}[c.now.game])
		o := evaluate(c.spec, v)
		c.other = &o
	}
	if c.now.shown == nil {
		return
	}
	var any bool
	v := clone(c.now.shown)
	for _, w := range c.spec.whatIfs {
		if c.whatIfs[w.key] {
			w.apply(v)
			any = true
		}
	}
	if any {
		w := evaluate(c.spec, v)
		c.what = &w
	}
}

// summary is the summary's sentence for the current result.
func (c *calculator) summary() string {
	if c.now.err != nil {
		return c.t(i18n.CalcFailed)
	}
	return headline(c.Lang, c.now.out, c.atLeast)
}

// showAnswer writes the new answer into the summary at once, in the event
// that changed a value: go-app redraws the page on its next frame, up to
// 8 ms later, and the rest of the page can wait for it, not the answer.
// It writes the text node go-app made, so go-app's next update of the
// summary still lands in the page.
func (c *calculator) showAnswer() {
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

func (c *calculator) lib() *content.Library {
	if c.site == nil {
		return nil
	}
	return c.site.lib
}

// evaluate runs a calculator. A bad value gets its message and is replaced
// by its default, so the other values still count: a salvo's bad number
// must not make the salvo vanish and renumber the next ones.
func evaluate(spec *calcSpec, values url.Values) side {
	v := clone(values)
	s := side{game: v.Get("game"), errs: map[string]string{}}
	var defaults url.Values
	for range 60 {
		shown, out, err := spec.run(v)
		if err == nil {
			s.shown, s.out, s.err = shown, out, nil
			return s
		}
		key, reason := errorField(err)
		if key == "" || !v.Has(key) || s.errs[key] != "" {
			s.err = err
			return s
		}
		s.errs[key] = reason
		if defaults == nil {
			defaults, _, _ = spec.run(url.Values{"game": {s.game}})
		}
		if d := defaultOf(defaults, key); d != "" && d != v.Get(key) {
			v.Set(key, d)
		} else {
			v.Del(key)
		}
	}
	s.err = fmt.Errorf("too many bad values")
	return s
}

// defaultOf is a key's default among a calculator's defaults; a salvo's
// key ("s3.acc") takes the first salvo's default.
func defaultOf(defaults url.Values, key string) string {
	if defaults == nil {
		return ""
	}
	if d := defaults.Get(key); d != "" {
		return d
	}
	if p, rest, ok := strings.Cut(key, "."); ok && strings.HasPrefix(p, "s") {
		return defaults.Get("s1." + rest)
	}
	return ""
}

func clone(v url.Values) url.Values {
	out := url.Values{}
	for k, vs := range v {
		out[k] = slices.Clone(vs)
	}
	return out
}

// base is the values the next change starts from: what the engine read,
// with every bad value kept as the reader typed it, so that a change never
// drops a value of the link.
func (c *calculator) base() url.Values {
	if c.now.shown == nil {
		return clone(c.values)
	}
	v := clone(c.now.shown)
	for k := range c.now.errs {
		if c.values.Has(k) {
			v.Set(k, c.values.Get(k))
		} else {
			v.Del(k)
		}
	}
	return v
}

// onSet takes a field's new value. A band and a distance exclude each
// other: setting one drops the other.
func (c *calculator) onSet(ctx goapp.Context, a goapp.Action) {
	ch, ok := a.Value.(fieldChange)
	if !ok || c.spec == nil {
		return
	}
	v := c.base()
	prefix, key := splitPrefix(ch.Key)
	if ch.Step != 0 {
		f, ok := c.spec.field(ch.Key)
		if !ok {
			return
		}
		cur := v.Get(ch.Key)
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
}

// stepped is a number field's value one step up (d = 1) or down (d = -1)
// from cur, within the field's range. An optional value left out (a
// distance) starts at from.
func stepped(f field, cur string, d, from int) string {
	n, err := strconv.Atoi(cur)
	switch {
	case err != nil && f.optional:
		n = from
	case err != nil:
		n = f.min
	default:
		n += d
	}
	return strconv.Itoa(min(max(n, f.min), f.max))
}

// bandStart is the shortest distance in cm that falls in the band under
// the current game.
func (c *calculator) bandStart(band string) int {
	b := atoi(band)
	if g := gameRules(c.now.game); g != nil && g.RangeBand != nil {
		for cm := range 301 {
			if g.RangeBand(cm) >= b {
				return cm
			}
		}
	}
	return 10 * b
}

// splitPrefix cuts a salvo key "s2.acc" into "s2." and "acc".
func splitPrefix(key string) (prefix, rest string) {
	if p, r, ok := strings.Cut(key, "."); ok {
		return p + ".", r
	}
	return "", key
}

func (c *calculator) onPickBar(ctx goapp.Context, a goapp.Action) {
	p, ok := a.Value.(barPick)
	if !ok {
		return
	}
	c.picked[p.Chart] = p.Index
	if p.Chart == c.mainChart("now") {
		c.atLeast = max(p.Index, 1)
		c.showAnswer()
	}
}

func (c *calculator) onWhatIf(ctx goapp.Context, a goapp.Action) {
	ch, ok := a.Value.(fieldChange)
	if !ok {
		return
	}
	c.whatIfs[ch.Key] = ch.Value == "1"
	c.compute()
}

func (c *calculator) onCompare(ctx goapp.Context, e goapp.Event) {
	c.compare = ctx.JSSrc().Get("checked").Bool()
	c.compute()
}

// onProfile loads a profile's values that this calculator has.
func (c *calculator) onProfile(ctx goapp.Context, a goapp.Action) {
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
func (c *calculator) onCopy(ctx goapp.Context, a goapp.Action) {
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
func (c *calculator) syncURL(ctx goapp.Context) {
	if !goapp.IsClient {
		return
	}
	link := c.link()
	path := c.Base + "/calc/" + c.Name
	c.urlSeq++
	seq := c.urlSeq
	ctx.After(urlDelay, func(ctx goapp.Context) {
		ctx.PreventUpdate()
		// A later change or a navigation since then has the last word.
		if seq != c.urlSeq || goapp.Window().Get("location").Get("pathname").String() != path {
			return
		}
		goapp.Window().Get("history").Call("replaceState", nil, "", link)
		recordCalc(ctx, calcRecord{Link: link, Headline: c.summary()})
	})
}

// link is the share link of the current values, from the site's root.
func (c *calculator) link() string {
	q := clone(c.values)
	q.Set("lang", c.Lang)
	return c.Base + "/calc/" + c.Name + "?" + q.Encode()
}

// urlDelay is how long syncURL waits for the next change.
const urlDelay = 250 * time.Millisecond

// Render lists the page's parts: the summary stays in view (sticky) above
// the fields, the most used first; the explanation, charts and table follow.
func (c *calculator) Render() goapp.UI {
	if c.spec == nil {
		return elem("article").Class("calc").Body(elem("p").Text(c.t(i18n.EngineMissing)))
	}
	// The prerendered page is the same for every link of the calculator:
	// it shows no value and no result until the client has read the link.
	pending := !goapp.IsClient
	return elem("article").Class("calc").Body(
		elem("h1").Text(c.t(c.spec.title)),
		goapp.If(c.wrongGame != "", func() goapp.UI {
			return elem("p").Class("note").Role("note").Textf(c.t(i18n.WrongGameF), c.t(c.spec.title), gameName(c.spec.games[0]))
		}),
		&calcSummary{Lang: c.Lang, Sentence: c.summary(), Pending: pending},
		&shareBar{Lang: c.Lang, Link: c.link(), Headline: c.summary()},
		c.form(pending),
		goapp.If(c.spec.name == "salvos", c.salvoButtons),
		goapp.If(!pending, c.results),
		&calcHistory{Lang: c.Lang},
	)
}

func (c *calculator) noSubmit(ctx goapp.Context, e goapp.Event) { e.PreventDefault() }

// form is one calcField per field that applies to the values.
func (c *calculator) form(pending bool) goapp.UI {
	shown := c.now.shown
	if shown == nil {
		shown = c.values
	}
	var items []goapp.UI
	cls := "fields"
	if c.spec.versus {
		cls += " versus"
		items = append(items, elem("h2").Class("side-title").Text(c.t(i18n.Us)), elem("h2").Class("side-title").Text(c.t(i18n.Them)))
	}
	if pending {
		cls += " pending"
	}
	group := 0
	for _, f := range c.spec.fields {
		if f.show != nil && !f.show(shown) {
			continue
		}
		if f.group != group {
			group = f.group
			items = append(items, elem("h2").Class("group-title").Textf(c.t(i18n.SalvoF), f.group))
		}
		items = append(items, c.fieldOf(f, shown, pending))
	}
	return elem("form").Class(cls).OnSubmit(c.noSubmit).Body(items...)
}

// fieldOf is the props of one field's component.
func (c *calculator) fieldOf(f field, shown url.Values, pending bool) *calcField {
	label, term, help := fieldLabel(c.words, f)
	val := shown.Get(f.key)
	var msg, note string
	if reason, bad := c.now.errs[f.key]; bad {
		val = c.values.Get(f.key)
		msg = fieldError(c.Lang, label, f, val, reason, c.wagerLimit)
	}
	prefix, key := splitPrefix(f.key)
	if g := gameRules(c.now.game); g != nil && g.RangeBand != nil {
		cm, err := strconv.Atoi(shown.Get(prefix + "cm"))
		switch {
		case key == "range" && err == nil:
			val = strconv.Itoa(g.RangeBand(cm))
		case key == "cm" && err == nil && msg == "":
			note = bandNote(c.Lang, cm, g.RangeBand(cm))
		}
	}
	var opts []fieldOption
	for _, o := range f.options {
		opts = append(opts, fieldOption{Value: o.value, Label: c.t(o.label)})
	}
	return &calcField{Lang: c.Lang, Key: f.key, Kind: f.kind, Label: label, Term: term, Help: help, Value: val,
		Min: f.min, Max: f.max, Options: opts, Err: msg, Note: note, Pending: pending}
}

// wagerLimit gives, for a wager key, its commander's rank and the most the
// game lets that rank wager.
func (c *calculator) wagerLimit(key string) (rank, limit int, ok bool) {
	rankKey := map[string]string{"aw": "ar", "bw": "br"}[key]
	g := gameRules(c.now.game)
	if rankKey == "" || g == nil || g.WagerLimit == nil || c.now.shown == nil {
		return 0, 0, false
	}
	rank = atoi(c.now.shown.Get(rankKey))
	return rank, g.WagerLimit(rank), true
}

// results are the explanation, what-ifs, comparison, charts and table,
// and the export and profiles.
func (c *calculator) results() goapp.UI {
	return goapp.Div().Class("results").Body(
		c.details(),
		goapp.If(len(c.spec.whatIfs) > 0, c.whatIfView),
		goapp.If(c.canCompare(), func() goapp.UI {
			return goapp.Label().Class("choice").For("compare").Body(
				checked(goapp.Input().Type("checkbox").ID("compare"), c.compare).OnChange(c.onCompare),
				elem("span").Text(c.t(i18n.CompareOther)),
			)
		}),
		goapp.Div().Class("sides").Class(map[bool]string{true: "two"}[c.other != nil]).Body(
			c.sideView("now", c.now),
			goapp.If(c.other != nil, func() goapp.UI { return c.sideView("other", *c.other) }),
		),
		&calcExport{Lang: c.Lang, Copied: c.copied},
		goapp.If(c.spec.hasProfileKeys(), func() goapp.UI {
			return &profilePicker{Lang: c.Lang, Calc: c.spec.name, Saved: c.savedProfiles}
		}),
	)
}

// details is the explanation, chances and notes of the current result.
func (c *calculator) details() goapp.UI {
	s := c.now
	if s.err != nil {
		return &calcDetails{Lang: c.Lang}
	}
	d := &calcDetails{Lang: c.Lang, Explain: explain(c.words, c.spec, s.out.explain)}
	for _, st := range s.out.stats {
		d.Stats = append(d.Stats, i18n.Percent(c.Lang, st.p)+" "+statLabel(c.Lang, st))
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

func statLabel(lang string, st stat) string {
	label := i18n.T(lang, st.key)
	if st.key == i18n.WeaponLostF {
		label = fmt.Sprintf(label, st.arg)
	}
	return label
}

// whatIfView offers the what-if toggles and shows their effect.
func (c *calculator) whatIfView() goapp.UI {
	return elem("fieldset").Class("whatif").Body(
		elem("legend").Text(c.t(i18n.WhatIf)),
		goapp.Div().Class("toggles").Body(goapp.Range(c.spec.whatIfs).Slice(func(i int) goapp.UI {
			w := c.spec.whatIfs[i]
			return &whatIfToggle{Key: w.key, Label: c.t(w.label), On: c.whatIfs[w.key]}
		})),
		goapp.If(c.what != nil && c.what.err == nil, func() goapp.UI {
			return elem("p").Class("delta").ID("whatif-result").Text(headline(c.Lang, c.what.out, c.atLeast))
		}),
	)
}

// mainChart is the key of the chart of a side's headline distribution.
func (c *calculator) mainChart(name string) string {
	s := c.now
	if name == "other" && c.other != nil {
		s = *c.other
	}
	if s.out.main == nil {
		return ""
	}
	for i := len(s.out.charts) - 1; i >= 0; i-- {
		if d := s.out.charts[i].dist; d != nil && slices.Equal(d.P, s.out.main.P) {
			return name + "/" + strconv.Itoa(i)
		}
	}
	return ""
}

// sideView is the charts and table of one result.
func (c *calculator) sideView(name string, s side) goapp.UI {
	if s.err != nil {
		return goapp.Div().Body(elem("p").Class("error").Text(c.t(i18n.CalcFailed)))
	}
	main := c.mainChart(name)
	return goapp.Div().Class("side").Body(
		goapp.If(c.other != nil, func() goapp.UI {
			return elem("h2").Textf(c.t(i18n.CompareOtherF), gameName(s.game))
		}),
		goapp.If(c.other != nil && name == "other", func() goapp.UI {
			return elem("p").Class("sentence").Text(headline(c.Lang, s.out, c.atLeast))
		}),
		goapp.If(name == "now" && main != "", func() goapp.UI {
			return elem("p").Class("muted").Text(c.t(i18n.ThresholdHint))
		}),
		goapp.Range(s.out.charts).Slice(func(i int) goapp.UI {
			ch := s.out.charts[i]
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
			return &calcChart{Key: key, Lang: c.Lang, Title: ch.name(c.Lang), Labels: ch.labels, P: ch.p,
				Picked: picked, Detail: barDetail(c.Lang, ch, picked), Main: key == main}
		}),
		goapp.If(s.out.main != nil, func() goapp.UI { return &calcTable{Lang: c.Lang, Rows: tableRows(c.Lang, s.out.main.P)} }),
	)
}

// salvoButtons add a salvo (a copy of the last) or remove the last one.
func (c *calculator) salvoButtons() goapp.UI {
	n := c.salvoCount()
	return elem("p").Class("actions").Body(
		disabled(goapp.Button().Type("button").Class("btn ghost").ID("salvo-add"), n >= maxSalvoGroups).
			Text(c.t(i18n.AddSalvo)).OnClick(c.addSalvo),
		disabled(goapp.Button().Type("button").Class("btn ghost").ID("salvo-remove"), n <= 1).
			Text(c.t(i18n.RemoveSalvo)).OnClick(c.removeSalvo),
	)
}

func salvoKey(i int, rest string) string { return "s" + strconv.Itoa(i) + "." + rest }

func (c *calculator) addSalvo(ctx goapp.Context, e goapp.Event) {
	n := c.salvoCount()
	if n >= maxSalvoGroups {
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
func (c *calculator) removeSalvo(ctx goapp.Context, e goapp.Event) {
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
func (c *calculator) salvoCount() int {
	v := c.now.shown
	if v == nil {
		v = c.values
	}
	n := 0
	for n < maxSalvoGroups && v.Has(salvoKey(n+1, "n")) {
		n++
	}
	return n
}
