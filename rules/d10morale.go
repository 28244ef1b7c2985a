package rules

import "net/url"

// d10PanicLine is a line of the d10 sheet's panic table.
type d10PanicLine int

const (
	d10Paralysed d10PanicLine = iota // no action at the unit's next activation
	d10Retreat                       // the unit heads for its own table edge
	d10Rout                          // the unit is removed and counts as lost
)

// d10Panic reads the panic table for a roll of 1-10: 1-2 paralysed, 3-9
// retreat, 10 rout, which an independent turns into a retreat.
func d10Panic(roll int, independent bool) d10PanicLine {
	switch {
	case roll <= 2:
		return d10Paralysed
	case roll <= 9 || independent:
		return d10Retreat
	}
	return d10Rout
}

// D10MoraleInput is one morale roll of the d10 sheet. Query keys and
// defaults:
//
//	game         Game         d10 (d10)
//	cou          COU          the unit's courage, 0-10 (5)
//	independent  Independent  a lone independent figure, which retreats
//	                          where a unit would rout, 0|1 (0)
type D10MoraleInput struct {
	Game        string
	COU         int
	Independent bool
}

// ParseD10Morale reads a D10MoraleInput from share-link values and
// validates it.
func ParseD10Morale(v url.Values) (D10MoraleInput, error) {
	r := newQueryReader(v, "")
	in := D10MoraleInput{
		Game:        r.str("game", D10.ID),
		COU:         r.int("cou", 5),
		Independent: r.bool("independent", false),
	}
	if err := r.done(in.validate); err != nil {
		return D10MoraleInput{}, err
	}
	return in, nil
}

// Query writes in as share-link values.
func (in D10MoraleInput) Query() url.Values {
	v := url.Values{}
	w := queryWriter{v: v}
	w.str("game", in.Game)
	w.int("cou", in.COU)
	if in.Independent {
		w.bool("independent", true)
	}
	return v
}

// Validate checks every field, naming each bad one by its query key.
func (in D10MoraleInput) Validate() error { return in.validate(&validator{}) }

func (in D10MoraleInput) validate(c *validator) error {
	checkD10Game(c, in.Game)
	c.rng("cou", in.COU, 0, maxD10Value)
	return c.result()
}

// D10MoraleResult is what a morale roll leads to; the five chances sum to 1
// (Fail is the sum of the last three).
type D10MoraleResult struct {
	Pass      float64 `json:"pass"`
	Fail      float64 `json:"fail"`
	Paralysed float64 `json:"paralysed"`
	Retreat   float64 `json:"retreat"`
	Rout      float64 `json:"rout"`
	Explain   []Step  `json:"explain"`
	Notes     []Note  `json:"notes"`
}

// D10Morale works out a morale roll: pass on a d10 at or under COU, else a
// roll on the panic table.
func D10Morale(in D10MoraleInput) (D10MoraleResult, error) {
	if err := in.Validate(); err != nil {
		return D10MoraleResult{}, err
	}
	res := D10MoraleResult{Pass: d10Chance(in.COU), Notes: []Note{}}
	res.Fail = 1 - res.Pass
	res.Explain = append(res.Explain, Step{Kind: StepD10Morale, Needed: in.COU, Chance: res.Pass})
	if in.COU <= 0 || in.COU >= 10 {
		res.Notes = withNote(res.Notes, NoteD10NaturalRolls)
	}
	var faces [3]int
	for roll := 1; roll <= 10; roll++ {
		faces[d10Panic(roll, in.Independent)]++
	}
	out := []*float64{&res.Paralysed, &res.Retreat, &res.Rout}
	for i, kind := range []StepKind{StepD10Paralysed, StepD10Retreat, StepD10Rout} {
		*out[i] = float64((10-d10Faces(in.COU))*faces[i]) / 100 // morale and panic dice: 100 outcomes
		res.Explain = append(res.Explain, Step{Kind: kind, Value: faces[i], Chance: float64(faces[i]) / 10})
	}
	return res, nil
}
