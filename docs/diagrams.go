package docs

import (
	"fmt"
	"regexp"

	"github.com/at4x/companion/docs/content"
	"github.com/at4x/companion/docs/diagram"
	"github.com/at4x/companion/rules"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	gmrender "github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/util"
)

// diagramLine is a paragraph that asks for a rule diagram by name.
var diagramLine = regexp.MustCompile(`^\{\{diagram ([a-z0-9-]+)\}\}$`)

// diagramBlock stands in the document for a "{{diagram NAME}}" paragraph:
// the figure drawn for the text's game and language.
type diagramBlock struct {
	ast.BaseBlock
	html string
}

var kindDiagram = ast.NewNodeKind("Diagram")

func (n *diagramBlock) Kind() ast.NodeKind { return kindDiagram }

func (n *diagramBlock) Dump(src []byte, level int) { ast.DumpHelper(n, src, level, nil, nil) }

// withDiagrams renders diagramBlocks.
func withDiagrams() goldmark.Option {
	return goldmark.WithRendererOptions(gmrender.WithNodeRenderers(util.Prioritized(diagramRenderer{}, 100)))
}

// diagramRenderer writes a diagramBlock's figure as it is.
type diagramRenderer struct{}

func (diagramRenderer) RegisterFuncs(reg gmrender.NodeRendererFuncRegisterer) {
	reg.Register(kindDiagram, func(w util.BufWriter, _ []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering {
			w.WriteString(n.(*diagramBlock).html)
		}
		return ast.WalkSkipChildren, nil
	})
}

// placeDiagrams replaces every "{{diagram NAME}}" paragraph of doc with its
// figure for game and lang, worded from the glossary terms.
func placeDiagrams(doc ast.Node, src []byte, game, lang string, terms []*content.Term) error {
	var found []ast.Node
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if p, ok := n.(*ast.Paragraph); ok && entering {
			if diagramLine.MatchString(plainText(p, src)) {
				found = append(found, p)
			}
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	if len(found) == 0 {
		return nil
	}
	g, err := rules.GameByID(game)
	if err != nil {
		return fmt.Errorf("a diagram needs an AT-43 or AT-44 text: %w", err)
	}
	words := diagram.Words{Lang: lang, Term: func(id string) string { return termName(terms, id, lang, game) }}
	for _, p := range found {
		name := diagramLine.FindStringSubmatch(plainText(p, src))[1]
		html, err := diagram.Figure(name, g, words)
		if err != nil {
			return err
		}
		p.Parent().ReplaceChild(p.Parent(), p, &diagramBlock{html: html})
	}
	return nil
}

// termName is the name the text of game and lang gives glossary term id.
// Diagrams name terms by id, so a missing one is a programming error; the id
// itself is shown rather than nothing, and the tests catch it.
func termName(terms []*content.Term, id, lang, game string) string {
	for _, t := range terms {
		if t.ID == id {
			if n := t.Names[lang][game]; n != "" {
				return n
			}
		}
	}
	return id
}
