package calc

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/at4x/companion/app/ui"
	"github.com/at4x/companion/i18n"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// fieldChange is a new value for one share-link key, or, when Step is not
// 0, a step up or down from the value the calculator holds when it gets the
// change: taps can come faster than the field's props follow.
type fieldChange struct {
	Key, Value string
	Step       int
}

// fieldOption is one value of a choice field, named in the page's language.
type fieldOption struct{ Value, Label string }

// fieldView is one labelled input of a calculator. It takes value props
// only, so a change elsewhere leaves it alone, and reports a new value to
// the calculator with the actionSetField action.
type fieldView struct {
	goapp.Compo

	Lang    string
	Key     string // share-link key, also the input's id suffix
	Kind    fieldKind
	Label   string
	Term    string // glossary term the label opens, "" for none
	Help    string // one line, shown on demand
	Value   string // "" for an optional value left out, such as cm
	Min     int
	Max     int
	Options []fieldOption
	Err     string  // the message of a bad value
	Note    string  // what the value gives, such as "23 cm → range 2"
	Pending bool    // prerendered: the head script shows the link's values
	Prefill prefill // prerendered: what the head script needs (prefill.go)

	helpOpen bool
}

func (f *fieldView) id() string { return "f-" + f.Key }

func (f *fieldView) send(ctx goapp.Context, v string) {
	ctx.PreventUpdate()
	ctx.NewActionWithValue(actionSetField, fieldChange{Key: f.Key, Value: v})
}

func (f *fieldView) step(ctx goapp.Context, d int) {
	ctx.PreventUpdate()
	ctx.NewActionWithValue(actionSetField, fieldChange{Key: f.Key, Step: d})
}

func (f *fieldView) down(ctx goapp.Context, e goapp.Event) { f.step(ctx, -1) }
func (f *fieldView) up(ctx goapp.Context, e goapp.Event)   { f.step(ctx, 1) }

func (f *fieldView) typed(ctx goapp.Context, e goapp.Event) {
	f.send(ctx, strings.TrimSpace(ctx.JSSrc().Get("value").String()))
}

func (f *fieldView) ticked(ctx goapp.Context, e goapp.Event) {
	v := "0"
	if ctx.JSSrc().Get("checked").Bool() {
		v = "1"
	}
	f.send(ctx, v)
}

func (f *fieldView) openTerm(ctx goapp.Context, e goapp.Event) {
	e.PreventDefault()
	ctx.PreventUpdate()
	ctx.NewActionWithValue(ui.ActionTerm, ui.TermOpen{ID: f.Term, From: goapp.Window().Get("document").Get("activeElement")})
}

func (f *fieldView) toggleHelp(ctx goapp.Context, e goapp.Event) { f.helpOpen = !f.helpOpen }

// Render draws the label (a button opening the term's definition when the
// glossary has it), the help button, the input, then the note, help line
// and error.
func (f *fieldView) Render() goapp.UI {
	id := f.id()
	val := f.Value
	var label goapp.UI = goapp.Label().For(id).Text(f.Label)
	if f.Term != "" {
		label = goapp.Label().For(id).Body(
			goapp.Button().Type("button").Class("term-label").DataSet("term", f.Term).Text(f.Label).OnClick(f.openTerm),
		)
	}
	head := goapp.Div().Class("field-head").Body(
		label,
		goapp.If(f.Help != "", func() goapp.UI {
			return goapp.Button().Type("button").Class("help-btn").ID(id+"-help-btn").
				Aria("label", fmt.Sprintf(i18n.T(f.Lang, i18n.HelpButtonF), f.Label)).
				Aria("expanded", f.helpOpen).Aria("controls", id+"-help").
				Text("?").OnClick(f.toggleHelp)
		}),
	)
	cls := "field"
	if f.Err != "" {
		cls += " bad"
	}
	if f.Kind == kindToggle {
		cls += " tick"
	}
	root := goapp.Div().Class(cls)
	if !goapp.IsClient {
		root = f.Prefill.mark(root)
	}
	return root.Body(
		goapp.If(f.Kind != kindToggle, func() goapp.UI { return head }),
		f.input(id, val),
		goapp.If(f.Note != "" && !f.Pending, func() goapp.UI { return ui.Elem("p").Class("hint").ID(id + "-note").Text(f.Note) }),
		goapp.If(f.helpOpen, func() goapp.UI {
			return ui.Elem("p").Class("hint help").ID(id+"-help").Body(
				goapp.Text(f.Help+" "),
				// A checkbox's words toggle it, so its definition opens from here.
				goapp.If(f.Kind == kindToggle && f.Term != "", func() goapp.UI {
					return goapp.Button().Type("button").Class("term-label").DataSet("term", f.Term).
						Text(i18n.T(f.Lang, i18n.Glossary)).OnClick(f.openTerm)
				}),
			)
		}),
		goapp.If(f.Err != "", func() goapp.UI { return ui.Elem("p").Class("error").ID(id + "-error").Role("alert").Text(f.Err) }),
	)
}

// describedBy is the ids of what describes the input: ids, then the
// error when there is one.
func (f *fieldView) describedBy(ids string) string {
	if f.Err != "" {
		return strings.TrimSpace(ids + " " + f.id() + "-error")
	}
	return ids
}

func (f *fieldView) input(id, val string) goapp.UI {
	// A bad value's input says so, and is described by its message. An
	// empty value writes no attribute.
	bad, desc := "", f.describedBy("")
	if f.Err != "" {
		bad = "true"
	}
	switch f.Kind {
	case kindToggle:
		// The whole row is the tap target, 44 px high at least.
		return goapp.Div().Class("field-head").Body(
			goapp.Label().Class("choice").For(id).Body(
				ui.Checked(goapp.Input().Type("checkbox").ID(id).Aria("invalid", bad).Aria("describedby", desc), val == "1").OnChange(f.ticked),
				ui.Elem("span").Text(f.Label),
			),
			goapp.If(f.Help != "", func() goapp.UI {
				return goapp.Button().Type("button").Class("help-btn").ID(id+"-help-btn").
					Aria("label", fmt.Sprintf(i18n.T(f.Lang, i18n.HelpButtonF), f.Label)).
					Aria("expanded", f.helpOpen).Aria("controls", id+"-help").
					Text("?").OnClick(f.toggleHelp)
			}),
		)
	case kindChoice:
		if f.Note != "" && !f.Pending {
			desc = f.describedBy(id + "-note")
		}
		return goapp.Select().ID(id).Aria("invalid", bad).Aria("describedby", desc).OnChange(f.typed).Body(goapp.Range(f.Options).Slice(func(i int) goapp.UI {
			o := f.Options[i]
			return ui.Selected(goapp.Option().Value(o.Value), o.Value == val).Text(o.Label)
		}))
	case kindList:
		return goapp.Input().Type("text").ID(id).Value(val).Attr("inputmode", "text").Attr("autocomplete", "off").
			Aria("invalid", bad).Aria("describedby", desc).OnChange(f.typed)
	}
	n, err := strconv.Atoi(val)
	if val == "" {
		// go-app writes no value attribute for an empty one, and so leaves
		// the input with the number of the field drawn there before it (a
		// salvo's weapons where its distance now shows, once the target
		// changed); a space, which a number input holds as empty, clears it.
		val = " "
	}
	return goapp.Div().Class("stepper").Body(
		ui.Disabled(goapp.Button().Type("button").Class("step").DataSet("step", f.Key).DataSet("dir", "down").
			Aria("label", fmt.Sprintf(i18n.T(f.Lang, i18n.Decrease), f.Label)), err == nil && n <= f.Min).
			Text("−").OnClick(f.down),
		goapp.Input().Type("number").ID(id).Value(val).Min(f.Min).Max(f.Max).Attr("inputmode", "numeric").
			Aria("invalid", bad).Aria("describedby", f.describedBy(id+"-hint")).OnChange(f.typed),
		ui.Disabled(goapp.Button().Type("button").Class("step").DataSet("step", f.Key).DataSet("dir", "up").
			Aria("label", fmt.Sprintf(i18n.T(f.Lang, i18n.Increase), f.Label)), err == nil && n >= f.Max).
			Text("+").OnClick(f.up),
		ui.Elem("span").Class("visually-hidden").ID(id+"-hint").Textf(i18n.T(f.Lang, i18n.RangeF), f.Min, f.Max),
	)
}
