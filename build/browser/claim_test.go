package browser

import (
	"fmt"
	"math"
	"regexp"
	"strings"
	"testing"

	"github.com/at4x/companion/i18n"
	"github.com/chromedp/chromedp"
)

// claimShown records, at each frame, when the sender's figures first show
// with their mark, in ms since the navigation started: the time the
// opponent first reads them.
const claimShown = `(window.claimAt = window.claimAt || ((m => m && m.offsetParent && m.dataset.claim === "checking" &&
  !document.getElementById("calc-sentence").closest("[hidden]") && document.documentElement.dataset.prefill === undefined)
  (document.getElementById("calc-claim")) ? performance.now() : 0))`

// ansOf is the claim a link carries, as the link gives it.
var ansOf = regexp.MustCompile(`[?&]ans=([^&]*)`)

// withoutClaim is a shared link as the address bar and the history keep
// it: without the sender's figures, which the share bar writes last.
func withoutClaim(link string) string {
	before, _, _ := strings.Cut(link, "&ans=")
	return before
}

// TestShareLinkAnswerBeforeTheClient is the opponent's first visit by the
// sender's QR code, on a phone that has never opened the app, its wasm
// held back as a slow network holds it: the sender's headline shows
// within 1.5 s, marked as the sender's and not yet checked, in the
// reader's language; once the client has started it is marked checked.
// A link whose figure was edited shows it as well, then the client's own
// headline in its place, with a message that the link's was wrong.
func TestShareLinkAnswerBeforeTheClient(t *testing.T) {
	// The sender works a shot out; their share button hands out its link.
	sender := newSessionPreferring(t, 360, 740, prefers["en"])
	sender.open(t, "/calc/shoot?game=at44&n=6&acc=4&range=2&pen=7&prot=4&size=8&cover=cover")
	sender.poll(t, `/[?&]ans=/.test(document.getElementById("calc-share").dataset.link)`, "the share link with the sender's figures")
	link := eval[string](t, sender, `document.getElementById("calc-share").dataset.link`)
	if strings.Contains(eval[string](t, sender, `location.search`), "ans=") {
		t.Errorf("the address bar carries the sender's figures: %s", eval[string](t, sender, `location.search`))
	}
	m := ansOf.FindStringSubmatch(link)
	if m == nil {
		t.Fatalf("the share link %q carries no figures", link)
	}
	figures := strings.Split(m[1], "_")
	if len(figures) != 4 {
		t.Fatalf("the claim %q is not a count's", m[1])
	}
	figures[2] = "12.3" // the chance of at least k, edited
	edited := strings.Replace(link, m[0], m[0][:1]+"ans="+strings.Join(figures, "_"), 1)

	for _, lang := range []string{"en", "fr"} {
		t.Run(lang, func(t *testing.T) {
			checking, checked := i18n.T(lang, i18n.ClaimChecking), i18n.T(lang, i18n.ClaimChecked)
			for _, tt := range []struct {
				name, link string
				wrong      bool
			}{{"sent", link, false}, {"edited", edited, true}} {
				t.Run(tt.name, func(t *testing.T) {
					handler, release := wasmHeld()
					s := startSession(t, 360, 740, handler, t.TempDir(), prefers[lang])
					t.Cleanup(release)
					// A file of the site that is no page starts the browser's
					// renderer, which a phone has running: the time measured
					// is the page's, from the link's navigation, not
					// Chromium's start (up to 0.8 s before the first byte on
					// this machine). The profile keeps no page, script or
					// worker of the app's.
					s.do(t, chromedp.Navigate(s.url("/manifest.webmanifest")))
					s.do(t, chromedp.Navigate(s.url(tt.link)))
					s.poll(t, claimShown, "the sender's figures, marked unchecked")
					at := eval[float64](t, s, `window.claimAt`)
					phases := eval[string](t, s, `(n => "HTML from " + n.responseStart.toFixed(0) + " to " + n.responseEnd.toFixed(0) +
						" ms, parsed at " + n.domInteractive.toFixed(0) + " ms")(performance.getEntriesByType("navigation")[0])`)
					t.Logf("%s %s: the sender's figures on screen at %.0f ms (%s)", lang, tt.name, at, phases)
					if at > 1500 {
						t.Errorf("the sender's figures showed after %.0f ms, want 1.5 s at most", at)
					}
					claimed := s.text(t, "#calc-sentence")
					// The client's sentence replaces this one: its words
					// drawn over any larger a box, it would be the page's
					// largest paint again, once the wasm has come.
					const box = `(() => { const r = document.createRange(); r.selectNodeContents(document.getElementById("calc-sentence"));
						const b = r.getBoundingClientRect(); return [b.width, b.height] })()`
					before := eval[[]float64](t, s, box)
					if mark := s.text(t, "#calc-claim"); mark != checking {
						t.Errorf("before the client the mark reads %q, want %q", mark, checking)
					}
					if tt.wrong && !strings.Contains(claimed, map[string]string{"en": "12.3%", "fr": "12,3\u202f%"}[lang]) {
						t.Errorf("before the client the edited figure does not show: %q", claimed)
					}
					if app := eval[string](t, s, `document.documentElement.dataset.app`); app != "starting" {
						t.Fatalf("the client started (%q) while its wasm was held", app)
					}
					s.screenshot(t, fmt.Sprintf("claim-%s-%s-before-client", tt.name, lang))

					releasedAt := eval[float64](t, s, `performance.now()`)
					release()
					s.waitApp(t)
					if !tt.wrong {
						s.poll(t, `document.getElementById("calc-claim").dataset.claim === "checked"`, "the figures marked checked")
						if got := s.text(t, "#calc-sentence"); got != claimed {
							t.Errorf("checked, the headline reads %q, before %q", got, claimed)
						}
						if mark := s.text(t, "#calc-claim"); mark != checked {
							t.Errorf("checked, the mark reads %q, want %q", mark, checked)
						}
						if after := eval[[]float64](t, s, box); math.Abs(after[0]-before[0]) > 0.5 || math.Abs(after[1]-before[1]) > 0.5 {
							t.Errorf("the client's headline is drawn %.1f x %.1f px, the link's was %.1f x %.1f", after[0], after[1], before[0], before[1])
						}
						// The page's largest paint is still the sender's
						// figures, before the wasm came.
						lcp, err := chromedp.Run(s.ctx, chromedp.Evaluate[float64](`new Promise(done => new PerformanceObserver(l => {
							const e = l.getEntries(); done(e[e.length - 1].startTime) }).observe({type: "largest-contentful-paint", buffered: true}))`, chromedp.EvalAwaitPromise))
						if err != nil {
							t.Fatal(err)
						}
						if lcp > releasedAt {
							t.Errorf("the largest paint came at %.0f ms, after the wasm was let through at %.0f ms: the client's headline, not the link's", lcp, releasedAt)
						}
					} else {
						s.poll(t, `document.getElementById("calc-claim").dataset.claim === "wrong"`, "the edited figures said wrong")
						own := s.text(t, "#calc-sentence")
						mark := s.text(t, "#calc-claim")
						if own == claimed || strings.Contains(own, "12") {
							t.Errorf("the client's headline %q still gives the edited figure", own)
						}
						if want := "\u2068" + strings.TrimSuffix(claimed, ".") + "\u2069"; !strings.Contains(mark, want) {
							t.Errorf("the message %q does not repeat the link's headline %q", mark, claimed)
						}
						if eval[string](t, s, `document.getElementById("calc-claim").getAttribute("role")`) != "alert" {
							t.Errorf("the message that the link was wrong is not an alert")
						}
					}
					s.screenshot(t, fmt.Sprintf("claim-%s-%s-after-client", tt.name, lang))
					// The reader's first change drops the link's figures.
					s.do(t, chromedp.Click(chromedp.CSS(`button.step[data-step="n"][data-dir="up"]`)))
					s.poll(t, `!document.getElementById("calc-claim")`, "the mark gone after a change")
				})
			}
		})
	}
}
