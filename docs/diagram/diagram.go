// Package diagram draws the rules' geometry (zone of fire, cover, range
// bands, indirect fire, vehicle location, crushing) as inline SVG when the
// site is built.
//
// A diagram is a function of a ruleset (rules.Game) and of the words of one
// language and game (Words): every number it draws is read from the Game the
// engine computes with, and every word comes from the glossary or from the
// i18n strings, so one drawing serves both languages and both games and a
// change to a ruleset redraws it. The SVG uses classes only (no inline style
// and no fixed colour), which web/style.css maps to the theme's variables,
// and currentColor for text and lines.
package diagram

import (
	"fmt"
	"html"
	"slices"
	"strings"

	"github.com/at4x/companion/i18n"
	"github.com/at4x/companion/rules"
)

// Words gives a diagram its words in one language and game.
type Words struct {
	Lang string
	// Term returns the glossary name of a term id in this language and game.
	Term func(id string) string
}

func (w Words) t(k i18n.Key) string { return i18n.T(w.Lang, k) }

func (w Words) f(k i18n.Key, args ...any) string { return fmt.Sprintf(w.t(k), args...) }

// figure is a drawn diagram before it is wrapped for the page.
type figure struct {
	title   string // accessible name of the picture
	caption string
	svg     *canvas
}

// diagrams lists the diagrams by the name the Markdown uses.
var diagrams = map[string]func(g rules.Game, w Words) figure{
	"zone-of-fire":     zoneOfFire,
	"cover":            cover,
	"range-bands":      rangeBands,
	"indirect-fire":    indirectFire,
	"vehicle-location": vehicleLocation,
	"crushing":         crushing,
}

// Names lists every diagram, sorted.
func Names() []string {
	var names []string
	for n := range diagrams {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// Figure draws the named diagram for game g as an HTML <figure> holding an
// inline <svg role="img"> and its caption.
func Figure(name string, g rules.Game, w Words) (string, error) {
	draw, ok := diagrams[name]
	if !ok {
		return "", fmt.Errorf("diagram %q is unknown: allowed %s", name, strings.Join(Names(), ", "))
	}
	if g.RangeBand == nil {
		return "", fmt.Errorf("diagram %q: game %q has no d6 rules to draw", name, g.ID)
	}
	f := draw(g, w)
	var b strings.Builder
	fmt.Fprintf(&b, `<figure class="diagram" data-diagram="%s">`, name)
	fmt.Fprintf(&b, `<svg role="img" aria-label="%s" viewBox="0 0 %d %d" width="%d" height="%d">`,
		html.EscapeString(w.f(i18n.DiagramLabelF, f.title)), f.svg.w, f.svg.h, f.svg.w, f.svg.h)
	b.WriteString(f.svg.b.String())
	b.WriteString(`</svg><figcaption>`)
	b.WriteString(html.EscapeString(f.caption))
	b.WriteString(`</figcaption></figure>`)
	return b.String(), nil
}
