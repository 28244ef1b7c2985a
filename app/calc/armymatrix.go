package calc

import (
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/at4x/companion/app/army"
	"github.com/at4x/companion/i18n"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// matrixTable is the armies page's matrix and its table in the page. The
// matrix is filled a slice at a time (fillSlice of work, then the
// browser's turn: startFill), and what it filled is written into the
// table the page shows, row by row and outside go-app (writeRows), so a
// tap is answered while it fills. It holds no army and no choice of the
// reader's: the page lays it out (Armies.recompute) and draws it with
// its words, language and site path.
type matrixTable struct {
	matrix *army.Matrix
	err    error // why the two armies make no matrix
	// fillSeq counts layouts, so that only the last one's fill runs.
	fillSeq int
	// links holds each filled cell's link, drawSeq numbers the tables
	// the page's redraw writes (a table's data-draw), and written is how
	// many cells of the table drawSeq names hold their figures.
	links   [][]string
	drawSeq int
	written int
	// made holds the HTML of the rows after the written ones, made but
	// not yet in the table, up to the cell upTo (writeRows).
	made []string
	upTo int
	// wroteAt is when the table was drawn or rows were last written
	// into it (time.Now's monotonic clock).
	wroteAt time.Time
}

// writeEvery is how long the rows filled wait for the next write into the
// table, the table's draw included: each write lays out and paints the
// whole table again, which cost a slow phone more than filling its cells,
// and a matrix filled within it is written once.
const writeEvery = 150 * time.Millisecond

// html is the matrix's table: a row per weapon (or close combat), a
// column per unit, each cell a link to its calculator; once it is done,
// the best cell of each row is starred and of each column framed. It is
// drawn with the page (redraw); fillStep writes the rows as they fill,
// and marks the best cells once they all are (writeDone).
func (mt *matrixTable) html(w gameWords, lang, base string) string {
	mx := mt.matrix
	if mx == nil || mx.Size() == 0 {
		return ""
	}
	done := mx.Done()
	var m markup
	m.Grow(rowBytes * len(mx.Rows) * (len(mx.Cols) + 1))
	m.open("table", "id", "army-matrix", "data-done", strconv.FormatBool(done), "data-view", string(mx.View), "data-draw", strconv.Itoa(mt.drawSeq))
	m.WriteString("<thead><tr>")
	m.el("th", w.t(i18n.ArmyCorner), "class", "corner")
	for _, col := range mx.Cols {
		m.el("th", col.Unit, "scope", "col")
	}
	m.WriteString("</tr></thead><tbody>")
	for i := range mx.Rows {
		m.WriteString("<tr>")
		mt.rowHTML(&m, i, done, w, lang, base)
		m.end("tr")
	}
	m.WriteString("</tbody></table>")
	return m.String()
}

// rowBytes is about the length of a cell's HTML (a row's name about as
// long), to make room for a row at once: a builder left to grow as it
// goes copied a row's HTML eight times over.
const rowBytes = 360

// rowHTML writes the cells of row i, its best marked when done.
func (mt *matrixTable) rowHTML(m *markup, i int, done bool, w gameWords, lang, base string) {
	mx := mt.matrix
	row := mx.Rows[i]
	name := row.Unit
	m.WriteString(`<th scope="row">`)
	m.el("span", row.Unit, "class", "unit")
	if row.Weapon != "" {
		name += ", " + row.Weapon
		m.el("span", row.Weapon, "class", "weapon")
	}
	m.end("th")
	if i*len(mx.Cols) >= mx.Filled() {
		// One cell for the row until its figures come (the matrix fills in
		// row order): a table of pending cells cost its first layout twice
		// the rest of the page.
		m.el("td", "…", "class", "cell wait", "colspan", strconv.Itoa(len(mx.Cols)))
		return
	}
	best := -1
	if done {
		best = mx.BestInRow(i)
	}
	for j, cell := range mx.Cells[i] {
		text, cls := cellText(lang, cell)
		if best == j {
			cls += " br"
		}
		if done && mx.BestInCol(j) == i {
			cls += " bc"
		}
		m.open("td", "id", "ac-"+strconv.Itoa(i)+"-"+strconv.Itoa(j), "class", cls)
		if cell.Done {
			m.el("a", text, "href", mt.cellLink(i, j, lang, base), "aria-label", fmt.Sprintf(w.t(i18n.ArmyCellF), name, mx.Cols[j].Unit, text))
		} else {
			m.WriteString(text) // no link until its figures are known
		}
		m.end("td")
	}
}

// cellLink is the link of the cell of row i and column j: its
// calculator's share link, kept once the cell is filled (its link may then
// ask for at least 1).
func (mt *matrixTable) cellLink(i, j int, lang, base string) string {
	cell := mt.matrix.Cells[i][j]
	if mt.links == nil {
		return cellShareLink(base, cell.Calc, lang, cell.Query)
	}
	if mt.links[i][j] == "" {
		mt.links[i][j] = cellShareLink(base, cell.Calc, lang, cell.Query)
	}
	return mt.links[i][j]
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
	b.Grow(len(base) + 160)
	b.WriteString(base)
	b.WriteString("/calc/")
	b.WriteString(name)
	b.WriteByte('?')
	for i, k := range keys {
		v := lang
		if k != "lang" {
			v = q.Get(k)
		}
		if i > 0 {
			b.WriteByte('&')
		}
		b.WriteString(url.QueryEscape(k))
		b.WriteByte('=')
		b.WriteString(url.QueryEscape(v))
	}
	return b.String()
}

// writeRows writes into table the rows filled since it was drawn or last
// written: each row once it is whole (or the matrix done), writeEvery at
// most, or at once when the matrix is done. It makes the rows' HTML as
// long as fillSlice allows in one turn (one row at least), over as many
// turns as it takes, and puts them in the table together in a turn of
// their own: the page lays out and paints the whole table after each
// write, which cost a slow phone more than making the rows, and the HTML
// parsed in the same turn as the last rows were made was a long task. It
// says whether it wrote.
func (mt *matrixTable) writeRows(table goapp.Value, w gameWords, lang, base string) bool {
	mx := mt.matrix
	cols := len(mx.Cols)
	if len(mt.made) == 0 {
		filled, done := mx.Filled(), mx.Done()
		if filled <= mt.written || cols == 0 || !done && time.Since(mt.wroteAt) < writeEvery {
			return false
		}
		if !done {
			filled -= filled % cols // a row once it is whole
		}
		mt.upTo = filled
	}
	first := mt.written / cols
	last := (mt.upTo + cols - 1) / cols
	if first+len(mt.made) < last {
		start := time.Now()
		for i := first + len(mt.made); i < last; i++ {
			var m markup
			m.Grow(rowBytes * (cols + 1))
			mt.rowHTML(&m, i, mx.Done(), w, lang, base)
			mt.made = append(mt.made, m.String())
			if time.Since(start) >= fillSlice {
				break
			}
		}
		return false
	}
	if len(mt.made) == 0 {
		return false
	}
	rows := table.Get("tBodies").Index(0).Get("rows")
	for k, row := range mt.made {
		rows.Index(first+k).Set("innerHTML", row)
	}
	mt.written = mt.upTo
	mt.made = mt.made[:0]
	mt.wroteAt = time.Now()
	return true
}

// allWritten tells whether every cell of the matrix is in the table.
func (mt *matrixTable) allWritten() bool { return mt.written >= mt.matrix.Size() }

// writeDone marks the done matrix in table: the best cell of each row
// starred and of each column framed, no progress left to say, done for
// those who wait on it.
func (mt *matrixTable) writeDone(table goapp.Value, w gameWords) {
	mx := mt.matrix
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
	mt.writeProgress(w)
	table.Get("dataset").Set("done", "true")
}

// progress says how much of the matrix is worked out, "" once it all is.
func (mt *matrixTable) progress(w gameWords) string {
	if mt.matrix == nil || mt.matrix.Done() {
		return ""
	}
	return fmt.Sprintf(w.t(i18n.ArmyFillingF), mt.matrix.Filled(), mt.matrix.Size())
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
func (mt *matrixTable) writeProgress(w gameWords) {
	if p := goapp.Window().Get("document").Call("getElementById", "army-progress"); p.Truthy() {
		p.Set("textContent", mt.progress(w))
	}
}
