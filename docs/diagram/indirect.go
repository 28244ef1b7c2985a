package diagram

import (
	"math"

	"github.com/at4x/companion/i18n"
	"github.com/at4x/companion/rules"
)

// Example weapon of the indirect-fire diagram: AoE 3 cm, the grenade launcher
// of the AT-43 rulebook's example, with two dice missed.
const (
	exampleAoE    = 3
	exampleMisses = 2
	maxSuccesses  = 5
)

// indirectFire draws the template growing with each success up to the cap,
// the impacts past the cap, and the six numbered directions a miss moves it
// in, with the distance and the condition of g.
func indirectFire(g rules.Game, w Words) figure {
	ir := g.Indirect
	c := newCanvas(320, 348)
	const cx, cy, scale = 160.0, 128.0, 8.5 // 1 cm = scale units
	for k := 1; k <= maxSuccesses; k++ {
		r := min(exampleAoE*k, ir.CapCM)
		if r == ir.CapCM && exampleAoE*(k-1) >= ir.CapCM {
			break
		}
		class := "dg-ring"
		if r == ir.CapCM {
			class = "dg-ring dg-cap"
		}
		c.circle(class, cx, cy, float64(r)*scale)
	}
	c.circle("dg-zone", cx, cy, exampleAoE*scale)
	c.text("dg-t dg-strong", cx, 16, middle, w.Term("template")+" · "+w.t(i18n.DiagramCapWord)+" "+itoa(ir.CapCM)+" cm")

	// The six directions of the deviation die, the first drawn with the
	// distance the example's misses move the template.
	for d := range 6 {
		a := -math.Pi/2 + float64(d)*math.Pi/3
		ux, uy := math.Cos(a), math.Sin(a)
		r0 := exampleAoE*scale + 4
		r1 := r0 + 14
		if d == 0 {
			r1 = r0 + float64(exampleMisses*ir.DeviationCM)*scale
			c.arrow("dg-move", cx+ux*r0, cy+uy*r0, cx+ux*r1, cy+uy*r1)
		} else {
			c.arrow("dg-dir", cx+ux*r0, cy+uy*r0, cx+ux*r1, cy+uy*r1)
		}
		c.text("dg-t dg-small", cx+ux*(r1+9), cy+uy*(r1+9)+4, middle, itoa(d+1))
	}

	// The radius and impacts per number of successes.
	tx, ty := 10.0, 238.0
	c.text("dg-t dg-strong", tx, ty, start, w.t(i18n.DiagramRadiusHead))
	for k := 0; k <= maxSuccesses; k++ {
		ty += 17
		switch {
		case k == 0 && ir.LostOnAllMiss:
			c.text("dg-t", tx, ty, start, w.f(i18n.DiagramShotLostF, k))
			continue
		case k == 0:
			c.text("dg-t", tx, ty, start, w.f(i18n.DiagramRadiusF, k, min(exampleAoE, ir.CapCM)))
			continue
		}
		line := w.f(i18n.DiagramRadiusF, k, min(exampleAoE*k, ir.CapCM))
		if n := ir.ImpactsPastCap(exampleAoE, k); n > 1 {
			line += " " + w.f(i18n.DiagramImpactsF, n)
		}
		c.text("dg-t", tx, ty, start, line)
	}
	tx, ty = 170, 238
	c.text("dg-t dg-strong", tx, ty, start, w.Term("deviation"))
	c.text("dg-t", tx, ty+17, start, w.f(i18n.DiagramDeviationF, exampleMisses, exampleMisses*ir.DeviationCM))
	cond := i18n.DiagramDeviatesAny
	if ir.DeviateOnlyOnHit {
		cond = i18n.DiagramDeviatesOnHit
	}
	c.text("dg-t dg-small", tx, ty+34, start, w.t(cond))
	c.text("dg-t dg-small", tx, ty+50, start, w.t(i18n.DiagramDirection))
	return figure{
		title:   w.Term("template"),
		caption: w.f(i18n.DiagramIndirectCaptionF, exampleAoE, ir.CapCM),
		svg:     c,
	}
}
