package app

import (
	"slices"

	"github.com/at4x/companion/app/calc"
	"github.com/at4x/companion/app/ui"
	"github.com/at4x/companion/i18n"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// settings shows the reader's choices and what they kept: text size,
// theme, wake lock, bookmarks and recent sections.
func (s *shell) settings() goapp.UI {
	size := s.prefs.textSize()
	i := slices.Index(textSizes, size)
	setSize := func(d int) goapp.EventHandler {
		return func(ctx goapp.Context, e goapp.Event) {
			i := slices.Index(textSizes, s.prefs.textSize())
			j := min(max(i+d, 0), len(textSizes)-1)
			s.prefs.TextSize = textSizes[j]
			s.savePrefs(ctx)
		}
	}
	themes := []struct {
		v string
		k i18n.Key
	}{{"", i18n.ThemeSystem}, {"light", i18n.ThemeLight}, {"dark", i18n.ThemeDark}, {"red", i18n.ThemeRed}}
	return ui.Elem("article").Class("settings").Body(
		ui.Elem("h1").Text(s.t(i18n.Settings)),
		ui.Elem("section").Body(
			ui.Elem("h2").ID("text-size").Text(s.t(i18n.TextSize)),
			goapp.Div().Class("stepper").Role("group").Aria("labelledby", "text-size").Body(
				ui.Disabled(goapp.Button().Class("step").Aria("label", s.t(i18n.TextSmaller)), i <= 0).Text("A−").OnClick(setSize(-1)),
				ui.Elem("output").Class("value").Text(itoa(size)+"%"),
				ui.Disabled(goapp.Button().Class("step").Aria("label", s.t(i18n.TextLarger)), i >= len(textSizes)-1).Text("A+").OnClick(setSize(1)),
			),
		),
		ui.Elem("fieldset").Body(
			ui.Elem("legend").Text(s.t(i18n.Theme)),
			goapp.Range(themes).Slice(func(j int) goapp.UI {
				th := themes[j]
				id := "theme-" + firstOf(th.v, "system")
				return goapp.Label().Class("choice").For(id).Body(
					ui.Checked(goapp.Input().Type("radio").ID(id).Name("theme"), s.prefs.Theme == th.v).
						OnChange(func(ctx goapp.Context, e goapp.Event) {
							s.prefs.Theme = th.v
							s.savePrefs(ctx)
						}),
					ui.Elem("span").Text(s.t(th.k)),
				)
			}),
		),
		ui.Elem("section").Body(
			goapp.Label().Class("choice").For("keep-awake").Body(
				ui.Checked(goapp.Input().Type("checkbox").ID("keep-awake"), s.prefs.Awake).
					OnChange(func(ctx goapp.Context, e goapp.Event) {
						s.prefs.Awake = ctx.JSSrc().Get("checked").Bool()
						s.savePrefs(ctx)
						s.keepAwake(ctx)
					}),
				ui.Elem("span").Text(s.t(i18n.KeepAwake)),
			),
			goapp.If(s.wakeErr, func() goapp.UI {
				return ui.Elem("p").Class("note").Text(s.t(i18n.KeepAwakeUnsupported))
			}),
		),
		s.markList(i18n.Bookmarks, i18n.NoBookmarks, s.marks),
		s.markList(i18n.Recent, i18n.NoRecent, s.recent),
		&calc.ProfileList{Lang: s.lang},
	)
}

func (s *shell) markList(title, empty i18n.Key, list []mark) goapp.UI {
	return ui.Elem("section").Body(
		ui.Elem("h2").Text(s.t(title)),
		goapp.If(len(list) == 0, func() goapp.UI {
			return ui.Elem("p").Class("muted").Text(s.t(empty))
		}).Else(func() goapp.UI {
			return ui.Elem("ul").Class("marks").Body(goapp.Range(list).Slice(func(i int) goapp.UI {
				m := list[i]
				return ui.Elem("li").Body(
					goapp.A().Href(s.site.href(m.path())).Lang(m.Lang).Text(m.Title),
					ui.Elem("small").Text(" · "+ui.GameName(m.Game)+" · "+m.Lang),
				)
			}))
		}),
	)
}

func (s *shell) savePrefs(ctx goapp.Context) {
	ui.Store(ctx, prefsKey, s.prefs)
	applyLook(s.prefs)
	ctx.Defer(func(goapp.Context) { markScrolling() })
}

// keepAwake asks for or releases a screen wake lock, as the settings say.
// Browsers drop the lock when the page is hidden, so it is asked for again
// each time the page becomes visible.
func (s *shell) keepAwake(ctx goapp.Context) {
	if !goapp.IsClient {
		return
	}
	if !s.prefs.Awake {
		if s.wakeLock != nil && s.wakeLock.Truthy() {
			s.wakeLock.Call("release")
		}
		s.wakeLock = nil
		s.wakeErr = false
		return
	}
	wl := goapp.Window().Get("navigator").Get("wakeLock")
	if !wl.Truthy() {
		s.wakeErr = true
		return
	}
	wl.Call("request", "screen").Then(func(v goapp.Value) {
		ctx.Dispatch(func(ctx goapp.Context) { s.wakeLock = v })
	})
}
