package calc

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/at4x/companion/app/army"
	"github.com/at4x/companion/app/ui"
	"github.com/at4x/companion/i18n"
	"github.com/at4x/companion/rules"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// editor is the army's list of units, or the unit being edited.
func (c *Armies) editor() goapp.UI {
	a := c.armies[c.edit.army]
	if u := c.editedUnit(); u != nil {
		return c.unitEditor(a.Game, u)
	}
	profiles := c.profiles
	return ui.Elem("section").Class("army-editor").ID("army-editor").Body(
		ui.Elem("h2").Text(a.Name),
		goapp.Div().Class("field").Body(
			goapp.Label().For("army-name").Text(c.t(i18n.ArmyName)),
			goapp.Input().Type("text").ID("army-name").Value(a.Name).MaxLength(army.MaxName).OnChange(c.renameArmy),
		),
		ui.Elem("ol").Class("army-units").Body(goapp.Range(a.Units).Slice(func(i int) goapp.UI {
			u := a.Units[i]
			btn := func(do string, label i18n.Key) goapp.UI {
				return goapp.Button().Type("button").Class("btn ghost").ID("unit-"+do+"-"+strconv.Itoa(i)).DataSet("unit", i).DataSet("do", do).
					Aria("label", c.t(label)+" "+u.Name).Text(c.t(label)).OnClick(c.unitCommand)
			}
			return ui.Elem("li").Body(
				ui.Elem("span").Class("unit-name").Text(u.Name),
				goapp.Div().Class("army-actions").Body(btn("edit", i18n.ArmyEdit), btn("up", i18n.UnitUp), btn("down", i18n.UnitDown),
					btn("copy", i18n.ArmyCopy), btn("delete", i18n.ArmyDelete)),
			)
		})),
		goapp.Div().Class("army-add").Body(
			goapp.Button().Type("button").Class("btn").ID("unit-add").Text(c.t(i18n.UnitAdd)).OnClick(c.addUnit),
			goapp.If(len(profiles) > 0, func() goapp.UI {
				return goapp.Div().Class("field").Body(
					goapp.Label().For("unit-profile").Text(c.t(i18n.UnitFromProfile)),
					goapp.Select().ID("unit-profile").OnChange(c.addFromProfile).Body(
						goapp.Option().Value("").Text("—"),
						goapp.Range(profiles).Slice(func(i int) goapp.UI {
							return goapp.Option().Value(strconv.Itoa(i)).Text(profiles[i].Name)
						}),
					),
				)
			}),
			goapp.Button().Type("button").Class("btn ghost").ID("army-done").Text(c.t(i18n.UnitDone)).OnClick(c.doneUnit),
		),
	)
}

// unitEditor is one unit's name and parts, each part the calculators'
// own fields.
func (c *Armies) unitEditor(game string, u *army.Unit) goapp.UI {
	items := []goapp.UI{
		ui.Elem("h2").Text(u.Name),
		goapp.Div().Class("field").Body(
			goapp.Label().For("unit-name").Text(c.t(i18n.UnitName)),
			goapp.Input().Type("text").ID("unit-name").Value(u.Name).MaxLength(army.MaxName).DataSet("weapon", -1).OnChange(c.renameUnit),
		),
		c.partView(game, i18n.UnitAsTarget, "t", army.PartTarget, u.Target, nil),
	}
	for i, w := range u.Weapons {
		prefix := "w" + strconv.Itoa(i+1)
		id := prefix + "-name"
		items = append(items, c.partView(game, 0, prefix, army.PartWeapon, w.Shoot, []goapp.UI{
			ui.Elem("legend").Text(fmt.Sprintf(c.t(i18n.UnitWeaponF), i+1)),
			goapp.Div().Class("field").Body(
				goapp.Label().For(id).Text(c.t(i18n.UnitWeaponName)),
				goapp.Input().Type("text").ID(id).Value(w.Name).MaxLength(army.MaxName).DataSet("weapon", i).OnChange(c.renameUnit),
			),
			goapp.Button().Type("button").Class("btn ghost").ID(prefix+"-remove").DataSet("weapon", i).Text(c.t(i18n.UnitRemoveWeapon)).OnClick(c.removeWeapon),
		}))
	}
	if len(u.Weapons) < army.MaxWeapons {
		items = append(items, goapp.Button().Type("button").Class("btn ghost").ID("unit-add-weapon").Text(c.t(i18n.UnitAddWeapon)).OnClick(c.addWeapon))
	}
	for _, p := range []struct {
		prefix string
		label  i18n.Key
		part   army.Part
		v      army.Values
	}{{"m", i18n.UnitMelee, army.PartMelee, u.Melee}, {"o", i18n.UnitMorale, army.PartMorale, u.Morale}} {
		id := "unit-" + p.prefix
		toggle := goapp.Label().Class("choice").For(id).Body(
			ui.Checked(goapp.Input().Type("checkbox").ID(id).DataSet("part", p.prefix), p.v != nil).OnChange(c.togglePart),
			ui.Elem("span").Text(c.t(p.label)),
		)
		if p.v == nil {
			items = append(items, goapp.Div().Class("field tick").Body(toggle))
			continue
		}
		items = append(items, c.partView(game, 0, p.prefix, p.part, p.v, []goapp.UI{ui.Elem("legend").Body(toggle)}))
	}
	items = append(items, goapp.Button().Type("button").Class("btn").ID("unit-done").Text(c.t(i18n.UnitDone)).OnClick(c.doneUnit))
	return ui.Elem("section").Class("army-editor unit-editor").ID("army-editor").Body(items...)
}

// partView is a fieldset of a part's fields, keyed prefix.key, each with
// the engine's message when it refuses the value.
func (c *Armies) partView(game string, title i18n.Key, prefix string, p army.Part, v army.Values, head []goapp.UI) goapp.UI {
	shown := partShown(game, p, v)
	bad := map[string]error{}
	if err := army.Check(game, p, v); err != nil {
		bad, _ = fieldErrors(err)
	}
	if title != 0 {
		head = append([]goapp.UI{ui.Elem("legend").Text(c.t(title))}, head...)
	}
	items := head
	for _, f := range partFields(p) {
		if !f.show.holds(shown) {
			continue
		}
		label, term, help := fieldLabel(c.words, f)
		val := f.valueIn(shown)
		var msg string
		if raw, given := v[f.key]; given {
			val = raw
		}
		if reason, refused := bad[f.key]; refused {
			msg = fieldError(c.words, label, f, false, val, reason, nil)
		}
		var opts []fieldOption
		for _, o := range f.options {
			opts = append(opts, fieldOption{Value: o.value, Label: c.words.t(o.label)})
		}
		items = append(items, &fieldView{Lang: c.Lang, Key: prefix + "." + f.key, Kind: f.kind, Label: label, Term: term, Help: help,
			Value: val, Min: f.min, Max: f.max, Options: opts, Err: msg})
	}
	for k, reason := range bad {
		if _, ok := partField(p, k, shown); !ok || errors.Is(reason, rules.ErrUnknownKey) {
			items = append(items, ui.Elem("p").Class("error").Role("alert").Text(unknownKeysError(c.Lang, []string{k})))
		}
	}
	return ui.Elem("fieldset").Class("fields army-part").Body(items...)
}
