package docs

import (
	"strconv"

	"github.com/at4x/companion/docs/content"
	"github.com/yuin/goldmark/ast"
)

// foldedIDs makes heading anchors from heading text with accents folded, so
// "Règles de tir" gets "regles-de-tir" where goldmark's own generator would
// drop the "è". It keeps ids unique within one document and remembers which
// it made, as opposed to those written in the Markdown with {#id}.
type foldedIDs struct {
	used      map[string]bool
	generated map[string]bool
}

func newFoldedIDs() *foldedIDs {
	return &foldedIDs{used: map[string]bool{}, generated: map[string]bool{}}
}

func (f *foldedIDs) Generate(value []byte, _ ast.NodeKind) []byte {
	base := content.Slug(string(value))
	if base == "" {
		base = "heading"
	}
	id := base
	for i := 1; f.used[id]; i++ {
		id = base + "-" + strconv.Itoa(i)
	}
	f.used[id] = true
	f.generated[id] = true
	return []byte(id)
}

func (f *foldedIDs) Put(value []byte) { f.used[string(value)] = true }
