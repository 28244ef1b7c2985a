package app

import (
	"github.com/at4x/companion/app/ui"
	"github.com/at4x/companion/i18n"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The search panel and the term sheet each add an entry to the browser's
// history when they open, at the same address, so that the phone's Back
// button closes them and leaves the reader on the page.

// overlayState marks the history entries the overlays add.
const overlayState = "at4x-overlay"

// actionDismiss is the action a child sends to close what is open.
const actionDismiss = "at4x/dismiss"

// onOverlayEntry tells whether the current history entry is one an overlay
// added.
func onOverlayEntry() bool {
	st := goapp.Window().Get("history").Get("state")
	return st.Truthy() && st.Get("at4x").String() == overlayState
}

// pushOverlay adds the history entry of an overlay that opens, unless one
// is already on top (the search opened over the term sheet).
func pushOverlay() {
	if !goapp.IsClient || onOverlayEntry() {
		return
	}
	goapp.Window().Get("history").Call("pushState", map[string]any{"at4x": overlayState}, "", goapp.Window().Get("location").Get("href"))
}

// dismiss closes what is open from the page itself (Close, Escape, the
// scrim, the search button), taking its history entry back too.
func (s *shell) dismiss(ctx goapp.Context) {
	open := s.term != "" || s.searchOpen
	if s.term != "" {
		s.closeTerm(ctx)
	}
	s.closeOverlays()
	if open && onOverlayEntry() {
		goapp.Window().Get("history").Call("back")
	}
}

// popped runs on Back and Forward. Back from an overlay's entry closes it.
// An overlay entry reached with nothing open (Back from a page that a
// search result opened) is stale: step over it.
func (s *shell) popped(ctx goapp.Context) {
	if s.term != "" || s.searchOpen {
		if s.term != "" {
			s.closeTerm(ctx)
		}
		s.closeOverlays()
		return
	}
	if onOverlayEntry() {
		goapp.Window().Get("history").Call("back")
	}
	ctx.PreventUpdate()
}

// closeTerm closes the term sheet and gives the focus back to the term
// that opened it.
func (s *shell) closeTerm(ctx goapp.Context) {
	s.term = ""
	if from := s.termFrom; from != nil && from.Truthy() {
		ctx.Defer(func(goapp.Context) { from.Call("focus") })
	}
	s.termFrom = nil
}

// termSheet is the sheet of the term the reader tapped.
func (s *shell) termSheet() goapp.UI {
	t := s.lib().Term(s.term)
	if t == nil {
		return nil
	}
	sh := &termSheet{
		Lang:      s.lang,
		Title:     t.Label(s.lang, s.game),
		Def:       t.Def[s.lang],
		GlossHref: s.site.href(route{view: viewGlossary, lang: s.lang, game: s.game}.path() + "#" + t.ID),
	}
	if text := s.text(); text != nil {
		for _, id := range t.Sections {
			if sec, _ := text.Section(id); sec != nil {
				sh.ReadHref = s.site.href(route{view: viewSection, lang: s.lang, game: s.game, section: id}.path())
				break
			}
		}
	}
	return sh
}

// termSheet shows a glossary term's definition over the text, as a modal
// dialog that keeps the keyboard focus inside while it is open.
type termSheet struct {
	goapp.Compo

	Lang      string
	Title     string
	Def       string
	ReadHref  string // the section that explains the term, or ""
	GlossHref string
}

func (d *termSheet) close(ctx goapp.Context, e goapp.Event) { ctx.NewAction(actionDismiss) }

// trap keeps Tab and Shift+Tab inside the sheet.
func (d *termSheet) trap(ctx goapp.Context, e goapp.Event) {
	if e.Get("key").String() != "Tab" {
		return
	}
	items := ctx.JSSrc().Call("querySelectorAll", "a[href], button")
	n := items.Length()
	if n == 0 {
		return
	}
	first, last := items.Index(0), items.Index(n-1)
	active := goapp.Window().Get("document").Get("activeElement")
	switch {
	case e.Get("shiftKey").Bool() && (active.Equal(first) || !ctx.JSSrc().Call("contains", active).Bool()):
		e.PreventDefault()
		last.Call("focus")
	case !e.Get("shiftKey").Bool() && (active.Equal(last) || !ctx.JSSrc().Call("contains", active).Bool()):
		e.PreventDefault()
		first.Call("focus")
	}
	ctx.PreventUpdate()
}

func (d *termSheet) Render() goapp.UI {
	t := func(k i18n.Key) string { return i18n.T(d.Lang, k) }
	return goapp.Div().Class("overlay").Body(
		goapp.Div().Class("scrim").OnClick(d.close),
		goapp.Div().Class("dialog").ID("term-dialog").Role("dialog").Aria("modal", true).Aria("labelledby", "term-title").
			OnKeyDown(d.trap).Body(
			ui.Elem("h2").ID("term-title").Text(d.Title),
			ui.Elem("p").Class("def").Text(d.Def),
			ui.Elem("p").Class("actions").Body(
				goapp.If(d.ReadHref != "", func() goapp.UI {
					return goapp.A().Class("btn").Href(d.ReadHref).Text(t(i18n.ReadRule))
				}),
				goapp.A().Class("btn ghost").Href(d.GlossHref).Text(t(i18n.Glossary)),
				goapp.Button().Class("btn ghost").ID("term-close").Text(t(i18n.Close)).OnClick(d.close),
			),
		),
	)
}

// toggleSearch opens or closes the search panel (the top bar's
// actionSearch).
func (s *shell) toggleSearch(ctx goapp.Context, a goapp.Action) {
	if s.searchOpen {
		s.dismiss(ctx)
		return
	}
	s.openSearch(ctx)
}

// openSearch shows the search panel and puts the cursor in its box.
func (s *shell) openSearch(ctx goapp.Context) {
	if s.term != "" {
		s.closeTerm(ctx)
	}
	s.searchOpen = true
	pushOverlay()
	// A deferred function schedules no render, so it must not call
	// PreventUpdate: that would cancel the next event's render instead
	// (Back pressed right after opening left the panel drawn open).
	ctx.Defer(func(ctx goapp.Context) {
		if in := goapp.Window().GetElementByID("search-input"); in.Truthy() {
			in.Call("focus")
			in.Call("select")
		}
		s.site.index(s.game, s.lang)
	})
}

// openTerm opens the sheet of a term (ui.ActionTerm): one tapped in the
// rules text, or a calculator's label.
func (s *shell) openTerm(ctx goapp.Context, a goapp.Action) {
	v, ok := a.Value.(ui.TermOpen)
	if !ok || s.lib().Term(v.ID) == nil {
		return
	}
	s.searchOpen = false
	s.term = v.ID
	s.termFrom = v.From
	pushOverlay()
	ctx.Defer(func(ctx goapp.Context) {
		if b := goapp.Window().GetElementByID("term-close"); b.Truthy() {
			b.Call("focus")
		}
	})
}
