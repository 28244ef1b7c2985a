package app

import (
	"strings"

	"github.com/at4x/companion/app/ui"
	"github.com/at4x/companion/docs/content"
	"github.com/at4x/companion/i18n"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Actions the top bar sends to the shell.
const (
	actionSwitch = "at4x/switch" // value: [2]string{lang, game}
	actionSearch = "at4x/search" // open or close the search panel
)

// gameLink is one button of the game switch.
type gameLink struct {
	ID      string
	Href    string
	Current bool // the reader chose this game; none is marked before a choice
}

// topBar is the sticky header: home, game and language switches, search,
// settings, and the search panel under them. Its props are values, so the
// shell's renders skip it unless something it shows changed. At large text
// sizes it wraps onto a second row instead of pushing buttons off screen.
type topBar struct {
	goapp.Compo

	Lang         string
	Game         string
	HomeHref     string
	HomeLabel    string
	Games        []gameLink
	OtherLang    string
	LangHref     string
	SearchOpen   bool
	SettingsHref string

	site *Site
}

func (b *topBar) t(k i18n.Key) string { return i18n.T(b.Lang, k) }

// onSwitch hands a game or language switch to the shell, which reads the
// reader's place first. A click meant for a new tab or window follows the
// link's own address.
func (b *topBar) onSwitch(ctx goapp.Context, e goapp.Event) {
	if e.Get("ctrlKey").Truthy() || e.Get("metaKey").Truthy() || e.Get("shiftKey").Truthy() {
		return
	}
	ds := ctx.JSSrc().Get("dataset")
	lang, game := ds.Get("lang").String(), ds.Get("game").String()
	if validLang(lang) == "" || validGame(game) == "" || (lang == b.Lang && game == b.Game) {
		return
	}
	e.PreventDefault()
	e.Call("stopPropagation")
	ctx.NewActionWithValue(actionSwitch, [2]string{lang, game})
}

func (b *topBar) onSearch(ctx goapp.Context, e goapp.Event) { ctx.NewAction(actionSearch) }

func (b *topBar) Render() goapp.UI {
	return ui.Elem("header").Class("top").Body(
		goapp.A().Class("brand").Href(b.HomeHref).Aria("label", b.HomeLabel).Body(
			goapp.Img().Src("/web/icon.svg").Alt(b.t(i18n.AppName)).Width(32).Height(32),
			ui.Elem("span").Class("brand-name").Text(b.t(i18n.AppName)),
		),
		ui.Elem("nav").Class("switches").Aria("label", b.t(i18n.Menu)).Body(
			// The accessible name starts with the visible "FR" (WCAG 2.5.3),
			// then says which language it opens, in that language.
			goapp.A().Class("switch").ID("lang-switch").Href(b.LangHref).
				DataSet("lang", b.OtherLang).DataSet("game", b.Game).OnClick(b.onSwitch).
				Lang(b.OtherLang).Aria("label", strings.ToUpper(b.OtherLang)+" · "+i18n.T(b.OtherLang, i18n.LangName)).
				Text(strings.ToUpper(b.OtherLang)),
			goapp.Button().Class("icon-btn").ID("search-open").Title(b.t(i18n.SearchShortcut)).Aria("controls", "search-panel").
				Aria("label", b.t(i18n.Search)).Aria("expanded", b.SearchOpen).
				Text("⌕").OnClick(b.onSearch),
			goapp.A().Class("icon-btn settings-btn").Href(b.SettingsHref).
				Aria("label", b.t(i18n.Settings)).Title(b.t(i18n.Settings)).
				Text("⚙"),
			// Last, so that it wraps onto a row of its own at large text.
			ui.Elem("span").Class("games").Role("group").Aria("label", b.t(i18n.GameLabel)).Body(
				goapp.Range(b.Games).Slice(func(i int) goapp.UI {
					g := b.Games[i]
					a := goapp.A().Class("switch game").ID("game-"+g.ID).Href(g.Href).
						DataSet("lang", b.Lang).DataSet("game", g.ID).OnClick(b.onSwitch).Text(content.GameName(g.ID))
					if g.Current {
						a = a.Aria("current", "page")
					}
					return a
				}),
			),
		),
		&searchBox{Open: b.SearchOpen, Lang: b.Lang, Game: b.Game, site: b.site},
	)
}

// watchTopHeight keeps the CSS variable --top-h at the header's height, so
// that anchors scroll clear of it however many rows it takes at the
// reader's text size.
func watchTopHeight() {
	if !goapp.IsClient {
		return
	}
	doc := goapp.Window().Get("document")
	h := doc.Call("querySelector", "header.top")
	ro := goapp.Window().Get("ResizeObserver")
	if !h.Truthy() || !ro.Truthy() {
		return
	}
	set := goapp.FuncOf(func(this goapp.Value, args []goapp.Value) any {
		// The bar's own rows, not the search panel that opens under them.
		height := h.Call("getBoundingClientRect").Get("height").Float()
		if p := doc.Call("getElementById", "search-panel"); p.Truthy() {
			height -= p.Get("offsetHeight").Float()
		}
		doc.Get("documentElement").Get("style").Call("setProperty", "--top-h", itoa(int(height+0.5))+"px")
		return nil
	})
	ro.New(set).Call("observe", h)
}
