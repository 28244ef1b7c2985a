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

// The warm-up's armies are armies a file could bring, in both games, and
// make a matrix in every view whose every cell the engine works out: else
// the warm-up would compile the ways of a refusal, not of a matrix.
func TestWarmArmies(t *testing.T) {
	for _, game := range []string{"at43", "at44"} {
		t.Run(game, func(t *testing.T) {
			mine, theirs := warmArmies(game)
			for _, a := range []army.Army{mine, theirs} {
				back, problems, err := army.Decode(army.Encode(a))
				if err != nil || len(problems) > 0 || !back.Equal(a) {
					t.Fatalf("%s does not read back whole: %v %v", a.Name, problems, err)
				}
			}
			for _, v := range army.Views {
				m, err := army.New(mine, theirs, v, army.Situation{Range: 1})
				if err != nil {
					t.Fatal(err)
				}
				if !m.Fill(time.Minute) || m.Size() == 0 {
					t.Fatalf("%s: not filled", v)
				}
				for i := range m.Rows {
					for j, cell := range m.Cells[i] {
						if cell.Err != nil {
							t.Errorf("%s: %s at %s: %v", v, m.Rows[i], m.Cols[j].Unit, cell.Err)
						}
					}
				}
			}
		})
	}
}
