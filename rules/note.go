package rules

import "slices"

// Note explains an interpretation a result depends on, where the sources
// leave a choice open. ID is stable, so the app may key its own wording on it.
type Note struct {
	ID string `json:"id"`
	EN string `json:"en"`
	FR string `json:"fr"`
}

// Ids of the notes CORE's calculators attach.
const (
	NoteRangeLine     = "at44-range-line"
	NoteRerollPool    = "at44-reroll-pool"
	NoteKneeCoverAT44 = "at44-knee-cover"
	NoteKneeCoverAT43 = "at43-knee-cover"
	NoteDamageReroll  = "damage-reroll"
	NoteMedic         = "medic"
	NoteIndirectCap   = "at44-indirect-cap"
	NoteHeroCount     = "at43-hero-count"
	NoteTemplateUnder = "template-under"
)

// Notes lists every note a calculator can attach, in English and French.
// Every result carries its notes with their text, so the app needs the list
// only to translate by id.
func Notes() []Note {
	return slices.Concat(d6Notes(), extraNotes(), fixedNotes(), D10Notes())
}

// d6Notes are the notes of Shoot, Melee, Salvos and Indirect.
func d6Notes() []Note {
	return []Note{
		{NoteRangeLine,
			"AT-44: a distance exactly on a 10 cm line is read in the lower range band.",
			"AT-44 : une distance qui tombe pile sur une ligne des 10 cm compte dans la tranche de portée inférieure."},
		{NoteRerollPool,
			"AT-44: the re-roll pool counts each weapon firing, so a fighter carrying two copies of the weapon counts twice.",
			"AT-44 : la réserve de relances compte chaque arme qui tire ; un combattant qui porte l'arme en double compte deux fois."},
		{NoteKneeCoverAT44,
			"AT-44: kneeling while taking cover is read as a 5+ save even with no cover, against direct fire beyond range 0 only.",
			"AT-44 : genou à terre avec « À couvert » est lu comme une sauvegarde à 5+ même sans couvert, seulement contre le tir direct au-delà de la portée 0."},
		{NoteKneeCoverAT43,
			"AT-43: kneeling adds nothing to taking cover, so without real cover there is no save.",
			"AT-43 : se mettre genou à terre n'ajoute rien à la mise à couvert ; sans vrai couvert, il n'y a pas de sauvegarde."},
		{NoteDamageReroll,
			"A damage re-roll (Concentration) is read as one more try for each failed damage test.",
			"La relance des dégâts (Concentration) est lue comme un second essai pour chaque test de dégâts raté."},
		{NoteMedic,
			"Medic is read as taking one damage point off a single hit per round: it saves one fighter, and only against Damage 1.",
			"Les soins (médecin ou autoréparation) sont lus comme un point de dégâts retiré à un seul coup par tour : ils sauvent un combattant, et seulement contre une arme à 1 point de dégâts."},
		{NoteIndirectCap,
			"AT-44: past the 10 cm cap, each success after the one that reached 10 cm gives every fighter under the template one more impact (the rule read literally).",
			"AT-44 : passé le plafond de 10 cm, chaque réussite après celle qui a atteint 10 cm donne un impact de plus à chaque combattant sous le gabarit (règle lue à la lettre)."},
		{NoteHeroCount,
			"AT-43: a hero leading the unit is left out of its numbers when checking the morale threshold.",
			"AT-43 : un héros qui mène l'unité n'entre pas dans son effectif pour le seuil de moral."},
		{NoteTemplateUnder,
			"The number of fighters under the template is the one you enter, whatever radius the dice give.",
			"Le nombre de combattants sous le gabarit est celui que vous saisissez, quel que soit le rayon obtenu."},
	}
}

// noteByID returns the catalogue entry for id; ids are package constants,
// so an unknown id is a programming error caught by the tests.
func noteByID(id string) Note {
	for _, n := range Notes() {
		if n.ID == id {
			return n
		}
	}
	return Note{ID: id}
}
