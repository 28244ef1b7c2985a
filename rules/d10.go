package rules

import "fmt"

// The d10 skirmish sheet rolls one ten-sided die against a number and
// succeeds at or under it, so its chances are whole tenths and every
// calculator works on die faces: D10Attack (hit, armour and damage rolls),
// D10Morale (morale roll and panic table) and D10Vehicle (vehicle and
// internal damage tables). They share Dist, Binomial, the query codec,
// Step and Note with the d6 calculators, and nothing of the universal table.

// Allowed ranges of the d10 fields, by query key.
const (
	maxD10Attacks = 20 // n
	maxD10Value   = 10 // skill, defcr, ar, pui, phy, cou, intomelee
	maxD10Mod     = 10 // mod, knock: -10 to 10
	maxD10MA      = 5  // ma: -5 to 5
	maxD10Points  = 20 // dmg
)

// d10Faces is how many faces of a d10 show target or less.
func d10Faces(target int) int {
	return min(max(target, 0), 10)
}

// d10Chance is the chance one d10 rolls target or less.
func d10Chance(target int) float64 {
	return float64(d10Faces(target)) / 10
}

// checkD10Game accepts only the d10 sheet: its inputs mean nothing to the d6
// rulesets, nor theirs to it.
func checkD10Game(c *validator, id string) {
	if id != D10.ID {
		c.fail("game", ErrChoice, "%s is not allowed in a d10 calculator: allowed %s", clip(id), D10.ID)
	}
}

// signedRange checks lo <= n <= hi for a range that goes below zero, where
// the validator's "lo-hi" would read badly.
func signedRange(c *validator, key string, n, lo, hi int) {
	if ok := n >= lo && n <= hi; !c.settled(key, ok) {
		c.number(key, n, ok, fmt.Sprintf("%d to %d", lo, hi))
	}
}

// Ids of the notes the d10 calculators attach.
const (
	NoteD10HitTarget       = "d10-hit-target"
	NoteD10NaturalRolls    = "d10-natural-rolls"
	NoteD10ArmourModifier  = "d10-armour-modifier"
	NoteD10SeparateAttacks = "d10-separate-attacks"
	NoteD10ParryFace       = "d10-parry-face"
	NoteD10Dodge           = "d10-dodge"
	NoteD10VehiclePoints   = "d10-vehicle-points"
)

// D10Notes lists every note the d10 calculators can attach, in English and
// French: each is our reading where the sheet is silent.
func D10Notes() []Note {
	return []Note{
		{NoteD10HitTarget,
			"The sheet never prints the number a hit roll needs: we read it as a d10 at or under the attacker's skill (CD at range, CR in close combat) plus the modifiers.",
			"La feuille ne donne jamais le nombre à obtenir pour toucher : nous lisons un d10 inférieur ou égal à la compétence de l'attaquant (CD à distance, CR au contact) plus les modificateurs."},
		{NoteD10NaturalRolls,
			"A natural 1 or 10 only settles attack rolls. Armour, damage, morale, knock-down and dodge rolls are plain comparisons, so with extreme numbers they always succeed or always fail: an AR of 10 stops every hit but a natural 1, a COU of 10 always passes.",
			"Le 1 et le 10 naturels ne décident que des jets d'attaque. Les jets d'armure, de dommages, de moral, de renversement et d'esquive sont de simples comparaisons : avec des valeurs extrêmes, ils réussissent ou échouent à coup sûr. Une AR de 10 arrête tout coup sauf un 1 naturel, un COU de 10 réussit toujours."},
		{NoteD10ArmourModifier,
			"The armour roll stops the attack at or under the target's AR minus the attacker's MA, as the sheet writes it, so a positive MA weakens armour. The sheet prints MA -3 for a detonation, which read this way would help armour: enter an MA with the sign that does what your weapon is meant to do.",
			"Nous suivons la feuille à la lettre : l'armure arrête le coup quand le d10 ne dépasse pas l'AR de la cible diminuée du MA de l'attaquant, si bien qu'un MA positif réduit la protection. Or la feuille attribue MA -3 à une détonation, ce qui, lu ainsi, renforcerait l'armure : saisissez le MA avec le signe qui donne l'effet voulu pour votre arme."},
		{NoteD10SeparateAttacks,
			"Each attack is rolled in full, as when several fighters attack or a burst template gives several rolls. A natural 10 costs a fighter its remaining PM, so one fighter attacking several times may lose the attacks after it: those are still counted here.",
			"Chaque attaque est jouée en entier, comme lorsque plusieurs combattants attaquent ou qu'un gabarit de zone donne plusieurs jets. Un 10 naturel fait perdre au combattant ses PM restants : un même combattant qui attaque plusieurs fois peut perdre les attaques suivantes, qui sont tout de même comptées ici."},
		{NoteD10ParryFace,
			"A parry compares the defender's d10 with the face the attacker rolled, before modifiers; a roll strictly lower deflects the attack, so a natural 1 can never be parried.",
			"La parade compare le d10 du défenseur au résultat du dé de l'attaquant, sans modificateurs ; un résultat strictement inférieur dévie l'attaque, donc un 1 naturel ne peut jamais être paré."},
		{NoteD10Dodge,
			"A successful dodge is read as cancelling the hit entirely; the defender's CR given adds 1 per point above 5 to the dodge roll.",
			"Une esquive réussie est lue comme annulant entièrement la touche ; la CR du défenseur ajoute 1 par point au-dessus de 5 au jet d'esquive."},
		{NoteD10VehiclePoints,
			"The vehicle damage roll adds the damage points of the hit that caused it. A chain reaction gives the vehicle one more damage point, read as one on top of the hit's: the next roll is d10 + (points + 1), not d10 + 1, and a chain always ends.",
			"Le jet de dommages du véhicule ajoute les points de dommages du coup qui l'a provoqué. Une réaction en chaîne inflige un point de dommages supplémentaire, lu comme s'ajoutant à ceux du coup : le jet suivant est d10 + (points + 1), et non d10 + 1, et une chaîne finit toujours."},
	}
}

// withNote appends the note id once.
func withNote(notes []Note, id string) []Note {
	for _, n := range notes {
		if n.ID == id {
			return notes
		}
	}
	for _, n := range D10Notes() {
		if n.ID == id {
			return append(notes, n)
		}
	}
	return append(notes, Note{ID: id})
}
