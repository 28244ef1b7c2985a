//go:build !wasm

package calc

import (
	_ "embed"
	"encoding/json"
	"maps"
	"slices"
	"strings"

	"github.com/at4x/companion/docs/content"
	"github.com/at4x/companion/i18n"
)

// The calculators' part of the head script every page runs before its
// first paint: the shell's script (app/head.js) picks the reader's
// language and calls prefill.js with it, and steppers.js follows it.

//go:embed prefill.js
var prefillJS string

//go:embed steppers.js
var steppersJS string

//go:embed claim.js
var claimJS string

// HeadScript is the calculators' part of the head script, which the shell
// joins into its own. prefill is a JavaScript function of the reader's
// language and saved game, (lang, game), that shows a calculator link's
// values in its prerendered fields before the client has started, with the
// conditions and the salvos' keys the client reads written from the same
// Go (condTests, salvoPrefixes). steppers is a script of its own: a held
// step button repeats its click, a focused number selects itself.
func HeadScript() (prefill, steppers string) {
	// The function alone: the file's header, which says what it is for,
	// is said where the shell calls it, and the head script, which blocks
	// the first paint, stays as short as it was.
	fn := strings.TrimSpace(prefillJS[strings.Index(prefillJS, "(function"):])
	prefill = strings.NewReplacer(
		"{{CALC_GAMES}}", jsValue(gamesByName()),
		"{{SALVO_PREFIXES}}", jsValue(salvoPrefixes),
		"{{HOLDS_CASES}}", holdsCases(),
		"{{CLAIM_SENTENCE}}", claimSentenceJS(),
		"{{CLAIM_CHECKING}}", jsValue(claimCheckingMarks()),
	).Replace(fn)
	return prefill, steppersJS
}

// claimSentenceJS is claim.js's function, which words a claim as
// claim.sentence does, with the words and patterns of claim.go.
func claimSentenceJS() string {
	fn := strings.TrimSpace(claimJS[strings.Index(claimJS, "(function"):])
	return strings.NewReplacer(
		"{{CLAIM_WORDS}}", jsValue(claimWords()),
		"{{CLAIM_PATTERNS}}", jsValue([]string{meanPattern, chancePattern, atLeastPattern}),
	).Replace(fn)
}

// claimWord is what claim.js words a claim with, in one language.
type claimWord struct {
	Shapes map[string]claimShapeWords `json:"shapes"`
	Expect string                     `json:"expect"`
	None   string                     `json:"none"`
	Margin string                     `json:"margin"`
}

// claimShapeWords are a shape's words: a count's noun or a chance's
// sentence.
type claimShapeWords struct {
	Noun   string `json:"noun,omitempty"`
	Chance string `json:"chance,omitempty"`
}

// claimWords are claim.js's words, by language.
func claimWords() map[string]claimWord {
	m := map[string]claimWord{}
	for _, l := range content.Langs {
		w := claimWord{Shapes: map[string]claimShapeWords{}, Expect: i18n.T(l, i18n.ExpectF), None: i18n.T(l, i18n.ExpectNoneF), Margin: i18n.T(l, i18n.MarginF)}
		for _, sh := range claimShapes {
			var sw claimShapeWords
			if sh.noun != 0 {
				sw.Noun = i18n.T(l, sh.noun)
			} else {
				sw.Chance = i18n.T(l, sh.chance)
			}
			w.Shapes[sh.code] = sw
		}
		m[l] = w
	}
	return m
}

// claimCheckingMarks is the mark of a claim not yet checked, by language.
func claimCheckingMarks() map[string]string {
	m := map[string]string{}
	for _, l := range content.Langs {
		m[l] = i18n.T(l, i18n.ClaimChecking)
	}
	return m
}

// gamesByName are the games each calculator runs under, its first first:
// the head script picks the page a link opens (app/prerender.go).
func gamesByName() map[string][]string {
	m := map[string][]string{}
	for _, name := range Names() {
		m[name] = Games(name)
	}
	return m
}

// holdsCases are the cases of the head script's holds(c), one per condOp,
// in the order of their names: the same tests as cond.holds, from
// condTests.
func holdsCases() string {
	var b strings.Builder
	for _, op := range slices.Sorted(maps.Keys(condTests)) {
		b.WriteString("        case " + jsValue(op) + ": return " + condTests[op].js + ";\n")
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// jsValue writes v, a string or a list or map of strings, as a JavaScript
// literal.
func jsValue(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // such values always marshal
	}
	return string(b)
}
