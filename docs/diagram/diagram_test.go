package diagram

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"
	"github.com/at4x/companion/rules"
)

// testWords names each term by its id and the language, so a test can see
// which words a diagram asked for.
func testWords(lang string) Words {
	return Words{Lang: lang, Term: func(id string) string { return lang + ":" + id }}
}

func TestEveryDiagram(t *testing.T) {
	out := os.Getenv("DIAGRAM_OUT") // a folder to write each figure to, for a look
	for _, name := range Names() {
		for _, g := range rules.Games() {
			for _, lang := range []string{"en", "fr"} {
				t.Run(fmt.Sprintf("%s/%s/%s", name, g.ID, lang), func(t *testing.T) {
					html, err := Figure(name, g, testWords(lang))
					if err != nil {
						t.Fatal(err)
					}
					if err := xml.Unmarshal([]byte(html), new(struct{})); err != nil {
						t.Fatalf("not well-formed: %v\n%s", err, html)
					}
					for _, want := range []string{`<figure class="diagram"`, `<svg role="img" aria-label="`, `<figcaption>`, `viewBox="0 0 `} {
						if !strings.Contains(html, want) {
							t.Errorf("missing %s", want)
						}
					}
					// Colours come from the theme through classes only.
					for _, bad := range []string{"style=", "fill=", "stroke=", "#"} {
						if strings.Contains(html, bad) {
							t.Errorf("has %q: colours must come from web/style.css classes", bad)
						}
					}
					var br bytes.Buffer
					w := brotli.NewWriterLevel(&br, brotli.BestCompression)
					w.Write([]byte(html))
					w.Close()
					if br.Len() > 4096 {
						t.Errorf("%d bytes brotli, more than 4 KB", br.Len())
					}
					if out != "" {
						os.WriteFile(filepath.Join(out, fmt.Sprintf("%s-%s-%s.html", name, g.ID, lang)), []byte(html), 0o644)
					}
				})
			}
		}
	}
}

func TestUnknownDiagram(t *testing.T) {
	if _, err := Figure("nope", rules.AT43, testWords("en")); err == nil || !strings.Contains(err.Error(), "zone-of-fire") {
		t.Errorf("err = %v, want the list of diagrams", err)
	}
	if _, err := Figure("cover", rules.D10, testWords("en")); err == nil {
		t.Error("a d10 diagram drew")
	}
}

// TestDrawnFromRules changes one value of a ruleset at a time and checks the
// diagram that draws it changes with it: the numbers are the engine's, not
// copies.
func TestDrawnFromRules(t *testing.T) {
	tests := []struct {
		name, diagram string
		change        func(g *rules.Game)
		want          string
	}{
		{"cover save", "cover", func(g *rules.Game) { g.CoverSave[rules.CoverNormal] = 4 }, "save on 4+"},
		{"cover at range 0", "cover", func(g *rules.Game) { g.CoverAtRangeZero = false }, "no save at range 0"},
		{"band of the 10 cm line", "range-bands", func(g *rules.Game) { g.RangeBand = func(cm int) int { return cm / 5 } }, "10 cm → range 2"},
		{"template cap", "indirect-fire", func(g *rules.Game) { g.Indirect.CapCM = 8 }, "cap 8 cm"},
		{"deviation per miss", "indirect-fire", func(g *rules.Game) { g.Indirect.DeviationCM = 4 }, "2 misses → 8 cm"},
		{"impacts past the cap", "indirect-fire", func(g *rules.Game) {
			g.Indirect.ImpactsPastCap = func(aoe, k int) int { return k }
		}, "×5 impacts"},
		{"shot lost on no success", "indirect-fire", func(g *rules.Game) { g.Indirect.LostOnAllMiss = true }, "0 → shot lost"},
		{"close-combat location dice", "vehicle-location", func(g *rules.Game) { g.Vehicle.MeleeLocationDice = 3 }, "close combat: 3 dice"},
		{"crushing a free fighter", "crushing", func(g *rules.Game) { g.Crush.Free = 6 }, "free: 6+"},
		{"crushing the grounded", "crushing", func(g *rules.Game) { g.Crush.GroundedIsEngaged = true }, "en:grounded: 3+"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := rules.AT43
			before, err := Figure(tt.diagram, g, testWords("en"))
			if err != nil {
				t.Fatal(err)
			}
			tt.change(&g)
			after, err := Figure(tt.diagram, g, testWords("en"))
			if err != nil {
				t.Fatal(err)
			}
			if strings.Contains(before, tt.want) || !strings.Contains(after, tt.want) {
				t.Errorf("%q: before %v, after %v; want only after", tt.want, strings.Contains(before, tt.want), strings.Contains(after, tt.want))
			}
		})
	}
}

// TestGamesDiffer checks the drawings show where AT-43 and AT-44 part ways.
func TestGamesDiffer(t *testing.T) {
	tests := []struct{ diagram, at43, at44 string }{
		{"range-bands", "10 cm → range 1", "10 cm → range 0"},
		{"indirect-fire", "0 → 3 cm", "0 → shot lost"},
		{"indirect-fire", "2 misses → 2 cm", "2 misses → 6 cm"},
		{"cover", "within 10 cm of the far edge", "no save at range 0"},
		{"vehicle-location", "a destroyed part sends the hit to the frame", "close combat: 2 dice"},
		{"crushing", "free: 5+", "en:grounded: 3+"},
	}
	for _, tt := range tests {
		t.Run(tt.diagram+"/"+tt.at44, func(t *testing.T) {
			a, _ := Figure(tt.diagram, rules.AT43, testWords("en"))
			b, _ := Figure(tt.diagram, rules.AT44, testWords("en"))
			if !strings.Contains(a, tt.at43) {
				t.Errorf("AT-43 lacks %q", tt.at43)
			}
			if !strings.Contains(b, tt.at44) {
				t.Errorf("AT-44 lacks %q", tt.at44)
			}
		})
	}
}
