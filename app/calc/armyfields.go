package calc

import (
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strconv"

	"github.com/at4x/companion/app/army"
	"github.com/at4x/companion/i18n"
	"github.com/at4x/companion/rules"
)

// The unit editor is built from the calculators' own fields: a unit's
// part takes the fields of the calculator that reads it (the shooting and
// indirect-fire fields for a weapon, close combat's for the target and
// the unit's close combat, morale's for morale), with their labels in the
// game's words, their ranges and their error messages.

// partFields are the fields of a part, in the order of its keys.
func partFields(p army.Part) []field {
	var from []field
	switch p {
	case army.PartWeapon:
		from = append(slices.Clone(specFor("shoot").fields), specFor("indirect").fields...)
	case army.PartTarget, army.PartMelee:
		from = specFor("melee").fields
	case army.PartMorale:
		from = specFor("morale").fields
	}
	keys := army.KeysOf(p)
	var out []field
	for _, k := range keys {
		for _, f := range from {
			if f.key == k {
				out = append(out, f)
				if p == army.PartWeapon {
					break // the shooting field, not indirect fire's too
				}
			}
		}
	}
	return out
}

// partShown are a part's values as its calculator reads them, defaults
// filled in; with a refused value, the values as given.
func partShown(game string, p army.Part, v army.Values) url.Values {
	q := url.Values{"game": {game}}
	for k, s := range v {
		q.Set(k, s)
	}
	aoe := v.Has("aoe")
	if p == army.PartWeapon && !aoe {
		q.Set("target", "veh")
	}
	var out url.Values
	switch {
	case p == army.PartWeapon && aoe:
		if in, err := rules.ParseIndirect(q); err == nil {
			out = in.Query()
		}
	case p == army.PartWeapon:
		if in, err := rules.ParseShoot(q); err == nil {
			out = in.Query()
		}
	case p == army.PartMorale:
		if in, err := rules.ParseMorale(q); err == nil {
			out = in.Query()
		}
	default:
		if in, err := rules.ParseMelee(q); err == nil {
			out = in.Query()
		}
	}
	if out == nil {
		return q
	}
	if p == army.PartTarget && v["target"] == "veh" {
		out.Set("target", "veh")
	}
	return out
}

// partField is the field of a part for key with the part's values.
func partField(p army.Part, key string, shown url.Values) (field, bool) {
	for _, f := range partFields(p) {
		if f.key == key && f.show.holds(shown) {
			return f, true
		}
	}
	for _, f := range partFields(p) {
		if f.key == key {
			return f, true
		}
	}
	return field{}, false
}

// problemWords are the messages of what reading an army left out or cut,
// by reason; each takes the key, the value and the most allowed.
var problemWords = []struct {
	reason error
	format i18n.Key
}{
	{army.ErrUnknown, i18n.ArmyUnknownKeyF}, {rules.ErrUnknownKey, i18n.ArmyUnknownKeyF},
	{army.ErrType, i18n.ArmyBadTypeF}, {army.ErrNotUnits, i18n.ArmyBadTypeF},
	{army.ErrTooLong, i18n.ArmyLongValueF}, {army.ErrTooMany, i18n.ArmyTooManyF},
	{army.ErrNoName, i18n.ArmyNoNameF}, {army.ErrLeftOut, i18n.ArmyPartOutF},
}

// partWords name a unit's parts in a message.
var partWords = map[army.Part]i18n.Key{army.PartTarget: i18n.UnitAsTarget, army.PartMelee: i18n.UnitMelee, army.PartMorale: i18n.UnitMorale}

// problemText says, in the page's language and the game's words, what
// reading an army left out or cut, naming the unit, the weapon and the
// key.
func problemText(w gameWords, p army.Problem) string {
	where := w.t(i18n.ArmyWhereArmy)
	if p.Unit > 0 {
		f := i18n.ArmyWhereUnitF
		if p.Part == army.PartWeapon && p.WeaponName != "" {
			f = i18n.ArmyWhereWeaponF
		}
		where = fmt.Sprintf(w.t(f), p.Unit, p.UnitName, p.WeaponName)
	}
	if k, ok := partWords[p.Part]; ok {
		where += ", " + w.t(k)
	}
	most := army.MaxValue
	switch {
	case p.Key == "name":
		most = army.MaxName
	case p.Key == "units":
		most = army.MaxUnits
	case p.Key == "weapons":
		most = army.MaxWeapons
	}
	value := rules.Echo(p.Value)
	if errors.Is(p.Reason, army.ErrNoName) {
		value = p.UnitName
		if p.Part == army.PartWeapon {
			value = "#" + strconv.Itoa(p.Weapon)
		}
	}
	what := ""
	for _, pw := range problemWords {
		if errors.Is(p.Reason, pw.reason) {
			what = fmt.Sprintf(w.t(pw.format), rules.EchoKey(p.Key), value, most)
			break
		}
	}
	if what == "" {
		// The engine's own reason: the calculator's message for the field.
		f, ok := partField(p.Part, p.Key, nil)
		if !ok {
			f = field{key: p.Key, label: i18n.InTarget}
		}
		label, _, _ := fieldLabel(w, f)
		what = fmt.Sprintf(w.t(i18n.ArmyLeftOutF), fieldError(w, label, f, false, p.Value, p.Reason, nil))
	}
	return fmt.Sprintf(w.t(i18n.ArmyProblemF), where, what)
}

// fileWords say why a file or link was not read, by reason; each takes
// what was found and the most allowed.
var fileWords = []struct {
	reason error
	format i18n.Key
}{
	{army.ErrTooLarge, i18n.ArmyTooLargeF}, {army.ErrNotJSON, i18n.ArmyNotJSON}, {army.ErrTooDeep, i18n.ArmyTooDeep},
	{army.ErrFormat, i18n.ArmyFormatF}, {army.ErrGame, i18n.ArmyGameF},
}

// fileErrorText says why a file or link was not read at all.
func fileErrorText(lang string, err error) string {
	why := i18n.T(lang, i18n.ArmyBadLink)
	var fe *army.FileError
	if errors.As(err, &fe) {
		for _, w := range fileWords {
			if errors.Is(err, w.reason) {
				why = fmt.Sprintf(i18n.T(lang, w.format), fe.Detail, army.MaxFile>>10)
			}
		}
	}
	return fmt.Sprintf(i18n.T(lang, i18n.ArmyRefusedF), why)
}
