package calc

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/at4x/companion/i18n"
	"github.com/at4x/companion/rules"
)

// evaluation is the result of one set of values.
type evaluation struct {
	game  string
	shown url.Values       // values with defaults, as the engine read them
	errs  map[string]error // the engine's reason, by bad key
	out   outcome
	err   error
}

// resultJSON is the engine's result as JSON, written when it is shown, not
// when a value changes.
func (s evaluation) resultJSON() []byte {
	if s.err != nil {
		return nil
	}
	b, err := json.MarshalIndent(s.out.result, "", " ")
	if err != nil {
		return nil
	}
	return b
}

func (c *Page) reset() {
	c.spec = specFor(c.Name)
	if c.spec == nil {
		return
	}
	var err error
	c.values, err = rules.ParseLink(c.Query)
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
	for _, k := range viewKeys {
		if _, garbled := c.linkErrs[k]; garbled && k != keyLang {
			c.bad.Set(k, "") // its value is lost: the message says so
		}
		delete(c.linkErrs, k)
	}
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
	c.roll = rolled{}
	c.compute()
}

// renumberSalvos numbers the salvo groups of a link s1, s2, ... in their
// order, when the link skips a number (s1 and s3): the engine refuses such
// a link whole, and the salvos it holds are still the reader's. It returns
// how many salvos there are then, or 0 when it renumbered none. Keys that
// name no salvo 1 to MaxSalvoGroups ("s01.n", "s11.n") are left for the
// engine to refuse.
func renumberSalvos(v url.Values) int {
	var to [MaxSalvoGroups + 1]int // new number by old
	for k := range v {
		if i, _, ok := salvoOf(k); ok {
			to[i] = 1
		}
	}
	n, gap := 0, false
	for i := range to {
		if to[i] > 0 {
			n++
			to[i], gap = n, gap || n != i
		}
	}
	if !gap {
		return 0
	}
	moved := url.Values{}
	for k, vs := range v {
		if i, rest, ok := salvoOf(k); ok {
			moved[salvoKey(to[i], rest)] = vs
			delete(v, k)
		}
	}
	for k, vs := range moved {
		v[k] = vs
	}
	return n
}

// salvoOf reads a salvo key "s3.acc" as its salvo and the key within it.
func salvoOf(key string) (i int, rest string, ok bool) {
	num, rest, found := strings.Cut(key, ".")
	n, err := strconv.Atoi(strings.TrimPrefix(num, "s"))
	if !found || !strings.HasPrefix(num, "s") || err != nil || n < 1 || n > MaxSalvoGroups || num != "s"+strconv.Itoa(n) {
		return 0, "", false
	}
	return n, rest, true
}

// canCompare tells whether the calculator runs under both AT games.
func (c *Page) canCompare() bool { return c.spec.comparable() }

// compute runs the engine on the values, the other game and the what-ifs.
func (c *Page) compute() {
	c.refineSeq++ // a simulation still running is for values gone
	c.now = evaluate(c.spec, c.values)
	for k, e := range c.linkErrs {
		// The link garbled the value; it stands until the reader gives one.
		if !c.values.Has(k) {
			c.now.errs[k] = e
		}
	}
	c.natural = 0
	if c.now.err == nil {
		c.natural = firstThreshold(c.now.out)
	}
	if c.atLeast == 0 {
		c.atLeast = c.natural
	}
	c.showAnswer()
	if c.words.lang != c.Lang || c.words.game != c.now.game || c.words.label == nil {
		c.words = wordsFor(c.lib, c.Lang, c.now.game)
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
	var tried bool
	v := clone(c.now.shown)
	for _, w := range c.spec.whatIfs {
		if c.whatIfs[w.key] && w.offers(c.now.shown) {
			w.apply(v)
			tried = true
		}
	}
	if tried {
		w := evaluate(c.spec, v)
		c.what = &w
	}
}

// summary is the summary's sentence for the current result. A failure
// points at the fields marked in red only when there are some.
func (c *Page) summary() string {
	if c.now.err != nil && len(c.now.errs) == 0 {
		return c.t(i18n.CalcFailedUnmarked)
	}
	if c.now.err != nil {
		return c.t(i18n.CalcFailed)
	}
	return headline(c.Lang, c.now.out, c.atLeast)
}

// evaluate runs a calculator. Every bad value the engine reports (all at
// once, as rules.FieldErrors) gets its message and is replaced by its
// default, so the other values still count: a salvo's bad number must not
// make the salvo vanish and renumber the next ones. A key given twice
// keeps its first value; the keys the calculator does not read are left
// out.
func evaluate(spec *spec, values url.Values) evaluation {
	v := clone(values)
	s := evaluation{game: v.Get("game"), errs: map[string]error{}}
	var defaults url.Values
	for range 10 {
		shown, out, err := spec.run(v)
		if err == nil {
			s.shown, s.out, s.err = shown, out, nil
			return s
		}
		bad, _ := fieldErrors(err)
		fixed := false
		for key, reason := range bad {
			// The keys the calculator does not read are left out, all of
			// them, whatever the key their one error stands under.
			var unknown *rules.UnknownKeys
			if errors.As(reason, &unknown) && s.errs[key] == nil {
				for _, k := range unknown.Keys {
					v.Del(k)
				}
				s.errs[key], fixed = reason, true
				continue
			}
			// A key given twice keeps its first value, which the form
			// shows; if that too is refused, its own reason replaces the
			// repetition's.
			if !v.Has(key) || s.errs[key] != nil && !errors.Is(s.errs[key], rules.ErrRepeated) {
				continue
			}
			s.errs[key], fixed = reason, true
			if errors.Is(reason, rules.ErrRepeated) {
				v[key] = v[key][:1]
				continue
			}
			if defaults == nil {
				defaults, _, _ = spec.run(url.Values{"game": {s.game}})
			}
			if d := defaultOf(defaults, key); d != "" && d != v.Get(key) && !errors.Is(reason, rules.ErrUnknownKey) {
				v.Set(key, d)
			} else {
				v.Del(key)
			}
		}
		if !fixed {
			s.err = err
			return s
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

// formValues are the values the form shows: the engine's, or when the
// calculation failed as a whole, the link's over the calculator's
// defaults, so that no field shows empty and a tap steps from the value
// it shows, not from the field's least.
func (c *Page) formValues() url.Values {
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
// reader's changes. A change writes the key it changes and no other, not
// the defaults the engine filled in, so a link holds what the reader set;
// and it drops no value of the link, a bad one included, but the keys the
// calculator does not read, which its message said were left out, and the
// second value of a key given twice.
func (c *Page) base() url.Values {
	v := clone(c.values)
	for k, reason := range c.now.errs {
		var unknown *rules.UnknownKeys
		if errors.As(reason, &unknown) {
			for _, u := range unknown.Keys {
				v.Del(u)
			}
		}
		if errors.Is(reason, rules.ErrUnknownKey) {
			v.Del(k)
		}
	}
	for k, vs := range v {
		if len(vs) > 1 {
			v[k] = vs[:1]
		}
	}
	return v
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
func (c *Page) bandStart(band string) int {
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

// rulesets are the engine's rulesets by id, read once: the form asks for
// its game's band rule on every field it draws.
var rulesets = func() map[string]*rules.Game {
	m := map[string]*rules.Game{}
	for _, g := range rules.Games() {
		m[g.ID] = &g
	}
	return m
}()

// gameRules is the engine's ruleset for a game id, or nil.
func gameRules(id string) *rules.Game { return rulesets[id] }
