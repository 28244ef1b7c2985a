package calc

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"

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
