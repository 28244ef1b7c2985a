package rules

import "net/url"

// CrushInput is a rushing vehicle running over infantry: one die per
// fighter whose base lies under its path. Query keys and defaults:
//
//	game     Game     at43|at44 (at43)
//	free     Free     free fighters under the path, 0-100 (3)
//	engaged  Engaged  engaged fighters under the path, 0-100 (0); in AT-44
//	                  count grounded fighters here too
type CrushInput struct {
	Game    string
	Free    int
	Engaged int
}

// CrushResult is the fighters eliminated under the path.
type CrushResult struct {
	Casualties Dist    `json:"casualties"`
	WipedOut   float64 `json:"wiped_out"` // every fighter under the path
	// Explain holds "crush-free" and "crush-engaged": Value fighters,
	// Needed the roll that eliminates one, Chance that roll's chance.
	Explain []Step `json:"explain"`
	Notes   []Note `json:"notes"`
}

// ParseCrush reads a CrushInput from share-link values and validates it.
func ParseCrush(v url.Values) (CrushInput, error) {
	r := newQueryReader(v, "")
	in := CrushInput{Game: r.str("game", AT43.ID), Free: r.int("free", 3), Engaged: r.int("engaged", 0)}
	if err := r.done(in.validate); err != nil {
		return CrushInput{}, err
	}
	return in, nil
}

// Query writes in as share-link values.
func (in CrushInput) Query() url.Values {
	v := url.Values{}
	w := queryWriter{v: v}
	w.str("game", in.Game)
	w.int("free", in.Free)
	w.int("engaged", in.Engaged)
	return v
}

// Validate checks every field, naming each bad one by its query key.
func (in CrushInput) Validate() error { return in.validate(&validator{}) }

func (in CrushInput) validate(c *validator) error {
	c.game(in.Game)
	c.rng("free", in.Free, 0, maxFighters)
	c.rng("engaged", in.Engaged, 0, maxFighters)
	return c.result()
}

// Crush works out how many fighters a rushing vehicle eliminates: each free
// one independently on the game's free roll, each engaged one on its
// engaged roll, so the total is the sum of two binomials.
func Crush(in CrushInput) (CrushResult, error) {
	if err := in.Validate(); err != nil {
		return CrushResult{}, err
	}
	g, _ := GameByID(in.Game)
	pf, pe := RollChance(g.Crush.Free), RollChance(g.Crush.Engaged)
	cas := Binomial(in.Free, pf).Convolve(Binomial(in.Engaged, pe))
	return CrushResult{
		Casualties: cas,
		WipedOut:   cas.At(in.Free + in.Engaged),
		Explain: []Step{
			{Kind: StepCrushFree, Value: in.Free, Needed: g.Crush.Free, Chance: pf},
			{Kind: StepCrushEngaged, Value: in.Engaged, Needed: g.Crush.Engaged, Chance: pe},
		},
		Notes: []Note{},
	}, nil
}
