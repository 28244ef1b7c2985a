package app

import (
	"slices"
	"strings"

	"github.com/at4x/companion/i18n"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// profile is a named set of weapon and unit values the reader keeps, to
// load into any calculator that has those keys.
type profile struct {
	Name   string            `json:"name"`
	Values map[string]string `json:"values"`
}

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

// apply loads a profile's values that this calculator has.
func (c *calculator) apply(ctx goapp.Context, p profile) {
	v := clone(c.now.shown)
	for k, val := range p.Values {
		if k == "game" && !slices.Contains(c.spec.games, val) {
			continue
		}
		if k == "game" || slices.ContainsFunc(c.spec.fields, func(f field) bool { return f.key == k }) {
			v.Set(k, val)
		}
	}
	c.values = v
	c.compute()
	c.syncURL(ctx)
}

// profileView picks a preset or saved profile, and saves the current one.
func (c *calculator) profileView() goapp.UI {
	return elem("section").Class("profiles").Body(
		elem("h2").Text(c.t(i18n.Profiles)),
		goapp.Div().Class("field").Body(
			goapp.Label().For("profile-pick").Text(c.t(i18n.LoadProfile)),
			goapp.Select().ID("profile-pick").OnChange(func(ctx goapp.Context, e goapp.Event) {
				all := c.allProfiles()
				i := atoi(ctx.JSSrc().Get("value").String())
				if i > 0 && i <= len(all) {
					c.apply(ctx, all[i-1])
				}
				ctx.JSSrc().Set("value", "0")
			}).Body(
				goapp.Option().Value("0").Text("—"),
				elem("optgroup").Attr("label", c.t(i18n.Presets)).Body(goapp.Range(presets).Slice(func(i int) goapp.UI {
					return goapp.Option().Value(itoa(i + 1)).Text(c.t(presets[i].name))
				})),
				goapp.If(len(c.profiles) > 0, func() goapp.UI {
					return elem("optgroup").Attr("label", c.t(i18n.Profiles)).Body(goapp.Range(c.profiles).Slice(func(i int) goapp.UI {
						return goapp.Option().Value(itoa(len(presets) + i + 1)).Text(c.profiles[i].Name)
					}))
				}),
			),
		),
		elem("form").Class("field").OnSubmit(func(ctx goapp.Context, e goapp.Event) {
			e.PreventDefault()
			name := strings.TrimSpace(c.saveName)
			if name == "" {
				return
			}
			p := profile{Name: name, Values: map[string]string{}}
			for _, k := range profileKeys {
				if c.now.shown.Has(k) {
					p.Values[k] = c.now.shown.Get(k)
				}
			}
			c.profiles = append(slices.DeleteFunc(c.profiles, func(o profile) bool { return o.Name == name }), p)
			store(ctx, profilesKey, c.profiles)
			c.saveName = ""
		}).Body(
			goapp.Label().For("profile-name").Text(c.t(i18n.ProfileName)),
			goapp.Input().Type("text").ID("profile-name").Value(c.saveName).OnInput(func(ctx goapp.Context, e goapp.Event) {
				c.saveName = ctx.JSSrc().Get("value").String()
			}),
			goapp.Button().Type("submit").Class("btn").Text(c.t(i18n.SaveProfile)),
		),
	)
}

// allProfiles are the presets, named in the page's language, then the
// saved profiles, in the order the picker lists them.
func (c *calculator) allProfiles() []profile {
	var all []profile
	for _, p := range presets {
		all = append(all, profile{Name: c.t(p.name), Values: p.values})
	}
	return append(all, c.profiles...)
}

// profileList shows the saved profiles in the settings, to delete them.
type profileList struct {
	goapp.Compo
	Lang     string
	profiles []profile
}

func (p *profileList) OnMount(ctx goapp.Context) {
	_ = ctx.LocalStorage().Get(profilesKey, &p.profiles)
}

func (p *profileList) Render() goapp.UI {
	return elem("section").Body(
		elem("h2").Text(i18n.T(p.Lang, i18n.Profiles)),
		goapp.If(len(p.profiles) == 0, func() goapp.UI {
			return elem("p").Class("muted").Text(i18n.T(p.Lang, i18n.NoProfiles))
		}).Else(func() goapp.UI {
			return elem("ul").Class("marks").Body(goapp.Range(p.profiles).Slice(func(i int) goapp.UI {
				name := p.profiles[i].Name
				return elem("li").Body(
					elem("span").Text(name+" "),
					goapp.Button().Type("button").Class("btn ghost").Aria("label", i18n.T(p.Lang, i18n.DeleteProfile)+" "+name).
						Text(i18n.T(p.Lang, i18n.DeleteProfile)).OnClick(func(ctx goapp.Context, e goapp.Event) {
						p.profiles = slices.DeleteFunc(p.profiles, func(o profile) bool { return o.Name == name })
						store(ctx, profilesKey, p.profiles)
					}, goapp.EventScope(name)),
				)
			}))
		}),
	)
}
