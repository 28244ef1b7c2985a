package diagram

import (
	"github.com/at4x/companion/i18n"
	"github.com/at4x/companion/rules"
)

// zoneOfFire draws the area between the lines joining the outermost
// fighters of the shooting unit and of the target unit, with one fighter of
// another unit caught inside it and one left outside.
func zoneOfFire(_ rules.Game, w Words) figure {
	c := newCanvas(320, 200)
	shooters := [][2]float64{{40, 60}, {28, 100}, {40, 140}}
	targets := [][2]float64{{262, 72}, {284, 92}, {264, 112}, {286, 132}}
	top, bottom := shooters[0], shooters[len(shooters)-1]
	c.polygon("dg-zone", top[0], top[1], targets[0][0], targets[0][1], targets[3][0], targets[3][1], bottom[0], bottom[1])
	c.line("dg-edge", top[0], top[1], targets[0][0], targets[0][1])
	c.line("dg-edge", bottom[0], bottom[1], targets[3][0], targets[3][1])
	for _, p := range shooters {
		c.fighter("dg-own", p[0], p[1])
	}
	for _, p := range targets {
		c.fighter("dg-foe", p[0], p[1])
	}
	c.fighter("dg-other", 150, 104)
	c.text("dg-t", 150, 124, middle, w.t(i18n.DiagramCaught))
	c.fighter("dg-other", 150, 40)
	c.text("dg-t", 150, 26, middle, w.t(i18n.DiagramSafe))
	c.text("dg-t dg-strong", 150, 88, middle, w.Term("zone-of-fire"))
	c.text("dg-t", 10, 170, start, w.t(i18n.DiagramShooters))
	c.text("dg-t", 310, 160, end, w.t(i18n.DiagramTarget))
	return figure{title: w.Term("zone-of-fire"), caption: w.t(i18n.DiagramZoneOfFireCaption), svg: c}
}

// cover draws the shadow an obstacle casts from the shooters' leader, the
// target's fighters inside it, and the save this earns in game g.
func cover(g rules.Game, w Words) figure {
	c := newCanvas(320, 230)
	lx, ly := 30.0, 100.0 // the shooters' leader
	wx, wtop, wbot := 140.0, 72.0, 128.0
	// The shadow runs from the wall's back face to the right edge, between
	// the rays from the leader through the wall's ends.
	ray := func(y, x float64) float64 { return ly + (y-ly)*(x-lx)/(wx-lx) }
	far := float64(c.w - 6)
	c.polygon("dg-zone", wx+8, ray(wtop, wx+8), far, ray(wtop, far), far, ray(wbot, far), wx+8, ray(wbot, wx+8))
	c.line("dg-edge", lx, ly, far, ray(wtop, far))
	c.line("dg-edge", lx, ly, far, ray(wbot, far))
	c.rect("dg-wall", wx, wtop, 8, wbot-wtop)
	c.text("dg-t", wx+4, wtop-8, middle, w.t(i18n.DiagramObstacle))
	c.fighter("dg-own dg-leader", lx, ly)
	c.fighter("dg-own", lx-6, ly-24)
	c.fighter("dg-own", lx-6, ly+24)
	c.text("dg-t", lx-20, ly+48, start, w.Term("leader"))
	inside := [][2]float64{{236, 86}, {254, 104}, {236, 120}}
	for _, p := range inside {
		c.fighter("dg-foe", p[0], p[1])
	}
	c.fighter("dg-foe", 262, 170)
	size := len(inside) + 1
	c.text("dg-t dg-strong", 310, 70, end, w.Term("cover"))
	c.text("dg-t", 10, 200, start, w.f(i18n.DiagramBehindF, len(inside), size, g.CoverSave[rules.CoverNormal]))
	if g.CoverAtRangeZero {
		c.text("dg-t", 10, 220, start, w.f(i18n.DiagramCoverNearEdgeF, w.Term("leader")))
	} else {
		c.text("dg-t", 10, 220, start, w.t(i18n.DiagramCoverRangeZero))
	}
	return figure{title: w.Term("cover"), caption: w.t(i18n.DiagramCoverCaption), svg: c}
}

// rangeBands draws a ruler from 0 to 60 cm coloured by the band g.RangeBand
// gives each whole centimetre, so the band a distance on a 10 cm line falls
// in (the lower one in AT-44, the upper one in AT-43) shows as drawn.
func rangeBands(g rules.Game, w Words) figure {
	const maxCM, x0, x1, y = 60, 14.0, 306.0, 40.0
	c := newCanvas(320, 130)
	scale := (x1 - x0) / maxCM
	x := func(cm float64) float64 { return x0 + cm*scale }
	// Each whole centimetre is drawn from half a centimetre before it to
	// half after, merged with its neighbours of the same band.
	from := 0
	for cm := 1; cm <= maxCM+1; cm++ {
		if cm <= maxCM && g.RangeBand(cm) == g.RangeBand(from) {
			continue
		}
		band := g.RangeBand(from)
		left, right := max(float64(from)-0.5, 0), min(float64(cm)-0.5, maxCM)
		class := "dg-band"
		if band%2 == 1 {
			class += " dg-band-alt"
		}
		c.rect(class, x(left), y, x(right)-x(left), 26)
		if x(right)-x(left) >= 12 {
			c.text("dg-t dg-strong", (x(left)+x(right))/2, y+18, middle, itoa(band))
		}
		from = cm
	}
	for cm := 0; cm <= maxCM; cm += 10 {
		c.line("dg-tick", x(float64(cm)), y-6, x(float64(cm)), y+32)
		c.text("dg-t", x(float64(cm)), y+46, middle, itoa(cm))
	}
	c.text("dg-t", x0, y-12, start, w.Term("range-band"))
	c.text("dg-t", x1, y-12, end, w.t(i18n.DiagramDistance))
	const line = 10
	c.arrow("dg-edge", x(line)+40, y+74, x(line), y+30)
	c.text("dg-t", x(line)+44, y+80, start, w.f(i18n.DiagramCMRangeF, line, g.RangeBand(line)))
	return figure{title: w.Term("range-band"), caption: w.f(i18n.DiagramRangeCaptionF, w.Term("leader")), svg: c}
}
