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

// problemText says, in the page's language and the game's words, what
// reading an army left out or cut, naming the unit, the weapon and the
// key.
func problemText(w gameWords, p army.Problem) string {
	t := func(k i18n.Key) string { return w.t(k) }
	where := t(i18n.ArmyWhereArmy)
	switch {
	case p.Unit > 0 && p.Part == army.PartWeapon && p.WeaponName != "":
		where = fmt.Sprintf(t(i18n.ArmyWhereWeaponF), p.Unit, p.UnitName, p.WeaponName)
	case p.Unit > 0:
		where = fmt.Sprintf(t(i18n.ArmyWhereUnitF), p.Unit, p.UnitName)
	}
	switch p.Part {
	case army.PartTarget:
		where += ", " + t(i18n.UnitAsTarget)
	case army.PartMelee:
		where += ", " + t(i18n.UnitMelee)
	case army.PartMorale:
		where += ", " + t(i18n.UnitMorale)
	}
	key := clipKey(p.Key)
	var what string
	switch {
	case errors.Is(p.Reason, army.ErrUnknown), errors.Is(p.Reason, rules.ErrUnknownKey):
		what = fmt.Sprintf(t(i18n.ArmyUnknownKeyF), key)
	case errors.Is(p.Reason, army.ErrType), errors.Is(p.Reason, army.ErrNotUnits):
		what = fmt.Sprintf(t(i18n.ArmyBadTypeF), key, clipValue(p.Value))
	case errors.Is(p.Reason, army.ErrTooLong) && p.Key == "name":
		what = fmt.Sprintf(t(i18n.ArmyLongF), key, army.MaxName)
	case errors.Is(p.Reason, army.ErrTooLong):
		what = fmt.Sprintf(t(i18n.ArmyLongValueF), key, army.MaxValue)
	case errors.Is(p.Reason, army.ErrTooMany):
		most := army.MaxWeapons
		if p.Key == "units" {
			most = army.MaxUnits
		}
		what = fmt.Sprintf(t(i18n.ArmyTooManyF), key, p.Value, most)
	case errors.Is(p.Reason, army.ErrNoName):
		what = fmt.Sprintf(t(i18n.ArmyNoNameF), p.UnitName)
		if p.Part == army.PartWeapon {
			what = fmt.Sprintf(t(i18n.ArmyNoNameF), "#"+strconv.Itoa(p.Weapon))
		}
	case errors.Is(p.Reason, army.ErrLeftOut):
		what = fmt.Sprintf(t(i18n.ArmyPartOutF), key)
	default:
		// The engine's own reason: the calculator's message for the field.
		if f, ok := partField(p.Part, p.Key, nil); ok {
			label, _, _ := fieldLabel(w, f)
			what = fmt.Sprintf(t(i18n.ArmyLeftOutF), fieldError(w, label, f, false, p.Value, p.Reason, nil))
		} else {
			what = fmt.Sprintf(t(i18n.ArmyUnknownKeyF), key)
		}
	}
	return fmt.Sprintf(t(i18n.ArmyProblemF), where, what)
}

// fileErrorText says why a file or link was not read at all.
func fileErrorText(lang string, err error) string {
	t := func(k i18n.Key) string { return i18n.T(lang, k) }
	var fe *army.FileError
	why := t(i18n.ArmyBadLink)
	if errors.As(err, &fe) {
		switch {
		case errors.Is(err, army.ErrTooLarge):
			why = fmt.Sprintf(t(i18n.ArmyTooLargeF), fe.Detail, army.MaxFile>>10)
		case errors.Is(err, army.ErrNotJSON):
			why = t(i18n.ArmyNotJSON)
		case errors.Is(err, army.ErrTooDeep):
			why = t(i18n.ArmyTooDeep)
		case errors.Is(err, army.ErrFormat):
			why = fmt.Sprintf(t(i18n.ArmyFormatF), fe.Detail)
		case errors.Is(err, army.ErrGame):
			why = fmt.Sprintf(t(i18n.ArmyGameF), fe.Detail)
		}
	}
	return fmt.Sprintf(t(i18n.ArmyRefusedF), why)
}
