package main

import (
	"strings"
	"testing"
)

func TestStripJS(t *testing.T) {
	in := "// Copyright\n\n\"use strict\";\n(() => {\n\t// a comment\n\tconst a = `x${1}`; // kept\n\tif (a) {\n\t\treturn \"// not a comment\";\n\t}\n})();\n"
	want := "\"use strict\";\n(() => {\nconst a = `x${1}`; // kept\nif (a) {\nreturn \"// not a comment\";\n}\n})();\n"
	got, err := stripJS([]byte(in))
	if err != nil || string(got) != want {
		t.Errorf("stripJS:\n%s\nerr %v, want:\n%s", got, err, want)
	}
	if _, err := stripJS([]byte("const s = `one\n  two`;\n")); err == nil {
		t.Error("a template literal over two lines is stripped")
	}
}

func TestStripCSS(t *testing.T) {
	in := "/* The player's theme. */\n:root {\n  --ink: #111; /* text */\n}\n\n.a::before { content: \"x\"; }\n"
	want := ":root {\n--ink: #111;\n}\n.a::before { content: \"x\"; }\n"
	got, err := stripCSS([]byte(in))
	if err != nil || string(got) != want {
		t.Errorf("stripCSS:\n%s\nerr %v, want:\n%s", got, err, want)
	}
	if _, err := stripCSS([]byte(".a::before { content: \"/* no */\"; }\n")); err == nil || !strings.Contains(err.Error(), "string") {
		t.Errorf("a comment in a string: err %v", err)
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
