package calc

import (
	"fmt"
	"math"
	"strings"

	"github.com/at4x/companion/i18n"
	"github.com/at4x/companion/rules"
)

// headline is the one sentence a result starts with. For a count it gives
// the average and the chance of at least k, the threshold the reader keeps;
// a simulated chance carries its margin, and until the margin reaches its
// target the headline says so before its full stop.
func headline(lang string, o outcome, k int) string {
	h := sentence(lang, o, k)
	if o.simulated && !o.refined && h != "" {
		h = strings.TrimSuffix(h, ".") + i18n.T(lang, i18n.SimulatingTail) + "."
	}
	return h
}

// sentence is the headline's plain sentence.
func sentence(lang string, o outcome, k int) string {
	t := func(key i18n.Key) string { return i18n.T(lang, key) }
	chance := func(p float64) string {
		if !o.simulated {
			return i18n.Percent(lang, p)
		}
		return fmt.Sprintf(t(i18n.MarginF), i18n.Percent(lang, p), marginText(lang, rules.SimulatedMargin(p, o.trials)))
	}
	switch {
	case o.main != nil:
		mean := o.main.Mean()
		if o.main.Max() == 0 {
			return fmt.Sprintf(t(i18n.ExpectNoneF), i18n.Fixed(lang, mean, 1), t(o.noun))
		}
		k = max(k, 1)
		return fmt.Sprintf(t(i18n.ExpectF), i18n.Fixed(lang, mean, 1), t(o.noun), chance(o.main.AtLeast(k)), k)
	case o.chance != nil:
		if f, ok := chanceSentences[o.chanceOf]; ok {
			return fmt.Sprintf(t(f), chance(*o.chance))
		}
		return fmt.Sprintf(t(i18n.ChanceF), chance(*o.chance), t(o.chanceOf))
	}
	return ""
}

// chanceSentences say a chance as a sentence, by what it is the chance
// of: "67.4% chance the target is destroyed.", not "67.4% chance:
// destroyed."
var chanceSentences = map[i18n.Key]i18n.Key{
	i18n.Destroyed:  i18n.ChanceDestroyedF,
	i18n.Pass:       i18n.ChancePassF,
	i18n.Win:        i18n.ChanceWinF,
	i18n.Detonation: i18n.ChanceDetonationF,
}

// marginText is a margin in percentage points, rounded up to a tenth: a
// margin is never stated smaller than it is.
func marginText(lang string, m float64) string {
	return i18n.Percent(lang, max(math.Ceil(m*1000-1e-9), 1)/1000)
}

// firstThreshold is the "at least" number a page opens with: the average
// of the result it opens with, rounded, and at least 1, so the first
// headline asks whether the usual outcome happens. It is chosen once; after
// that only a tap on a bar of the main chart changes it, so the headline
// never jumps to another question while the values change.
func firstThreshold(o outcome) int {
	if o.main == nil {
		return 1
	}
	return max(1, int(math.Round(o.main.Mean())))
}
