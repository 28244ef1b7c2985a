package rules

import (
	"strings"
	"testing"
)

// TestEcho: a value as a message repeats it, in every language: escaped
// where it is not text, cut to MaxEcho characters counted after escaping,
// and isolated, so that it can neither reorder the message nor hide.
func TestEcho(t *testing.T) {
	long := strings.Repeat("x", MaxEcho+5)
	tests := []struct{ name, in, want string }{
		{"plain", "abc", "abc"},
		{"empty", "", ""},
		{"cut", long, long[:MaxEcho] + "…"},
		{"exactly the most", long[:MaxEcho], long[:MaxEcho]},
		{"right-to-left override", "\u202e6 ABC", `\u202e6 ABC`},
		{"isolates and marks", "\u2066\u2067\u2068\u2069\u200e\u061c", `\u2066\u2067\u2068\u2069\u200e\u061c`},
		{"zero widths and a byte order mark", "\u200b\u200c\u200d\ufeff", `\u200b\u200c\u200d\ufeff`},
		{"controls", "a\x00\t\n\x7f\u0085", `a\u0000\u0009\u000a\u007f\u0085`},
		{"line and paragraph separators", "\u2028\u2029", `\u2028\u2029`},
		{"a backslash doubled", `a\u202e`, `a\\u202e`},
		{"bytes that are no UTF-8", strings.Repeat("\xff", MaxEcho+1), strings.Repeat("\uFFFD", MaxEcho) + "…"},
		{"a tag character", "\U000e0041", `\U000e0041`},
		{"right-to-left text kept", "שלום", "שלום"},
		{"an escape that does not fit is left whole", strings.Repeat("x", MaxEcho-3) + "\u202e", strings.Repeat("x", MaxEcho-3) + "…"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got, want := Echo(tt.in), "\u2068"+tt.want+"\u2069"; got != want {
				t.Errorf("Echo(%q) = %q, want %q", tt.in, got, want)
			}
		})
	}
	t.Run("keys", func(t *testing.T) {
		if got := EchoKey(""); got != `""` {
			t.Errorf("EchoKey of no key = %q", got)
		}
		named, more := EchoKeys([]string{"k\u202e", "s0.k1", "s0.k2", strings.Repeat("y", 30)})
		if len(named) != 3 || more != 1 || named[0] != "\u2068k\\u202e\u2069" {
			t.Errorf("EchoKeys named %q and %d more, want 3 (the first escaped) and 1", named, more)
		}
	})
}
