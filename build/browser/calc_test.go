package browser

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// result reads and decodes #calc-result once the calculator has shown one.
func result(t *testing.T, s *session) (string, map[string]any) {
	t.Helper()
	s.poll(t, `!!(document.getElementById("calc-result")||{}).textContent`, "the calculator's result")
	raw := s.text(t, "#calc-result")
	var m map[string]any
	if err := json.Unmarshal([]byte(raw), &m); err != nil {
		t.Fatalf("#calc-result is not JSON (%v): %.200s", err, raw)
	}
	return raw, m
}

// resultUntil is result once want holds of it, for up to waitTimeout,
// and whether it came to hold: right after a tap the result shown may
// still be the one before.
func resultUntil(t *testing.T, s *session, want func(raw string, m map[string]any) bool) (string, map[string]any, bool) {
	t.Helper()
	s.poll(t, `!!(document.getElementById("calc-result")||{}).textContent`, "the calculator's result")
	raw, ok := s.textUntil(t, "#calc-result", func(raw string) bool {
		var m map[string]any
		return json.Unmarshal([]byte(raw), &m) == nil && want(raw, m)
	})
	var m map[string]any
	if err := json.Unmarshal([]byte(raw), &m); err != nil {
		t.Fatalf("#calc-result is not JSON (%v): %.200s", err, raw)
	}
	return raw, m, ok
}

// salvosAfter is resultUntil's want for a result of n salvos.
func salvosAfter(n int) func(string, map[string]any) bool {
	return func(_ string, m map[string]any) bool {
		after, _ := m["after"].([]any)
		return len(after) == n
	}
}

func TestCalculatorShareLink(t *testing.T) {
	s := newSession(t, 360, 740)
	s.open(t, "/calc/shoot?game=at44&n=6&rate=1&rr=1&acc=4&range=2&pen=7&dmg=1&target=inf&prot=4&size=8&cover=cover&lang=en")
	before, res := result(t, s)
	for _, k := range []string{"hits", "impacts", "casualties"} {
		d, ok := res[k].(map[string]any)
		if !ok || d["p"] == nil || d["mean"] == nil {
			t.Errorf("result %q = %v, want an object with p and mean", k, res[k])
		}
	}
	if got, ok := s.textUntil(t, "#calc-sentence", func(got string) bool { return strings.HasPrefix(got, "Expect ") && strings.Contains(got, "casualties") }); !ok {
		t.Errorf("headline %q", got)
	}
	s.screenshot(t, "calc-shoot")

	// One tap on + recomputes and rewrites the share link.
	s.do(t, chromedp.Click(chromedp.CSS(`[data-step='n'][data-dir='up']`)))
	s.poll(t, `new URLSearchParams(location.search).get("n") === "7"`, "n=7 in the address")
	if _, _, ok := resultUntil(t, s, func(after string, _ map[string]any) bool { return after != before }); !ok {
		t.Error("the result did not change with one more weapon")
	}

	// More taps keep counting (go-app keeps a node's first handler from
	// the same func literal: a stale handler would stop at 7).
	for range 3 {
		s.do(t, chromedp.Click(chromedp.CSS(`[data-step='n'][data-dir='up']`)))
	}
	s.poll(t, `new URLSearchParams(location.search).get("n") === "10"`, "n=10 after three more taps")

	// A field that appears in another's place gets its own handlers.
	s.do(t, chromedp.SetValue(chromedp.ID("f-target"), "veh"))
	s.do(t, chromedp.Evaluate[chromedp.Void](`document.getElementById("f-target").dispatchEvent(new Event("change", {bubbles: true}))`))
	s.poll(t, `!!document.querySelector("[data-step='frame'][data-dir='up']")`, "the vehicle fields")
	// The address follows once the taps pause, with the keys the reader
	// set only: the frame shows its default, and a tap steps from it.
	s.poll(t, `new URLSearchParams(location.search).get("target") === "veh"`, "the target in the address")
	if eval[bool](t, s, `new URLSearchParams(location.search).has("frame")`) {
		t.Errorf("the address holds a frame the reader did not set: %s", eval[string](t, s, "location.search"))
	}
	frame, _ := readUntil(t, s, `document.getElementById("f-frame").value`, nonEmpty)
	s.do(t, chromedp.Click(chromedp.CSS(`[data-step='frame'][data-dir='up']`)))
	s.poll(t, fmt.Sprintf(`new URLSearchParams(location.search).get("frame") === "%d"`, atoi(frame)+1), "frame +1")
	s.do(t, chromedp.SetValue(chromedp.ID("f-target"), "inf"))
	s.do(t, chromedp.Evaluate[chromedp.Void](`document.getElementById("f-target").dispatchEvent(new Event("change", {bubbles: true}))`))
	s.poll(t, `!document.querySelector("[data-step='frame']")`, "the infantry fields again")
	// The frame the reader set went with the vehicles: the link does not
	// keep it, and the page refuses nothing.
	s.poll(t, `!new URLSearchParams(location.search).has("frame") && new URLSearchParams(location.search).get("target") === "inf"`,
		"the address without the frame")
	if msg, ok := s.textUntil(t, ".error", is("")); !ok {
		t.Errorf("back at infantry the page says %q", msg)
	}

	// A what-if shows its effect beside the result (+1 PRE is not
	// offered here: 4 and 5 both need 3+ at range band 2).
	s.showResults(t)
	s.do(t, chromedp.Click(chromedp.ID("whatif-faw")))
	s.poll(t, `!!document.getElementById("whatif-result")`, "the what-if result")

	// Tapping a bar shows its exact figures.
	s.do(t, chromedp.Click(chromedp.CSS(`.chart rect.hit[data-i="1"]`)))
	s.poll(t, `[...document.querySelectorAll(".chart .picked")].some(p => p.textContent.includes("%"))`, "a picked bar's figures")

	// The comparison puts the other game beside.
	s.do(t, chromedp.Click(chromedp.ID("compare")))
	s.poll(t, `document.querySelectorAll(".sides .side").length === 2`, "the other game's result")
}

func TestCalculatorBadValueAndFrench(t *testing.T) {
	s := newSession(t, 360, 740)
	s.open(t, "/calc/shoot?game=at43&n=abc&acc=6&lang=fr")
	_, res := result(t, s)
	if _, ok := res["casualties"]; !ok {
		t.Errorf("a bad n stopped the result: %v", res)
	}
	if msg, ok := s.textUntil(t, ".field.bad .error", has("abc")); !ok {
		t.Errorf("the bad field says %q, want a message naming the value", msg)
	}
	if v, ok := readUntil(t, s, `document.getElementById("f-acc").value`, is("6")); !ok {
		t.Errorf("acc shows %q, want the link's 6", v)
	}
	if got, ok := s.textUntil(t, "#calc-sentence", has("\u202f%")); !ok {
		t.Errorf("French headline %q lacks French number style", got)
	}
	if lang, ok := readUntil(t, s, `document.documentElement.lang`, is("fr")); !ok {
		t.Errorf("page lang %q, want fr", lang)
	}
	s.screenshot(t, "calc-shoot-fr-bad-value")
}

func TestSeveralSalvos(t *testing.T) {
	s := newSession(t, 360, 740)
	s.open(t, "/calc/salvos?game=at43&size=8&prot=4&s1.n=4&s1.acc=5&s2.n=3&s2.acc=4&lang=en")
	_, res := result(t, s)
	if after, ok := res["after"].([]any); !ok || len(after) != 2 {
		t.Fatalf("after = %v, want the casualties after each of 2 salvos", res["after"])
	}
	s.screenshot(t, "calc-salvos")
	s.do(t, chromedp.Click(chromedp.ID("salvo-add")))
	s.poll(t, `new URLSearchParams(location.search).get("s3.n") === "3"`, "a third salvo copied from the second")
	if _, res, ok := resultUntil(t, s, salvosAfter(3)); !ok {
		after, _ := res["after"].([]any)
		t.Errorf("after adding a salvo, %d results", len(after))
	}
}
