package app

import (
	"html"
	"strings"

	"github.com/at4x/companion/app/search"
	"github.com/at4x/companion/i18n"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// openSearch shows the search panel and puts the cursor in its box.
func (s *shell) openSearch(ctx goapp.Context) {
	s.searchOpen = true
	s.term = ""
	ctx.Defer(func(ctx goapp.Context) {
		if in := goapp.Window().GetElementByID("search-input"); in.Truthy() {
			in.Call("focus")
			in.Call("select")
		}
		s.site.index(s.game, s.lang)
		ctx.PreventUpdate()
	})
}

// searchPanel is the search box and its grouped results.
func (s *shell) searchPanel() goapp.UI {
	// The panel stays in the page when closed, so the search box can be
	// typed into (and measured) from any page.
	cls := "search-panel closed"
	if s.searchOpen {
		cls = "search-panel"
	}
	return goapp.Div().Class(cls).ID("search-panel").Role("search").Body(
		goapp.Label().For("search-input").Class("visually-hidden").Text(s.t(i18n.SearchLabel)),
		// Enter opens the first result.
		elem("form").OnSubmit(func(ctx goapp.Context, e goapp.Event) {
			e.PreventDefault()
			if len(s.results) > 0 {
				ctx.Navigate(s.href(s.results[0].Entry.Href))
			}
		}).Body(goapp.Input().ID("search-input").Type("search").AutoComplete(false).
			Placeholder(s.t(i18n.SearchPlaceholder)).Value(s.searchText).
			Aria("controls", "search-results").
			OnInput(func(ctx goapp.Context, e goapp.Event) {
				s.searchText = ctx.JSSrc().Get("value").String()
				s.searchOpen = s.searchOpen || s.searchText != ""
				s.results = s.site.index(s.game, s.lang).Find(s.searchText)
			})),
		goapp.Div().ID("search-results").Aria("live", "polite").Body(
			goapp.If(s.searchText != "" && len(s.results) == 0, func() goapp.UI {
				return elem("p").Class("muted").Text(s.t(i18n.SearchNone))
			}),
			goapp.If(len(s.results) > 0, func() goapp.UI { return goapp.Raw(s.resultsHTML()) }),
		),
	)
}

// resultsHTML writes the grouped results as one HTML string: the list
// changes wholesale on each keystroke, and one innerHTML costs far less in
// wasm than go-app's node-by-node update of forty links.
func (s *shell) resultsHTML() string {
	titles := [3]i18n.Key{search.Term: i18n.SearchTerms, search.Heading: i18n.SearchSections, search.Text: i18n.SearchText}
	var b strings.Builder
	b.WriteString(`<div class="results">`)
	kind := search.Kind(-1)
	for _, r := range s.results {
		if r.Entry.Kind != kind {
			if kind >= 0 {
				b.WriteString(`</ul></section>`)
			}
			kind = r.Entry.Kind
			b.WriteString(`<section class="group"><h2>` + html.EscapeString(s.t(titles[kind])) + `</h2><ul>`)
		}
		b.WriteString(`<li><a class="result" href="` + html.EscapeString(s.href(r.Entry.Href)) + `"><span class="hit">`)
		writeHighlighted(&b, r.Show, r.Marks)
		b.WriteString(`</span>`)
		if r.Entry.Context != "" {
			b.WriteString(`<small>` + html.EscapeString(r.Entry.Context) + `</small>`)
		}
		b.WriteString(`</a></li>`)
	}
	if kind >= 0 {
		b.WriteString(`</ul></section>`)
	}
	b.WriteString(`</div>`)
	return b.String()
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
