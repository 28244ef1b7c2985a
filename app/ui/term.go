package ui

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/at4x/companion/docs/content"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// ActionTerm opens the sheet of a glossary term over the page: the rules
// text sends it when a term is tapped, a calculator when a label is. Its
// value is a TermOpen; the shell handles it.
const ActionTerm = "at4x/term"

// TermOpen is a term to show and the element it was opened from, which
// gets the focus back when the sheet closes.
type TermOpen struct {
	ID   string
	From goapp.Value
}

// TermLabel is a term's name with its card abbreviation.
func TermLabel(t *content.Term, lang, game string) string {
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
