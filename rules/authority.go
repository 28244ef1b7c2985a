package rules

import (
	"fmt"
	"net/url"
)

// AuthorityInput is the authority test at the start of a round: each side
// rolls one die and adds its Commander's Authority and the points it
// wagered. Query keys and defaults:
//
//	game  Game    at43|at44 (at43)
//	a     A       our Commander's Authority, 0-30 (2)
//	aw    AWager  points we wager, 0 to the game's limit (0)
//	b     B       their Commander's Authority, 0-30 (2)
//	bw    BWager  points they wager (0)
//	ar    ARank   our Commander's rank, which sets the AT-43 wager limit
//	              (rank + 1), 0 to the game's top rank (1)
//	br    BRank   their Commander's rank (1)
type AuthorityInput struct {
	Game   string
	A      int
	AWager int
	B      int
	BWager int
	ARank  int
	BRank  int
}

// AuthorityResult is the chance we win the authority test.
type AuthorityResult struct {
	Win float64 `json:"win"` // we win; ties re-rolled where the game does
	Tie float64 `json:"tie"` // one roll ties
	// Limits are the most points we and they may wager.
	Limits [2]int `json:"limits"`
	// Table[x][y] is the chance we win wagering x against their y, for every
	// pair of wagers the game allows.
	Table [][]float64 `json:"table"`
	// Explain holds one "authority" step per side: Action Authority, Value
	// the wager, Difficulty the wager limit.
	Explain []Step `json:"explain"`
	Notes   []Note `json:"notes"`
}

// ParseAuthority reads an AuthorityInput from share-link values and
// validates it.
func ParseAuthority(v url.Values) (AuthorityInput, error) {
	r := newQueryReader(v, "")
	in := AuthorityInput{
		Game:   r.str("game", AT43.ID),
		A:      r.int("a", 2),
		AWager: r.int("aw", 0),
		B:      r.int("b", 2),
		BWager: r.int("bw", 0),
		ARank:  r.int("ar", 1),
		BRank:  r.int("br", 1),
	}
	if err := r.done(in.validate); err != nil {
		return AuthorityInput{}, err
	}
	return in, nil
}

// Query writes in as share-link values.
func (in AuthorityInput) Query() url.Values {
	v := url.Values{}
	w := queryWriter{v: v}
	w.str("game", in.Game)
	w.int("a", in.A)
	w.int("aw", in.AWager)
	w.int("b", in.B)
	w.int("bw", in.BWager)
	w.int("ar", in.ARank)
	w.int("br", in.BRank)
	return v
}

// Validate checks every field, naming each bad one by its query key.
func (in AuthorityInput) Validate() error { return in.validate(&validator{}) }

func (in AuthorityInput) validate(c *validator) error {
	g := c.game(in.Game)
	if c.failed() {
		// The ranks depend on the game: with none, only say what the
		// values that are no number should be, as in the default game.
		g, c.lenient = AT43, true
	}
	c.rng("a", in.A, 0, maxValue)
	c.rng("b", in.B, 0, maxValue)
	c.rng("ar", in.ARank, 0, g.MaxRank)
	c.rng("br", in.BRank, 0, g.MaxRank)
	// A wager's limit depends on the ranks, judged once they are valid.
	aLimit, bLimit := g.WagerLimit(in.ARank), g.WagerLimit(in.BRank)
	if c.failed() {
		aLimit, bLimit = g.WagerLimit(g.MaxRank), g.WagerLimit(g.MaxRank)
		c.lenient = true
	}
	c.rng("aw", in.AWager, 0, aLimit)
	c.rng("bw", in.BWager, 0, bLimit)
	return c.result()
}

// Authority works out the chance we win the authority test, and the same
// for every pair of wagers the game allows.
func Authority(in AuthorityInput) (AuthorityResult, error) {
	if err := in.Validate(); err != nil {
		return AuthorityResult{}, err
	}
	g, _ := GameByID(in.Game)
	la, lb := g.WagerLimit(in.ARank), g.WagerLimit(in.BRank)
	res := AuthorityResult{Limits: [2]int{la, lb}, Notes: []Note{}}
	res.Win, res.Tie = authorityWin(in.A+in.AWager-in.B-in.BWager, g.AuthorityTieReroll)
	res.Table = make([][]float64, la+1)
	for x := range res.Table {
		res.Table[x] = make([]float64, lb+1)
		for y := range res.Table[x] {
			res.Table[x][y], _ = authorityWin(in.A+x-in.B-y, g.AuthorityTieReroll)
		}
	}
	res.Explain = []Step{
		{Kind: StepAuthority, Action: in.A, Value: in.AWager, Difficulty: la},
		{Kind: StepAuthority, Action: in.B, Value: in.BWager, Difficulty: lb},
	}
	if g.Notes.AuthorityTie != "" {
		res.Notes = append(res.Notes, noteByID(g.Notes.AuthorityTie))
	}
	return res, nil
}

// authorityWin is the chance that our die plus lead beats their die, and
// the chance one roll ties. With reroll, ties are rolled again until they
// break, which is the chance of winning given no tie.
func authorityWin(lead int, reroll bool) (win, tie float64) {
	var above float64
	for ours := 1; ours <= 6; ours++ {
		for theirs := 1; theirs <= 6; theirs++ {
			switch d := ours + lead - theirs; {
			case d > 0:
				above++
			case d == 0:
				tie++
			}
		}
	}
	above /= 36
	tie /= 36
	if reroll {
		return above / (1 - tie), tie
	}
	return above, tie
}

// CommandPool is a side's command points for the round (AT-43 LP, AT-44
// PC): the Commander's own plus one per unit counted (AT-43: units on the
// battlefield or in reserve that are not disorganized; AT-44: one per unit
// card). 8 LP and 6 units give 14.
func CommandPool(commander, units int) (int, error) {
	switch {
	case commander < 0 || commander > maxValue:
		return 0, fmt.Errorf("commander points %d out of range: allowed 0-%d", commander, maxValue)
	case units < 0 || units > maxFighters:
		return 0, fmt.Errorf("units %d out of range: allowed 0-%d", units, maxFighters)
	}
	return commander + units, nil
}

// NoteAuthorityTie is the id of the note on re-rolling tied authority tests
// where a game is silent (see GameNotes.AuthorityTie).
const NoteAuthorityTie = "at44-authority-tie"

var noteAuthorityTie = Note{ID: NoteAuthorityTie,
	EN: "AT-44 does not say what a tied authority test does; ties are rolled again, as in AT-43.",
	FR: "AT-44 ne dit pas ce que donne une égalité au test d'autorité ; on relance, comme dans AT-43."}
