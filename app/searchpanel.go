package app

import (
	"html"
	"strings"

	"github.com/at4x/companion/app/search"
	"github.com/at4x/companion/app/ui"
	"github.com/at4x/companion/i18n"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// searchBox is the search box and its grouped results. It is a component
// of its own so that a keystroke re-renders the results, not the whole
// page around them.
type searchBox struct {
	goapp.Compo

	Open bool // opened by the shell (button, "/" key)
	Lang string
	Game string

	site    *Site
	typed   bool // opened by typing into the box while closed
	wasOpen bool
	text    string
	results []search.Result
}

func (b *searchBox) t(k i18n.Key) string { return i18n.T(b.Lang, k) }

// OnNav closes a box that typing opened, as the page changes.
func (b *searchBox) OnNav(ctx goapp.Context) { b.typed = false }

// OnUpdate searches again when the language or game changes, and closes
// the box with the shell.
func (b *searchBox) OnUpdate(ctx goapp.Context) {
	if b.wasOpen && !b.Open {
		b.typed = false
	}
	b.wasOpen = b.Open
	b.find()
	ctx.Defer(func(goapp.Context) { b.show() })
}

func (b *searchBox) find() {
	if b.site == nil {
		return
	}
	b.results = b.site.index(b.Game, b.Lang).Find(b.text)
}

// Render draws the box; it stays in the page when closed, so it can be
// typed into from any page.
func (b *searchBox) Render() goapp.UI {
	cls := "search-panel closed"
	if b.Open || b.typed {
		cls = "search-panel"
	}
	return goapp.Div().Class(cls).ID("search-panel").Role("search").Body(
		goapp.Label().For("search-input").Class("visually-hidden").Text(b.t(i18n.SearchLabel)),
		// Enter opens the first result.
		ui.Elem("form").OnSubmit(func(ctx goapp.Context, e goapp.Event) {
			e.PreventDefault()
			if len(b.results) > 0 {
				ctx.Navigate(b.site.href(b.results[0].Entry.Href))
			}
		}).Body(goapp.Input().ID("search-input").Type("search").AutoComplete(false).
			Placeholder(b.t(i18n.SearchPlaceholder)).Value(b.text).
			Aria("controls", "search-results").
			OnInput(func(ctx goapp.Context, e goapp.Event) {
				b.text = ctx.JSSrc().Get("value").String()
				opened := !b.Open && !b.typed && b.text != ""
				b.typed = b.typed || b.text != ""
				b.find()
				// Write the results at once rather than at go-app's next
				// frame: the keystroke shows its effect in the same task.
				b.show()
				if !opened {
					ctx.PreventUpdate()
				}
			}).
			OnKeyDown(func(ctx goapp.Context, e goapp.Event) {
				if e.Get("key").String() == "Escape" {
					b.typed = false
				}
			})),
		// The results are written by show, not by go-app: the container has
		// no go-app children, so its renders leave them alone.
		goapp.Div().ID("search-results").Aria("live", "polite"),
	)
}

// OnMount writes the results of a box that kept its text.
func (b *searchBox) OnMount(ctx goapp.Context) {
	ctx.Defer(func(goapp.Context) { b.show() })
}

// show writes the current results into their container.
func (b *searchBox) show() {
	if !goapp.IsClient {
		return
	}
	if el := goapp.Window().GetElementByID("search-results"); el.Truthy() {
		el.Set("innerHTML", b.resultsHTML())
	}
}

// resultsHTML writes the grouped results as one HTML string: the list
// changes wholesale on each keystroke, and one innerHTML costs far less in
// wasm than go-app's node-by-node update of forty links. Links are plain
// anchors, which go-app's window click handler routes like any other.
func (b *searchBox) resultsHTML() string {
	if b.text != "" && len(b.results) == 0 {
		return `<p class="muted">` + html.EscapeString(b.t(i18n.SearchNone)) + `</p>`
	}
	titles := [3]i18n.Key{search.Term: i18n.SearchTerms, search.Heading: i18n.SearchSections, search.Text: i18n.SearchText}
	var w strings.Builder
	w.WriteString(`<div class="results">`)
	kind := search.Kind(-1)
	for _, r := range b.results {
		if r.Entry.Kind != kind {
			if kind >= 0 {
				w.WriteString(`</ul></section>`)
			}
			kind = r.Entry.Kind
			w.WriteString(`<section class="group"><h2>` + html.EscapeString(b.t(titles[kind])) + `</h2><ul>`)
		}
		w.WriteString(`<li><a class="result" href="` + html.EscapeString(b.site.href(r.Entry.Href)) + `"><span class="hit">`)
		writeHighlighted(&w, r.Show, r.Marks)
		w.WriteString(`</span>`)
		if r.Entry.Context != "" {
			w.WriteString(`<small>` + html.EscapeString(r.Entry.Context) + `</small>`)
		}
		w.WriteString(`</a></li>`)
	}
	if kind >= 0 {
		w.WriteString(`</ul></section>`)
	}
	w.WriteString(`</div>`)
	return w.String()
}

// writeHighlighted writes s escaped, with its marked runes in <mark>.
func writeHighlighted(b *strings.Builder, s string, marks []int) {
	marked := map[int]bool{}
	for _, m := range marks {
		marked[m] = true
	}
	open := false
	i := 0
	for _, r := range s {
		if marked[i] != open {
			if open {
				b.WriteString("</mark>")
			} else {
				b.WriteString("<mark>")
			}
			open = !open
		}
		b.WriteString(html.EscapeString(string(r)))
		i++
	}
	if open {
		b.WriteString("</mark>")
	}
}
