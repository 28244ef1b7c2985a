package browser

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/chromedp/chromedp"
)

// gameWordTerms are the glossary terms the calculators name, whose names
// differ between AT-43 and AT-44: a page of one game must not use the
// other's. For the terms in abbrevOnly only the card abbreviations count:
// their names are also plain words of the other game ("Type de cible",
// AT-44's unit "rank" beside AT-43's officer "rank").
var (
	gameWordTerms = []string{"accuracy", "attack-rate", "protection", "defence", "re-roll", "fire-at-will", "take-cover",
		"knee-to-the-ground", "damage", "medic", "lock-on", "cover-test", "overwatch", "overwatch-fire", "sniper",
		"command-points", "range-band", "officer-rank", "unit-type", "close-combat"}
	abbrevOnly = []string{"officer-rank", "unit-type"}
)

// glossaryTerm is what the test reads of a glossary entry.
type glossaryTerm struct {
	ID    string                       `json:"id"`
	Names map[string]map[string]string `json:"names"`
	Abbr  map[string]map[string]string `json:"abbr"`
}

// gameWords lists, for a language and a game, the words of that game and
// the other game's words for the same terms.
func gameWords(t *testing.T, lang, game string) (own, other []string) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "docs", "glossary.json"))
	if err != nil {
		t.Fatal(err)
	}
	var terms []glossaryTerm
	if err := json.Unmarshal(b, &terms); err != nil {
		t.Fatal(err)
	}
	otherGame := map[string]string{"at43": "at44", "at44": "at43"}[game]
	for _, term := range terms {
		if !slices.Contains(gameWordTerms, term.ID) {
			continue
		}
		mine, theirs := term.Names[lang][game], term.Names[lang][otherGame]
		if a := term.Abbr[lang][game]; a != "" {
			own = append(own, a)
		}
		if a := term.Abbr[lang][otherGame]; a != "" && a != term.Abbr[lang][game] {
			other = append(other, a)
		}
		if slices.Contains(abbrevOnly, term.ID) {
			continue
		}
		if mine != "" {
			own = append(own, mine, capitalised(mine))
		}
		if theirs != "" && theirs != mine {
			other = append(other, theirs, capitalised(theirs))
		}
	}
	// The longest first, so that "Fire at will!" goes before "Fire at will".
	sort.Slice(own, func(i, j int) bool { return len(own[i]) > len(own[j]) })
	return own, other
}

func capitalised(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}

// otherGameWords returns the other game's words found in a page's text,
// once the page game's own words are taken out: AT-43's "Fire at will!"
// holds AT-44's "Fire at will", AT-44's "bande de portée" AT-43's
// "portée".
func otherGameWords(text string, own, other []string) []string {
	for _, w := range own {
		text = strings.ReplaceAll(text, w, " ")
	}
	var found []string
	for _, w := range other {
		re := regexp.MustCompile(`(^|[^\p{L}])` + regexp.QuoteMeta(w) + `($|[^\p{L}!])`)
		if m := re.FindStringIndex(text); m != nil {
			from, to := max(0, m[0]-40), min(len(text), m[1]+40)
			found = append(found, strings.Join(strings.Fields(w+" in …"+text[from:to]+"…"), " "))
		}
	}
	return found
}

// calcText is everything a calculator page says: its text with every help
// line open and the results drawn, the options of its lists and the names
// of its buttons.
const calcText = `(async () => {
	for (const b of document.querySelectorAll(".calc .help-btn[aria-expanded='false']")) b.click();
	await new Promise(r => setTimeout(r, 300));
	const root = document.querySelector("article.calc");
	const names = [...root.querySelectorAll("[aria-label], [title]")].map(e => (e.getAttribute("aria-label") || "") + " " + (e.getAttribute("title") || ""));
	const options = [...root.querySelectorAll("option, optgroup")].map(o => o.label || o.textContent);
	return [root.innerText, ...names, ...options].join("\n");
})()`

// gameWordPages are the AT calculators with the values that show their
// fields, what-ifs and profiles: a vehicle target brings its own, and
// take cover and Fire at will unset keep their what-ifs.
var gameWordPages = []string{"shoot?n=6&acc=4", "shoot?target=veh", "melee?n=4", "melee?target=veh", "salvos?s1.n=4&s2.n=3",
	"salvos?target=veh&s1.n=2&s2.n=2", "indirect?vehicles=1", "morale?", "authority?", "crush?", "minefield?target=veh", "terrain?"}

// TestCalcGameWords reads every AT calculator page in both languages and
// both games for the other game's words (issue 23, point 6).
func TestCalcGameWords(t *testing.T) {
	s := newSession(t, 360, 740)
	for _, lang := range []string{"en", "fr"} {
		for _, game := range []string{"at43", "at44"} {
			own, other := gameWords(t, lang, game)
			if len(other) < 10 {
				t.Fatalf("%s %s: only %d words of the other game to look for: %q", lang, game, len(other), other)
			}
			for _, page := range gameWordPages {
				link := "/calc/" + page + "&game=" + game + "&lang=" + lang
				t.Run(lang+"/"+game+"/"+page, func(t *testing.T) {
					s.open(t, link)
					if eval[bool](t, s, `!!document.querySelector("article.calc > p.note")`) {
						return // the calculator is for the other game only: the page says so
					}
					s.showResults(t)
					text, err := chromedp.Run(s.ctx, chromedp.Evaluate[string](calcText, chromedp.EvalAwaitPromise))
					if err != nil {
						t.Fatal(err)
					}
					for _, f := range otherGameWords(text, own, other) {
						t.Errorf("%s: the other game's word %s", link, f)
					}
				})
			}
		}
	}
}
