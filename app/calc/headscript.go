//go:build !wasm

package calc

import (
	_ "embed"
	"encoding/json"
	"maps"
	"slices"
	"strings"
)

// The calculators' part of the head script every page runs before its
// first paint: the shell's script (app/head.js) picks the reader's
// language and calls prefill.js with it, and steppers.js follows it.

//go:embed prefill.js
var prefillJS string

//go:embed steppers.js
var steppersJS string

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
	).Replace(fn)
	return prefill, steppersJS
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
