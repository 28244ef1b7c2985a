package army

import (
	"slices"
	"strings"
	"sync"
)

// The packed form is an army's file in few bytes, for links and QR codes:
// the file's text (Encode) with its recurring pieces written as two
// characters, "*" or "~" and a letter ("{\"format\": ..." is "*h", ", \"acc\": "
// is "*A"). A 12-unit army packs into about 1 KB, where its file is 3 KB and
// the file in base64url 4 KB, past what a phone reads from one QR code.
// Unpacked, it is the file again, read as any file is: the writer escapes
// "*" and "~" in names (\u002a, \u007e), so that only the pieces hold them.

// packPairs are the pieces and their short forms, longest first where one
// starts another.
var packPairs = []string{
	"\", \"target\": {\"target\": \"inf\"", "*i", "\", \"target\": {\"target\": \"veh\"", "*j",
	"\", \"shoot\": {\"n\": ", "*k", ", \"melee\": {\"n\": ", "*l", ", \"morale\": {\"mor\": ", "*p",
	"{\"format\": \"at4x-army/1\", \"game\": \"", "*h", "\", \"name\": \"", "*n", "\", \"units\": [", "*u",
	",\n  {\"name\": \"", "*r", "\n  {\"name\": \"", "*v", "\", \"target\": {", "*t",
	"}, \"weapons\": [{\"name\": \"", "*w", "}, \"weapons\": []", "*x", "\", \"shoot\": {", "*s",
	"}}, {\"name\": \"", "*y", "}}]", "*z", ", \"melee\": {", "*m", ", \"morale\": {", "*o",
	"\n]}\n", "*q", "}}", "*e", "}", "*c", "\"inf\"", "~i", "\"veh\"", "~j",
}

var (
	packOnce         sync.Once
	packer, unpacker *strings.Replacer
)

// packers makes the two replacers on first use: the pairs above, then
// each key's, first in its object ("~A": "\"acc\": ") and after another
// ("*A": ", \"acc\": ").
func packers() (*strings.Replacer, *strings.Replacer) {
	packOnce.Do(func() {
		pairs := slices.Clone(packPairs)
		for i, k := range packKeys {
			if k != "" {
				l := string(rune('A' + i))
				pairs = append(pairs, ", \""+k+"\": ", "*"+l, "\""+k+"\": ", "~"+l)
			}
		}
		back := make([]string, len(pairs))
		for i := 0; i < len(pairs); i += 2 {
			back[i], back[i+1] = pairs[i+1], pairs[i]
		}
		packer, unpacker = strings.NewReplacer(pairs...), strings.NewReplacer(back...)
	})
	return packer, unpacker
}

// packKeys are the share-link keys by letter.
var packKeys = [26]string{"acc", "frame", "rank", "dmg", "rr", "def", "dmgrr", "mor", "", "jammer", "target", "lock",
	"medic", "n", "aoe", "pen", "det", "rate", "sniper", "prot", "prop", "vehicles", "weapons", "fixed", "type", "size"}

// Pack is a's packed form.
func Pack(a Army) string {
	p, _ := packers()
	return p.Replace(string(Encode(a)))
}

// Unpack is the file a packed form holds.
func Unpack(s string) []byte {
	_, u := packers()
	return []byte(u.Replace(s))
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
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("-_.~*,!", c) >= 0:
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
