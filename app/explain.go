package app

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/at4x/companion/app/ui"
	"github.com/at4x/companion/docs/content"
	"github.com/at4x/companion/i18n"
	"github.com/at4x/companion/rules"
)

// words are the game's own names for the values a calculator reads, in one
// language, taken from the glossary: AT-44 says PRE and ARM where AT-43
// says Accuracy and Protection. The labels, the explanation and the
// headline all read them here, so the glossary stays their one source.
type words struct {
	lang, game string
	// label is a term's name as a field label: capitalised, with its card
	// abbreviation ("Precision (PRE)"); short is its name in a sentence,
	// the abbreviation when the game has one ("PRE").
	label, short map[string]string
}

// wordsFor reads the names of a game's terms in a language.
func wordsFor(lib *content.Library, lang, game string) words {
	w := words{lang: lang, game: game, label: map[string]string{}, short: map[string]string{}}
	if lib == nil {
		return w
	}
	for _, t := range lib.Terms {
		if !slices.Contains(t.Games, game) {
			continue
		}
		w.label[t.ID] = capitalise(ui.TermLabel(t, lang, game))
		w.short[t.ID] = t.Name(lang, game)
		if ab := t.Abbrev(lang, game); ab != "" {
			w.short[t.ID] = ab
		}
	}
	return w
}

// capitalise puts the first letter in upper case: glossary names are
// written as they appear mid-sentence ("range band").
func capitalise(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

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
		return fmt.Sprintf(t(i18n.ChanceF), i18n.Percent(lang, *o.chance), t(o.chanceOf))
	}
	return ""
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

// Labels of the engine's explanation steps, by kind: steps that compare
// two values, steps that count something, and the others.
var stepPairs = map[rules.StepKind]struct {
	action, difficulty string   // glossary terms
	format             i18n.Key // used when the game lacks the terms
}{
	"shoot":  {"accuracy", "range-band", i18n.StepShoot},
	"melee":  {"accuracy", "defence", i18n.StepMelee},
	"damage": {"penetration", "protection", i18n.StepDamage},
	"morale": {"", "", i18n.StepMorale},
}
var stepValues = map[rules.StepKind]i18n.Key{"dice": i18n.StepDice, "reroll": i18n.StepReroll, "range": i18n.StepRange}
var stepNamed = map[rules.StepKind]i18n.Key{"crush-free": i18n.StepCrushFree, "crush-engaged": i18n.StepCrushEngaged, "damage-reroll": i18n.StepDamageReroll, "rank": i18n.StepRank, "objective": i18n.StepObjective, "earlier": i18n.StepEarlier, "frame": i18n.StepFrame, "propulsion": i18n.StepPropulsion, "weapon": i18n.StepWeapon, "location": i18n.StepLocation, "vehicles": i18n.StepVehicles, "d10-hit": i18n.StepD10Hit, "d10-armour": i18n.StepD10Armour, "d10-damage": i18n.StepD10Damage, "d10-attacks": i18n.StepD10Attacks, "d10-chain": i18n.StepD10Chain, "d10-defcr": i18n.StepD10Defcr, "d10-dodge": i18n.StepD10Dodge, "d10-parry": i18n.StepD10Parry, "d10-knock": i18n.StepD10Knock, "d10-morale": i18n.StepD10Morale,
	"d10-cd": i18n.InSkill, "d10-cr": i18n.InSkill, "d10-retreat": i18n.Retreat, "d10-rout": i18n.Routs, "d10-paralysed": i18n.Paralysed,
	"fixed": i18n.StepFixed, "jammer": i18n.StepJammer, "sniper": i18n.StepSniper,
	"d10-intomelee": i18n.StepD10IntoMelee, "d10-frommelee": i18n.StepD10FromMelee, "d10-reserved": i18n.StepD10Reserved,
	"d10-indirect": i18n.StepD10Indirect, "d10-burst": i18n.StepD10Burst, "d10-groundpoint": i18n.StepD10GroundPoint,
	"d10-better": i18n.StepD10Better, "d10-worse": i18n.StepD10Worse,
	"d10-vehicle-detonation": i18n.Detonation, "d10-vehicle-internal": i18n.Internal, "d10-vehicle-nothing": i18n.NothingHappens}

// stepLabel names a step kind that has no format of its own: from the
// table above, or, for the d10 sheet's modifiers ("d10-aimed"), from the
// calculator's field of the same key.
func stepLabel(spec *calcSpec, kind rules.StepKind) (i18n.Key, bool) {
	if k, ok := stepNamed[kind]; ok {
		return k, true
	}
	if key, ok := strings.CutPrefix(string(kind), "d10-"); ok && spec != nil {
		for _, f := range spec.fields {
			if f.key == key {
				return f.label, true
			}
		}
	}
	return 0, false
}

// knownStep tells whether explain has words for a kind of step.
func knownStep(spec *calcSpec, kind rules.StepKind) bool {
	_, pair := stepPairs[kind]
	_, value := stepValues[kind]
	_, named := stepLabel(spec, kind)
	return pair || value || named || kind == "cover" || kind == "salvo" || kind == "authority"
}

// d10Formats phrase the d10 sheet's roll-under steps whole: their rolls
// succeed at or under a number, never "N+".
var d10Formats = map[rules.StepKind]i18n.Key{"d10-hit": i18n.StepD10HitF, "d10-armour": i18n.StepD10ArmourF,
	"d10-damage": i18n.StepD10DamageF, "d10-defcr": i18n.StepD10DefcrF}

// d10Step phrases one step of a d10 calculator.
func d10Step(lang string, spec *calcSpec, st rules.Step) string {
	t := func(key i18n.Key) string { return i18n.T(lang, key) }
	var s string
	switch f, ok := d10Formats[st.Kind]; {
	case ok:
		s = fmt.Sprintf(t(f), st.Action, st.Difficulty, st.Needed, st.Value)
	default:
		label := string(st.Kind)
		if k, ok := stepLabel(spec, st.Kind); ok {
			label = t(k)
		}
		switch {
		case st.Needed > 0:
			s = label + ui.Sep(lang) + fmt.Sprintf(t(i18n.StepAtMostF), st.Needed)
		case st.Kind == "d10-attacks" || st.Kind == "d10-cd" || st.Kind == "d10-cr":
			s = fmt.Sprintf("%s %d", label, st.Value)
		case st.Value != 0:
			s = fmt.Sprintf("%s %+d", label, st.Value)
		default:
			s = label
		}
	}
	if st.Chance > 0 && st.Chance < 1 || st.Needed > 0 {
		s += " (" + i18n.Percent(lang, st.Chance) + ")"
	}
	return s
}

// explain phrases the engine's steps in the language and with the words
// of the game.
func explain(w words, spec *calcSpec, steps []rules.Step) string {
	lang := w.lang
	t := func(key i18n.Key) string { return i18n.T(lang, key) }
	var parts []string
	sides := 0 // authority steps seen: ours, then theirs
	for _, st := range steps {
		if strings.HasPrefix(string(st.Kind), "d10-") {
			parts = append(parts, d10Step(lang, spec, st))
			continue
		}
		var b strings.Builder
		switch p, pair := stepPairs[st.Kind]; {
		case pair && p.action != "" && w.short[p.action] != "" && w.short[p.difficulty] != "":
			fmt.Fprintf(&b, t(i18n.StepVsF), w.short[p.action], st.Action, w.short[p.difficulty], st.Difficulty)
		case pair:
			fmt.Fprintf(&b, t(p.format), st.Action, st.Difficulty)
		case st.Kind == "authority":
			// The engine gives each side's Authority, wager and limit.
			side := t(i18n.Us)
			if sides > 0 {
				side = t(i18n.Them)
			}
			sides++
			fmt.Fprintf(&b, t(i18n.StepSideF), side, st.Action, st.Value)
		case st.Kind == "dice" && st.Value == 1:
			b.WriteString(t(i18n.StepDie))
		case st.Kind == "reroll" && st.Value == 1:
			b.WriteString(t(i18n.StepRerollOne))
		case st.Kind == "range" && w.short["range-band"] != "":
			fmt.Fprintf(&b, "%s %d", w.short["range-band"], st.Value)
		case stepValues[st.Kind] != 0:
			fmt.Fprintf(&b, t(stepValues[st.Kind]), st.Value)
		case st.Kind == "cover":
			b.WriteString(t(i18n.StepCover))
		case st.Kind == "salvo":
			fmt.Fprintf(&b, t(i18n.SalvoF), st.Value)
		default:
			label := string(st.Kind)
			if k, ok := stepLabel(spec, st.Kind); ok {
				label = t(k)
			}
			switch {
			case st.Action != 0 || st.Difficulty != 0:
				fmt.Fprintf(&b, t(i18n.StepAgainstF), label, st.Action, st.Difficulty)
			case st.Value != 0 && (st.Kind == "rank" || st.Kind == "objective" || st.Kind == "earlier"):
				fmt.Fprintf(&b, "%s %+d", label, st.Value)
			case st.Value != 0:
				fmt.Fprintf(&b, "%s %d", label, st.Value)
			default:
				b.WriteString(label)
			}
		}
		switch st.Auto.String() {
		case "success":
			b.WriteString(", " + t(i18n.StepAutoSuccess))
		case "fail":
			b.WriteString(", " + t(i18n.StepAutoFail))
		default:
			if st.Needed > 0 {
				b.WriteString(", " + fmt.Sprintf(t(i18n.StepNeedsF), st.Needed))
			}
		}
		if st.Needed > 0 || (st.Chance > 0 && st.Chance < 1) {
			b.WriteString(" (" + i18n.Percent(lang, st.Chance) + ")")
		}
		parts = append(parts, b.String())
	}
	return strings.Join(parts, " · ")
}

// bandNote is the line under a distance: "23 cm → range 2".
func bandNote(lang string, cm, band int) string {
	return fmt.Sprintf(i18n.T(lang, i18n.BandFromCmF), cm, band)
}

// rulesets are the engine's rulesets by id, read once: the form asks for
// its game's band rule on every field it draws.
var rulesets = func() map[string]*rules.Game {
	m := map[string]*rules.Game{}
	for _, g := range rules.Games() {
		m[g.ID] = &g
	}
	return m
}()

// gameRules is the engine's ruleset for a game id, or nil.
func gameRules(id string) *rules.Game { return rulesets[id] }
