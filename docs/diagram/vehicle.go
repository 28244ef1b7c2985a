package diagram

import (
	"github.com/at4x/companion/i18n"
	"github.com/at4x/companion/rules"
)

// vehicleLocation draws the six faces of the location die coloured by the
// part each sends a damaging hit to, as rules.LocationOf reads them, with
// the location rules of g.
func vehicleLocation(g rules.Game, w Words) figure {
	c := newCanvas(320, 190)
	const size, gap, x0, y0 = 40.0, 10.0, 13.0, 30.0
	classes := map[rules.Location]string{
		rules.LocationPropulsion: "dg-part-prop",
		rules.LocationFrame:      "dg-part-frame",
		rules.LocationWeapon:     "dg-part-weapon",
	}
	names := map[rules.Location]string{
		rules.LocationPropulsion: w.Term("propulsion"),
		rules.LocationFrame:      w.Term("frame"),
		rules.LocationWeapon:     w.t(i18n.DiagramWeapon),
	}
	c.text("dg-t dg-strong", x0, y0-12, start, w.Term("location-table"))
	// Faces showing the same part share one label under them.
	first := 1
	for face := 1; face <= rules.LocationFaces; face++ {
		loc := rules.LocationOf(face)
		x := x0 + float64(face-1)*(size+gap)
		c.rect("dg-die "+classes[loc], x, y0, size, size)
		c.text("dg-t dg-strong dg-on-part", x+size/2, y0+size/2+5, middle, itoa(face))
		if face < rules.LocationFaces && rules.LocationOf(face+1) == loc {
			continue
		}
		left := x0 + float64(first-1)*(size+gap)
		right := x + size
		c.line("dg-edge", left, y0+size+8, right, y0+size+8)
		c.text("dg-t", (left+right)/2, y0+size+24, middle, names[loc])
		first = face + 1
	}
	y := y0 + size + 52
	if g.Vehicle.MeleeLocationDice > 1 {
		c.text("dg-t", x0, y, start, w.f(i18n.DiagramMeleeDiceF, g.Vehicle.MeleeLocationDice))
		y += 20
	}
	if g.Vehicle.DestroyedPartToFrame {
		c.text("dg-t", x0, y, start, w.t(i18n.DiagramDestroyedToFrame))
		y += 20
	}
	if g.Vehicle.WeaponHitTakesWeapon {
		c.text("dg-t", x0, y, start, w.t(i18n.DiagramWeaponWhileAny))
		y += 20
	}
	c.h = int(y)
	return figure{title: w.Term("location-table"), caption: w.t(i18n.DiagramLocationCaption), svg: c}
}
