package docs

import (
	"fmt"
	"io/fs"
	"slices"
	"strings"
)

// An entry is one line of outline.tsv: a section and the games that have it.
type entry struct {
	id    string
	games []string
}

// readOutline reads the sections every text must have, in reading order.
func readOutline(fsys fs.FS) ([]entry, error) {
	src, err := fs.ReadFile(fsys, "outline.tsv")
	if err != nil {
		return nil, err
	}
	var out []entry
	for n, line := range strings.Split(string(src), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) < 2 {
			return nil, fmt.Errorf("outline.tsv line %d: want id<TAB>games<TAB>notes", n+1)
		}
		out = append(out, entry{id: f[0], games: strings.Split(f[1], ",")})
	}
	return out, nil
}

// sectionsOf returns the ids of the outline's sections for a game.
func sectionsOf(outline []entry, game string) []string {
	var ids []string
	for _, e := range outline {
		if slices.Contains(e.games, game) {
			ids = append(ids, e.id)
		}
	}
	return ids
}
