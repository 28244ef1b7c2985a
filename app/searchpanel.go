package app

import (
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
	var groups [3][]search.Result
	for _, r := range s.results {
		groups[r.Entry.Kind] = append(groups[r.Entry.Kind], r)
	}
	titles := [3]i18n.Key{search.Term: i18n.SearchTerms, search.Heading: i18n.SearchSections, search.Text: i18n.SearchText}
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
			goapp.Range(groups[:]).Slice(func(k int) goapp.UI {
				g := groups[k]
				if len(g) == 0 {
					return nil
				}
				return elem("section").Class("group").Body(
					elem("h2").Text(s.t(titles[k])),
					elem("ul").Body(goapp.Range(g).Slice(func(i int) goapp.UI {
						r := g[i]
						return elem("li").Body(goapp.A().Class("result").Href(s.href(r.Entry.Href)).Body(
							elem("span").Class("hit").Body(highlight(r.Show, r.Marks)...),
							goapp.If(r.Entry.Context != "", func() goapp.UI {
								return elem("small").Text(r.Entry.Context)
							}),
						))
					})),
				)
			}),
		),
	)
}

// highlight wraps the marked runes of s in <mark>, run by run.
func highlight(s string, marks []int) []goapp.UI {
	rs := []rune(s)
	var out []goapp.UI
	marked := make([]bool, len(rs))
	for _, m := range marks {
		if m >= 0 && m < len(rs) {
			marked[m] = true
		}
	}
	start := 0
	for i := 1; i <= len(rs); i++ {
		if i == len(rs) || marked[i] != marked[start] {
			part := string(rs[start:i])
			if marked[start] {
				out = append(out, elem("mark").Text(part))
			} else {
				out = append(out, goapp.Text(part))
			}
			start = i
		}
	}
	return out
}
