package browser

import (
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/at4x/companion/i18n"
	"github.com/chromedp/chromedp"
)

// Issue 35, at the table, third pass: the audit's routes and taps
// (audits/round3-table-use.md, problems A to L), in both languages.

// choose sets a list's value as a tap on an option does.
func (s *session) choose(t *testing.T, id, value string) {
	t.Helper()
	s.poll(t, fmt.Sprintf(`!!document.getElementById(%q)`, id), "the list "+id)
	s.do(t, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => { const s = document.getElementById(%q); s.value = %q;
		s.dispatchEvent(new Event("change", {bubbles: true})); })()`, id, value)))
}

// waitCalcLinks waits for a calculator's own links, after a tap on a
// link to the calculators: until go-app has drawn the calculator, the page
// left is on the screen, and its links of the same words (the rules'
// chapter "Tir") are found first; a tap worked out on it then lands on the
// calculator drawn in its place (a damage reroll ticked, in CI).
func (s *session) waitCalcLinks(t *testing.T) {
	t.Helper()
	s.poll(t, `location.pathname.startsWith("/calc/") && !!document.querySelector("ul.calc-links")`, "the calculators' links")
}

// headline is the calculator's answer once it shows one.
func (s *session) headline(t *testing.T) string {
	t.Helper()
	s.poll(t, `document.getElementById("calc-sentence").textContent.includes("%")`, "the answer")
	return s.text(t, "#calc-sentence")
}

// headlineUntil is readUntil of the calculator's answer: the last one read
// and whether want held of it.
func (s *session) headlineUntil(t *testing.T, want func(string) bool) (string, bool) {
	t.Helper()
	return s.textUntil(t, "#calc-sentence", want)
}

// TestCalcThresholdFollowsTheValues is problem A: the shot of the audit,
// built by taps from the calculator's defaults, asks what the same values
// opened as a link ask ("at least 4", not a near-certain "at least 1"),
// and its link carries no threshold; once the reader taps a bar, that
// threshold stays and travels.
func TestCalcThresholdFollowsTheValues(t *testing.T) {
	want := map[string]string{"en": "Expect 3.6 casualties; 49.6% chance of at least 4.",
		"fr": "En moyenne 3,6 pertes ; 49,6\u202f% de chances d’en avoir au moins 4."}
	for _, lang := range []string{"en", "fr"} {
		t.Run(lang, func(t *testing.T) {
			s := newSessionPreferring(t, 360, 740, prefers[lang])
			s.open(t, "/"+lang+"/at43")
			a := &taps{s: s}
			a.link(t, i18n.T(lang, i18n.CalcsShort))
			s.waitCalcLinks(t)
			a.link(t, i18n.T(lang, i18n.CalcShoot))
			s.pollOr(t, `document.documentElement.dataset.app === "ready" && location.pathname === "/calc/shoot" && !!document.getElementById("f-n")`, "the shooting calculator",
				`location.href + " app=" + document.documentElement.dataset.app + " title=" + document.title + " log=" + `+fmt.Sprintf("%q", strings.Join(a.log, ", ")))
			for _, step := range []struct {
				key   string
				times int
			}{{"n", 5}, {"rate", 1}, {"acc", 1}} {
				for range step.times {
					a.tap(t, fmt.Sprintf(`[data-step=%q][data-dir="up"]`, step.key))
				}
			}
			a.tap(t, `.quick [value="20"]`)
			for _, step := range []struct {
				key   string
				times int
			}{{"cm", 3}, {"pen", 2}, {"size", 2}} {
				for range step.times {
					a.tap(t, fmt.Sprintf(`[data-step=%q][data-dir="up"]`, step.key))
				}
			}
			a.choose(t, "#f-cover", "cover")
			q := a.query(t, "cover=cover")
			tapped := map[string]string{"n": "6", "rate": "2", "acc": "4", "cm": "23", "pen": "7", "size": "8", "cover": "cover", "game": "at43", "lang": lang}
			for k, v := range tapped {
				if q.Get(k) != v {
					t.Fatalf("the taps gave %s=%s, want %s (%s)", k, q.Get(k), v, strings.Join(a.log, ", "))
				}
			}
			for k := range q {
				if _, ok := tapped[k]; !ok && k != "atleast" {
					t.Fatalf("the link carries %s=%s, which no tap chose (%s)", k, q.Get(k), strings.Join(a.log, ", "))
				}
			}
			if q.Has("atleast") {
				t.Errorf("the link carries atleast=%s, which the reader did not choose", q.Get("atleast"))
			}
			s.pollOr(t, fmt.Sprintf(`document.getElementById("calc-sentence").textContent === %q`, want[lang]), "the headline the values give: "+want[lang],
				`document.getElementById("calc-sentence").textContent + " at " + location.search`)
			s.screenshot(t, "table3-threshold-"+lang)

			// The same values opened as a link read the same.
			link := eval[string](t, s, `location.pathname + location.search`)
			o := newSessionPreferring(t, 360, 740, prefers[lang])
			o.open(t, link)
			if got, ok := o.headlineUntil(t, is(want[lang])); !ok {
				t.Errorf("the link opened reads %q, want %q", got, want[lang])
			}

			// A bar chooses the threshold; it stays and travels.
			s.showResults(t)
			a.tap(t, `.chart.main rect.hit[data-i="3"]`)
			s.poll(t, `new URLSearchParams(location.search).get("atleast") === "3"`, "atleast=3 in the link")
			s.stepUp(t, "n", 7)
			s.poll(t, `new URLSearchParams(location.search).get("n") === "7" && new URLSearchParams(location.search).get("atleast") === "3"`, "the threshold kept after a tap")
			if got, ok := s.headlineUntil(t, func(h string) bool { return strings.HasSuffix(h, " 3.") }); !ok {
				t.Errorf("after a bar and a tap the headline reads %q, want at least 3", got)
			}
		})
	}
}

// TestCalcNoStaleNumber is problem B: salvo 1's distance shows no number
// the answer does not use after the target or the game changes.
func TestCalcNoStaleNumber(t *testing.T) {
	const cm = `document.getElementById("f-s1.cm").value`
	for _, lang := range []string{"en", "fr"} {
		t.Run(lang, func(t *testing.T) {
			s := newSessionPreferring(t, 360, 740, prefers[lang])
			s.open(t, "/calc/salvos?game=at43")
			s.choose(t, "f-target", "veh")
			s.poll(t, `!!document.getElementById("f-frame") && !!document.getElementById("f-s1.cm")`, "the vehicle's fields")
			s.poll(t, `new URLSearchParams(location.search).get("target") === "veh"`, "the target in the link")
			if got, ok := readUntil(t, s, cm, is("")); !ok {
				t.Errorf("after Vehicle, salvo 1's distance shows %q with no s1.cm in the link", got)
			}
			s.do(t, chromedp.Evaluate[chromedp.Void](`document.getElementById("f-s1.cm").scrollIntoView({block: "center"})`))
			s.screenshot(t, "table3-stale-distance-"+lang)

			s.open(t, "/calc/salvos?game=at43&target=veh")
			s.tap(t, "#game-at44")
			s.poll(t, `new URLSearchParams(location.search).get("game") === "at44" && !!document.getElementById("f-s1.jammer")`, "the AT-44 fields")
			if got, ok := readUntil(t, s, cm, is("")); !ok {
				t.Errorf("after AT-44, salvo 1's distance shows %q", got)
			}
		})
	}
}

// TestCalcRefusedField is problems C and J with point 8's accessibility:
// a refused value's input is marked invalid and described by its message;
// + steps from the value the answer used; the link's bad view keys and bad
// values leave it at the first tap, with their messages.
func TestCalcRefusedField(t *testing.T) {
	for _, lang := range []string{"en", "fr"} {
		t.Run(lang, func(t *testing.T) {
			s := newSessionPreferring(t, 360, 740, prefers[lang])
			s.open(t, "/calc/shoot?game=at43&n=abc")
			before := s.headline(t)
			if got, ok := readUntil(t, s, `(() => { const i = document.getElementById("f-n"); const ids = (i.getAttribute("aria-describedby") || "").split(" ");
				return i.getAttribute("aria-invalid") + "|" + ids.map(id => (document.getElementById(id) || {}).textContent || "?" + id).join("|") })()`,
				func(got string) bool { return strings.HasPrefix(got, "true|") && strings.Contains(got, "abc") }); !ok {
				t.Errorf("the refused field's input reads %q: want aria-invalid and its message in aria-describedby", got)
			}
			s.screenshot(t, "table3-refused-"+lang)
			s.stepUp(t, "n", 2)
			s.poll(t, `new URLSearchParams(location.search).get("n") === "2"`, "n=2 in the link")
			if after, ok := s.headlineUntil(t, func(h string) bool {
				return h != before && strings.Contains(h, "%") && !strings.Contains(h, "0.0") && !strings.Contains(h, "0,0")
			}); !ok {
				t.Errorf("+ on the refused field: %q, then %q; want 2 weapons' answer", before, after)
			}
			if n, ok := readUntil(t, s, `document.querySelectorAll(".calc .error, [aria-invalid='true']").length`, is(0)); !ok {
				t.Errorf("%d messages or marks left after the tap", n)
			}

			// Problem J: the sender's red messages do not travel.
			s.open(t, "/calc/shoot?game=at43&n=6&atleast=0&whatif=zzz&bar=9.9&cover=bunker")
			s.headline(t)
			if n, ok := readUntil(t, s, `document.querySelectorAll(".calc .error").length`, atLeast(3)); !ok {
				t.Errorf("the link's faults make %d messages, want one each for atleast, whatif and cover", n)
			}
			eval[bool](t, s, stubShare)
			s.stepUp(t, "acc", 4)
			s.poll(t, `new URLSearchParams(location.search).get("acc") === "4"`, "the tap in the link")
			s.tap(t, "#calc-share")
			s.poll(t, `!!window.copied`, "the link shared")
			u, err := url.Parse(eval[string](t, s, `window.copied`))
			if err != nil {
				t.Fatal(err)
			}
			for _, k := range []string{"atleast", "whatif", "bar", "cover"} {
				if u.Query().Has(k) {
					t.Errorf("the shared link keeps %s: %s", k, u)
				}
			}
			if n, ok := readUntil(t, s, `document.querySelectorAll(".calc .error").length`, is(0)); !ok {
				t.Errorf("%d messages left after the first tap", n)
			}
		})
	}
}

// TestCalcWhatIfNoChange is problem D: +1 Accuracy/PRE where 4 and 5 both
// need 3+ (23 cm, range band 2) is not offered, and the page says why.
func TestCalcWhatIfNoChange(t *testing.T) {
	const link = "/calc/shoot?n=6&rate=2&acc=4&cm=23&pen=7&size=8&cover=cover&game="
	for _, lang := range []string{"en", "fr"} {
		for _, game := range []string{"at43", "at44"} {
			t.Run(lang+"/"+game, func(t *testing.T) {
				s := newSessionPreferring(t, 360, 740, prefers[lang])
				s.open(t, link+game)
				s.showResults(t)
				s.poll(t, `!!document.querySelector("fieldset.whatif")`, "the what-ifs")
				if !s.holds(t, `!document.getElementById("whatif-acc")`) {
					t.Error("+1 is offered where it changes nothing")
				}
				want := map[string]string{"en": ": no change, 4 and 5 both need 3+.", "fr": "\u00a0: aucun changement, 4 et 5 demandent tous deux 3+."}[lang]
				if got, ok := s.textUntil(t, "fieldset.whatif .same", func(got string) bool { return strings.HasPrefix(got, "+1 ") && strings.HasSuffix(got, want) }); !ok {
					t.Errorf("the what-ifs say %q, want +1 …%s", got, want)
				}
				s.do(t, chromedp.Evaluate[chromedp.Void](`document.querySelector("fieldset.whatif").scrollIntoView({block: "center"})`))
				s.screenshot(t, "table3-whatif-"+game+"-"+lang)
			})
		}
	}
}

// TestCalcVerdictAfterTheRoll is problem G: one verdict a player reads at
// once, on the audit's AT-44 shot (7 casualties), on morale and authority
// too; several salvos at a vehicle say which salvo's hits are counted.
func TestCalcVerdictAfterTheRoll(t *testing.T) {
	want := map[string]string{"en": "As lucky as 1 roll in 28: 3.6% of rolls do this well or better.",
		"fr": "Coup de chance, 1 jet sur 28\u00a0: 3,6\u202f% des jets font aussi bien ou mieux."}
	for _, lang := range []string{"en", "fr"} {
		t.Run(lang, func(t *testing.T) {
			s := newSessionPreferring(t, 360, 740, prefers[lang])
			s.open(t, "/calc/shoot?game=at44&n=6&rate=2&acc=4&cm=23&pen=7&size=8&cover=cover")
			s.tap(t, "#calc-roll summary")
			s.poll(t, `!!document.getElementById("roll-count")`, "the row open")
			s.choose(t, "roll-count", "7")
			s.poll(t, fmt.Sprintf(`document.getElementById("roll-luck").textContent === %q`, want[lang]), "the verdict on 7 casualties: "+want[lang])
			s.screenshot(t, "table3-verdict-"+lang)

			for _, c := range []struct {
				link, value string
				names       [2]i18n.Key
			}{
				{"/calc/morale?game=at44&mor=5", "0", [2]i18n.Key{i18n.RollFailed, i18n.RollPassed}},
				{"/calc/authority?game=at43&a=3&b=2", "1", [2]i18n.Key{i18n.RollLost, i18n.RollWon}},
			} {
				s.open(t, c.link)
				s.tap(t, "#calc-roll summary")
				s.poll(t, `!!document.getElementById("roll-count")`, "the row open on "+c.link)
				want := i18n.T(lang, c.names[0]) + "|" + i18n.T(lang, c.names[1])
				if got, ok := readUntil(t, s, `[...document.getElementById("roll-count").options].map(o => o.textContent).join("|")`, is(want)); !ok {
					t.Errorf("%s: the row offers %q, want %q", c.link, got, want)
				}
				s.choose(t, "roll-count", c.value)
				s.poll(t, `/\d+(,\d)?\s?%/.test(document.getElementById("roll-luck").textContent)`, "a verdict on "+c.link)
				if c.value == "0" {
					s.screenshot(t, "table3-verdict-morale-"+lang)
				}
			}

			s.open(t, "/calc/salvos?game=at43&target=veh&weapons=2,1&s1.n=2&s2.n=3")
			s.tap(t, "#calc-roll summary")
			s.poll(t, `!!document.getElementById("roll-pick")`, "the row open on two salvos")
			hits := fmt.Sprintf(i18n.T(lang, i18n.ChartHitsSalvoF), 2)
			if got, ok := readUntil(t, s, `[...document.getElementById("roll-pick").options].map(o => o.textContent).join("|")`, has(hits)); !ok {
				t.Errorf("two salvos: the row counts %q, want %q", got, hits)
			}
		})
	}
}

// TestCalcBeforeTheClient is problem H: while the wasm is on its way, the
// controls that need it are disabled and look it, and the after-the-roll
// row does not open.
func TestCalcBeforeTheClient(t *testing.T) {
	for _, lang := range []string{"en", "fr"} {
		t.Run(lang, func(t *testing.T) {
			handler, let := wasmHeld()
			s := startSession(t, 360, 740, handler, t.TempDir(), prefers[lang])
			t.Cleanup(let)
			s.do(t, chromedp.Navigate(s.url("/calc/shoot?game=at43&n=6&acc=4&cm=23")))
			s.poll(t, `document.documentElement.dataset.app === "starting" && document.getElementById("f-n").value === "6"`, "the prefilled page")
			for _, css := range []string{"#calc-share", "#calc-qr-toggle", ".help-btn", ".quick .chip", ".step", "#f-n"} {
				if got, ok := readUntil(t, s, fmt.Sprintf(`(() => { const e = document.querySelector(%q); return e.disabled + " " + getComputedStyle(e).opacity })()`, css),
					func(got string) bool { return got == "true 0.45" || css == "#f-n" && strings.HasPrefix(got, "true") }); !ok {
					t.Errorf("%s before the client: disabled, opacity %s; want true 0.45", css, got)
				}
			}
			s.tap(t, "#calc-roll summary")
			// Read once: a details element opens at the click itself, so a
			// row the head script failed to hold is open by now.
			if eval[bool](t, s, `document.getElementById("calc-roll").open`) {
				t.Error("the after-the-roll row opens before the client")
			}
			s.screenshot(t, "table3-before-client-"+lang)
			let()
			s.waitApp(t)
			if n, ok := readUntil(t, s, `document.querySelectorAll(".calc button:disabled:not(.step):not(#salvo-remove)").length`, is(0)); !ok {
				t.Errorf("%d buttons stay disabled once the client runs", n)
			}
		})
	}
}

// TestCalcWordsAtTheTable is problem I: French singular under 2, AT-44's
// French "Grade" in the field and the explanation, at least 0 certain in
// the table and a bar's figures, no simulated "100% ±".
func TestCalcWordsAtTheTable(t *testing.T) {
	for _, lang := range []string{"en", "fr"} {
		t.Run(lang, func(t *testing.T) {
			s := newSessionPreferring(t, 360, 740, prefers[lang])
			s.open(t, "/calc/shoot?game=at43&n=1")
			want := map[string]string{"en": " casualties;", "fr": " perte ;"}[lang]
			if got, ok := s.headlineUntil(t, has("%", want)); !ok {
				t.Errorf("one weapon: %q, want %q", got, want)
			}
			s.screenshot(t, "table3-singular-"+lang)

			s.open(t, "/calc/morale?game=at44&mor=5&rank=2")
			s.showResults(t)
			rank := map[string]string{"en": "Officer rank", "fr": "Grade"}[lang]
			label, okLabel := s.textUntil(t, `label[for="f-rank"]`, func(l string) bool { return strings.HasPrefix(l, rank) })
			steps, okSteps := s.textUntil(t, ".explain", has(rank+" +2"))
			if !okLabel || !okSteps {
				t.Errorf("the rank's field %q, its step %q: want %s in both", label, steps, rank)
			}

			s.open(t, "/calc/shoot?game=at44&n=6&rate=2&acc=4&cm=23&pen=7&size=8&cover=cover")
			s.showResults(t)
			if got, ok := readUntil(t, s, `document.querySelector(".table-wrap tbody tr td:nth-child(3)").textContent`, is(i18n.Percent(lang, 1))); !ok {
				t.Errorf("at least 0 casualties reads %q, want %q", got, i18n.Percent(lang, 1))
			}
			s.do(t, chromedp.Evaluate[chromedp.Void](`document.getElementById("chart-now/0").scrollIntoView({block: "center", behavior: "instant"})`))
			s.tap(t, `[id="chart-now/0"] rect.hit[data-i="0"]`)
			s.poll(t, fmt.Sprintf(`document.getElementById("chart-now/0").nextElementSibling.textContent.includes(%q)`,
				i18n.T(lang, i18n.TableAtLeast)+" "+i18n.Percent(lang, 1)), "at least 0 hits certain in the bar's figures")

			s.open(t, "/calc/salvos?game=at43&target=veh&frame=4&prop=2&weapons=2,1&vehicles=8&prot=10&atleast=2"+
				"&s1.n=12&s1.pen=15&s1.dmg=3&s2.n=12&s2.pen=15&s2.dmg=3&s3.n=12&s3.pen=15&s3.dmg=3")
			s.poll(t, `!document.getElementById("calc-sentence").textContent.includes("(")`, "the simulation refined")
			if got, ok := s.headlineUntil(t, func(h string) bool { return !strings.Contains(h, "100") && strings.Contains(h, ">99") }); !ok {
				t.Errorf("every trial destroyed two: %q, want over 99.x%%, not 100%% ±", got)
			}
		})
	}
}

// TestCalcLayoutAtTheTable is problem L: the range band's stepper level
// with the distance's beside it; Share within a screen of the answer's
// table, where the reader reads it.
func TestCalcLayoutAtTheTable(t *testing.T) {
	for _, lang := range []string{"en", "fr"} {
		t.Run(lang, func(t *testing.T) {
			s := newSessionPreferring(t, 360, 740, prefers[lang])
			s.open(t, "/calc/shoot?game=at43&n=6&rate=2&acc=4&cm=23&pen=7&size=8&cover=cover")
			s.headline(t)
			level := func(tops []float64) bool { return len(tops) == 2 && tops[0]-tops[1] <= 1 && tops[0]-tops[1] >= -1 }
			if tops, ok := readUntil(t, s, `["range", "cm"].map(k => document.getElementById("f-" + k).getBoundingClientRect().top)`, level); !ok {
				t.Errorf("the range band's stepper is %.0f px below the distance's", tops[0]-tops[1])
			}
			s.do(t, chromedp.Evaluate[chromedp.Void](`document.getElementById("f-range").scrollIntoView({block: "center"})`))
			s.screenshot(t, "table3-range-level-"+lang)

			s.showResults(t)
			if gap, ok := readUntil(t, s, `document.getElementById("calc-share-end").getBoundingClientRect().top - document.querySelector(".table-wrap").getBoundingClientRect().bottom`,
				func(gap float64) bool { return gap >= 0 && gap <= 100 }); !ok {
				t.Errorf("Share is %.0f px from the end of the answer's table, want right under it", gap)
			}
			s.do(t, chromedp.Evaluate[chromedp.Void](`document.getElementById("calc-share-end").scrollIntoView({block: "end", behavior: "instant"})`))
			s.poll(t, inView+`("#calc-share-end") && `+inView+`(".table-wrap tbody tr:last-child")`, "Share on screen with the end of the answer's table")
			eval[bool](t, s, stubShare)
			s.tap(t, "#calc-share-end")
			s.poll(t, `window.copied === location.origin + document.getElementById("calc-share").dataset.link`, "the link shared from under the table")
			s.screenshot(t, "table3-share-end-"+lang)
		})
	}
}
