package calc

import (
	"fmt"
	"slices"
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
	rules.StepShoot:  {"accuracy", "range-band", i18n.StepShoot},
	rules.StepMelee:  {"accuracy", "defence", i18n.StepMelee},
	rules.StepDamage: {"penetration", "protection", i18n.StepDamage},
	rules.StepMorale: {"", "", i18n.StepMorale},
}

var stepValues = map[rules.StepKind]i18n.Key{rules.StepDice: i18n.StepDice, rules.StepReroll: i18n.StepReroll, rules.StepRange: i18n.StepRange}

var stepNamed = map[rules.StepKind]i18n.Key{
	rules.StepCrushFree:    i18n.StepCrushFree,
	rules.StepCrushEngaged: i18n.StepCrushEngaged,
	rules.StepDamageReroll: i18n.StepDamageReroll,
	rules.StepRank:         i18n.StepRank,
	rules.StepObjective:    i18n.StepObjective,
	rules.StepEarlier:      i18n.StepEarlier,
	rules.StepFrame:        i18n.StepFrame,
	rules.StepPropulsion:   i18n.StepPropulsion,
	rules.StepWeapon:       i18n.StepWeapon,
	rules.StepLocation:     i18n.StepLocation,
	rules.StepVehicles:     i18n.StepVehicles,
	rules.StepFixed:        i18n.StepFixed,
	rules.StepJammer:       i18n.StepJammer,
	rules.StepSniper:       i18n.StepSniper,

	rules.StepD10Hit:               i18n.StepD10Hit,
	rules.StepD10Armour:            i18n.StepD10Armour,
	rules.StepD10Damage:            i18n.StepD10Damage,
	rules.StepD10Attacks:           i18n.StepD10Attacks,
	rules.StepD10Chain:             i18n.StepD10Chain,
	rules.StepD10DefCR:             i18n.StepD10Defcr,
	rules.StepD10Dodge:             i18n.StepD10Dodge,
	rules.StepD10Parry:             i18n.StepD10Parry,
	rules.StepD10Knock:             i18n.StepD10Knock,
	rules.StepD10Morale:            i18n.StepD10Morale,
	rules.StepD10CD:                i18n.InSkill,
	rules.StepD10CR:                i18n.InSkill,
	rules.StepD10Retreat:           i18n.Retreat,
	rules.StepD10Rout:              i18n.Routs,
	rules.StepD10Paralysed:         i18n.Paralysed,
	rules.StepD10IntoMelee:         i18n.StepD10IntoMelee,
	rules.StepD10VehicleDetonation: i18n.Detonation,
	rules.StepD10VehicleInternal:   i18n.Internal,
	rules.StepD10VehicleNothing:    i18n.NothingHappens,

	// The hit roll's modifiers the d10 attack calculator has no field for.
	d10ModifierKind("frommelee"):   i18n.StepD10FromMelee,
	d10ModifierKind("reserved"):    i18n.StepD10Reserved,
	d10ModifierKind("indirect"):    i18n.StepD10Indirect,
	d10ModifierKind("burst"):       i18n.StepD10Burst,
	d10ModifierKind("groundpoint"): i18n.StepD10GroundPoint,
	d10ModifierKind("better"):      i18n.StepD10Better,
	d10ModifierKind("worse"):       i18n.StepD10Worse,
}

// d10ModifierKind is the kind of the step that explains the d10 hit
// roll's modifier of a query key. rules makes it of the key
// (d10ModifierKind in rules/step.go) and lists it in rules.StepKinds, but
// exports no constant for it; TestStepKindsOfTheD10Sheet checks that the
// two agree.
func d10ModifierKind(key string) rules.StepKind { return rules.StepKind("d10-" + key) }

// d10FieldSteps are the d10 steps a calculator's field names, by the
// field's query key: the attack's modifier and each modifier of the hit
// roll (rules/d10attack.go, d10Modifiers).
var d10FieldSteps = func() map[rules.StepKind]string {
	m := map[rules.StepKind]string{rules.StepD10Mod: "mod"}
	for _, key := range []string{"aimed", "lightcover", "heavycover", "large", "frommelee", "reserved", "indirect",
		"burst", "groundpoint", "better", "worse", "charge", "received", "ground", "paralysed"} {
		m[d10ModifierKind(key)] = key
	}
	return m
}()

// d10Kinds are the engine's d10 steps besides those of d10FieldSteps.
var d10Kinds = []rules.StepKind{rules.StepD10Attacks, rules.StepD10CD, rules.StepD10CR, rules.StepD10Hit,
	rules.StepD10Dodge, rules.StepD10Parry, rules.StepD10Armour, rules.StepD10Damage, rules.StepD10Knock,
	rules.StepD10DefCR, rules.StepD10IntoMelee, rules.StepD10Morale, rules.StepD10Paralysed, rules.StepD10Retreat,
	rules.StepD10Rout, rules.StepD10VehicleNothing, rules.StepD10VehicleInternal, rules.StepD10VehicleDetonation,
	rules.StepD10Chain}

// isD10 tells a step of the d10 sheet, which d10Step phrases: its rolls
// succeed at or under a number.
func isD10(kind rules.StepKind) bool {
	_, field := d10FieldSteps[kind]
	return field || slices.Contains(d10Kinds, kind)
}

// stepLabel names a step kind that has no format of its own: from the
// table above, or, for the d10 sheet's modifiers (the "aimed" modifier's
// step), from the calculator's field of the same key.
func stepLabel(spec *spec, kind rules.StepKind) (i18n.Key, bool) {
	if k, ok := stepNamed[kind]; ok {
		return k, true
	}
	if key, ok := d10FieldSteps[kind]; ok && spec != nil {
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
	return pair || value || named || kind == rules.StepCover || kind == rules.StepSalvo || kind == rules.StepAuthority
}

// d10Formats phrase the d10 sheet's roll-under steps whole: their rolls
// succeed at or under a number, never "N+".
var d10Formats = map[rules.StepKind]i18n.Key{rules.StepD10Hit: i18n.StepD10HitF, rules.StepD10Armour: i18n.StepD10ArmourF,
	rules.StepD10Damage: i18n.StepD10DamageF, rules.StepD10DefCR: i18n.StepD10DefcrF}

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
		case st.Kind == rules.StepD10Attacks || st.Kind == rules.StepD10CD || st.Kind == rules.StepD10CR:
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
// of the game, on one line.
func explain(w gameWords, spec *spec, steps []rules.Step) string {
	return strings.Join(explainSteps(w, spec, steps), " · ")
}

// explainSteps phrases the engine's steps one by one, for a list.
func explainSteps(w gameWords, spec *spec, steps []rules.Step) []string {
	lang := w.lang
	t := w.t
	var parts []string
	sides := 0 // authority steps seen: ours, then theirs
	for _, st := range steps {
		if isD10(st.Kind) {
			parts = append(parts, d10Step(lang, spec, st))
			continue
		}
		var b strings.Builder
		switch p, pair := stepPairs[st.Kind]; {
		case pair && p.action != "" && w.short[p.action] != "" && w.short[p.difficulty] != "":
			fmt.Fprintf(&b, t(i18n.StepVsF), w.short[p.action], st.Action, w.short[p.difficulty], st.Difficulty)
		case pair:
			fmt.Fprintf(&b, t(p.format), st.Action, st.Difficulty)
		case st.Kind == rules.StepAuthority:
			// The engine gives each side's Authority, wager and limit.
			side := t(i18n.Us)
			if sides > 0 {
				side = t(i18n.Them)
			}
			sides++
			fmt.Fprintf(&b, t(i18n.StepSideF), side, st.Action, st.Value)
		case st.Kind == rules.StepDice && st.Value == 1:
			b.WriteString(t(i18n.StepDie))
		case st.Kind == rules.StepReroll && st.Value == 1:
			b.WriteString(t(i18n.StepRerollOne))
		case st.Kind == rules.StepRange && w.short["range-band"] != "":
			fmt.Fprintf(&b, "%s %d", w.short["range-band"], st.Value)
		case stepValues[st.Kind] != 0:
			fmt.Fprintf(&b, t(stepValues[st.Kind]), st.Value)
		case st.Kind == rules.StepCover:
			b.WriteString(t(i18n.StepCover))
		case st.Kind == rules.StepSalvo:
			fmt.Fprintf(&b, t(i18n.SalvoF), st.Value)
		default:
			label := string(st.Kind)
			if k, ok := stepLabel(spec, st.Kind); ok {
				label = t(k)
			}
			switch {
			case st.Action != 0 || st.Difficulty != 0:
				fmt.Fprintf(&b, t(i18n.StepAgainstF), label, st.Action, st.Difficulty)
			case st.Value != 0 && (st.Kind == rules.StepRank || st.Kind == rules.StepObjective || st.Kind == rules.StepEarlier):
				fmt.Fprintf(&b, "%s %+d", label, st.Value)
			case st.Value != 0:
				fmt.Fprintf(&b, "%s %d", label, st.Value)
			default:
				b.WriteString(label)
			}
		}
		switch st.Auto {
		case rules.AutoSuccess:
			b.WriteString(", " + t(i18n.StepAutoSuccess))
		case rules.AutoFail:
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
	return parts
}
