package calc

import (
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
