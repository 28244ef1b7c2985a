package calc

import (
	"errors"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/at4x/companion/i18n"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// TestSalvoGapRenumbered: a salvos link that skips numbers shows its
// salvos in order, numbered again, with a note; nothing is refused.
func TestSalvoGapRenumbered(t *testing.T) {
	tests := []struct {
		query string
		want  url.Values // the salvo keys after
		n     int        // 0: no renumbering
	}{
		{"game=at43&s1.n=2&s3.n=3", url.Values{"s1.n": {"2"}, "s2.n": {"3"}}, 2},
		{"game=at43&s2.n=4&s2.acc=5&s5.n=1", url.Values{"s1.n": {"4"}, "s1.acc": {"5"}, "s2.n": {"1"}}, 2},
		{"game=at43&s1.n=2&s2.n=3", url.Values{"s1.n": {"2"}, "s2.n": {"3"}}, 0},
		{"game=at43&s1.n=2&s3.acc=6&s10.n=1", url.Values{"s1.n": {"2"}, "s2.acc": {"6"}, "s3.n": {"1"}}, 3},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			c := opened(t, "salvos", "en", "?"+tt.query)
			if c.now.err != nil || len(c.now.errs) > 0 {
				t.Fatalf("refused: %v %v", c.now.err, c.now.errs)
			}
			if c.renumbered != tt.n {
				t.Errorf("renumbered %d, want %d", c.renumbered, tt.n)
			}
			for k := range c.values {
				if strings.HasPrefix(k, "s") && c.values.Get(k) != tt.want.Get(k) {
					t.Errorf("%s=%s, want %q", k, c.values.Get(k), tt.want.Get(k))
				}
			}
			for k := range tt.want {
				if c.values.Get(k) != tt.want.Get(k) {
					t.Errorf("%s=%q, want %s", k, c.values.Get(k), tt.want.Get(k))
				}
			}
			if got := c.salvoCount(); tt.n > 0 && got != tt.n {
				t.Errorf("%d salvos shown, want %d", got, tt.n)
			}
		})
	}
}

// TestTapAddsOnlyItsKey: a tap writes the key tapped, stepping from the
// value the field shows, and no default of the engine's.
func TestTapAddsOnlyItsKey(t *testing.T) {
	tests := []struct {
		calc, query, key string
	}{
		{"salvos", "game=at43&s1.n=2&s3.n=3", "size"},
		{"salvos", "game=at43&s1.n=2&s3.n=3", "s2.n"},
		{"shoot", "game=at44&n=6", "acc"},
		{"shoot", "game=at44&n=6", "n"},
	}
	for _, tt := range tests {
		t.Run(tt.query+" "+tt.key, func(t *testing.T) {
			c := opened(t, tt.calc, "en", "?"+tt.query)
			before := clone(c.values)
			shown := c.formValues().Get(tt.key)
			if shown == "" {
				t.Fatalf("%s shows empty", tt.key)
			}
			want := strconv.Itoa(atoi(shown) + 1)
			c.onSet(goapp.Context{}, goapp.Action{Value: fieldChange{Key: tt.key, Step: 1}})
			if got := c.values.Get(tt.key); got != want {
				t.Errorf("%s=%s after the tap, want %s", tt.key, got, want)
			}
			for k := range c.values {
				if k != tt.key && !before.Has(k) {
					t.Errorf("the tap added %s=%s", k, c.values.Get(k))
				}
			}
		})
	}
}

// TestFailureSaysWhatIsMarked: a calculation that fails with no value to
// blame does not send the reader to fields marked in red; its fields show
// the link's values over the defaults, none empty.
func TestFailureSaysWhatIsMarked(t *testing.T) {
	for _, lang := range []string{"en", "fr"} {
		c := opened(t, "shoot", lang, "?game=at43&n=6")
		c.now = evaluation{game: "at43", err: errors.New("no value to blame"), errs: map[string]error{}}
		if got := c.summary(); got != i18n.T(lang, i18n.CalcFailedUnmarked) {
			t.Errorf("%s: %q", lang, got)
		}
		c.now.errs["n"] = errors.New("bad")
		if got := c.summary(); got != i18n.T(lang, i18n.CalcFailed) {
			t.Errorf("%s with a field marked: %q", lang, got)
		}
		v := c.formValues()
		for _, k := range []string{"n", "acc", "pen", "size"} {
			if v.Get(k) == "" {
				t.Errorf("%s: field %s shows empty", lang, k)
			}
		}
		if v.Get("n") != "6" {
			t.Errorf("%s: n shows %s, want the link's 6", lang, v.Get("n"))
		}
		// A tap steps from the value shown, not from the field's least,
		// and drops the value marked, which the answer did not use.
		c.onSet(goapp.Context{}, goapp.Action{Value: fieldChange{Key: "size", Step: 1}})
		if got, want := c.values.Get("size"), strconv.Itoa(atoi(v.Get("size"))+1); got != want || len(c.values) != 2 || c.values.Has("n") {
			t.Errorf("%s: after a tap size=%s, want %s, and values %v", lang, got, want, c.values)
		}
	}
}
