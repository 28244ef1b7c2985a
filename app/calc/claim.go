package calc

import (
	"fmt"
	"math"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/at4x/companion/i18n"
	"github.com/at4x/companion/rules"
)

// The answer a share link carries (issue 38). The opponent who scans the
// sender's QR code waits for the wasm, seconds on a slow network, before
// their phone can work out the answer the sender's already shows. So the
// link the share bar hands out carries that answer's figures under the key
// ans (keyClaim), and the head script (prefill.js) writes them as the
// headline within the first second, marked as the sender's and not yet
// checked. The figures are display only: the engine never reads them, and
// the page's own answer, once worked out, replaces them and says whether
// they were right (claimMark). The address bar and the history keep no
// such key: only a link handed to someone else says what its sender saw.
//
// A claim is a shape code and the headline's figures as English writes
// them, with no percent sign, joined by "_": "cas_2.4_56.8_3" (2.4
// casualties on average, 56.8% chance of at least 3), "cas1_0.0" (none
// possible), "kill_67.4" (a chance), "kill_56.8~0.5" (a simulated chance
// and its margin), "kill_>99.6". Each figure passes claimPattern, so the
// head script shows digits and marks only: it has nothing to escape.

// keyClaim is the share link's key for the sender's headline figures.
const keyClaim = "ans"

// claimShape is what a claim's code stands for: the noun its headline
// counts, or the chance it gives.
type claimShape struct {
	code   string
	noun   i18n.Key // a count's noun, as nounOf picks it for the average shown
	chance i18n.Key // a chance's sentence (chanceSentences)
}

// claimShapes are every shape a headline may take. A headline of another
// shape writes no claim.
var claimShapes = []claimShape{
	{code: "cas", noun: i18n.NounCasualties},
	{code: "cas1", noun: i18n.NounCasualtiesFew},
	{code: "imp", noun: i18n.NounImpacts},
	{code: "imp1", noun: i18n.NounImpactsFew},
	{code: "dmg", noun: i18n.NounDamaging},
	{code: "dmg1", noun: i18n.NounDamagingFew},
	{code: "wrk", noun: i18n.NounWrecks},
	{code: "wrk1", noun: i18n.NounWrecksFew},
	{code: "kill", chance: i18n.ChanceDestroyedF},
	{code: "pass", chance: i18n.ChancePassF},
	{code: "win", chance: i18n.ChanceWinF},
	{code: "boom", chance: i18n.ChanceDetonationF},
}

// The grammar of a claim's figures, which the head script tests too
// (claimPatterns): an average with one decimal; a chance, a percentage
// with at most one decimal, "<" or ">" in front when it is a bound, "~"
// and its margin when simulated; an "at least" number. A count's claim
// gives an average, a chance and an "at least" number, or an average alone
// (nothing can happen); a chance's gives the chance.
const (
	meanPattern    = `^\d{1,4}\.\d$`
	chancePattern  = `^[<>]?\d{1,3}(\.\d)?(~\d{1,3}(\.\d)?)?$`
	atLeastPattern = `^[1-9]\d{0,3}$`
)

// claimGrammar is the three patterns compiled, on the first claim read:
// compiled with the package, they cost every page's start some 40 ms of a
// throttled phone's main thread (build perf's profile), and only a shared
// link's first visit reads a claim.
var claimGrammar = sync.OnceValue(func() (g struct{ mean, chance, atLeast *regexp.Regexp }) {
	g.mean, g.chance, g.atLeast = regexp.MustCompile(meanPattern), regexp.MustCompile(chancePattern), regexp.MustCompile(atLeastPattern)
	return g
})

// claim is a claim read: its shape and figures as the link wrote them.
type claim struct {
	shape  claimShape
	mean   string // "" for a chance
	chance string // "" when nothing can happen
	k      int
}

// parseClaim reads a claim; false when it is not one.
func parseClaim(s string) (claim, bool) {
	parts := strings.Split(s, "_")
	g := claimGrammar()
	var cl claim
	found := false
	for _, sh := range claimShapes {
		if sh.code == parts[0] {
			cl.shape, found = sh, true
		}
	}
	switch {
	case !found:
		return claim{}, false
	case cl.shape.chance != 0:
		cl.chance = parts[len(parts)-1]
		return cl, len(parts) == 2 && g.chance.MatchString(cl.chance)
	case len(parts) == 2:
		cl.mean = parts[1]
		return cl, g.mean.MatchString(cl.mean)
	case len(parts) == 4:
		cl.mean, cl.chance = parts[1], parts[2]
		cl.k, _ = strconv.Atoi(parts[3])
		return cl, g.mean.MatchString(cl.mean) && g.chance.MatchString(cl.chance) && g.atLeast.MatchString(parts[3])
	}
	return claim{}, false
}

// claimOf is the claim of an answer, its headline counting from k: ""
// while a simulation refines it (its figures move), or for a headline of
// no shape in claimShapes.
func claimOf(o outcome, k int) string {
	if o.refining() {
		return ""
	}
	code := func(match func(claimShape) bool) string {
		for _, sh := range claimShapes {
			if match(sh) {
				return sh.code
			}
		}
		return ""
	}
	switch {
	case o.main != nil:
		mean := o.main.Mean()
		c := code(func(sh claimShape) bool { return sh.noun == nounOf(o.noun, mean) })
		if c == "" {
			return ""
		}
		c += "_" + i18n.Fixed("en", mean, 1)
		if o.main.Max() == 0 {
			return c
		}
		k = max(k, 1)
		return c + "_" + claimChance(o, o.main.AtLeast(k)) + "_" + strconv.Itoa(k)
	case o.chance != nil:
		want, ok := chanceSentences[o.chanceOf]
		c := code(func(sh claimShape) bool { return ok && sh.chance == want })
		if c == "" {
			return ""
		}
		return c + "_" + claimChance(o, *o.chance)
	}
	return ""
}

// claimChance is a chance as the headline says it (chanceText), in the
// claim's form.
func claimChance(o outcome, p float64) string {
	s := chanceText("en", o, p)
	s = strings.ReplaceAll(s, "%", "")
	return strings.ReplaceAll(s, " ± ", "~")
}

// sentence is the headline the claim stands for, in lang, worded as the
// page words its own (sentence in headline.go).
func (cl claim) sentence(lang string) string {
	t := func(k i18n.Key) string { return i18n.T(lang, k) }
	if cl.shape.chance != 0 {
		return fmt.Sprintf(t(cl.shape.chance), claimPercent(lang, cl.chance))
	}
	mean := cl.mean
	if lang == "fr" {
		mean = strings.Replace(mean, ".", ",", 1)
	}
	if cl.chance == "" {
		return fmt.Sprintf(t(i18n.ExpectNoneF), mean, t(cl.shape.noun))
	}
	return fmt.Sprintf(t(i18n.ExpectF), mean, t(cl.shape.noun), claimPercent(lang, cl.chance), cl.k)
}

// claimPercent writes a claim's chance as i18n.Percent and MarginF do.
func claimPercent(lang, s string) string {
	pct := func(x string) string {
		if lang == "fr" {
			return strings.Replace(x, ".", ",", 1) + "\u202f%"
		}
		return x + "%"
	}
	if p, m, ok := strings.Cut(s, "~"); ok {
		return fmt.Sprintf(i18n.T(lang, i18n.MarginF), pct(p), pct(m))
	}
	return pct(s)
}

// claimState is how the page's answer stands to the link's claim.
type claimState int

const (
	claimNone     claimState = iota // no claim: the link carries none, or the reader changed a value since
	claimChecking                   // the page's answer is still refining: the claim shows meanwhile
	claimChecked                    // the page worked out the same figures
	claimWrong                      // the page's answer differs, or the claim is no claim
)

// claimCheck compares the link's claim with the page's answer.
func (c *calculation) claimCheck() claimState {
	if !c.claimGiven {
		return claimNone
	}
	cl, ok := parseClaim(c.claim)
	switch {
	case ok && c.now.err == nil && c.now.out.refining():
		return claimChecking
	case ok && c.now.err == nil && sameClaim(cl, c.now.out, c.atLeast):
		return claimChecked
	}
	return claimWrong
}

// sameClaim tells whether the claim gives the answer's figures, k its
// "at least" number. An exact answer's figures, rounded as the headline
// rounds them, are the same or not. A simulated answer's figures are the
// same within its margin: every device rolls the same dice for one link,
// but a figure within the margin the page states is all it claims itself.
func sameClaim(cl claim, o outcome, k int) bool {
	own := claimOf(o, k)
	if !o.simulated {
		return own != "" && own == cl.String()
	}
	mine, ok := parseClaim(own)
	if !ok || mine.shape != cl.shape || mine.k != cl.k || (mine.mean == "") != (cl.mean == "") || (mine.chance == "") != (cl.chance == "") {
		return false
	}
	if mine.mean != "" && math.Abs(atof(mine.mean)-atof(cl.mean)) > 0.1+1e-9 {
		return false
	}
	if mine.chance == "" {
		return true
	}
	p, m := claimFigure(mine.chance)
	q, n := claimFigure(cl.chance)
	// The claim's margin is at most the page's, a rounding step aside: a
	// wide margin would make any figure "the same".
	return n <= m+0.1+1e-9 && math.Abs(p-q) <= m+0.05+1e-9
}

// claimFigure is a claim's chance in points, and its margin: a bound
// ("<0.4") is its figure, with no margin.
func claimFigure(s string) (p, margin float64) {
	s = strings.TrimLeft(s, "<>")
	f, m, _ := strings.Cut(s, "~")
	return atof(f), atof(m)
}

// atof reads a figure the claim's grammar allows; 0 for none.
func atof(s string) float64 {
	f, _ := strconv.ParseFloat(s, 64)
	return f
}

// String writes the claim back as a link gives it.
func (cl claim) String() string {
	s := cl.shape.code
	if cl.mean != "" {
		s += "_" + cl.mean
	}
	if cl.chance != "" {
		s += "_" + cl.chance
	}
	if cl.k > 0 {
		s += "_" + strconv.Itoa(cl.k)
	}
	return s
}

// claimMark is the line under the headline about the link's claim, and
// its state; "" when the link carries none. A claim that is wrong is
// echoed, cut and escaped as every value of a link the page repeats.
func (c *calculation) claimMark() (string, claimState) {
	switch st := c.claimCheck(); st {
	case claimChecking:
		return i18n.T(c.lang, i18n.ClaimChecking), st
	case claimChecked:
		return i18n.T(c.lang, i18n.ClaimChecked), st
	case claimWrong:
		// What the head script showed: the claim's headline, worded by the
		// page from figures of the claim's grammar, isolated as an echo
		// is; a value of no such grammar, which it did not show, as every
		// value of a link the page repeats, cut and escaped (rules.Echo).
		said := rules.Echo(c.claim)
		if cl, ok := parseClaim(c.claim); ok {
			said = "\u2068" + strings.TrimSuffix(cl.sentence(c.lang), ".") + "\u2069"
		}
		return fmt.Sprintf(i18n.T(c.lang, i18n.ClaimWrongF), said), st
	}
	return "", claimNone
}

// shownSentence is the headline the summary shows: the page's, or while
// the page's answer still refines, the link's claim, which the opponent
// has read since the head script wrote it and which is as close as the
// first slices' figures.
func (c *calculation) shownSentence() string {
	if c.claimCheck() == claimChecking {
		if cl, ok := parseClaim(c.claim); ok {
			return cl.sentence(c.lang)
		}
	}
	return c.summary()
}

// sharedLink is the link the share bar hands out: the calculation's link
// with the claim of its answer, when it has one.
func (c *calculation) sharedLink() string {
	if c.now.err != nil {
		return c.link()
	}
	if cl := claimOf(c.now.out, c.atLeast); cl != "" {
		return c.link() + "&" + keyClaim + "=" + url.QueryEscape(cl)
	}
	return c.link()
}
