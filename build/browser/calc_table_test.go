package browser

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// Tests of the calculators as used at the table, on a 360×740 phone: the
// answer in view, the words of each game, the salvos form, the width.

// boolFalse is a boolean attribute written as ="false", which a browser
// reads as true.
var boolFalse = regexp.MustCompile(`\s(checked|selected|disabled|hidden|open|required|readonly|multiple|autofocus)="false"`)

// TestNoFalseBooleanAttribute reads every prerendered page of the site.
func TestNoFalseBooleanAttribute(t *testing.T) {
	dir := siteDir(t)
	pages := 0
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".html") {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		pages++
		if m := boolFalse.Find(b); m != nil {
			t.Errorf("%s writes %s, which a browser reads as true", strings.TrimPrefix(p, dir), m)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if pages < 20 {
		t.Fatalf("only %d pages read", pages)
	}
}

// inViewOf tells whether an element's box is inside the viewport and on
// top there (not under the header or bottom bar).
const inViewOf = `(el => {
  if (!el) return false;
  const r = el.getBoundingClientRect();
  if (r.top < 0 || r.bottom > innerHeight || r.height === 0) return false;
  const hit = document.elementFromPoint(r.left + Math.min(r.width / 2, 40), r.top + r.height / 2);
  return !!hit && (hit === el || el.contains(hit));
})`

// inView is inViewOf the element a CSS selector finds.
const inView = `(sel => ` + inViewOf + `(document.querySelector(sel)))`

// overflow is how many CSS pixels the calculator is wider than the
// viewport: its own scroll width, or an element of it that reaches past the
// right edge. (The header above it has its own test.)
const overflow = `Math.max(document.querySelector(".main").scrollWidth - document.querySelector(".main").clientWidth,
  ...[...document.querySelectorAll(".main *")].map(e => Math.ceil(e.getBoundingClientRect().right - innerWidth)))`

func TestCalcShareLinkBeforeTheClient(t *testing.T) {
	s := newSession(t, 360, 740)
	const link = "/calc/shoot?game=at44&n=6&rate=1&rr=1&acc=4&range=2&pen=7&dmg=1&target=inf&prot=4&size=8&cover=cover&lang=fr"
	// ?wasm=false: what shows is the prerendered page alone.
	s.do(t, chromedp.Navigate(s.url(link+"&wasm=false")))
	s.poll(t, `document.readyState === "complete"`, "the page to load")
	got := s.text(t, "#calc-sentence")
	if !strings.Contains(got, "Calcul des probabilités") {
		t.Errorf("before the client the summary says %q, want that it is working the odds out", got)
	}
	if regexp.MustCompile(`\d`).MatchString(got) {
		t.Errorf("before the client the summary shows numbers: %q", got)
	}
	// The fields show the link's values (prefill_test.go has more).
	if v := eval[string](t, s, `["n", "acc", "range", "pen", "prot", "size", "cover"].map(k => document.getElementById("f-" + k).value).join(" ")`); v != "6 4 2 7 4 8 cover" {
		t.Errorf("before the client the fields show %q, not the link's values", v)
	}
	if n := eval[int](t, s, `document.querySelectorAll(".calc .chart").length`); n != 0 {
		t.Errorf("before the client %d charts show", n)
	}

	s.open(t, link)
	s.poll(t, `/^En moyenne 2,4 pertes/.test(document.getElementById("calc-sentence").textContent)`, "the link's own result, 2.4 casualties")
}

// TestCalcResultsDrawnNearTheScreen: a shared link's page builds the fields
// and the answer at start, and the explanation, what-ifs, charts and table
// under the fields only as they come near the screen; the JSON export is
// there from the start.
func TestCalcResultsDrawnNearTheScreen(t *testing.T) {
	s := newSession(t, 360, 740)
	s.open(t, "/calc/shoot?game=at44&lang=en&n=6&rate=1&rr=1&acc=4&range=2&pen=7&dmg=1&target=inf&prot=4&size=8&cover=cover")
	s.poll(t, `document.getElementById("calc-result").textContent.includes("{")`, "the JSON export")
	if got, ok := s.textUntil(t, "#calc-sentence", has("%")); !ok {
		t.Errorf("the answer %q is not there at start", got)
	}
	if n := eval[int](t, s, `document.querySelectorAll("#calc-more *:not(.more-space)").length`); n != 0 {
		t.Errorf("%d elements of the results under the fields were built before they came near the screen", n)
	}
	s.showResults(t)
	if _, ok := readUntil(t, s, `document.querySelectorAll("#calc-more .chart").length`, atLeast(1)); !ok {
		t.Error("no chart once the results came near the screen")
	}
	if _, ok := s.textUntil(t, ".explain", nonEmpty); !ok {
		t.Error("no explanation once the results came near the screen")
	}
	if got, ok := s.textUntil(t, "#calc-result", has("{")); !ok {
		t.Errorf("the JSON export %q was lost when the results were drawn", got)
	}
	// How they look once drawn, in both languages.
	for _, lang := range []string{"en", "fr"} {
		s.open(t, "/calc/shoot?game=at44&lang="+lang+"&n=6&rate=1&rr=1&acc=4&range=2&pen=7&dmg=1&target=inf&prot=4&size=8&cover=cover")
		s.showResults(t)
		eval[bool](t, s, `(document.getElementById("calc-more").scrollIntoView(), true)`)
		s.screenshot(t, "calc-results-drawn-"+lang)
	}
}

func TestCalcAtTheTable(t *testing.T) {
	s := newSession(t, 360, 740)

	// AT-44's words, from the glossary, in both languages.
	labels := func(want func(string) bool) (string, bool) {
		return readUntil(t, s, `["acc","rate","rr","pen","prot","range"].map(k => document.querySelector('label[for="f-'+k+'"]').textContent).join("|")`, want)
	}
	s.open(t, "/calc/shoot?game=at44&lang=en")
	if got, ok := labels(has("PRE", "TIRS", "PEN", "ARM")); !ok {
		t.Errorf("AT-44 English labels %q lack PRE, TIRS, PEN or ARM", got)
	}
	s.showResults(t)
	if got, ok := s.textUntil(t, ".explain", has("PRE 3 against range band 0")); !ok {
		t.Errorf("AT-44 explanation %q does not use PRE", got)
	}
	s.screenshot(t, "calc-table-shoot-at44-en")
	s.open(t, "/calc/shoot?game=at44&lang=fr")
	if got, ok := labels(has("Précision (PRE)", "Armure (ARM)", "Relances")); !ok {
		t.Errorf("AT-44 French labels %q", got)
	}
	s.screenshot(t, "calc-table-shoot-at44-fr")
	s.open(t, "/calc/shoot?game=at43&lang=fr&cm=23")
	if got, ok := labels(func(got string) bool {
		return has("Précision", "Cadence", "Protection")(got) && !strings.Contains(got, "PRE")
	}); !ok {
		t.Errorf("AT-43 French labels %q", got)
	}
	if got, ok := s.textUntil(t, "#f-cm-note", is("23 cm → portée 2")); !ok {
		t.Errorf("cm note %q, want 23 cm → portée 2", got)
	}

	// A label opens its definition in the term sheet; "?" shows one line.
	s.do(t, chromedp.Click(chromedp.CSS(`label[for="f-acc"] .term-label`)))
	s.poll(t, `!!document.getElementById("term-dialog")`, "the term sheet")
	s.do(t, chromedp.Click(chromedp.ID("term-close")))
	s.poll(t, `!document.getElementById("term-dialog")`, "the term sheet closed")
	s.do(t, chromedp.Click(chromedp.ID("f-acc-help-btn")))
	s.poll(t, `(document.getElementById("f-acc-help")||{}).textContent > ""`, "the help line of a field")

	// The summary stays in view while the last field is edited.
	s.open(t, "/calc/shoot?game=at43&lang=en&n=6&acc=4&range=2&pen=7&prot=4&size=8")
	k, _ := readUntil(t, s, `(document.getElementById("calc-sentence").textContent.match(/at least (\d+)/)||[])[1]||""`, nonEmpty)
	if k == "" {
		t.Fatalf("headline %q has no threshold", s.text(t, "#calc-sentence"))
	}
	s.do(t, chromedp.Evaluate[chromedp.Void](`(() => { const f = [...document.querySelectorAll(".calc .fields .field")].pop(); f.scrollIntoView({block: "center"}); f.querySelector("input").click(); })()`))
	s.poll(t, `new URLSearchParams(location.search).get("medic") === "1"`, "the last field changed")
	if !s.holds(t, inView+`("#calc-sentence")`) {
		t.Error("the summary is out of view after editing the last field")
	}
	s.screenshot(t, "calc-table-summary-in-view")
	// At 150 % text the header takes two rows: the summary sits under it.
	s.do(t, chromedp.Evaluate[chromedp.Void](`document.documentElement.style.fontSize = "150%"`))
	s.poll(t, `parseFloat(getComputedStyle(document.documentElement).getPropertyValue("--top-h")) >= document.querySelector("header.top").getBoundingClientRect().height - 1`, "the header height to follow the text size")
	s.do(t, chromedp.Evaluate[chromedp.Void](`[...document.querySelectorAll(".calc .fields .field")].pop().scrollIntoView({block: "center"})`))
	if !s.holds(t, inView+`("#calc-sentence")`) {
		t.Error("at 150 % text the summary is hidden after scrolling to the last field")
	}
	s.screenshot(t, "calc-table-summary-in-view-150")
	s.do(t, chromedp.Evaluate[chromedp.Void](`document.documentElement.style.fontSize = ""`))
	// A bar sets the threshold, which then stays while other values
	// change (until then it follows them: issue 35).
	s.do(t, chromedp.Click(chromedp.CSS(`.chart.main rect.hit[data-i="3"]`)))
	s.poll(t, `document.getElementById("calc-sentence").textContent.includes("at least 3")`, "the threshold set by a bar")
	s.do(t, chromedp.SetValue(chromedp.ID("f-cover"), "takecover"))
	s.do(t, chromedp.Evaluate[chromedp.Void](`document.getElementById("f-cover").dispatchEvent(new Event("change", {bubbles: true}))`))
	s.poll(t, `new URLSearchParams(location.search).get("cover") === "takecover"`, "cover changed")
	if got, ok := s.textUntil(t, "#calc-sentence", has("at least 3")); !ok {
		t.Errorf("after a change the headline %q left the threshold 3 the bar set", got)
	}

	// Authority: us and them, wagers named, the rank limit explained.
	s.open(t, "/calc/authority?game=at43&lang=en&a=3&aw=3&ar=1&b=2&bw=1&br=2")
	if got, ok := s.textUntil(t, ".field.bad .error", has("rank 1", "up to 2")); !ok {
		t.Errorf("a wager over the limit says %q, want the rank's limit", got)
	}
	s.showResults(t)
	if got, ok := s.textUntil(t, ".explain", has("Us: Authority 3", "Them: Authority 2, wager 1")); !ok {
		t.Errorf("authority explanation %q does not name both sides with wagers", got)
	}
	s.screenshot(t, "calc-table-authority-en")
	// Us on the left, them on the right, a bad value or not.
	if !s.holds(t, `document.getElementById("f-aw").getBoundingClientRect().right <= innerWidth / 2 && document.getElementById("f-bw").getBoundingClientRect().left >= innerWidth / 2`) {
		t.Error("the wagers are not in the us and them columns")
	}
	if _, ok := readUntil(t, s, `document.querySelectorAll(".profiles").length`, is(0)); !ok {
		t.Error("the authority test offers weapon profiles")
	}

	// No sideways scroll on any calculator, any target, any text size.
	links := []string{"shoot?game=at43", "shoot?game=at43&target=veh", "melee?game=at44&target=veh", "salvos?game=at43&s1.n=2&s2.n=3",
		"indirect?game=at44", "morale?game=at44", "authority?game=at44", "crush?game=at43", "minefield?game=at43&target=veh",
		"terrain?game=at44", "d10attack?game=d10&mode=melee", "d10morale?game=d10", "d10vehicle?game=d10",
		// Issue 13's inputs: lock-on, Jammer, Sniper, the overwatch picker,
		// salvos and templates at vehicles, terrain's distance and lock-on.
		"salvos?game=at43&target=veh&picker=defender&s1.n=2&s1.lock=4&s2.n=3", "salvos?game=at44&target=veh&s1.n=2&s1.jammer=3&s1.sniper=1",
		"shoot?game=at44&target=veh&lock=4", "indirect?game=at43&fixed=4&vehicles=2", "terrain?game=at44&cm=40&lock=4"}
	for i, l := range links {
		lang := []string{"en", "fr"}[i%2]
		s.open(t, "/calc/"+l+"&lang="+lang)
		s.poll(t, `!!document.getElementById("calc-result")`, "the result")
		if px, ok := readUntil(t, s, `document.documentElement.scrollWidth - document.documentElement.clientWidth`, atMost(0)); !ok {
			t.Errorf("/calc/%s is %d px too wide", l, px)
		}
		for _, size := range []string{"100%", "150%"} {
			s.do(t, chromedp.Evaluate[chromedp.Void](`document.documentElement.style.fontSize = "`+size+`"`))
			if px, ok := readUntil(t, s, overflow, atMost(0)); !ok {
				wide := eval[string](t, s, `[...document.querySelectorAll(".main *")].filter(e => e.getBoundingClientRect().right > innerWidth + 1).slice(0, 3).map(e => e.tagName + "." + e.className + "#" + e.id).join(", ")`)
				t.Errorf("/calc/%s at %s text is %d px too wide: %s", l, size, px, wide)
			}
		}
		s.do(t, chromedp.Evaluate[chromedp.Void](`document.documentElement.style.fontSize = ""`))
		if _, ok := readUntil(t, s, `[...document.querySelectorAll(".calc .choice")].filter(c => c.getBoundingClientRect().height < 44).length`, is(0)); !ok {
			t.Errorf("/calc/%s has a checkbox row under 44 px", l)
		}
	}
}

func TestCalcSalvosHold(t *testing.T) {
	s := newSession(t, 360, 740)
	var q []string
	for i := 1; i <= 6; i++ {
		q = append(q, fmt.Sprintf("s%d.n=%d&s%d.acc=4", i, i, i))
	}
	s.open(t, "/calc/salvos?game=at43&size=10&prot=3&lang=en&"+strings.Join(q, "&"))
	_, res := result(t, s)
	if after, _ := res["after"].([]any); len(after) != 6 {
		t.Fatalf("%d salvos computed, want the link's 6", len(after))
	}
	if n, ok := readUntil(t, s, `document.querySelectorAll(".calc .group-title").length`, is(6)); !ok {
		t.Errorf("the form shows %d salvos, want 6", n)
	}
	for want := 5; want >= 1; want-- {
		s.do(t, chromedp.Click(chromedp.ID("salvo-remove")))
		s.poll(t, fmt.Sprintf(`document.querySelectorAll(".calc .group-title").length === %d`, want), fmt.Sprintf("%d salvos after Remove", want))
	}
	if !s.holds(t, `document.getElementById("salvo-remove").disabled && document.getElementById("calc-sentence").textContent !== ""`) {
		t.Error("Remove can empty the page")
	}

	// One bad value marks its own field; the other salvo still counts, the
	// first tap drops the refused value and keeps the rest of the link's,
	// and the message is in French, the value isolated (rules.Echo).
	s.open(t, "/calc/salvos?game=at43&s1.n=x&s1.acc=5&s2.n=2&lang=fr")
	_, res = result(t, s)
	if after, _ := res["after"].([]any); len(after) != 2 {
		t.Errorf("with a bad value %d salvos counted, want 2", len(after))
	}
	if msg, ok := s.textUntil(t, ".field.bad .error", has("« \u2068x\u2069 »", "accepté")); !ok {
		t.Errorf("the bad field says %q, want a French message naming x", msg)
	}
	if n, ok := readUntil(t, s, `document.querySelectorAll(".field.bad").length`, is(1)); !ok {
		t.Errorf("%d fields marked bad, want 1", n)
	}
	s.screenshot(t, "calc-table-salvos-bad-fr")
	s.do(t, chromedp.Click(chromedp.CSS(`[data-step="s2.n"][data-dir="up"]`)))
	s.poll(t, `new URLSearchParams(location.search).get("s2.n") === "3"`, "s2.n=3 after a tap")
	if got, ok := readUntil(t, s, `new URLSearchParams(location.search).get("s1.n") + "/" + new URLSearchParams(location.search).get("s1.acc")`, is("null/5")); !ok {
		t.Errorf("after a tap the link holds s1.n/s1.acc %q, want null/5: the refused x dropped, the link's 5 kept", got)
	}
}
