package diagram

import (
	"github.com/at4x/companion/i18n"
	"github.com/at4x/companion/rules"
)

// crushing draws a rushing vehicle's path over infantry, each fighter under
// it labelled with the roll that eliminates it in g.
func crushing(g rules.Game, w Words) figure {
	c := newCanvas(320, 210)
	const top, bottom = 60.0, 120.0
	c.rect("dg-zone", 70, top, 240, bottom-top)
	c.line("dg-edge", 70, top, 310, top)
	c.line("dg-edge", 70, bottom, 310, bottom)
	c.rect("dg-vehicle", 14, top+4, 52, bottom-top-8)
	c.arrow("dg-move", 70, (top+bottom)/2, 306, (top+bottom)/2)
	c.text("dg-t", 300, top-8, end, w.t(i18n.DiagramPath))

	// A free fighter, then an engaged pair: ours in contact with a foe.
	c.fighter("dg-foe", 120, 80)
	c.text("dg-t", 120, 145, middle, w.f(i18n.DiagramFreeF, g.Crush.Free))
	c.line("dg-edge", 120, 88, 120, 132)
	c.fighter("dg-foe", 196, 98)
	c.fighter("dg-own", 196+12, 98)
	c.line("dg-edge", 196, 106, 196, 160)
	c.text("dg-t", 196, 175, middle, w.f(i18n.DiagramEngagedF, w.Term("engaged"), g.Crush.Engaged))
	if g.Crush.GroundedIsEngaged {
		c.ellipse("dg-fighter dg-foe", 270, 82, 9, 4)
		c.line("dg-edge", 270, 88, 270, 185)
		c.text("dg-t", 310, 200, end, w.f(i18n.DiagramEngagedF, w.Term("grounded"), g.Crush.Engaged))
	}
	return figure{title: w.Term("rush"), caption: w.t(i18n.DiagramCrushCaption), svg: c}
}
