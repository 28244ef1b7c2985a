package calc

import (
	"slices"
	"strconv"
	"strings"

	"github.com/at4x/companion/app/store"
	"github.com/at4x/companion/app/ui"
	"github.com/at4x/companion/i18n"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// profile is a named set of weapon and unit values the reader keeps, to
// load into any calculator that has those keys.
type profile struct {
	Name   string
	Values map[string]string
}

// Fields are the stored profile.
func (p profile) Fields() store.Fields {
	values := make(map[string]any, len(p.Values))
	for k, v := range p.Values {
		values[k] = v
	}
	return map[string]any{"name": p.Name, "values": values}
}

// SetFields reads a stored profile.
func (p *profile) SetFields(f store.Fields) {
	*p = profile{Name: f.String("name"), Values: f.Strings("values")}
}

// profilesKey is where the saved profiles are kept on the device.
var profilesKey = store.Key("profiles")

// maxProfiles is how many profiles the app keeps: past it, a new profile
// drops the oldest, and reading keeps the newest, so the picker and the
// settings stay quick whatever the storage holds. A name is cut to
// maxProfileName characters and a value longer than maxProfileValue bytes,
// more than any field takes, is left out, so the list stays far under what
// store.Read decodes.
const (
	maxProfiles     = 100
	maxProfileName  = 80
	maxProfileValue = 100
)

// profilesSpan is what is read of the profiles stored on the device: the
// newest maxProfiles, each a name and the values of a unit or weapon (some
// 25 short numbers and choices), far shorter than the room left them.
var profilesSpan = store.Last(maxProfiles, 2560)

// profileKeys are the values a profile keeps: what describes a weapon or a
// unit, not the situation (range, cover) of one attack.
var profileKeys = []string{"n", "rate", "rr", "acc", "pen", "dmg", "aoe", "def", "target", "prot", "size", "type",
	"frame", "prop", "weapons", "vehicles", "mor", "rank", "structure", "skill", "ar", "ma", "pui", "phy", "cou"}

// preset is a profile that ships with the app, named in each language.
type preset struct {
	name   i18n.Key
	values map[string]string
}

// presets are the numbers of the rules' own worked examples, named by what
// they show.
var presets = []preset{
	{i18n.PresetShootAT43, map[string]string{"game": "at43", "acc": "3", "range": "5"}},
	{i18n.PresetMeleeAT43, map[string]string{"game": "at43", "acc": "4", "def": "5"}},
	{i18n.PresetLaunchers, map[string]string{"game": "at43", "n": "2", "aoe": "3"}},
	{i18n.PresetShootAT44, map[string]string{"game": "at44", "acc": "5", "range": "1"}},
	{i18n.PresetArmourAT44, map[string]string{"game": "at44", "pen": "7", "prot": "11"}},
	{i18n.PresetMeleeAT44, map[string]string{"game": "at44", "acc": "6", "def": "7"}},
}

// applies tells whether a preset fits a calculator: it runs under the
// preset's game and has every value the preset sets.
func (p preset) applies(spec *spec) bool {
	for k, v := range p.values {
		if k == "game" && !slices.Contains(spec.games, v) || k != "game" && !spec.hasField(k) {
			return false
		}
	}
	return true
}

// sharesKeys tells whether a saved profile holds any value of a calculator.
func (p profile) sharesKeys(spec *spec) bool {
	for k := range p.Values {
		if spec.hasField(k) {
			return true
		}
	}
	return false
}

// profilePicker loads a preset or saved profile into the calculator and
// saves the current values as a profile. It lists only the presets and
// profiles that fit the calculator; the calculator shows it only where a
// profile can hold one of its values.
type profilePicker struct {
	goapp.Compo

	Lang  string
	Calc  string // the calculator's spec name
	Game  string // the game on show: only its presets are offered
	Saved int    // counts the profiles the calculator saved, to reread them

	profiles []profile
	saveName string
}

func (p *profilePicker) t(k i18n.Key) string { return i18n.T(p.Lang, k) }

func (p *profilePicker) OnMount(ctx goapp.Context) {
	p.profiles = loadProfiles(ctx)
}

// OnUpdate rereads the profiles after the calculator saved one.
func (p *profilePicker) OnUpdate(ctx goapp.Context) {
	p.profiles = loadProfiles(ctx)
}

// loadProfiles reads the saved profiles: those the device keeps, or those
// this visit kept in memory when the device refused them.
func loadProfiles(ctx goapp.Context) []profile {
	return validProfiles(store.LoadList[profile](ctx, profilesKey, profilesSpan))
}

// validProfiles keeps, of a stored list, the newest maxProfiles profiles
// that have a name, each with only the values a profile holds.
func validProfiles(list []profile) []profile {
	out := make([]profile, 0, min(len(list), maxProfiles))
	for _, p := range list[max(len(list)-maxProfiles, 0):] {
		if strings.TrimSpace(p.Name) == "" {
			continue
		}
		out = append(out, newProfile(p.Name, p.Values))
	}
	return out
}

// newProfile is a profile of the values a profile holds, within the caps.
func newProfile(name string, values map[string]string) profile {
	if r := []rune(name); len(r) > maxProfileName {
		name = string(r[:maxProfileName])
	}
	p := profile{Name: name, Values: map[string]string{}}
	for k, v := range values {
		if slices.Contains(profileKeys, k) && len(v) <= maxProfileValue {
			p.Values[k] = v
		}
	}
	return p
}

// choices are the presets of the game on show, named in the page's
// language, then the saved profiles, that fit the calculator, in the order
// the picker lists them. Another game's preset would name that game's
// values in its words on this game's page.
func (p *profilePicker) choices() (presetList, saved []profile) {
	spec := specFor(p.Calc)
	if spec == nil {
		return nil, nil
	}
	for _, pr := range presets {
		if pr.values["game"] == p.Game && pr.applies(spec) {
			presetList = append(presetList, profile{Name: p.t(pr.name), Values: pr.values})
		}
	}
	for _, pr := range p.profiles {
		if pr.sharesKeys(spec) {
			saved = append(saved, pr)
		}
	}
	return presetList, saved
}

func (p *profilePicker) picked(ctx goapp.Context, e goapp.Event) {
	pre, saved := p.choices()
	all := append(pre, saved...)
	i := atoi(ctx.JSSrc().Get("value").String())
	ctx.JSSrc().Set("value", "0")
	if i > 0 && i <= len(all) {
		ctx.NewActionWithValue(actionProfile, all[i-1].Values)
	}
}

func (p *profilePicker) typed(ctx goapp.Context, e goapp.Event) {
	p.saveName = ctx.JSSrc().Get("value").String()
	ctx.PreventUpdate()
}

func (p *profilePicker) save(ctx goapp.Context, e goapp.Event) {
	e.PreventDefault()
	name := strings.TrimSpace(p.saveName)
	if name == "" {
		return
	}
	// The calculator holds the values: it saves them.
	ctx.NewActionWithValue(actionSaveProfile, name)
	p.saveName = ""
	// typed prevents the redraw, so the rendered value is still the empty
	// one and go-app would leave the box as it is: clear it here, so that
	// the next name typed is not added to this one.
	if box := ctx.JSSrc().Call("querySelector", "#profile-name"); box.Truthy() {
		box.Set("value", "")
	}
}

func (p *profilePicker) Render() goapp.UI {
	pre, saved := p.choices()
	return ui.Elem("section").Class("profiles").Body(
		ui.Elem("h2").Text(p.t(i18n.Profiles)),
		goapp.If(len(pre)+len(saved) > 0, func() goapp.UI {
			return goapp.Div().Class("field").Body(
				goapp.Label().For("profile-pick").Text(p.t(i18n.LoadProfile)),
				goapp.Select().ID("profile-pick").OnChange(p.picked).Body(
					goapp.Option().Value("0").Text("—"),
					goapp.If(len(pre) > 0, func() goapp.UI {
						return ui.Elem("optgroup").Attr("label", p.t(i18n.Presets)).Body(goapp.Range(pre).Slice(func(i int) goapp.UI {
							return goapp.Option().Value(strconv.Itoa(i + 1)).Text(pre[i].Name)
						}))
					}),
					goapp.If(len(saved) > 0, func() goapp.UI {
						return ui.Elem("optgroup").Attr("label", p.t(i18n.Profiles)).Body(goapp.Range(saved).Slice(func(i int) goapp.UI {
							return goapp.Option().Value(strconv.Itoa(len(pre) + i + 1)).Text(saved[i].Name)
						}))
					}),
				),
			)
		}),
		ui.Elem("form").Class("field save-profile").OnSubmit(p.save).Body(
			goapp.Label().For("profile-name").Text(p.t(i18n.ProfileName)),
			goapp.Div().Class("save-row").Body(
				goapp.Input().Type("text").ID("profile-name").Value(p.saveName).OnInput(p.typed),
				goapp.Button().Type("submit").Class("btn").Text(p.t(i18n.SaveProfile)),
			),
		),
	)
}

// onSaveProfile keeps the current values a profile holds under a name,
// replacing a profile of that name.
func (c *Page) onSaveProfile(ctx goapp.Context, a goapp.Action) {
	name, _ := a.Value.(string)
	if name == "" || c.now.shown == nil {
		return
	}
	values := map[string]string{}
	for _, k := range profileKeys {
		if c.now.shown.Has(k) {
			values[k] = c.now.shown.Get(k)
		}
	}
	pr := newProfile(name, values)
	name = pr.Name
	saved := loadProfiles(ctx)
	saved = append(slices.DeleteFunc(saved, func(o profile) bool { return o.Name == name }), pr)
	saved = saved[max(len(saved)-maxProfiles, 0):]
	store.SaveList(ctx, profilesKey, saved)
	c.savedProfiles++
}

// ProfileList shows the saved profiles in the settings, to delete them.
type ProfileList struct {
	goapp.Compo
	Lang     string
	profiles []profile
}

func (p *ProfileList) OnMount(ctx goapp.Context) {
	p.profiles = loadProfiles(ctx)
}

func (p *ProfileList) Render() goapp.UI {
	return ui.Elem("section").Body(
		ui.Elem("h2").Text(i18n.T(p.Lang, i18n.Profiles)),
		goapp.If(len(p.profiles) == 0, func() goapp.UI {
			return ui.Elem("p").Class("muted").Text(i18n.T(p.Lang, i18n.NoProfiles))
		}).Else(func() goapp.UI {
			return ui.Elem("ul").Class("marks").Body(goapp.Range(p.profiles).Slice(func(i int) goapp.UI {
				name := p.profiles[i].Name
				return ui.Elem("li").Body(
					ui.Elem("span").Text(name+" "),
					goapp.Button().Type("button").Class("btn ghost").Aria("label", i18n.T(p.Lang, i18n.DeleteProfile)+" "+name).
						Text(i18n.T(p.Lang, i18n.DeleteProfile)).OnClick(func(ctx goapp.Context, e goapp.Event) {
						p.profiles = slices.DeleteFunc(p.profiles, func(o profile) bool { return o.Name == name })
						store.SaveList(ctx, profilesKey, p.profiles)
					}, goapp.EventScope(name)),
				)
			}))
		}),
	)
}
