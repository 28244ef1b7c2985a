package docs

import (
	"regexp"
	"strings"

	"github.com/yuin/goldmark/ast"
)

// A part is an anchored piece of a section that must exist in both languages
// of a text: a sub-heading, a paragraph that opens with a bold lead-in, or a
// reading. The renderer lists them so the parity test can compare the two
// languages without parsing HTML.
type part struct {
	from string // "at43/en/shooting.cover" or "compare/en"
	kind partKind
	id   string // "" when the Markdown gives none
	lead string // the heading text or the bold lead-in, for messages
	// explicit is false for a heading whose anchor was made from its text.
	explicit bool
}

type partKind int

const (
	partHeading partKind = iota // a "###" (or deeper) heading
	partLeadIn                  // a paragraph opening with a bold lead-in
	partReading                 // a quote opening with "Our reading:" / "Notre lecture :"
	partQuote                   // any other quote opening with a bold lead-in
)

// idMarker is the "{#id}" written right after a bold lead-in, with the
// blanks before it.
var idMarker = regexp.MustCompile(`^[ \t]*\{#([a-z0-9][a-z0-9.-]*)\}`)

// readingLead matches the lead-in of a reading in either language.
var readingLead = regexp.MustCompile(`^(Our reading|Notre lecture)\s*:$`)

// leadIn reads the bold lead-in that opens paragraph p, if any, and the
// "{#id}" marker after it. It removes the marker from the text, so it never
// reaches the HTML, search or term marking. ok is false when p does not
// open with a bold text ending in a period or a colon.
func leadIn(p ast.Node, src []byte) (lead, id string, ok bool) {
	strong, isStrong := p.FirstChild().(*ast.Emphasis)
	if !isStrong || strong.Level != 2 {
		return "", "", false
	}
	lead = plainText(strong, src)
	if !strings.HasSuffix(lead, ".") && !strings.HasSuffix(lead, ":") {
		return "", "", false
	}
	if t, isText := strong.NextSibling().(*ast.Text); isText {
		value := t.Segment.Value(src)
		if m := idMarker.FindSubmatchIndex(value); m != nil {
			id = string(value[m[2]:m[3]])
			// Keep the blank after the marker as the space after the lead-in.
			t.Segment = t.Segment.WithStart(t.Segment.Start + m[1])
		}
	}
	return lead, id, true
}

// anchorLeadIn gives a paragraph or quote opening with a bold lead-in the id
// its marker names (class "reading" on readings) and lists it as a part.
// Only paragraphs at the top of the body and the first paragraph of a quote
// are sub-parts; a marker anywhere else is left as text, which the tests
// report.
func (r *renderer) anchorLeadIn(n ast.Node, from string, src []byte) {
	var (
		kind = partLeadIn
		para = n
	)
	switch n.(type) {
	case *ast.Paragraph:
		if n.Parent() == nil || n.Parent().Kind() != ast.KindDocument {
			return
		}
	case *ast.Blockquote:
		kind = partQuote
		if para = n.FirstChild(); para == nil || para.Kind() != ast.KindParagraph {
			return
		}
	default:
		return
	}
	lead, id, ok := leadIn(para, src)
	if !ok {
		return
	}
	if kind == partQuote && readingLead.MatchString(lead) {
		kind = partReading
	}
	if id != "" {
		n.SetAttributeString("id", []byte(id))
		if kind == partReading {
			n.SetAttributeString("class", []byte("reading"))
		}
	}
	r.parts = append(r.parts, part{from: from, kind: kind, id: id, lead: lead, explicit: id != ""})
}
