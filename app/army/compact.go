package army

import (
	"slices"
	"strings"
)

// The compact text is an army in few bytes, for links and QR codes: a
// 12-unit army is about 700 bytes where its file is 3 KB and the file in
// base64url 4 KB, past what a phone reads from one QR code. It holds the
// file's values, no more, and is read back into the same JSON values as
// a file, so FromValue checks both alike:
//
//	army   = "1*" game "*" name { "~" unit }
//	unit   = name "*" target "*" melee "*" morale { "*" name "*" shoot }
//	values = { KEY value }, or "_" for a part given with no value
//
// where KEY is one capital letter per share-link key (compactKeys), a
// value is made of digits, small letters, "," and "-", and a name has its
// "%", "~" and "*" written %25, %7E and %2A. Melee and morale are empty
// when the unit has none. In a link the text is escaped by EscapeQuery,
// which leaves "*", "~", "," and "-" as they are.

// compactVersion starts every compact text.
const compactVersion = "1"

// compactKeys are the letters of the keys, in the parts' key order.
var compactKeys = map[string]byte{
	"n": 'N', "rate": 'R', "rr": 'E', "acc": 'A', "pen": 'P', "dmg": 'D', "dmgrr": 'G', "aoe": 'O', "fixed": 'X',
	"lock": 'L', "jammer": 'J', "sniper": 'S', "det": 'Q', "target": 'K', "prot": 'T', "size": 'Z', "type": 'Y',
	"medic": 'M', "def": 'F', "frame": 'B', "prop": 'U', "weapons": 'W', "vehicles": 'V', "mor": 'H', "rank": 'C',
}

var nameEscaper = strings.NewReplacer("%", "%25", "~", "%7E", "*", "%2A")
var nameUnescaper = strings.NewReplacer("%25", "%", "%7E", "~", "%2A", "*")

// EncodeCompact writes a as compact text; ok is false when a value has a
// character the text cannot hold (the file's base64url then carries it).
func EncodeCompact(a Army) (string, bool) {
	var b strings.Builder
	ok := true
	values := func(v Values, keys []string, present bool) {
		if !present {
			return
		}
		if len(v) == 0 {
			b.WriteByte('_')
			return
		}
		for _, k := range keys {
			s, has := v[k]
			if !has {
				continue
			}
			if strings.ContainsFunc(s, func(c rune) bool { return !compactValueChar(c) }) {
				ok = false
			}
			b.WriteByte(compactKeys[k])
			b.WriteString(s)
		}
	}
	b.WriteString(compactVersion + "*" + a.Game + "*" + nameEscaper.Replace(a.Name))
	for _, u := range a.Units {
		b.WriteString("~" + nameEscaper.Replace(u.Name) + "*")
		values(u.Target, TargetKeys, true)
		b.WriteByte('*')
		values(u.Melee, MeleeKeys, u.Melee != nil)
		b.WriteByte('*')
		values(u.Morale, MoraleKeys, u.Morale != nil)
		for _, w := range u.Weapons {
			b.WriteString("*" + nameEscaper.Replace(w.Name) + "*")
			values(w.Shoot, WeaponKeys, true)
		}
	}
	return b.String(), ok
}

func compactValueChar(c rune) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c == ',' || c == '-'
}

// DecodeCompact reads compact text as Decode reads a file.
func DecodeCompact(s string) (Army, []Problem, error) {
	v, err := compactValue(s)
	if err != nil {
		return Army{}, nil, err
	}
	return FromValue(v)
}

// compactValue reads compact text into the JSON values of the same army's
// file.
func compactValue(s string) (any, error) {
	bad := func(detail string) error { return &FileError{Reason: ErrEncoding, Detail: detail} }
	if len(s) > MaxFile {
		return nil, &FileError{Reason: ErrTooLarge, Detail: "compact"}
	}
	units := strings.Split(s, "~")
	head := strings.Split(units[0], "*")
	if len(head) != 3 || head[0] != compactVersion {
		return nil, bad("no compact army header")
	}
	out := map[string]any{"format": Format, "game": head[1], "name": nameUnescaper.Replace(head[2])}
	list := make([]any, 0, len(units)-1)
	for i, us := range units[1:] {
		if i >= MaxUnits {
			list = append(list, nil) // FromValue reports the count
			break
		}
		parts := strings.Split(us, "*")
		if len(parts) < 4 || len(parts)%2 != 0 || (len(parts)-4)/2 > MaxWeapons+1 {
			return nil, bad("unit " + clipText(us))
		}
		u := map[string]any{"name": nameUnescaper.Replace(parts[0])}
		for j, prop := range []string{"target", "melee", "morale"} {
			m, err := compactValues(parts[1+j])
			if err != nil {
				return nil, bad(err.Error())
			}
			if m != nil || prop == "target" {
				u[prop] = m
			}
		}
		var weapons []any
		for j := 4; j+1 < len(parts); j += 2 {
			m, err := compactValues(parts[j+1])
			if err != nil {
				return nil, bad(err.Error())
			}
			weapons = append(weapons, map[string]any{"name": nameUnescaper.Replace(parts[j]), "shoot": m})
		}
		u["weapons"] = weapons
		list = append(list, u)
	}
	out["units"] = list
	return out, nil
}

// compactValues reads a part's values; nil for an empty part (none).
func compactValues(s string) (map[string]any, error) {
	switch s {
	case "":
		return nil, nil
	case "_":
		return map[string]any{}, nil
	}
	m := map[string]any{}
	for i := 0; i < len(s); {
		key := keyOfLetter(s[i])
		if key == "" {
			return nil, &FileError{Reason: ErrEncoding, Detail: "no key " + clipText(s[i:])}
		}
		j := i + 1
		for j < len(s) && compactValueChar(rune(s[j])) {
			j++
		}
		if _, dup := m[key]; dup {
			return nil, &FileError{Reason: ErrEncoding, Detail: key + " given twice"}
		}
		m[key] = s[i+1 : j]
		i = j
	}
	return m, nil
}

func keyOfLetter(c byte) string {
	for k, l := range compactKeys {
		if l == c {
			return k
		}
	}
	return ""
}

// EscapeQuery escapes s for a link's query: letters, digits and
// "-_.~*,!" stay as they are, a space is "+", anything else %XX. Go's
// url.ParseQuery and the browser's URLSearchParams read it back as s.
func EscapeQuery(s string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || slices.Contains([]byte("-_.~*,!"), c):
			b.WriteByte(c)
		case c == ' ':
			b.WriteByte('+')
		default:
			b.WriteByte('%')
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
		}
	}
	return b.String()
}
