package calc

import (
	"fmt"

	"github.com/at4x/companion/i18n"
	"github.com/at4x/companion/rules"
)

// A what-if is offered only where it can change the answer: "+1 Accuracy"
// where Accuracy 4 and 5 both need 3+ would show the headline again, word
// for word, as if it were news. whatIfSame tells, from the values' own
// evaluation (its steps, its values), that it would change nothing, and
// why, so that the page says so in the toggle's place; no second run of
// the engine.

// whatIfSame is why the what-if would leave the answer as it is, from
// the values' evaluation, or "" when it may change it: +1 Accuracy where
// the universal table gives the same roll for one more, or the hit is on
// a printed result whatever the Accuracy; Fire at will's re-roll where
// the hit needs no roll; the target taking cover where every cover counts
// the same (AT-44 at range band 0, a Sniper's shot: the cover field's
// note says so). One switch on the what-if's key, not a function per
// what-if in the table: three more functions in the wasm cost the first
// visit a kilobyte.
func (c *calculation) whatIfSame(w whatIf) string {
	s := c.now
	if s.err != nil || s.shown == nil {
		return ""
	}
	var hit rules.Step
	found := false
	for _, st := range s.out.explain {
		if st.Kind == rules.StepShoot || st.Kind == rules.StepMelee || st.Kind == rules.StepFixed {
			hit, found = st, true
			break
		}
	}
	label := c.words.t(w.label)
	same := false
	switch w.key {
	case "acc":
		roll, auto := rules.Needed(hit.Action + 1 - hit.Difficulty)
		if found && hit.Kind != rules.StepFixed && auto == rules.Roll && roll == hit.Needed && hit.Auto == rules.Roll {
			return fmt.Sprintf(c.words.t(i18n.WhatIfSameRollF), label, hit.Action, hit.Action+1, roll)
		}
		same = found && (hit.Kind == rules.StepFixed || roll == hit.Needed && auto == hit.Auto)
	case "faw":
		same = found && hit.Auto != rules.Roll
	case "takecover":
		g := gameRules(s.game)
		same = g != nil && g.RangeBand != nil && coverNote(c.words, g, s.shown, "") != ""
	}
	if same {
		return fmt.Sprintf(c.words.t(i18n.WhatIfSameF), label)
	}
	return ""
}
