package content

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// How the app and the reference cards write the names they share: a
// game's, a glossary term's with its abbreviation, a label's first letter.
// They are here, with the content both read, so that the client writes
// them as the cards do without carrying the cards' builder (docs/refcard).

// GameName is how the app writes a game id.
func GameName(id string) string {
	switch id {
	case "at43":
		return "AT-43"
	case "at44":
		return "AT-44"
	case "d10":
		return "d10"
	}
	return id
}

// CardID is the id of a game's reference card among the library's pages.
func CardID(game string) string { return "card-" + game }

// Label is the term's name with its card abbreviation.
func (t *Term) Label(lang, game string) string {
	n := t.Name(lang, game)
	if ab := t.Abbrev(lang, game); ab != "" && !strings.EqualFold(ab, n) {
		n += " (" + ab + ")"
	}
	return n
}

// Capitalise puts a label's first letter in upper case: glossary names are
// written as they read mid-sentence ("range band", "test de moral"; see
// docs/README.md, "The glossary"), and the app capitalises them itself
// where they start a label.
func Capitalise(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}
