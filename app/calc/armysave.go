package calc

import (
	"fmt"
	"net/url"
	"slices"

	"github.com/at4x/companion/app/army"
	"github.com/at4x/companion/i18n"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// "Save as a unit" under a calculator is a link to the armies page with
// the calculator's values and save=name: the page puts the attacker's
// half (its weapon, close-combat or morale values) as a unit into my
// army, the target's half as a unit into theirs, and opens the first in
// the editor to be named.

// unitCalcs are the calculators whose values make units.
var unitCalcs = []string{"shoot", "melee", "indirect", "morale"}

// saveUnitLink is the calculator's "Save as a unit" link, or nothing.
func (c *Page) saveUnitLink() goapp.UI {
	if !slices.Contains(unitCalcs, c.spec.name) || c.now.shown == nil {
		return goapp.Text("")
	}
	q := clone(c.now.shown)
	q.Set("save", c.spec.name)
	q.Set("lang", c.Lang)
	return goapp.A().Class("btn ghost").ID("unit-save").Href(c.Base + "/armies?" + q.Encode()).Text(c.t(i18n.UnitSave))
}

// saveUnits reads a "Save as a unit" link.
func (c *Armies) saveUnits(q url.Values) {
	name := q.Get("save")
	game := q.Get("game")
	if !slices.Contains(unitCalcs, name) || !slices.Contains(army.Games, game) {
		return
	}
	pick := func(keys []string) army.Values {
		out := army.Values{}
		for _, k := range keys {
			if q.Has(k) {
				out[k] = q.Get(k)
			}
		}
		return out
	}
	attacker := army.Unit{Target: army.Values{}}
	switch name {
	case "melee":
		attacker.Melee = pick(army.MeleeKeys)
	case "morale":
		attacker.Morale = pick(army.MoraleKeys)
	default:
		w := pick(army.WeaponKeys)
		attacker.Weapons = []army.Weapon{{Name: Title(c.Lang, game, name), Shoot: w}}
	}
	at := c.addUnitTo(game, &c.mine, attacker)
	if name != "morale" {
		target := pick(army.TargetKeys)
		if name != "melee" {
			delete(target, "def")
		}
		c.addUnitTo(game, &c.theirs, army.Unit{Target: target})
	}
	c.edit = at
}

// addUnitTo adds u, named by its number, to the army of game picked at
// side, or to a new army picked there, and says where it went; the army
// is read back as a file would be, so that no refused value stays.
func (c *Armies) addUnitTo(game string, side *int, u army.Unit) editor {
	i := *side
	if i < 0 || i >= len(c.armies) || c.armies[i].Game != game {
		if len(c.armies) >= army.MaxArmies {
			return editor{-1, -1}
		}
		c.armies = append(c.armies, army.Army{Game: game, Name: fmt.Sprintf(c.t(i18n.ArmyNewNameF), len(c.armies)+1)})
		i = len(c.armies) - 1
		*side = i
	}
	a := c.armies[i]
	if len(a.Units) >= army.MaxUnits {
		return editor{-1, -1}
	}
	u.Name = fmt.Sprintf(c.t(i18n.UnitNewNameF), len(a.Units)+1)
	a.Units = append(a.Units, u)
	read, problems, err := readArmy(string(army.Encode(a)))
	if err != nil {
		return editor{-1, -1}
	}
	w := wordsFor(c.lib, c.Lang, game)
	for _, p := range problems {
		c.messages = append(c.messages, problemText(w, p))
	}
	c.armies[i] = read
	return editor{i, len(read.Units) - 1}
}
