// Package refcard makes the reference cards players print to keep beside
// the table: per game and language, one A4 sheet printed on both sides
// (one Side a page) holding the tables needed in the middle of a game.
//
// A card's numbers are not typed in anywhere: they are read from the
// rules.Game the calculators compute with (range bands, the universal
// table, cover saves, morale, point costs, the location die), its words
// from the glossary and the i18n strings, and the round, the moves and the
// special fire are the quick reference's own sections of the rules text
// (reference.round, reference.moves, reference.fire), so the card cannot
// say other than the app. Paper cannot follow a link: a section's closing
// links are left out, and the sections send their reader nowhere else. The d10 sheet has no d6 Game: its card is its text's
// quick reference chapter.
//
// The cards are made natively, when the library is loaded for the site
// build (contentdata.Load calls AddTo), and travel in the library as
// pages, HTML the client only shows: the WebAssembly client carries
// neither this package's code nor its tables, only their HTML.
package refcard

import (
	"html"
	"regexp"
	"strings"

	"github.com/at4x/companion/docs/content"
	"github.com/at4x/companion/i18n"
	"github.com/at4x/companion/rules"
)

// Card is one game's reference card in one language.
type Card struct {
	Title string
	Sides []Side
}

// Side is one printed page of a card.
type Side struct {
	Title  string
	Blocks []Block
}

// Block is one part of a side: a titled table with the lines that go with
// it, or rules HTML taken from the library.
type Block struct {
	ID    string // the block's anchor, "card-" + a slug
	Title string
	Intro string   // one short line above the table
	Table *Table   // nil for a block of rules HTML
	Lines []string // short lines under the table
	HTML  string   // rules HTML, as in the library
}

// Table is a table whose first cell of each row heads its row.
type Table struct {
	Head []string
	Rows [][]string
}

// AddTo adds to a library, as pages, the card of every game in every
// language it has a text in.
func AddTo(lib *content.Library) {
	for _, t := range lib.Texts {
		if c, ok := Build(lib, t.Game, t.Lang); ok {
			lib.Pages = append(lib.Pages, &content.Page{ID: content.CardID(t.Game), Lang: t.Lang, Title: c.Title, HTML: c.HTML()})
		}
	}
}

// Build makes the reference card of a game in a language; ok is false
// when the game has no text in that language, or no quick reference.
func Build(lib *content.Library, game, lang string) (c Card, ok bool) {
	t := lib.Text(game, lang)
	if t == nil {
		return Card{}, false
	}
	w := words{lib: lib, lang: lang, game: game}
	c.Title = content.GameName(game) + " · " + w.t(i18n.CardTitle)
	g, err := rules.GameByID(game)
	if err != nil {
		if referenceChapter(t) == nil {
			return Card{}, false
		}
		return c.withChapter(t, w), true
	}
	c.Sides = []Side{
		{Title: w.t(i18n.CardSideTests), Blocks: []Block{
			universalBlock(g, w),
			testsBlock(g, w),
			hitsBlock(g, w),
			damageBlock(w),
			coverBlock(g, w),
			textBlock(t, "reference.fire"),
		}},
		{Title: w.t(i18n.CardSideRound), Blocks: []Block{
			roundBlock(t, w),
			textBlock(t, "reference.moves"),
			costsBlock(t, g, w),
			moraleBlock(g, w),
			vehicleBlock(g, w),
		}},
	}
	return c, true
}

// HTML writes the card's sides as the page shows them: a section per side
// and per block, tables with their column and row heads. A block of rules
// text is also cut into its parts (see parts), so that, printed, it may run
// on from one column to the next between them (web/print.css).
func (c Card) HTML() string {
	var b strings.Builder
	text := html.EscapeString
	for i, side := range c.Sides {
		id := "refcard-side-" + itoa(i+1)
		b.WriteString(`<section class="refcard-side" aria-labelledby="` + id + `"><h2 id="` + id + `">` + text(side.Title) + "</h2>\n")
		for _, bl := range side.Blocks {
			class, body := "refcard-block", bl.body()
			if bl.HTML != "" {
				class += " refcard-text"
				var cut strings.Builder
				for _, part := range parts(body) {
					cut.WriteString(`<div class="refcard-part">` + part + "</div>\n")
				}
				body = cut.String()
			}
			// A block is no landmark of its own (a section with no name):
			// the two sides are, and a block may share its side's title
			// ("The round").
			b.WriteString(`<section class="` + class + `" id="` + bl.ID + `">` + body + "</section>\n")
		}
		b.WriteString("</section>\n")
	}
	return b.String()
}

// body is the inside of a block's section: its heading, its rules HTML,
// then its intro, table and lines.
func (bl Block) body() string {
	var b strings.Builder
	text := html.EscapeString
	b.WriteString(`<h3 id="` + bl.ID + `-title">` + text(bl.Title) + "</h3>\n")
	b.WriteString(bl.HTML)
	if bl.Intro != "" {
		b.WriteString(`<p class="refcard-intro">` + text(bl.Intro) + "</p>\n")
	}
	if tab := bl.Table; tab != nil {
		b.WriteString(`<table class="refcard-table"><thead><tr>`)
		for _, h := range tab.Head {
			b.WriteString(`<th scope="col">` + text(h) + "</th>")
		}
		b.WriteString("</tr></thead>\n<tbody>\n")
		for _, row := range tab.Rows {
			b.WriteString(`<tr><th scope="row">` + text(row[0]) + "</th>")
			for _, cell := range row[1:] {
				b.WriteString("<td>" + text(cell) + "</td>")
			}
			b.WriteString("</tr>\n")
		}
		b.WriteString("</tbody></table>\n")
	}
	if len(bl.Lines) > 0 {
		b.WriteString(`<ul class="refcard-lines">`)
		for _, l := range bl.Lines {
			b.WriteString("<li>" + text(l) + "</li>")
		}
		b.WriteString("</ul>\n")
	}
	return b.String()
}

// htmlTag matches an HTML tag: whether it closes, its name, whether it closes
// itself.
var htmlTag = regexp.MustCompile(`<(/?)([A-Za-z][A-Za-z0-9]*)\b[^>]*?(/?)>`)

// voidElements are the elements with no closing tag.
var voidElements = map[string]bool{"area": true, "base": true, "br": true, "col": true, "embed": true, "hr": true, "img": true, "input": true, "link": true, "meta": true, "source": true, "track": true, "wbr": true}

// parts cuts a block's HTML where a printed column may end: before each
// paragraph (or other element) of the top level, but never before a list
// or a table, which stay with the line that announces them, nor after a
// heading, which stays with what it heads. Inside an element nothing is
// cut, so a list keeps its items. The parts, joined, are h.
func parts(h string) []string {
	var out []string
	start, depth := 0, 0
	// What the part being read holds at the top level so far.
	const empty, headings, content = 0, 1, 2
	holds := empty
	for _, m := range htmlTag.FindAllStringSubmatchIndex(h, -1) {
		name := strings.ToLower(h[m[4]:m[5]])
		if h[m[2]:m[3]] == "/" {
			depth--
			continue
		}
		if depth == 0 {
			switch name {
			case "ol", "ul", "table":
				holds = content
			case "h1", "h2", "h3", "h4", "h5", "h6":
				if holds == content {
					out, start = append(out, h[start:m[0]]), m[0]
				}
				holds = headings
			default:
				if holds == content {
					out, start = append(out, h[start:m[0]]), m[0]
				}
				holds = content
			}
		}
		if !voidElements[name] && h[m[6]:m[7]] != "/" {
			depth++
		}
	}
	return append(out, h[start:])
}
