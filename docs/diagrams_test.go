package docs

import (
	"strings"
	"testing"
)

// TestDiagramsInTheirSections checks every AT text, in both languages, shows
// each rule diagram in the section that explains the rule.
func TestDiagramsInTheirSections(t *testing.T) {
	lib, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	want := []struct{ section, diagram string }{
		{"shooting.zone-of-fire", "zone-of-fire"},
		{"shooting.cover", "cover"},
		{"shooting.range", "range-bands"},
		{"indirect.fire", "indirect-fire"},
		{"damage.vehicles", "vehicle-location"},
		{"movement.crushing", "crushing"},
	}
	for _, game := range []string{"at43", "at44"} {
		for _, lang := range []string{"en", "fr"} {
			text := lib.Text(game, lang)
			for _, w := range want {
				t.Run(game+"/"+lang+"/"+w.section, func(t *testing.T) {
					s, _ := text.Section(w.section)
					if s == nil {
						t.Fatal("no such section")
					}
					if !strings.Contains(s.HTML, `<figure class="diagram" data-diagram="`+w.diagram+`">`) {
						t.Errorf("no %s diagram", w.diagram)
					}
					if strings.Contains(s.HTML, "{{diagram") {
						t.Error("a diagram line was left as text")
					}
				})
			}
		}
	}
}
