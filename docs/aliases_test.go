package docs

import (
	"maps"
	"strings"
	"testing"
	"testing/fstest"
	"unicode/utf8"

	"github.com/at4x/companion/docs/content"
)

func TestAliasesReachTheSections(t *testing.T) {
	fsys := maps.Clone(sample)
	fsys["aliases.json"] = &fstest.MapFile{Data: []byte(`[
		{"section": "shooting.cover", "games": ["at43"], "aliases": {"en": ["save", "hidden"], "fr": ["abri"]}}
	]`)}
	lib, err := Parse(fsys)
	if err != nil {
		t.Fatal(err)
	}
	cover, _ := lib.Text("at43", "en").Section("shooting.cover")
	if got := strings.Join(cover.Aliases, ","); got != "save,hidden" {
		t.Errorf("shooting.cover aliases = %q, want the English ones, save,hidden", got)
	}
	if rng, _ := lib.Text("at43", "en").Section("shooting.range"); rng.Aliases != nil {
		t.Errorf("shooting.range has aliases %q, want none", rng.Aliases)
	}
}

func TestAliasErrors(t *testing.T) {
	tests := []struct{ name, json, want string }{
		{"no such section", `[{"section": "shooting.nope", "games": ["at43"], "aliases": {"en": ["x"]}}]`, "no section shooting.nope"},
		{"game without text", `[{"section": "shooting.cover", "games": ["at44"], "aliases": {"en": ["x"]}}]`, `game "at44", which has no text`},
		{"no game", `[{"section": "shooting.cover", "aliases": {"en": ["x"]}}]`, "names no game"},
		{"unknown language", `[{"section": "shooting.cover", "games": ["at43"], "aliases": {"de": ["x"]}}]`, `aliases in "de"`},
		{"repeated alias", `[{"section": "shooting.cover", "games": ["at43"], "aliases": {"en": ["x", "x"]}}]`, `repeated en alias "x"`},
		{"empty alias", `[{"section": "shooting.cover", "games": ["at43"], "aliases": {"en": [" "]}}]`, "empty or repeated"},
		{"two records", `[{"section": "shooting.cover", "games": ["at43"], "aliases": {"en": ["x"]}},
			{"section": "shooting.cover", "games": ["at43"], "aliases": {"en": ["y"]}}]`, "two records"},
		{"misspelt field", `[{"section": "shooting.cover", "games": ["at43"], "alias": {"en": ["x"]}}]`, `unknown field "alias"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fsys := maps.Clone(sample)
			fsys["aliases.json"] = &fstest.MapFile{Data: []byte(tt.json)}
			_, err := Parse(fsys)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Parse = %v, want an error saying %q", err, tt.want)
			}
		})
	}
}

// TestAliasesAreWords checks the real aliases: words and short phrases, not
// sentences (every sentence of the app is ours, and an alias is no place for
// one), none the section's own title, and each found in both languages.
func TestAliasesAreWords(t *testing.T) {
	lib, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	recs, err := readAliases(Files)
	if err != nil {
		t.Fatal(err)
	}
	for _, rec := range recs {
		for _, lang := range content.Langs {
			if len(rec.Aliases[lang]) == 0 {
				t.Errorf("%s %v: no %s alias; a word in each language lets either page's reader find the section", rec.Section, rec.Games, lang)
			}
		}
	}
	for _, text := range lib.Texts {
		for _, s := range text.Sections() {
			for _, a := range s.Aliases {
				if utf8.RuneCountInString(a) > 30 || strings.ContainsAny(a, ".;:") {
					t.Errorf("%s/%s %s: alias %q is more than a word or a short phrase", text.Game, text.Lang, s.ID, a)
				}
				if content.Fold(a) == content.Fold(s.Title) {
					t.Errorf("%s/%s %s: alias %q is the section's title", text.Game, text.Lang, s.ID, a)
				}
			}
		}
	}
}
