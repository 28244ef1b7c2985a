package docs

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"slices"
	"strings"

	"github.com/at4x/companion/docs/content"
)

// sectionAliases is one record of aliases.json: the words players use for
// what a section explains, in each language, for the games whose texts have
// the section. A word may name a different rule in another game ("save" is
// cover in AT-43 and armour in the d10 sheet), hence the games.
type sectionAliases struct {
	Section string              `json:"section"`
	Games   []string            `json:"games"`
	Aliases map[string][]string `json:"aliases"`
}

// readAliases reads aliases.json; a tree without one has no aliases.
func readAliases(fsys fs.FS) ([]sectionAliases, error) {
	src, err := fs.ReadFile(fsys, "aliases.json")
	if err != nil {
		return nil, err
	}
	var recs []sectionAliases
	dec := json.NewDecoder(bytes.NewReader(src))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&recs); err != nil {
		return nil, fmt.Errorf("aliases.json: %w", err)
	}
	return recs, nil
}

// addAliases gives each section of the library's texts the aliases of its
// records, in the text's language.
func addAliases(lib *content.Library, recs []sectionAliases) error {
	seen := map[string]bool{} // game + "/" + section
	for _, rec := range recs {
		if len(rec.Games) == 0 {
			return fmt.Errorf("aliases.json: %s names no game; want some of %v", rec.Section, content.GameIDs)
		}
		for lang, words := range rec.Aliases {
			if !slices.Contains(content.Langs, lang) {
				return fmt.Errorf("aliases.json: %s has aliases in %q; want one of %v", rec.Section, lang, content.Langs)
			}
			for i, w := range words {
				if strings.TrimSpace(w) == "" || slices.Contains(words[:i], w) {
					return fmt.Errorf("aliases.json: %s has an empty or repeated %s alias %q", rec.Section, lang, w)
				}
			}
		}
		for _, game := range rec.Games {
			if seen[game+"/"+rec.Section] {
				return fmt.Errorf("aliases.json: %s has two records for %s; want one per section and game", rec.Section, game)
			}
			seen[game+"/"+rec.Section] = true
			texts := 0
			for _, text := range lib.Texts {
				if text.Game != game {
					continue
				}
				texts++
				s, _ := text.Section(rec.Section)
				if s == nil {
					return fmt.Errorf("aliases.json: no section %s in the %s/%s text", rec.Section, game, text.Lang)
				}
				s.Aliases = append(s.Aliases, rec.Aliases[text.Lang]...)
			}
			if texts == 0 {
				return fmt.Errorf("aliases.json: %s names game %q, which has no text; want some of %v", rec.Section, game, content.GameIDs)
			}
		}
	}
	return nil
}
