package app

import (
	"slices"

	"github.com/at4x/companion/app/calc"
	"github.com/at4x/companion/app/ui"
	"github.com/at4x/companion/docs/content"
	"github.com/at4x/companion/i18n"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Actions the settings page sends to the shell, which keeps the reader's
// preferences.
const (
	actionTextSize = "at4x/text-size" // value: int, steps up (+1) or down (-1)
	actionTheme    = "at4x/theme"     // value: string, the theme ("" follows the system)
	actionAwake    = "at4x/awake"     // value: bool, keep the screen awake
)

// settingsView shows the reader's choices and what they kept: text size,
// theme, wake lock, bookmarks, recent sections and saved profiles.
type settingsView struct {
	goapp.Compo

	Lang    string
	Prefs   prefs
	WakeErr bool // the device has no wake lock
	Marks   []mark
	Recent  []mark

	site      *Site
	browserPx float64 // the browser's own text size, px; 0 until mounted
}

// OnMount measures the browser's own text size, past which the app's
// larger sizes add nothing (rootFontSize).
func (v *settingsView) OnMount(ctx goapp.Context) {
	doc := goapp.Window().Get("document")
	probe := doc.Call("createElement", "span")
	probe.Get("style").Set("cssText", "font-size: medium; position: absolute; visibility: hidden")
	doc.Get("body").Call("appendChild", probe)
	v.browserPx = goapp.Window().Call("parseFloat", goapp.Window().Call("getComputedStyle", probe).Get("fontSize")).Float()
	probe.Call("remove")
}

func (v *settingsView) t(k i18n.Key) string { return i18n.T(v.Lang, k) }

// The text size moves by steps from the size the shell holds when it gets
// the action, so that taps quicker than a redraw all count.
func (v *settingsView) smaller(ctx goapp.Context, e goapp.Event) {
	ctx.NewActionWithValue(actionTextSize, -1)
}

func (v *settingsView) larger(ctx goapp.Context, e goapp.Event) {
	ctx.NewActionWithValue(actionTextSize, 1)
}

func (v *settingsView) awake(ctx goapp.Context, e goapp.Event) {
	ctx.NewActionWithValue(actionAwake, ctx.JSSrc().Get("checked").Bool())
}

// themeLabels name the themes in the settings.
var themeLabels = map[string]i18n.Key{"": i18n.ThemeSystem, "light": i18n.ThemeLight, "dark": i18n.ThemeDark, "red": i18n.ThemeRed}

func (v *settingsView) Render() goapp.UI {
	size := v.Prefs.textSize()
	i := slices.Index(textSizes, size)
	return ui.Elem("article").Class("settings").Body(
		ui.Elem("h1").Text(v.t(i18n.Settings)),
		ui.Elem("section").Body(
			ui.Elem("h2").ID("text-size").Text(v.t(i18n.TextSize)),
			goapp.Div().Class("stepper").Role("group").Aria("labelledby", "text-size").Body(
				// A name holds the words on the button (WCAG 2.5.3), then says them.
				ui.Disabled(goapp.Button().Class("step").Aria("label", "A− "+v.t(i18n.TextSmaller)), i <= 0).Text("A−").OnClick(v.smaller),
				ui.Elem("output").Class("value").Text(itoa(size)+"%"),
				ui.Disabled(goapp.Button().Class("step").Aria("label", "A+ "+v.t(i18n.TextLarger)), i >= len(textSizes)-1).Text("A+").OnClick(v.larger),
			),
			goapp.If(size > 100 && v.browserPx >= maxEnlargedPx, func() goapp.UI {
				return ui.Elem("p").Class("note").ID("text-size-note").Text(v.t(i18n.TextSizeCapped))
			}),
		),
		ui.Elem("fieldset").Body(
			ui.Elem("legend").Text(v.t(i18n.Theme)),
			goapp.Range(themes).Slice(func(j int) goapp.UI {
				th := themes[j]
				id := "theme-" + firstOf(th, "system")
				// Each radio keeps its theme: the closure go-app keeps for
				// the element is the right one.
				return goapp.Label().Class("choice").For(id).Body(
					ui.Checked(goapp.Input().Type("radio").ID(id).Name("theme"), v.Prefs.Theme == th).
						OnChange(func(ctx goapp.Context, e goapp.Event) { ctx.NewActionWithValue(actionTheme, th) }),
					ui.Elem("span").Text(v.t(themeLabels[th])),
				)
			}),
		),
		ui.Elem("section").Body(
			goapp.Label().Class("choice").For("keep-awake").Body(
				ui.Checked(goapp.Input().Type("checkbox").ID("keep-awake"), v.Prefs.Awake).OnChange(v.awake),
				ui.Elem("span").Text(v.t(i18n.KeepAwake)),
			),
			goapp.If(v.WakeErr, func() goapp.UI {
				return ui.Elem("p").Class("note").Text(v.t(i18n.KeepAwakeUnsupported))
			}),
		),
		v.markList(i18n.Bookmarks, i18n.NoBookmarks, v.Marks),
		v.markList(i18n.Recent, i18n.NoRecent, v.Recent),
		&calc.ProfileList{Lang: v.Lang},
	)
}

// markList is a list of bookmarks or recent sections, or says it is empty.
func (v *settingsView) markList(title, empty i18n.Key, list []mark) goapp.UI {
	return ui.Elem("section").Body(
		ui.Elem("h2").Text(v.t(title)),
		goapp.If(len(list) == 0, func() goapp.UI {
			return ui.Elem("p").Class("muted").Text(v.t(empty))
		}).Else(func() goapp.UI {
			return ui.Elem("ul").Class("marks").Body(goapp.Range(list).Slice(func(i int) goapp.UI {
				m := list[i]
				return ui.Elem("li").Body(
					goapp.A().Href(v.site.href(m.path())).Lang(m.Lang).Text(m.Title),
					ui.Elem("small").Text(" · "+content.GameName(m.Game)+" · "+m.Lang),
				)
			}))
		}),
	)
}
