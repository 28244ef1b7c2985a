package content

import (
	"strings"
	"unicode"
)

// Slug lowercases s, folds accents, keeps letters and digits and joins the
// words with dashes.
func Slug(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range Fold(s) {
		switch {
		case r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r)):
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(r)
		default:
			dash = true
		}
	}
	return b.String()
}

// FoldRune maps a rune to its plain form: lower case, accents removed.
// It always returns exactly one rune, so rune positions in a folded string
// are rune positions in the original, which search highlighting relies on.
func FoldRune(r rune) rune {
	r = unicode.ToLower(r)
	switch r {
	case 'à', 'á', 'â', 'ä', 'ã', 'å', 'æ':
		return 'a'
	case 'ç':
		return 'c'
	case 'è', 'é', 'ê', 'ë':
		return 'e'
	case 'ì', 'í', 'î', 'ï':
		return 'i'
	case 'ñ':
		return 'n'
	case 'ò', 'ó', 'ô', 'ö', 'õ', 'œ':
		return 'o'
	case 'ù', 'ú', 'û', 'ü':
		return 'u'
	case 'ý', 'ÿ':
		return 'y'
	case '’', '‘':
		return '\''
	case '\u00a0', '\u202f':
		return ' '
	}
	return r
}

// Fold lowercases s and removes its accents, spelling the ligatures out
// ("Œuvre à l'été" becomes "oeuvre a l'ete"), for anchors.
func Fold(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch r = unicode.ToLower(r); r {
		case 'œ':
			b.WriteString("oe")
		case 'æ':
			b.WriteString("ae")
		default:
			b.WriteRune(FoldRune(r))
		}
	}
	return b.String()
}
