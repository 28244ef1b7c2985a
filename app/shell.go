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

	switches switchLinks // the language and game switch's links

	updateReady bool
	onKey       goapp.Func
	onPop       goapp.Func
	onVisible   goapp.Func

	// oneReader is a calculator's page, or the armies page, drawn for one
	// reader's language and game, of those its prerendered page holds
	// (prerender.go).
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
	if !goapp.IsClient && (s.r.view == viewCalc || s.r.view == viewArmies) && !s.oneReader {
		return s.forEveryReader()
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
		LangHref:     s.site.href(s.switches.href(s, otherL, s.game)),
		SearchOpen:   s.searchOpen,
		SettingsHref: s.site.href(route{view: viewSettings, lang: s.lang}.path()),
		site:         s.site,
	}
	for _, g := range s.games() {
		bar.Games = append(bar.Games, gameLink{ID: g, Href: s.site.href(s.switches.href(s, s.lang, g)), Current: s.chosen && g == s.game})
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

// onSwitch follows a language or game switch (the top bar's actionSwitch,
// valued with the switch's language and game) to the same place in the
// other page (see switchLinks.carriedPlace): the marked element at the
// top of the view (a sub-part, a reading, a glossary entry) goes along as
// the fragment when the other page has it.
func (s *shell) onSwitch(ctx goapp.Context, a goapp.Action) {
	v, _ := a.Value.([2]string)
	lang, game := v[0], v[1]
	if lang != s.lang {
		// The reader's choice, which wins over a link's language from now
		// on (readerLang).
		s.prefs.Lang = lang
		store.Save(ctx, prefsKey, s.prefs)
	}
	to, q := s.switches.target(s, lang, game)
	p := s.switches.carriedPlace(s, readPlace(s.fragment), to, game)
	s.pending = &p
	// The fragment is written into the address once the place is restored
	// (see OnNav): go-app would otherwise start a smooth scroll of its own.
	ctx.Navigate(s.site.href(withQuery(to.path(), q)))
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
