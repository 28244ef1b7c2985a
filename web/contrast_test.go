package web

import (
	"io/fs"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// themes reads the colour variables of the light theme (:root), the dark
// one ([data-theme="dark"]) and the red-light one ([data-theme="red"]) from
// the style sheet.
func themes(t *testing.T) map[string]map[string]string {
	t.Helper()
	b, err := fs.ReadFile(Files, "style.css")
	if err != nil {
		t.Fatal(err)
	}
	css := string(b)
	block := func(selector string) map[string]string {
		i := strings.Index(css, selector)
		if i < 0 {
			t.Fatalf("style.css has no %s block", selector)
		}
		body := css[i:]
		body = body[strings.IndexByte(body, '{')+1 : strings.IndexByte(body, '}')]
		vars := map[string]string{}
		for _, m := range regexp.MustCompile(`--([a-z-]+):\s*(#[0-9a-fA-F]{6})`).FindAllStringSubmatch(body, -1) {
			vars[m[1]] = m[2]
		}
		return vars
	}
	return map[string]map[string]string{"light": block(":root {"), "dark": block(`:root[data-theme="dark"] {`), "red": block(`:root[data-theme="red"] {`)}
}

func luminance(hex string) float64 {
	var c [3]float64
	for i := range c {
		v, _ := strconv.ParseUint(hex[1+2*i:3+2*i], 16, 8)
		s := float64(v) / 255
		if s <= 0.03928 {
			c[i] = s / 12.92
		} else {
			c[i] = math.Pow((s+0.055)/1.055, 2.4)
		}
	}
	return 0.2126*c[0] + 0.7152*c[1] + 0.0722*c[2]
}

func contrast(a, b string) float64 {
	la, lb := luminance(a), luminance(b)
	return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
}

// TestContrastAA checks every text colour against the backgrounds it sits
// on, in both themes, at WCAG AA: 4.5:1 for text, 3:1 for focus rings and
// chart bars.
func TestContrastAA(t *testing.T) {
	pairs := []struct {
		fg, bg string
		min    float64
	}{
		{"text", "bg", 4.5}, {"text", "surface", 4.5}, {"muted", "bg", 4.5}, {"muted", "surface", 4.5},
		{"accent", "bg", 4.5}, {"accent", "surface", 4.5}, {"accent-text", "accent", 4.5},
		{"mark-text", "mark", 4.5}, {"text", "note-bg", 4.5}, {"error", "bg", 4.5}, {"error", "surface", 4.5},
		{"focus", "bg", 3}, {"bar", "bg", 3}, {"bar-on", "bg", 3}, {"border", "bg", 1.5},
	}
	for name, vars := range themes(t) {
		for _, p := range pairs {
			fg, bg := vars[p.fg], vars[p.bg]
			if fg == "" || bg == "" {
				t.Errorf("%s theme lacks --%s or --%s", name, p.fg, p.bg)
				continue
			}
			if c := contrast(fg, bg); c < p.min {
				t.Errorf("%s theme: --%s %s on --%s %s has contrast %.2f, want at least %.1f", name, p.fg, fg, p.bg, bg, c, p.min)
			}
		}
	}
}

// TestRedLightTheme checks that the night theme keeps to dim reds: no
// colour whose green or blue is more than half its red, and a black page.
func TestRedLightTheme(t *testing.T) {
	red := themes(t)["red"]
	if red["bg"] != "#000000" {
		t.Errorf("red-light background %s, want black", red["bg"])
	}
	for name, hex := range red {
		var c [3]uint64
		for i := range c {
			c[i], _ = strconv.ParseUint(hex[1+2*i:3+2*i], 16, 8)
		}
		if 2*c[1] > c[0] || 2*c[2] > c[0] {
			t.Errorf("red-light --%s %s is not a red", name, hex)
		}
		if l := luminance(hex); l > 0.4 {
			t.Errorf("red-light --%s %s is too bright for night play (luminance %.2f)", name, hex, l)
		}
	}
}
