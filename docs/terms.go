package docs

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/at4x/companion/docs/content"
)

func readGlossary(fsys fs.FS) ([]*content.Term, error) {
	src, err := fs.ReadFile(fsys, "glossary.json")
	if err != nil {
		return nil, err
	}
	var terms []*content.Term
	if err := json.Unmarshal(src, &terms); err != nil {
		return nil, fmt.Errorf("glossary.json: %w", err)
	}
	slices.SortFunc(terms, func(a, b *content.Term) int { return strings.Compare(a.ID, b.ID) })
	return terms, nil
}

// termMarker turns the first mention of each glossary term in a section into
// a link to its glossary entry, which the app opens as a pop-up definition
// and which still works as a plain link before the app has loaded.
type termMarker struct {
	terms []*content.Term
}

func newTermMarker(terms []*content.Term) *termMarker { return &termMarker{terms: terms} }

// A name is one way a term is written in a text.
type name struct {
	text string
	id   string
	// exact names (abbreviations such as ARM) match case-sensitively.
	exact bool
}

// names lists the terms' names for a text, longest first, so "leadership
// points" wins over "leadership".
func (m *termMarker) names(lang, game string) []name {
	var out []name
	for _, t := range m.terms {
		if !slices.Contains(t.Games, game) {
			continue
		}
		if n := t.Names[lang][game]; utf8.RuneCountInString(n) >= 3 {
			out = append(out, name{text: n, id: t.ID})
		}
		if a := t.Abbrev(lang, game); len(a) >= 2 {
			out = append(out, name{text: a, id: t.ID, exact: true})
		}
	}
	slices.SortStableFunc(out, func(a, b name) int { return len(b.text) - len(a.text) })
	return out
}

// mark rewrites html, linking the first mention of each term outside
// headings, links and code.
func (m *termMarker) mark(html, lang, game string) string {
	names := m.names(lang, game)
	done := map[string]bool{}
	var b strings.Builder
	skip := 0 // depth inside elements whose text is left alone
	for len(html) > 0 {
		lt := strings.IndexByte(html, '<')
		if lt < 0 {
			lt = len(html)
		}
		segment := html[:lt]
		if skip == 0 {
			segment = m.markText(segment, names, done, lang, game)
		}
		b.WriteString(segment)
		html = html[lt:]
		if html == "" {
			break
		}
		gt := strings.IndexByte(html, '>')
		if gt < 0 {
			b.WriteString(html)
			break
		}
		tag := html[:gt+1]
		b.WriteString(tag)
		html = html[gt+1:]
		if skipped(tag) {
			if strings.HasPrefix(tag, "</") {
				skip--
			} else {
				skip++
			}
		}
	}
	return b.String()
}

// skipped tells whether a tag opens or closes an element whose text is not
// marked.
func skipped(tag string) bool {
	t := strings.TrimPrefix(strings.TrimPrefix(tag, "<"), "/")
	for _, name := range []string{"a", "h1", "h2", "h3", "h4", "h5", "h6", "code", "pre", "th", "svg"} {
		if strings.HasPrefix(t, name) && len(t) > len(name) && (t[len(name)] == '>' || t[len(name)] == ' ') {
			return true
		}
	}
	return false
}

func (m *termMarker) markText(s string, names []name, done map[string]bool, lang, game string) string {
	var b strings.Builder
	i := 0
	for i < len(s) {
		if !wordStart(s, i) {
			_, size := utf8.DecodeRuneInString(s[i:])
			b.WriteString(s[i : i+size])
			i += size
			continue
		}
		n, end := match(s, i, names, done)
		if end == 0 {
			_, size := utf8.DecodeRuneInString(s[i:])
			b.WriteString(s[i : i+size])
			i += size
			continue
		}
		done[n.id] = true
		fmt.Fprintf(&b, `<a class="term" href="/%s/%s/glossary#%s">%s</a>`, lang, game, n.id, s[i:end])
		i = end
	}
	return b.String()
}

// match finds the longest name not yet marked that starts at s[i] and ends
// at a word boundary, allowing a plural "s" or "x".
func match(s string, i int, names []name, done map[string]bool) (name, int) {
	for _, n := range names {
		if done[n.id] || len(s)-i < len(n.text) {
			continue
		}
		cand := s[i : i+len(n.text)]
		if n.exact && cand != n.text || !n.exact && !strings.EqualFold(cand, n.text) {
			continue
		}
		end := i + len(n.text)
		if !n.exact && end < len(s) && (s[end] == 's' || s[end] == 'x') && wordEnd(s, end+1) {
			end++
		}
		if wordEnd(s, end) {
			return n, end
		}
	}
	return name{}, 0
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

func wordStart(s string, i int) bool {
	r, _ := utf8.DecodeRuneInString(s[i:])
	if !isWordRune(r) {
		return false
	}
	if i == 0 {
		return true
	}
	p, _ := utf8.DecodeLastRuneInString(s[:i])
	// A hyphen joins words: "close-combat" is not a mention of "combat".
	return !isWordRune(p) && p != '&' && p != '-'
}

func wordEnd(s string, i int) bool {
	if i >= len(s) {
		return true
	}
	r, _ := utf8.DecodeRuneInString(s[i:])
	return !isWordRune(r) && r != '-'
}
