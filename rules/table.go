package rules

import "fmt"

// Outcome says whether a test is rolled or settled without dice.
type Outcome int

const (
	Roll        Outcome = iota // roll one die against the needed result
	AutoFail                   // impossible: the test fails without a roll
	AutoSuccess                // the test succeeds without a roll
)

var outcomeNames = [...]string{"roll", "fail", "success"}

// String returns "roll", "fail" or "success".
func (o Outcome) String() string {
	if o < 0 || int(o) >= len(outcomeNames) {
		return fmt.Sprintf("Outcome(%d)", int(o))
	}
	return outcomeNames[o]
}

// MarshalText encodes o as its name, so results read well in JSON.
func (o Outcome) MarshalText() ([]byte, error) {
	if o < 0 || int(o) >= len(outcomeNames) {
		return nil, fmt.Errorf("outcome %d is unknown", int(o))
	}
	return []byte(outcomeNames[o]), nil
}

// UnmarshalText decodes the name written by MarshalText.
func (o *Outcome) UnmarshalText(b []byte) error {
	for i, n := range outcomeNames {
		if n == string(b) {
			*o = Outcome(i)
			return nil
		}
	}
	return fmt.Errorf("outcome %q is unknown: allowed roll, fail, success", b)
}

// Needed reads the universal table for d = action value - difficulty: the
// result needed on one die, or an outcome settled without rolling (roll 0).
// Both games share the table.
func Needed(d int) (roll int, auto Outcome) {
	switch {
	case d <= -6:
		return 0, AutoFail
	case d >= 6:
		return 0, AutoSuccess
	case d <= -4:
		return 6, Roll
	case d <= -2:
		return 5, Roll
	case d <= 1:
		return 4, Roll
	case d <= 3:
		return 3, Roll
	default:
		return 2, Roll
	}
}

// RollChance is the chance one die shows roll or more; 0 means no roll is
// allowed (no save), and values past 6 can never be rolled.
func RollChance(roll int) float64 {
	switch {
	case roll <= 0 || roll > 6:
		return 0
	case roll == 1:
		return 1
	}
	return float64(7-roll) / 6
}

// Chance is the chance one test of action against difficulty succeeds.
func Chance(action, difficulty int) float64 {
	roll, auto := Needed(action - difficulty)
	switch auto {
	case AutoFail:
		return 0
	case AutoSuccess:
		return 1
	}
	return RollChance(roll)
}

// test builds the explanation step of one test of action against difficulty.
func test(kind StepKind, action, difficulty int) Step {
	roll, auto := Needed(action - difficulty)
	return Step{Kind: kind, Action: action, Difficulty: difficulty, Needed: roll,
		Auto: auto, Chance: Chance(action, difficulty)}
}
