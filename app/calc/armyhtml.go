package calc

import (
	"html"
	"strings"
)

// markup writes the armies page's HTML as text: the page draws most of
// itself as go-app raw HTML, its taps read by two handlers on the page
// (armyevents.go), because go-app's element builders and their closures
// cost several times more of the wasm than writing the same markup.
// Every attribute value and text is escaped: names are text, never markup.
type markup struct{ strings.Builder }

// open writes a start tag with attributes given as name, value pairs; a
// pair whose value is "\x00" is left out.
func (m *markup) open(tag string, attrs ...string) {
	m.WriteByte('<')
	m.WriteString(tag)
	for i := 0; i+1 < len(attrs); i += 2 {
		if attrs[i+1] != "\x00" {
			m.WriteByte(' ')
			m.WriteString(attrs[i])
			m.WriteString(`="`)
			m.WriteString(html.EscapeString(attrs[i+1]))
			m.WriteByte('"')
		}
	}
	m.WriteByte('>')
}

// el writes an element holding text.
func (m *markup) el(tag, text string, attrs ...string) {
	m.open(tag, attrs...)
	m.WriteString(html.EscapeString(text))
	m.end(tag)
}

// end writes an end tag.
func (m *markup) end(tag string) {
	m.WriteString("</")
	m.WriteString(tag)
	m.WriteByte('>')
}

// button writes a button whose tap the page reads from data-do and data-i.
func (m *markup) button(id, cls, do, i, text string, attrs ...string) {
	m.el("button", text, append([]string{"type", "button", "id", id, "class", cls, "data-do", do, "data-i", i}, attrs...)...)
}

// when is v when on, else the value open leaves out.
func when(on bool, v string) string {
	if on {
		return v
	}
	return "\x00"
}

// htmlText is s escaped as HTML text.
func htmlText(s string) string { return html.EscapeString(s) }
