package app

import (
	"reflect"
	"testing"
	"time"

	"github.com/at4x/companion/app/contentdata"
	"github.com/at4x/companion/app/search"
)

// TestWarmIndex checks that an index built in the background, in slices,
// and finished by a caller that waits for it, is the index built at once.
func TestWarmIndex(t *testing.T) {
	tests := []struct {
		name string
		wait bool // ask for the index while it is being built
	}{{"finished in the background", false}, {"hurried by a caller", true}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := NewSite(testLibrary(), "")
			s.warm("at43", "en")
			s.warm("at43", "en") // a second warm-up starts no other build
			if !tt.wait {
				s.mu.Lock()
				b := s.builds["at43/en"]
				s.mu.Unlock()
				if b != nil {
					<-b.done
				}
			}
			got := s.index("at43", "en")
			lib := testLibrary()
			contentdata.RestoreBlocks(lib, "at43", "en")
			want := search.ForText(lib, "at43", "en")
			if want.Len() == 0 {
				t.Fatal("empty index")
			}
			if !reflect.DeepEqual(got, want) {
				t.Error("the warmed index differs from the one built at once")
			}
			if again := s.index("at43", "en"); again != got {
				t.Error("the index is built again on the second call")
			}
			if len(s.builds) != 0 {
				t.Errorf("%d builds left in flight", len(s.builds))
			}
		})
	}
}

// TestPacerHurries checks that a pacer sleeps once a slice is over, and
// never once someone waits.
func TestPacerHurries(t *testing.T) {
	hurry := make(chan struct{})
	p := newPacer(hurry)
	p.start = p.start.Add(-2 * sliceBudget)
	p.pause()
	if time.Since(p.start) > sliceBudget {
		t.Error("pause did not start a new slice")
	}
	close(hurry)
	p.start = p.start.Add(-2 * sliceBudget)
	before := p.start
	p.pause()
	if p.start != before {
		t.Error("pause slept after hurry was closed")
	}
}
