// Package content holds the rules text as the app reads it: texts made of
// chapters and sections, the glossary, and the stand-alone pages, with the
// rule text already rendered to HTML.
//
// The Markdown lives in package docs, which renders it with goldmark when the
// site is built. This package has no dependency at all, so the WebAssembly
// client can read a Library (decoded from the library file, which the site
// build encodes: app/contentdata) without carrying the Markdown renderer.
package content

// Games and languages the texts exist in, in the order the app offers them:
// AT-43, AT-44 and the d10 skirmish reference sheet.
var (
	GameIDs = []string{"at43", "at44", "d10"}
	Langs   = []string{"en", "fr"}
)

// Library is every text, page and term of the app.
type Library struct {
	Texts []*Text `json:"texts"`
	Pages []*Page `json:"pages"`
	Terms []*Term `json:"terms"`
}

// Text is the complete rules of one game in one language.
type Text struct {
	Game     string     `json:"game"`
	Lang     string     `json:"lang"`
	Chapters []*Chapter `json:"chapters"`
}

// Chapter groups sections under a title, as a file of the Markdown source.
type Chapter struct {
	ID       string     `json:"id"`
	Title    string     `json:"title"`
	Sections []*Section `json:"sections"`
}

// Section is the unit of reading: one page of the app, one route.
type Section struct {
	ID    string `json:"id"`
	Title string `json:"title"`
	// Source names the documents the section explains, as its source line says.
	Source string `json:"source"`
	// HTML is the rendered body, without the section's own heading: links to
	// sections are rewritten to app routes and glossary terms are marked with
	// <a class="term" data-term="ID">.
	HTML string `json:"html"`
	// Headings are the section's sub-headings, for deep links.
	Headings []Heading `json:"headings,omitempty"`
	// Aliases are words players use for what the section explains that the
	// text does not ("reaction fire" for overwatch fire), in the text's
	// language, so that search finds the section by them.
	Aliases []string `json:"aliases,omitempty"`
	// Blocks are the plain text of each paragraph, list item and table row,
	// for search.
	Blocks []Block `json:"blocks,omitempty"`
}

// Heading is a sub-heading of a section and its anchor.
type Heading struct {
	ID    string `json:"id"`
	Title string `json:"title"`
}

// Block is a piece of plain text of a section, with the anchor of the
// sub-heading it sits under ("" for the top of the section).
type Block struct {
	Anchor string `json:"anchor,omitempty"`
	Text   string `json:"text"`
}

// Page is a stand-alone page in one language: "compare" or "about", or a
// game's reference card (CardID), which package docs/refcard adds when the
// library is loaded for the build.
type Page struct {
	ID       string    `json:"id"`
	Lang     string    `json:"lang"`
	Title    string    `json:"title"`
	HTML     string    `json:"html"`
	Headings []Heading `json:"headings,omitempty"`
	Blocks   []Block   `json:"blocks,omitempty"`
}

// Term is a glossary entry.
type Term struct {
	ID    string   `json:"id"`
	Games []string `json:"games"`
	// Names gives, per language then per game, the name the text uses.
	Names map[string]map[string]string `json:"names"`
	// Abbr gives, per language then per game, the abbreviation the text
	// and the cards use, if any (AT-43 French writes PC where English writes LP).
	Abbr map[string]map[string]string `json:"abbr,omitempty"`
	// Aliases are extra words that find the term in search, per language.
	Aliases map[string][]string `json:"aliases,omitempty"`
	// Def is the definition, per language.
	Def map[string]string `json:"def"`
	// Sections are the ids of the sections that define or use the term.
	Sections []string `json:"sections"`
}
