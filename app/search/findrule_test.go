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
