package browser

import (
	"bytes"
	"compress/zlib"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// pdfPage matches a page object of a PDF, not the /Pages tree above them;
// pdfStream matches a stream's data.
var (
	pdfPage   = regexp.MustCompile(`/Type\s*/Page\b`)
	pdfStream = regexp.MustCompile(`(?s)stream\r?\n(.*?)\r?\nendstream`)
)

// pdfPages counts the pages of a PDF from its bytes: its page objects,
// written as they are (Chromium, WebKit) or packed in compressed streams
// (Firefox), which it inflates.
func pdfPages(b []byte) int {
	n := len(pdfPage.FindAll(b, -1))
	for _, m := range pdfStream.FindAllSubmatch(b, -1) {
		r, err := zlib.NewReader(bytes.NewReader(m[1]))
		if err != nil {
			continue
		}
		// A stream that is not zlib, or not whole, counts for what of it
		// inflates.
		data, _ := io.ReadAll(r)
		n += len(pdfPage.FindAll(data, -1))
	}
	return n
}

// printPDF prints the page as Chromium's print preview would on A4, with
// the page size and margins of the style sheet, and keeps it (keepPDF).
func (s *session) printPDF(t *testing.T, name string) []byte {
	t.Helper()
	pdf, err := chromedp.Run(s.ctx, chromedp.PrintToPDF(chromedp.PDFPaper(chromedp.PaperA4), chromedp.PDFPreferCSSPageSize()))
	if err != nil {
		t.Fatal(err)
	}
	keepPDF(t, name, pdf)
	return pdf
}

// keepPDF keeps a printed page in build/out/print/name.pdf; with pdftoppm
// installed (poppler-utils), also each page as
// build/out/screenshots/print-name-N.png, at 80 dpi.
func keepPDF(t *testing.T, name string, pdf []byte) {
	t.Helper()
	dir := filepath.Join("..", "out", "print")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, name+".pdf")
	if err := os.WriteFile(file, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := exec.LookPath("pdftoppm"); err == nil {
		shots := filepath.Join("..", "out", "screenshots")
		if err := os.MkdirAll(shots, 0o755); err != nil {
			t.Fatal(err)
		}
		if out, err := exec.Command("pdftoppm", "-png", "-r", "80", file, filepath.Join(shots, "print-"+name)).CombinedOutput(); err != nil {
			t.Logf("pdftoppm %s: %v %s", file, err, out)
		}
	}
}

// cardPages is how many pages each game's reference card prints on: one
// sheet, both sides. d10's card, its quick reference, takes two pages too,
// at the size the other cards are printed.
var cardPages = map[string]int{"at43": 2, "at44": 2, "d10": 2}

// minCardPoints is the smallest type a printed card may use: below it, a
// table at arm's length is no longer read at a glance.
const minCardPoints = 8.0

// smallestPrintedText finds, under print media, the card's shown text in a
// font smaller than minCardPoints (a CSS px is 3/4 pt): "" when there is
// none, or the size and the start of the text.
var smallestPrintedText = fmt.Sprintf(`(()=>{
	const min = %g * 96 / 72 - 0.01;
	for (const e of document.querySelectorAll(".refcard *")) {
		const text = [...e.childNodes].filter(n => n.nodeType === 3).map(n => n.textContent).join("").trim();
		if (!text || e.getClientRects().length === 0) continue;
		const px = parseFloat(getComputedStyle(e).fontSize);
		if (px < min) return (px * 72 / 96).toFixed(2) + " pt: " + e.tagName + " " + text.slice(0, 40);
	}
	return "";
})()`, minCardPoints)

// TestReferenceCards opens each game's reference card in each language on
// a 360 px phone, where it must not scroll sideways, then prints it to PDF
// on A4 and counts the pages: each side of the card is one page, never
// more, and no text of it prints under minCardPoints.
func TestReferenceCards(t *testing.T) {
	s := newSession(t, 360, 740)
	for _, game := range []string{"at43", "at44", "d10"} {
		for _, lang := range []string{"en", "fr"} {
			t.Run(game+"/"+lang, func(t *testing.T) {
				s.open(t, "/"+lang+"/"+game+"/card")
				if n, ok := readUntil(t, s, `document.querySelectorAll(".refcard-side").length`, is(cardPages[game])); !ok {
					t.Fatalf("the card has %d sides, want %d", n, cardPages[game])
				}
				if w, ok := readUntil(t, s, `document.documentElement.scrollWidth - innerWidth`, atMost(0.0)); !ok {
					t.Errorf("the card scrolls sideways by %.0f px at 360 px; widest: %s", w, eval[string](t, s, widest))
				}
				s.screenshot(t, "card-"+game+"-"+lang)
				if game != "d10" {
					eval[bool](t, s, `(document.getElementById("card-hits").scrollIntoView(), true)`)
					s.screenshot(t, "card-"+game+"-"+lang+"-hits")
					eval[bool](t, s, `(window.scrollTo(0, 0), true)`)
				}
				s.withPrintMedia(t, func() {
					if small, ok := readUntil(t, s, smallestPrintedText, is("")); !ok {
						t.Errorf("the card prints text under %g pt: %s", minCardPoints, small)
					}
					s.checkPrintedSides(t)
				})
				pdf := s.printPDF(t, "card-"+game+"-"+lang)
				if n := pdfPages(pdf); n != cardPages[game] {
					t.Errorf("the card prints on %d A4 pages, want %d (one per side)", n, cardPages[game])
				}
			})
		}
	}
}

// printedSidesJS measures each side of the card as printed (print media):
// the blocks, and the parts of blocks of rules text, that run past the
// side's box, which a page would cut off; and the room left at the foot
// of each column, in mm. The first column's room is what the next item
// did not fit in; the second's is what the side has left.
const printedSidesJS = `[...document.querySelectorAll(".refcard-side")].map(side => {
	const mm = px => Math.round(px * 254 / 96) / 10;
	const name = e => e.id || e.tagName.toLowerCase() + " «" + e.textContent.trim().slice(0, 40) + "»";
	const box = side.getBoundingClientRect();
	const top = box.top + parseFloat(getComputedStyle(side).paddingTop);
	const foot = [top, top], past = [];
	for (const e of side.querySelectorAll(":scope > :not(h2), :scope > .refcard-text > *")) {
		if (getComputedStyle(e).display === "contents") continue;
		const r = e.getBoundingClientRect();
		if (r.right > box.right + 1 || r.bottom > box.bottom + 1) past.push(name(e));
		const col = r.left < box.left + box.width / 2 ? 0 : 1;
		foot[col] = Math.max(foot[col], r.bottom + parseFloat(getComputedStyle(e).marginBottom));
	}
	return {side: side.querySelector("h2").textContent, past, room: foot.map(f => mm(box.bottom - f))};
})`

// A printedSide is what printedSidesJS measures of one side.
type printedSide struct {
	Side string
	Past []string
	Room []float64
}

// withPrintMedia runs f with the page laid out for print.
func (s *session) withPrintMedia(t *testing.T, f func()) {
	t.Helper()
	if _, err := chromedp.Call(s.ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: "print"}); err != nil {
		t.Fatal(err)
	}
	f()
	if _, err := chromedp.Call(s.ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{}); err != nil {
		t.Fatal(err)
	}
}

// checkPrintedSides checks each side of a card laid out for print:
// nothing runs past its box; it logs the room left in each column. The
// box has the same size in mm in every engine (web/print.css), so what
// fits here fits in Firefox and WebKit, whose print tests count the pages
// and look for each block on its page.
func (s *session) checkPrintedSides(t *testing.T) {
	t.Helper()
	// Read once the print layout has settled: no side runs past its box.
	sides, _ := readUntil(t, s, printedSidesJS, func(sides []printedSide) bool {
		return len(sides) > 0 && !slices.ContainsFunc(sides, func(side printedSide) bool { return len(side.Past) > 0 })
	})
	for _, side := range sides {
		if len(side.Past) > 0 {
			t.Errorf("side %q: %s run past the printed page; move a block to the other side or shorten it", side.Side, strings.Join(side.Past, ", "))
		}
		t.Logf("side %q: room left %.0f mm at the foot of the first column, %.0f mm of the second", side.Side, side.Room[0], side.Room[1])
	}
}

// TestReferenceCardsInEveryTheme opens each card at 360 px in the other
// themes, the red one at 150% text: the page never scrolls sideways.
func TestReferenceCardsInEveryTheme(t *testing.T) {
	s := newSession(t, 360, 740)
	s.open(t, "/en/at43")
	for _, look := range []struct {
		theme string
		size  int
	}{{"light", 100}, {"dark", 100}, {"red", 150}} {
		s.do(t, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`localStorage.setItem(%s, JSON.stringify({theme:%q, textSize:%d}))`, prefsKeyJS, look.theme, look.size)))
		for game := range cardPages {
			for _, lang := range []string{"en", "fr"} {
				s.open(t, "/"+lang+"/"+game+"/card")
				if got, ok := readUntil(t, s, `document.documentElement.dataset.theme||""`, is(look.theme)); !ok {
					t.Fatalf("theme %q, want %q", got, look.theme)
				}
				if w, ok := readUntil(t, s, `document.documentElement.scrollWidth - innerWidth`, atMost(0.0)); !ok {
					t.Errorf("%s %s at %d%%: the %s card scrolls sideways by %.0f px; widest: %s", look.theme, lang, look.size, game, w, eval[string](t, s, widest))
				}
			}
		}
		s.open(t, "/fr/at43/card")
		s.screenshot(t, "card-at43-fr-"+look.theme)
	}
	s.do(t, chromedp.Evaluate[chromedp.Void](`localStorage.removeItem(`+prefsKeyJS+`)`))
}

// TestReferenceCardOffline opens a card never visited before once the
// server is gone: the worker's shell starts the client, which draws the
// card from the library and the engine it carries; it still prints on two
// pages.
func TestReferenceCardOffline(t *testing.T) {
	s := newSession(t, 360, 740)
	s.open(t, "/")
	s.poll(t, `navigator.serviceWorker.controller !== null`, "the service worker to control the page")
	s.poll(t, `(async()=>{const r=await navigator.serviceWorker.getRegistration();return !!(r&&r.active&&r.active.state==="activated")})()`, "the worker to activate")
	s.srv.Close()

	const card = "/fr/at44/card"
	s.open(t, card)
	if p, ok := readUntil(t, s, `location.pathname`, is(card)); !ok {
		t.Fatalf("offline, %s landed on %s", card, p)
	}
	if n, ok := readUntil(t, s, `document.querySelectorAll(".refcard-side .refcard-table").length`, atLeast(5)); !ok {
		t.Fatalf("offline, the card shows %d tables", n)
	}
	if n := pdfPages(s.printPDF(t, "card-at44-fr-offline")); n != cardPages["at44"] {
		t.Errorf("offline, the card prints on %d pages, want %d", n, cardPages["at44"])
	}
}

// TestAxeReferenceCard runs axe-core on a card in each language, in the
// light and the dark theme.
func TestAxeReferenceCard(t *testing.T) {
	s := newSession(t, 360, 740)
	src := axeSource(t)
	s.open(t, "/en/about")
	for _, theme := range []string{"light", "dark"} {
		s.do(t, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`localStorage.clear(); localStorage.setItem(%s, JSON.stringify({theme: %q}))`, prefsKeyJS, theme)))
		for _, path := range []string{"/en/at43/card", "/fr/at44/card", "/fr/d10/card"} {
			s.open(t, path)
			if v := s.axeReport(t, src); len(v) > 0 {
				t.Errorf("axe-core on %s (%s):\n%s", path, theme, strings.Join(v, "\n"))
			}
		}
	}
}

// TestReferenceCardUnderBase opens a card of the site built for a
// sub-path: its links stay under it, and it prints on two pages.
func TestReferenceCardUnderBase(t *testing.T) {
	dir := baseSiteDir(t)
	s := newSessionWith(t, 360, 740, func(string) http.Handler { return NewHost(dir, HostOptions{Base: subBase}) })
	s.open(t, subBase+"/fr/at43")
	if href, ok := readUntil(t, s, `(document.querySelector(".contents a.card-link")||{}).pathname||""`, is(subBase+"/fr/at43/card")); !ok {
		t.Errorf("the contents link to the card at %q", href)
	}
	s.open(t, subBase+"/fr/at43/card")
	if n, ok := readUntil(t, s, `document.querySelectorAll(".refcard-side").length`, is(cardPages["at43"])); !ok {
		t.Fatalf("the card under %s has %d sides", subBase, n)
	}
	if out, ok := readUntil(t, s, `[...document.querySelectorAll("main a[href^='/']")].filter(a=>!a.getAttribute("href").startsWith(`+fmt.Sprintf("%q", subBase+"/")+`)).length`, is(0)); !ok {
		t.Errorf("%d links of the card leave %s", out, subBase)
	}
	if n := pdfPages(s.printPDF(t, "card-at43-fr-sub")); n != cardPages["at43"] {
		t.Errorf("the card prints on %d pages, want %d", n, cardPages["at43"])
	}
}

// TestCardLinks finds the way to each card from the game's contents and
// from the home page, in both languages.
func TestCardLinks(t *testing.T) {
	s := newSession(t, 360, 740)
	for _, lang := range []string{"en", "fr"} {
		for game := range cardPages {
			s.open(t, "/"+lang+"/"+game)
			want := "/" + lang + "/" + game + "/card"
			if !s.holds(t, fmt.Sprintf(`[...document.querySelectorAll(".contents a.card-link")].some(a=>a.pathname===%q)`, want)) {
				t.Errorf("the contents of %s in %s have no link to %s", game, lang, want)
			}
		}
		s.do(t, chromedp.Navigate(s.url("/?lang="+lang+"&wasm=false")))
		s.poll(t, `document.readyState === "complete"`, "the home page")
		if n := eval[int](t, s, `document.querySelectorAll(".landing a.card-link").length`); n != len(cardPages) {
			t.Errorf("the %s home page links to %d cards, want %d", lang, n, len(cardPages))
		}
	}
}

// hiddenInPrint are the parts of the screen a printed page leaves out.
var hiddenInPrint = []string{"header.top", ".bottom", "#search-open", ".skip", ".section-calcs", "button.bookmark"}

// TestPrintStyles emulates print media on a rules section and a card, in
// every theme: the header, the bottom bar and the buttons are gone, the
// page is black on white, tables do not break, links print as text. It
// prints the section to PDF in both languages for a look.
func TestPrintStyles(t *testing.T) {
	s := newSession(t, 360, 740)
	for _, theme := range []string{"system", "light", "dark", "red"} {
		t.Run(theme, func(t *testing.T) {
			s.open(t, "/en/at43")
			s.do(t, chromedp.Evaluate[chromedp.Void](`localStorage.setItem(`+prefsKeyJS+`, JSON.stringify({theme:`+fmt.Sprintf("%q", theme)+`}))`))
			for _, page := range []string{"/en/at43/shooting.cover", "/fr/at44/card"} {
				s.do(t, chromedp.Navigate(s.url(page)))
				s.waitApp(t)
				if _, err := chromedp.Call(s.ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: "print"}); err != nil {
					t.Fatal(err)
				}
				for _, sel := range hiddenInPrint {
					if shown, ok := readUntil(t, s, fmt.Sprintf(`(e=>e?getComputedStyle(e).display:"none")(document.querySelector(%q))`, sel), is("none")); !ok {
						t.Errorf("%s: %s shows in print (display %s)", page, sel, shown)
					}
				}
				if got, ok := readUntil(t, s, `getComputedStyle(document.body).backgroundColor + " " + getComputedStyle(document.querySelector("h1")).color`, is("rgb(255, 255, 255) rgb(0, 0, 0)")); !ok {
					t.Errorf("%s: printed background and title %s, want white and black", page, got)
				}
				if n, ok := readUntil(t, s, `[...document.querySelectorAll("table, .table-frame, figure")].filter(e=>getComputedStyle(e).breakInside!=="avoid").length`, is(0)); !ok {
					t.Errorf("%s: %d tables or figures may break across pages", page, n)
				}
				if n, ok := readUntil(t, s, `[...document.querySelectorAll("main a")].filter(a=>getComputedStyle(a).color!=="rgb(0, 0, 0)"||getComputedStyle(a).textDecorationLine!=="none").length`, is(0)); !ok {
					t.Errorf("%s: %d links do not print as plain text", page, n)
				}
				if _, err := chromedp.Call(s.ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{}); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
	s.do(t, chromedp.Evaluate[chromedp.Void](`localStorage.removeItem(`+prefsKeyJS+`)`))
	for _, lang := range []string{"en", "fr"} {
		s.open(t, "/"+lang+"/at43/shooting.cover")
		if n := pdfPages(s.printPDF(t, "section-"+lang)); n < 1 {
			t.Errorf("%s: the section printed no page", lang)
		}
	}
	// An address outside the app prints beside its link.
	s.open(t, "/en/about")
	if ext := eval[int](t, s, `document.querySelectorAll("main a[href^='http']").length`); ext > 0 {
		if _, err := chromedp.Call(s.ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: "print"}); err != nil {
			t.Fatal(err)
		}
		if got, ok := readUntil(t, s, `getComputedStyle(document.querySelector("main a[href^='http']"), "::after").content`, has("http")); !ok {
			t.Errorf("an external link prints without its address (::after %s)", got)
		}
	}
}
