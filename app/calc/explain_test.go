package calc

import (
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/at4x/companion/rules"
)

func TestExplain(t *testing.T) {
	got := explain(gameWords{lang: "en"}, nil, []rules.Step{
		{Kind: rules.StepShoot, Action: 4, Difficulty: 2, Needed: 3, Chance: 2.0 / 3},
		{Kind: rules.StepDice, Value: 6, Chance: 1},
		{Kind: rules.StepCover, Needed: 5, Chance: 1.0 / 3},
	})
	want := "Accuracy 4 against range 2, needs 3+ (66.7%) · 6 dice · Cover test, needs 5+ (33.3%)"
	if got != want {
		t.Errorf("explain = %q, want %q", got, want)
	}
}

func TestExplainD10RollsUnder(t *testing.T) {
	got := explain(gameWords{lang: "en"}, nil, []rules.Step{
		{Kind: rules.StepD10Attacks, Value: 3},
		{Kind: "d10-charge", Value: 1},
		{Kind: rules.StepD10Hit, Needed: 8, Chance: 0.8},
		{Kind: rules.StepD10Armour, Action: 4, Difficulty: 1, Needed: 3, Chance: 0.3},
		{Kind: rules.StepD10Damage, Action: 4, Difficulty: 3, Needed: 6, Chance: 0.6},
	})
	want := "Attacks 3 · d10-charge +1 · Hit roll: hits on 8 or less (80%) · " +
		"Armour roll: AR 4 − MA 1, stops the attack on 3 or less (30%) · Damage roll: 5 + PUI 4 − PHY 3, damages on 6 or less (60%)"
	if got != want {
		t.Errorf("explain = %q\nwant      %q", got, want)
	}
}

// TestEveryStepHasWords runs each calculator on a few links and checks the
// explanation has words for every step the engine gives.
func TestEveryStepHasWords(t *testing.T) {
	links := map[string][]string{
		"shoot": {"game=at43&cover=cover&dmgrr=1", "game=at44&target=veh&n=4&rate=2&acc=5&pen=12&prot=8", "game=at44&cm=35&faw=1&det=1"},
		"melee": {"game=at44&target=veh&n=3&pen=10&prot=6"},
		"salvos": {"game=at43&s1.n=2&s2.n=3", "game=at43&target=veh&picker=defender&s1.n=2&s1.lock=4&s2.n=3&s2.dmg=2",
			"game=at44&target=veh&s1.n=2&s1.jammer=3&s2.n=2&s2.sniper=1&s2.cover=cover", "game=at44&s1.n=2&s1.sniper=1&s1.cover=cover"},
		"indirect":  {"game=at44&n=2&rate=2&aoe=3", "game=at43&fixed=4&vehicles=2&vprot=6", "game=at44&under=0&vehicles=1"},
		"morale":    {"game=at44&rank=2&obj=1&extra=1&activations=3&spend=1"},
		"authority": {"game=at43&a=3&aw=1&b=2&bw=0"},
		"crush":     {"game=at44&free=3&engaged=2"},
		"minefield": {"game=at43&target=veh&n=2"},
		"terrain":   {"game=at44&salvos=3"},
		"d10attack": {"game=d10&mode=melee&parry=1&knock=0&defcr=4", "game=d10&dodge=1&defcr=4", "game=d10&aimed=1"},
		"d10morale": {"game=d10"}, "d10vehicle": {"game=d10&dmg=5"},
	}
	links["shoot"] = append(links["shoot"], "game=at44&target=veh&lock=4&jammer=3&sniper=1&cover=cover", "game=at43&target=veh&picker=defender&lock=3")
	links["terrain"] = append(links["terrain"], "game=at44&cm=40&lock=4&salvos=2")
	for name, qs := range links {
		spec := specFor(name)
		if spec == nil {
			t.Errorf("no calculator %s", name)
			continue
		}
		for _, q := range qs {
			v, _ := url.ParseQuery(q)
			s := evaluate(spec, v)
			if s.err != nil || len(s.errs) > 0 {
				t.Errorf("%s?%s: %v %v", name, q, s.err, s.errs)
				continue
			}
			for _, st := range s.out.explain {
				if !knownStep(spec, st.Kind) {
					t.Errorf("%s?%s: no words for the step kind %q", name, q, st.Kind)
				}
			}
		}
	}
}

// TestEveryStepKindHasWords: every kind of step the engine lists has words
// in the calculator that produces it.
func TestEveryStepKindHasWords(t *testing.T) {
	for _, kind := range rules.StepKinds() {
		if !slices.ContainsFunc(allSpecs(), func(s *spec) bool { return knownStep(s, kind) }) {
			t.Errorf("no words for the step kind %q", kind)
		}
		for _, lang := range []string{"en", "fr"} {
			spec := specFor("d10attack")
			got := explain(gameWords{lang: lang}, spec, []rules.Step{{Kind: kind}})
			if got == "" || got == string(kind) {
				t.Errorf("%s: the step kind %q reads %q", lang, kind, got)
			}
		}
	}
}

// TestStepKindsOfTheD10Sheet: the steps explain phrases the d10 sheet's way
// are the engine's "d10-" kinds, all of them and only them, and each d10
// step a field names is one the engine gives.
func TestStepKindsOfTheD10Sheet(t *testing.T) {
	kinds := rules.StepKinds()
	for _, kind := range kinds {
		if got, want := isD10(kind), strings.HasPrefix(string(kind), "d10-"); got != want {
			t.Errorf("isD10(%q) = %v, want %v", kind, got, want)
		}
	}
	for kind := range d10FieldSteps {
		if !slices.Contains(kinds, kind) {
			t.Errorf("%q is no step kind of the engine", kind)
		}
	}
}
