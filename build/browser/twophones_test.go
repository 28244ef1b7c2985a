package browser

import (
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// The calculator between two phones (issue 23): the opponent opening a
// share link sees what the sender sees, in the opponent's own language;
// the history holds calculations; a salvos link with a gap works; the
// results under the fields are never a blank block.

// prefers are the browser languages of a reader of each language.
var prefers = map[string]string{"en": "en-GB,en", "fr": "fr-FR,fr"}

// stubShare makes Share copy into window.copied: headless Chromium has no
// share sheet, and the system clipboard is not the test's to read.
const stubShare = `Object.defineProperty(navigator, "share", {value: undefined, configurable: true});
	Object.defineProperty(navigator, "clipboard", {value: {writeText: t => { window.copied = t; return Promise.resolve() }}, configurable: true}); true`

// stepUp taps a stepper's + and waits for its field to show want.
func (s *session) stepUp(t *testing.T, key string, want int) {
	t.Helper()
	s.do(t, chromedp.Click(chromedp.CSS(fmt.Sprintf(`[data-step=%q][data-dir="up"]`, key))))
	s.poll(t, fmt.Sprintf(`document.getElementById(%q).value === "%d"`, "f-"+key, want), key+" at "+strconv.Itoa(want))
}

// TestShareLinkSameAnswerOnAnotherPhone builds a calculation by taps (the
// audit's AT-44 rifle squad, Weapons 1 to 6, then a what-if, a bar and the
// other game), shares it, and opens the link in a second, fresh browser
// profile: the headline, the what-if's answer, the bar's figures and the
// fields are exactly the sender's. The address and the history's entry
// are that link too.
func TestShareLinkSameAnswerOnAnotherPhone(t *testing.T) {
	for _, lang := range []string{"en", "fr"} {
		t.Run(lang, func(t *testing.T) {
			s := newSessionPreferring(t, 360, 740, prefers[lang])
			s.open(t, "/calc/shoot?game=at44&n=1&rate=1&rr=1&acc=4&range=2&pen=7&dmg=1&target=inf&prot=4&size=8&lang="+lang)
			result(t, s)
			for n := 2; n <= 6; n++ {
				s.stepUp(t, "n", n)
			}
			s.showResults(t)
			s.do(t, chromedp.Click(chromedp.ID("whatif-faw")))
			s.poll(t, `!!document.getElementById("whatif-result")`, "the what-if's answer")
			s.do(t, chromedp.Click(chromedp.CSS(`[id="chart-now/0"] rect.hit[data-i="2"]`)))
			picked := `document.getElementById("chart-now/0").nextElementSibling.textContent`
			s.poll(t, picked+`.includes("%")`, "the bar's figures")
			s.do(t, chromedp.Click(chromedp.ID("compare")))
			s.poll(t, `document.querySelectorAll(".sides .side").length === 2`, "the other game beside")
			s.poll(t, `new URLSearchParams(location.search).get("compare") === "1"`, "the view in the address")

			eval[bool](t, s, stubShare)
			s.do(t, chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`))
			s.do(t, chromedp.Click(chromedp.ID("calc-share")))
			s.poll(t, `!!window.copied`, "the link on the clipboard")
			copied := eval[string](t, s, `window.copied`)
			u, err := url.Parse(copied)
			if err != nil {
				t.Fatal(err)
			}
			q := u.Query()
			// Opened at 1 weapon, the headline's threshold followed the
			// values to 6 weapons' own, which the link needs not say.
			for k, want := range map[string]string{"n": "6", "whatif": "faw", "compare": "1", "bar": "0.2", "lang": lang} {
				if got := q.Get(k); got != want {
					t.Errorf("the link's %s is %q, want %q (%s)", k, got, want, copied)
				}
			}
			if q.Has("atleast") {
				t.Errorf("the link holds a threshold the reader did not choose: %s", copied)
			}
			// The address and the history keep the link without the
			// sender's figures (ans), which only a link handed out carries.
			if !ansOf.MatchString(copied) {
				t.Errorf("the shared link carries no figures of the sender's: %s", copied)
			}
			s.poll(t, fmt.Sprintf(`location.href === %q`, withoutClaim(copied)), "the address to be the shared link")
			s.poll(t, fmt.Sprintf(`(document.querySelector("#calc-history li a")||{}).href === %q`, withoutClaim(copied)), "the shared link first in the history")

			headline, ok := s.textUntil(t, "#calc-sentence", func(h string) bool { return !strings.Contains(h, " 1.") && strings.Contains(h, "%") })
			if !ok {
				t.Errorf("headline %q, want the chance of 6 weapons' own threshold, not of at least 1", headline)
			}
			whatIf := s.text(t, "#whatif-result")
			bar := eval[string](t, s, picked)
			s.screenshot(t, "share-sender-"+lang)

			// The opponent's phone: another profile, never used.
			o := newSessionPreferring(t, 360, 740, prefers[lang])
			o.open(t, u.RequestURI())
			o.poll(t, `document.getElementById("calc-sentence").textContent.includes("%")`, "the opponent's headline")
			if got, ok := o.textUntil(t, "#calc-sentence", is(headline)); !ok {
				t.Errorf("the opponent reads %q, the sender %q", got, headline)
			}
			o.screenshot(t, "share-opponent-"+lang)
			if got, ok := readUntil(t, o, `document.getElementById("f-n").value`, is("6")); !ok {
				t.Errorf("the opponent's Weapons show %s", got)
			}
			o.showResults(t)
			o.poll(t, `!!document.getElementById("whatif-result") && document.querySelectorAll(".sides .side").length === 2`, "the opponent's what-if and comparison")
			if got, ok := o.textUntil(t, "#whatif-result", is(whatIf)); !ok {
				t.Errorf("the opponent's what-if %q, the sender's %q", got, whatIf)
			}
			if got, ok := readUntil(t, o, picked, is(bar)); !ok {
				t.Errorf("the opponent's bar %q, the sender's %q", got, bar)
			}
			if !o.holds(t, `document.getElementById("whatif-faw").checked && document.getElementById("compare").checked`) {
				t.Error("the opponent's what-if or comparison is not ticked")
			}
		})
	}
}

// TestReaderLanguageWins opens calculator links in browsers of readers of
// either language: the reader's choice wins, then the browser's preferred
// languages, and the link's lang only where neither says; the
// placeholder before the client starts is in the reader's language only.
func TestReaderLanguageWins(t *testing.T) {
	const link = "/calc/shoot?game=at43&n=6&acc=4&lang="
	headlineIn := map[string]string{"en": "Expect ", "fr": "En moyenne "}
	inLang := func(t *testing.T, s *session, lang string) {
		t.Helper()
		s.poll(t, fmt.Sprintf(`document.documentElement.lang === %q && document.getElementById("calc-sentence").textContent.startsWith(%q)`,
			lang, headlineIn[lang]), "the page in "+lang)
		want := strings.ToUpper(map[string]string{"en": "fr", "fr": "en"}[lang])
		if got, ok := s.textUntil(t, "#lang-switch", is(want)); !ok {
			t.Errorf("the language switch offers %q, want %q", got, want)
		}
	}
	for _, tt := range []struct{ reader, other string }{{"fr", "en"}, {"en", "fr"}} {
		t.Run(tt.reader+" reader", func(t *testing.T) {
			// First visit: the browser's languages beat the link's.
			s := newSessionPreferring(t, 360, 740, prefers[tt.reader])
			s.do(t, chromedp.Navigate(s.url(link+tt.other+"&wasm=false")))
			s.poll(t, `document.readyState === "complete"`, "the prerendered page")
			if got := eval[string](t, s, `document.documentElement.dataset.readerLang`); got != tt.reader {
				t.Errorf("the head script picked %q", got)
			}
			placeholder := eval[string](t, s, `document.getElementById("calc-sentence").innerText.trim()`)
			if want := map[string]string{"en": "Working out the odds…", "fr": "Calcul des probabilités…"}[tt.reader]; placeholder != want {
				t.Errorf("the placeholder reads %q, want %q only", placeholder, want)
			}
			s.screenshot(t, "lang-placeholder-"+tt.reader)
			s.open(t, link+tt.other)
			inLang(t, s, tt.reader)
			s.screenshot(t, "lang-"+tt.reader+"-reader-"+tt.other+"-link")

			// The reader switches: that choice now beats the browser.
			s.do(t, chromedp.Click(chromedp.ID("lang-switch")))
			inLang(t, s, tt.other)
			s.open(t, link+tt.reader)
			inLang(t, s, tt.other)

			// A reader who chose by reading the rules in the other
			// language, whatever the browser says.
			c := newSessionPreferring(t, 360, 740, prefers[tt.other])
			c.open(t, "/"+tt.reader+"/at43")
			c.open(t, link+tt.other)
			inLang(t, c, tt.reader)

			// A browser that asks for neither: the link's language.
			n := newSession(t, 360, 740)
			n.open(t, link+tt.reader)
			inLang(t, n, tt.reader)
		})
	}
}

// situationOf is a history link without its language and view keys.
func situationOf(t *testing.T, link string) string {
	u, err := url.Parse(link)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	for _, k := range []string{"lang", "atleast", "whatif", "compare", "bar"} {
		q.Del(k)
	}
	return u.Path + "?" + q.Encode()
}

// TestHistoryHoldsCalculations taps one calculation together: its taps
// update one entry, however long the reader pauses, until the reader
// changes the target, shares, hides the page or opens another link; every
// entry is another situation.
func TestHistoryHoldsCalculations(t *testing.T) {
	for _, lang := range []string{"en", "fr"} {
		t.Run(lang, func(t *testing.T) {
			s := newSessionPreferring(t, 360, 740, prefers[lang])
			s.open(t, "/calc/shoot?game=at43&lang="+lang)
			result(t, s)
			entries := `document.querySelectorAll("#calc-history li").length`
			first := `(document.querySelector("#calc-history li a")||{}).href`
			settled := func(n int, what string) {
				t.Helper()
				s.poll(t, fmt.Sprintf(`%s === %d && %s === location.href`, entries, n, first), what)
			}
			n := atoi(eval[string](t, s, `document.getElementById("f-n").value`))
			for range 4 {
				n++
				s.stepUp(t, "n", n)
			}
			settled(1, "one entry for four taps")
			acc := atoi(eval[string](t, s, `document.getElementById("f-acc").value`))
			s.stepUp(t, "acc", acc+1)
			s.poll(t, `new URLSearchParams(location.search).get("acc") === "`+strconv.Itoa(acc+1)+`"`, "the address after the tap")
			settled(1, "still one entry after a tap more")

			// A pause to measure does not end the calculation (issue 35:
			// the audit waited 12 s between Attack rate and the distance).
			time.Sleep(12 * time.Second)
			n++
			s.stepUp(t, "n", n)
			settled(1, "one entry after a pause")

			// Another target does: it is the next calculation.
			s.do(t, chromedp.Evaluate[chromedp.Void](`(() => { const s = document.getElementById("f-target"); s.value = "veh";
				s.dispatchEvent(new Event("change", {bubbles: true})); })()`))
			s.poll(t, `!!document.getElementById("f-frame")`, "the vehicle's fields")
			settled(2, "a second entry at a vehicle")
			frame := atoi(eval[string](t, s, `document.getElementById("f-frame").value`))

			// Sharing ends it too, and the history holds what was shared,
			// even when the link is shared at once after a tap.
			eval[bool](t, s, stubShare)
			frame++
			s.stepUp(t, "frame", frame)
			s.do(t, chromedp.Click(chromedp.ID("calc-share")))
			s.poll(t, `!!window.copied`, "the link on the clipboard")
			s.poll(t, first+` === window.copied.replace(/&ans=[^&]*$/, "")`, "the shared link first in the history")
			settled(2, "the shared calculation in its entry")
			frame++
			s.stepUp(t, "frame", frame)
			settled(3, "a third entry after sharing")

			// So does hiding the page (another app, the phone locked).
			eval[bool](t, s, `Object.defineProperty(document, "visibilityState", {value: "hidden", configurable: true});
				document.dispatchEvent(new Event("visibilitychange")); delete document.visibilityState; true`)
			frame++
			s.stepUp(t, "frame", frame)
			settled(4, "a fourth entry after the page was hidden")

			// And opening another link: a reopened entry, then a tap.
			s.do(t, chromedp.Click(chromedp.CSS(`#calc-history li:nth-child(4) a`)))
			s.poll(t, `document.getElementById("f-acc").value === "`+strconv.Itoa(acc+1)+`"`, "the oldest calculation reopened")
			s.poll(t, `scrollY === 0`, "the scroll to the top to end")
			s.stepUp(t, "n", n+1)
			settled(5, "a fifth entry after another link")

			links := eval[[]string](t, s, `[...document.querySelectorAll("#calc-history li a")].map(a => a.href)`)
			var seen []string
			for _, l := range links {
				if sit := situationOf(t, l); slices.Contains(seen, sit) {
					t.Errorf("two entries of one situation: %s", sit)
				} else {
					seen = append(seen, sit)
				}
			}
			s.do(t, chromedp.Evaluate[chromedp.Void](`document.getElementById("calc-history").scrollIntoView({behavior: "instant"})`))
			s.screenshot(t, "history-calculations-"+lang)
		})
	}
}

// TestHistoryKeepsTheTapBeforeALink taps and at once follows a link out of
// the calculator, before the tap's entry waited its quarter second: the
// history still holds the tapped calculation.
func TestHistoryKeepsTheTapBeforeALink(t *testing.T) {
	for _, lang := range []string{"en", "fr"} {
		t.Run(lang, func(t *testing.T) {
			s := newSessionPreferring(t, 360, 740, prefers[lang])
			s.open(t, "/calc/shoot?game=at43&lang="+lang)
			result(t, s)
			n := atoi(eval[string](t, s, `document.getElementById("f-n").value`)) + 1
			// The tap and the link in one task, so no timer runs between.
			s.do(t, chromedp.Evaluate[chromedp.Void](`document.querySelector('[data-step="n"][data-dir="up"]').click();
				[...document.querySelectorAll("a[href]")].find(a => {
					const u = new URL(a.href);
					return u.origin === location.origin && u.pathname.startsWith("/`+lang+`/at43") && !a.closest("#calc-history");
				}).click()`))
			s.poll(t, `!location.pathname.startsWith("/calc/") && document.documentElement.dataset.app === "ready"`, "a rules page")
			stored := `JSON.parse(localStorage.getItem("at4x:/:history") || "[]").map(r => new URL(r.link, location.href).searchParams.get("n"))`
			s.pollOr(t, stored+`[0] === "`+strconv.Itoa(n)+`"`, "the tapped calculation first in the stored history", `JSON.stringify(`+stored+`)`)
			s.open(t, "/calc/shoot?game=at43&lang="+lang)
			s.do(t, chromedp.Evaluate[chromedp.Void](`document.getElementById("calc-history").scrollIntoView({behavior: "instant"})`))
			s.poll(t, `new URL((document.querySelector("#calc-history li a")||{}).href || location.href).searchParams.get("n") === "`+strconv.Itoa(n)+`"`, "the tapped calculation in the history list")
		})
	}
}

// TestSalvoGapLink opens a salvos link that skips salvo 2: its salvos show
// as 1 and 2, with a note, nothing marked and the answer worked out; a tap
// writes its own key only, stepping from the value shown.
func TestSalvoGapLink(t *testing.T) {
	note := map[string]string{"en": "numbered 1 to 2", "fr": "numérotées de 1 à 2"}
	for _, lang := range []string{"en", "fr"} {
		t.Run(lang, func(t *testing.T) {
			s := newSessionPreferring(t, 360, 740, prefers[lang])
			s.open(t, "/calc/salvos?game=at43&s1.n=2&s3.n=3&lang="+lang)
			result(t, s)
			if got, ok := s.textUntil(t, "#calc-renumbered", has(note[lang])); !ok {
				t.Errorf("the note says %q", got)
			}
			if got, ok := s.textUntil(t, "#calc-sentence", func(got string) bool {
				return !strings.Contains(got, "red") && !strings.Contains(got, "rouge") && strings.Contains(got, "%")
			}); !ok {
				t.Errorf("headline %q", got)
			}
			if got, ok := readUntil(t, s, `[...document.querySelectorAll("h2.group-title")].length + ": " + document.getElementById("f-s1.n").value + "," + document.getElementById("f-s2.n").value`, is("2: 2,3")); !ok {
				t.Errorf("salvos shown %q, want 2: 2,3", got)
			}
			if n, ok := readUntil(t, s, `document.querySelectorAll("[aria-invalid='true'], .field.bad, .error").length`, is(0)); !ok {
				t.Errorf("%d fields or messages marked", n)
			}
			if empty, ok := readUntil(t, s, `[...document.querySelectorAll(".fields input:not([type=checkbox])")].filter(i => i.value === "" && !i.id.endsWith("cm")).map(i => i.id)`, none); !ok {
				t.Errorf("empty fields: %v", empty)
			}
			s.screenshot(t, "salvo-gap-"+lang)

			size := atoi(eval[string](t, s, `document.getElementById("f-size").value`))
			s.stepUp(t, "size", size+1)
			s.stepUp(t, "s2.n", 4)
			s.poll(t, `new URLSearchParams(location.search).get("s2.n") === "4"`, "the address after the taps")
			keys := eval[[]string](t, s, `[...new URLSearchParams(location.search).keys()]`)
			for _, k := range keys {
				if !slices.Contains([]string{"game", "lang", "size", "s1.n", "s2.n", "atleast"}, k) {
					t.Errorf("the address holds %s, which the reader did not set: %s", k, eval[string](t, s, "location.search"))
				}
			}
			if got := eval[string](t, s, `new URLSearchParams(location.search).get("size")`); got != strconv.Itoa(size+1) {
				t.Errorf("size=%s after a tap from %d", got, size)
			}
		})
	}
}

// TestResultsNeverBlank scrolls fast to the foot of a calculator on a
// phone slowed four times: the place of the results says they follow,
// keeps about their room, and they are there at once; the page does not
// jump when they come. A calculator opened from the bottom bar in the
// same page draws them too.
func TestResultsNeverBlank(t *testing.T) {
	for _, lang := range []string{"en", "fr"} {
		t.Run(lang, func(t *testing.T) {
			s := newSessionPreferring(t, 360, 740, prefers[lang])
			s.open(t, "/calc/shoot?game=at44&n=6&acc=4&range=2&pen=7&size=8&cover=cover&lang="+lang)
			result(t, s)
			if _, ok := s.textUntil(t, "#calc-more .more-space", nonEmpty); !ok {
				t.Fatal("the results' place is blank")
			}
			room := eval[float64](t, s, `document.querySelector("#calc-more .more-space").getBoundingClientRect().height`)
			if _, err := chromedp.Call(s.ctx, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: 4}); err != nil {
				t.Fatal(err)
			}
			eval[bool](t, s, `window.shifts = 0; new PerformanceObserver(l => { for (const e of l.getEntries()) if (!e.hadRecentInput) window.shifts += e.value })
				.observe({type: "layout-shift"}); window.scrollTo(0, document.documentElement.scrollHeight); window.t0 = performance.now(); true`)
			s.poll(t, `!!document.querySelector("#calc-more .chart svg rect")`, "the results, drawn")
			took := eval[float64](t, s, `performance.now() - window.t0`)
			drawn := eval[float64](t, s, `document.getElementById("calc-more").getBoundingClientRect().height`)
			time.Sleep(300 * time.Millisecond) // the charts' own task, and any shift after
			shifts := eval[float64](t, s, `window.shifts`)
			t.Logf("%s: results drawn %.0f ms after the scroll (CPU 4x slower); room kept %.0f px, results %.0f px; layout shift %.3f", lang, took, room, drawn, shifts)
			if shifts > 0.05 {
				t.Errorf("the page jumped when the results came (layout shift %.3f)", shifts)
			}
			if room < drawn*0.75 || room > drawn*1.25 {
				t.Errorf("the room kept, %.0f px, is far from the results' %.0f px", room, drawn)
			}
			if _, err := chromedp.Call(s.ctx, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: 1}); err != nil {
				t.Fatal(err)
			}
			s.do(t, chromedp.Evaluate[chromedp.Void](`document.getElementById("calc-more").scrollIntoView({behavior: "instant"})`))
			s.screenshot(t, "results-after-fast-scroll-"+lang)

			// The place as it shows until the results come (the browser
			// here never says it is near the screen).
			p := newSessionPreferring(t, 360, 740, prefers[lang])
			if _, err := chromedp.Call(p.ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
				Source: `window.IntersectionObserver = class { observe() {} disconnect() {} }`}); err != nil {
				t.Fatal(err)
			}
			p.open(t, "/calc/shoot?game=at44&n=6&acc=4&range=2&pen=7&size=8&cover=cover&lang="+lang)
			p.poll(t, `!!document.querySelector("#calc-more .more-space")`, "the results' place")
			p.do(t, chromedp.Evaluate[chromedp.Void](`document.getElementById("calc-more").scrollIntoView({behavior: "instant"}); window.scrollBy(0, -200)`))
			p.screenshot(t, "results-place-"+lang)

			// Another calculator from the bottom bar, in the same page:
			// its results come too when scrolled to.
			s.open(t, "/calc/shoot?game=at43&lang="+lang)
			eval[bool](t, s, `document.querySelector('nav.bottom a[href^="/calc/salvos"]').click(), true`)
			s.poll(t, `location.pathname === "/calc/salvos" && !!document.getElementById("salvo-add")`, "the salvos calculator")
			s.poll(t, `!!document.querySelector("#calc-more .more-space")`, "the results' place")
			s.do(t, chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, document.documentElement.scrollHeight)`))
			s.poll(t, `!!document.querySelector("#calc-more .chart")`, "the salvos' results")
		})
	}
}
