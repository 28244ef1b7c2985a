package calc

import (
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/at4x/companion/docs/content"
	"github.com/at4x/companion/i18n"
	"github.com/at4x/companion/rules"
)

// calculation is one calculator's values and answers; Page only draws it.
// It holds what the link says with the reader's changes, the engine's
// answer to them (and to the other game and the what-ifs), how the reader
// chose to see the answer (viewkeys.go) and what the dice did (roll.go),
// and writes all of it back as the share link. It calls no go-app, so the
// tests read and change it as the page does, without a browser.
type calculation struct {
	spec     *spec
	lang     string           // the page's language: its headline's and words'
	siteBase string           // the site's path prefix, which its link starts with
	lib      *content.Library // the glossary, for the game's own words
	words    gameWords

	values     url.Values       // what the link says, with the reader's changes
	wrongGame  string           // the game the link asked for, when it does not fit
	badGame    string           // the link's game when it names no game at all
	renumbered int              // salvos of a link that skipped numbers, renumbered 1 to renumbered
	linkErrs   map[string]error // values the link garbled, by key (rules.ParseLink), until the reader's first change
	now        evaluation
	other      *evaluation // the same situation under the other game
	what       *evaluation // the current values with the what-ifs applied
	compare    bool
	whatIfs    map[string]bool
	picked     map[string]int // bar picked per chart, by chart key
	atLeast    int            // the headline's "at least" number
	// atLeastSet tells that the reader chose atLeast, by a tap on a bar of
	// the headline's chart, or the link did (atleast): it stays while the
	// values change. Until then it is natural, and follows the values.
	atLeastSet bool
	natural    int        // the one the values give: firstThreshold of their first, unrefined, result
	bad        url.Values // view values of the link the page could not read (viewkeys.go)
	claim      string     // the sender's headline figures the link gives (claim.go), until the reader's first change
	claimGiven bool       // the link gives claim
	roll       rolled     // what the reader says the dice did (roll.go)
	refineSeq  int        // counts computations, so that only the last one's simulation runs
}

// reset reads the share link's query for the calculator name, under the
// reader's game when the link names none.
func (c *calculation) reset(name, query, game string) {
	c.spec = specFor(name)
	if c.spec == nil {
		return
	}
	var err error
	c.values, err = rules.ParseLink(query)
	c.linkErrs, _ = fieldErrors(err)
	for k, e := range c.linkErrs {
		c.linkErrs[k] = fmt.Errorf("%w: %w", errBadEscape, e)
	}
	c.renumbered = 0
	if c.spec.name == "salvos" {
		c.renumbered = renumberSalvos(c.values)
	}
	vw := readView(c.values, c.spec)
	c.atLeast, c.whatIfs, c.compare, c.picked, c.bad = vw.atLeast, vw.whatIfs, vw.compare, vw.picked, vw.bad
	c.atLeastSet = vw.atLeast > 0
	c.claim, c.claimGiven = vw.claim, vw.claimGiven
	for _, k := range viewKeys {
		if _, garbled := c.linkErrs[k]; garbled && k == keyClaim {
			c.claim, c.claimGiven = "", true // no figures to show: a wrong claim
		} else if garbled {
			c.bad.Set(k, "") // its value is lost: the message says so
		}
		delete(c.linkErrs, k)
	}
	c.wrongGame, c.badGame = "", ""
	g := c.values.Get("game")
	switch {
	case g != "" && !slices.Contains(content.GameIDs, g):
		// Not a game at all (game=at45, game=javascript:...): a bad
		// value, said as one, not a game of another calculator.
		c.badGame = g
		c.values.Set("game", c.spec.games[0])
	case g != "" && !slices.Contains(c.spec.games, g):
		c.wrongGame = g
		c.values.Set("game", c.spec.games[0])
	case g == "":
		g = c.spec.games[0]
		if slices.Contains(c.spec.games, game) {
			g = game
		}
		c.values.Set("game", g)
	}
	c.roll = rolled{}
	c.compute()
}

// gameError is the message for a link's game that names no game, which
// the page replaced by the calculator's first; "" for none.
func (c *calculation) gameError() string {
	if c.badGame == "" {
		return ""
	}
	return fmt.Sprintf(i18n.T(c.lang, i18n.BadValueF), i18n.T(c.lang, i18n.GameLabel),
		notAChoice(c.lang, c.badGame, idsNamed(c.spec.games, content.GameName)))
}

// canCompare tells whether the calculator runs under both AT games.
func (c *calculation) canCompare() bool { return c.spec.comparable() }

// compute runs the engine on the values, the other game and the what-ifs.
func (c *calculation) compute() {
	c.refineSeq++ // a simulation still running is for values gone
	c.now = evaluate(c.spec, c.values)
	for k, e := range c.linkErrs {
		// The link garbled the value; it stands until the reader's first
		// change (see change).
		if !c.values.Has(k) {
			c.now.errs[k] = e
		}
	}
	c.natural = 0
	if c.now.err == nil {
		c.natural = firstThreshold(c.now.out)
	}
	if !c.atLeastSet {
		c.atLeast = c.natural
	}
	if c.words.lang != c.lang || c.words.game != c.now.game || c.words.label == nil {
		c.words = wordsFor(c.lib, c.lang, c.now.game)
	}
	c.other, c.what = nil, nil
	if c.compare && c.canCompare() && c.now.shown != nil {
		v := clone(c.now.shown)
		v.Set("game", map[string]string{"at43": "at44", "at44": "at43"}[c.now.game])
		c.spec.hide(v, c.now.shown, clone(v))
		o := evaluate(c.spec, v)
		c.other = &o
	}
	if c.now.shown == nil {
		return
	}
	var tried bool
	v := clone(c.now.shown)
	for _, w := range c.spec.whatIfs {
		if c.whatIfs[w.key] && w.offers(c.now.shown) && c.whatIfSame(w) == "" {
			w.apply(v)
			tried = true
		}
	}
	if tried {
		w := evaluate(c.spec, v)
		c.what = &w
	}
}

// refining is the first result on show whose simulation still refines:
// the current values', the other game's, the what-if's; nil when none.
func (c *calculation) refining() *evaluation {
	for _, s := range []*evaluation{&c.now, c.other, c.what} {
		if s != nil && s.out.refine != nil {
			return s
		}
	}
	return nil
}

// summary is the summary's sentence for the current result. A failure
// points at the fields marked in red only when there are some.
func (c *calculation) summary() string {
	if c.now.err != nil && len(c.now.errs) == 0 {
		return i18n.T(c.lang, i18n.CalcFailedUnmarked)
	}
	if c.now.err != nil {
		return i18n.T(c.lang, i18n.CalcFailed)
	}
	return headline(c.lang, c.now.out, c.atLeast)
}

// formValues are the values the form shows: the engine's, or when the
// calculation failed as a whole, the link's over the calculator's
// defaults, so that no field shows empty and a tap steps from the value
// it shows, not from the field's least.
func (c *calculation) formValues() url.Values {
	if c.now.shown != nil {
		return c.now.shown
	}
	v := clone(c.values)
	defaults, _, _ := c.spec.run(url.Values{"game": {c.values.Get("game")}})
	for _, f := range c.spec.fields {
		if !v.Has(f.key) && !f.optional && f.show.holds(c.values) {
			if d := defaultOf(defaults, f.key); d != "" {
				v.Set(f.key, d)
			}
		}
	}
	return v
}

// base is the values the next change starts from: the link's, with the
// reader's changes, less every value the page refused (a bad number, a key
// the calculator does not read, the second value of a key given twice).
// The answer used the default in place of each, so the link without them
// gives the same answer, and no longer passes their messages on to the
// opponent. A change writes the key it changes and no other, not the
// defaults the engine filled in, so a link holds what the reader set.
func (c *calculation) base() url.Values {
	v := clone(c.values)
	for k, reason := range c.now.errs {
		var unknown *rules.UnknownKeys
		switch {
		case errors.As(reason, &unknown):
			for _, u := range unknown.Keys {
				v.Del(u)
			}
		case !errors.Is(reason, rules.ErrRepeated):
			v.Del(k)
		}
	}
	for k, vs := range v {
		if len(vs) > 1 {
			v[k] = vs[:1] // the first, which the answer used
		}
	}
	return v
}

// change is the values a change by the reader starts from (base): the
// first change drops what the page refused in the link, view values
// included, with their messages (see base).
func (c *calculation) change() url.Values {
	c.bad, c.linkErrs = url.Values{}, nil
	c.claim, c.claimGiven = "", false // the claim was about the link's values
	return c.base()
}

// bandStart is the shortest distance in cm that falls in the band under
// the current game.
func (c *calculation) bandStart(band string) int {
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

// set takes a field's new value, or its step from the value in use, and
// computes; it returns the value set, and false when the calculator has no
// such field. A band and a distance exclude each other: setting one drops
// the other.
func (c *calculation) set(ch fieldChange) (string, bool) {
	v := c.change()
	prefix, key := splitPrefix(ch.Key)
	if ch.Step != 0 {
		f, ok := c.spec.field(ch.Key, v)
		if !ok {
			return "", false
		}
		cur := f.valueIn(v)
		if _, err := strconv.Atoi(cur); err != nil {
			// Left out, blank or refused: the value the answer used,
			// which the field shows, not the field's least.
			cur = f.valueIn(c.formValues())
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
	before := c.formValues()
	c.spec.hide(v, before, overlaid(before, v))
	c.values = v
	c.compute()
	return ch.Value, true
}

// overlaid is the values v over the values under: what the form shows
// once a change to v is made.
func overlaid(under, v url.Values) url.Values {
	out := clone(under)
	for k, vs := range v {
		out[k] = slices.Clone(vs)
	}
	return out
}

// load takes a profile's values that this calculator has and that show
// with the profile's values, and computes; a field the profile hides
// loses its value, as with any change (spec.hide).
func (c *calculation) load(values map[string]string) {
	v := c.change()
	before := c.formValues()
	after := clone(before)
	for k, val := range values {
		if k != "game" || slices.Contains(c.spec.games, val) {
			after.Set(k, val)
		}
	}
	for k, val := range values {
		if k == "game" && slices.Contains(c.spec.games, val) || c.spec.shows(k, after) {
			v.Set(k, val)
		}
	}
	c.spec.hide(v, before, after)
	c.values = v
	c.compute()
}

// addSalvo adds a salvo, a copy of the last, and computes; false when the
// values hold as many as a link may.
func (c *calculation) addSalvo() bool {
	n := c.salvoCount()
	if n >= maxSalvoGroups {
		return false
	}
	v := c.change()
	last := salvoKey(max(n, 1), "")
	for k, vs := range c.base() {
		if rest, ok := strings.CutPrefix(k, last); ok {
			v[salvoKey(n+1, rest)] = slices.Clone(vs)
		}
	}
	c.values = v
	c.compute()
	return true
}

// removeSalvo drops the last salvo, never the only one, and computes;
// false when there is one.
func (c *calculation) removeSalvo() bool {
	n := c.salvoCount()
	if n <= 1 {
		return false
	}
	v := c.change()
	last := salvoKey(n, "")
	for k := range v {
		if strings.HasPrefix(k, last) {
			v.Del(k)
		}
	}
	c.values = v
	c.compute()
	return true
}

// salvoCount is how many salvos the values hold.
func (c *calculation) salvoCount() int {
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

// mainChart is the key of the chart of a side's headline distribution.
func (c *calculation) mainChart(name string) string {
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

// wagerLimit gives, for a wager key, its commander's rank and the most the
// game lets that rank wager.
func (c *calculation) wagerLimit(key string) (rank, limit int, ok bool) {
	rankKey := map[string]string{"aw": "ar", "bw": "br"}[key]
	g := gameRules(c.now.game)
	if rankKey == "" || g == nil || g.WagerLimit == nil || c.now.shown == nil {
		return 0, 0, false
	}
	rank = atoi(c.now.shown.Get(rankKey))
	return rank, g.WagerLimit(rank), true
}

// link is the share link of the current values and view, from the site's
// root.
func (c *calculation) link() string {
	q := clone(c.values)
	c.writeView(q)
	return shareLink(c.siteBase, c.spec.name, c.lang, q)
}

// path is the calculator's address, without the link's query.
func (c *calculation) path() string { return c.siteBase + "/calc/" + c.spec.name }

// asRecord is the calculation as the history keeps it: its link, and its
// headline when it worked out (a failed calculation stays out of the
// history).
func (c *calculation) asRecord() record {
	r := record{Link: c.link()}
	if c.now.err == nil {
		r.Headline = c.summary()
	}
	return r
}
