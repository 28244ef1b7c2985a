package browser

import (
	"fmt"
	"testing"

	"github.com/at4x/companion/i18n"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// TestMissingSectionNote switches to a game that lacks the section.
func TestMissingSectionNote(t *testing.T) {
	s := newSession(t, 360, 740)
	s.open(t, "/en/at43/melee.splitting")
	s.do(t, chromedp.Click(chromedp.ID("game-at44")))
	s.poll(t, `location.pathname.startsWith("/en/at44/melee.")`, "the nearest AT-44 section")
	// The note comes with the page's next render, not with the address:
	// wait for it rather than read it once.
	s.poll(t, `(document.querySelector("p.note")||{textContent:""}).textContent.includes("AT-44")`, "the note that AT-44 lacks the section")
}

// TestBookmarkThemeAndTextSize keeps a bookmark and applies settings.
func TestBookmarkThemeAndTextSize(t *testing.T) {
	s := newSession(t, 360, 740)
	s.open(t, "/en/at43/shooting.cover")
	title, _ := s.textUntil(t, "h1", nonEmpty)
	s.do(t, chromedp.Click(chromedp.CSS("button.bookmark")))
	s.poll(t, `document.querySelector("button.bookmark").getAttribute("aria-pressed") === "true"`, "the bookmark to toggle")

	s.open(t, "/en/settings")
	if got, ok := s.textUntil(t, ".settings .marks", has(title)); !ok {
		t.Errorf("bookmarks list %q lacks the section", got)
	}
	s.do(t, chromedp.Click(chromedp.ID("theme-dark")))
	s.poll(t, `document.documentElement.dataset.theme === "dark"`, "the dark theme")
	s.do(t, chromedp.Click(chromedp.CSS(`.stepper button.step:last-child`)))
	const larger = `Math.abs(parseFloat(getComputedStyle(document.documentElement).fontSize) - 16 * 1.12) < 0.01`
	s.poll(t, larger, "larger text")
	s.screenshot(t, "settings-dark")

	// Both survive a reload, applied before the wasm runs.
	s.do(t, chromedp.Navigate(s.url("/en/at43?wasm=false")))
	s.poll(t, `document.readyState === "complete"`, "the page")
	if theme := eval[string](t, s, `document.documentElement.dataset.theme || ""`); theme != "dark" {
		t.Errorf("theme after reload = %q, want dark", theme)
	}
	if !eval[bool](t, s, larger) {
		t.Errorf("text size after reload: root at %s, want 112%% of 16px", eval[string](t, s, `getComputedStyle(document.documentElement).fontSize`))
	}
}

// TestTextSizeCappedNote: with the browser's own text at 200%, the app's
// larger sizes change nothing (the root stops at 32 px), and the settings
// say so, in both languages; at the browser's usual size they do not.
func TestTextSizeCappedNote(t *testing.T) {
	for _, lang := range []string{"en", "fr"} {
		t.Run(lang, func(t *testing.T) {
			s := newSession(t, 360, 740)
			s.open(t, "/"+lang+"/settings")
			s.do(t, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`localStorage.setItem(%s, JSON.stringify({textSize: 150}))`, prefsKeyJS)))
			s.open(t, "/"+lang+"/settings")
			if eval[bool](t, s, `!!document.getElementById("text-size-note")`) {
				t.Error("the note shows at the browser's usual text size")
			}
			if _, err := chromedp.Call(s.ctx, page.SetFontSizes, page.SetFontSizesParams{FontSizes: &page.FontSizes{Standard: 32, Fixed: 26}}); err != nil {
				t.Fatal(err)
			}
			s.open(t, "/"+lang+"/settings")
			s.poll(t, `!!document.getElementById("text-size-note")`, "the note at 200% browser text")
			want := i18n.T(lang, i18n.TextSizeCapped)
			if got, ok := s.textUntil(t, "#text-size-note", is(want)); !ok {
				t.Errorf("note %q, want %q", got, want)
			}
			s.screenshot(t, "settings-text-capped-"+lang)
		})
	}
}
