package app

import (
	"slices"
	"strings"

	"github.com/at4x/companion/app/calc"
	"github.com/at4x/companion/app/ui"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// navItem is one link of the bottom bar; an item without Href is a blank
// that keeps the others in place (no previous section on the first one).
type navItem struct {
	Class string
	Href  string
	Text  string
	Title string
	Label string // accessible name, when the text is a glyph
	Rel   string
	// Current marks the page the link leads to.
	Current bool
}

// bottomNav is the bar at the bottom of the screen: previous and next
// section with the ways out of a text, or the list of calculators. Its
// props are values, so the shell's renders skip it when nothing changed.
type bottomNav struct {
	goapp.Compo

	Label string
	Items []navItem
	List  bool // a scrolling list (the calculators) rather than a bar
}

func (n *bottomNav) Render() goapp.UI {
	link := func(it navItem) goapp.UI {
		if it.Href == "" {
			return ui.Elem("span").Class(it.Class)
		}
		a := goapp.A().Class(it.Class).Href(it.Href).Text(it.Text)
		if it.Title != "" {
			a = a.Title(it.Title)
		}
		if it.Label != "" {
			a = a.Aria("label", it.Label)
		}
		if it.Rel != "" {
			a = a.Rel(it.Rel)
		}
		if it.Current {
			a = a.Aria("current", "page")
		}
		return a
	}
	if n.List {
		return ui.Elem("nav").Class("bottom").Aria("label", n.Label).Body(
			ui.Elem("ul").Class("calc-links").Body(goapp.Range(n.Items).Slice(func(i int) goapp.UI {
				return ui.Elem("li").Body(link(n.Items[i]))
			})),
		)
	}
	return ui.Elem("nav").Class("bottom").Aria("label", n.Label).Body(
		goapp.Range(n.Items).Slice(func(i int) goapp.UI { return link(n.Items[i]) }),
	)
}

// calcsIn returns the calculators that rendered rules HTML links to, in
// order of first mention.
func calcsIn(html string) []string {
	var out []string
	for rest := html; ; {
		i := strings.Index(rest, "/calc/")
		if i < 0 {
			return out
		}
		rest = rest[i+len("/calc/"):]
		end := strings.IndexAny(rest, `?"#`)
		if end < 0 {
			return out
		}
		if name := rest[:end]; slices.Contains(calc.Names(), name) && !slices.Contains(out, name) {
			out = append(out, name)
		}
	}
}
