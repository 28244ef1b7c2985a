package contentdata

import (
	"slices"
	"strings"
	"testing"

	"github.com/at4x/companion/docs/content"
)

func TestBlocks(t *testing.T) {
	got := Blocks(`<p>One <a class="term" data-term="x" href="/en/at43/glossary#x">cover</a> &amp; two.</p>` +
		`<h3 id="take-cover">Take cover</h3><ul><li>tight item</li><li><p>loose item</p></li>` +
		`<li>parent<ul><li>child</li></ul></li></ul>` +
		`<table><thead><tr><th>a</th><th>b</th></tr></thead><tbody><tr><td>1</td><td>2<br>3</td></tr></tbody></table>`)
	want := []content.Block{
		{Text: "One cover & two."},
		{Anchor: "take-cover", Text: "tight item"},
		{Anchor: "take-cover", Text: "loose item"},
		{Anchor: "take-cover", Text: "parent"},
		{Anchor: "take-cover", Text: "child"},
		{Anchor: "take-cover", Text: "a | b"},
		{Anchor: "take-cover", Text: "1 | 2 3"},
	}
	if len(got) != len(want) {
		t.Fatalf("got %d blocks %+v, want %d", len(got), got, len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("block %d = %+v, want %+v", i, got[i], want[i])
		}
	}
}

// TestBlocksMatchTheRenderer checks Blocks against the blocks package docs
// makes, on the real texts.
func TestBlocksMatchTheRenderer(t *testing.T) {
	lib, err := Load()
	if err != nil {
		t.Skipf("content does not load yet: %v", err)
	}
	total, same := 0, 0
	for _, text := range lib.Texts {
		for _, s := range text.Sections() {
			got := Blocks(s.HTML)
			for i, b := range s.Blocks {
				total++
				if i < len(got) && got[i] == b {
					same++
				} else if total-same < 5 {
					var g content.Block
					if i < len(got) {
						g = got[i]
					}
					t.Logf("%s/%s/%s block %d: renderer %+v, restored %+v", text.Game, text.Lang, s.ID, i, b, g)
				}
			}
		}
	}
	if total > 0 && float64(same)/float64(total) < 0.98 {
		t.Errorf("only %d of %d blocks restored the same", same, total)
	}
	t.Logf("%d of %d blocks restored the same", same, total)
}

// TestStripRestore checks that the library the client rebuilds is the one
// the site build rendered.
func TestStripRestore(t *testing.T) {
	lib, err := Load()
	if err != nil {
		t.Skipf("content does not load yet: %v", err)
	}
	b := Encode(Strip(lib))
	back, err := Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	for i, text := range lib.Texts {
		RestoreBlocks(back, text.Game, text.Lang)
		got := back.Texts[i].Sections()
		for j, s := range text.Sections() {
			if got[j].HTML != s.HTML {
				t.Errorf("%s/%s/%s: HTML differs after Strip, Encode and Decode", text.Game, text.Lang, s.ID)
			}
			if !slices.Equal(got[j].Aliases, s.Aliases) {
				t.Errorf("%s/%s/%s: aliases %q after Strip, Encode and Decode, want %q", text.Game, text.Lang, s.ID, got[j].Aliases, s.Aliases)
			}
			if len(got[j].Blocks) != len(s.Blocks) {
				t.Errorf("%s/%s/%s: %d blocks, want %d", text.Game, text.Lang, s.ID, len(got[j].Blocks), len(s.Blocks))
			}
		}
	}
	t.Logf("library: %d bytes stripped, %d full", len(b), len(Encode(lib)))
}

func TestSqueeze(t *testing.T) {
	for _, s := range []string{"", " ", "a", "a b", " a b ", "a  b", "a\nb", "\ta\u00a0b  c\n", "a ", " a", "é  à", "a b  "} {
		t.Run(s, func(t *testing.T) {
			want := strings.Join(strings.Fields(s), " ")
			if got := squeeze(s); got != want {
				t.Errorf("squeeze(%q) = %q, want %q", s, got, want)
			}
		})
	}
}
