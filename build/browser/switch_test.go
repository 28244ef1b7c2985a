package browser

import (
	"fmt"
	"net/url"
	"testing"

	"github.com/chromedp/chromedp"
)

// scrollToMark scrolls the page so that the marked element with this id
// starts just under the sticky header, a little way into it, as a reader's
// finger leaves it.
func (s *session) scrollToMark(t *testing.T, id string) {
	t.Helper()
	s.do(t, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`window.scrollTo({top: document.getElementById(%q).getBoundingClientRect().top + scrollY - document.querySelector("header.top").getBoundingClientRect().bottom + 12, behavior: "instant"})`, id)))
	if got, ok := readUntil(t, s, topMark, is(id)); !ok {
		t.Fatalf("scrolled to #%s, but the view starts in #%s", id, got)
	}
}

// switchAt opens the AT-43 page from, scrolls its mark id to the top,
// switches to AT-44 and waits for the page at path to; it returns how far
// down from was, as a fraction of its scroll range.
func (s *session) switchAt(t *testing.T, from, id, to string) float64 {
	t.Helper()
	s.open(t, from)
	s.scrollToMark(t, id)
	frac := eval[float64](t, s, scrollFrac)
	s.tap(t, "#game-at44")
	s.poll(t, showsAT44, "the page drawn for AT-44")
	s.poll(t, fmt.Sprintf(`location.pathname === %q`, to), "AT-44's page "+to)
	return frac
}

// startsAtMark is a JavaScript test that the view starts at the top of a
// marked element (a sub-part, a glossary entry), as the app snaps a place
// into another game's page, and that it is the last one starting above
// frac of the page's scroll range.
func startsAtMark(frac float64) string {
	return fmt.Sprintf(`(()=>{
		const h = document.querySelector("header.top").getBoundingClientRect().bottom;
		const line = %f * (document.documentElement.scrollHeight - innerHeight) + h;
		const marks = [...document.querySelectorAll(".prose [id], .glossary .entry[id]")];
		const i = marks.findIndex(e => e.id === %s);
		if (i < 0 || scrollY <= 0) return false;
		const top = marks[i].getBoundingClientRect().top;
		const next = marks[i + 1];
		return Math.abs(top - h) < 3 && (!next || next.getBoundingClientRect().top + scrollY > line - 2);
	})()`, frac, topMark)
}

// showsAT44 tells that the client has drawn the page for AT-44: the address
// changes a frame before.
const showsAT44 = `document.querySelector(".games [aria-current]").id === "game-at44"`

// TestGameSwitchKeepsThePlace: a reader deep in a section, the glossary or a
// calculator who switches game stays where they were. A sub-part or entry
// both games have stays at the top of the view; one the other game lacks
// gives the sub-part found the same proportion down, since both games'
// sections follow the same outline; the calculator keeps its inputs.
func TestGameSwitchKeepsThePlace(t *testing.T) {
	s := newSession(t, 360, 740)

	t.Run("sub-part both games have", func(t *testing.T) {
		const id = "shooting.who-is-hit.vehicles"
		s.open(t, "/en/at43/shooting.who-is-hit")
		s.scrollToMark(t, id)
		s.tap(t, "#game-at44")
		s.poll(t, showsAT44, "the page drawn for AT-44")
		s.poll(t, `location.pathname === "/en/at44/shooting.who-is-hit"`, "AT-44's section")
		s.pollOr(t, fmt.Sprintf(`(%s) === %q && scrollY > 0`, topMark, id), "the same sub-part at the top", where(id))
		if h, ok := readUntil(t, s, `location.hash`, is("#"+id)); !ok {
			t.Errorf("the address ends in %q, want #%s", h, id)
		}
	})

	for _, lang := range []string{"en", "fr"} {
		t.Run("sub-part the other game lacks, "+lang, func(t *testing.T) {
			// AT-44's cover section says the same things in other words: no
			// sub-part of AT-43's but the example is in it.
			const id = "shooting.cover.test"
			frac := s.switchAt(t, "/"+lang+"/at43/shooting.cover", id, "/"+lang+"/at44/shooting.cover")
			if eval[bool](t, s, fmt.Sprintf(`!!document.getElementById(%q)`, id)) {
				t.Fatalf("AT-44's cover section has #%s now: pick a sub-part it lacks", id)
			}
			s.pollOr(t, startsAtMark(frac), fmt.Sprintf("the view to start at the AT-44 sub-part %.0f%% down", 100*frac),
				`"scrollY "+scrollY+", top of view #"+`+topMark)
			s.screenshot(t, "switch-game-section-"+lang)
		})
	}

	t.Run("glossary entry both games have", func(t *testing.T) {
		s.open(t, "/fr/at43/glossary#cover")
		s.poll(t, belowHeader("cover"), "#cover in view")
		s.tap(t, "#game-at44")
		s.poll(t, showsAT44, "the page drawn for AT-44")
		s.poll(t, `location.pathname === "/fr/at44/glossary"`, "AT-44's glossary")
		s.pollOr(t, belowHeader("cover"), "#cover in view in AT-44's glossary", where("cover"))
	})

	for _, lang := range []string{"en", "fr"} {
		t.Run("glossary entry of AT-43 only, "+lang, func(t *testing.T) {
			const id = "nanogeneration"
			frac := s.switchAt(t, "/"+lang+"/at43/glossary", id, "/"+lang+"/at44/glossary")
			s.pollOr(t, startsAtMark(frac), "an AT-44 entry the same proportion down", `"scrollY "+scrollY+", top of view #"+`+topMark)
			// The glossaries are in alphabetical order: the entry is near N.
			if dt := eval[string](t, s, fmt.Sprintf(`document.getElementById(%s).querySelector("dt").textContent`, topMark)); dt < "L" || dt > "P" {
				t.Errorf("the AT-44 glossary opened at %q, far from the N of nanogeneration", dt)
			}
			s.screenshot(t, "switch-game-glossary-"+lang)
		})

		t.Run("calculator keeps its inputs, "+lang, func(t *testing.T) {
			// A page in the language first: the reader's choice wins over
			// the link's.
			s.open(t, "/"+lang+"/about")
			s.open(t, "/calc/shoot?game=at43&lang="+lang+"&n=8&acc=5&range=2&pen=5&prot=4&size=10&cover=cover")
			s.do(t, chromedp.Evaluate[chromedp.Void](`window.scrollTo({top: 300, behavior: "instant"})`))
			s.tap(t, "#game-at44")
			s.poll(t, showsAT44, "the page drawn for AT-44")
			s.poll(t, `new URLSearchParams(location.search).get("game") === "at44"`, "the AT-44 calculator")
			q, err := url.ParseQuery(eval[string](t, s, `location.search.slice(1)`))
			if err != nil {
				t.Fatal(err)
			}
			if p := s.path(t); p != "/calc/shoot" || q.Get("n") != "8" || q.Get("cover") != "cover" || q.Get("lang") != lang {
				t.Errorf("the switch opened %s?%s, want the shooting calculator with n=8, cover=cover, lang=%s", p, q.Encode(), lang)
			}
			s.poll(t, `scrollY > 0`, "the calculator to stay scrolled down")
			s.screenshot(t, "switch-game-calc-"+lang)
		})
	}
}

// TestSwitchCarriesTheValuesAsTheyStand: a calculator writes each change
// into its address without a navigation, and the switch's links are kept
// for the address they were made from; the language switch tapped after a
// change carries the value as it stands, not as it was when the header
// was drawn.
func TestSwitchCarriesTheValuesAsTheyStand(t *testing.T) {
	s := newSession(t, 360, 740)
	s.open(t, "/calc/shoot?game=at43&n=6&acc=4&lang=en")
	s.stepTo(t, "n", 8)
	s.poll(t, `new URL(location.href).searchParams.get("n") === "8"`, "n=8 in the address")
	s.tap(t, "#lang-switch")
	s.poll(t, `document.documentElement.lang === "fr" && new URL(location.href).searchParams.get("n") === "8" && document.getElementById("f-n").value === "8"`, "the French calculator at n=8")
	s.stepTo(t, "n", 7)
	s.poll(t, `new URL(location.href).searchParams.get("n") === "7"`, "n=7 in the address")
	s.tap(t, "#lang-switch")
	s.poll(t, `document.documentElement.lang === "en" && new URL(location.href).searchParams.get("n") === "7" && document.getElementById("f-n").value === "7"`, "the English calculator at n=7")
}
