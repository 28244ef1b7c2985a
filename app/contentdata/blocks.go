package contentdata

import (
	"html"
	"strings"

	"github.com/at4x/companion/docs/content"
)

// Strip removes what the client can rebuild from the rest, to keep the wasm
// small: the plain-text blocks of sections and pages, which Restore makes
// again from their HTML, and the href of glossary-term links in sections,
// which always point at the glossary of the section's own text.
func Strip(lib *content.Library) *content.Library {
	out := *lib
	out.Texts = nil
	for _, t := range lib.Texts {
		tc := *t
		tc.Chapters = nil
		for _, c := range t.Chapters {
			cc := *c
			cc.Sections = nil
			for _, s := range c.Sections {
				sc := *s
				sc.Blocks = nil
				sc.HTML = stripTermLinks(s.HTML, t.Lang, t.Game)
				cc.Sections = append(cc.Sections, &sc)
			}
			tc.Chapters = append(tc.Chapters, &cc)
		}
		out.Texts = append(out.Texts, &tc)
	}
	out.Pages = nil
	for _, p := range lib.Pages {
		pc := *p
		pc.Blocks = nil
		out.Pages = append(out.Pages, &pc)
	}
	return &out
}

// Restore rebuilds the blocks Strip removed.
func Restore(lib *content.Library) {
	for _, t := range lib.Texts {
		for _, s := range t.Sections() {
			s.HTML = restoreTermLinks(s.HTML, t.Lang, t.Game)
			if s.Blocks == nil {
				s.Blocks = Blocks(s.HTML)
			}
		}
	}
	for _, p := range lib.Pages {
		if p.Blocks == nil {
			p.Blocks = Blocks(p.HTML)
		}
	}
}

// Blocks reads the plain text of each paragraph, list item and table row
// of rendered HTML, with the anchor of the sub-heading above it, as package
// docs records them when it renders the Markdown.
func Blocks(src string) []content.Block {
	var (
		out     []content.Block
		anchor  string
		cur     strings.Builder
		open    bool // inside a block
		heading bool // inside a sub-heading, whose text is no block
		cells   int  // cells seen in the current table row
	)
	flush := func() {
		if open {
			if t := strings.Join(strings.Fields(html.UnescapeString(cur.String())), " "); t != "" {
				out = append(out, content.Block{Anchor: anchor, Text: t})
			}
		}
		cur.Reset()
		open = false
	}
	for len(src) > 0 {
		lt := strings.IndexByte(src, '<')
		if lt < 0 {
			lt = len(src)
		}
		if open && !heading {
			cur.WriteString(src[:lt])
		}
		if lt == len(src) {
			break
		}
		gt := strings.IndexByte(src[lt:], '>')
		if gt < 0 {
			break
		}
		tag := src[lt+1 : lt+gt]
		src = src[lt+gt+1:]
		closing := strings.HasPrefix(tag, "/")
		name := strings.ToLower(strings.TrimPrefix(strings.Fields(tag + " ")[0], "/"))
		switch name {
		case "p", "li", "tr":
			flush()
			if !closing {
				open, cells = true, 0
			}
		case "ul", "ol", "table", "blockquote":
			flush()
		case "td", "th":
			if !closing {
				if cells > 0 {
					cur.WriteString(" | ")
				}
				cells++
			}
		case "h1", "h2", "h3", "h4", "h5", "h6":
			flush()
			heading = !closing
			if !closing {
				if id := attr(tag, "id"); id != "" {
					anchor = id
				}
			}
		case "br":
			cur.WriteByte(' ')
		}
	}
	flush()
	return out
}

// attr reads an attribute's value from the inside of a start tag.
func attr(tag, name string) string {
	i := strings.Index(tag, " "+name+`="`)
	if i < 0 {
		return ""
	}
	v := tag[i+len(name)+3:]
	if j := strings.IndexByte(v, '"'); j >= 0 {
		return html.UnescapeString(v[:j])
	}
	return ""
}

// termOpen starts every glossary-term link package docs writes.
const termOpen = `<a class="term" data-term="`

func glossaryHref(lang, game, id string) string {
	return "/" + lang + "/" + game + "/glossary#" + id
}

// stripTermLinks drops the href of term links that point where
// restoreTermLinks will point them again.
func stripTermLinks(src, lang, game string) string {
	return mapTermLinks(src, func(id, rest string) string {
		if rest == ` href="`+glossaryHref(lang, game, id)+`"` {
			return ""
		}
		return rest
	})
}

// restoreTermLinks points term links without an href at the glossary.
func restoreTermLinks(src, lang, game string) string {
	return mapTermLinks(src, func(id, rest string) string {
		if rest == "" {
			return ` href="` + glossaryHref(lang, game, id) + `"`
		}
		return rest
	})
}

// mapTermLinks rewrites what follows the data-term attribute of each term
// link (rest, up to the tag's end) with f. It scans with strings.Index, not
// regexp: the client runs it over the whole library as it starts.
func mapTermLinks(src string, f func(id, rest string) string) string {
	var b strings.Builder
	b.Grow(len(src))
	for {
		i := strings.Index(src, termOpen)
		if i < 0 {
			b.WriteString(src)
			return b.String()
		}
		i += len(termOpen)
		q := strings.IndexByte(src[i:], '"')
		end := strings.IndexByte(src[i:], '>')
		if q < 0 || end < q {
			b.WriteString(src)
			return b.String()
		}
		id := src[i : i+q]
		b.WriteString(src[:i+q+1])
		b.WriteString(f(id, src[i+q+1:i+end]))
		src = src[i+end:]
	}
}
