package refcard

import (
	"strconv"

	"github.com/at4x/companion/rules"
)

// Signs the card's tables use for the universal table's automatic results.
const (
	autoFail    = "✗"
	autoSuccess = "✓"
)

// Ranges of the card's threshold tables: the range bands a player measures
// in a game (120 cm of table and more), the Protection (Armour) of the
// games' fighters, scenery and vehicles, and the lowest action value a
// profile prints.
const (
	bands         = 12
	lowProtection = 1
	topProtection = 20
	lowestValue   = 1
)

// rollText is how the card writes the result a test needs.
func rollText(roll int, auto rules.Outcome) string {
	switch {
	case auto == rules.AutoFail:
		return autoFail
	case auto == rules.AutoSuccess:
		return autoSuccess
	case roll == 6:
		return "6"
	}
	return strconv.Itoa(roll) + "+"
}

// valueRun is a run of action values that need the same roll against one
// difficulty: the first run (impossible) has no lower end, the last
// (automatic) no upper end.
type valueRun struct {
	lo, hi int
	roll   string // as rollText writes it
	chance float64
}

// valueRuns reads the universal table for a difficulty: the runs of action
// values, from impossible to automatic.
func valueRuns(difficulty int) []valueRun {
	var out []valueRun
	for a := difficulty - 6; a <= difficulty+6; a++ {
		r := rollText(rules.Needed(a - difficulty))
		if n := len(out); n > 0 && out[n-1].roll == r {
			out[n-1].hi = a
			continue
		}
		out = append(out, valueRun{lo: a, hi: a, roll: r, chance: rules.Chance(a, difficulty)})
	}
	return out
}

// rollColumns are the universal table's results, from impossible to
// automatic: the columns of the threshold tables.
func rollColumns() []string {
	var out []string
	for _, r := range valueRuns(0) {
		out = append(out, r.roll)
	}
	return out
}

// thresholds writes, for a difficulty, the action values from lowest up
// that need each of rollColumns: "≤ 3", "4–5", "≥ 14", or "—" for none,
// the sign held to its number by a no-break space.
func thresholds(difficulty, lowest int) []string {
	runs := valueRuns(difficulty)
	var out []string
	for i, r := range runs {
		lo := max(r.lo, lowest)
		switch {
		case r.hi < lowest && i < len(runs)-1:
			out = append(out, "—")
		case i == 0:
			out = append(out, "≤\u00a0"+strconv.Itoa(r.hi))
		case i == len(runs)-1:
			out = append(out, "≥\u00a0"+strconv.Itoa(lo))
		default:
			out = append(out, span(lo, r.hi))
		}
	}
	return out
}
