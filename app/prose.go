package app

import (
	"fmt"
	"html"
	"strconv"
	"strings"

	"github.com/at4x/companion/app/ui"
	"github.com/at4x/companion/i18n"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// proseView shows rendered rules HTML. Tapping a glossary term opens its
// sheet instead of following the link, which stays a plain link until the
// wasm runs.
type proseView struct {
	goapp.Compo

	HTML string // ready for the page: see Site.proseHTML
}

func (p *proseView) onClick(ctx goapp.Context, e goapp.Event) {
	a := e.Get("target").Call("closest", "a.term")
	if !a.Truthy() {
		return
	}
	// The term's id is the link's fragment: the rendered text carries it
	// once, in the href that works before the wasm too.
	_, id, _ := strings.Cut(a.Call("getAttribute", "href").String(), "#")
	if id == "" {
		return
	}
	e.PreventDefault()
	e.Call("stopPropagation")
	ctx.NewActionWithValue(ui.ActionTerm, ui.TermOpen{ID: id, From: a})
}

func (p *proseView) Render() goapp.UI {
	return goapp.Div().Class("prose-wrap").OnClick(p.onClick).Body(
		goapp.Raw(`<div class="prose">` + p.HTML + `</div>`),
	)
}

// proseHTML readies rendered rules HTML for the page: links get the site's
// base path, every table goes into its own scrolling frame, and die ranges
// such as "1-2" are kept on one line.
func (s *Site) proseHTML(h, lang string) string {
	return keepRanges(tableFrames(s.rebase(h), lang))
}

// tableFrames puts each table in a frame that scrolls sideways on its own
// when the table is wider than the screen: a labelled region that the
// keyboard can reach (Tab, then the arrow keys), so that the page itself
// never scrolls sideways. The label names the table by its column heads,
// and a table whose heads an earlier one of the page has by its place
// among them ("… (2)"): a region's name tells it from the page's other
// regions (a card's two tables of actions and their PM).
func tableFrames(h, lang string) string {
	if !strings.Contains(h, "<table") {
		return h
	}
	var b strings.Builder
	seen := map[string]int{}
	for {
		i := strings.Index(h, "<table")
		if i < 0 {
			b.WriteString(h)
			return b.String()
		}
		j := strings.Index(h[i:], "</table>")
		if j < 0 {
			b.WriteString(h)
			return b.String()
		}
		j += i + len("</table>")
		label := fmt.Sprintf(i18n.T(lang, i18n.TableLabelF), strings.Join(columnHeads(h[i:j]), ", "))
		if seen[label]++; seen[label] > 1 {
			label += " (" + strconv.Itoa(seen[label]) + ")"
		}
		b.WriteString(h[:i])
		b.WriteString(`<div class="table-frame" role="region" tabindex="0" aria-label="` + html.EscapeString(label) +
			`" data-hint="` + html.EscapeString(i18n.T(lang, i18n.TableScrollHint)) + `">`)
		b.WriteString(h[i:j])
		b.WriteString(`</div>`)
		h = h[j:]
	}
}

// columnHeads returns the text of a table's column heads: its <th> cells,
// those of its <thead> when it has one (the row heads of a reference card
// stay out).
func columnHeads(table string) []string {
	if i := strings.Index(table, "</thead>"); i >= 0 {
		table = table[:i]
	}
	var out []string
	for {
		i := strings.Index(table, "<th")
		if i < 0 {
			return out
		}
		table = table[i:]
		j := strings.Index(table, ">")
		k := strings.Index(table, "</th>")
		if j < 0 || k < j {
			return out
		}
		if t := strings.TrimSpace(stripTags(table[j+1 : k])); t != "" {
			out = append(out, t)
		}
		table = table[k:]
	}
}

// entities decodes the few entities goldmark writes in text. html's
// UnescapeString would link its table of 2,000 entities into the wasm.
var entities = strings.NewReplacer("&amp;", "&", "&lt;", "<", "&gt;", ">", "&quot;", `"`, "&#39;", "'")

// stripTags returns the text of an HTML fragment, entities decoded.
func stripTags(h string) string {
	var b strings.Builder
	in := false
	for _, r := range h {
		switch {
		case r == '<':
			in = true
		case r == '>':
			in = false
		case !in:
			b.WriteRune(r)
		}
	}
	return entities.Replace(b.String())
}

// keepRanges wraps each number range of the text ("1-2", "3–5", "2-4-6")
// in a span that does not break across lines, leaving tags and attributes
// alone.
func keepRanges(h string) string {
	var b strings.Builder
	b.Grow(len(h))
	isDigit := func(c byte) bool { return c >= '0' && c <= '9' }
	i := 0
	for i < len(h) {
		c := h[i]
		if c == '<' {
			j := strings.IndexByte(h[i:], '>')
			if j < 0 {
				b.WriteString(h[i:])
				break
			}
			b.WriteString(h[i : i+j+1])
			i += j + 1
			continue
		}
		if !isDigit(c) || (i > 0 && (isDigit(h[i-1]) || isWordByte(h[i-1]))) {
			b.WriteByte(c)
			i++
			continue
		}
		// A run of digits, then one or more dash-digits groups.
		j := i
		for j < len(h) && isDigit(h[j]) {
			j++
		}
		end := j
		for {
			k := end
			switch {
			case k < len(h) && h[k] == '-':
				k++
			case strings.HasPrefix(h[k:], "–"):
				k += len("–")
			default:
				k = -1
			}
			if k < 0 || k >= len(h) || !isDigit(h[k]) {
				break
			}
			for k < len(h) && isDigit(h[k]) {
				k++
			}
			end = k
		}
		if end > j && (end >= len(h) || !isWordByte(h[end])) {
			b.WriteString(`<span class="nw">` + h[i:end] + `</span>`)
		} else {
			b.WriteString(h[i:end])
		}
		i = end
	}
	return b.String()
}

// isWordByte tells an ASCII letter or underscore, so that ids and words
// with digits ("at4x", "d10-hit") are not taken for ranges.
func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_'
}

// markScrolling marks each table frame whose table is wider than it, so the
// style sheet shows that it scrolls. It runs after each page is drawn and
// when the text size or the window changes.
func markScrolling() {
	if !goapp.IsClient {
		return
	}
	list := goapp.Window().Get("document").Call("querySelectorAll", ".table-frame")
	for i := 0; i < list.Length(); i++ {
		f := list.Index(i)
		f.Get("classList").Call("toggle", "scrolls", f.Get("scrollWidth").Int() > f.Get("clientWidth").Int()+1)
	}
}
