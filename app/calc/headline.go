package calc

import (
	"fmt"
	"math"
	"strings"

	"github.com/at4x/companion/i18n"
)

// headline is the one sentence a result starts with. For a count it gives
// the average and the chance of at least k, the threshold the reader keeps;
// an estimate says so before its full stop.
func headline(lang string, o outcome, k int) string {
	h := sentence(lang, o, k)
	if o.estimated && h != "" {
		h = strings.TrimSuffix(h, ".") + i18n.T(lang, i18n.EstimatedTail) + "."
	}
	return h
}

// sentence is the headline's plain sentence.
func sentence(lang string, o outcome, k int) string {
	t := func(key i18n.Key) string { return i18n.T(lang, key) }
	switch {
	case o.main != nil:
		mean := o.main.Mean()
		if o.main.Max() == 0 {
			return fmt.Sprintf(t(i18n.ExpectNoneF), i18n.Fixed(lang, mean, 1), t(o.noun))
		}
		k = max(k, 1)
		return fmt.Sprintf(t(i18n.ExpectF), i18n.Fixed(lang, mean, 1), t(o.noun), i18n.Percent(lang, o.main.AtLeast(k)), k)
	case o.chance != nil:
		if f, ok := chanceSentences[o.chanceOf]; ok {
			return fmt.Sprintf(t(f), i18n.Percent(lang, *o.chance))
		}
		return fmt.Sprintf(t(i18n.ChanceF), i18n.Percent(lang, *o.chance), t(o.chanceOf))
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
