package browser

import (
	"math"
	"net/url"
	"strings"
	"testing"

	"github.com/at4x/companion/rules"
	"github.com/chromedp/chromedp"
)

// TestD10 checks the third ruleset end to end: its share link computes in
// the browser exactly what the engine computes natively, its rules read,
// and search finds its terms.
func TestD10(t *testing.T) {
	const query = "game=d10&mode=melee&skill=6&defcr=5&charge=1&n=3&ar=4&ma=1&pui=4&phy=3&lang=en"
	q, _ := url.ParseQuery(query)
	in, err := rules.ParseD10Attack(q)
	if err != nil {
		t.Fatal(err)
	}
	want, err := rules.D10Attack(in)
	if err != nil {
		t.Fatal(err)
	}

	s := newSession(t, 360, 740)
	s.open(t, "/calc/d10attack?"+query)
	_, res := result(t, s)
	for key, w := range map[string]float64{"hit_chance": want.HitChance, "damage_chance": want.DamageChance} {
		got, ok := res[key].(float64)
		if !ok || math.Abs(got-w) > 1e-12 {
			t.Errorf("%s = %v in the browser, %v natively", key, res[key], w)
		}
	}
	if d, ok := res["damaging"].(map[string]any); !ok || len(d["p"].([]any)) != 4 {
		t.Errorf("damaging = %v, want the chances of 0 to 3 damaging attacks", res["damaging"])
	}
	s.screenshot(t, "calc-d10attack")

	s.open(t, "/fr/d10/morale.results")
	if body, ok := s.textUntil(t, "main", func(body string) bool { return strings.Contains(strings.ToLower(body), "panique") }); !ok {
		t.Errorf("the French d10 panic section does not mention panic: %.300s", body)
	}
	s.do(t, chromedp.KeyEvent("/"))
	s.poll(t, `document.activeElement && document.activeElement.id === "search-input"`, "the search box")
	s.do(t, chromedp.SendKeys(chromedp.ID("search-input"), "courrage"))
	s.poll(t, `[...document.querySelectorAll("#search-results a.result")].some(a => a.getAttribute("href").includes("/fr/d10/"))`,
		"a d10 result for a misspelt term")
}
