package calc

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/at4x/companion/app/army"
	"github.com/at4x/companion/i18n"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The editor's fields are keyed by part: "t." the unit as a target, "m."
// its close combat, "o." its morale, "w1." to "w6." its weapons, then the
// share-link key ("w1.acc"), so one fieldView id names one value.

// partOf reads a field's prefix: the part and, for a weapon, its index.
func partOf(prefix string) (army.Part, int, bool) {
	switch prefix {
	case "t":
		return army.PartTarget, 0, true
	case "m":
		return army.PartMelee, 0, true
	case "o":
		return army.PartMorale, 0, true
	}
	if n, err := strconv.Atoi(strings.TrimPrefix(prefix, "w")); err == nil && strings.HasPrefix(prefix, "w") && n >= 1 && n <= army.MaxWeapons {
		return army.PartWeapon, n - 1, true
	}
	return "", 0, false
}

// editedUnit is the unit in the editor, or nil.
func (c *Armies) editedUnit() *army.Unit {
	e := c.edit
	if e.army < 0 || e.army >= len(c.armies) || e.unit < 0 || e.unit >= len(c.armies[e.army].Units) {
		return nil
	}
	return &c.armies[e.army].Units[e.unit]
}

// partValues are the values of a part of u, nil when it has none.
func partValues(u *army.Unit, p army.Part, weapon int) army.Values {
	switch p {
	case army.PartTarget:
		return u.Target
	case army.PartMelee:
		return u.Melee
	case army.PartMorale:
		return u.Morale
	case army.PartWeapon:
		if weapon < len(u.Weapons) {
			return u.Weapons[weapon].Shoot
		}
	}
	return nil
}

// setUnitValue takes a change of one value of the unit in the editor: a
// step from the value shown, or a value typed or chosen. The value is
// kept as given, and a value the engine refuses shows its message on its
// field (reading the army back leaves it out).
func (c *Armies) setUnitValue(ctx goapp.Context, prefix, key string, ch fieldChange) {
	u := c.editedUnit()
	p, wi, ok := partOf(prefix)
	if u == nil || !ok {
		return
	}
	v := partValues(u, p, wi)
	if v == nil {
		return
	}
	game := c.armies[c.edit.army].Game
	value := ch.Value
	if ch.Step != 0 {
		shown := partShown(game, p, v)
		n, _ := strconv.Atoi(shown.Get(key))
		f, _ := partField(p, key, shown)
		value = strconv.Itoa(min(max(n+ch.Step, f.min), f.max))
	}
	if value == "" {
		delete(v, key)
	} else {
		v[key] = value
	}
	c.saved(ctx)
}

// saved stores the armies after an edit and works the matrix out again.
func (c *Armies) saved(ctx goapp.Context) {
	c.full = !storeArmies(ctx, c.armies)
	c.recompute(ctx)
}

// Army and unit commands: the button's data says which.

func (c *Armies) newArmy(ctx goapp.Context) {
	if len(c.armies) >= army.MaxArmies {
		c.full = true
		return
	}
	c.armies = append(c.armies, army.Army{Game: orElse(c.Game, "at43"), Name: fmt.Sprintf(c.t(i18n.ArmyNewNameF), len(c.armies)+1)})
	c.edit = editState{len(c.armies) - 1, -1}
	c.saved(ctx)
}

func (c *Armies) editArmy(i int) {
	if i >= 0 && i < len(c.armies) {
		c.edit = editState{i, -1}
		c.words = wordsFor(c.lib, c.Lang, c.armies[i].Game)
	}
}

func (c *Armies) copyArmy(ctx goapp.Context, i int) {
	if i < 0 || i >= len(c.armies) || len(c.armies) >= army.MaxArmies {
		return
	}
	cp := copyOf(c.armies[i])
	cp.Name, _ = army.CleanName(fmt.Sprintf(c.t(i18n.ArmyCopyNameF), cp.Name))
	c.armies = append(c.armies, cp)
	c.saved(ctx)
}

func (c *Armies) deleteArmy(ctx goapp.Context, i int) {
	if i < 0 || i >= len(c.armies) {
		return
	}
	c.undo = &undoState{name: c.armies[i].Name, armies: cloneArmies(c.armies)}
	c.armies = append(c.armies[:i], c.armies[i+1:]...)
	c.shift(i, -1)
	c.edit = editState{-1, -1}
	c.saved(ctx)
}

// shift moves the picked armies' indexes after the army at i was taken
// out.
func (c *Armies) shift(i, d int) {
	for _, at := range []*int{&c.mine, &c.theirs} {
		if *at == i {
			*at = -1
		} else if *at > i {
			*at += d
		}
	}
	c.pickDefaults()
}

// cloneArmies is a deep copy of list.
func cloneArmies(list []army.Army) []army.Army {
	out := make([]army.Army, len(list))
	for i, a := range list {
		out[i] = copyOf(a)
	}
	return out
}

// copyOf is a deep copy of a, through its file: the client carries the
// codec already, and no copying code of its own.
func copyOf(a army.Army) army.Army {
	cp, _, _ := readArmy(string(army.Encode(a)))
	return cp
}

func (c *Armies) undoDelete(ctx goapp.Context) {
	if c.undo == nil {
		return
	}
	c.armies = c.undo.armies
	c.undo = nil
	c.edit = editState{-1, -1}
	c.pickDefaults()
	c.saved(ctx)
}

// pick chooses my army or theirs from a select.
func (c *Armies) pick(ctx goapp.Context, id, value string) {
	i, err := strconv.Atoi(value)
	if err != nil || i >= len(c.armies) {
		i = -1
	}
	if id == "army-mine" {
		c.mine = i
	} else {
		c.theirs = i
	}
	c.words = wordsFor(c.lib, c.Lang, c.game())
	c.recompute(ctx)
}

// Names, typed into text boxes.

func (c *Armies) renameArmy(ctx goapp.Context, value string) {
	if c.edit.army < 0 || c.edit.army >= len(c.armies) {
		return
	}
	if name, _ := army.CleanName(value); name != "" {
		c.armies[c.edit.army].Name = name
	}
	c.saved(ctx)
}

func (c *Armies) renameUnit(ctx goapp.Context, value string, w int) {
	u := c.editedUnit()
	if u == nil {
		return
	}
	name, _ := army.CleanName(value)
	switch {
	case name == "":
	case w >= 0 && w < len(u.Weapons):
		u.Weapons[w].Name = name
	case w < 0:
		u.Name = name
	}
	c.saved(ctx)
}

// Units.

func (c *Armies) addUnit(ctx goapp.Context) {
	a := c.editedArmy()
	if a == nil || len(a.Units) >= army.MaxUnits {
		return
	}
	a.Units = append(a.Units, army.Unit{Name: fmt.Sprintf(c.t(i18n.UnitNewNameF), len(a.Units)+1),
		Target: army.Values{"target": "inf"}, Weapons: []army.Weapon{{Name: fmt.Sprintf(c.t(i18n.UnitWeaponF), 1), Shoot: army.Values{}}}})
	c.edit.unit = len(a.Units) - 1
	c.saved(ctx)
}

// addFromProfile makes a unit of a saved profile: its weapon values one
// weapon, its target values the unit as a target, its morale its morale.
func (c *Armies) addFromProfile(ctx goapp.Context, value string) {
	a := c.editedArmy()
	i, err := strconv.Atoi(value)
	list := c.profiles
	if a == nil || err != nil || i < 0 || i >= len(list) || len(a.Units) >= army.MaxUnits {
		return
	}
	a.Units = append(a.Units, unitOf(list[i].Name, list[i].Values))
	c.edit.unit = len(a.Units) - 1
	c.saved(ctx)
}

// unitOf is a unit named name of a calculator's values: the shooter's
// keys a weapon, the target's the unit as a target, morale's its morale.
func unitOf(name string, values map[string]string) army.Unit {
	name, _ = army.CleanName(name)
	u := army.Unit{Name: orElse(name, "#"), Target: army.Values{}}
	w := army.Values{}
	for k, v := range values {
		if slices.Contains(army.WeaponKeys, k) {
			w[k] = v
		}
		if slices.Contains(army.TargetKeys, k) {
			u.Target[k] = v
		}
		if slices.Contains(army.MoraleKeys, k) {
			if u.Morale == nil {
				u.Morale = army.Values{}
			}
			u.Morale[k] = v
		}
	}
	u.Weapons = []army.Weapon{{Name: u.Name, Shoot: w}}
	return u
}

func (c *Armies) editedArmy() *army.Army {
	if c.edit.army < 0 || c.edit.army >= len(c.armies) {
		return nil
	}
	return &c.armies[c.edit.army]
}

func (c *Armies) unitCommand(ctx goapp.Context, do string, i int) {
	a := c.editedArmy()
	if a == nil || i < 0 || i >= len(a.Units) {
		return
	}
	switch do {
	case "unit-edit":
		c.edit.unit = i
	case "unit-up":
		if i > 0 {
			a.Units[i-1], a.Units[i] = a.Units[i], a.Units[i-1]
		}
	case "unit-down":
		if i+1 < len(a.Units) {
			a.Units[i+1], a.Units[i] = a.Units[i], a.Units[i+1]
		}
	case "unit-copy":
		if len(a.Units) < army.MaxUnits {
			cp := copyOf(army.Army{Game: a.Game, Units: a.Units[i : i+1]}).Units[0]
			cp.Name, _ = army.CleanName(fmt.Sprintf(c.t(i18n.ArmyCopyNameF), cp.Name))
			a.Units = append(a.Units, cp)
		}
	case "unit-delete":
		c.undo = &undoState{name: a.Units[i].Name, armies: cloneArmies(c.armies)}
		a.Units = append(a.Units[:i], a.Units[i+1:]...)
		c.edit.unit = -1
	}
	c.saved(ctx)
}

func (c *Armies) doneUnit() {
	if c.edit.unit >= 0 {
		c.edit.unit = -1
		return
	}
	c.edit.army = -1
}

func (c *Armies) addWeapon(ctx goapp.Context) {
	if u := c.editedUnit(); u != nil && len(u.Weapons) < army.MaxWeapons {
		u.Weapons = append(u.Weapons, army.Weapon{Name: fmt.Sprintf(c.t(i18n.UnitWeaponF), len(u.Weapons)+1), Shoot: army.Values{}})
		c.saved(ctx)
	}
}

func (c *Armies) removeWeapon(ctx goapp.Context, i int) {
	if u := c.editedUnit(); u != nil {
		if i >= 0 && i < len(u.Weapons) {
			u.Weapons = append(u.Weapons[:i], u.Weapons[i+1:]...)
			c.saved(ctx)
		}
	}
}

// togglePart keeps or drops the unit's close combat or morale.
func (c *Armies) togglePart(ctx goapp.Context, melee, on bool) {
	u := c.editedUnit()
	if u == nil {
		return
	}
	at := &u.Morale
	if melee {
		at = &u.Melee
	}
	if *at = nil; on {
		*at = army.Values{}
	}
	c.saved(ctx)
}
