package app

import (
	"encoding/json"
	"fmt"
	"math"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/at4x/companion/i18n"
	"github.com/at4x/companion/rules"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// calculator is one calculator page. Its state is the URL query: it reads
// the share link on navigation, and every change rewrites the address in
// place, so the address bar is always the link to share.
type calculator struct {
	goapp.Compo

	Name  string // spec name
	Lang  string
	Game  string // the reader's game, used when the link names none
	Query string // the share link's query, as navigated to
	Base  string // the site's path prefix

	spec      *calcSpec
	values    url.Values // what the link says, with the reader's changes
	wrongGame string     // the game the link asked for, when it does not fit
	now       side
	other     *side // the same situation under the other game
	what      *side // the current values with the what-ifs applied
	compare   bool
	whatIfs   map[string]bool
	picked    map[string]int // bar picked per chart, by side and chart index
	copied    string
	profiles  []profile
	saveName  string
	urlSeq    int // counts address rewrites, so that only the last one runs
}

// side is the result of one set of values.
type side struct {
	game   string
	shown  url.Values        // values with defaults, as the engine read them
	errs   map[string]string // bad values by key
	out    outcome
	err    error
	result []byte // the engine's result as JSON
}

func (c *calculator) t(k i18n.Key) string { return i18n.T(c.Lang, k) }

// OnInit reads the link for the prerendered page.
func (c *calculator) OnInit() { c.reset() }

// OnMount loads the saved profiles.
func (c *calculator) OnMount(ctx goapp.Context) {
	_ = ctx.LocalStorage().Get(profilesKey, &c.profiles)
}

// OnUpdate rereads the link after a navigation to another calculator or
// another link.
func (c *calculator) OnUpdate(ctx goapp.Context) {
	c.urlSeq++ // the new link wins over a rewrite still waiting
	c.reset()
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
	c.compute()
}

// canCompare tells whether the calculator runs under both AT games.
func (c *calculator) canCompare() bool {
	return slices.Contains(c.spec.games, "at43") && slices.Contains(c.spec.games, "at44")
}

// compute runs the engine on the values, the other game and the what-ifs.
func (c *calculator) compute() {
	c.now = evaluate(c.spec, c.values)
	c.other, c.what = nil, nil
	if c.compare && c.canCompare() {
		v := clone(c.now.shown)
		v.Set("game", map[string]string{"at43": "at44", "at44": "at43"}[c.now.game])
		o := evaluate(c.spec, v)
		c.other = &o
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

// evaluate runs a calculator, dropping bad values one by one so that each
// gets its message and the others still count.
func evaluate(spec *calcSpec, values url.Values) side {
	v := clone(values)
	s := side{game: v.Get("game"), errs: map[string]string{}}
	for range 40 {
		shown, out, err := spec.run(v)
		if err == nil {
			s.shown, s.out, s.err = shown, out, nil
			s.result, s.err = json.MarshalIndent(out.result, "", " ")
			return s
		}
		key, msg := splitError(err)
		if key == "" || !v.Has(key) || s.errs[key] != "" {
			s.err = err
			return s
		}
		s.errs[key] = msg
		v.Del(key)
	}
	s.err = fmt.Errorf("too many bad values")
	return s
}

// splitError reads the query key the engine's error starts with.
func splitError(err error) (key, msg string) {
	m := err.Error()
	if strings.HasPrefix(m, "range and cm") {
		return "cm", m
	}
	key, msg, ok := strings.Cut(m, ": ")
	if !ok || strings.ContainsAny(key, " ") {
		return "", m
	}
	return key, msg
}

func clone(v url.Values) url.Values {
	out := url.Values{}
	for k, vs := range v {
		out[k] = slices.Clone(vs)
	}
	return out
}

// set changes one value and rewrites the address.
func (c *calculator) set(ctx goapp.Context, key, value string) {
	v := clone(c.now.shown)
	if v == nil {
		v = clone(c.values)
	}
	for k := range c.now.errs {
		if k != key {
			v.Set(k, c.values.Get(k))
		}
	}
	v.Set(key, value)
	c.values = v
	c.compute()
	c.syncURL(ctx)
}

// syncURL replaces the address with the current share link, without a new
// history entry per tap. It waits until the taps pause: replaceState took
// about 14 ms of each tap on a throttled phone, before the result showed,
// and browsers ignore it when it is called too often.
func (c *calculator) syncURL(ctx goapp.Context) {
	if !goapp.IsClient {
		return
	}
	q := clone(c.values)
	q.Set("lang", c.Lang)
	path := c.Base + "/calc/" + c.Name
	link := path + "?" + q.Encode()
	c.urlSeq++
	seq := c.urlSeq
	ctx.After(urlDelay, func(ctx goapp.Context) {
		ctx.PreventUpdate()
		// A later change or a navigation since then has the last word.
		if seq != c.urlSeq || goapp.Window().Get("location").Get("pathname").String() != path {
			return
		}
		goapp.Window().Get("history").Call("replaceState", nil, "", link)
	})
}

// urlDelay is how long syncURL waits for the next change.
const urlDelay = 250 * time.Millisecond

// Render draws the inputs, then the result.
func (c *calculator) Render() goapp.UI {
	if c.spec == nil {
		return elem("article").Class("calc").Body(elem("p").Text(c.t(i18n.EngineMissing)))
	}
	return elem("article").Class("calc").Body(
		elem("h1").Text(c.t(c.spec.title)),
		elem("p").Class("muted").Text(c.t(i18n.CalcIntro)),
		goapp.If(c.wrongGame != "", func() goapp.UI {
			return elem("p").Class("note").Role("note").Textf(c.t(i18n.WrongGameF), c.t(c.spec.title), gameName(c.spec.games[0]))
		}),
		c.resultView(),
		elem("form").Class("fields").OnSubmit(func(ctx goapp.Context, e goapp.Event) { e.PreventDefault() }).Body(
			goapp.Range(c.spec.fields).Slice(func(i int) goapp.UI {
				f := c.spec.fields[i]
				if f.show != nil && !f.show(c.now.shown) {
					return nil
				}
				if f.group > 0 && (i == 0 || c.spec.fields[i-1].group != f.group) {
					return goapp.Div().Class("group-start").Body(
						elem("h2").Class("group-title").Textf(c.t(i18n.SalvoF), f.group),
						c.fieldView(f),
					)
				}
				return c.fieldView(f)
			}),
		),
		goapp.If(c.spec.name == "salvos", c.salvoButtons),
		goapp.If(c.canCompare(), func() goapp.UI {
			return goapp.Label().Class("choice").For("compare").Body(
				goapp.Input().Type("checkbox").ID("compare").Checked(c.compare).OnChange(func(ctx goapp.Context, e goapp.Event) {
					c.compare = ctx.JSSrc().Get("checked").Bool()
					c.compute()
				}),
				elem("span").Text(c.t(i18n.CompareOther)),
			)
		}),
		goapp.Div().Class("sides").Class(map[bool]string{true: "two"}[c.other != nil]).Body(
			c.sideView("now", c.now),
			goapp.If(c.other != nil, func() goapp.UI { return c.sideView("other", *c.other) }),
		),
		c.exportView(),
		c.profileView(),
	)
}

// fieldView is one labelled input with its error, if any.
func (c *calculator) fieldView(f field) goapp.UI {
	id := "f-" + f.key
	val := c.now.shown.Get(f.key)
	errMsg := c.now.errs[f.key]
	if errMsg != "" {
		val = c.values.Get(f.key)
	}
	label := c.t(f.label)
	var input goapp.UI
	switch f.kind {
	case number:
		n, _ := strconv.Atoi(val)
		// go-app keeps a node's first handler while the new one comes from
		// the same func literal, so handlers read the state when they run
		// and are scoped by key: a node reused for another field gets new
		// handlers.
		step := func(d int) goapp.EventHandler {
			return func(ctx goapp.Context, e goapp.Event) {
				cur, _ := strconv.Atoi(c.now.shown.Get(f.key))
				c.set(ctx, f.key, strconv.Itoa(min(max(cur+d, f.min), f.max)))
			}
		}
		scope := goapp.EventScope(f.key)
		input = goapp.Div().Class("stepper").Body(
			goapp.Button().Type("button").Class("step").DataSet("step", f.key).DataSet("dir", "down").
				Aria("label", fmt.Sprintf(c.t(i18n.Decrease), label)).
				Disabled(n <= f.min).Text("−").OnClick(step(-1), scope),
			goapp.Input().Type("number").ID(id).Value(val).Min(f.min).Max(f.max).Attr("inputmode", "numeric").
				Aria("describedby", id+"-hint").
				OnChange(func(ctx goapp.Context, e goapp.Event) {
					c.set(ctx, f.key, strings.TrimSpace(ctx.JSSrc().Get("value").String()))
				}, scope),
			goapp.Button().Type("button").Class("step").DataSet("step", f.key).DataSet("dir", "up").
				Aria("label", fmt.Sprintf(c.t(i18n.Increase), label)).
				Disabled(n >= f.max).Text("+").OnClick(step(1), scope),
		)
	case toggle:
		return goapp.Div().Class("field").Body(
			goapp.Label().Class("choice").For(id).Body(
				goapp.Input().Type("checkbox").ID(id).Checked(val == "1").OnChange(func(ctx goapp.Context, e goapp.Event) {
					c.set(ctx, f.key, map[bool]string{true: "1", false: "0"}[ctx.JSSrc().Get("checked").Bool()])
				}, goapp.EventScope(f.key)),
				elem("span").Text(label),
			),
			c.errorView(f, errMsg),
		)
	case choice:
		input = goapp.Select().ID(id).OnChange(func(ctx goapp.Context, e goapp.Event) {
			c.set(ctx, f.key, ctx.JSSrc().Get("value").String())
		}, goapp.EventScope(f.key)).Body(goapp.Range(f.options).Slice(func(i int) goapp.UI {
			o := f.options[i]
			return goapp.Option().Value(o.value).Selected(o.value == val).Text(c.t(o.label))
		}))
	case list:
		input = goapp.Input().Type("text").ID(id).Value(val).Attr("inputmode", "numeric").
			OnChange(func(ctx goapp.Context, e goapp.Event) { c.set(ctx, f.key, ctx.JSSrc().Get("value").String()) }, goapp.EventScope(f.key))
	}
	cls := "field"
	if errMsg != "" {
		cls += " bad"
	}
	return goapp.Div().Class(cls).Body(
		goapp.Label().For(id).Text(label),
		input,
		goapp.If(f.kind == number, func() goapp.UI {
			return elem("span").Class("visually-hidden").ID(id+"-hint").Textf(c.t(i18n.RangeF), f.min, f.max)
		}),
		c.errorView(f, errMsg),
	)
}

func (c *calculator) errorView(f field, msg string) goapp.UI {
	if msg == "" {
		return nil
	}
	// The engine explains in English; say it in the page's language.
	switch raw := c.values.Get(f.key); {
	case strings.HasPrefix(msg, "range and cm"):
		msg = c.t(i18n.BothRanges)
	case f.kind == number || f.kind == toggle:
		msg = fmt.Sprintf(c.t(i18n.BadNumberF), raw, f.min, max(f.max, 1))
	case f.kind == choice:
		msg = fmt.Sprintf(c.t(i18n.BadChoiceF), raw)
	}
	return elem("p").Class("error").Role("alert").Textf(c.t(i18n.BadValueF), c.t(f.label), msg)
}

// headline is the one sentence a result starts with.
func (c *calculator) headline(o outcome) string {
	switch {
	case o.main != nil:
		mean := o.main.Mean()
		noun := c.t(o.noun)
		if o.main.Max() == 0 {
			return fmt.Sprintf(c.t(i18n.ExpectNoneF), i18n.Fixed(c.Lang, mean, 1), noun)
		}
		k := max(1, int(math.Round(mean)))
		return fmt.Sprintf(c.t(i18n.ExpectF), i18n.Fixed(c.Lang, mean, 1), noun, i18n.Percent(c.Lang, o.main.AtLeast(k)), k)
	case o.chance != nil:
		return fmt.Sprintf(c.t(i18n.ChanceF), i18n.Percent(c.Lang, *o.chance), c.t(o.chanceOf))
	}
	return ""
}

// resultView is the headline, the explanation, what-ifs, chances and notes.
func (c *calculator) resultView() goapp.UI {
	s := c.now
	if s.err != nil {
		return elem("section").Class("result-box").Aria("live", "polite").Body(
			elem("p").Class("error").Role("alert").Text(s.err.Error()),
		)
	}
	return elem("section").Class("result-box").Aria("live", "polite").Aria("label", c.t(i18n.CalcResult)).Body(
		elem("p").Class("sentence").ID("calc-sentence").Text(c.headline(s.out)),
		goapp.If(len(s.out.explain) > 0, func() goapp.UI {
			return elem("p").Class("explain").Text(c.t(i18n.Explain) + sep(c.Lang) + c.explain(s.out.explain))
		}),
		goapp.If(len(c.spec.whatIfs) > 0, c.whatIfView),
		goapp.If(len(s.out.stats) > 0, func() goapp.UI {
			return elem("ul").Class("stats").Body(goapp.Range(s.out.stats).Slice(func(i int) goapp.UI {
				st := s.out.stats[i]
				label := c.t(st.key)
				if st.key == i18n.WeaponLostF {
					label = fmt.Sprintf(label, st.arg)
				}
				return elem("li").Body(elem("strong").Text(i18n.Percent(c.Lang, st.p)), goapp.Text(" "+label))
			}))
		}),
		goapp.If(len(s.out.notes) > 0, func() goapp.UI {
			return goapp.Div().Class("notes").Body(
				elem("h2").Text(c.t(i18n.Notes)),
				elem("ul").Body(goapp.Range(s.out.notes).Slice(func(i int) goapp.UI {
					n := s.out.notes[i]
					text := n.EN
					if c.Lang == "fr" && n.FR != "" {
						text = n.FR
					}
					return elem("li").Text(text)
				})),
			)
		}),
	)
}

// Labels of the engine's explanation steps, by kind: steps that compare
// two values, steps that count something, and the others.
var stepPairs = map[string]i18n.Key{"shoot": i18n.StepShoot, "melee": i18n.StepMelee, "damage": i18n.StepDamage,
	"morale": i18n.StepMorale, "authority": i18n.StepAuthority}
var stepValues = map[string]i18n.Key{"dice": i18n.StepDice, "reroll": i18n.StepReroll, "range": i18n.StepRange}
var stepNamed = map[string]i18n.Key{"crush-free": i18n.StepCrushFree, "crush-engaged": i18n.StepCrushEngaged, "damage-reroll": i18n.StepDamageReroll, "rank": i18n.StepRank, "objective": i18n.StepObjective, "earlier": i18n.StepEarlier, "frame": i18n.StepFrame, "propulsion": i18n.StepPropulsion, "weapon": i18n.StepWeapon, "location": i18n.StepLocation, "vehicles": i18n.StepVehicles, "d10-hit": i18n.StepD10Hit, "d10-armour": i18n.StepD10Armour, "d10-damage": i18n.StepD10Damage, "d10-attacks": i18n.StepD10Attacks, "d10-chain": i18n.StepD10Chain, "d10-defcr": i18n.StepD10Defcr, "d10-dodge": i18n.StepD10Dodge, "d10-parry": i18n.StepD10Parry, "d10-knock": i18n.StepD10Knock, "d10-morale": i18n.StepD10Morale,
	"d10-cd": i18n.InSkill, "d10-cr": i18n.InSkill, "d10-retreat": i18n.Retreat, "d10-rout": i18n.Routs, "d10-paralysed": i18n.Paralysed,
	"d10-vehicle-detonation": i18n.Detonation, "d10-vehicle-internal": i18n.Internal, "d10-vehicle-nothing": i18n.NothingHappens}

// stepLabel names a step kind that has no format of its own: from the
// table above, or, for the d10 sheet's modifiers ("d10-aimed"), from the
// calculator's field of the same key.
func stepLabel(spec *calcSpec, kind string) (i18n.Key, bool) {
	if k, ok := stepNamed[kind]; ok {
		return k, true
	}
	if key, ok := strings.CutPrefix(kind, "d10-"); ok && spec != nil {
		for _, f := range spec.fields {
			if f.key == key {
				return f.label, true
			}
		}
	}
	return 0, false
}

// knownStep tells whether explain has words for a kind of step.
func knownStep(spec *calcSpec, kind string) bool {
	_, pair := stepPairs[kind]
	_, value := stepValues[kind]
	_, named := stepLabel(spec, kind)
	return pair || value || named || kind == "cover" || kind == "salvo"
}

// d10Formats phrase the d10 sheet's roll-under steps whole: their rolls
// succeed at or under a number, never "N+".
var d10Formats = map[string]i18n.Key{"d10-hit": i18n.StepD10HitF, "d10-armour": i18n.StepD10ArmourF,
	"d10-damage": i18n.StepD10DamageF, "d10-defcr": i18n.StepD10DefcrF}

// d10Step phrases one step of a d10 calculator.
func (c *calculator) d10Step(st rules.Step) string {
	var s string
	switch f, ok := d10Formats[st.Kind]; {
	case ok:
		s = fmt.Sprintf(c.t(f), st.Action, st.Difficulty, st.Needed, st.Value)
	default:
		label := st.Kind
		if k, ok := stepLabel(c.spec, st.Kind); ok {
			label = c.t(k)
		}
		switch {
		case st.Needed > 0:
			s = label + sep(c.Lang) + fmt.Sprintf(c.t(i18n.StepAtMostF), st.Needed)
		case st.Kind == "d10-attacks" || st.Kind == "d10-cd" || st.Kind == "d10-cr":
			s = fmt.Sprintf("%s %d", label, st.Value)
		case st.Value != 0:
			s = fmt.Sprintf("%s %+d", label, st.Value)
		default:
			s = label
		}
	}
	if st.Chance > 0 && st.Chance < 1 || st.Needed > 0 {
		s += " (" + i18n.Percent(c.Lang, st.Chance) + ")"
	}
	return s
}

// explain phrases the engine's steps in the page's language.
func (c *calculator) explain(steps []rules.Step) string {
	var parts []string
	for _, st := range steps {
		if strings.HasPrefix(st.Kind, "d10-") {
			parts = append(parts, c.d10Step(st))
			continue
		}
		var b strings.Builder
		switch k, pair := stepPairs[st.Kind]; {
		case pair:
			fmt.Fprintf(&b, c.t(k), st.Action, st.Difficulty)
		case st.Kind == "dice" && st.Value == 1:
			b.WriteString(c.t(i18n.StepDie))
		case st.Kind == "reroll" && st.Value == 1:
			b.WriteString(c.t(i18n.StepRerollOne))
		case stepValues[st.Kind] != 0:
			fmt.Fprintf(&b, c.t(stepValues[st.Kind]), st.Value)
		case st.Kind == "cover":
			b.WriteString(c.t(i18n.StepCover))
		case st.Kind == "salvo":
			fmt.Fprintf(&b, c.t(i18n.SalvoF), st.Value)
		default:
			label := st.Kind
			if k, ok := stepLabel(c.spec, st.Kind); ok {
				label = c.t(k)
			}
			switch {
			case st.Action != 0 || st.Difficulty != 0:
				fmt.Fprintf(&b, c.t(i18n.StepAgainstF), label, st.Action, st.Difficulty)
			case st.Value != 0 && (st.Kind == "rank" || st.Kind == "objective" || st.Kind == "earlier"):
				fmt.Fprintf(&b, "%s %+d", label, st.Value)
			case st.Value != 0:
				fmt.Fprintf(&b, "%s %d", label, st.Value)
			default:
				b.WriteString(label)
			}
		}
		switch st.Auto.String() {
		case "success":
			b.WriteString(", " + c.t(i18n.StepAutoSuccess))
		case "fail":
			b.WriteString(", " + c.t(i18n.StepAutoFail))
		default:
			if st.Needed > 0 {
				b.WriteString(", " + fmt.Sprintf(c.t(i18n.StepNeedsF), st.Needed))
			}
		}
		if st.Needed > 0 || (st.Chance > 0 && st.Chance < 1) {
			b.WriteString(" (" + i18n.Percent(c.Lang, st.Chance) + ")")
		}
		parts = append(parts, b.String())
	}
	return strings.Join(parts, " · ")
}

// whatIfView offers the what-if toggles and shows their effect.
func (c *calculator) whatIfView() goapp.UI {
	return elem("fieldset").Class("whatif").Body(
		elem("legend").Text(c.t(i18n.WhatIf)),
		goapp.Div().Class("toggles").Body(goapp.Range(c.spec.whatIfs).Slice(func(i int) goapp.UI {
			w := c.spec.whatIfs[i]
			id := "whatif-" + w.key
			return goapp.Label().Class("choice").For(id).Body(
				goapp.Input().Type("checkbox").ID(id).Checked(c.whatIfs[w.key]).OnChange(func(ctx goapp.Context, e goapp.Event) {
					c.whatIfs[w.key] = ctx.JSSrc().Get("checked").Bool()
					c.compute()
				}, goapp.EventScope(w.key)),
				elem("span").Text(c.t(w.label)),
			)
		})),
		goapp.If(c.what != nil && c.what.err == nil, func() goapp.UI {
			return elem("p").Class("delta").ID("whatif-result").Text(c.headline(c.what.out))
		}),
	)
}

// sideView is the charts and table of one result.
func (c *calculator) sideView(name string, s side) goapp.UI {
	if s.err != nil {
		return goapp.Div().Body(elem("p").Class("error").Text(s.err.Error()))
	}
	return goapp.Div().Class("side").Body(
		goapp.If(c.other != nil, func() goapp.UI {
			return elem("h2").Textf(c.t(i18n.CompareOtherF), gameName(s.game))
		}),
		goapp.If(c.other != nil && name == "other", func() goapp.UI {
			return elem("p").Class("sentence").Text(c.headline(s.out))
		}),
		goapp.Range(s.out.charts).Slice(func(i int) goapp.UI {
			return c.chartView(name+"/"+strconv.Itoa(i), s.out.charts[i])
		}),
		goapp.If(s.out.main != nil, func() goapp.UI { return c.tableView(*s.out.main) }),
	)
}

// chartView draws a chart; tapping a bar shows its exact figures.
func (c *calculator) chartView(id string, ch chart) goapp.UI {
	if ch.visible() == 0 {
		return nil
	}
	picked, ok := c.picked[id]
	if !ok {
		picked = -1
	}
	var detail string
	if picked >= 0 && picked < len(ch.p) {
		detail = ch.labels[picked] + sep(c.Lang) + i18n.Percent(c.Lang, ch.p[picked])
		if ch.dist != nil {
			detail = fmt.Sprintf("%s%s%s %s · %s %s · %s %s", ch.labels[picked], sep(c.Lang),
				c.t(i18n.TableExactly), i18n.Percent(c.Lang, ch.dist.At(picked)),
				c.t(i18n.TableAtLeast), i18n.Percent(c.Lang, ch.dist.AtLeast(picked)),
				c.t(i18n.TableAtMost), i18n.Percent(c.Lang, ch.dist.AtMost(picked)))
		}
	}
	return elem("figure").Class("chart").Body(
		elem("h3").Text(ch.name(c.Lang)),
		goapp.Div().OnClick(func(ctx goapp.Context, e goapp.Event) {
			bar := e.Get("target").Call("closest", "[data-i]")
			if !bar.Truthy() {
				return
			}
			c.picked[id] = atoi(bar.Call("getAttribute", "data-i").String())
		}).Body(goapp.Raw(ch.svg(c.Lang, picked))),
		elem("p").Class("picked").Aria("live", "polite").Text(detail),
	)
}

// tableView lists exactly / at least / at most for a distribution.
func (c *calculator) tableView(d rules.Dist) goapp.UI {
	n := len(d.P)
	for n > 1 && d.AtLeast(n-1) < minShown {
		n--
	}
	return goapp.Div().Class("table-wrap").TabIndex(0).Body(elem("table").Body(
		elem("thead").Body(elem("tr").Body(
			elem("th").Attr("scope", "col").Text(c.t(i18n.TableOutcome)),
			elem("th").Attr("scope", "col").Text(c.t(i18n.TableExactly)),
			elem("th").Attr("scope", "col").Text(c.t(i18n.TableAtLeast)),
			elem("th").Attr("scope", "col").Text(c.t(i18n.TableAtMost)),
		)),
		elem("tbody").Body(goapp.Range(d.P[:n]).Slice(func(k int) goapp.UI {
			return elem("tr").Body(
				elem("th").Attr("scope", "row").Text(strconv.Itoa(k)),
				elem("td").Text(i18n.Percent(c.Lang, d.At(k))),
				elem("td").Text(i18n.Percent(c.Lang, d.AtLeast(k))),
				elem("td").Text(i18n.Percent(c.Lang, d.AtMost(k))),
			)
		})),
	))
}

// exportView holds the result as JSON and CSV, with copy buttons.
func (c *calculator) exportView() goapp.UI {
	copyText := func(what string, text func() string) goapp.EventHandler {
		return func(ctx goapp.Context, e goapp.Event) {
			clip := goapp.Window().Get("navigator").Get("clipboard")
			if !clip.Truthy() {
				return
			}
			clip.Call("writeText", text()).Then(func(goapp.Value) {
				ctx.Dispatch(func(ctx goapp.Context) { c.copied = what })
			})
		}
	}
	return elem("details").Class("export").Body(
		elem("summary").Text(c.t(i18n.Export)),
		elem("p").Class("actions").Body(
			goapp.Button().Type("button").Class("btn ghost").ID("copy-json").Text(c.t(i18n.CopyJSON)).
				OnClick(copyText("json", func() string { return string(c.now.result) })),
			goapp.Button().Type("button").Class("btn ghost").ID("copy-csv").Text(c.t(i18n.CopyCSV)).
				OnClick(copyText("csv", func() string { return c.csv() })),
			elem("span").Role("status").Text(map[bool]string{true: c.t(i18n.Copied)}[c.copied != ""]),
		),
		elem("pre").ID("calc-result").Text(string(c.now.result)),
	)
}

// csv writes the charts and chances of the current result.
func (c *calculator) csv() string {
	var b strings.Builder
	b.WriteString("chart,value,exactly,at_least,at_most\n")
	for _, ch := range c.now.out.charts {
		name := strings.ReplaceAll(ch.name("en"), ",", ";")
		for i, p := range ch.p {
			if ch.dist != nil {
				fmt.Fprintf(&b, "%s,%s,%.6f,%.6f,%.6f\n", name, ch.labels[i], p, ch.dist.AtLeast(i), ch.dist.AtMost(i))
			} else {
				fmt.Fprintf(&b, "%s,%s,%.6f,,\n", name, ch.labels[i], p)
			}
		}
	}
	for _, st := range c.now.out.stats {
		label := i18n.T("en", st.key)
		if st.key == i18n.WeaponLostF {
			label = fmt.Sprintf(label, st.arg)
		}
		fmt.Fprintf(&b, "%s,,%.6f,,\n", strings.ReplaceAll(label, ",", ";"), st.p)
	}
	return b.String()
}

// salvoButtons add a salvo (a copy of the last) or remove the last one.
func (c *calculator) salvoButtons() goapp.UI {
	n := c.salvoCount()
	prefix := func(i int) string { return "s" + strconv.Itoa(i) + "." }
	return elem("p").Class("actions").Body(
		goapp.Button().Type("button").Class("btn ghost").ID("salvo-add").Disabled(n >= maxSalvoGroups).Text(c.t(i18n.AddSalvo)).
			OnClick(func(ctx goapp.Context, e goapp.Event) {
				n := c.salvoCount()
				v := clone(c.now.shown)
				for k, vs := range c.now.shown {
					if rest, ok := strings.CutPrefix(k, prefix(n)); ok {
						v[prefix(n+1)+rest] = slices.Clone(vs)
					}
				}
				c.values = v
				c.compute()
				c.syncURL(ctx)
			}),
		goapp.Button().Type("button").Class("btn ghost").ID("salvo-remove").Disabled(n <= 1).Text(c.t(i18n.RemoveSalvo)).
			OnClick(func(ctx goapp.Context, e goapp.Event) {
				n := c.salvoCount()
				if n <= 1 {
					return
				}
				v := clone(c.now.shown)
				for k := range v {
					if strings.HasPrefix(k, prefix(n)) {
						v.Del(k)
					}
				}
				c.values = v
				c.compute()
				c.syncURL(ctx)
			}),
	)
}

// salvoCount is how many salvos the values hold.
func (c *calculator) salvoCount() int {
	n := 0
	for n < maxSalvoGroups && c.now.shown.Has("s"+strconv.Itoa(n+1)+".n") {
		n++
	}
	return n
}
