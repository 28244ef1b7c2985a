package rules

import "fmt"

// Fixed-result weapons and abilities: lock-on fire and artillery strikes hit
// on a printed result instead of Accuracy against the range; the AT-44
// Jammer's damage test against vehicles is a printed result and it harms no
// infantry; the AT-44 Sniper ignores cover. Each game says which it has in
// Game.Fixed, and Validate refuses the others.

// minFixed and maxFixed bound a printed result: the roll one die needs.
const (
	minFixed = 2
	maxFixed = 6
)

// fixedTest is a test that succeeds on needed or more on one die, whatever
// the range: kind StepFixed for a hit, StepJammer for a damage test.
func fixedTest(kind StepKind, needed int) Step {
	return Step{Kind: kind, Needed: needed, Chance: RollChance(needed)}
}

// checkFixedValue accepts 0 (none) or a printed result 2-6.
func checkFixedValue(c *validator, key string, n int) {
	c.number(key, n, n == 0 || n >= minFixed && n <= maxFixed,
		fmt.Sprintf("0 (none) or %d-%d, the result needed on one die", minFixed, maxFixed))
}

// checkFixed checks the lock, jammer and sniper keys of a shot at target in
// game g (id as given, for the message).
func checkFixed(c *validator, g Game, id string, target Target, lock, jammer int, sniper bool) {
	checkFixedValue(c, "lock", lock)
	checkFixedValue(c, "jammer", jammer)
	if g.ID == "" {
		return // the game is refused already
	}
	f := g.Fixed
	switch {
	case lock != 0 && !f.LockOn:
		c.notApplicable("lock", "0", "%s has no lock-on weapons: allowed 0", clip(id))
	case lock != 0 && f.LockOnVehiclesOnly && target != TargetVehicle:
		c.notApplicable("lock", "0", "lock-on fire hits only vehicles and scenery in %s: allowed with target=veh (scenery: the terrain calculator)", clip(id))
	}
	if jammer != 0 && !f.Jammer {
		c.notApplicable("jammer", "0", "%s has no Jammer: allowed 0", clip(id))
	}
	if sniper && !f.Sniper {
		c.notApplicable("sniper", "0", "%s has no Sniper ability: allowed 0", clip(id))
	}
}

// damageStep is a salvo's damage test against protection: the weapon's
// Penetration, or with a Jammer its printed result (no damage to infantry),
// with failed tests re-rolled once when reroll is set. It returns the steps
// to explain, the chance of one success and the notes it needs.
func damageStep(pen, prot, jammer int, reroll bool, target Target) ([]Step, float64, []Note) {
	var notes []Note
	dt := test(StepDamage, pen, prot)
	p := damageChance(pen, prot, reroll)
	if jammer > 0 {
		dt = fixedTest(StepJammer, jammer)
		p = dt.Chance
		if reroll {
			p = 1 - (1-p)*(1-p)
		}
		notes = append(notes, noteJammer)
		if target == TargetInfantry {
			dt.Chance, p = 0, 0
		}
	}
	steps := []Step{dt}
	if reroll && dt.Auto == Roll && p > 0 && p < 1 {
		steps = append(steps, Step{Kind: StepDamageReroll, Chance: p})
		notes = append(notes, noteByID(NoteDamageReroll))
	}
	return steps, p, notes
}

// Notes of the fixed-result weapons.
var (
	noteLockOnAT44 = Note{ID: "at44-lock-on",
		EN: "AT-44 lock-on fire: the hit roll needs the printed result whatever the range, cover gives no save, and only vehicles and scenery can be its target.",
		FR: "AT-44, tir verrouillé : le jet pour toucher demande le résultat imprimé quelle que soit la portée, le couvert ne protège pas, et seuls les véhicules et les décors peuvent être visés."}
	noteLockOnAT43 = Note{ID: "at43-lock-on",
		EN: "AT-43 lock-on fire: the hit roll needs the printed result whatever the range. The AT-43 texts say only that it hits the designated target, so cover saves are kept.",
		FR: "AT-43, tir verrouillé : le jet pour toucher demande le résultat imprimé quelle que soit la portée. Les textes d'AT-43 disent seulement qu'il ne touche que la cible désignée : les sauvegardes de couvert sont donc gardées."}
	noteJammer = Note{ID: "at44-jammer",
		EN: "AT-44 Jammer: the hit roll is made as usual; against vehicles the damage test needs the printed result instead of Penetration against armour, and infantry takes the impacts without harm.",
		FR: "AT-44, Jammer : le jet pour toucher se fait normalement ; contre les véhicules, le test de dégâts demande le résultat imprimé au lieu de la Pénétration contre le blindage, et l'infanterie encaisse les impacts sans dommage."}
	noteSniper = Note{ID: "at44-sniper",
		EN: "AT-44 Sniper: the fighter stays still and his shots ignore every cover save (taking cover included) and the fighters in the zone of fire.",
		FR: "AT-44, Sniper : le combattant reste immobile et ses tirs ignorent toute sauvegarde de couvert (« À couvert » compris) et les combattants dans le couloir de feu."}
	noteLockOnTerrain = Note{ID: "at44-lock-on-terrain",
		EN: "AT-44: scenery is attacked as usual, lock-on weapons included: their hit roll needs the printed result whatever the range.",
		FR: "AT-44 : le décor s'attaque normalement, armes à tir verrouillé comprises : leur jet pour toucher demande le résultat imprimé quelle que soit la portée."}
	noteArtilleryStrike = Note{ID: "at43-artillery-strike",
		EN: "AT-43 artillery strike: indirect fire whose hit roll needs the printed result whatever the range; template, deviation and damage as for indirect fire.",
		FR: "AT-43, frappe d'artillerie : un tir indirect dont le jet pour toucher demande le résultat imprimé quelle que soit la portée ; gabarit, déviation et dégâts comme pour le tir indirect."}
)

// fixedNotes lists the notes of this file.
func fixedNotes() []Note {
	return []Note{noteLockOnAT44, noteLockOnAT43, noteJammer, noteSniper, noteArtilleryStrike, noteIndirectVehicles, noteLockOnTerrain}
}
