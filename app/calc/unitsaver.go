package calc

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/at4x/companion/app/army"
	"github.com/at4x/companion/app/ui"
	"github.com/at4x/companion/i18n"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// unitSaver is "Save as a unit" under a calculator: the attacker's half of
// the values (the weapon, or the close-combat values) and the target's half
// each become a unit, in an army of the reader's or a new one; under the
// morale test, the unit's morale.
type unitSaver struct {
	goapp.Compo

	Lang   string
	Game   string
	Calc   string
	Values map[string]string // the calculator's values, defaults filled in

	armies   []army.Army
	saidArmy string
}

// unitCalcs are the calculators whose values make units.
var unitCalcs = []string{"shoot", "melee", "indirect", "morale"}

func (s *unitSaver) t(k i18n.Key) string { return i18n.T(s.Lang, k) }

func (s *unitSaver) OnMount(ctx goapp.Context) { s.armies = loadArmies(ctx) }

func (s *unitSaver) Render() goapp.UI {
	row := func(id string, label i18n.Key) goapp.UI {
		return goapp.Div().Class("field").Body(
			goapp.Label().For(id).Text(s.t(label)),
			goapp.Input().Type("text").ID(id).MaxLength(army.MaxName),
		)
	}
	morale := s.Calc == "morale"
	return ui.Elem("form").Class("profiles unit-saver").ID("unit-saver").OnSubmit(s.save).Body(
		ui.Elem("h2").Text(s.t(i18n.UnitSave)),
		goapp.If(morale, func() goapp.UI { return row("unit-save-target", i18n.UnitName) }).
			Else(func() goapp.UI {
				return goapp.Div().Body(row("unit-save-attacker", i18n.UnitSaveAttacker), row("unit-save-target", i18n.UnitSaveTarget))
			}),
		goapp.Div().Class("field").Body(
			goapp.Label().For("unit-save-army").Text(s.t(i18n.UnitSaveInto)),
			goapp.Select().ID("unit-save-army").Body(
				goapp.Range(s.armies).Slice(func(i int) goapp.UI {
					if s.armies[i].Game != s.Game {
						return goapp.Text("")
					}
					return goapp.Option().Value(strconv.Itoa(i)).Text(s.armies[i].Name)
				}),
				goapp.Option().Value("-1").Text(s.t(i18n.UnitSaveNewArmy)),
			),
		),
		goapp.Button().Type("submit").Class("btn").ID("unit-save").Text(s.t(i18n.UnitSave)),
		ui.Elem("p").Class("share-said").Role("status").Text(map[bool]string{true: fmt.Sprintf(s.t(i18n.UnitSavedF), s.saidArmy)}[s.saidArmy != ""]),
	)
}

// save puts the named units into the army chosen.
func (s *unitSaver) save(ctx goapp.Context, e goapp.Event) {
	e.PreventDefault()
	doc := goapp.Window().Get("document")
	text := func(id string) string {
		if el := doc.Call("getElementById", id); el.Truthy() {
			v := el.Get("value").String()
			el.Set("value", "")
			name, _ := army.CleanName(v)
			return name
		}
		return ""
	}
	attacker, target := text("unit-save-attacker"), text("unit-save-target")
	units := s.units(attacker, target)
	if len(units) == 0 {
		return
	}
	s.armies = loadArmies(ctx)
	i, _ := strconv.Atoi(doc.Call("getElementById", "unit-save-army").Get("value").String())
	if i < 0 || i >= len(s.armies) || s.armies[i].Game != s.Game {
		if len(s.armies) >= army.MaxArmies {
			return
		}
		s.armies = append(s.armies, army.Army{Game: s.Game, Name: fmt.Sprintf(s.t(i18n.ArmyNewNameF), len(s.armies)+1)})
		i = len(s.armies) - 1
	}
	a := &s.armies[i]
	a.Units = append(a.Units, units...)
	a.Units = a.Units[:min(len(a.Units), army.MaxUnits)]
	if storeArmies(ctx, s.armies) {
		s.saidArmy = a.Name
	}
}

// units are the units the values make: the attacker named attacker, the
// target named target (for the morale test, the unit with its morale).
func (s *unitSaver) units(attacker, target string) []army.Unit {
	pick := func(keys []string) army.Values {
		out := army.Values{}
		for _, k := range keys {
			if v, ok := s.Values[k]; ok {
				out[k] = v
			}
		}
		return out
	}
	var out []army.Unit
	if attacker != "" {
		u := army.Unit{Name: attacker, Target: army.Values{}}
		if s.Calc == "melee" {
			u.Melee = pick(army.MeleeKeys)
		} else {
			w := pick(army.WeaponKeys)
			if s.Calc != "indirect" {
				delete(w, "aoe")
			}
			u.Weapons = []army.Weapon{{Name: attacker, Shoot: w}}
		}
		out = append(out, u)
	}
	if target != "" {
		u := army.Unit{Name: target, Target: pick(army.TargetKeys)}
		switch s.Calc {
		case "morale":
			u.Target, u.Morale = army.Values{}, pick(army.MoraleKeys)
		case "indirect":
			u.Target = army.Values{"target": "inf", "prot": s.Values["prot"]}
		case "shoot":
			delete(u.Target, "def")
		}
		for k, v := range u.Target {
			if strings.TrimSpace(v) == "" || k == "target" && !slices.Contains([]string{"inf", "veh"}, v) {
				delete(u.Target, k)
			}
		}
		out = append(out, u)
	}
	return out
}

// flat is v with one value a key.
func flat(v map[string][]string) map[string]string {
	out := make(map[string]string, len(v))
	for k, s := range v {
		if len(s) > 0 {
			out[k] = s[0]
		}
	}
	return out
}
