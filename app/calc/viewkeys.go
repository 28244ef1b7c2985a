package calc

import (
	"fmt"
	"net/url"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/at4x/companion/docs/content"
	"github.com/at4x/companion/i18n"
	"github.com/at4x/companion/rules"
)

// The share link carries, besides the engine's values, what the reader
// chose about how the result shows: the headline's "at least" number, the
// what-ifs tried, the other game side by side and the bars tapped. Without
// them the opponent, opening the link, sees another headline than the
// sender (a threshold the sender tapped on the chart). No engine input
// reads these keys: the page takes them out of the
// values before the engine sees them, and puts them back in its link.

// The view keys, as README's share-link table lists them.
const (
	keyAtLeast = "atleast" // the headline's "at least" number, 1-maxAtLeast, when not the values' own
	keyWhatIf  = "whatif"  // the what-ifs tried, comma-separated: acc, takecover, faw
	keyCompare = "compare" // 1: the other game side by side
	keyBar     = "bar"     // bars tapped, comma-separated: chart.bar, o for the other game's ("2.3,o2.1")
	keyLang    = "lang"    // the sender's language, used when the reader has no choice of their own
)

// viewKeys are the keys of the link no engine input reads.
var viewKeys = []string{keyAtLeast, keyWhatIf, keyCompare, keyBar, keyLang, keyClaim}

// maxAtLeast is the largest "at least" number a link may ask for: more
// than any count the engine gives (100 weapons at rate 20).
const maxAtLeast = 9999

// view is the reader's choices over the result, as a link gives them.
type view struct {
	atLeast int // 0: none given, the values give it (firstThreshold)
	whatIfs map[string]bool
	compare bool
	picked  map[string]int // bar tapped per chart key ("now/2", "other/1")
	// claim is the sender's headline figures (claim.go), as the link
	// gives them, given twice joined by a comma: a claim to check, never a
	// value to refuse; claimGiven tells that the link gives one.
	claim      string
	claimGiven bool
	// bad holds, by key, a value the page could not read; it stays in the
	// link, and its message on the page, until the reader's first change
	// (calculation.change).
	bad url.Values
}

// readView takes the view keys out of v and reads them for a calculator.
func readView(v url.Values, sp *spec) view {
	out := view{whatIfs: map[string]bool{}, picked: map[string]int{}, bad: url.Values{}}
	get := func(k string) (string, bool) {
		vs, ok := v[k]
		v.Del(k)
		if !ok || len(vs) == 0 {
			return "", false
		}
		if len(vs) > 1 {
			out.bad.Set(k, strings.Join(vs, ","))
			return "", false
		}
		return vs[0], true
	}
	if s, ok := get(keyAtLeast); ok {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 || n > maxAtLeast {
			out.bad.Set(keyAtLeast, s)
		} else {
			out.atLeast = n
		}
	}
	if s, ok := get(keyWhatIf); ok {
		on := map[string]bool{}
		for _, w := range strings.Split(s, ",") {
			if !slices.ContainsFunc(sp.whatIfs, func(x whatIf) bool { return x.key == w }) {
				on = nil
				break
			}
			on[w] = true
		}
		if on == nil {
			out.bad.Set(keyWhatIf, s)
		} else {
			out.whatIfs = on
		}
	}
	if s, ok := get(keyCompare); ok {
		if (s != "0" && s != "1") || !sp.comparable() {
			out.bad.Set(keyCompare, s)
		}
		out.compare = s == "1" && sp.comparable()
	}
	if s, ok := get(keyBar); ok {
		picked := map[string]int{}
		for _, b := range strings.Split(s, ",") {
			chart, bar, ok := parseBar(b)
			if !ok {
				picked = nil
				break
			}
			picked[chart] = bar
		}
		if picked == nil {
			out.bad.Set(keyBar, s)
		} else {
			out.picked = picked
		}
	}
	if vs, ok := v[keyClaim]; ok {
		out.claim, out.claimGiven = strings.Join(vs, ","), true
		v.Del(keyClaim)
	}
	// The shell reads the language, the first given: the page says only
	// what it did not read, and its link writes its own (shareLink).
	if vs := v[keyLang]; len(vs) > 1 || len(vs) == 1 && !slices.Contains(content.Langs, vs[0]) {
		out.bad[keyLang] = slices.Clone(vs)
	}
	v.Del(keyLang)
	return out
}

// parseBar reads one tapped bar, "2.3" or "o2.3", as a chart key and a bar.
func parseBar(s string) (chart string, bar int, ok bool) {
	side := "now"
	if rest, other := strings.CutPrefix(s, "o"); other {
		side, s = "other", rest
	}
	c, b, found := strings.Cut(s, ".")
	ci, err1 := strconv.Atoi(c)
	bi, err2 := strconv.Atoi(b)
	if !found || err1 != nil || err2 != nil || ci < 0 || ci > 99 || bi < 0 || bi > maxAtLeast ||
		strconv.Itoa(ci) != c || strconv.Itoa(bi) != b {
		return "", 0, false
	}
	return side + "/" + c, bi, true
}

// writeView adds the page's view keys to a link's values: the threshold
// while the headline counts something and it is not the one the link's
// values give (c.natural: from their first result, before a simulation
// refines it), which only a threshold the reader chose can be, the rest
// when chosen, and every value the page could not read, as it was.
func (c *calculation) writeView(q url.Values) {
	for k, vs := range c.bad {
		q[k] = slices.Clone(vs)
	}
	if c.atLeast > 0 && c.now.err == nil && c.now.out.main != nil && c.atLeast != c.natural && !c.bad.Has(keyAtLeast) {
		q.Set(keyAtLeast, strconv.Itoa(c.atLeast))
	}
	if !c.bad.Has(keyWhatIf) {
		var on []string
		for _, w := range c.spec.whatIfs {
			if c.whatIfs[w.key] {
				on = append(on, w.key)
			}
		}
		if len(on) > 0 {
			q.Set(keyWhatIf, strings.Join(on, ","))
		}
	}
	if c.compare && c.spec.comparable() && !c.bad.Has(keyCompare) {
		q.Set(keyCompare, "1")
	}
	if !c.bad.Has(keyBar) {
		if bars := c.barsTapped(); bars != "" {
			q.Set(keyBar, bars)
		}
	}
}

// onShow tells whether the result shows the bar of the chart key.
func (c *calculation) onShow(key string, bar int) bool {
	side, chart, _ := strings.Cut(key, "/")
	s := &c.now
	if side == "other" {
		s = c.other
	}
	i := atoi(chart)
	return s != nil && s.err == nil && i < len(s.out.charts) && bar >= 0 && bar < s.out.charts[i].visible()
}

// barsTapped writes the bars tapped on the charts on show, but the
// headline's (its bar is the threshold), in a fixed order: a bar of a
// chart the result does not show (bar=9.9) leaves the link.
func (c *calculation) barsTapped() string {
	var out []string
	for key, bar := range c.picked {
		side, chart, _ := strings.Cut(key, "/")
		if bar < 0 || key == c.mainChart(side) || (side == "other" && !c.compare) || !c.onShow(key, bar) {
			continue
		}
		if side == "other" {
			chart = "o" + chart
		}
		out = append(out, chart+"."+strconv.Itoa(bar))
	}
	sort.Strings(out)
	return strings.Join(out, ",")
}

// pickBar takes a bar tapped on a chart; it tells whether the tap chose
// the headline's "at least" number, the bar of its chart.
func (c *calculation) pickBar(p barPick) bool {
	if len(c.bad) > 0 || len(c.now.errs) > 0 {
		c.values = c.change()
		c.compute()
	}
	c.claim, c.claimGiven = "", false // a tap is a change: see change
	c.picked[p.Chart] = p.Index
	if p.Chart == c.mainChart("now") || p.Chart == c.mainChart("other") {
		c.atLeast, c.atLeastSet = max(p.Index, 1), true
		return true
	}
	return false
}

// tryWhatIf turns a what-if on or off, and computes.
func (c *calculation) tryWhatIf(key string, on bool) {
	c.whatIfs[key] = on
	c.values = c.change()
	c.compute()
}

// setCompare shows the other game's result beside, or stops, and
// computes.
func (c *calculation) setCompare(on bool) {
	c.compare = on
	c.values = c.change()
	c.compute()
}

// viewTexts name a view key in its error and say what it takes.
var viewTexts = map[string][2]i18n.Key{
	keyAtLeast: {i18n.ViewAtLeast, i18n.ViewAtLeastAllowed},
	keyWhatIf:  {i18n.WhatIf, i18n.ViewWhatIfAllowed},
	keyCompare: {i18n.CompareOther, i18n.ViewCompareAllowed},
	keyBar:     {i18n.ViewBars, i18n.ViewBarsAllowed},
}

// viewErrors are the messages of the view values the page could not read,
// in the order of viewKeys, each repeating at most rules.MaxEcho
// characters of the link.
func viewErrors(lang string, sp *spec, bad url.Values) []string {
	var out []string
	for _, k := range viewKeys {
		if !bad.Has(k) {
			continue
		}
		label, msg := k, i18n.T(lang, i18n.UnknownKey)
		switch text, ok := viewTexts[k]; {
		case k == keyLang && len(bad[k]) > 1:
			label, msg = i18n.T(lang, i18n.LanguageLabel), i18n.T(lang, i18n.Repeated)
		case k == keyLang:
			label, msg = i18n.T(lang, i18n.LanguageLabel), notAChoice(lang, bad.Get(k), idsNamed(content.Langs, langName))
		case ok && (k != keyCompare || sp.comparable()):
			label, msg = i18n.T(lang, text[0]), notAChoice(lang, bad.Get(k), i18n.T(lang, text[1]))
		}
		out = append(out, fmt.Sprintf(i18n.T(lang, i18n.BadValueF), label, msg))
	}
	return out
}

// notAChoice says, in lang, that value is not one of choices.
func notAChoice(lang, value, choices string) string {
	return fmt.Sprintf(i18n.T(lang, i18n.BadChoiceF), rules.Echo(value), choices)
}

// idsNamed lists the values a link may give, each with its name: "en
// (English), fr (Français)", "at43 (AT-43), at44 (AT-44)".
func idsNamed(ids []string, name func(string) string) string {
	var b strings.Builder
	for i, id := range ids {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(id + " (" + name(id) + ")")
	}
	return b.String()
}

// langName is a language's name in its own words.
func langName(l string) string { return i18n.T(l, i18n.LangName) }

// comparable tells whether the calculator runs under both AT games, so
// that the other game's result can be shown beside.
func (sp *spec) comparable() bool {
	return slices.Contains(sp.games, "at43") && slices.Contains(sp.games, "at44")
}
