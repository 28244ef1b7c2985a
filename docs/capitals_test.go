package docs

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/at4x/companion/docs/content"
)

// nameKinds are the kinds of names the books print as names; a glossary
// name of one of these kinds starts with a capital, every other starts in
// lower case (README, "Capitals and spelling").
var nameKinds = []string{"characteristic", "ability", "drill"}

// properNouns keep their capital anywhere in a name.
var properNouns = []string{"Karman", "Therian"}

// kindedTerm is the part of a glossary entry the capitals rule reads: the
// program itself has no use for kind, so content.Term does not carry it.
type kindedTerm struct {
	ID    string                       `json:"id"`
	Games []string                     `json:"games"`
	Names map[string]map[string]string `json:"names"`
	Kind  map[string]string            `json:"kind"`
}

// checkCapitals tells whether a name follows the rule: a capital first
// letter exactly when capital is set, and after it capitals only in
// abbreviations (two or more letters, all capitals) and proper nouns.
func checkCapitals(name string, capital bool) error {
	first, size := utf8.DecodeRuneInString(name)
	switch {
	case capital && !unicode.IsUpper(first):
		return fmt.Errorf("a characteristic, ability or drill starts with a capital")
	case !capital && unicode.IsUpper(first):
		return fmt.Errorf("only a characteristic, ability or drill starts with a capital: give the entry a kind, or write it in lower case")
	}
	notLetter := func(r rune) bool { return !unicode.IsLetter(r) }
	for _, word := range strings.FieldsFunc(name[size:], notLetter) {
		if !strings.ContainsFunc(word, unicode.IsUpper) || slices.Contains(properNouns, word) {
			continue
		}
		if utf8.RuneCountInString(word) < 2 || strings.ContainsFunc(word, unicode.IsLower) {
			return fmt.Errorf("%q: after the first letter, capitals only in abbreviations and proper nouns (%s)", word, strings.Join(properNouns, ", "))
		}
	}
	return nil
}

func TestCheckCapitals(t *testing.T) {
	for _, c := range []struct {
		name    string
		capital bool
		ok      bool
	}{
		{"Accuracy", true, true},
		{"Knee to the ground!", true, true},
		{"Force vitale", true, true},
		{"action value", false, true},
		{"tableau de résolution universel", false, true},
		{"armoured fighting vehicle", false, true},
		{"écrasement", false, true},
		{"1 naturel", false, true},
		{"mêlée with the AFV", false, true},
		{"Karman crystal", false, false},
		{"crystal of the Karman", false, true},
		{"accuracy", true, false},
		{"Action value", false, false},
		{"Écrasement", false, false},
		{"Force Vitale", true, false},
		{"test de Moral", false, false},
		{"jet d'Armure", false, false},
		{"CAdence", true, false},
		{"a B test", false, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			if err := checkCapitals(c.name, c.capital); (err == nil) != c.ok {
				t.Errorf("checkCapitals(%q, %v) = %v, want ok %v", c.name, c.capital, err, c.ok)
			}
		})
	}
}

// TestGlossaryCapitals holds every glossary name to the capitals rule of
// its language, and every kind to a known kind of a game of the term.
func TestGlossaryCapitals(t *testing.T) {
	src, err := fs.ReadFile(Files, "glossary.json")
	if err != nil {
		t.Fatal(err)
	}
	var terms []kindedTerm
	if err := json.Unmarshal(src, &terms); err != nil {
		t.Fatal(err)
	}
	for _, term := range terms {
		t.Run(term.ID, func(t *testing.T) {
			for g, kind := range term.Kind {
				if !slices.Contains(term.Games, g) {
					t.Errorf("kind for %s, which is not a game of the term %v", g, term.Games)
				}
				if !slices.Contains(nameKinds, kind) {
					t.Errorf("kind %q for %s: allowed %s", kind, g, strings.Join(nameKinds, ", "))
				}
			}
			for _, lang := range content.Langs {
				for g, name := range term.Names[lang] {
					if err := checkCapitals(name, term.Kind[g] != ""); err != nil {
						t.Errorf("%s name %q for %s: %v", lang, name, g, err)
					}
				}
			}
		})
	}
}

// americanSpelling matches the American forms of words the English text
// spells the British way, as the app does ("Armour").
var americanSpelling = regexp.MustCompile(`(?i)\b(armor(ed|s)?|defense|center(s|ed)?|colors?|(centi)?meters?|favor(s|ed)?|maneuver(s|ed)?|gray)\b`)

// TestBritishSpelling checks the English glossary names and definitions and
// the English texts and pages for American spellings; the aliases keep them
// on purpose, so that search finds either.
func TestBritishSpelling(t *testing.T) {
	lib, _, _ := load(t)
	for _, term := range lib.Terms {
		for _, s := range append(slices.Collect(maps.Values(term.Names["en"])), term.Def["en"]) {
			if m := americanSpelling.FindString(s); m != "" {
				t.Errorf("glossary %s: %q is American; write it the British way (an alias may keep it)", term.ID, m)
			}
		}
	}
	var files []string
	for _, pattern := range []string{"*/en/*.md", "*/en.md"} {
		found, err := fs.Glob(Files, pattern)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, found...)
	}
	if len(files) == 0 {
		t.Fatal("no English text found")
	}
	for _, name := range files {
		src, err := fs.ReadFile(Files, name)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range americanSpelling.FindAllString(string(src), -1) {
			t.Errorf("%s: %q is American; write it the British way", name, m)
		}
	}
}
