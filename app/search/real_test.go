package search

import (
	"testing"
	"time"

	"github.com/at4x/companion/app/contentdata"
)

// TestRealTextSpeed types queries letter by letter into the index of each
// real text. WebAssembly in a phone browser runs this code about five times
// slower than here, so about 3 ms here keeps a keystroke within a 16 ms
// frame; the bound leaves room for a busy machine.
func TestRealTextSpeed(t *testing.T) {
	lib, err := contentdata.Load()
	if err != nil {
		t.Skipf("content does not load: %v", err)
	}
	for _, text := range lib.Texts {
		start := time.Now()
		ix := ForText(lib, text.Game, text.Lang)
		built := time.Since(start)
		var worst time.Duration
		for _, q := range []string{"covre", "leadership points", "tir indirect", "moral", "pénétration"} {
			for i := 1; i <= len(q); i++ {
				start := time.Now()
				ix.Find(q[:i])
				worst = max(worst, time.Since(start))
			}
		}
		t.Logf("%s/%s: %d entries, built in %v, slowest keystroke %v", text.Game, text.Lang, ix.Len(), built, worst)
		if worst > 8*time.Millisecond && !raceEnabled {
			t.Errorf("%s/%s: a keystroke took %v, want under 8ms natively", text.Game, text.Lang, worst)
		}
	}
}
