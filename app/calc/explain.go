package calc

import (
	"fmt"
	"strings"

	"github.com/at4x/companion/app/ui"
	"github.com/at4x/companion/i18n"
	"github.com/at4x/companion/rules"
)

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
func stepLabel(spec *spec, kind rules.StepKind) (i18n.Key, bool) {
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
func knownStep(spec *spec, kind rules.StepKind) bool {
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
func d10Step(lang string, spec *spec, st rules.Step) string {
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
func explain(w gameWords, spec *spec, steps []rules.Step) string {
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
