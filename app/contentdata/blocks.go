package contentdata

import (
	"html"
	"strings"
	"unicode"

	"github.com/at4x/companion/docs/content"
)

// Strip removes what the client can rebuild, to keep the wasm small: the
// plain-text blocks of sections and pages, which RestoreBlocks makes again
// from their HTML. (The hrefs of glossary-term links were once stripped too,
// but restoring them cost a throttled phone about 0.1 s at every start for
// 4 KB of brotli.)
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

// RestoreBlocks rebuilds the blocks Strip removed from one text and the
// pages in its language. Blocks already there are kept.
func RestoreBlocks(lib *content.Library, game, lang string) {
	RestoreBlocksPaced(lib, game, lang, nil)
}

// RestoreBlocksPaced is RestoreBlocks calling pause (when not nil) after
// each section, so that a browser client can spread the work over short
// tasks.
func RestoreBlocksPaced(lib *content.Library, game, lang string, pause func()) {
	if t := lib.Text(game, lang); t != nil {
		for _, s := range t.Sections() {
			if s.Blocks == nil {
				s.Blocks = Blocks(s.HTML)
				if pause != nil {
					pause()
				}
			}
		}
	}
	for _, p := range lib.Pages {
		if p.Lang == lang && p.Blocks == nil {
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
			if t := squeeze(html.UnescapeString(cur.String())); t != "" {
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
		name := tag
		if i := strings.IndexFunc(tag, unicode.IsSpace); i >= 0 {
			name = tag[:i]
		}
		name = strings.ToLower(strings.TrimPrefix(name, "/"))
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

// squeeze trims s and turns each run of white space in it into one space,
// as strings.Join(strings.Fields(s), " ") does, without allocating when s
// is already that way.
func squeeze(s string) string {
	clean, space := true, true // space: the last rune was a space, or none yet
	for _, r := range s {
		sp := unicode.IsSpace(r)
		if sp && (space || r != ' ') {
			clean = false
			break
		}
		space = sp
	}
	if clean && !space {
		return s
	}
	if clean {
		return strings.TrimSuffix(s, " ")
	}
	var b strings.Builder
	b.Grow(len(s))
	space = true
	for _, r := range s {
		if unicode.IsSpace(r) {
			space = true
			continue
		}
		if space && b.Len() > 0 {
			b.WriteByte(' ')
		}
		space = false
		b.WriteRune(r)
	}
	return b.String()
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
