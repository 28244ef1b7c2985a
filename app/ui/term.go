package ui

import goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

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
