package calc

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/at4x/companion/app/army"
	"github.com/at4x/companion/i18n"
)

// editor is the armies page's editor: what it shows, an army (-1 for
// none) and one of its units (-1 for the army's list of units), and the
// changes it makes to them. It holds no army: it changes the reader's
// armies the page gives it, and says whether it changed them, for the
// page to store them and work the matrix out again (Armies.saved). Its
// view is in armyeditorview.go.
type editor struct{ army, unit int }

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

// editedArmy is the army in the editor, or nil.
func (e *editor) editedArmy(armies []army.Army) *army.Army {
	if e.army < 0 || e.army >= len(armies) {
		return nil
	}
	return &armies[e.army]
}

// editedUnit is the unit in the editor, or nil.
func (e *editor) editedUnit(armies []army.Army) *army.Unit {
	if e.army < 0 || e.army >= len(armies) || e.unit < 0 || e.unit >= len(armies[e.army].Units) {
		return nil
	}
	return &armies[e.army].Units[e.unit]
}

// setUnitValue takes a change of one value of the unit in the editor: a
// step from the value shown, or a value typed or chosen. The value is
// kept as given, and a value the engine refuses shows its message on its
// field (reading the army back leaves it out).
func (e *editor) setUnitValue(armies []army.Army, prefix, key string, ch fieldChange) bool {
	u := e.editedUnit(armies)
	p, wi, ok := partOf(prefix)
	if u == nil || !ok {
		return false
	}
	v := partValues(u, p, wi)
	if v == nil {
		return false
	}
	game := armies[e.army].Game
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
	return true
}

// Names, typed into text boxes.

func (e *editor) renameArmy(armies []army.Army, value string) bool {
	if e.army < 0 || e.army >= len(armies) {
		return false
	}
	if name, _ := army.CleanName(value); name != "" {
		armies[e.army].Name = name
	}
	return true
}

func (e *editor) renameUnit(armies []army.Army, value string, w int) bool {
	u := e.editedUnit(armies)
	if u == nil {
		return false
	}
	name, _ := army.CleanName(value)
	switch {
	case name == "":
	case w >= 0 && w < len(u.Weapons):
		u.Weapons[w].Name = name
	case w < 0:
		u.Name = name
	}
	return true
}

// Units.

func (e *editor) addUnit(armies []army.Army, words gameWords) bool {
	a := e.editedArmy(armies)
	if a == nil || len(a.Units) >= army.MaxUnits {
		return false
	}
	a.Units = append(a.Units, army.Unit{Name: fmt.Sprintf(words.t(i18n.UnitNewNameF), len(a.Units)+1),
		Target: army.Values{"target": "inf"}, Weapons: []army.Weapon{{Name: fmt.Sprintf(words.t(i18n.UnitWeaponF), 1), Shoot: army.Values{}}}})
	e.unit = len(a.Units) - 1
	return true
}

// addFromProfile makes a unit of a saved profile: its weapon values one
// weapon, its target values the unit as a target, its morale its morale.
func (e *editor) addFromProfile(armies []army.Army, list []profile, value string) bool {
	a := e.editedArmy(armies)
	i, err := strconv.Atoi(value)
	if a == nil || err != nil || i < 0 || i >= len(list) || len(a.Units) >= army.MaxUnits {
		return false
	}
	a.Units = append(a.Units, unitOf(list[i].Name, list[i].Values))
	e.unit = len(a.Units) - 1
	return true
}

// unitCommand does what a button of the army's list of units says to
// unit i; a deletion also gives what to put back.
func (e *editor) unitCommand(armies []army.Army, words gameWords, do string, i int) (bool, *undoState) {
	a := e.editedArmy(armies)
	if a == nil || i < 0 || i >= len(a.Units) {
		return false, nil
	}
	var undo *undoState
	switch do {
	case "unit-edit":
		e.unit = i
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
			cp.Name, _ = army.CleanName(fmt.Sprintf(words.t(i18n.ArmyCopyNameF), cp.Name))
			a.Units = append(a.Units, cp)
		}
	case "unit-delete":
		undo = &undoState{name: a.Units[i].Name, armies: cloneArmies(armies)}
		a.Units = append(a.Units[:i], a.Units[i+1:]...)
		e.unit = -1
	}
	return true, undo
}

// done closes the unit, else the army.
func (e *editor) done() {
	if e.unit >= 0 {
		e.unit = -1
		return
	}
	e.army = -1
}

func (e *editor) addWeapon(armies []army.Army, words gameWords) bool {
	if u := e.editedUnit(armies); u != nil && len(u.Weapons) < army.MaxWeapons {
		u.Weapons = append(u.Weapons, army.Weapon{Name: fmt.Sprintf(words.t(i18n.UnitWeaponF), len(u.Weapons)+1), Shoot: army.Values{}})
		return true
	}
	return false
}

func (e *editor) removeWeapon(armies []army.Army, i int) bool {
	if u := e.editedUnit(armies); u != nil {
		if i >= 0 && i < len(u.Weapons) {
			u.Weapons = append(u.Weapons[:i], u.Weapons[i+1:]...)
			return true
		}
	}
	return false
}

// togglePart keeps or drops the unit's close combat or morale.
func (e *editor) togglePart(armies []army.Army, melee, on bool) bool {
	u := e.editedUnit(armies)
	if u == nil {
		return false
	}
	at := &u.Morale
	if melee {
		at = &u.Melee
	}
	if *at = nil; on {
		*at = army.Values{}
	}
	return true
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
