package docs

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/at4x/companion/docs/content"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	extast "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// renderer turns Markdown into content values and remembers every link and
// anchored part it met, for the tests.
type renderer struct {
	md     goldmark.Markdown
	marker *termMarker
	terms  []*content.Term
	links  []link
	parts  []part
}

func newRenderer(terms []*content.Term) *renderer {
	return &renderer{
		md: goldmark.New(
			goldmark.WithExtensions(extension.Table),
			goldmark.WithParserOptions(parser.WithAttribute(), parser.WithAutoHeadingID()),
			withDiagrams(),
		),
		marker: newTermMarker(terms),
		terms:  terms,
	}
}

// rendered is a Markdown body turned into HTML, with what search and
// navigation need from it.
type rendered struct {
	html     string
	headings []content.Heading
	blocks   []content.Block
}

func (r *renderer) section(game, lang, id, title, md string) (*content.Section, error) {
	source, body := takeSource(md)
	if source == "" {
		return nil, fmt.Errorf("no source line (*Source: ...*) at the top")
	}
	out, err := r.render(game, lang, game+"/"+lang+"/"+id, body, 3)
	if err != nil {
		return nil, err
	}
	return &content.Section{
		ID:       id,
		Title:    title,
		Source:   source,
		HTML:     r.marker.mark(out.html, lang, game),
		Headings: out.headings,
		Blocks:   out.blocks,
	}, nil
}

func (r *renderer) page(id, lang string, src []byte) (*content.Page, error) {
	first, rest, _ := strings.Cut(string(src), "\n")
	m := headingLine.FindStringSubmatch(first)
	if m == nil || m[1] != "#" || m[3] != id {
		return nil, fmt.Errorf("first line must be the title: # Title {#%s}", id)
	}
	out, err := r.render("", lang, id+"/"+lang, rest, 2)
	if err != nil {
		return nil, err
	}
	return &content.Page{ID: id, Lang: lang, Title: m[2], HTML: out.html, Headings: out.headings, Blocks: out.blocks}, nil
}

// render converts a Markdown body. Headings of level anchorLevel or deeper
// are listed as anchors; section links "#chapter.section" become routes of
// the text of game and lang; a "{#id}" after a bold lead-in becomes the id
// of its paragraph or quote (see leadIn).
func (r *renderer) render(game, lang, from, md string, anchorLevel int) (rendered, error) {
	src := []byte(md)
	ids := newFoldedIDs()
	ctx := parser.NewContext(parser.WithIDs(ids))
	doc := r.md.Parser().Parse(text.NewReader(src), parser.WithContext(ctx))
	var out rendered
	if err := placeDiagrams(doc, src, game, lang, r.terms); err != nil {
		return out, err
	}
	anchor := ""
	err := ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Heading:
			if n.Level < anchorLevel {
				return ast.WalkContinue, nil
			}
			id, _ := n.AttributeString("id")
			idb, _ := id.([]byte)
			anchor = string(idb)
			title := plainText(n, src)
			out.headings = append(out.headings, content.Heading{ID: anchor, Title: title})
			r.parts = append(r.parts, part{from: from, kind: partHeading, id: anchor, lead: title, explicit: !ids.generated[anchor]})
			return ast.WalkSkipChildren, nil
		case *ast.Blockquote:
			r.anchorLeadIn(n, from, src)
		case *ast.Link:
			dest := string(n.Destination)
			r.links = append(r.links, link{from: from, game: game, lang: lang, dest: dest})
			if id, ok := strings.CutPrefix(dest, "#"); ok && strings.Contains(id, ".") && game != "" {
				n.Destination = []byte("/" + lang + "/" + game + "/" + id)
			}
		case *ast.Paragraph, *ast.TextBlock, *extast.TableRow, *extast.TableHeader:
			r.anchorLeadIn(n, from, src)
			if t := plainText(n, src); t != "" {
				out.blocks = append(out.blocks, content.Block{Anchor: anchor, Text: t})
			}
		}
		return ast.WalkContinue, nil
	})
	if err != nil {
		return out, err
	}
	var buf bytes.Buffer
	if err := r.md.Renderer().Render(&buf, src, doc); err != nil {
		return out, err
	}
	out.html = buf.String()
	return out, nil
}

// plainText returns the text of a node's inline content, cells separated by
// " | ", with runs of spaces collapsed.
func plainText(n ast.Node, src []byte) string {
	var b strings.Builder
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch c := c.(type) {
		case *ast.Text:
			b.Write(c.Segment.Value(src))
			if c.SoftLineBreak() || c.HardLineBreak() {
				b.WriteByte(' ')
			}
		case *ast.String:
			b.Write(c.Value)
		case *extast.TableCell:
			if c.PreviousSibling() != nil {
				b.WriteString(" | ")
			}
		}
		return ast.WalkContinue, nil
	})
	return strings.Join(strings.Fields(b.String()), " ")
}
