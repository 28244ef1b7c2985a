package web

import (
	"bytes"
	"strings"
	"testing"
)

// TestStyleSheetEndsWithPrint checks the sheet the build writes: the
// screen's rules, then the print rules, every one of them inside the
// print media query or the page box, so that none changes the screen.
func TestStyleSheetEndsWithPrint(t *testing.T) {
	sheet, err := StyleSheet()
	if err != nil {
		t.Fatal(err)
	}
	screen, _ := Files.ReadFile("style.css")
	printCSS, _ := Files.ReadFile("print.css")
	if !bytes.HasPrefix(sheet, screen) || !bytes.Contains(sheet, printCSS) {
		t.Fatal("the style sheet is not style.css followed by print.css")
	}
	rest := cssComment(string(printCSS))
	// The page boxes come first (the sheet's and any named one, such as a
	// reference card's), then the print media query.
	for _, block := range []string{"@page", "@media print"} {
		i := strings.Index(rest, block)
		if i < 0 {
			t.Fatalf("print.css has no %s block", block)
		}
		if strings.TrimSpace(rest[:i]) != "" {
			t.Errorf("print.css has rules outside @page and @media print: %q", strings.TrimSpace(rest[:i]))
		}
		rest = rest[i+closing(rest[i:]):]
		for block == "@page" && strings.HasPrefix(strings.TrimSpace(rest), "@page") {
			rest = strings.TrimSpace(rest)
			rest = rest[closing(rest):]
		}
	}
	if strings.TrimSpace(rest) != "" {
		t.Errorf("print.css has rules outside @page and @media print: %q", strings.TrimSpace(rest))
	}
}

// cssComment drops the comments of a style sheet.
func cssComment(s string) string {
	for {
		i := strings.Index(s, "/*")
		if i < 0 {
			return s
		}
		j := strings.Index(s[i:], "*/")
		if j < 0 {
			return s[:i]
		}
		s = s[:i] + s[i+j+2:]
	}
}

// closing is the length of a block up to and including the brace that
// closes its first one.
func closing(s string) int {
	depth := 0
	for i, r := range s {
		switch r {
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return i + 1
			}
		}
	}
	return len(s)
}
