//go:build !wasm

package calc

import (
	"strings"
	"testing"
)

// TestSharedLink: the perf report's link is the one the share bar hands
// out, and a link of no calculator stays as it is.
func TestSharedLink(t *testing.T) {
	got := SharedLink("/calc/shoot?game=at43&lang=fr&n=6")
	c := opened(t, "shoot", "fr", "?game=at43&n=6")
	if got != c.sharedLink() || !strings.Contains(got, "lang=fr") || !strings.Contains(got, "&ans=cas_") {
		t.Errorf("SharedLink = %q, the share bar's %q", got, c.sharedLink())
	}
	for _, l := range []string{"/", "/en/at43/shooting.cover", "/calc/nothing?n=1"} {
		if got := SharedLink(l); got != l {
			t.Errorf("SharedLink(%q) = %q", l, got)
		}
	}
}
