package calc

import (
	"strings"
	"testing"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// sideProbe draws one side of a page's results, as the page does under
// its fields.
type sideProbe struct {
	goapp.Compo
	c *Page
}

func (p *sideProbe) Render() goapp.UI { return p.c.sideView("now", p.c.now) }

// TestSimulatedFiguresWaitForTheirMargin: a unit simulated past the exact
// budget answers with the first slices of its trials, whose charts and
// chances may be points off (audit round 3, engine point 1, weakness B);
// only the headline shows then, with its margin, and the charts, chances,
// table and export say they are refining until every figure is within
// half a point, then show.
func TestSimulatedFiguresWaitForTheirMargin(t *testing.T) {
	for _, lang := range []string{"en", "fr"} {
		c := opened(t, "salvos", lang, "?game=at43&target=veh&frame=4&prop=2&weapons=2,1&vehicles=8&prot=10"+
			"&s1.n=12&s1.pen=12&s1.dmg=2&s2.n=12&s2.pen=12&s2.dmg=2&s3.n=12&s3.pen=12&s3.dmg=2")
		if !c.now.out.refining() {
			t.Fatalf("%s: the link's first result is not refining", lang)
		}
		refining := map[string]string{"en": "Refining the simulated figures", "fr": "Affinage des chiffres simulés"}[lang]
		draw := func() string {
			p := &sideProbe{c: c}
			e := goapp.NewTestEngine()
			if err := e.Load(p); err != nil {
				t.Fatal(err)
			}
			e.ConsumeAll()
			return goapp.HTMLString(p)
		}
		h := draw()
		if !strings.Contains(h, refining) || strings.Contains(h, `class="chart`) || strings.Contains(h, "<table") {
			t.Errorf("%s: while refining the side draws %.300s", lang, h)
		}
		d := c.details().(*detailsBox)
		if len(d.Stats) != 1 || !strings.HasPrefix(d.Stats[0], refining) {
			t.Errorf("%s: while refining the details give %q", lang, d.Stats)
		}
		if !strings.Contains(c.summary(), " ± ") {
			t.Errorf("%s: the headline %q gives no margin", lang, c.summary())
		}
		for s := c.refining(); s != nil; s = c.refining() {
			s.out = s.out.refine()
		}
		h = draw()
		if strings.Contains(h, refining) || !strings.Contains(h, `class="chart`) || !strings.Contains(h, "<table") {
			t.Errorf("%s: refined, the side draws %.300s", lang, h)
		}
		if d := c.details().(*detailsBox); len(d.Stats) == 0 || strings.HasPrefix(d.Stats[0], refining) {
			t.Errorf("%s: refined, the details give %q", lang, d.Stats)
		}
	}
}
