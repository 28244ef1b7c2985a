package app

import (
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/at4x/companion/app/calc"
	"github.com/at4x/companion/app/store"
	"github.com/at4x/companion/app/ui"
	"github.com/at4x/companion/docs/content"
	"github.com/at4x/companion/i18n"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// updateCheckEvery is how often an open app asks for a new version.
const updateCheckEvery = 15 * time.Minute

// shell is the root component of every route: header, the view of the
// current route, the bottom navigation and the overlays (search, glossary
// term, update banner).
type shell struct {
	goapp.Compo

	site *Site

	r       route
	query   url.Values
	lang    string // interface and content language
	game    string
	missing bool // arrived from a game that lacks the section
	chosen  bool // the address or the reader's settings name the game

	// rawQuery is the address's query as written: the calculator reads it
	// with rules.ParseLink, which reports a bad percent-escape u.Query drops.
	rawQuery string

	loaded bool
	prefs  prefs
	marks  []mark
	recent []mark
	awake  wakeLock

	term     string      // glossary term shown in the dialog
	termFrom goapp.Value // the link that opened it, to focus again

	searchOpen bool

	fragment string // the address's fragment
	pending  *place // where to scroll once a switch has drawn its page

	// switched keeps switchHref's links for the address they were made
	// from: each render of the header asks for four, and an armies link
	// carries two armies, parsed and written again for each.
	switched struct {
		at    string
		hrefs map[[2]string]string
	}

	updateReady bool
	onKey       goapp.Func
	onPop       goapp.Func
	onVisible   goapp.Func

	// oneReader is a calculator's page drawn for one reader's language and
	// game, of those its prerendered page holds (prerender.go).
	oneReader bool
}

func (s *shell) t(k i18n.Key) string { return i18n.T(s.lang, k) }

func (s *shell) lib() *content.Library { return s.site.lib }

// OnMount starts the client-only behaviour: the "/" search shortcut, update
// checks on a timer and when the page becomes visible, the wake lock, the
// notice that the browser keeps no site data.
func (s *shell) OnMount(ctx goapp.Context) {
	s.load(ctx)
	applyLook(s.prefs)
	if store.Blocked() {
		ctx.SetState(noStorageState, true)
	}
	s.onKey = goapp.FuncOf(func(this goapp.Value, args []goapp.Value) any {
		e := args[0]
		if e.Get("key").String() != "/" || e.Get("ctrlKey").Bool() || e.Get("metaKey").Bool() {
			if e.Get("key").String() == "Escape" {
				ctx.Dispatch(s.dismiss)
			}
			return nil
		}
		tag := strings.ToLower(e.Get("target").Get("tagName").String())
		if tag == "input" || tag == "textarea" || tag == "select" {
			return nil
		}
		e.Call("preventDefault")
		ctx.Dispatch(func(ctx goapp.Context) { s.openSearch(ctx) })
		return nil
	})
	goapp.Window().Call("addEventListener", "keydown", s.onKey)
	s.onPop = goapp.FuncOf(func(this goapp.Value, args []goapp.Value) any {
		ctx.Dispatch(s.popped)
		return nil
	})
	goapp.Window().Call("addEventListener", "popstate", s.onPop)
	ctx.Handle(actionDismiss, func(ctx goapp.Context, a goapp.Action) { s.dismiss(ctx) })
	ctx.Handle(actionSearch, s.toggleSearch)
	ctx.Handle(actionSwitch, s.onSwitch)
	ctx.Handle(ui.ActionTerm, s.openTerm)
	ctx.Handle(actionBookmark, s.onBookmark)
	ctx.Handle(actionTextSize, s.onTextSize)
	ctx.Handle(actionTheme, s.onTheme)
	ctx.Handle(actionAwake, s.onAwake)
	ctx.Defer(func(goapp.Context) { watchTopHeight() })
	s.onVisible = goapp.FuncOf(func(this goapp.Value, args []goapp.Value) any {
		if goapp.Window().Get("document").Get("visibilityState").String() == "visible" {
			goapp.TryUpdate()
			ctx.Dispatch(func(ctx goapp.Context) { s.awake.keep(ctx, s.prefs.Awake) })
		} else {
			ctx.NewAction(ui.ActionHidden)
		}
		return nil
	})
	goapp.Window().Get("document").Call("addEventListener", "visibilitychange", s.onVisible)
	ctx.Async(func() {
		t := time.NewTicker(updateCheckEvery)
		defer t.Stop()
		for range t.C {
			goapp.TryUpdate()
		}
	})
	s.updateReady = ctx.AppUpdateAvailable() && goapp.Window().Get(controlledFlag).Truthy()
	s.awake.keep(ctx, s.prefs.Awake)
}

// OnDismount removes the window listeners.
func (s *shell) OnDismount() {
	if s.onKey != nil {
		goapp.Window().Call("removeEventListener", "keydown", s.onKey)
		s.onKey.Release()
	}
	if s.onPop != nil {
		goapp.Window().Call("removeEventListener", "popstate", s.onPop)
		s.onPop.Release()
	}
	if s.onVisible != nil {
		goapp.Window().Get("document").Call("removeEventListener", "visibilitychange", s.onVisible)
		s.onVisible.Release()
	}
}

// OnResize marks again which tables are wider than their frame.
func (s *shell) OnResize(ctx goapp.Context) {
	markScrolling()
	ctx.PreventUpdate()
}

// OnAppUpdate shows the update banner once a new version is installed.
// go-app also reports the first install as an update, since the worker
// claims the page before its "activated" event, so the banner only shows in
// pages a worker already controlled when they loaded (see controlledScript).
func (s *shell) OnAppUpdate(ctx goapp.Context) {
	s.updateReady = ctx.AppUpdateAvailable() && goapp.Window().Get(controlledFlag).Truthy()
}

// load reads the reader's settings from the device, once.
func (s *shell) load(ctx goapp.Context) {
	if s.loaded {
		return
	}
	s.loaded = true
	s.prefs, s.marks, s.recent = loadPrefs(ctx)
}

// OnInit reads the address before the first render in the browser, so the
// page the wasm draws over the prerendered one is the same page, not an
// empty one waiting for OnNav.
func (s *shell) OnInit() {
	if !goapp.IsClient {
		return
	}
	var p prefs
	store.Read(prefsKey, &p)
	s.prefs = p.valid()
	s.read(goapp.Window().URL())
}

// OnNav reads the route, picks the language and game, and sets the page's
// lang and title. It runs on the server for prerendering too.
func (s *shell) OnNav(ctx goapp.Context) {
	s.load(ctx)
	u := ctx.Page().URL()
	s.read(u)
	s.closeOverlays()
	ctx.Page().SetLang(s.lang)
	ctx.Page().SetTitle(s.title())
	ctx.Page().SetDescription(s.t(i18n.AppDescription))
	if s.r.view != viewNotFound {
		ctx.Page().SetCanonicalLink(s.r.path())
	}

	if !goapp.IsClient {
		return
	}
	// Tells tests that the client has drawn the route; a calculator tells
	// it itself, once it has drawn its second part (calc.Page.OnMount).
	ctx.Defer(func(goapp.Context) {
		if s.r.view != viewCalc {
			ui.MarkReady()
		}
		markScrolling()
	})
	if s.r.view == viewLanding && s.prefs.Lang != "" && s.prefs.Game != "" {
		target := route{view: viewContents, lang: s.prefs.Lang, game: s.prefs.Game}.path()
		ctx.Defer(func(ctx goapp.Context) { ctx.Navigate(s.site.href(target)) })
		return
	}
	if s.r.lang != "" {
		s.prefs.Lang = s.lang
		if s.r.game != "" {
			s.prefs.Game = s.game
		}
		// The app's own note of what the reader read: no word if refused.
		store.Remember(ctx, prefsKey, s.prefs)
	}
	if sec := s.section(); sec != nil {
		s.recent = withRecent(s.recent, s.markOf(sec))
		store.RememberList(ctx, recentKey, s.recent)
	}
	if p := s.pending; p != nil {
		s.pending = nil
		ctx.Defer(func(goapp.Context) {
			restorePlace(*p)
			if p.ID != "" {
				u.Fragment = p.ID
				s.fragment = p.ID
				goapp.Window().Get("history").Call("replaceState", nil, "", u.String())
			}
		})
	} else if u.Fragment == "" {
		goapp.Window().Call("scrollTo", 0, 0)
	}
}

// read sets the route, language and game from an address.
func (s *shell) read(u *url.URL) {
	p := u.Path
	if goapp.IsClient {
		p = "/" + strings.TrimLeft(strings.TrimPrefix(p, s.site.base), "/")
	}
	s.r = parseRoute(p)
	s.query = u.Query()
	s.rawQuery = u.RawQuery
	s.fragment = u.Fragment
	s.lang = readerLang(s.r, s.query, s.prefs, browserLangs())
	s.game = firstOf(s.r.game, validGame(s.query.Get("game")), validGame(s.prefs.Game))
	s.chosen = s.game != "" || s.r.view == viewCalc || s.r.view == viewArmies
	s.game = firstOf(s.game, "at43")
	s.missing = s.query.Get("from") != "" && s.r.view == viewSection
	if s.r.view == viewSection && s.section() == nil || s.r.view == viewCard && !hasCard(s.lib(), s.game, s.lang) {
		s.r.view = viewNotFound
	}
}

func (s *shell) closeOverlays() {
	s.term = ""
	s.searchOpen = false
}

// text is the rules text of the current game and language.
func (s *shell) text() *content.Text { return s.lib().Text(s.game, s.lang) }

// section is the section the route shows, or nil.
func (s *shell) section() *content.Section {
	if s.r.view != viewSection {
		return nil
	}
	t := s.text()
	if t == nil {
		return nil
	}
	sec, _ := t.Section(s.r.section)
	return sec
}

func (s *shell) markOf(sec *content.Section) mark {
	return mark{Lang: s.lang, Game: s.game, Section: sec.ID, Title: sec.Title}
}

// title is the document title of the current route.
func (s *shell) title() string {
	app := s.t(i18n.AppName)
	switch s.r.view {
	case viewSection:
		if sec := s.section(); sec != nil {
			return sec.Title + " · " + content.GameName(s.game)
		}
	case viewContents:
		return content.GameName(s.game) + " · " + s.t(i18n.Contents)
	case viewGlossary:
		return content.GameName(s.game) + " · " + s.t(i18n.Glossary)
	case viewCard:
		return content.GameName(s.game) + " · " + s.t(i18n.CardTitle)
	case viewPage:
		if p := s.lib().Page(s.r.section, s.lang); p != nil {
			return p.Title + " · " + app
		}
	case viewSettings:
		return s.t(i18n.Settings) + " · " + app
	case viewCalc:
		return calc.Title(s.r.calc, s.lang, s.game) + " · " + app
	case viewArmies:
		return s.t(i18n.ArmiesTitle) + " · " + app
	case viewNotFound:
		return s.t(i18n.NotFound)
	}
	return app
}

// Render draws the page around the current view.
func (s *shell) Render() goapp.UI {
	if !goapp.IsClient && s.r.view == viewCalc && !s.oneReader {
		return s.calcForEveryReader()
	}
	return goapp.Div().Class("shell").Lang(s.lang).Body(
		goapp.A().Class("skip").Href("#main").Text(s.t(i18n.SkipToContent)).OnClick(func(ctx goapp.Context, e goapp.Event) {
			// go-app turns link clicks into navigations, which scroll but
			// leave the focus behind: move it to the content.
			e.PreventDefault()
			e.Call("stopPropagation")
			if m := goapp.Window().GetElementByID("main"); m.Truthy() {
				m.Call("focus")
			}
		}),
		s.header(),
		goapp.If(s.updateReady, func() goapp.UI {
			return goapp.Div().Class("banner").Role("status").Body(
				ui.Elem("span").Text(s.t(i18n.UpdateAvailable)),
				goapp.Button().Class("btn").Text(s.t(i18n.UpdateNow)).OnClick(func(ctx goapp.Context, e goapp.Event) {
					ctx.Reload()
				}),
			)
		}),
		&saveNotice{Lang: s.lang},
		ui.Elem("main").ID("main").TabIndex(-1).Class("main").Body(s.view()),
		s.footerNav(),
		goapp.If(s.term != "", func() goapp.UI { return s.termSheet() }),
	)
}

// view renders the body of the current route.
func (s *shell) view() goapp.UI {
	switch s.r.view {
	case viewLanding:
		return &landingView{Lang: s.lang, Game: s.game, site: s.site}
	case viewContents:
		return &contentsView{Lang: s.lang, Game: s.game, Recent: recentIn(s.recent, s.lang, s.game), site: s.site}
	case viewSection:
		sec := s.section()
		m := s.markOf(sec)
		marked := slices.ContainsFunc(s.marks, func(o mark) bool { return o.path() == m.path() })
		return &sectionView{Lang: s.lang, Game: s.game, Section: sec.ID, Missing: s.missing, Marked: marked, site: s.site}
	case viewGlossary:
		return &glossaryView{Lang: s.lang, Game: s.game, site: s.site}
	case viewCard:
		return &cardView{Lang: s.lang, Game: s.game, site: s.site}
	case viewPage:
		return &pageView{Lang: s.lang, Page: s.r.section, site: s.site}
	case viewSettings:
		return &settingsView{Lang: s.lang, Prefs: s.prefs, WakeErr: s.awake.failed, Marks: s.marks, Recent: s.recent, site: s.site}
	case viewCalc:
		return (&calc.Page{Name: s.r.calc, Lang: s.lang, Game: s.game, Query: s.rawQuery, Base: s.site.base}).WithLibrary(s.lib())
	case viewArmies:
		return (&calc.Armies{Lang: s.lang, Game: s.game, Query: s.rawQuery, Base: s.site.base}).WithLibrary(s.lib())
	}
	return ui.Elem("article").Class("notfound").Body(
		ui.Elem("h1").Text(s.t(i18n.NotFound)),
		ui.Elem("p").Text(s.t(i18n.NotFoundBody)),
		ui.Elem("p").Body(goapp.A().Href(s.site.href("/")).Text(s.t(i18n.Home))),
	)
}

// header is the top bar: home, game and language switches, search,
// settings, with the search panel under them.
func (s *shell) header() goapp.UI {
	home, homeLabel := "/", s.t(i18n.Home)
	if s.r.lang != "" || s.r.view == viewCalc || s.r.view == viewArmies {
		home = route{view: viewContents, lang: s.lang, game: s.game}.path()
		homeLabel = s.t(i18n.Contents) + " " + content.GameName(s.game)
	}
	otherL := otherLang(s.lang)
	bar := &topBar{
		Lang:         s.lang,
		Game:         s.game,
		HomeHref:     s.site.href(home),
		HomeLabel:    homeLabel,
		OtherLang:    otherL,
		LangHref:     s.site.href(s.switchHref(otherL, s.game)),
		SearchOpen:   s.searchOpen,
		SettingsHref: s.site.href(route{view: viewSettings, lang: s.lang}.path()),
		site:         s.site,
	}
	for _, g := range s.games() {
		bar.Games = append(bar.Games, gameLink{ID: g, Href: s.site.href(s.switchHref(s.lang, g)), Current: s.chosen && g == s.game})
	}
	return bar
}

// games are the games offered in the switch: those with a text in the
// current language.
func (s *shell) games() []string {
	var out []string
	for _, g := range content.GameIDs {
		if s.lib().Text(g, s.lang) != nil || g == s.game {
			out = append(out, g)
		}
	}
	return out
}

// switchHref is the link to the same place in another language or game:
// the same route, or the closest section, with the address's fragment when
// the other page has it.
func (s *shell) switchHref(lang, game string) string {
	if goapp.IsClient {
		at := goapp.Window().Get("location").Get("href").String() + "\x00" + s.r.path() + "\x00" + s.fragment + "\x00" + s.lang + "\x00" + s.game
		if at != s.switched.at {
			s.switched.at, s.switched.hrefs = at, map[[2]string]string{}
		}
		h, ok := s.switched.hrefs[[2]string{lang, game}]
		if !ok {
			h = s.switchHrefOf(lang, game)
			s.switched.hrefs[[2]string{lang, game}] = h
		}
		return h
	}
	return s.switchHrefOf(lang, game)
}

// switchHrefOf is switchHref, worked out.
func (s *shell) switchHrefOf(lang, game string) string {
	to, q := s.switchTarget(lang, game)
	h := withQuery(to.path(), q)
	if f := s.fragment; to.view != viewCalc && hasMark(s.lib(), to, f) {
		h += "#" + f
	}
	return h
}

// switchTarget is the route and query of the same place in another language
// or game. A game picked on the home page opens its contents. A calculator
// keeps its query, or opens the other game's first
// calculator when it does not run under that game; a section the other
// game lacks gives the closest one, with from= so the page says so.
func (s *shell) switchTarget(lang, game string) (route, url.Values) {
	if s.r.view == viewLanding && lang == s.lang {
		// From the home page, a game is a way into its text.
		return route{view: viewContents, lang: lang, game: game}, nil
	}
	if s.r.view == viewCalc || s.r.view == viewArmies || s.r.view == viewLanding || s.r.view == viewNotFound {
		q := url.Values{}
		for k, v := range s.liveQuery() {
			q[k] = v
		}
		q.Set("lang", lang)
		q.Set("game", game)
		if games := calc.Games(s.r.calc); s.r.view == viewCalc && games != nil && !slices.Contains(games, game) {
			return route{view: viewCalc, calc: calc.First(game)}, url.Values{"lang": {lang}, "game": {game}}
		}
		if s.r.view == viewCalc && game != s.game {
			q = calc.SwitchedGame(s.r.calc, q, game)
		}
		return s.r, q
	}
	r := s.r
	if r.game == "" && game != s.game {
		r = route{view: viewContents, lang: lang, game: game}
	}
	to, exact := switched(s.lib(), r, lang, game)
	if !exact && s.r.view == viewSection {
		return to, url.Values{"from": {s.game}}
	}
	return to, nil
}

// liveQuery is the address's query as it stands: a calculator rewrites
// it in place with each change of the reader's (no navigation), so the
// one navigated to may be stale.
func (s *shell) liveQuery() url.Values {
	if !goapp.IsClient {
		return s.query
	}
	return goapp.Window().URL().Query()
}

// onSwitch follows a language or game switch (the top bar's actionSwitch,
// valued with the switch's language and game) to the same place in the
// other page (see carriedPlace): the marked element at the top of the view
// (a sub-part, a reading, a glossary entry) goes along as the fragment when
// the other page has it.
func (s *shell) onSwitch(ctx goapp.Context, a goapp.Action) {
	v, _ := a.Value.([2]string)
	lang, game := v[0], v[1]
	if lang != s.lang {
		// The reader's choice, which wins over a link's language from now
		// on (readerLang).
		s.prefs.Lang = lang
		store.Save(ctx, prefsKey, s.prefs)
	}
	to, q := s.switchTarget(lang, game)
	p := s.carriedPlace(readPlace(s.fragment), to, game)
	s.pending = &p
	// The fragment is written into the address once the place is restored
	// (see OnNav): go-app would otherwise start a smooth scroll of its own.
	ctx.Navigate(s.site.href(withQuery(to.path(), q)))
}

// carriedPlace is where the page of route to, in game, opens for a reader
// who was at p: at p's marked element when that page has it (the same
// sub-part in the other language, a sub-part or glossary entry both games
// share); on another game's page without it, at the sub-part found the same
// proportion down, since both games' sections follow one outline in one
// order (docs/outline.tsv) and the top would lose the reader's place; in
// the other language without it, the same proportion down. A switch to
// another page (the closest section to one the game lacks, another
// calculator, the contents) opens at its top, where the note saying so is.
func (s *shell) carriedPlace(p place, to route, game string) place {
	switch {
	case to.view != s.r.view || to.section != s.r.section || to.calc != s.r.calc:
		return place{}
	case hasMark(s.lib(), to, p.ID):
		return p
	}
	p.ID, p.Within, p.Frag = "", 0, false
	p.Snap = game != s.game
	return p
}

// footerNav is the bottom bar: on reading views previous, contents, quick
// reference, the odds, next (the comparison of the games is one tap away,
// on the contents); elsewhere the calculators.
func (s *shell) footerNav() goapp.UI {
	t := s.text()
	if t == nil || s.r.view == viewCalc || s.r.view == viewArmies || s.r.view == viewLanding {
		return &bottomNav{Label: s.t(i18n.Calculators), Items: s.calcItems(), List: true}
	}
	var prev, next *content.Section
	if s.r.view == viewSection {
		prev, next = t.Neighbours(s.r.section)
	}
	base := route{lang: s.lang, game: s.game}
	link := func(sec *content.Section, cls, glyph string, label i18n.Key, rel string) navItem {
		if sec == nil {
			return navItem{Class: cls + " off"}
		}
		r := base
		r.view, r.section = viewSection, sec.ID
		name := fmt.Sprintf(s.t(label), sec.Title)
		return navItem{Class: cls, Href: s.site.href(r.path()), Rel: rel, Title: name, Label: name, Text: glyph}
	}
	items := []navItem{
		link(prev, "prev", "‹", i18n.PreviousF, "prev"),
		{Class: "toc", Href: s.site.href(route{view: viewContents, lang: s.lang, game: s.game}.path()), Text: s.t(i18n.Contents)},
	}
	if ref := quickRef(t, s.lang, s.game); ref != "" {
		items = append(items, navItem{Class: "ref", Href: s.site.href(ref), Title: s.t(i18n.QuickReference), Text: s.t(i18n.QuickRefShort)})
	}
	first := calc.First(s.game)
	if sec := s.section(); sec != nil {
		if names := calcsIn(sec.HTML); len(names) > 0 {
			first = names[0]
		}
	}
	items = append(items,
		navItem{Class: "calc", Href: s.site.href(calc.Href(first, s.lang, s.game)), Title: s.t(i18n.Calculators), Text: s.t(i18n.CalcsShort)},
		link(next, "next", "›", i18n.NextF, "next"),
	)
	return &bottomNav{Label: s.t(i18n.Contents), Items: items}
}

// calcItems are the links to the calculators of the current game, keeping
// the language and game.
func (s *shell) calcItems() []navItem {
	var out []navItem
	for _, name := range calc.NamesFor(s.game) {
		out = append(out, navItem{
			Href:    s.site.href(calc.Href(name, s.lang, s.game)),
			Text:    calc.Title(name, s.lang, s.game),
			Current: s.r.view == viewCalc && s.r.calc == name,
		})
	}
	if s.game != "d10" {
		out = append(out, navItem{Href: s.site.href("/armies?lang=" + s.lang), Text: s.t(i18n.ArmiesTitle), Current: s.r.view == viewArmies})
	}
	return out
}

func firstOf(v ...string) string {
	for _, s := range v {
		if s != "" {
			return s
		}
	}
	return ""
}

func validLang(l string) string {
	for _, x := range content.Langs {
		if x == l {
			return l
		}
	}
	return ""
}

func validGame(g string) string {
	for _, x := range content.GameIDs {
		if x == g {
			return g
		}
	}
	return ""
}

func itoa(n int) string { return strconv.Itoa(n) }
