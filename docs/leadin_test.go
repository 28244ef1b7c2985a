package docs

import (
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

var leadInSample = fstest.MapFS{
	"outline.tsv": {Data: []byte("shooting.cover\tat43\n")},
	"at43/en/05-shooting.md": {Data: []byte(`# Shooting {#shooting}

## Cover {#shooting.cover}

*Source: AT-43 rulebook.*

**Dice.** {#shooting.cover.dice} A unit in cover saves on 5+.

**Example.** {#shooting.cover.example}
Five fighters fire.

### Knee cover {#shooting.cover.knee}

**No id.** Left for the test to report.

> **Our reading:** {#at43-knee-cover} kneeling adds nothing.

> **Note:** {#shooting.cover.note} a quote that is not a reading.

- **In a list.** {#shooting.cover.list} stays text.
`)},
}

func TestLeadInIDs(t *testing.T) {
	lib, r, err := parseAll(leadInSample)
	if err != nil {
		t.Fatal(err)
	}
	s, _ := lib.Text("at43", "en").Section("shooting.cover")
	for _, want := range []string{
		`<p id="shooting.cover.dice"><strong>Dice.</strong> A unit in cover`,
		"<p id=\"shooting.cover.example\"><strong>Example.</strong>\nFive fighters fire.",
		`<h3 id="shooting.cover.knee">Knee cover</h3>`,
		"<p><strong>No id.</strong> Left",
		`<blockquote id="at43-knee-cover" class="reading"><p><strong>Our reading:</strong> kneeling`,
		`<blockquote id="shooting.cover.note"><p><strong>Note:</strong> a quote`,
		`<strong>In a list.</strong> {#shooting.cover.list} stays text.`,
	} {
		if !strings.Contains(s.HTML, want) {
			t.Errorf("HTML lacks %q:\n%s", want, s.HTML)
		}
	}
	var blocks []string
	for _, b := range s.Blocks {
		blocks = append(blocks, b.Text)
	}
	wantBlocks := []string{
		"Dice. A unit in cover saves on 5+.",
		"Example. Five fighters fire.",
		"No id. Left for the test to report.",
		"Our reading: kneeling adds nothing.",
		"Note: a quote that is not a reading.",
		"In a list. {#shooting.cover.list} stays text.",
	}
	if !slices.Equal(blocks, wantBlocks) {
		t.Errorf("search blocks = %q, want %q", blocks, wantBlocks)
	}
	var got []string
	for _, p := range r.parts {
		got = append(got, p.id+":"+p.lead)
	}
	want := []string{
		"shooting.cover.dice:Dice.", "shooting.cover.example:Example.", "shooting.cover.knee:Knee cover",
		":No id.", "at43-knee-cover:Our reading:", "shooting.cover.note:Note:",
	}
	if !slices.Equal(got, want) {
		t.Errorf("parts = %q, want %q", got, want)
	}
	if r.parts[4].kind != partReading || r.parts[5].kind != partQuote || r.parts[2].kind != partHeading || !r.parts[2].explicit {
		t.Errorf("kinds = %+v", r.parts)
	}
}
