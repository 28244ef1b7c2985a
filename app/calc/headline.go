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
	chance := func(p float64) string { return chanceText(lang, o, p) }
	switch {
	case o.main != nil:
		mean := o.main.Mean()
		noun := t(nounOf(o.noun, mean))
		if o.main.Max() == 0 {
			return fmt.Sprintf(t(i18n.ExpectNoneF), i18n.Fixed(lang, mean, 1), noun)
		}
		k = max(k, 1)
		return fmt.Sprintf(t(i18n.ExpectF), i18n.Fixed(lang, mean, 1), noun, chance(o.main.AtLeast(k)), k)
	case o.chance != nil:
		if f, ok := chanceSentences[o.chanceOf]; ok {
			return fmt.Sprintf(t(f), chance(*o.chance))
		}
		return fmt.Sprintf(t(i18n.ChanceF), chance(*o.chance), t(o.chanceOf))
	}
	return ""
}

// chanceText is a chance of the outcome as its headline says it: with its
// margin when simulated.
func chanceText(lang string, o outcome, p float64) string {
	if !o.simulated {
		return i18n.Percent(lang, p)
	}
	m := margin(rules.SimulatedMargin(p, o.trials))
	// Near every trial or none, the margin reaches past the end: the
	// chance is said from the margin's other end ("over 99.8%"), not
	// around it ("100% ± 0.2%").
	switch {
	case p+m > 1:
		return ">" + i18n.Percent(lang, p-m)
	case p-m < 0:
		return "<" + i18n.Percent(lang, p+m)
	}
	return fmt.Sprintf(i18n.T(lang, i18n.MarginF), i18n.Percent(lang, p), i18n.Percent(lang, m))
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

// margin is a margin rounded up to a tenth of a point: a margin is never
// stated smaller than it is.
func margin(m float64) float64 { return max(math.Ceil(m*1000-1e-9), 1) / 1000 }

// nounOf is the noun of an average, as the headline writes it (one
// decimal): under 2, French says it in the singular ("0,3 perte"), and
// English in the plural, as ever.
func nounOf(noun i18n.Key, mean float64) i18n.Key {
	if math.Round(mean*10) >= 20 {
		return noun
	}
	switch noun {
	case i18n.NounCasualties:
		return i18n.NounCasualtiesFew
	case i18n.NounImpacts:
		return i18n.NounImpactsFew
	case i18n.NounDamaging:
		return i18n.NounDamagingFew
	case i18n.NounWrecks:
		return i18n.NounWrecksFew
	}
	return noun
}

// firstThreshold is the "at least" number the values give: the average
// of their result, rounded, and at least 1, so the headline asks whether
// the usual outcome happens. It follows the values until the reader picks
// another by a tap on a bar of the main chart, which then stays while the
// values change (calculation.atLeastSet): a shot built by taps from the
// calculator's defaults asks what the same values opened as a link ask,
// not whether its first weapon hits.
func firstThreshold(o outcome) int {
	if o.main == nil {
		return 1
	}
	return max(1, int(math.Round(o.main.Mean())))
}
