package calc

import (
	"encoding/json"
	"net/url"
	"slices"
	"strconv"
	"strings"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// A calculator's prerendered page is one file for every link, and the
// head script (prefill.js, in the shell's: HeadScript) shows the link's
// own values in its fields before the client has started, with no engine:
// the opponent sees at once what is being worked out. So the prerendered
// form holds every field that may show under its game, each with its
// value when the values make it show (the engine's default for the key
// then), the condition that shows it as JSON (the head script tests it as
// the client does, by condTests: fields.go), and,
// for a range band, where each band starts, which the page shows from a
// distance in cm. Of the salvos it holds the first, which the head script
// copies for the link's others. Nothing here runs in the client: go-app's
// client draws the form from the link itself.

// prefill is what a prerendered field tells the head script.
type prefill struct {
	show   string // the condition that shows the field, as showJSON writes it; "" for always
	bands  string // a range band's: the first distance of each band, in cm
	group  int    // the salvo the field belongs to
	hidden bool   // the condition fails for the calculator's defaults
}

// mark writes p on a field's element.
func (p prefill) mark(e goapp.HTMLDiv) goapp.HTMLDiv {
	if p.show != "" {
		e = e.DataSet("show", p.show)
	}
	if p.bands != "" {
		e = e.DataSet("bands", p.bands)
	}
	if p.group != 0 {
		e = e.DataSet("group", p.group)
	}
	if p.hidden {
		e = e.Hidden(true)
	}
	return e
}

// prerendered tells whether the prerendered form holds the field: when its
// condition may hold under the game, and of the salvos the first only.
func prerendered(f field, game string) bool {
	return f.group <= 1 && f.show.mayHoldIn(game)
}

// mayHoldIn tells whether the condition may hold for some values under
// the game: it fails only when it asks for another game.
func (c *cond) mayHoldIn(game string) bool {
	if c == nil {
		return true
	}
	switch c.Op {
	case condGame:
		return slices.Contains(c.Games, game)
	case condAll:
		return !slices.ContainsFunc(c.Of, func(c *cond) bool { return !c.mayHoldIn(game) })
	case condAny:
		return slices.ContainsFunc(c.Of, func(c *cond) bool { return c.mayHoldIn(game) })
	}
	return true
}

// meet changes v, as little as it can, so that the condition holds: the
// values under which a field that the defaults hide shows (a vehicle's
// frame shows for a vehicle target). It leaves v as it is where it cannot.
func (c *cond) meet(v url.Values) {
	if c == nil || c.holds(v) {
		return
	}
	switch c.Op {
	case condIs:
		v.Set(c.Key, c.Value)
	case condUnder:
		v.Set(c.Key, strconv.Itoa(c.N-1))
	case condOver:
		v.Set(c.Key, strconv.Itoa(c.N+1))
	case condAll:
		for _, o := range c.Of {
			o.meet(v)
		}
	case condAny:
		if i := slices.IndexFunc(c.Of, func(o *cond) bool { return o.mayHoldIn(v.Get("game")) }); i >= 0 {
			c.Of[i].meet(v)
		}
	}
}

// prefilledField is a field of the prerendered form: its value is the
// engine's default for its key under values that show it, and it carries
// its marks.
func (c *Page) prefilledField(f field, defaults url.Values) *fieldView {
	p := prefill{group: f.group, hidden: !f.show.holds(defaults)}
	shown := defaults
	if f.show != nil {
		p.show = showJSON(f.show)
		v := clone(defaults)
		f.show.meet(v)
		if s, _, err := c.spec.run(v); err == nil {
			shown = s
		}
	}
	if _, key := splitPrefix(f.key); key == "range" {
		p.bands = bandStarts(c.now.game)
	}
	fv := c.fieldOf(f, shown, true)
	fv.Prefill = p
	return fv
}

// bandStarts are the shortest distance of each range band under a game,
// in cm, from 0 to 300 cm: the band of a distance is the last that starts
// at or under it. "" for a game with no bands.
func bandStarts(game string) string {
	g := gameRules(game)
	if g == nil || g.RangeBand == nil {
		return ""
	}
	var starts []string
	for cm, band := 0, -1; cm <= 300; cm++ {
		if b := g.RangeBand(cm); b != band {
			starts, band = append(starts, strconv.Itoa(cm)), b
		}
	}
	return strings.Join(starts, " ")
}

// showJSON is a condition as JSON with its double quotes made single:
// go-app writes an attribute's value quoted as a Go string, with a double
// quote as \", which HTML does not read as one. No name or value of a
// condition holds a quote of either kind.
func showJSON(c *cond) string {
	b, _ := json.Marshal(c)
	return strings.ReplaceAll(string(b), `"`, "'")
}
