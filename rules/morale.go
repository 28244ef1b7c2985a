package rules

import (
	"fmt"
	"net/url"
	"strconv"
)

// MoraleStatus is a unit's morale status.
type MoraleStatus int

const (
	Valiant      MoraleStatus = iota // acts normally
	Disorganized                     // acts but does nothing
	Routed                           // removed from the game
)

var statusNames = []string{"valiant", "disorganized", "rout"}

// String returns the share-link value of s.
func (s MoraleStatus) String() string {
	if s < 0 || int(s) >= len(statusNames) {
		return "MoraleStatus(" + strconv.Itoa(int(s)) + ")"
	}
	return statusNames[s]
}

// maxActivations bounds the activations followed by the morale chain.
const maxActivations = 20

// maxEarlierTests bounds the morale tests already taken in a round.
const maxEarlierTests = 10

// nervesOfSteel is the Morale value a profile prints for Nerves of steel.
const nervesOfSteel = "-"

// MoraleInput is a unit that must test its Morale at each of its next
// activations. Query keys and defaults:
//
//	game         Game           at43|at44 (at43)
//	mor          Morale         the unit's highest Morale, 0-30, or "-" for
//	                            Nerves of steel (NervesOfSteel), which never fails (6)
//	rank         Rank           officer's (or hero's) rank added to Morale,
//	                            0 to the game's top rank (0; AT-44 only)
//	obj          Objective      the unit controls an objective, 0|1 (0; AT-44 only)
//	extra        Earlier        morale tests the unit already took this round,
//	                            0-10 (0; AT-44 only)
//	activations  Activations    activations followed, each with a test, 1-20 (1)
//	spend        Spend          spend points whenever they save the unit (see
//	                            MoraleResult), 0|1 (0)
//	status       Status         status before the first test, valiant|disorganized (valiant)
//
// The rank, objective and earlier-test modifiers apply where the game has
// them (AT-44); a game without them takes only 0 (see NotApplicable). The
// earlier tests apply only to the first activation, the later ones falling
// in later rounds.
type MoraleInput struct {
	Game          string
	Morale        int
	NervesOfSteel bool
	Rank          int
	Objective     bool
	Earlier       int
	Activations   int
	Spend         bool
	Status        MoraleStatus
}

// MoraleResult is the single test and the chain of tests that follows.
//
// Spending follows each game's help and is done only when it saves the
// unit: AT-43 pays to rally the unit each time a test leaves it
// disorganized (the test comes before any spending); AT-44 pays for the
// automatic pass only when the unit is disorganized, the one case where a
// failure routs it.
type MoraleResult struct {
	Pass    float64     `json:"pass"`     // the first test passes
	Value   int         `json:"value"`    // the Morale tested, modifiers included
	Rout    float64     `json:"rout"`     // routed within the activations, spending as asked
	NoSpend MoraleChain `json:"no_spend"` // the chain without spending
	Spend   MoraleChain `json:"spend"`    // the chain spending points
	// Explain holds "morale" (the first test; Chance 1 for Nerves of steel),
	// then "rank", "objective", "earlier" with Value the modifier applied.
	Explain []Step `json:"explain"`
	Notes   []Note `json:"notes"`
}

// MoraleChain is where a unit stands after each activation.
type MoraleChain struct {
	RoutBy []float64    `json:"rout_by"` // [k-1]: routed within k activations
	States MoraleStates `json:"states"`  // after the last activation
	Points float64      `json:"points"`  // expected points spent
}

// MoraleStates is the chance of each status.
type MoraleStates struct {
	Valiant      float64 `json:"valiant"`
	Disorganized float64 `json:"disorganized"`
	Rout         float64 `json:"rout"`
}

// ParseMorale reads a MoraleInput from share-link values and validates it.
func ParseMorale(v url.Values) (MoraleInput, error) {
	r := newQueryReader(v, "")
	in := MoraleInput{Game: r.str("game", AT43.ID)}
	switch s, _ := r.raw("mor"); {
	case s == nervesOfSteel:
		in.NervesOfSteel = true
	case s != "" && !isInt(s):
		r.failOpen("mor", ErrSyntax, "%s is not a whole number", clip(s))
		in.Morale = 6
	default:
		in.Morale = r.int("mor", 6)
	}
	in.Rank = r.int("rank", 0)
	in.Objective = r.bool("obj", false)
	in.Earlier = r.int("extra", 0)
	in.Activations = r.int("activations", 1)
	in.Spend = r.bool("spend", false)
	in.Status = MoraleStatus(r.choice("status", int(Valiant), statusNames[:Routed]))
	if err := r.done(in.validate); err != nil {
		return MoraleInput{}, err
	}
	return in, nil
}

// Query writes in as share-link values.
func (in MoraleInput) Query() url.Values {
	v := url.Values{}
	w := queryWriter{v: v}
	w.str("game", in.Game)
	if in.NervesOfSteel {
		w.str("mor", nervesOfSteel)
	} else {
		w.int("mor", in.Morale)
	}
	w.int("rank", in.Rank)
	w.bool("obj", in.Objective)
	w.int("extra", in.Earlier)
	w.int("activations", in.Activations)
	w.bool("spend", in.Spend)
	w.choice("status", int(in.Status), statusNames)
	return v
}

// Validate checks every field, naming each bad one by its query key.
func (in MoraleInput) Validate() error { return in.validate(&validator{}) }

func (in MoraleInput) validate(c *validator) error {
	g := c.game(in.Game)
	if c.failed() {
		// The ranks depend on the game: with none, only say what the
		// values that are no number should be, as in the default game.
		g, c.lenient = AT43, true
	}
	if !in.NervesOfSteel {
		c.number("mor", in.Morale, in.Morale >= 0 && in.Morale <= maxValue,
			fmt.Sprintf("0-%d, or \"-\" (a plain hyphen) for Nerves of steel", maxValue))
	}
	m := g.Morale
	if m.OfficerRankAdds {
		c.rng("rank", in.Rank, 0, g.MaxRank)
	} else {
		c.inapplicable("rank", in.Rank == 0, "0", "%s adds no officer's rank to Morale: allowed 0", clip(in.Game))
	}
	if m.ObjectiveBonus == 0 {
		c.inapplicable("obj", !in.Objective, "0", "%s gives no Morale bonus for an objective: allowed 0", clip(in.Game))
	}
	if m.PerEarlierTest != 0 {
		c.rng("extra", in.Earlier, 0, maxEarlierTests)
	} else {
		c.inapplicable("extra", in.Earlier == 0, "0", "%s takes nothing off Morale for earlier tests: allowed 0", clip(in.Game))
	}
	c.rng("activations", in.Activations, 1, maxActivations)
	if in.Status != Valiant && in.Status != Disorganized {
		c.fail("status", ErrChoice, "%d is not allowed: allowed valiant, disorganized", int(in.Status))
	}
	return c.result()
}

// Morale works out the chance a morale test passes and the chance the unit
// routs when it must test at each of its next activations.
func Morale(in MoraleInput) (MoraleResult, error) {
	if err := in.Validate(); err != nil {
		return MoraleResult{}, err
	}
	g, _ := GameByID(in.Game)
	m := g.Morale
	res := MoraleResult{Notes: []Note{}}

	// pass[0] is the first activation's chance, pass[1] the later ones'.
	var pass [2]float64
	if in.NervesOfSteel {
		pass = [2]float64{1, 1}
		res.Explain = []Step{{Kind: StepMorale, Auto: AutoSuccess, Chance: 1}}
	} else {
		value := in.Morale
		var mods []Step
		if m.OfficerRankAdds && in.Rank > 0 {
			value += in.Rank
			mods = append(mods, Step{Kind: StepRank, Value: in.Rank})
		}
		if m.ObjectiveBonus != 0 && in.Objective {
			value += m.ObjectiveBonus
			mods = append(mods, Step{Kind: StepObjective, Value: m.ObjectiveBonus})
		}
		later := value
		if m.PerEarlierTest != 0 && in.Earlier > 0 {
			value += m.PerEarlierTest * in.Earlier
			mods = append(mods, Step{Kind: StepEarlier, Value: m.PerEarlierTest * in.Earlier})
			if g.Notes.EarlierTests != "" {
				res.Notes = append(res.Notes, noteByID(g.Notes.EarlierTests))
			}
		}
		first := test(StepMorale, value, m.Difficulty)
		res.Value = value
		res.Explain = append([]Step{first}, mods...)
		pass = [2]float64{first.Chance, Chance(later, m.Difficulty)}
	}
	res.Pass = pass[0]
	res.NoSpend = moraleChain(m, pass, in.Status, in.Activations, false)
	res.Spend = moraleChain(m, pass, in.Status, in.Activations, true)
	res.Rout = res.NoSpend.States.Rout
	if in.Spend {
		res.Rout = res.Spend.States.Rout
	}
	res.Notes = append(res.Notes, noteByID(g.Notes.MoraleSpend))
	return res, nil
}

// moraleChain follows the unit's status over n activations, each with a
// test passed with chance pass[0] the first time and pass[1] after. It is a
// Markov chain over valiant, disorganized and routed (absorbing).
func moraleChain(m MoraleRules, pass [2]float64, start MoraleStatus, n int, spend bool) MoraleChain {
	var at [3]float64 // chance of each status before the activation
	at[start] = 1
	ch := MoraleChain{RoutBy: make([]float64, n)}
	for k := range n {
		p := pass[min(k, 1)]
		v, d := at[Valiant], at[Disorganized]
		var next [3]float64
		next[Routed] = at[Routed]
		// passed is where a disorganized unit goes on a pass.
		passed := Disorganized
		if m.PassRecovers {
			passed = Valiant
		}
		if spend && m.SpendPoints == SpendAutoPass {
			// Paid before rolling: only a disorganized unit risks a rout.
			ch.Points += d * float64(m.SpendCost)
			next[passed] += d
			d = 0
		}
		next[Valiant] += v * p
		next[Disorganized] += v * (1 - p)
		next[passed] += d * p
		next[Routed] += d * (1 - p)
		if spend && m.SpendPoints == SpendRally {
			// Paid after the test, before the unit acts.
			ch.Points += next[Disorganized] * float64(m.SpendCost)
			next[Valiant] += next[Disorganized]
			next[Disorganized] = 0
		}
		at = next
		ch.RoutBy[k] = at[Routed]
	}
	ch.States = MoraleStates{Valiant: at[Valiant], Disorganized: at[Disorganized], Rout: at[Routed]}
	return ch
}

// NoteEarlierTests is the id of the note on the malus for earlier tests in
// the round (see GameNotes.EarlierTests).
const NoteEarlierTests = "at44-morale-earlier-tests"

// Ids of the notes on what spending points buys in each game (see
// GameNotes.MoraleSpend).
const (
	NoteMoraleSpendAT43 = "at43-morale-spend"
	NoteMoraleSpendAT44 = "at44-morale-spend"
)

var (
	noteEarlierTests = Note{ID: NoteEarlierTests,
		EN: "AT-44 also says a unit tests at most once a round, so the -1 for each earlier test applies only when you say the unit already tested; it counts for the first activation only, the later ones falling in later rounds.",
		FR: "AT-44 dit aussi qu'une unité teste au plus une fois par tour : le -1 par test précédent ne s'applique que si vous indiquez des tests déjà faits, et seulement à la première activation, les suivantes tombant dans d'autres tours."}
	// Spending points follows each game's rule for what the points buy.
	noteMoraleSpendAT43 = Note{ID: NoteMoraleSpendAT43,
		EN: "Spending: the 2 LP are paid only when they save the unit: they rally it each time a test leaves it disorganized.",
		FR: "Dépense : les 2 PC ne sont payés que lorsqu'ils sauvent l'unité : ils la rallient chaque fois qu'un test la laisse désorganisée."}
	noteMoraleSpendAT44 = Note{ID: NoteMoraleSpendAT44,
		EN: "Spending: the 2 PC are paid only when they save the unit: they buy the automatic pass while it is disorganized, the one time a failure routs it.",
		FR: "Dépense : les 2 PC ne sont payés que lorsqu'ils sauvent l'unité : ils achètent la réussite automatique quand elle est désorganisée, seul cas où un échec la met en déroute."}
)
