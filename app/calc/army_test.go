package calc

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/at4x/companion/app/army"
)

// TestCellShareLink: a cell's link is the share link of its values.
func TestCellShareLink(t *testing.T) {
	mine, theirs := army.Samples()
	for _, view := range army.Views {
		m, _ := army.New(mine, theirs, view, army.Situation{CM: "35", Cover: "takecover"})
		m.Fill(time.Hour)
		for _, row := range m.Cells {
			for _, cell := range row {
				for _, lang := range []string{"en", "fr"} {
					if got, want := cellShareLink("/sub", cell.Calc, lang, cell.Query), shareLink("/sub", cell.Calc, lang, cell.Query); got != want {
						t.Errorf("cellShareLink = %s, want %s", got, want)
					}
				}
			}
		}
	}
}

// TestMatrixTableWaitingRows: a row none of whose figures are known is
// drawn as one waiting cell across the columns (the table's first layout
// is then a row's, not the whole grid's); a row with any figure known
// has a cell per column, each with its own id, links only where known.
func TestMatrixTableWaitingRows(t *testing.T) {
	mine, theirs := army.Samples()
	m, err := army.New(mine, theirs, army.ViewFire, army.Situation{})
	if err != nil {
		t.Fatal(err)
	}
	rows, cols := len(m.Rows), len(m.Cols)
	mt := matrixTable{matrix: m}
	w := wordsFor(nil, "en", "at43")
	wait := `<td class="cell wait" colspan="` + strconv.Itoa(cols) + `">…</td>`
	for _, tc := range []struct {
		name           string
		fill           func()
		waiting, cells int // rows drawn waiting, cells drawn with an id
		links          int
	}{
		{"none known", func() {}, rows, 0, 0},
		{"one known", func() { m.Fill(0) }, rows - 1, cols, 1},
		{"all known", func() { m.Fill(time.Hour) }, 0, rows * cols, rows * cols},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.fill()
			html := mt.html(w, "en", "")
			if got := strings.Count(html, wait); got != tc.waiting {
				t.Errorf("%d waiting rows, want %d", got, tc.waiting)
			}
			if got := strings.Count(html, `<td id="ac-`); got != tc.cells {
				t.Errorf("%d cells with an id, want %d", got, tc.cells)
			}
			if got := strings.Count(html, `<a href="/calc/`); got != tc.links {
				t.Errorf("%d cell links, want %d", got, tc.links)
			}
		})
	}
}
