package main

import (
	"strings"
	"testing"
)

// TestStripScripts strips a script and a style sheet of their comments
// and indentation, and checks each refuses what it cannot strip safely.
func TestStripScripts(t *testing.T) {
	tests := []struct {
		name          string
		strip         func([]byte) ([]byte, error)
		in, want      string
		refused, says string // input it must refuse, and what its error says
	}{
		{"stripJS", stripJS,
			"// Copyright\n\n\"use strict\";\n(() => {\n\t// a comment\n\tconst a = `x${1}`; // kept\n\tif (a) {\n\t\treturn \"// not a comment\";\n\t}\n})();\n",
			"\"use strict\";\n(() => {\nconst a = `x${1}`; // kept\nif (a) {\nreturn \"// not a comment\";\n}\n})();\n",
			"const s = `one\n  two`;\n", ""},
		{"stripCSS", stripCSS,
			"/* The player's theme. */\n:root {\n  --ink: #111; /* text */\n}\n\n.a::before { content: \"x\"; }\n",
			":root {\n--ink: #111;\n}\n.a::before { content: \"x\"; }\n",
			".a::before { content: \"/* no */\"; }\n", "string"},
	}
	for _, tt := range tests {
		got, err := tt.strip([]byte(tt.in))
		if err != nil || string(got) != tt.want {
			t.Errorf("%s:\n%s\nerr %v, want:\n%s", tt.name, got, err, tt.want)
		}
		if _, err := tt.strip([]byte(tt.refused)); err == nil || !strings.Contains(err.Error(), tt.says) {
			t.Errorf("%s of %q: err %v, want one saying %q", tt.name, tt.refused, err, tt.says)
		}
	}
}

func TestStripHTML(t *testing.T) {
	in := "<body>\n  <p>\n    One <b>two</b>\n    three\n  </p>\n</body>\n"
	want := "<body>\n<p>\nOne <b>two</b>\nthree\n</p>\n</body>\n"
	if got := string(stripHTML([]byte(in))); got != want {
		t.Errorf("stripHTML:\n%s\nwant:\n%s", got, want)
	}
	pre := "<div>\n  <pre>a\n  b</pre>\n</div>\n"
	if got := string(stripHTML([]byte(pre))); got != pre {
		t.Errorf("a page with <pre> changed:\n%s", got)
	}
}
