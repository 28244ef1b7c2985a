package army

import (
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Format is the army file's format and version, its "format" property.
const Format = "at4x-army/1"

// Games are the games an army is of: the d6 games, whose calculators the
// matrix opens.
var Games = []string{"at43", "at44"}

// Decode reads an army file. It refuses with a *FileError only what is not
// an army at all; every value it leaves out or cuts is a Problem.
func Decode(data []byte) (Army, []Problem, error) { return Read(data, Parse) }

// A Parser reads JSON text into JSON's Go values, as Parse does (the
// client uses Parse too: the browser's JSON.parse is quicker to parse, but
// its values cross into the wasm one call at a time, slower in all).
type Parser func(text string) (any, error)

// Parse reads JSON text into JSON's Go values (map[string]any, []any,
// string, numbers as their text, bool, nil), refusing duplicate keys and
// nesting past 8 levels.
func Parse(text string) (any, error) {
	v, err := parseJSON(text)
	if err == ErrTooDeep {
		return nil, &FileError{Reason: ErrTooDeep}
	}
	if err != nil {
		return nil, &FileError{Reason: ErrNotJSON, Detail: err.Error()}
	}
	return v, nil
}

// Read reads an army file with parse, as Decode does.
func Read(data []byte, parse Parser) (Army, []Problem, error) {
	if len(data) > MaxFile {
		return Army{}, nil, &FileError{Reason: ErrTooLarge, Detail: strconv.Itoa(len(data) >> 10)}
	}
	v, err := parse(string(data))
	if err != nil {
		return Army{}, nil, err
	}
	return FromValue(v)
}

// FromValue reads an army from JSON's values as a decoder gives them
// (map[string]any, []any, string, a number as float64 or as its text,
// bool, nil), as Decode does.
func FromValue(v any) (Army, []Problem, error) {
	m, ok := v.(map[string]any)
	if !ok {
		return Army{}, nil, &FileError{Reason: ErrFormat, Detail: "not an object"}
	}
	if f, _ := m["format"].(string); f != Format {
		return Army{}, nil, &FileError{Reason: ErrFormat, Detail: strconv.Quote(clipText(textOf(m["format"])))}
	}
	game, _ := m["game"].(string)
	if !slices.Contains(Games, game) {
		return Army{}, nil, &FileError{Reason: ErrGame, Detail: strconv.Quote(clipText(textOf(m["game"])))}
	}
	r := &reader{army: Army{Game: game}}
	r.army.Name = r.name(m["name"], Problem{Part: PartArmy, Key: "name"})
	for _, k := range sortedKeys(m) {
		if !slices.Contains([]string{"format", "game", "name", "units"}, k) {
			r.add(Problem{Part: PartArmy, Key: clipText(k), Reason: ErrUnknown})
		}
	}
	units, ok := m["units"].([]any)
	if !ok && m["units"] != nil {
		r.add(Problem{Part: PartArmy, Key: "units", Reason: ErrNotUnits})
	}
	if len(units) > MaxUnits {
		r.add(Problem{Part: PartArmy, Key: "units", Value: strconv.Itoa(len(units)), Reason: ErrTooMany})
		units = units[:MaxUnits]
	}
	for i, u := range units {
		r.unit(i+1, u)
	}
	return r.army, r.problems, nil
}

// reader collects an army and the problems of reading it.
type reader struct {
	army     Army
	problems []Problem
}

func (r *reader) add(p Problem) { r.problems = append(r.problems, p) }

// name reads a name: text without control characters, cut to MaxName
// characters; p says where, for the problem.
func (r *reader) name(v any, p Problem) string {
	if v == nil {
		return ""
	}
	s, ok := v.(string)
	if !ok {
		p.Reason, p.Value = ErrType, clipText(textOf(v))
		r.add(p)
		return ""
	}
	s, cut := CleanName(s)
	if cut {
		p.Reason, p.Value = ErrTooLong, clipText(s)
		r.add(p)
	}
	return s
}

// CleanName is a name as an army keeps it: its control and format
// characters taken out (a line break is a space), spaces trimmed, cut to MaxName characters; cut
// tells whether it was cut.
func CleanName(s string) (string, bool) {
	s = strings.Map(func(c rune) rune {
		if unicode.IsSpace(c) {
			return ' '
		}
		if unicode.IsControl(c) || unicode.Is(unicode.Cf, c) || c == utf8.RuneError {
			return -1
		}
		return c
	}, s)
	s = strings.Join(strings.Fields(s), " ")
	if utf8.RuneCountInString(s) <= MaxName {
		return s, false
	}
	return strings.TrimSpace(string([]rune(s)[:MaxName])), true
}

var unitProps = []string{"name", "target", "weapons", "melee", "morale"}

func (r *reader) unit(n int, v any) {
	m, ok := v.(map[string]any)
	if !ok {
		r.add(Problem{Unit: n, Part: PartUnit, Key: "units", Value: clipText(textOf(v)), Reason: ErrType})
		return
	}
	at := Problem{Unit: n, Part: PartUnit}
	u := Unit{}
	at.Key = "name"
	u.Name = r.name(m["name"], at)
	if u.Name == "" {
		u.Name = "#" + strconv.Itoa(n)
		p := at
		p.Reason = ErrNoName
		r.add(p)
	}
	at.UnitName = u.Name
	for _, k := range sortedKeys(m) {
		if !slices.Contains(unitProps, k) {
			p := at
			p.Key, p.Reason = clipText(k), ErrUnknown
			r.add(p)
		}
	}
	game := r.army.Game
	at.Part = PartTarget
	u.Target = r.values(m["target"], at, "target")
	u.Target = r.checked(game, PartTarget, u.Target, at)
	if u.Target == nil {
		u.Target = Values{}
	}
	if m["melee"] != nil {
		at.Part = PartMelee
		if u.Melee = r.checked(game, PartMelee, r.values(m["melee"], at, "melee"), at); u.Melee == nil {
			p := at
			p.Key, p.Reason = "melee", ErrLeftOut
			r.add(p)
		}
	}
	if m["morale"] != nil {
		at.Part = PartMorale
		if u.Morale = r.checked(game, PartMorale, r.values(m["morale"], at, "morale"), at); u.Morale == nil {
			p := at
			p.Key, p.Reason = "morale", ErrLeftOut
			r.add(p)
		}
	}
	weapons, ok := m["weapons"].([]any)
	if !ok && m["weapons"] != nil {
		p := at
		p.Part, p.Key, p.Value, p.Reason = PartUnit, "weapons", clipText(textOf(m["weapons"])), ErrType
		r.add(p)
	}
	if len(weapons) > MaxWeapons {
		p := at
		p.Part, p.Key, p.Value, p.Reason = PartUnit, "weapons", strconv.Itoa(len(weapons)), ErrTooMany
		r.add(p)
		weapons = weapons[:MaxWeapons]
	}
	for i, wv := range weapons {
		wp := at
		wp.Part, wp.Weapon = PartWeapon, i+1
		wm, ok := wv.(map[string]any)
		if !ok {
			wp.Key, wp.Value, wp.Reason = "weapons", clipText(textOf(wv)), ErrType
			r.add(wp)
			continue
		}
		wp.Key = "name"
		w := Weapon{Name: r.name(wm["name"], wp)}
		if w.Name == "" {
			w.Name = "#" + strconv.Itoa(i+1)
			p := wp
			p.Reason = ErrNoName
			r.add(p)
		}
		wp.WeaponName = w.Name
		for _, k := range sortedKeys(wm) {
			if k != "name" && k != "shoot" {
				p := wp
				p.Key, p.Reason = clipText(k), ErrUnknown
				r.add(p)
			}
		}
		if w.Shoot = r.checked(game, PartWeapon, r.values(wm["shoot"], wp, "shoot"), wp); w.Shoot == nil {
			p := wp
			p.Key, p.Reason = "shoot", ErrLeftOut
			r.add(p)
			continue
		}
		u.Weapons = append(u.Weapons, w)
	}
	r.army.Units = append(r.army.Units, u)
}

// values reads a part's object of share-link values: the part's keys,
// each a string, a whole number, a boolean (1 or 0), or for weapons a list
// of numbers. Anything else is left out with a problem.
func (r *reader) values(v any, at Problem, prop string) Values {
	out := Values{}
	if v == nil {
		return out
	}
	m, ok := v.(map[string]any)
	if !ok {
		at.Key, at.Value, at.Reason = prop, clipText(textOf(v)), ErrType
		r.add(at)
		return out
	}
	keys := KeysOf(at.Part)
	for _, k := range sortedKeys(m) {
		p := at
		p.Key = clipText(k)
		if !slices.Contains(keys, k) {
			p.Value, p.Reason = clipText(textOf(m[k])), ErrUnknown
			r.add(p)
			continue
		}
		s, ok := valueText(m[k], k == "weapons")
		s = canonical(s)
		p.Value = clipText(s)
		switch {
		case !ok:
			p.Value, p.Reason = clipText(textOf(m[k])), ErrType
			r.add(p)
		case len(s) > MaxValue:
			p.Reason = ErrTooLong
			r.add(p)
		default:
			out[k] = s
		}
	}
	return out
}

// valueText is a file's value as share-link text.
func valueText(v any, list bool) (string, bool) {
	switch x := v.(type) {
	case string:
		return strings.TrimSpace(x), true
	case number:
		return numberText(string(x)), true
	case float64:
		return floatText(x), true
	case bool:
		if x {
			return "1", true
		}
		return "0", true
	case []any:
		if !list || len(x) > MaxValue {
			return "", false
		}
		items := make([]string, len(x))
		for i, it := range x {
			s, ok := valueText(it, false)
			if !ok {
				return "", false
			}
			items[i] = s
		}
		return strings.Join(items, ","), true
	}
	return "", false
}

// canonical is a value with its whole numbers written plainly ("05" and
// "+5" are 5, " 3, 2" is "3,2"), so that one army has one text; a value
// that is not numbers stays as it is, for the engine to check.
func canonical(s string) string {
	items := strings.Split(s, ",")
	for i, it := range items {
		n, err := strconv.Atoi(strings.TrimSpace(it))
		if err != nil {
			return s
		}
		items[i] = strconv.Itoa(n)
	}
	return strings.Join(items, ",")
}

// numberText is a JSON number as a link value: a whole number written
// plainly (2.0 and 2e0 are 2), anything else as written, for the engine
// to refuse.
func numberText(s string) string {
	if _, err := strconv.Atoi(s); err == nil {
		return s
	}
	if f, err := strconv.ParseFloat(s, 64); err == nil {
		if t := floatText(f); t != "" {
			return t
		}
	}
	return clipText(s)
}

func floatText(f float64) string {
	if f == math.Trunc(f) && math.Abs(f) < 1e9 {
		return strconv.Itoa(int(f))
	}
	return strconv.FormatFloat(f, 'g', 6, 64)
}

// textOf is a JSON value as a message quotes it.
func textOf(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case string:
		return x
	case number:
		return string(x)
	case float64:
		return floatText(x)
	case bool:
		return strconv.FormatBool(x)
	case []any:
		return "[…]"
	case map[string]any:
		return "{…}"
	}
	return "?"
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// Encode writes a as an army file: the format, the game, the name and the
// units, each part's values in its keys' order, numbers as numbers.
func Encode(a Army) []byte {
	var w jsonWriter
	w.raw(`{"format": "` + Format + `", "game": `)
	w.str(a.Game)
	w.raw(`, "name": `)
	w.str(a.Name)
	w.raw(`, "units": [`)
	for i, u := range a.Units {
		if i > 0 {
			w.raw(",")
		}
		w.raw("\n  {\"name\": ")
		w.str(u.Name)
		w.raw(`, "target": `)
		w.values(u.Target, TargetKeys)
		w.raw(`, "weapons": [`)
		for j, wp := range u.Weapons {
			if j > 0 {
				w.raw(", ")
			}
			w.raw(`{"name": `)
			w.str(wp.Name)
			w.raw(`, "shoot": `)
			w.values(wp.Shoot, WeaponKeys)
			w.raw("}")
		}
		w.raw("]")
		if u.Melee != nil {
			w.raw(`, "melee": `)
			w.values(u.Melee, MeleeKeys)
		}
		if u.Morale != nil {
			w.raw(`, "morale": `)
			w.values(u.Morale, MoraleKeys)
		}
		w.raw("}")
	}
	w.raw("\n]}\n")
	return []byte(w.b.String())
}
