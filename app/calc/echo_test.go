package calc

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// readable is a message as it reads: without the invisible isolates that
// keep an echoed value apart from it (rules.Echo).
func readable(s string) string {
	return strings.NewReplacer("\u2068", "", "\u2069", "").Replace(s)
}

// TestEchoesReadInOrder opens links whose values try to garble the page's
// own message (audit round 3, L3): the echo is escaped, cut and isolated
// the same way in English and French, so a right-to-left override cannot
// make the French message read backwards, invisible characters show, and
// bytes that are no UTF-8 are one character each.
func TestEchoesReadInOrder(t *testing.T) {
	ff := strings.Repeat("%FF", 40)
	tests := []struct {
		name, calc, query, key string
		echo                   string // the value as both languages echo it
	}{
		{"right-to-left override", "indirect", "game=at43&aoe=%E2%80%AE6%20ABC", "aoe", `\u202e6 ABC`},
		{"zero width", "shoot", "game=at43&n=%E2%80%8B3", "n", `\u200b3`},
		{"NUL and a backslash", "shoot", "game=at43&n=3%00%5C", "n", `3\u0000\\`},
		{"isolates of its own", "shoot", "game=at43&n=%E2%81%A93%E2%81%A6", "n", `\u20693\u2066`},
		{"bytes that are no UTF-8", "shoot", "game=at43&n=" + ff, "n", strings.Repeat("\uFFFD", 40)},
		{"escapes counted once escaped", "shoot", "game=at43&n=" + strings.Repeat("%E2%80%AE", 12), "n", strings.Repeat(`\u202e`, 6) + "…"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, lang := range []string{"en", "fr"} {
				c := opened(t, tt.calc, lang, "?"+tt.query)
				f, _ := c.spec.field(tt.key, c.now.shown)
				msg := c.fieldOf(f, c.now.shown, false).Err
				open := map[string]string{"en": "\"\u2068", "fr": "« \u2068"}[lang]
				close := map[string]string{"en": "\u2069\"", "fr": "\u2069 »"}[lang]
				if !strings.Contains(msg, open+tt.echo+close) {
					t.Errorf("%s: %q, want the echo %s%s%s", lang, msg, open, tt.echo, close)
				}
				for _, r := range msg {
					if r == '\u202e' || r == '\u202d' || r == '\u200b' || r == 0 || r == '\u2066' ||
						r == '\u2068' && strings.Count(msg, "\u2068") != 1 || r == '\u2069' && strings.Count(msg, "\u2069") != 1 {
						t.Errorf("%s: %q holds %U", lang, msg, r)
					}
				}
				if n := utf8.RuneCountInString(tt.echo); n > 41 {
					t.Errorf("echo of %d characters", n)
				}
			}
		})
	}
}
