package calc

import (
	"encoding/base64"
	"fmt"
	"html"
	"net/url"
	"slices"
	"strconv"
	"strings"

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
			body = append(body, c.editor())
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
	c.drawSeq++
	if c.matrix != nil {
		c.written = c.matrix.Filled()
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
	case c.mErr != nil:
		note = i18n.ArmyDifferentGames
	case c.matrix == nil:
		note = i18n.ArmyPickTwo
	case c.matrix.Size() == 0:
		note = i18n.ArmyEmptyMatrix
	}
	if note != 0 {
		m.el("p", c.t(note), "class", "note")
		return m.String()
	}
	m.open("figure", "class", "army-matrix")
	m.el("figcaption", c.t(i18n.ArmyLegend), "class", "muted")
	m.el("p", c.progress(), "id", "army-progress", "class", "muted", "role", "status")
	m.open("div", "class", "matrix-frame", "tabindex", "0", "role", "region", "aria-label", c.t(i18n.ArmiesTitle))
	m.WriteString(c.matrixHTML())
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
		out = append(out, c.fieldOf(f, k, values[k], ""))
	}
	return out
}

// fieldOf is the component of a calculator field under key, showing value
// and the message msg.
func (c *Armies) fieldOf(f field, key, value, msg string) *fieldView {
	label, term, help := fieldLabel(c.words, f)
	var opts []fieldOption
	for _, o := range f.options {
		opts = append(opts, fieldOption{Value: o.value, Label: c.words.t(o.label)})
	}
	return &fieldView{Lang: c.Lang, Key: key, Kind: f.kind, Label: label, Term: term, Help: help,
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

// matrixHTML is the matrix's table: a row per weapon (or close combat), a
// column per unit, each cell a link to its calculator; once it is done,
// the best cell of each row is starred and of each column framed. It is
// drawn with the page (redraw); fillStep writes the rows as they fill,
// and marks the best cells once they all are (writeDone).
func (c *Armies) matrixHTML() string {
	mx := c.matrix
	if mx == nil || mx.Size() == 0 {
		return ""
	}
	done := mx.Done()
	var m markup
	m.open("table", "id", "army-matrix", "data-done", strconv.FormatBool(done), "data-view", string(mx.View), "data-draw", strconv.Itoa(c.drawSeq))
	m.WriteString("<thead><tr>")
	m.el("th", c.t(i18n.ArmyCorner), "class", "corner")
	for _, col := range mx.Cols {
		m.el("th", col.Unit, "scope", "col")
	}
	m.WriteString("</tr></thead><tbody>")
	for i := range mx.Rows {
		m.WriteString("<tr>")
		c.rowHTML(&m, i, done)
		m.end("tr")
	}
	m.WriteString("</tbody></table>")
	return m.String()
}

// rowHTML writes the cells of row i, its best marked when done.
func (c *Armies) rowHTML(m *markup, i int, done bool) {
	mx := c.matrix
	row := mx.Rows[i]
	name := row.Unit
	m.WriteString(`<th scope="row">`)
	m.el("span", row.Unit, "class", "unit")
	if row.Weapon != "" {
		name += ", " + row.Weapon
		m.el("span", row.Weapon, "class", "weapon")
	}
	m.end("th")
	best := -1
	if done {
		best = mx.BestInRow(i)
	}
	for j, cell := range mx.Cells[i] {
		text, cls := cellText(c.Lang, cell)
		if best == j {
			cls += " br"
		}
		if done && mx.BestInCol(j) == i {
			cls += " bc"
		}
		m.open("td", "id", "ac-"+strconv.Itoa(i)+"-"+strconv.Itoa(j), "class", cls)
		if cell.Done {
			m.el("a", text, "href", c.cellLink(i, j), "aria-label", fmt.Sprintf(c.t(i18n.ArmyCellF), name, mx.Cols[j].Unit, text))
		} else {
			m.WriteString(text) // no link until its figures are known
		}
		m.end("td")
	}
}

// cellLink is the link of the cell of row i and column j: its
// calculator's share link, kept once the cell is filled (its link may then
// ask for at least 1).
func (c *Armies) cellLink(i, j int) string {
	cell := c.matrix.Cells[i][j]
	if c.links == nil {
		return cellShareLink(c.Base, cell.Calc, c.Lang, cell.Query)
	}
	if c.links[i][j] == "" {
		c.links[i][j] = cellShareLink(c.Base, cell.Calc, c.Lang, cell.Query)
	}
	return c.links[i][j]
}

// cellShareLink is shareLink for a cell's link, whose keys have one value
// each, written without copying the values: a matrix writes hundreds
// (TestCellShareLink).
func cellShareLink(base, name, lang string, q url.Values) string {
	keys := make([]string, 0, len(q)+1)
	for k := range q {
		if k != "lang" {
			keys = append(keys, k)
		}
	}
	keys = append(keys, "lang")
	slices.Sort(keys)
	var b strings.Builder
	b.WriteString(base + "/calc/" + name + "?")
	for i, k := range keys {
		v := lang
		if k != "lang" {
			v = q.Get(k)
		}
		if i > 0 {
			b.WriteByte('&')
		}
		b.WriteString(url.QueryEscape(k) + "=" + url.QueryEscape(v))
	}
	return b.String()
}

// writeRows writes into table the rows filled since it was drawn or last
// written: each row once it is whole (or the matrix done), in one write;
// false when there was none.
func (c *Armies) writeRows(table goapp.Value) bool {
	mx := c.matrix
	filled, cols := mx.Filled(), len(mx.Cols)
	if filled <= c.written || cols == 0 {
		return false
	}
	done := mx.Done()
	if !done {
		filled -= filled % cols // a row once it is whole
	}
	if filled <= c.written {
		return false
	}
	rows := table.Get("tBodies").Index(0).Get("rows")
	for i := c.written / cols; i < (filled+cols-1)/cols; i++ {
		var m markup
		c.rowHTML(&m, i, done)
		rows.Index(i).Set("innerHTML", m.String())
	}
	c.written = filled
	return true
}

// writeDone marks the done matrix in table: the best cell of each row
// starred and of each column framed, no progress left to say, done for
// those who wait on it.
func (c *Armies) writeDone(table goapp.Value) {
	mx := c.matrix
	doc := goapp.Window().Get("document")
	for j := range mx.Cols {
		if i := mx.BestInCol(j); i >= 0 {
			if td := doc.Call("getElementById", "ac-"+strconv.Itoa(i)+"-"+strconv.Itoa(j)); td.Truthy() {
				td.Get("classList").Call("add", "bc")
			}
		}
	}
	for i := range mx.Rows {
		if j := mx.BestInRow(i); j >= 0 {
			if td := doc.Call("getElementById", "ac-"+strconv.Itoa(i)+"-"+strconv.Itoa(j)); td.Truthy() {
				td.Get("classList").Call("add", "br")
			}
		}
	}
	c.writeProgress()
	table.Get("dataset").Set("done", "true")
}

// progress says how much of the matrix is worked out, "" once it all is.
func (c *Armies) progress() string {
	if c.matrix == nil || c.matrix.Done() {
		return ""
	}
	return fmt.Sprintf(c.t(i18n.ArmyFillingF), c.matrix.Filled(), c.matrix.Size())
}

// cellText is a cell's figures and its class on the colour scale.
func cellText(lang string, cell army.Cell) (string, string) {
	switch {
	case !cell.Done:
		return "…", "cell"
	case cell.Err != nil:
		return "—", "cell off"
	}
	cls := "cell s" + strconv.Itoa(min(4, int(cell.Score*5)))
	if cell.Vehicle {
		return i18n.Percent(lang, cell.Destroyed), cls + " veh"
	}
	return i18n.Fixed(lang, cell.Mean, 1) + " · " + i18n.Percent(lang, cell.AtLeast1), cls
}

// writeProgress says in the page how much of the matrix is worked out,
// while it fills.
func (c *Armies) writeProgress() {
	if p := goapp.Window().Get("document").Call("getElementById", "army-progress"); p.Truthy() {
		p.Set("textContent", c.progress())
	}
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
