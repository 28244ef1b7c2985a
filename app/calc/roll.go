package calc

import (
	"fmt"
	"math"
	"slices"
	"strconv"

	"github.com/at4x/companion/app/ui"
	"github.com/at4x/companion/i18n"
	"github.com/at4x/companion/rules"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// After the roll: the reader enters what the dice did (casualties, hits,
// the vehicle's frame left; a morale test passed, the authority test won)
// and reads one verdict, how lucky that was, from the same exact
// distribution the charts draw. It is the page's own state, not the
// link's: a link shares a situation, not one roll of it.

// actionRoll is what the after-the-roll row sends: a fieldChange whose Key
// is "pick" (the chart counted, by index) or "count" (the number).
const actionRoll = "at4x/roll"

// rolled is what the reader says the dice did.
type rolled struct {
	set   bool // the reader has said something; until then the defaults show
	chart int  // index of the counted chart in the outcome's charts, or eventChart
	count int
}

// eventChart is rolled.chart for the headline's chance, which the row
// counts where the result counts nothing else: 1 when it happened.
const eventChart = -1

// rollCharts are the indexes of the outcome's charts that count something
// the reader sees on the table: those drawn from an exact distribution.
func rollCharts(o outcome) []int {
	var out []int
	for i, ch := range o.charts {
		if ch.dist != nil && ch.visible() > 1 {
			out = append(out, i)
		}
	}
	return out
}

// rollEvent is what the row counts of a result that counts nothing else:
// its headline's chance, as it fails then as it happens (a test passed, a
// test won); false when there is none.
func rollEvent(o outcome) (names [2]i18n.Key, ok bool) {
	switch o.chanceOf {
	case i18n.Pass:
		names = [2]i18n.Key{i18n.RollFailed, i18n.RollPassed}
	case i18n.Win:
		names = [2]i18n.Key{i18n.RollLost, i18n.RollWon}
	default:
		return names, false
	}
	return names, o.chance != nil && len(rollCharts(o)) == 0
}

// rollDefault is the chart and count the row opens with: the headline's
// distribution, or for a headline that is a chance (a vehicle destroyed)
// what is left of the target, and its mean, rounded; an event, the more
// likely way it goes.
func (c *calculation) rollDefault(charts []int) (chart, count int) {
	if len(charts) == 0 {
		return eventChart, int(math.Round(*c.now.out.chance))
	}
	chart = charts[0]
	for _, i := range charts {
		if c.now.out.charts[i].left() {
			chart = i
		}
	}
	if main := c.mainChart("now"); main != "" {
		chart = atoi(main[len("now/"):])
	}
	return chart, int(math.Round(c.now.out.charts[chart].dist.Mean()))
}

// rollNow is the chart and count to show for the current result: the
// reader's, while their chart is still there, else the defaults.
func (c *calculation) rollNow(charts []int) (chart, count int) {
	chart, count = c.rollDefault(charts)
	if c.roll.set && (slices.Contains(charts, c.roll.chart) || len(charts) == 0 && c.roll.chart == eventChart) {
		chart, count = c.roll.chart, c.roll.count
	}
	most := 1
	if chart != eventChart {
		most = c.now.out.charts[chart].dist.Max()
	}
	return chart, min(max(count, 0), most)
}

// luckyShare is the most rolls in which a result reads as luck: one roll in
// four, or rarer.
const luckyShare = 0.25

// countLuck is the verdict on a count k of distribution d: lucky when at
// most one roll in four does as well or better, unlucky when at most one
// in four does as badly or worse, "about as expected" otherwise. Fewer is
// better when the count is what is left of the target (fewerBetter).
func countLuck(lang string, d rules.Dist, k int, fewerBetter bool) string {
	better, worse := atLeast(d, k), atMost(d, k)
	if fewerBetter {
		better, worse = worse, better
	}
	switch {
	case better <= worse && better <= luckyShare:
		return verdict(lang, 1, better, i18n.LuckBetterF)
	case worse < better && worse <= luckyShare:
		return verdict(lang, -1, worse, i18n.LuckWorseF)
	}
	return verdict(lang, 0, better, i18n.LuckBetterF)
}

// eventLuck is the verdict on an event of chance p that happened or not.
func eventLuck(lang string, p float64, happened bool) string {
	side := 1
	if !happened {
		p, side = 1-p, -1
	}
	if p > luckyShare {
		side = 0
	}
	return verdict(lang, side, p, i18n.LuckSameF)
}

// verdict is one sentence a player reads at once: lucky (side 1), unlucky
// (-1) or neither (0), in how many rolls, then the chance p, as figure
// says it: "As lucky as 1 roll in 28: 3.6% of rolls do this well or
// better."
func verdict(lang string, side int, p float64, figure i18n.Key) string {
	t := func(k i18n.Key) string { return i18n.T(lang, k) }
	head := t(i18n.LuckUsual)
	if side != 0 {
		in, rarer := i18n.LuckyF, i18n.Luckier
		if side < 0 {
			in, rarer = i18n.UnluckyF, i18n.Unluckier
		}
		head = t(rarer)
		if p >= 0.001 {
			head = fmt.Sprintf(t(in), int(math.Round(1/p)))
		}
	}
	return head + ui.Sep(lang) + fmt.Sprintf(t(figure), i18n.Percent(lang, p)) + "."
}

// rollView is the row's props for the current result; nil where the
// result counts nothing. The prerendered page, whose result is the
// calculator's defaults, shows the row folded and empty.
func (c *Page) rollView(pending bool) goapp.UI {
	if c.now.err != nil || c.now.out.simulated {
		return nil // a simulated result has no exact distribution to read
	}
	charts := rollCharts(c.now.out)
	names, event := rollEvent(c.now.out)
	if len(charts) == 0 && !event {
		return nil
	}
	if pending {
		return &rollCheck{Lang: c.Lang, Pending: true}
	}
	chart, count := c.rollNow(charts)
	if chart == eventChart {
		return &rollCheck{Lang: c.Lang, Options: []fieldOption{{Value: "", Label: c.t(i18n.RollOutcome)}}, Count: count, Max: 1,
			Named: []string{c.t(names[0]), c.t(names[1])}, Sentence: eventLuck(c.Lang, *c.now.out.chance, count == 1)}
	}
	ch := c.now.out.charts[chart]
	r := &rollCheck{Lang: c.Lang, Pick: strconv.Itoa(chart), Count: count, Max: ch.dist.Max(),
		Sentence: countLuck(c.Lang, *ch.dist, count, ch.left())}
	for _, i := range charts {
		r.Options = append(r.Options, fieldOption{Value: strconv.Itoa(i), Label: c.now.out.charts[i].name(c.Lang)})
	}
	return r
}

// onRoll takes what the reader says the dice did.
func (c *Page) onRoll(ctx goapp.Context, a goapp.Action) {
	if ch, ok := a.Value.(fieldChange); ok {
		c.setRoll(ch)
	}
}

// setRoll takes what the reader says the dice did: the chart counted
// (Key "pick"), which opens at its own mean, or the count.
func (c *calculation) setRoll(ch fieldChange) {
	if c.now.err != nil || c.now.out.simulated {
		return
	}
	charts := rollCharts(c.now.out)
	if _, event := rollEvent(c.now.out); len(charts) == 0 && !event {
		return
	}
	chart, count := c.rollNow(charts)
	switch ch.Key {
	case "pick":
		if i := atoi(ch.Value); slices.Contains(charts, i) && i != chart {
			// Another count: it opens at its own mean.
			chart, count = i, int(math.Round(c.now.out.charts[i].dist.Mean()))
		}
	case "count":
		if n, err := strconv.Atoi(ch.Value); err == nil {
			count = n
		}
	}
	c.roll = rolled{set: true, chart: chart, count: count}
	_, c.roll.count = c.rollNow(charts)
}

// rollCheck is the after-the-roll row: what was counted, how many, and
// the verdict on how lucky that was. It is folded under its
// summary until opened, a line under the answer on a phone, and draws its
// lists only once opened: closed, they would be a tenth of the elements
// go-app's first mount of a calculator builds, one call to the browser at
// a time, for a row most readers never open.
type rollCheck struct {
	goapp.Compo

	Lang     string
	Pending  bool          // prerendered: the row is there, folded and empty
	Options  []fieldOption // the charts that count something
	Pick     string        // the chart counted
	Count    int
	Max      int
	Named    []string // the counts' names, from 0, for an event ("Failed", "Passed"); nil: the numbers
	Sentence string   // the verdict

	open bool // the row is unfolded
}

func (r *rollCheck) t(k i18n.Key) string { return i18n.T(r.Lang, k) }

func (r *rollCheck) send(ctx goapp.Context, ch fieldChange) {
	ctx.PreventUpdate()
	ctx.NewActionWithValue(actionRoll, ch)
}

func (r *rollCheck) picked(ctx goapp.Context, e goapp.Event) {
	r.send(ctx, fieldChange{Key: "pick", Value: ctx.JSSrc().Get("value").String()})
}

func (r *rollCheck) counted(ctx goapp.Context, e goapp.Event) {
	r.send(ctx, fieldChange{Key: "count", Value: ctx.JSSrc().Get("value").String()})
}

// toggled follows the reader unfolding or folding the row.
func (r *rollCheck) toggled(ctx goapp.Context, e goapp.Event) {
	r.open = ctx.JSSrc().Get("open").Bool()
}

func (r *rollCheck) Render() goapp.UI {
	summary := ui.Elem("summary").Text(r.t(i18n.AfterTheRoll))
	details := ui.Elem("details").Class("roll").ID("calc-roll").On("toggle", r.toggled)
	if r.Pending || !r.open {
		return details.Body(summary)
	}
	label := r.t(i18n.RollCount)
	if len(r.Options) == 1 {
		label = r.Options[0].Label
	}
	// Two lists, a tap to open and one to choose each: what was counted,
	// then how many, from 0 to the most the result allows.
	counts := make([]fieldOption, r.Max+1)
	for i := range counts {
		counts[i] = fieldOption{Value: strconv.Itoa(i), Label: strconv.Itoa(i)}
		if i < len(r.Named) {
			counts[i].Label = r.Named[i]
		}
	}
	return details.Body(
		summary,
		goapp.Div().Class("roll-row").Body(
			goapp.If(len(r.Options) > 1, func() goapp.UI {
				return rollList("roll-pick", r.t(i18n.RollWhat), r.Options, r.Pick, r.picked)
			}),
			rollList("roll-count", label, counts, strconv.Itoa(r.Count), r.counted),
		),
		ui.Elem("p").Class("luck").ID("roll-luck").Role("status").Aria("live", "polite").Text(r.Sentence),
	)
}

// rollList is one labelled list of the row.
func rollList(id, label string, options []fieldOption, picked string, changed goapp.EventHandler) goapp.UI {
	return goapp.Div().Class("field").Body(
		goapp.Label().For(id).Text(label),
		goapp.Select().ID(id).OnChange(changed).Body(goapp.Range(options).Slice(func(i int) goapp.UI {
			o := options[i]
			return ui.Selected(goapp.Option().Value(o.Value), o.Value == picked).Text(o.Label)
		})),
	)
}
