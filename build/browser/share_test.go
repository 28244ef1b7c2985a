package browser

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestShareQRAndHistory shares a calculation (the copy path: headless
// Chromium has no share sheet), shows its QR code, then reopens one of two
// recent calculations from the list, survives a refused save, and clears
// the list; with screenshots in English and French.
func TestShareQRAndHistory(t *testing.T) {
	s := newSession(t, 360, 740)
	s.open(t, "/calc/shoot?game=at44&n=6&rate=1&rr=1&acc=4&range=2&pen=7&dmg=1&target=inf&prot=4&size=8&lang=en")
	result(t, s)
	// Record what is copied instead of asking the system clipboard.
	stub := `Object.defineProperty(navigator, "share", {value: undefined, configurable: true});
		Object.defineProperty(navigator, "clipboard", {value: {writeText: t => { window.copied = t; return Promise.resolve() }}, configurable: true}); true`
	eval[bool](t, s, stub)
	s.do(t, chromedp.Click(chromedp.ID("calc-share")))
	s.poll(t, `!!window.copied`, "the link on the clipboard")
	copied := eval[string](t, s, `window.copied`)
	if !eval[bool](t, s, `(() => { const u = new URL(window.copied); const q = u.searchParams;
		return u.origin === location.origin && u.pathname === "/calc/shoot" && q.get("n") === "6" && q.get("game") === "at44" && q.get("lang") === "en" && q.get("pen") === "7" })()`) {
		t.Errorf("copied %q, not this calculation's absolute link", copied)
	}
	s.poll(t, `document.querySelector(".share-said").textContent.includes("Link copied")`, "the confirmation")

	s.do(t, chromedp.Click(chromedp.ID("calc-qr-toggle")))
	s.poll(t, `document.querySelectorAll("#calc-qr svg path.qr-ink").length === 1`, "the QR code")
	// Dark modules on a light ground, whatever the theme.
	if !s.holds(t, `getComputedStyle(document.querySelector("#calc-qr .qr-paper")).fill === "rgb(255, 255, 255)"`) {
		t.Error("the QR code's ground is not white in the light theme")
	}
	s.do(t, chromedp.Evaluate[chromedp.Void](`document.getElementById("calc-share").scrollIntoView({behavior: "instant"})`))
	s.screenshot(t, "share-qr-en")
	// In the dark theme too: the theme's light text colour is the ground.
	eval[bool](t, s, `document.documentElement.setAttribute("data-theme", "dark"); true`)
	if !s.holds(t, `(() => { const lum = c => c.match(/\d+/g).slice(0, 3).reduce((a, b) => a + +b, 0);
		const q = document.querySelector("#calc-qr"); return lum(getComputedStyle(q.querySelector(".qr-paper")).fill) > 600 && lum(getComputedStyle(q.querySelector(".qr-box")).color) < 150 })()`) {
		t.Error("the QR code is not dark on light in the dark theme")
	}
	s.do(t, chromedp.Evaluate[chromedp.Void](`document.getElementById("calc-qr").scrollIntoView({behavior: "instant"})`))
	s.screenshot(t, "share-qr-dark-en")
	eval[bool](t, s, `document.documentElement.removeAttribute("data-theme"); true`)

	// Two calculations, then reopen the first from the list.
	s.do(t, chromedp.Click(chromedp.CSS(`[data-step='n'][data-dir='up']`)))
	s.poll(t, `document.querySelectorAll("#calc-history li").length === 1`, "the first calculation in the history")
	s.open(t, "/calc/morale?game=at44&lang=en")
	s.poll(t, `document.querySelectorAll("#calc-history li").length === 1`, "the history after a reload")
	s.do(t, chromedp.Click(chromedp.CSS(`[data-step='activations'][data-dir='up']`)))
	s.poll(t, `document.querySelectorAll("#calc-history li").length === 2`, "the second calculation in the history")
	if first, ok := s.textUntil(t, "#calc-history li:first-child a", func(first string) bool { return strings.Contains(first, "AT-44") && !strings.Contains(first, "hoot") }); !ok {
		t.Errorf("newest entry %q, want the morale test first", first)
	}
	s.do(t, chromedp.Evaluate[chromedp.Void](`document.getElementById("calc-history").scrollIntoView({behavior: "instant"})`))
	s.screenshot(t, "history-en")
	s.do(t, chromedp.Click(chromedp.CSS(`#calc-history li:nth-child(2) a`)))
	s.poll(t, `location.pathname === "/calc/shoot" && new URLSearchParams(location.search).get("n") === "7"`, "the reopened link")
	s.poll(t, `document.getElementById("f-n").value === "7"`, "the reopened link's values")
	s.poll(t, `scrollY === 0`, "the smooth scroll to the top to end") // or the next tap misses

	// A refused save keeps the list and says so.
	eval[bool](t, s, `(() => { const set = Storage.prototype.setItem; Storage.prototype.setItem = function(k, v) {
		if (k === "at4x:/:history") throw new DOMException("full", "QuotaExceededError"); return set.call(this, k, v) }; window.restoreSet = () => Storage.prototype.setItem = set; return true })()`)
	s.do(t, chromedp.Click(chromedp.CSS(`[data-step='n'][data-dir='up']`)))
	s.pollOr(t, `document.querySelectorAll("#calc-history li").length === 3 && !!document.querySelector("#calc-history .note")`, "the unsaved list with its note",
		`document.getElementById("calc-history").textContent + "; address " + location.search`)
	eval[bool](t, s, `window.restoreSet(); true`)

	s.do(t, chromedp.Click(chromedp.ID("history-clear")))
	s.poll(t, `!document.querySelector("#calc-history li") && localStorage.getItem("at4x:/:history") === null`, "an empty history")

	// French: the same in the page's language.
	s.open(t, "/calc/shoot?game=at44&n=4&lang=fr")
	result(t, s)
	eval[bool](t, s, stub)
	s.do(t, chromedp.Click(chromedp.ID("calc-share")))
	s.poll(t, `document.querySelector(".share-said").textContent.includes("Lien copié")`, "the French confirmation")
	s.do(t, chromedp.Click(chromedp.ID("calc-qr-toggle")))
	s.poll(t, `!!document.querySelector("#calc-qr svg")`, "the QR code")
	s.do(t, chromedp.Evaluate[chromedp.Void](`document.getElementById("calc-share").scrollIntoView({behavior: "instant"})`))
	s.screenshot(t, "share-qr-fr")
	s.do(t, chromedp.Click(chromedp.CSS(`[data-step='n'][data-dir='up']`)))
	s.poll(t, `document.querySelectorAll("#calc-history li").length === 1`, "a French calculation in the history")
	if got, ok := s.textUntil(t, "#calc-history h2", is("Calculs récents")); !ok {
		t.Errorf("history title %q", got)
	}
	s.do(t, chromedp.Evaluate[chromedp.Void](`document.getElementById("calc-history").scrollIntoView({behavior: "instant"})`))
	s.screenshot(t, "history-fr")
}
