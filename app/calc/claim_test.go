package calc

import (
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/at4x/companion/app/qr"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// claimLinks are links of every headline shape: counts of each noun (one
// under 2 on average, said in the singular in French), chances of each
// kind, none possible, a simulated unit of vehicles, a threshold chosen.
var claimLinks = []struct{ name, calc, query string }{
	{"casualties", "shoot", "game=at44&n=6&acc=4&range=2&pen=7&prot=4&size=8&cover=cover"},
	{"few casualties", "shoot", "game=at43&n=1"},
	{"threshold chosen", "shoot", "game=at43&n=6&atleast=4"},
	{"impacts", "shoot", "game=at43&n=4&target=veh&frame=9&prop=3&pen=9"},
	{"destroyed", "shoot", "game=at43&n=6&target=veh&frame=2&prop=2&pen=12"},
	{"damaging", "melee", "game=at43&n=4"},
	{"none possible", "shoot", "game=at43&n=1&pen=1&prot=20"},
	{"morale", "morale", "game=at43"},
	{"authority", "authority", "game=at44"},
	{"salvos", "salvos", "game=at43&s1.n=2&s2.n=5"},
	{"wrecks", "salvos", "game=at44&target=veh&vehicles=3&frame=2&s1.n=6&s1.pen=12&s2.n=6&s2.pen=12"},
	{"simulated", "salvos", "game=at43&target=veh&frame=4&prop=2&weapons=2,1&vehicles=8&prot=10" +
		"&s1.n=12&s1.pen=12&s1.dmg=2&s2.n=12&s2.pen=12&s2.dmg=2&s3.n=12&s3.pen=12&s3.dmg=2"},
}

// refined is the page once its simulation, if any, has refined.
func refined(c *Page) *Page {
	for s := c.refining(); s != nil; s = c.refining() {
		s.out = s.out.refine()
	}
	return c
}

// TestClaimIsTheHeadline: the claim a share link carries reads back as
// the very headline the sender's page shows, in both languages, for every
// shape; and the page that opens the link checks it as the same.
func TestClaimIsTheHeadline(t *testing.T) {
	for _, tt := range claimLinks {
		t.Run(tt.name, func(t *testing.T) {
			for _, lang := range []string{"en", "fr"} {
				c := refined(opened(t, tt.calc, lang, "?"+tt.query))
				cl := claimOf(c.now.out, c.atLeast)
				parsed, ok := parseClaim(cl)
				if !ok || parsed.String() != cl || len(cl) > 40 {
					t.Fatalf("%s: claim %q does not read back (%v, %q)", lang, cl, ok, parsed.String())
				}
				if got, want := parsed.sentence(lang), c.summary(); got != want {
					t.Errorf("%s: the claim %q reads %q, the headline %q", lang, cl, got, want)
				}
				link := c.sharedLink()
				if !strings.Contains(link, "&"+keyClaim+"=") || strings.Contains(c.link(), keyClaim+"=") {
					t.Errorf("%s: shared link %q, link %q: the claim belongs to the first only", lang, link, c.link())
				}
				_, q, _ := strings.Cut(link, "?")
				o := refined(opened(t, tt.calc, lang, "?"+q))
				if st := o.claimCheck(); st != claimChecked {
					t.Errorf("%s: the opponent's page finds the claim %q %v, want checked", lang, cl, st)
				}
				if len(o.now.errs) > 0 || len(o.bad) > 0 || o.link() != c.link() {
					t.Errorf("%s: the claim changed what the page reads: errs %v, bad %v, link %q", lang, o.now.errs, o.bad, o.link())
				}
			}
		})
	}
}

// TestClaimChecked: a claim is checked against the page's own answer; an
// edited or stale one, one of another shape or none at all is said wrong,
// and the page's own headline shows; the reader's first change drops it.
func TestClaimChecked(t *testing.T) {
	const shot = "game=at43&n=6" // 2.0 casualties; 64.4% chance of at least 2, whatever the figures: own
	own := claimOf(opened(t, "shoot", "en", "?"+shot).now.out, 2)
	figures := strings.Split(own, "_")
	tests := []struct {
		name, ans string
		want      claimState
	}{
		{"own", own, claimChecked},
		{"chance edited", strings.Join([]string{figures[0], figures[1], "99.9", figures[3]}, "_"), claimWrong},
		{"average edited", strings.Join([]string{figures[0], "9.9", figures[2], figures[3]}, "_"), claimWrong},
		{"threshold edited", strings.Join([]string{figures[0], figures[1], figures[2], "3"}, "_"), claimWrong},
		{"another shape", "kill_" + figures[2], claimWrong},
		{"no claim", "<script>", claimWrong},
		{"given twice", own + "&ans=" + own, claimWrong},
		{"empty", "", claimWrong},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, lang := range []string{"en", "fr"} {
				c := opened(t, "shoot", lang, "?"+shot+"&ans="+strings.ReplaceAll(url.QueryEscape(tt.ans), "%26ans%3D", "&ans="))
				mark, st := c.claimMark()
				if st != tt.want || mark == "" {
					t.Fatalf("%s: claim %q is %v (%q), want %v", lang, tt.ans, st, mark, tt.want)
				}
				if c.shownSentence() != c.summary() {
					t.Errorf("%s: the summary shows %q, not the page's own %q", lang, c.shownSentence(), c.summary())
				}
				if tt.want == claimWrong && !strings.Contains(mark, "\u2068") {
					t.Errorf("%s: the wrong claim is not echoed: %q", lang, mark)
				}
				c.set(fieldChange{Key: "n", Value: "7"})
				if mark, st := c.claimMark(); st != claimNone || mark != "" {
					t.Errorf("%s: after a change the claim is %v (%q)", lang, st, mark)
				}
			}
		})
	}
	c := opened(t, "shoot", "en", "?"+shot)
	if mark, st := c.claimMark(); st != claimNone || mark != "" || c.claimGiven {
		t.Errorf("a link with no claim: %v (%q)", st, mark)
	}
	c = opened(t, "shoot", "en", "?"+shot+"&ans="+own)
	c.pickBar(barPick{Chart: c.mainChart("now"), Index: 4})
	if _, st := c.claimMark(); st != claimNone {
		t.Errorf("after a tap on the headline's chart the claim is %v", st)
	}
	c = opened(t, "shoot", "en", "?"+shot+"&ans=%zz")
	if _, st := c.claimMark(); st != claimWrong || len(c.bad) > 0 {
		t.Errorf("a garbled claim is %v, bad %v", st, c.bad)
	}
}

// TestSimulatedClaim: a simulated answer's claim shows while the page's
// own simulation refines, and is then checked within the margin: the same
// within it, wrong past it.
func TestSimulatedClaim(t *testing.T) {
	query := claimLinks[len(claimLinks)-1].query
	sender := refined(opened(t, "salvos", "en", "?"+query))
	own := claimOf(sender.now.out, sender.atLeast)
	cl, ok := parseClaim(own)
	if !ok || !strings.Contains(own, "~") {
		t.Fatalf("simulated claim %q", own)
	}
	p, m := claimFigure(cl.chance)
	shift := func(d float64) string {
		c := cl
		c.chance = strings.Replace(cl.chance, strings.Split(strings.TrimLeft(cl.chance, "<>"), "~")[0],
			strconv.FormatFloat(p+d, 'f', 1, 64), 1)
		return c.String()
	}
	for _, tt := range []struct {
		name, ans string
		want      claimState
	}{
		{"own", own, claimChecked},
		{"within the margin", shift(m / 2), claimChecked},
		{"past the margin", shift(m + 0.3), claimWrong},
		{"a wider margin", strings.Replace(own, "~", "~9", 1), claimWrong},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c := opened(t, "salvos", "fr", "?"+query+"&ans="+url.QueryEscape(tt.ans))
			if st := c.claimCheck(); st != claimChecking {
				t.Fatalf("while refining the claim is %v", st)
			}
			if want, _ := parseClaim(tt.ans); c.shownSentence() != want.sentence("fr") {
				t.Errorf("while refining the summary shows %q, want the claim's %q", c.shownSentence(), want.sentence("fr"))
			}
			if st := refined(c).claimCheck(); st != tt.want {
				t.Errorf("claim %q against %q: %v, want %v", tt.ans, own, st, tt.want)
			}
		})
	}
}

// TestClaimGrammar: what the head script and the page take as a claim.
func TestClaimGrammar(t *testing.T) {
	for _, tt := range []struct {
		s  string
		ok bool
	}{
		{"cas_2.4_56.8_3", true},
		{"cas1_0.0", true},
		{"kill_67.4", true},
		{"kill_56.8~0.5", true},
		{"kill_>99.6", true},
		{"wrk_3.1_<0.4_6", true},
		{"pass_100", true},
		{"kill_2.4_56.8_3", false}, // a chance has no average
		{"cas_56", false},          // an average has its decimal
		{"cas_2.4_56.8", false},
		{"cas_2.4_56.8_0", false},
		{"xyz_56.8", false},
		{"kill_56.8%", false},
		{"kill_56,8", false},
		{"kill_56.8 ", false},
		{"kill_\u202e56.8", false},
		{"kill_1234.5", false},
		{"", false},
	} {
		if _, ok := parseClaim(tt.s); ok != tt.ok {
			t.Errorf("parseClaim(%q) = %v, want %v", tt.s, ok, tt.ok)
		}
	}
}

// TestSituationLeavesOutTheClaim: the history tells situations apart by
// their values, not by what a sender said of them.
func TestSituationLeavesOutTheClaim(t *testing.T) {
	if a, b := situation("/calc/shoot?game=at43&n=6"), situation("/calc/shoot?game=at43&n=6&ans=cas_2.0_64.4_2"); a != b {
		t.Errorf("situation %q and %q", a, b)
	}
}

// TestQRDropsTheClaimFirst: a link too long for a QR code with the
// sender's figures gets one without them, not the note that it is too long.
func TestQRDropsTheClaimFirst(t *testing.T) {
	// The longest link a QR code holds.
	lo, hi := 1, 8000
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if _, err := qr.Encode([]byte(strings.Repeat("a", mid))); err == nil {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	base := "/calc/salvos?x="
	base += strings.Repeat("a", lo-len(base))
	link := base + "&" + keyClaim + "=cas_2.4_56.8_3"
	q := &qrCode{Lang: "en", Link: link, ID: "calc-qr"}
	e := goapp.NewTestEngine()
	if err := e.Load(q); err != nil {
		t.Fatal(err)
	}
	e.ConsumeAll()
	if h := goapp.HTMLString(q); !strings.Contains(h, "<svg") || strings.Contains(h, keyClaim+"=") {
		t.Errorf("the too long link's QR code: %.200s", h)
	}
}
