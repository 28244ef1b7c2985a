package calc

import (
	"github.com/at4x/companion/app/ui"
	"github.com/at4x/companion/i18n"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// summaryBox is the answer in one line, kept in view above the fields
// while any of them is edited (a sticky box: see .calc-summary in the
// style sheet). Before the client has read the link it says it is working
// the odds out, never showing another link's numbers: the prerendered page
// holds the calculator in each language (app/prerender.go), and the head
// script shows the reader's.
type summaryBox struct {
	goapp.Compo

	Lang     string
	Sentence string // the headline, or why there is none
	Pending  bool   // prerendered: the link is not read yet
	// Mark is the line about the sender's figures the link carried
	// (calculation.claimMark), "" for none; Claim its state.
	Mark  string
	Claim claimState
}

func (s *summaryBox) Render() goapp.UI {
	if s.Pending {
		return ui.Elem("section").Class("calc-summary").Body(
			ui.Elem("p").Class("sentence pending").ID("calc-sentence").Role("status").Text(i18n.T(s.Lang, i18n.CalcWorking)),
		)
	}
	return ui.Elem("section").Class("calc-summary").Aria("label", i18n.T(s.Lang, i18n.CalcResult)).Body(
		ui.Elem("p").Class("sentence").ID("calc-sentence").Role("status").Aria("live", "polite").Text(s.Sentence),
		goapp.If(s.Mark != "", s.claimMark),
	)
}

// claimClasses are the classes of the mark under the headline, by the
// state of the claim: the head script writes the first (prefill.js).
var claimClasses = map[claimState]string{
	claimChecking: "claim checking",
	claimChecked:  "claim checked",
	claimWrong:    "claim wrong",
}

// claimMark is the line about the link's claim. Its state is in
// data-claim, for the style and the tests.
func (s *summaryBox) claimMark() goapp.UI {
	p := ui.Elem("p").Class(claimClasses[s.Claim]).ID("calc-claim").DataSet("claim", claimNames[s.Claim]).Text(s.Mark)
	if s.Claim == claimWrong {
		p = p.Role("alert")
	}
	return p
}

// claimNames name the states in data-claim.
var claimNames = map[claimState]string{claimChecking: "checking", claimChecked: "checked", claimWrong: "wrong"}
