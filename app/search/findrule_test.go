package search

import (
	"strings"
	"testing"

	"github.com/at4x/companion/app/contentdata"
)

// ruleQueries are what players type at the table, on a page of one game in
// one language, and the section each must find among the first three
// results: the books' words, typos, missing accents, the other language's
// word, and words the books do not use (aliases.json).
var ruleQueries = []struct {
	game, lang, query, section string
}{
	// English pages.
	{"at43", "en", "overwatch", "shooting.overwatch"},
	{"at43", "en", "overwach", "shooting.overwatch"},
	{"at43", "en", "reaction fire", "shooting.overwatch"},
	{"at43", "en", "tir d'alerte", "shooting.overwatch"},
	{"at43", "en", "alerte", "drills.overwatch"},
	{"at43", "en", "LOS", "basics.line-of-sight"},
	{"at43", "en", "line of sigth", "basics.line-of-sight"},
	{"at43", "en", "ligne de vue", "basics.line-of-sight"},
	{"at43", "en", "charge", "movement.engaged"},
	{"at43", "en", "tank", "damage.vehicles"},
	{"at43", "en", "blindé", "damage.vehicles"},
	{"at43", "en", "save", "shooting.cover"},
	{"at43", "en", "covre", "shooting.cover"},
	{"at43", "en", "couvert", "shooting.cover"},
	{"at43", "en", "template", "indirect.fire"},
	{"at43", "en", "gabarit", "indirect.fire"},
	{"at43", "en", "grenade", "indirect.fire"},
	{"at43", "en", "morale", "morale.test"},
	{"at43", "en", "melee", "melee.attack"},
	{"at43", "en", "initiative", "round.authority"},
	{"at43", "en", "casualties", "damage.infantry"},
	{"at43", "en", "go to ground", "drills.take-cover"},
	{"at44", "en", "overwatch", "shooting.overwatch"},
	{"at44", "en", "opportunity fire", "shooting.overwatch"},
	{"at44", "en", "turn order", "round.sequence"},
	{"at44", "en", "flamethrower", "indirect.projection"},
	{"at44", "en", "kneel", "drills.knee"},
	{"at44", "en", "tir indirect", "indirect.fire"},
	{"d10", "en", "save", "damage.tests"},
	{"d10", "en", "to hit", "shooting.test"},
	{"d10", "en", "template", "shooting.special"},
	{"d10", "en", "panic", "morale.results"},
	{"d10", "en", "moral", "morale.test"},
	// The round-3 audit's words, singular and plural, and every d10 section
	// (aliases.json).
	{"at43", "en", "casualty", "damage.infantry"},
	{"at43", "en", "loss", "damage.infantry"},
	{"at43", "en", "pinned", "special.grounded"},
	{"at43", "en", "suppressed", "special.grounded"},
	{"at43", "en", "friendly fire", "shooting.zone-of-fire"},
	{"at43", "en", "deployment", "objectives.reinforcements"},
	{"at43", "en", "armor save", "damage.tests"},
	{"at43", "en", "fire arc", "basics.line-of-sight"},
	{"at43", "en", "CP", "round.points"},
	{"at43", "en", "templates", "indirect.fire"},
	{"at43", "en", "tanks", "damage.vehicles"},
	{"at43", "en", "walkers", "damage.vehicles"},
	{"at44", "en", "casualty", "damage.infantry"},
	{"at44", "en", "casualties", "damage.infantry"},
	{"at44", "en", "pinned", "special.grounded"},
	{"at44", "en", "suppression", "special.grounded"},
	{"at44", "en", "friendly fire", "shooting.zone-of-fire"},
	{"at44", "en", "army list", "command.officers"},
	{"at44", "en", "list building", "command.officers"},
	{"at44", "en", "army lists", "command.officers"},
	{"at44", "en", "deployment", "objectives.reinforcements"},
	{"at44", "en", "deploy", "objectives.reinforcements"},
	{"at44", "en", "armour save", "damage.tests"},
	{"at44", "en", "barrage", "indirect.fire"},
	{"at44", "en", "fire arc", "basics.line-of-sight"},
	{"at44", "en", "facing", "basics.line-of-sight"},
	{"at44", "en", "split fire", "shooting.overwatch"},
	{"at44", "en", "CP", "round.points"},
	{"at44", "en", "grenades", "indirect.fire"},
	{"d10", "en", "pinned", "morale.results"},
	{"d10", "en", "suppressed", "morale.results"},
	{"d10", "en", "line of sight", "shooting.salvo"},
	{"d10", "en", "LOS", "shooting.salvo"},
	{"d10", "en", "overwatch", "round.activation"},
	{"d10", "en", "reaction", "round.activation"},
	{"d10", "en", "armour save", "damage.tests"},
	{"d10", "en", "HP", "basics.profiles"},
	{"d10", "en", "hit points", "basics.profiles"},
	{"d10", "en", "unit", "basics.units"},
	{"d10", "en", "cohesion", "basics.units"},
	{"d10", "en", "coherency", "basics.units"},
	{"d10", "en", "activation", "round.activation"},
	{"d10", "en", "reserve", "round.activation"},
	{"d10", "en", "movement", "movement.moving"},
	{"d10", "en", "move", "movement.moving"},
	{"d10", "en", "jump", "movement.moving"},
	{"d10", "en", "climb", "movement.moving"},
	{"d10", "en", "vehicle movement", "movement.vehicles"},
	{"d10", "en", "turning", "movement.vehicles"},
	{"d10", "en", "reversing", "movement.vehicles"},
	{"d10", "en", "shooting priority", "shooting.salvo"},
	{"d10", "en", "target priority", "shooting.salvo"},
	{"d10", "en", "nearest target", "shooting.salvo"},
	{"d10", "en", "knock down", "special.grounded"},
	{"d10", "en", "knockdown", "special.grounded"},
	{"d10", "en", "dodge", "special.grounded"},
	{"d10", "en", "prone", "special.grounded"},
	{"d10", "en", "stats", "basics.profiles"},
	{"d10", "en", "characteristics", "basics.profiles"},
	{"d10", "en", "burst", "shooting.special"},
	{"d10", "en", "grenades", "shooting.special"},
	{"d10", "en", "templates", "shooting.special"},
	{"d10", "en", "parry", "melee.attack"},
	{"d10", "en", "initiative", "round.sequence"},
	{"d10", "en", "modifiers", "reference.shooting"},
	{"d10", "en", "action costs", "reference.costs"},
	{"d10", "en", "vehicle tables", "reference.vehicles"},
	// French pages.
	{"at43", "fr", "overwatch", "shooting.overwatch"},
	{"at43", "fr", "overwatch", "drills.overwatch"},
	{"at43", "fr", "tir de réaction", "shooting.overwatch"},
	{"at43", "fr", "tir de reaction", "shooting.overwatch"},
	{"at43", "fr", "tir de riposte", "shooting.overwatch"},
	{"at43", "fr", "réaction", "shooting.overwatch"},
	{"at43", "fr", "tir d'alerte", "shooting.overwatch"},
	{"at43", "fr", "tir d'alerrte", "shooting.overwatch"},
	{"at43", "fr", "etat d'alerte", "drills.overwatch"},
	{"at43", "fr", "ligne de vue", "basics.line-of-sight"},
	{"at43", "fr", "LOS", "basics.line-of-sight"},
	{"at43", "fr", "charge", "movement.engaged"},
	{"at43", "fr", "moral", "morale.test"},
	{"at43", "fr", "morale", "morale.test"},
	{"at43", "fr", "blindé", "damage.vehicles"},
	{"at43", "fr", "tank", "damage.vehicles"},
	{"at43", "fr", "char", "damage.vehicles"},
	{"at43", "fr", "couvert", "shooting.cover"},
	{"at43", "fr", "cover", "shooting.cover"},
	{"at43", "fr", "sauvegarde", "shooting.cover"},
	{"at43", "fr", "gabarit", "indirect.fire"},
	{"at43", "fr", "template", "indirect.fire"},
	{"at43", "fr", "grenade", "indirect.fire"},
	{"at43", "fr", "melee", "melee.attack"},
	{"at43", "fr", "initiative", "round.authority"},
	{"at43", "fr", "pertes", "damage.infantry"},
	{"at44", "fr", "overwatch", "shooting.overwatch"},
	{"at44", "fr", "tir de réaction", "shooting.overwatch"},
	{"at44", "fr", "lance-flammes", "indirect.projection"},
	{"at44", "fr", "genou", "drills.knee"},
	{"d10", "fr", "sauvegarde", "damage.tests"},
	{"d10", "fr", "toucher", "shooting.test"},
	{"d10", "fr", "gabarit", "shooting.special"},
	{"d10", "fr", "panique", "morale.results"},
	{"d10", "fr", "template", "shooting.special"},
	// The round-3 audit's words in French, and every d10 section.
	{"at43", "fr", "perte", "damage.infantry"},
	{"at43", "fr", "cloué au sol", "special.grounded"},
	{"at43", "fr", "tir ami", "shooting.zone-of-fire"},
	{"at43", "fr", "deploiement", "objectives.reinforcements"},
	{"at43", "fr", "sauvegarde d'armure", "damage.tests"},
	{"at43", "fr", "tir de barrage", "indirect.fire"},
	{"at43", "fr", "PC", "round.points"},
	{"at44", "fr", "pertes", "damage.infantry"},
	{"at44", "fr", "cloué au sol", "special.grounded"},
	{"at44", "fr", "tir ami", "shooting.zone-of-fire"},
	{"at44", "fr", "tir fratricide", "shooting.zone-of-fire"},
	{"at44", "fr", "liste d'armée", "command.officers"},
	{"at44", "fr", "composition", "command.officers"},
	{"at44", "fr", "déploiement", "objectives.reinforcements"},
	{"at44", "fr", "déployer", "objectives.reinforcements"},
	{"at44", "fr", "sauvegarde d'armure", "damage.tests"},
	{"at44", "fr", "tir de barrage", "indirect.fire"},
	{"at44", "fr", "arc de tir", "basics.line-of-sight"},
	{"at44", "fr", "arcs de tir", "basics.line-of-sight"},
	{"at44", "fr", "tir séparé", "shooting.overwatch"},
	{"at44", "fr", "tir decale", "shooting.overwatch"},
	{"at44", "fr", "CP", "round.points"},
	{"at44", "fr", "chars", "damage.vehicles"},
	{"d10", "fr", "ligne de vue", "shooting.salvo"},
	{"d10", "fr", "lignes de vue", "shooting.salvo"},
	{"d10", "fr", "état d'alerte", "round.activation"},
	{"d10", "fr", "overwatch", "round.activation"},
	{"d10", "fr", "tir de réaction", "round.activation"},
	{"d10", "fr", "sauvegarde d'armure", "damage.tests"},
	{"d10", "fr", "points de vie", "basics.profiles"},
	{"d10", "fr", "PV", "basics.profiles"},
	{"d10", "fr", "cohérence", "basics.units"},
	{"d10", "fr", "cohésion", "basics.units"},
	{"d10", "fr", "action réservée", "round.activation"},
	{"d10", "fr", "déplacement", "movement.moving"},
	{"d10", "fr", "sauter", "movement.moving"},
	{"d10", "fr", "virage", "movement.vehicles"},
	{"d10", "fr", "marche arrière", "movement.vehicles"},
	{"d10", "fr", "priorité de tir", "shooting.salvo"},
	{"d10", "fr", "esquive", "special.grounded"},
	{"d10", "fr", "renversement", "special.grounded"},
	{"d10", "fr", "caractéristiques", "basics.profiles"},
	{"d10", "fr", "rafale", "shooting.special"},
	{"d10", "fr", "parade", "melee.attack"},
	{"d10", "fr", "initiative", "round.sequence"},
	{"d10", "fr", "table de panique", "reference.panic"},
}

// TestFindsTheRule types each of ruleQueries into the real text's index and
// looks for a result that opens the section, its title, a sub-heading or a
// paragraph, among the first three.
func TestFindsTheRule(t *testing.T) {
	lib, err := contentdata.Load()
	if err != nil {
		t.Skipf("content does not load: %v", err)
	}
	indexes := map[string]*Index{}
	for _, q := range ruleQueries {
		t.Run(q.game+"/"+q.lang+"/"+q.query, func(t *testing.T) {
			k := q.game + "/" + q.lang
			if indexes[k] == nil {
				indexes[k] = ForText(lib, q.game, q.lang)
			}
			rs := indexes[k].Find(q.query)
			want := "/" + q.lang + "/" + q.game + "/" + q.section
			for _, r := range rs[:min(3, len(rs))] {
				if path, _, _ := strings.Cut(r.Entry.Href, "#"); path == want {
					return
				}
			}
			t.Errorf("%q on %s: %s is not among the first three results %q", q.query, k, q.section, shows(rs[:min(5, len(rs))]))
		})
	}
}
