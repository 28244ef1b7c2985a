package browser

import (
	"encoding/json"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/at4x/companion/i18n"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// Tests of the calculators at the table, issue 23: few taps (a held
// stepper repeats, a number selects itself on focus, quick distances),
// choices that explain themselves, and after the roll.

// taps drives a page as a player's finger does and counts the taps: a tap
// on an element where it is on screen, a key typed, an option chosen in a
// list (the tap that opens it and the tap on the option). Scrolling the
// element into view is not a tap; it is counted apart.
type taps struct {
	s       *session
	n       int
	scrolls int
	log     []string
}

// tap taps the element css.
func (c *taps) tap(t *testing.T, css string) {
	t.Helper()
	c.tapOn(t, fmt.Sprintf("document.querySelector(%q)", css), "tap "+css)
}

// link taps the link whose words are text, in the page or its bars.
func (c *taps) link(t *testing.T, text string) {
	t.Helper()
	c.tapOn(t, fmt.Sprintf(`[...document.querySelectorAll("a")].find(a => a.textContent.trim() === %q && a.getClientRects().length)`, text), "tap the link "+text)
}

// tapOn taps the element the JavaScript expression el finds, once it is
// there, first scrolling it into the middle of the screen unless it is
// wholly in view and on top already. el is evaluated again at each reading,
// never kept: go-app's first mount replaces the prerendered page, and with
// it any element found or marked before.
func (c *taps) tapOn(t *testing.T, el, what string) {
	t.Helper()
	js := fmt.Sprintf(`(() => { const el = %s; if (!el) return [];
		let scrolled = 0;
		if (!%s(el)) { el.scrollIntoView({block: "center"}); scrolled = 1; }
		const r = el.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2, scrolled]; })()`, el, inViewOf)
	v, ok := readUntil(t, c.s, js, func(v []float64) bool { return len(v) == 3 })
	if !ok {
		t.Fatalf("%s: not on the page after %v (%s)", what, waitTimeout, strings.Join(c.log, ", "))
	}
	c.scrolls += int(v[2])
	c.s.do(t, chromedp.MouseClickXY(v[0], v[1]))
	c.n++
	c.log = append(c.log, what)
}

// keys types text, a tap per key.
func (c *taps) keys(t *testing.T, text string) {
	t.Helper()
	for _, r := range text {
		c.s.do(t, chromedp.KeyEvent(string(r)))
		c.n++
	}
	c.log = append(c.log, "type "+text)
}

// choose picks an option of a list: a tap opens it, a tap on the option
// picks it. Headless Chromium draws no list to tap, so the test focuses
// the list and sets the option as the tap would.
func (c *taps) choose(t *testing.T, css, value string) {
	t.Helper()
	c.s.poll(t, fmt.Sprintf(`!!document.querySelector(%q)`, css), css)
	if !eval[bool](t, c.s, inView+fmt.Sprintf("(%q)", css)) {
		c.s.do(t, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.querySelector(%q).scrollIntoView({block: "center"})`, css)))
		c.scrolls++
	}
	c.s.do(t, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => { const s = document.querySelector(%q); s.focus(); s.value = %q;
		s.dispatchEvent(new Event("change", {bubbles: true})); })()`, css, value)))
	c.n += 2
	c.log = append(c.log, "choose "+value+" in "+css)
}

// query is the page's link as its address says it, once the taps pause.
func (c *taps) query(t *testing.T, want string) url.Values {
	t.Helper()
	c.s.poll(t, fmt.Sprintf(`location.search.includes(%q)`, want), "the address to say "+want)
	q, err := url.ParseQuery(strings.TrimPrefix(eval[string](t, c.s, `location.search`), "?"))
	if err != nil {
		t.Fatal(err)
	}
	return q
}

// maxTaps is the most taps a scenario of the report may take (issue 23,
// point 4): 36 and 60 before.
const maxTaps = 12

// TestCalcFewTaps plays the report's two calculator scenarios the fastest
// way a player finds, in both languages, and counts the taps.
func TestCalcFewTaps(t *testing.T) {
	for _, lang := range []string{"en", "fr"} {
		t.Run(lang, func(t *testing.T) {
			s := newSession(t, 360, 740)
			// (a) AT-44 rifle squad, from the game's contents: the
			// shooting calculator, 6 weapons, PRE 4, 23 cm, in cover,
			// Fire at will, share.
			s.open(t, "/"+lang+"/at44")
			a := &taps{s: s}
			a.link(t, i18n.T(lang, i18n.CalcsShort))
			s.waitCalcLinks(t)
			a.link(t, i18n.T(lang, i18n.CalcShoot))
			s.poll(t, `document.documentElement.dataset.app === "ready" && location.pathname === "/calc/shoot" && !!document.getElementById("f-n")`, "the shooting calculator")
			a.tap(t, "#f-n") // the 1 selects itself: typing replaces it
			a.keys(t, "6")
			a.tap(t, `[data-step="acc"][data-dir="up"]`)
			a.tap(t, "#f-cm")
			a.keys(t, "23")
			a.choose(t, "#f-cover", "cover")
			a.tap(t, `label[for="f-faw"]`)
			a.tap(t, "#calc-share")
			q := a.query(t, "faw=1")
			for k, want := range map[string]string{"game": "at44", "n": "6", "acc": "4", "cm": "23", "cover": "cover", "faw": "1"} {
				if got := q.Get(k); got != want {
					t.Errorf("(a) %s: the link says %s=%q, want %q (taps: %s)", lang, k, got, want, strings.Join(a.log, ", "))
				}
			}
			t.Logf("(a) %s: %d taps, %d scrolls: %s", lang, a.n, a.scrolls, strings.Join(a.log, ", "))
			if a.n > maxTaps {
				t.Errorf("(a) %s took %d taps, want at most %d", lang, a.n, maxTaps)
			}
			if got, ok := s.textUntil(t, "#calc-sentence", has(map[string]string{"en": "Expect 1.8 ", "fr": "En moyenne 1,8 "}[lang])); !ok {
				t.Errorf("(a) %s: the answer %q, want 1.8 casualties", lang, got)
			}
			s.screenshot(t, "calc-taps-a-"+lang)

			// (b) AT-43 tank, two salvos, from that calculator's bottom
			// bar: the several-salvos calculator, a vehicle with two
			// weapons of 2 and 1 SP, a salvo of 4 weapons at PEN 8, and
			// the same salvo again.
			s.open(t, "/calc/shoot?game=at43&lang="+lang)
			b := &taps{s: s}
			b.link(t, i18n.T(lang, i18n.CalcSalvos))
			s.poll(t, `location.pathname === "/calc/salvos" && !!document.getElementById("f-target")`, "the salvos calculator")
			b.choose(t, "#f-target", "veh")
			b.tap(t, "#f-weapons") // the 3 selects itself
			b.keys(t, "2,1")
			b.tap(t, "#f-s1\\.n")
			b.keys(t, "4")
			b.tap(t, "#f-s1\\.pen")
			b.keys(t, "8")
			b.tap(t, "#salvo-add")
			q = b.query(t, "s2.n=4")
			for k, want := range map[string]string{"game": "at43", "target": "veh", "weapons": "2,1", "s1.n": "4", "s1.pen": "8", "s2.n": "4", "s2.pen": "8"} {
				if got := q.Get(k); got != want {
					t.Errorf("(b) %s: the link says %s=%q, want %q (taps: %s)", lang, k, got, want, strings.Join(b.log, ", "))
				}
			}
			t.Logf("(b) %s: %d taps, %d scrolls: %s", lang, b.n, b.scrolls, strings.Join(b.log, ", "))
			if b.n > maxTaps {
				t.Errorf("(b) %s took %d taps, want at most %d", lang, b.n, maxTaps)
			}
			s.screenshot(t, "calc-taps-b-"+lang)
		})
	}
}

// pointer presses or releases the mouse's main button in the middle of an
// element, where it is on screen.
func (s *session) pointer(t *testing.T, css string, kind input.DispatchMouseEventType) {
	t.Helper()
	xy := s.middle(t, css)
	s.do(t, chromedp.MouseEvent(kind, xy[0], xy[1], chromedp.ButtonLeft, chromedp.ClickCount(1)))
}

// TestCalcHeldStepper: a tap is one step, a held button repeats faster and
// faster and stops when let go (the click that ends the hold is no extra
// step), the keyboard still steps, a focused number selects itself, and a
// quick distance sets the cm.
func TestCalcHeldStepper(t *testing.T) {
	s := newSession(t, 360, 740)
	for _, lang := range []string{"en", "fr"} {
		s.open(t, "/calc/shoot?game=at44&lang="+lang)
		value := func() string { return eval[string](t, s, `document.getElementById("f-n").value`) }
		up := `[data-step="n"][data-dir="up"]`

		s.tap(t, up)
		s.poll(t, `new URLSearchParams(location.search).get("n") === "2"`, "one tap, one step")

		s.pointer(t, up, chromedp.MousePressed)
		time.Sleep(300 * time.Millisecond)
		if got := value(); got != "2" {
			t.Errorf("%s: %s before the hold's delay, want 2 still", lang, got)
		}
		// About 1.5 s held gives 8 steps or more as the repeat speeds up; a
		// busy machine runs the timers late, so this waits for them rather
		// than for a fixed time.
		s.poll(t, `+document.getElementById("f-n").value >= 8`, "a held + to repeat and speed up (8 or more)")
		held := value()
		s.pointer(t, up, chromedp.MouseReleased)
		time.Sleep(400 * time.Millisecond)
		let := value()
		time.Sleep(500 * time.Millisecond)
		if after := value(); after != let || atoiTest(let) > atoiTest(held)+1 {
			t.Errorf("%s: held %s, let go %s, %s later: the hold goes on or its click stepped again", lang, held, let, after)
		}
		s.poll(t, fmt.Sprintf(`new URLSearchParams(location.search).get("n") === %q`, let), "the link to follow the hold")

		// The keyboard: Enter on the focused button is one step.
		s.do(t, chromedp.Evaluate[chromedp.Void](`document.querySelector('[data-step="n"][data-dir="down"]').focus()`))
		s.do(t, chromedp.KeyEvent("\r"))
		s.poll(t, fmt.Sprintf(`new URLSearchParams(location.search).get("n") === "%d"`, atoiTest(let)-1), "Enter, one step down")

		// A tap on a number selects it: typing replaces it.
		s.tap(t, "#f-acc")
		s.do(t, chromedp.KeyEvent("7"))
		s.do(t, chromedp.KeyEvent("\r"))
		s.poll(t, `new URLSearchParams(location.search).get("acc") === "7"`, "7 typed over the selected 3")

		// A quick distance sets the cm, and the band follows.
		s.tap(t, `.quick [value="20"]`)
		s.poll(t, `new URLSearchParams(location.search).get("cm") === "20"`, "20 cm from a quick distance")
		if got, ok := s.textUntil(t, "#f-cm-note", is(map[string]string{"en": "20 cm → range band 1", "fr": "20 cm → bande de portée 1"}[lang])); !ok {
			t.Errorf("%s: the note under 20 cm says %q", lang, got)
		}
		if n, ok := readUntil(t, s, `document.querySelectorAll(".quick .chip").length`, atLeast(5)); !ok {
			t.Errorf("%s: %d quick distances", lang, n)
		}
		s.screenshot(t, "calc-quick-distances-"+lang)
	}
}

func atoiTest(s string) int {
	var n int
	fmt.Sscan(s, &n)
	return n
}

// TestCalcChoicesExplain: one name per cover choice in each language, a
// note beside cover where the choice changes nothing (AT-44 range band 0,
// a Sniper), and no what-if for what the form already holds.
func TestCalcChoicesExplain(t *testing.T) {
	s := newSession(t, 360, 740)
	for _, lang := range []string{"en", "fr"} {
		for _, game := range []string{"at43", "at44"} {
			s.open(t, "/calc/shoot?game="+game+"&lang="+lang)
			names, _ := readUntil(t, s, `[...document.querySelectorAll("#f-cover option")].map(o => o.textContent)`, func(n []string) bool { return len(n) > 0 })
			seen := map[string]string{}
			for _, n := range names {
				plain := strings.Trim(strings.ToLower(strings.ReplaceAll(n, "!", "")), " \u00a0")
				if other, ok := seen[plain]; ok {
					t.Errorf("%s %s: cover choices %q and %q differ only by punctuation", lang, game, other, n)
				}
				seen[plain] = n
			}
		}
		// AT-44 at range band 0: every cover choice counts the same, and
		// the page says why beside it.
		s.open(t, "/calc/shoot?game=at44&cover=cover&lang="+lang)
		if note, ok := s.textUntil(t, "#f-cover-note", has("0", "AT-44")); !ok {
			t.Errorf("%s: at range band 0 the cover note says %q", lang, note)
		}
		if got, ok := readUntil(t, s, `document.getElementById("f-cover").getAttribute("aria-describedby") || ""`, is("f-cover-note")); !ok {
			t.Errorf("%s: the cover list is described by %q, want its note", lang, got)
		}
		s.do(t, chromedp.Evaluate[chromedp.Void](`document.getElementById("f-cover").scrollIntoView({block: "center"})`))
		s.screenshot(t, "calc-cover-note-"+lang)
		s.do(t, chromedp.Evaluate[chromedp.Void](`document.querySelector('[data-step="range"][data-dir="up"]').scrollIntoView({block: "center"})`))
		s.tap(t, `[data-step="range"][data-dir="up"]`)
		s.poll(t, `!document.getElementById("f-cover-note")`, "the note gone at range band 1")
		s.open(t, "/calc/shoot?game=at44&range=2&target=veh&sniper=1&lang="+lang)
		if note, ok := s.textUntil(t, "#f-cover-note", has("Sniper")); !ok {
			t.Errorf("%s: a Sniper's cover note says %q", lang, note)
		}

		// What if: offered only for what the form does not hold.
		whatIfs := func(want func(string) bool) (string, bool) {
			s.showResults(t)
			return readUntil(t, s, `[...document.querySelectorAll(".whatif input")].map(i => i.id).join(" ")`, want)
		}
		s.open(t, "/calc/shoot?game=at43&range=2&lang="+lang)
		if got, ok := whatIfs(is("whatif-acc whatif-takecover whatif-faw")); !ok {
			t.Errorf("%s: what-ifs %q, want +1, take cover, fire at will", lang, got)
		}
		s.open(t, "/calc/shoot?game=at43&range=2&cover=takecover&faw=1&lang="+lang)
		if got, ok := whatIfs(is("whatif-acc")); !ok {
			t.Errorf("%s: in cover with Fire at will ticked the what-ifs are %q, want only +1", lang, got)
		}
		s.open(t, "/calc/shoot?game=at43&range=2&target=veh&lang="+lang)
		if got, ok := whatIfs(func(got string) bool { return got != "" && !strings.Contains(got, "takecover") }); !ok {
			t.Errorf("%s: a vehicle is offered to take cover (%q)", lang, got)
		}
	}
}

// TestCalcAfterTheRoll: the reader enters what happened and reads one
// verdict on it, from the result's own exact distribution; the
// prerendered page shows the row folded and empty.
func TestCalcAfterTheRoll(t *testing.T) {
	s := newSession(t, 360, 740)
	const link = "/calc/shoot?game=at43&n=6&acc=4&range=2&pen=7&prot=4&size=8"
	for _, lang := range []string{"en", "fr"} {
		s.do(t, chromedp.Navigate(s.url(link+"&lang="+lang+"&wasm=false")))
		s.poll(t, `document.readyState === "complete"`, "the prerendered page")
		if got := eval[string](t, s, `(() => { const r = document.getElementById("calc-roll"); return r ? (r.open ? "open" : "") + r.textContent : "none" })()`); got == "none" || strings.HasPrefix(got, "open") || strings.ContainsAny(got, "0123456789%") {
			t.Errorf("%s: before the client the after-the-roll row is %q, want it folded with no number", lang, got)
		}

		s.open(t, link+"&lang="+lang)
		s.poll(t, `document.getElementById("calc-result").textContent.includes("{")`, "the JSON of the result")
		var res struct {
			Casualties struct {
				P []float64 `json:"p"`
			} `json:"casualties"`
		}
		if err := json.Unmarshal([]byte(s.text(t, "#calc-result")), &res); err != nil || len(res.Casualties.P) < 3 {
			t.Fatalf("the result's casualties: %v %v", res.Casualties, err)
		}
		p := res.Casualties.P
		s.tap(t, "#calc-roll summary")
		s.poll(t, `document.getElementById("calc-roll").open && !!document.getElementById("roll-count")`, "the row open")
		if got, ok := readUntil(t, s, `document.getElementById("roll-pick").selectedOptions[0].textContent`, is(i18n.T(lang, i18n.ChartCasualties))); !ok {
			t.Errorf("%s: the row counts %q first, want the headline's casualties", lang, got)
		}
		pick := func(id, value string) {
			s.do(t, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => { const s = document.getElementById(%q); s.value = %q; s.dispatchEvent(new Event("change", {bubbles: true})); })()`, id, value)))
		}
		// The verdict, as the rule says it: lucky when one roll in four
		// or fewer does as well, unlucky when as badly, else as expected.
		verdict := func(k int) string {
			var worse float64
			for _, x := range p[:k+1] {
				worse += x
			}
			better := 1 - worse + p[k]
			tr := func(key i18n.Key) string { return i18n.T(lang, key) }
			sep := map[string]string{"en": ": ", "fr": "\u00a0: "}[lang]
			switch {
			case better <= worse && better <= 0.25:
				return fmt.Sprintf(tr(i18n.LuckyF), int(1/better+0.5)) + sep + fmt.Sprintf(tr(i18n.LuckBetterF), i18n.Percent(lang, better)) + "."
			case worse < better && worse <= 0.25:
				return fmt.Sprintf(tr(i18n.UnluckyF), int(1/worse+0.5)) + sep + fmt.Sprintf(tr(i18n.LuckWorseF), i18n.Percent(lang, worse)) + "."
			}
			return tr(i18n.LuckUsual) + sep + fmt.Sprintf(tr(i18n.LuckBetterF), i18n.Percent(lang, better)) + "."
		}
		for _, k := range []int{1, 2, len(p) - 3} {
			pick("roll-count", strconv.Itoa(k))
			want := verdict(k)
			s.poll(t, fmt.Sprintf(`document.getElementById("roll-luck").textContent === %q`, want), fmt.Sprintf("the verdict on %d: %s", k, want))
		}
		if n, ok := readUntil(t, s, `document.getElementById("roll-count").options.length`, is(len(p))); !ok {
			t.Errorf("%s: the count offers %d numbers, want 0 to %d", lang, n, len(p)-1)
		}
		s.screenshot(t, "calc-after-the-roll-"+lang)
		// Hits: another count of the same result, at its own mean.
		before := s.text(t, "#roll-luck")
		pick("roll-pick", eval[string](t, s, `document.getElementById("roll-pick").options[0].value`))
		s.poll(t, fmt.Sprintf(`document.getElementById("roll-pick").selectedOptions[0].textContent === %q && document.getElementById("roll-luck").textContent !== %q`,
			i18n.T(lang, i18n.ChartHits), before), "the hits counted")
		if got := eval[string](t, s, `new URLSearchParams(location.search).toString()`); strings.Contains(got, "roll") {
			t.Errorf("%s: the roll went into the link: %s", lang, got)
		}
		// A test's result reads passed or failed.
		s.open(t, "/calc/morale?game=at44&lang="+lang)
		if !s.holds(t, `!!document.getElementById("calc-roll")`) {
			t.Errorf("%s: the morale test offers no after-the-roll row", lang)
		}
	}
}

// TestCalcResultsLook: How it works is a numbered list, one step a line,
// and What if a card of the app's look, not the browser's fieldset.
func TestCalcResultsLook(t *testing.T) {
	s := newSession(t, 360, 740)
	for _, lang := range []string{"en", "fr"} {
		s.open(t, "/calc/salvos?game=at44&s1.n=4&s2.n=3&lang="+lang)
		s.showResults(t)
		if n, ok := readUntil(t, s, `document.querySelectorAll("ol.explain > li").length`, atLeast(4)); !ok {
			t.Errorf("%s: How it works has %d steps in its list", lang, n)
		}
		if got, ok := s.textUntil(t, "#calc-details h2", is(i18n.T(lang, i18n.Explain))); !ok {
			t.Errorf("%s: the explanation's heading is %q", lang, got)
		}
		if _, ok := s.textUntil(t, "ol.explain", func(got string) bool { return got != "" && !strings.Contains(got, " · ") }); !ok {
			t.Errorf("%s: How it works still joins steps with ·", lang)
		}
		s.do(t, chromedp.Evaluate[chromedp.Void](`document.getElementById("calc-details").scrollIntoView(); scrollBy(0, -140)`))
		s.screenshot(t, "calc-how-it-works-"+lang)

		s.open(t, "/calc/shoot?game=at44&range=2&lang="+lang)
		s.showResults(t)
		if look, ok := readUntil(t, s, `(() => { const f = getComputedStyle(document.querySelector("fieldset.whatif")); return f.borderTopStyle + " " + (f.backgroundColor !== "rgba(0, 0, 0, 0)") })()`, is("none true")); !ok {
			t.Errorf("%s: the what-if box is drawn %q, want no border and the app's surface", lang, look)
		}
		s.do(t, chromedp.Evaluate[chromedp.Void](`document.querySelector("fieldset.whatif").scrollIntoView({block: "center"})`))
		s.tap(t, `label[for="whatif-faw"]`)
		s.poll(t, `!!document.getElementById("whatif-result")`, "the what-if's answer")
		s.screenshot(t, "calc-what-if-"+lang)
	}
}

// TestCalcAnswerCoversWhatScrollsUnder: the sticky answer card shows the
// page's own colour above it, so the fields scrolling under it never show
// through a slit between it and the header.
func TestCalcAnswerCoversWhatScrollsUnder(t *testing.T) {
	s := newSession(t, 360, 740)
	for _, lang := range []string{"en", "fr"} {
		s.open(t, "/calc/salvos?game=at43&s1.n=4&s2.n=3&lang="+lang)
		s.do(t, chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 700)`))
		s.poll(t, `document.querySelector(".calc-summary").getBoundingClientRect().top < 100`, "the answer to stick under the header")
		// Points in the gap between the header and the card.
		hits, _ := readUntil(t, s, `(() => {
			const r = document.querySelector(".calc-summary").getBoundingClientRect();
			const at = (x, y) => {
				const e = document.elementFromPoint(x, y);
				return !e || e.closest(".calc-summary, header") || ["MAIN", "BODY", "HTML"].includes(e.tagName) ? "" : x + "," + y + " shows " + e.tagName + "." + e.className;
			};
			return [at(180, r.top - 3), at(20, r.top - 2), at(r.right - 4, r.top - 2)].filter(Boolean);
		})()`, func(hits []string) bool { return len(hits) == 0 })
		for _, h := range hits {
			t.Errorf("%s: %s through the sticky answer's frame", lang, h)
		}
		s.screenshot(t, "calc-answer-sticky-"+lang)
	}
}
