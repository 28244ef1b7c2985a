// Package i18n holds every interface string of the app in English and
// French, keyed by a typed constant so a missing or misspelt string is a
// compile error, and formats numbers the way each language writes them.
//
// Rules text, glossary and pages are content, not interface, and live in
// package docs; this package only covers the words around them.
package i18n

import (
	"math"
	"strconv"
	"strings"
)

// Langs are the languages every key has, in the order the app offers them.
var Langs = []string{"en", "fr"}

// Key names one interface string.
type Key int

// T returns the string for k in lang; any language other than "fr" reads
// English, so a bad lang never shows an empty label.
func T(lang string, k Key) string {
	if k < 0 || int(k) >= len(table) {
		return ""
	}
	if lang == "fr" {
		return table[k].fr
	}
	return table[k].en
}

// Lang returns lang when the app has it, otherwise "en".
func Lang(lang string) string {
	if lang == "fr" {
		return "fr"
	}
	return "en"
}

// Decimal writes x with prec decimals, trailing zeros trimmed, in the
// language's style: "2.5" in English, "2,5" in French.
func Decimal(lang string, x float64, prec int) string {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return "–"
	}
	s := strconv.FormatFloat(x, 'f', prec, 64)
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	if s == "-0" {
		s = "0"
	}
	if lang == "fr" {
		s = strings.Replace(s, ".", ",", 1)
	}
	return s
}

// Fixed writes x with exactly prec decimals in the language's style:
// "1.0" in English, "1,0" in French, so an average never reads as a count.
func Fixed(lang string, x float64, prec int) string {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return "–"
	}
	s := strconv.FormatFloat(x, 'f', prec, 64)
	if strings.Trim(s, "-0.") == "" {
		s = strings.TrimPrefix(s, "-")
	}
	if lang == "fr" {
		s = strings.Replace(s, ".", ",", 1)
	}
	return s
}

// Percent writes a probability p (0 to 1) as a percentage with one decimal:
// "71.3%" in English, "71,3 %" in French (with a narrow no-break space).
// Values that round to 0 or 100 but are not exactly so read "<0.1%" or
// ">99.9%", so a possible event never looks impossible.
func Percent(lang string, p float64) string {
	v := p * 100
	var s string
	switch {
	case p > 0 && v < 0.05:
		s = "<" + Decimal(lang, 0.1, 1)
	case p < 1 && v >= 99.95:
		s = ">" + Decimal(lang, 99.9, 1)
	default:
		s = Decimal(lang, v, 1)
	}
	if lang == "fr" {
		return s + "\u202f%"
	}
	return s + "%"
}
