package browser

import (
	"fmt"
	"testing"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// overflowing names the elements whose right edge is past the window's,
// outside any box that scrolls or clips sideways (a table's frame), the
// outermost of each offending branch only, with their right edge.
const overflowing = `(()=>{
	const w = document.documentElement.clientWidth, out = [];
	const clipped = e => { for (let p = e.parentElement; p && p !== document.body; p = p.parentElement) { if (/auto|scroll|hidden|clip/.test(getComputedStyle(p).overflowX)) return true } return false };
	let last = null;
	for (const e of document.querySelectorAll("body *")) {
		if (last && last.contains(e)) continue;
		const r = e.getBoundingClientRect();
		if (r.width === 0 || r.right <= w + 0.5 || clipped(e)) continue;
		last = e;
		out.push(e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") + (typeof e.className === "string" && e.className ? "." + e.className.trim().split(/\s+/).join(".") : "") +
			" ends at " + Math.round(r.right) + " (" + JSON.stringify((e.textContent || "").trim().slice(0, 40)) + ")");
	}
	return out.slice(0, 8);
})()`

// cutLabels lists the bottom bar's labels whose text starts left of their
// box, which a centred flex box does to a word too long for it.
const cutLabels = `[...document.querySelectorAll(".bottom a")].filter(a => {
	const r = document.createRange();
	r.selectNodeContents(a);
	return r.getBoundingClientRect().left < a.getBoundingClientRect().left - 1;
}).map(a => a.textContent)`

// clippedLabels lists the bottom bar's labels whose text is wider or
// taller than their box, or ends in an ellipsis: cut short.
const clippedLabels = `[...document.querySelectorAll(".bottom a:not(.prev):not(.next)")].filter(a => {
	const r = document.createRange();
	r.selectNodeContents(a);
	const t = r.getBoundingClientRect(), b = a.getBoundingClientRect();
	return t.right > b.right + 1 || t.bottom > b.bottom + 1 || getComputedStyle(a).textOverflow == "ellipsis" && a.scrollWidth > a.clientWidth;
}).map(a => a.textContent)`

// fitPages are the pages the reader is most likely to read at large text:
// every glossary, whose long terms were the widest, the home page, a long
// section with tables and a calculator.
var fitPages = []string{
	"/?lang=%s",
	"/%s/at43/glossary", "/%s/at44/glossary", "/%s/d10/glossary",
	"/%s/at43/damage.vehicles",
	"/calc/shoot?game=at44&lang=%s",
}

// fitShots names the screenshots of some of fitPages at 200% browser text.
var fitShots = map[string]string{
	"/%s/at43/glossary":        "glossary-at43",
	"/%s/at44/glossary":        "glossary-at44",
	"/%s/at43/damage.vehicles": "section",
}

// TestLargeTextFits reads every page of fitPages on a 360 px phone, in
// English and French, with the browser's text at 200% (its default font
// size setting, which the page's rem and em follow) and with the app's own
// largest text size: no page may scroll sideways, and no element may reach
// past the window's right edge outside a box that scrolls on its own.
func TestLargeTextFits(t *testing.T) {
	s := newSession(t, 360, 740)
	sizes := []struct {
		name    string
		browser int64 // the browser's default font size, px
		app     int   // the app's text size setting, %
	}{
		{"browser text 200%", 32, 100},
		{"app text at its largest", 16, 150},
		// The app's setting enlarges up to 32 px: here it adds nothing.
		{"browser text 200% and the app's largest", 32, 150},
	}
	for _, size := range sizes {
		t.Run(size.name, func(t *testing.T) {
			if _, err := chromedp.Call(s.ctx, page.SetFontSizes, page.SetFontSizesParams{FontSizes: &page.FontSizes{Standard: size.browser, Fixed: size.browser * 13 / 16}}); err != nil {
				t.Fatal(err)
			}
			s.open(t, "/en/about")
			s.do(t, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`localStorage.setItem(%s, JSON.stringify({textSize: %d}))`, prefsKeyJS, size.app)))
			for _, lang := range []string{"en", "fr"} {
				for _, p := range fitPages {
					path := fmt.Sprintf(p, lang)
					s.open(t, path)
					// The page's root size is the browser's times the app's,
					// enlarged by the app's setting up to 32 px at most.
					want := float64(size.browser) * float64(size.app) / 100
					if size.app > 100 {
						want = max(float64(size.browser), min(want, 32))
					}
					if got, ok := readUntil(t, s, `parseFloat(getComputedStyle(document.documentElement).fontSize)`, is(want)); !ok {
						t.Fatalf("%s: root font size %.1f px, want %.1f", path, got, want)
					}
					if w, ok := readUntil(t, s, `document.documentElement.scrollWidth - document.documentElement.clientWidth`, atMost(0.0)); !ok {
						t.Errorf("%s scrolls sideways by %.0f px", path, w)
					}
					if list, ok := readUntil(t, s, overflowing, none); !ok {
						t.Errorf("%s: past the right edge: %q", path, list)
					}
					// A bottom bar label too long for its room wraps: it
					// loses neither its start nor its end.
					// The header, which stays on screen, leaves the page at
					// least three quarters of it (it took three rows, a
					// quarter and more, at 200%).
					if h, ok := readUntil(t, s, `document.querySelector("header.top").getBoundingClientRect().height`, atMost(740/4.0)); !ok {
						t.Errorf("%s: the header takes %.0f px of 740", path, h)
					}
					if cut, ok := readUntil(t, s, cutLabels, none); !ok {
						t.Errorf("%s: bottom bar labels cut at their start: %q", path, cut)
					}
					if cut, ok := readUntil(t, s, clippedLabels, none); !ok {
						t.Errorf("%s: bottom bar labels clipped: %q", path, cut)
					}
					if size.browser == 32 && p == "/%s/at43/damage.vehicles" {
						s.screenshot(t, "text-200-bottom-bar-"+lang)
					}
					if shot, ok := fitShots[p]; ok && size.browser == 32 {
						// A glossary entry's links, which once ran off the
						// screen.
						s.do(t, chromedp.Evaluate[chromedp.Void](`(()=>{const p=[...document.querySelectorAll(".glossary .see")].find(p=>p.children.length>2);if(p)p.scrollIntoView({block:"center",behavior:"instant"})})()`))
						s.screenshot(t, "text-200-"+shot+"-"+lang)
					}
				}
			}
		})
	}
	if _, err := chromedp.Call(s.ctx, page.SetFontSizes, page.SetFontSizesParams{FontSizes: &page.FontSizes{Standard: 16, Fixed: 13}}); err != nil {
		t.Fatal(err)
	}
	s.do(t, chromedp.Evaluate[chromedp.Void](`localStorage.clear()`))
}
