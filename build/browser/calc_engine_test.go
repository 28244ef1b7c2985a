package browser

import (
	"encoding/json"
	"fmt"
	"math"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/at4x/companion/rules"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// simulatedUnit is eight walkers under three salvos of 12 dice: too many
// to follow all together, so the figures are simulated.
const simulatedUnit = "game=at43&target=veh&frame=4&prop=2&weapons=2,1&vehicles=8&prot=10" +
	"&s1.n=12&s1.pen=12&s1.dmg=2&s2.n=12&s2.pen=12&s2.dmg=2&s3.n=12&s3.pen=12&s3.dmg=2"

// TestCalcEngineInputs opens issue 13's links (salvos at a unit of
// vehicles, a template over vehicles) and checks the browser's result is
// the engine's, number for number; then a link with a bad percent-escape
// marks its field.
func TestCalcEngineInputs(t *testing.T) {
	native := map[string]func(url.Values) (any, error){
		"salvos": func(v url.Values) (any, error) {
			in, err := rules.ParseSalvos(v)
			if err != nil {
				return nil, err
			}
			return rules.Salvos(in)
		},
		"indirect": func(v url.Values) (any, error) {
			in, err := rules.ParseIndirect(v)
			if err != nil {
				return nil, err
			}
			return rules.Indirect(in)
		},
	}
	links := []struct{ calc, query string }{
		{"salvos", "game=at43&target=veh&frame=4&prop=2&weapons=2,1&vehicles=2&picker=defender&s1.n=4&s1.pen=9&s1.lock=4&s2.n=2&s2.pen=12&s2.dmg=2"},
		{"indirect", "game=at44&n=2&rate=2&aoe=3&under=3&vehicles=2&vprot=8&frame=5&weapons=2"},
	}
	s := newSession(t, 360, 740)
	for _, l := range links {
		v, _ := url.ParseQuery(l.query)
		res, err := native[l.calc](v)
		if err != nil {
			t.Fatalf("%s natively: %v", l.calc, err)
		}
		b, err := json.Marshal(res)
		if err != nil {
			t.Fatal(err)
		}
		var want map[string]any
		if err := json.Unmarshal(b, &want); err != nil {
			t.Fatal(err)
		}
		s.open(t, "/calc/"+l.calc+"?"+l.query+"&lang=en")
		_, got := result(t, s)
		if d := jsonDiff("", got, want); d != "" {
			t.Errorf("%s: the browser's result differs from the engine's: %s", l.calc, d)
		}
		if l.calc == "salvos" {
			if h, ok := s.textUntil(t, "#calc-sentence", has("destroyed")); !ok {
				t.Errorf("salvos at vehicles headline %q", h)
			}
			if _, ok := got["vehicle_after"]; !ok {
				t.Error("salvos at vehicles: no vehicle_after")
			}
		}
		if _, ok := got["vehicle"]; l.calc == "indirect" && !ok {
			t.Error("indirect with vehicles: no vehicle")
		}
	}
	// The form of salvos at vehicles, in both languages.
	for _, lang := range []string{"en", "fr"} {
		s.open(t, "/calc/salvos?"+links[0].query+"&lang="+lang)
		s.poll(t, `!!document.getElementById("f-picker") && !!document.getElementById("f-s2.lock")`, "the vehicle and lock-on fields")
		s.screenshot(t, "calc-salvos-vehicles-"+lang)
		// The reading of salvos at several vehicles: the vehicles left
		// share the next salvo.
		s.showResults(t)
		s.showNote(t, map[string]string{"en": "still on the table", "fr": "encore en jeu"}[lang], "calc-salvos-vehicles-note-"+lang)
	}

	s.open(t, "/calc/shoot?game=at43&n=%zz&acc=5&lang=en")
	s.poll(t, `!!document.querySelector(".field.bad .error")`, "the bad field's message")
	if got, ok := s.textUntil(t, ".field.bad .error", has("garbled")); !ok {
		t.Errorf("the bad escape says %q", got)
	}
	if got, ok := readUntil(t, s, `document.getElementById("f-acc").value`, is("5")); !ok {
		t.Errorf("the link's other values were lost: acc = %q", got)
	}

	// A key no calculator reads says so under the form, in French too.
	s.open(t, "/calc/salvos?game=at43&s1.n=2&s01.n=3&lang=fr")
	s.poll(t, `!!document.querySelector(".fields .error.stray")`, "the stray key's message")
	if got, ok := s.textUntil(t, ".fields .error.stray", has("s01.n", "ne lit pas")); !ok {
		t.Errorf("the stray key says %q", got)
	}
}

// headlineWatch records, from the page's start, every text the headline
// shows, in window.__headlines.
const headlineWatch = `window.__headlines = [];
document.addEventListener("DOMContentLoaded", () => {
	const seen = () => {
		const h = document.getElementById("calc-sentence");
		const text = h ? h.textContent : "";
		if (text && window.__headlines[window.__headlines.length - 1] !== text) window.__headlines.push(text);
	};
	new MutationObserver(seen).observe(document.documentElement, {subtree: true, childList: true, characterData: true});
});`

// TestCalcSimulatedUnit opens a unit too large to follow all together:
// its headline first shows the simulated chance with its margin and says
// it is refining, then refines until the margin is at most half a point
// and drops the tail, the result being the engine's refined one number for
// number; the note says how. A second browser with a fresh profile shows
// the same final figures. The first, its CPU slowed down, is caught
// refining for a screenshot.
func TestCalcSimulatedUnit(t *testing.T) {
	v, _ := url.ParseQuery(simulatedUnit)
	in, err := rules.ParseSalvos(v)
	if err != nil {
		t.Fatal(err)
	}
	sim, err := rules.SimulateSalvos(in)
	if err != nil {
		t.Fatal(err)
	}
	for !sim.Refined() {
		sim.Step()
	}
	b, err := json.Marshal(sim.Result())
	if err != nil {
		t.Fatal(err)
	}
	var want map[string]any
	if err := json.Unmarshal(b, &want); err != nil {
		t.Fatal(err)
	}
	refined := `(document.getElementById("calc-result")||{}).textContent.includes('"refined": true')`
	margin := regexp.MustCompile(` ± 0[.,][1-5]\D`)
	var first struct{ json, headline string }
	for _, lang := range []string{"en", "fr"} {
		tail := map[string]string{"en": "(simulated, refining", "fr": "(simulation en cours"}[lang]
		s := newSession(t, 360, 740)
		if _, err := chromedp.Call(s.ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: headlineWatch}); err != nil {
			t.Fatal(err)
		}
		if _, err := chromedp.Call(s.ctx, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: 6}); err != nil {
			t.Fatal(err)
		}
		s.open(t, "/calc/salvos?"+simulatedUnit+"&lang="+lang)
		s.pollOr(t, `document.getElementById("calc-sentence").textContent.includes("`+tail+`")`, "the headline refining",
			`JSON.stringify(window.__headlines)`)
		s.screenshot(t, "calc-salvos-simulating-"+lang)
		if _, err := chromedp.Call(s.ctx, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: 1}); err != nil {
			t.Fatal(err)
		}
		s.poll(t, refined, "the refined result")
		s.poll(t, `!document.getElementById("calc-sentence").textContent.includes("`+tail+`")`, "the refined headline")
		headline, ok := s.textUntil(t, "#calc-sentence", margin.MatchString)
		if !ok {
			t.Errorf("%s: refined headline %q: want a margin of half a point at most", lang, headline)
		}
		seen := eval[[]string](t, s, `window.__headlines`)
		if !slices.ContainsFunc(seen, func(h string) bool { return strings.Contains(h, tail) && strings.Contains(h, " ± ") }) {
			t.Errorf("%s: headlines %q: none showed a margin while refining", lang, seen)
		}
		raw, got := result(t, s)
		if d := jsonDiff("", got, want); d != "" {
			t.Errorf("%s: the browser's refined result differs from the engine's: %s", lang, d)
		}
		s.screenshot(t, "calc-salvos-simulated-"+lang)
		s.showResults(t)
		s.showNote(t, map[string]string{"en": "rolling the salvos", "fr": "un grand nombre de fois"}[lang], "calc-salvos-simulated-note-"+lang)
		if lang == "en" {
			first.json, first.headline = raw, headline
		}
	}
	// The same link in another fresh browser: the same trials, the same
	// figures.
	s := newSession(t, 360, 740)
	s.open(t, "/calc/salvos?"+simulatedUnit+"&lang=en")
	s.poll(t, refined, "the refined result")
	s.poll(t, `!document.getElementById("calc-sentence").textContent.includes("(simulated, refining")`, "the refined headline")
	if raw, _ := result(t, s); raw != first.json {
		t.Error("another browser's refined result differs")
	}
	if h, ok := s.textUntil(t, "#calc-sentence", is(first.headline)); !ok {
		t.Errorf("another browser's headline %q, the first's %q", h, first.headline)
	}
}

// TestCalcHostileLinks opens the reliability audit's hostile links, in
// English and French: a 100 KB value, a key given twice (n=2&n=abc), 2,000
// keys no calculator reads. The result still comes; every message is
// short, repeating at most 40 characters of the link; the repeated key is
// said on its field; the unknown keys make one message.
func TestCalcHostileLinks(t *testing.T) {
	s := newSession(t, 360, 740)
	filler := strings.Repeat("Zq", 50_000)
	keys := make([]string, 2000)
	for i := range keys {
		keys[i] = fmt.Sprintf("s%d.k%d=1", i%12, i)
	}
	words := map[string]struct{ twice, more string }{
		"en": {"more than once", "more: this calculator reads none"},
		"fr": {"plusieurs fois", "autres : ce calculateur ne lit aucune"},
	}
	for _, lang := range []string{"en", "fr"} {
		links := []string{
			"/calc/shoot?game=at43&n=2&n=abc&pen=" + filler + "&" + filler + "=1&lang=" + lang,
			"/calc/salvos?game=at43&s1.n=2&s1.acc=" + filler + "&" + strings.Join(keys, "&") + "&lang=" + lang,
		}
		for i, link := range links {
			s.open(t, link)
			_, res := result(t, s)
			if _, ok := res["casualties"]; !ok {
				t.Errorf("%s %d: the hostile values stopped the result: %.200v", lang, i, res)
			}
			msgs, ok := readUntil(t, s, `[...document.querySelectorAll(".fields .error")].map(e => e.textContent)`, func(m []string) bool { return len(m) > 0 })
			if !ok {
				t.Errorf("%s %d: no message", lang, i)
			}
			for _, m := range msgs {
				if strings.Contains(m, filler[:41]) || strings.Contains(m, filler[1:42]) || len([]rune(m)) > 300 {
					t.Errorf("%s %d: a message of %d characters: %.120s…", lang, i, len([]rune(m)), m)
				}
			}
			stray, ok := readUntil(t, s, `[...document.querySelectorAll(".fields .error.stray")].map(e => e.textContent)`, func(m []string) bool { return len(m) == 1 })
			if !ok {
				t.Errorf("%s %d: %d messages under the form, want the unknown keys' one: %.300q", lang, i, len(stray), stray)
			}
			// The 40 characters of a long value, with no space to break at,
			// still fit the narrow screen.
			if w, ok := readUntil(t, s, `document.documentElement.scrollWidth - window.innerWidth`, atMost(0)); !ok {
				t.Errorf("%s %d: the page is %d px wider than the screen", lang, i, w)
			}
			if i == 0 {
				if got, ok := s.textUntil(t, ".field.bad .error", has(words[lang].twice)); !ok {
					t.Errorf("%s: the repeated n says %q", lang, got)
				}
				s.screenshot(t, "calc-hostile-shoot-"+lang)
				continue
			}
			if len(stray) == 1 && !strings.Contains(stray[0], words[lang].more) {
				t.Errorf("%s: the unknown keys say %q", lang, stray[0])
			}
			eval[bool](t, s, `(document.querySelector(".field.bad").scrollIntoView({block: "center"}), true)`)
			s.screenshot(t, "calc-hostile-salvos-value-"+lang)
			eval[bool](t, s, `(document.querySelector(".error.stray").scrollIntoView({block: "center"}), true)`)
			s.screenshot(t, "calc-hostile-salvos-keys-"+lang)
		}
	}
}

// jsonDiff is the first difference between two decoded JSON values, ""
// when they agree (numbers within 1e-12).
func jsonDiff(path string, got, want any) string {
	switch w := want.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok || len(g) != len(w) {
			return fmt.Sprintf("%s: %.200v, want %.200v", path, got, want)
		}
		for k := range w {
			if d := jsonDiff(path+"."+k, g[k], w[k]); d != "" {
				return d
			}
		}
	case []any:
		g, ok := got.([]any)
		if !ok || len(g) != len(w) {
			return fmt.Sprintf("%s: %.200v, want %.200v", path, got, want)
		}
		for i := range w {
			if d := jsonDiff(fmt.Sprintf("%s[%d]", path, i), g[i], w[i]); d != "" {
				return d
			}
		}
	case float64:
		if g, ok := got.(float64); !ok || math.Abs(g-w) > 1e-12 {
			return fmt.Sprintf("%s: %v, want %v", path, got, want)
		}
	default:
		if got != want {
			return fmt.Sprintf("%s: %v, want %v", path, got, want)
		}
	}
	return ""
}

// showNote waits for the result's note holding text, brings it to the
// middle of the screen and takes a screenshot named shot.
func (s *session) showNote(t *testing.T, text, shot string) {
	t.Helper()
	note := `[...document.querySelectorAll(".notes li")].find(li => li.textContent.includes("` + text + `"))`
	s.poll(t, "!!"+note, "the note saying "+text)
	eval[bool](t, s, `(`+note+`.scrollIntoView({block: "center"}), true)`)
	s.screenshot(t, shot)
}

// TestCalcHistoryKeepsTheRefinedHeadline changes a unit too large to follow
// all together while its result refines, on a slowed-down phone: the
// history entry, written a quarter second after the tap while the new
// result was still refining, ends with the refined headline, not with
// "refining…" and its first, wider margin.
func TestCalcHistoryKeepsTheRefinedHeadline(t *testing.T) {
	s := newSession(t, 360, 740)
	if _, err := chromedp.Call(s.ctx, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: 6}); err != nil {
		t.Fatal(err)
	}
	s.open(t, "/calc/salvos?"+simulatedUnit+"&lang=en")
	refining := `document.getElementById("calc-sentence").textContent.includes("(simulated, refining")`
	s.poll(t, refining, "the headline refining")
	s.do(t, chromedp.Click(chromedp.CSS(`[data-step="s1.n"][data-dir="down"]`)))
	// The history is drawn as it comes near the screen.
	s.do(t, chromedp.Evaluate[chromedp.Void](`document.getElementById("calc-history").scrollIntoView({behavior: "instant"})`))
	entry := `((document.querySelector("#calc-history .history-headline")||{}).textContent||"")`
	s.pollOr(t, entry+`.includes("(simulated, refining")`, "the history entry written while refining",
		`document.getElementById("calc-history").outerHTML.slice(0, 300) + " | " + document.getElementById("calc-sentence").textContent + " | " + location.search`)
	if _, err := chromedp.Call(s.ctx, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: 1}); err != nil {
		t.Fatal(err)
	}
	s.poll(t, "!"+refining, "the refined headline")
	headline := s.text(t, "#calc-sentence")
	s.pollOr(t, entry+` == `+strconv.Quote(headline), "the history entry with the refined headline "+strconv.Quote(headline),
		`document.getElementById("calc-history").textContent`)
}
