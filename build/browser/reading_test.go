package browser

import (
	"fmt"
	"math"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestReading checks reading at the table on a 360×740 phone: switching
// language keeps the place, Back closes what is open, large text fits, wide
// tables scroll in their own frame, the glossary index, the home page and
// the red-light theme. One browser runs every step, to keep the run short.
func TestReading(t *testing.T) {
	s := newSession(t, 360, 740)

	t.Run("language switch keeps a glossary entry", func(t *testing.T) {
		s.open(t, "/en/at43/glossary#cover")
		s.poll(t, belowHeader("cover"), "#cover in view in English")
		s.tap(t, "#lang-switch")
		s.poll(t, `location.pathname === "/fr/at43/glossary" && document.documentElement.lang === "fr"`, "the French glossary")
		if h, ok := readUntil(t, s, `location.hash`, is("#cover")); !ok {
			t.Errorf("the French glossary's address ends in %q, want #cover", h)
		}
		s.pollOr(t, belowHeader("cover"), "#cover in view in French", where("cover"))
		s.screenshot(t, "glossary-cover-fr")
	})

	t.Run("language switch keeps the place in a long section", func(t *testing.T) {
		s.open(t, "/en/at43/damage.vehicles")
		s.do(t, chromedp.Evaluate[chromedp.Void](`window.scrollTo({top: 0.7*(document.documentElement.scrollHeight-innerHeight), behavior: "instant"})`))
		en := eval[string](t, s, topMark)
		s.tap(t, "#lang-switch")
		s.poll(t, `location.pathname === "/fr/at43/damage.vehicles" && document.documentElement.lang === "fr"`, "the French section")
		// A sub-part both texts mark must be at the top again; without one,
		// the same proportion of the page.
		if en != "" && eval[bool](t, s, fmt.Sprintf(`!!document.getElementById(%q)`, en)) {
			s.poll(t, fmt.Sprintf(`(%s) === %q`, topMark, en), "the same sub-part at the top")
			return
		}
		s.poll(t, `scrollY > 0`, "the French page to scroll")
		if f, ok := readUntil(t, s, scrollFrac, func(f float64) bool { return math.Abs(f-0.7) <= 0.05 }); !ok {
			t.Errorf("the French section opened %.0f%% down, want 70%%", 100*f)
		}
	})

	t.Run("Back closes the search and the term sheet", func(t *testing.T) {
		const page = "/en/at43/shooting.cover"
		s.open(t, page)
		s.tap(t, "#search-open")
		s.poll(t, `!document.getElementById("search-panel").classList.contains("closed")`, "the search panel")
		s.do(t, chromedp.NavigateBack())
		s.poll(t, `document.getElementById("search-panel").classList.contains("closed")`, "Back to close the search panel")
		if p := s.path(t); p != page {
			t.Fatalf("Back with the search open left for %s", p)
		}

		s.do(t, chromedp.Evaluate[chromedp.Void](`window.scrollTo({top: 0, behavior: "instant"})`))
		s.tap(t, ".prose a.term")
		s.poll(t, `!!document.getElementById("term-dialog") && document.activeElement.id === "term-close"`, "the term sheet, focused")
		for i := 0; i < 5; i++ {
			s.do(t, chromedp.KeyEvent("\t"))
			if !s.holds(t, `document.getElementById("term-dialog").contains(document.activeElement)`) {
				t.Fatalf("Tab %d left the term sheet for %s", i+1, eval[string](t, s, `document.activeElement.outerHTML.slice(0,80)`))
			}
		}
		s.do(t, chromedp.NavigateBack())
		s.poll(t, `!document.getElementById("term-dialog")`, "Back to close the term sheet")
		if p := s.path(t); p != page {
			t.Fatalf("Back with the term sheet open left for %s", p)
		}
		s.poll(t, `document.activeElement.classList.contains("term")`, "the focus back on the term")

		s.tap(t, ".prose a.term")
		s.poll(t, `document.activeElement.id === "term-close"`, "the term sheet again")
		s.do(t, chromedp.KeyEvent("\r"))
		s.poll(t, `!document.getElementById("term-dialog") && document.activeElement.classList.contains("term")`, "Close to give the focus back to the term")
		if p := s.path(t); p != page {
			t.Fatalf("closing the sheet left for %s", p)
		}
	})

	t.Run("home page: texts, calculators, no game before a choice", func(t *testing.T) {
		s.open(t, "/en/about")
		s.do(t, chromedp.Evaluate[chromedp.Void](`localStorage.clear()`))
		s.open(t, "/")
		if n, ok := readUntil(t, s, `document.querySelectorAll(".games [aria-current]").length`, is(0)); !ok {
			t.Errorf("the header marks %d game(s) before any choice", n)
		}
		if n, ok := readUntil(t, s, `[...document.querySelectorAll(".calc-cards a")].filter(a=>a.querySelector("strong").textContent&&a.querySelector("span").textContent.endsWith("?")).length`, atLeast(10)); !ok {
			t.Errorf("the home page shows %d calculators with the question they answer", n)
		}
		if _, ok := s.textUntil(t, ".d10-note", nonEmpty); !ok {
			t.Error("the home page does not say what d10 is")
		}
		s.screenshot(t, "home-en")
		s.open(t, "/fr/at43/morale.test")
		if _, ok := readUntil(t, s, `document.querySelectorAll(".section-calcs a[href*='/calc/morale']").length`, atLeast(1)); !ok {
			t.Error("the morale section offers no way to the morale calculator")
		}
		if !s.holds(t, `(()=>{const a=document.querySelector(".bottom a.calc");if(!a)return false;const r=a.getBoundingClientRect();return r.width>20&&r.right<=innerWidth&&a.getAttribute("href").includes("/calc/")})()`) {
			t.Error("the bottom bar of a section has no visible link to the calculators")
		}
		s.screenshot(t, "section-bottom-fr")
		s.do(t, chromedp.Evaluate[chromedp.Void](`localStorage.clear()`))
		s.open(t, "/?lang=fr")
		s.screenshot(t, "home-fr")
	})

	t.Run("150% text fits a 360 px screen", func(t *testing.T) {
		s.open(t, "/")
		s.do(t, chromedp.Evaluate[chromedp.Void](`localStorage.clear(); localStorage.setItem(`+prefsKeyJS+`, JSON.stringify({lang:"fr", game:"at44", textSize:150}))`))
		for _, page := range []string{"/fr/at44", "/en/at43/shooting.cover", "/fr/at43/morale.test", "/fr/at43/glossary", "/fr/settings", "/fr/compare", "/calc/morale?lang=fr&game=at43", "/calc/shoot?lang=fr&game=at44"} {
			s.open(t, page)
			if fs, ok := readUntil(t, s, `parseFloat(getComputedStyle(document.documentElement).fontSize)`, is(24.0)); !ok {
				t.Fatalf("%s: root text at %.2f px, want 24 (150%%)", page, fs)
			}
			if w, ok := readUntil(t, s, `document.documentElement.scrollWidth - innerWidth`, atMost(0.0)); !ok {
				t.Errorf("%s scrolls sideways by %.0f px at 150%% text; widest: %s", page, w, eval[string](t, s, widest))
			}
			sel := `header.top a[href$="/settings"]`
			if r, ok := readUntil(t, s, `document.querySelector('`+sel+`').getBoundingClientRect().right`, atMost(360.0)); !ok {
				t.Errorf("%s: the settings button ends at x=%.0f, off the 360 px screen", page, r)
			}
		}
		s.screenshot(t, "text-150-section-fr")
		s.do(t, chromedp.Evaluate[chromedp.Void](`localStorage.clear()`))
	})

	t.Run("wide tables scroll in their own labelled frame", func(t *testing.T) {
		s.open(t, "/fr/compare")
		if n, ok := readUntil(t, s, `[...document.querySelectorAll(".prose table")].filter(t=>{const f=t.parentElement;return !f.classList.contains("table-frame")||f.getAttribute("role")!=="region"||f.tabIndex!==0||!f.getAttribute("aria-label")}).length`, is(0)); !ok {
			t.Errorf("%d tables are not in a labelled, focusable frame", n)
		}
		const wide = `[...document.querySelectorAll(".table-frame")].find(f=>f.scrollWidth>f.clientWidth+1)`
		if !s.holds(t, `!!`+wide) {
			t.Fatal("no table of the French comparison is wider than a 360 px screen; pick a wider one")
		}
		if !s.holds(t, `(`+wide+`).classList.contains("scrolls") && getComputedStyle(`+wide+`,"::before").content.includes("⇆")`) {
			t.Error("a frame that scrolls does not say so")
		}
		s.do(t, chromedp.Evaluate[chromedp.Void](`(`+wide+`).focus()`))
		s.do(t, chromedp.KeyEvent(kb.ArrowRight), chromedp.KeyEvent(kb.ArrowRight))
		s.poll(t, `document.activeElement.classList.contains("table-frame") && document.activeElement.scrollLeft > 0`, "the arrow keys to scroll the focused table")
		s.screenshot(t, "table-frame-fr")

		s.open(t, "/fr/at43/reference.location")
		if _, ok := readUntil(t, s, `document.querySelectorAll(".prose .nw").length`, atLeast(1)); !ok {
			t.Fatal("no die range kept together on the French vehicle locations")
		}
		if broken, ok := readUntil(t, s, `[...document.querySelectorAll(".prose .nw")].filter(e=>e.getClientRects().length>1).map(e=>e.textContent).join(" ")`, is("")); !ok {
			t.Errorf("die ranges broken across lines: %s", broken)
		}
	})

	t.Run("glossary A-Z bar and filter", func(t *testing.T) {
		s.open(t, "/fr/at43/glossary")
		if n, ok := readUntil(t, s, `document.querySelectorAll("nav.az a").length`, atLeast(10)); !ok {
			t.Fatalf("the A-Z bar has %d letters", n)
		}
		s.do(t, chromedp.Click(chromedp.CSS(`nav.az a[href="#letter-M"]`)))
		s.pollOr(t, belowHeader("letter-M"), "the M terms in view", where("letter-M"))
		total := eval[int](t, s, `document.querySelectorAll(".glossary .entry").length`)
		s.do(t, chromedp.SendKeys(chromedp.ID("gloss-filter"), "couv"))
		s.poll(t, `document.getElementById("gloss-filter").value === "couv" && document.querySelectorAll(".glossary .entry").length < `+fmt.Sprint(total), "the filter to keep fewer terms")
		s.pollOr(t, `!!document.getElementById("cover") && [...document.querySelectorAll(".glossary .entry dt")].every(d=>/couv/i.test(d.textContent))`,
			`only the terms with "couv"`, `document.getElementById("gloss-list").textContent.slice(0, 300)`)
		s.screenshot(t, "glossary-filter-fr")
	})

	t.Run("red-light theme persists across a reload", func(t *testing.T) {
		s.open(t, "/fr/settings")
		s.do(t, chromedp.Click(chromedp.ID("theme-red")))
		s.poll(t, `document.documentElement.dataset.theme === "red"`, "the red-light theme")
		// Applied by the page head before the first paint, wasm or not.
		s.do(t, chromedp.Navigate(s.url("/fr/at43/shooting.cover?wasm=false")))
		s.poll(t, `document.readyState === "complete"`, "the page")
		if th := eval[string](t, s, `document.documentElement.dataset.theme || ""`); th != "red" {
			t.Errorf("theme after a reload = %q, want red", th)
		}
		if bg := eval[string](t, s, `getComputedStyle(document.body).backgroundColor`); bg != "rgb(0, 0, 0)" {
			t.Errorf("red-light page background %s, want black", bg)
		}
		s.open(t, "/fr/at43/shooting.cover")
		if !s.holds(t, `document.getElementById("theme-red") === null && document.documentElement.dataset.theme === "red"`) {
			t.Error("the red-light theme did not survive the client's start")
		}
		s.screenshot(t, "section-red-fr")
		s.open(t, "/fr/settings")
		if !s.holds(t, `document.getElementById("theme-red").checked`) {
			t.Error("Settings do not show the red-light theme as chosen")
		}
		s.do(t, chromedp.Click(chromedp.ID("theme-system")))
		s.poll(t, `!document.documentElement.dataset.theme`, "the system theme again")
	})

	t.Run("screenshots in English and French", func(t *testing.T) {
		s.open(t, "/en/about")
		s.do(t, chromedp.Evaluate[chromedp.Void](`localStorage.clear()`))
		for _, lang := range []string{"en", "fr"} {
			for _, p := range []struct{ name, path string }{
				{"home", "/?lang=" + lang},
				{"section", "/" + lang + "/at43/morale.test"},
				{"glossary", "/" + lang + "/at44/glossary"},
				{"calculator", "/calc/morale?game=at43&lang=" + lang},
				{"settings", "/" + lang + "/settings"},
			} {
				s.open(t, p.path)
				s.screenshot(t, "reading-"+p.name+"-"+lang)
			}
			s.open(t, "/"+lang+"/at43/shooting.cover")
			s.tap(t, "#search-open")
			s.do(t, chromedp.SendKeys(chromedp.ID("search-input"), "cover"))
			s.poll(t, `document.querySelectorAll("#search-results a.result").length > 0`, "search results")
			s.screenshot(t, "reading-search-"+lang)
			s.do(t, chromedp.KeyEvent(kb.Escape))
			s.poll(t, `document.getElementById("search-panel").classList.contains("closed")`, "Escape to close the search")
			s.tap(t, ".prose a.term")
			s.poll(t, `!!document.getElementById("term-dialog")`, "the term sheet")
			s.screenshot(t, "reading-term-"+lang)
		}
	})

	t.Run("game switch from the supplement", func(t *testing.T) {
		s.open(t, "/en/at43/frostbite.bunkers")
		s.do(t, chromedp.Click(chromedp.ID("game-at44")))
		s.poll(t, `location.pathname === "/en/at44/terrain.types"`, "AT-44's terrain section")
		// The note comes with the section's render, which may follow the
		// new address by a frame.
		s.poll(t, `document.querySelector("p.note").textContent.trim() !== ""`, "a note that AT-44 lacks the section")
	})
}

// belowHeader is a JavaScript test that the element with this id shows below
// the sticky header.
func belowHeader(id string) string {
	return fmt.Sprintf(`(()=>{const e=document.getElementById(%q);if(!e)return false;const r=e.getBoundingClientRect(),h=document.querySelector("header.top").getBoundingClientRect().bottom;return r.top>=h-2&&r.top<innerHeight-20})()`, id)
}

// topMark is the id of the marked element at the top of the view, as the
// app reads the place (app/place.go).
const topMark = `(()=>{const line=document.querySelector("header.top").getBoundingClientRect().bottom+2;let id="";for(const e of document.querySelectorAll(".prose [id], .glossary .entry[id], .contents .chapter h2[id]")){if(e.getBoundingClientRect().top<=line)id=e.id}return id})()`

// scrollFrac is how far down its scroll range the page is.
const scrollFrac = `scrollY/Math.max(1,document.documentElement.scrollHeight-innerHeight)`

// tap clicks the middle of an element where it is on screen, as a finger
// would: chromedp.Click first scrolls the element into view, which moves a
// page under a sticky header.
func (s *session) tap(t *testing.T, css string) {
	t.Helper()
	xy := s.middle(t, css)
	s.do(t, chromedp.MouseClickXY(xy[0], xy[1]))
}

// middle is where the middle of an element is on screen, once the element
// is there: a tap often follows a render.
func (s *session) middle(t *testing.T, css string) []float64 {
	t.Helper()
	xy, _ := readUntil(t, s, fmt.Sprintf(`(()=>{const r=document.querySelector(%q).getBoundingClientRect();return [r.left+r.width/2,r.top+r.height/2]})()`, css),
		func(xy []float64) bool { return len(xy) == 2 })
	return xy
}

// widest names the element that reaches furthest right, for a failure
// message.
const widest = `(()=>{let w=0,n="";const clipped=e=>{for(let p=e.parentElement;p;p=p.parentElement){if(/auto|scroll|hidden/.test(getComputedStyle(p).overflowX))return true}return false};for(const e of document.querySelectorAll("body *")){const r=e.getBoundingClientRect().right;if(r>w&&!clipped(e)){w=r;n=e.tagName+"."+e.className+" "+(e.id||"")}}return n+" "+Math.round(w)})()`

// where tells where an element and the header are, for a failure message.
func where(id string) string {
	return fmt.Sprintf(`(()=>{const e=document.getElementById(%q);return location.href+": #"+%q+" top "+(e?e.getBoundingClientRect().top:"none")+", header bottom "+document.querySelector("header.top").getBoundingClientRect().bottom+", scrollY "+scrollY})()`, id, id)
}

// pollOr is poll that says what diag evaluates to when it times out.
func (s *session) pollOr(t *testing.T, expr, what, diag string) {
	t.Helper()
	if _, err := chromedp.Run(s.ctx, chromedp.Poll[bool](guarded(expr), chromedp.WithPollingTimeout(waitTimeout))); err != nil {
		t.Fatalf("waiting for %s: %v; %s", what, err, eval[string](t, s, diag))
	}
}

// prefsKeyJS is the local storage key of the reader's settings, which
// carries the app's prefix (app/prefs.go): "at4x:/:prefs" at the root.
const prefsKeyJS = `"at4x:/:prefs"`
