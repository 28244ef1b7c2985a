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

// Fold lowercases s and replaces the accented letters of French with their
// plain forms ("Œuvre à l'été" becomes "oeuvre a l'ete").
func Fold(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if f, ok := folds[r]; ok {
			b.WriteString(f)
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}

var folds = map[rune]string{
	'à': "a", 'â': "a", 'ä': "a", 'á': "a",
	'ç': "c",
	'é': "e", 'è': "e", 'ê': "e", 'ë': "e",
	'î': "i", 'ï': "i", 'í': "i",
	'ô': "o", 'ö': "o", 'ó': "o",
	'ù': "u", 'û': "u", 'ü': "u", 'ú': "u",
	'ÿ': "y", 'ñ': "n",
	'œ': "oe", 'æ': "ae",
	'’': "'",
}
