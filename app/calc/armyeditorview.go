package calc

import (
	"fmt"
	"strconv"

	"github.com/at4x/companion/app/army"
	"github.com/at4x/companion/app/ui"
	"github.com/at4x/companion/i18n"
	"github.com/at4x/companion/rules"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// view is the army's list of units, or the unit being edited; list is
// the profiles a unit can be made of.
func (e *editor) view(armies []army.Army, list []profile, words gameWords, lang string) goapp.UI {
	a := armies[e.army]
	if u := e.editedUnit(armies); u != nil {
		return e.unitView(a.Game, u, words, lang)
	}
	var m markup
	m.open("section", "class", "army-editor", "id", "army-editor")
	m.el("h2", a.Name)
	textHTML(&m, words, "army-name", i18n.ArmyName, a.Name, "")
	m.open("ol", "class", "army-units")
	for i, u := range a.Units {
		n := strconv.Itoa(i)
		m.open("li")
		m.el("span", u.Name, "class", "unit-name")
		m.open("div", "class", "army-actions")
		for _, b := range []struct {
			do    string
			label i18n.Key
		}{{"edit", i18n.ArmyEdit}, {"up", i18n.UnitUp}, {"down", i18n.UnitDown}, {"copy", i18n.ArmyCopy}, {"delete", i18n.ArmyDelete}} {
			m.button("unit-"+b.do+"-"+n, "btn ghost", "unit-"+b.do, n, words.t(b.label), "aria-label", words.t(b.label)+" "+u.Name)
		}
		m.end("div")
		m.end("li")
	}
	m.end("ol")
	m.open("div", "class", "army-add")
	m.button("unit-add", "btn", "add-unit", "", words.t(i18n.UnitAdd))
	if len(list) > 0 {
		m.open("div", "class", "field")
		m.el("label", words.t(i18n.UnitFromProfile), "for", "unit-profile")
		m.open("select", "id", "unit-profile")
		m.el("option", "—", "value", "")
		for i, p := range list {
			m.el("option", p.Name, "value", strconv.Itoa(i))
		}
		m.end("select")
		m.end("div")
	}
	m.button("army-done", "btn ghost", "done", "", words.t(i18n.UnitDone))
	m.end("div")
	m.end("section")
	return goapp.Raw(m.String())
}

// textHTML is a labelled text box for a name.
func textHTML(m *markup, words gameWords, id string, label i18n.Key, value, weapon string) {
	m.open("div", "class", "field")
	m.el("label", words.t(label), "for", id)
	m.open("input", "type", "text", "id", id, "value", value, "maxlength", strconv.Itoa(army.MaxName), "data-weapon", weapon)
	m.end("div")
}

// unitView is one unit's name and parts, each part the calculators'
// own fields.
func (e *editor) unitView(game string, u *army.Unit, words gameWords, lang string) goapp.UI {
	var m markup
	m.open("div")
	m.el("h2", u.Name)
	textHTML(&m, words, "unit-name", i18n.UnitName, u.Name, "-1")
	m.end("div")
	items := []goapp.UI{goapp.Raw(m.String()), e.partView(game, words.t(i18n.UnitAsTarget), "t", army.PartTarget, u.Target, "", words, lang)}
	for i, w := range u.Weapons {
		var m markup
		n := strconv.Itoa(i)
		m.open("div")
		textHTML(&m, words, "w"+strconv.Itoa(i+1)+"-name", i18n.UnitWeaponName, w.Name, n)
		m.button("w"+strconv.Itoa(i+1)+"-remove", "btn ghost", "remove-weapon", n, words.t(i18n.UnitRemoveWeapon))
		m.end("div")
		items = append(items, e.partView(game, fmt.Sprintf(words.t(i18n.UnitWeaponF), i+1), "w"+strconv.Itoa(i+1), army.PartWeapon, w.Shoot, m.String(), words, lang))
	}
	var tail markup
	tail.open("div", "class", "army-add")
	if len(u.Weapons) < army.MaxWeapons {
		tail.button("unit-add-weapon", "btn ghost", "add-weapon", "", words.t(i18n.UnitAddWeapon))
	}
	tail.end("div")
	items = append(items, goapp.Raw(tail.String()))
	for _, p := range []struct {
		prefix string
		label  i18n.Key
		part   army.Part
		v      army.Values
	}{{"m", i18n.UnitMelee, army.PartMelee, u.Melee}, {"o", i18n.UnitMorale, army.PartMorale, u.Morale}} {
		var m markup
		m.open("label", "class", "choice", "for", "unit-"+p.prefix)
		m.open("input", "type", "checkbox", "id", "unit-"+p.prefix, "data-part", p.prefix, "checked", when(p.v != nil, ""))
		m.el("span", words.t(p.label))
		m.end("label")
		if p.v == nil {
			items = append(items, goapp.Raw(`<div class="field tick">`+m.String()+"</div>"))
			continue
		}
		items = append(items, e.partView(game, "", p.prefix, p.part, p.v, m.String(), words, lang))
	}
	var done markup
	done.button("unit-done", "btn", "done", "", words.t(i18n.UnitDone))
	items = append(items, goapp.Raw(done.String()))
	return ui.Elem("section").Class("army-editor unit-editor").ID("army-editor").Body(items...)
}

// partView is a fieldset of a part's fields, keyed prefix.key, each with
// the engine's message when it refuses the value; head is HTML after the
// legend (a name, a tick box).
func (e *editor) partView(game, title, prefix string, p army.Part, v army.Values, head string, words gameWords, lang string) goapp.UI {
	shown := partShown(game, p, v)
	bad := map[string]error{}
	if err := army.Check(game, p, v); err != nil {
		bad, _ = fieldErrors(err)
	}
	var m markup
	m.open("legend")
	m.WriteString(head)
	if title != "" {
		m.el("span", title)
	}
	m.end("legend")
	items := []goapp.UI{goapp.Raw(m.String())}
	for _, f := range partFields(p) {
		if !f.show.holds(shown) {
			continue
		}
		label, _, _ := fieldLabel(words, f)
		val, given := v[f.key]
		if !given {
			val = f.valueIn(shown)
		}
		msg := ""
		if reason, refused := bad[f.key]; refused {
			msg = fieldError(words, label, f, false, val, reason, nil)
		}
		items = append(items, fieldOf(words, lang, f, prefix+"."+f.key, val, msg))
	}
	for k, reason := range bad {
		if _, ok := partField(p, k, shown); !ok || errorIs(reason, rules.ErrUnknownKey) {
			items = append(items, goapp.Raw(`<p class="error" role="alert">`+htmlText(unknownKeysError(lang, []string{k}))+"</p>"))
		}
	}
	return ui.Elem("fieldset").Class("fields army-part").Body(items...)
}
