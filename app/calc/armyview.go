package calc

import (
	"encoding/base64"
	"fmt"
	"html"
	"strconv"
	"time"

	"github.com/at4x/companion/app/army"
	"github.com/at4x/companion/app/qr"
	"github.com/at4x/companion/app/ui"
	"github.com/at4x/companion/docs/content"
	"github.com/at4x/companion/i18n"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Render draws the picks and the matrix, the situation's fields, the
// share bar, the reader's armies and the editor. The parts without
// components are raw HTML (markup); the page's two handlers read their
// taps and changes.
func (c *Armies) Render() goapp.UI {
	if c.drawn.top == "" {
		c.redraw()
	}
	body := []goapp.UI{goapp.Raw(c.drawn.top)}
	if goapp.IsClient {
		body = append(body, goapp.Raw(c.drawn.matrix), goapp.Div().Class("fields army-situation").Body(c.situationFields()...),
			goapp.Raw(c.drawn.link), &shareBar{Lang: c.Lang, Link: c.drawn.href}, goapp.Raw(c.drawn.list))
		if c.edit.army >= 0 && c.edit.army < len(c.armies) {
			body = append(body, c.edit.view(c.armies, c.profiles, c.words, c.Lang))
		}
	}
	return ui.Elem("article").Class("armies").OnClick(c.onClick).OnChange(c.onChange).Body(body...)
}

// drawing is the page's HTML as last drawn: a render that changes nothing
// of the page (a help line opened, the shell's) reuses it, and go-app
// finds it unchanged at once.
type drawing struct{ top, matrix, link, href, list string }

// redraw writes the page's HTML again after a change, the matrix as far
// as it is filled: a table of its own (data-draw), which fillStep then
// fills in.
func (c *Armies) redraw() {
	c.table.drawSeq++
	if c.table.matrix != nil {
		c.table.written = c.table.matrix.Filled()
		c.table.wroteAt = time.Now()
		c.table.made = c.table.made[:0]
	}
	c.drawn = drawing{top: c.topHTML()}
	if goapp.IsClient {
		c.drawn.href = c.link()
		c.drawn.matrix, c.drawn.link, c.drawn.list = c.matrixSectionHTML(), c.linkHTML(), c.listHTML()
	}
}

// topHTML is the title, the messages, the undo, the two picks and the views.
func (c *Armies) topHTML() string {
	var m markup
	m.open("div", "class", "army-top")
	m.el("h1", c.t(i18n.ArmiesTitle))
	m.el("p", c.t(i18n.ArmiesIntro), "class", "muted")
	msgs := c.messages
	if c.full {
		msgs = append(msgs[:len(msgs):len(msgs)], fmt.Sprintf(c.t(i18n.ArmyFull), army.MaxArmies))
	}
	if len(msgs) > 0 {
		m.open("ul", "id", "army-messages", "class", "army-messages", "role", "alert")
		for _, s := range msgs {
			m.el("li", s)
		}
		m.end("ul")
	}
	if c.undo != nil {
		m.open("p", "class", "note", "role", "status")
		m.WriteString(html.EscapeString(fmt.Sprintf(c.t(i18n.ArmyDeletedF), c.undo.name)) + " ")
		m.button("army-undo", "btn ghost", "undo", "", c.t(i18n.ArmyUndo))
		m.end("p")
	}
	if goapp.IsClient {
		m.open("div", "class", "army-picks")
		c.pickHTML(&m, "army-mine", i18n.ArmyMine, c.mine)
		m.button("army-swap", "btn ghost", "swap", "", c.t(i18n.ArmySwap))
		c.pickHTML(&m, "army-theirs", i18n.ArmyTheirs, c.theirs)
		m.end("div")
		m.open("div", "class", "army-views", "role", "group")
		for i, v := range army.Views {
			m.button("army-view-"+string(v), "chip", "view", string(v), c.t(viewNames[i]), "aria-pressed", strconv.FormatBool(v == c.view))
		}
		m.end("div")
	}
	m.end("div")
	return m.String()
}

var viewNames = []i18n.Key{i18n.ArmyViewFire, i18n.ArmyViewThreat, i18n.ArmyViewMelee, i18n.ArmyViewMeleeThreat}

// pickHTML is a select of the reader's armies, at the one picked.
func (c *Armies) pickHTML(m *markup, id string, label i18n.Key, at int) {
	m.open("div", "class", "field")
	m.el("label", c.t(label), "for", id)
	m.open("select", "id", id)
	m.el("option", "—", "value", "-1")
	for i, a := range c.armies {
		m.el("option", a.Name+" · "+content.GameName(a.Game), "value", strconv.Itoa(i), "selected", when(i == at, ""))
	}
	m.end("select")
	m.end("div")
}

// matrixSectionHTML is the matrix with its legend and progress, or why
// there is none.
func (c *Armies) matrixSectionHTML() string {
	var m markup
	note := i18n.Key(0)
	switch {
	case c.table.err != nil:
		note = i18n.ArmyDifferentGames
	case c.table.matrix == nil:
		note = i18n.ArmyPickTwo
	case c.table.matrix.Size() == 0:
		note = i18n.ArmyEmptyMatrix
	}
	if note != 0 {
		m.el("p", c.t(note), "class", "note")
		return m.String()
	}
	m.open("figure", "class", "army-matrix")
	m.el("figcaption", c.t(i18n.ArmyLegend), "class", "muted")
	m.el("p", c.table.progress(c.words), "id", "army-progress", "class", "muted", "role", "status")
	m.open("div", "class", "matrix-frame", "tabindex", "0", "role", "region", "aria-label", c.t(i18n.ArmiesTitle))
	m.WriteString(c.table.html(c.words, c.Lang, c.Base))
	m.end("div")
	m.end("figure")
	return m.String()
}

// situationFields are the range band, the distance and cover chosen for
// every shot: the shooting calculator's own fields. Close combat has none.
func (c *Armies) situationFields() []goapp.UI {
	if c.view == army.ViewMelee || c.view == army.ViewMeleeThreat {
		return nil
	}
	values := map[string]string{"range": strconv.Itoa(c.sit.Range), "cm": c.sit.CM, "cover": c.sit.Cover}
	if g := gameRules(c.game()); c.sit.CM != "" && g != nil && g.RangeBand != nil {
		values["range"] = strconv.Itoa(g.RangeBand(atoi(c.sit.CM)))
	}
	var out []goapp.UI
	for _, k := range []string{"range", "cm", "cover"} {
		f, _ := specFor("shoot").field(k, nil)
		out = append(out, fieldOf(c.words, c.Lang, f, k, values[k], ""))
	}
	return out
}

// fieldOf is the component of a calculator field under key, showing value
// and the message msg, in words of the page's language lang.
func fieldOf(words gameWords, lang string, f field, key, value, msg string) *fieldView {
	label, term, help := fieldLabel(words, f)
	var opts []fieldOption
	for _, o := range f.options {
		opts = append(opts, fieldOption{Value: o.value, Label: words.t(o.label)})
	}
	return &fieldView{Lang: lang, Key: key, Kind: f.kind, Label: label, Term: term, Help: help,
		Value: value, Min: f.min, Max: f.max, Options: opts, Err: msg}
}

// linkHTML is the page's link, to copy.
func (c *Armies) linkHTML() string {
	var m markup
	m.open("p", "class", "field")
	m.el("label", c.t(i18n.ArmyLink), "for", "army-link")
	m.open("input", "type", "url", "class", "share-link", "id", "army-link", "readonly", "", "value", absolute(c.drawn.href))
	m.end("p")
	return m.String()
}

// listHTML lists the reader's armies with what can be done to each, and
// the import.
func (c *Armies) listHTML() string {
	var m markup
	m.open("section", "class", "army-list")
	m.el("h2", c.t(i18n.ArmyYours))
	if len(c.armies) == 0 {
		m.el("p", c.t(i18n.ArmyNone), "class", "muted")
	}
	m.open("ul", "class", "marks")
	for i, a := range c.armies {
		n := strconv.Itoa(i)
		m.open("li", "class", "army-item")
		m.el("span", a.Name, "class", "army-name")
		m.el("span", " "+content.GameName(a.Game)+" · "+fmt.Sprintf(c.t(i18n.ArmyUnitsF), len(a.Units))+" ", "class", "muted")
		m.open("div", "class", "army-actions")
		m.button("army-edit-"+n, "btn ghost", "edit-army", n, c.t(i18n.ArmyEdit))
		m.button("army-copy-"+n, "btn ghost", "copy-army", n, c.t(i18n.ArmyCopy))
		m.el("a", c.t(i18n.ArmyExport), "class", "btn ghost", "id", "army-export-"+n, "download", a.Name+".json",
			"href", "data:application/json;base64,"+base64.StdEncoding.EncodeToString(army.Encode(a)))
		m.button("army-qr-"+n, "btn ghost", "qr", n, c.t(i18n.ShowQR), "aria-expanded", strconv.FormatBool(c.qrFor == i))
		m.button("army-delete-"+n, "btn ghost", "delete-army", n, c.t(i18n.ArmyDelete))
		m.end("div")
		if c.qrFor == i {
			c.qrHTML(&m, absolute(c.armyLink(i)))
		}
		m.end("li")
	}
	m.end("ul")
	m.open("div", "class", "army-add")
	m.button("army-new", "btn", "new-army", "", c.t(i18n.ArmyNew))
	m.el("label", c.t(i18n.ArmyImport), "for", "army-import", "class", "btn ghost")
	m.open("input", "type", "file", "id", "army-import", "class", "visually-hidden", "accept", ".json,application/json")
	m.end("div")
	m.end("section")
	return m.String()
}

// qrHTML is the QR code of link, which opens an army as the opponent's.
func (c *Armies) qrHTML(m *markup, link string) {
	code, err := qr.Encode([]byte(link))
	if err != nil {
		m.el("p", c.t(i18n.QRTooLong), "class", "note")
		return
	}
	m.open("figure", "class", "qr", "id", "army-qr", "data-link", link)
	m.open("div", "class", "qr-box", "role", "img", "aria-label", fmt.Sprintf(c.t(i18n.QRLabelF), link))
	m.WriteString(code.SVG())
	m.end("div")
	m.el("figcaption", c.t(i18n.ArmyQRCaption), "class", "muted")
	m.end("figure")
}
