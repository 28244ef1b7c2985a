// Package docs holds the rules text and the stand-alone pages as Markdown
// and the glossary as JSON, embedded in the program, and turns them into a
// content.Library.
//
// Each chapter file splits into sections at its "##" headings; a section is
// what the app shows on one route. Rendering happens here, with goldmark,
// when the site is built: links to section ids become app routes, sub-headings
// get accent-folded anchors, glossary terms become links to the glossary, and
// every paragraph is kept as plain text for search. The WebAssembly client
// never imports this package: the site build encodes the Library into the
// library file (app/contentdata), which the client fetches and decodes.
package docs

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"

	"github.com/at4x/companion/docs/content"
)

// Files is what Load reads: each game's chapters (<game>/<lang>/*.md, so a
// chapter added later needs no change here), the stand-alone pages, the
// glossary and the sections' aliases. The outline and the coverage list, which only the tests read,
// and the package's own Go files stay out.
//
//go:embed at43 at44 d10 compare about glossary.json aliases.json
var Files embed.FS

// Load parses and renders the embedded documents.
func Load() (*content.Library, error) {
	lib, _, err := parse(Files)
	return lib, err
}

// Parse parses and renders the documents of fsys, laid out like Files.
func Parse(fsys fs.FS) (*content.Library, error) {
	lib, _, err := parse(fsys)
	return lib, err
}

// A link is a destination found in a document, kept so tests can check that
// every one resolves.
type link struct {
	from string // "at43/en/shooting.cover" or "compare/en"
	game string // "" for pages
	lang string
	dest string // as written in the Markdown
}

func parse(fsys fs.FS) (*content.Library, []link, error) {
	lib, r, err := parseAll(fsys)
	if err != nil {
		return nil, nil, err
	}
	return lib, r.links, nil
}

// parseAll parses and renders the documents of fsys and returns the
// renderer too, with every link and anchored part it met, for the tests.
func parseAll(fsys fs.FS) (*content.Library, *renderer, error) {
	terms, err := readGlossary(fsys)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, nil, err
	}
	r := newRenderer(terms)
	lib := &content.Library{Terms: terms}
	for _, game := range content.GameIDs {
		for _, lang := range content.Langs {
			dir := game + "/" + lang
			files, err := fs.Glob(fsys, dir+"/*.md")
			if err != nil {
				return nil, nil, err
			}
			if len(files) == 0 {
				continue
			}
			t, err := r.text(fsys, game, lang, files)
			if err != nil {
				return nil, nil, err
			}
			lib.Texts = append(lib.Texts, t)
		}
	}
	aliases, err := readAliases(fsys)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, nil, err
	}
	if err := addAliases(lib, aliases); err != nil {
		return nil, nil, err
	}
	for _, id := range []string{"compare", "about"} {
		for _, lang := range content.Langs {
			name := fmt.Sprintf("%s/%s.md", id, lang)
			src, err := fs.ReadFile(fsys, name)
			if err != nil {
				continue
			}
			p, err := r.page(id, lang, src)
			if err != nil {
				return nil, nil, fmt.Errorf("%s: %w", name, err)
			}
			lib.Pages = append(lib.Pages, p)
		}
	}
	return lib, r, nil
}
