package calc

import (
	"errors"
	"net/url"
	"strings"
	"testing"

	"github.com/at4x/companion/rules"
)

// TestNotApplicableWords checks the message of each key the engine refuses
// where it does not apply (rules.NotApplicable, issue 34 part 7), in both
// languages: one message under the form, as for the other keys that do not
// apply with the game or target chosen, echoing the value and saying what
// is allowed here, the engine's quiet value; and the answer still comes,
// the key left at that value.
//
// quiet marks the rows whose hint the page does not give yet: for a hidden
// number field it says the field's least value (allowedHere), not the
// engine's NotApplicable.Quiet, and a list field takes the words of a bad
// list. Those rows check the rest and are skipped for the hint, until the
// page words ErrNotApplicable with Quiet.
func TestNotApplicableWords(t *testing.T) {
	tests := []struct {
		name, calc, query, lang, want string
		quiet                         bool
	}{
		{"rank in AT-43 morale", "morale", "game=at43&rank=2", "en",
			`Officer rank: "2" does not apply with the game or target chosen; allowed here: 0.`, false},
		{"rank in AT-43 morale fr", "morale", "game=at43&rank=2", "fr",
			"Rang de l’officier : « 2 » ne s’applique pas avec le jeu ou la cible choisis ; accepté ici : 0.", false},
		{"objective in AT-43 morale", "morale", "game=at43&obj=1", "en",
			`Holds an objective: "1" does not apply with the game or target chosen; allowed here: unticked (0).`, false},
		{"objective in AT-43 morale fr", "morale", "game=at43&obj=1", "fr",
			"Contrôle un objectif : « 1 » ne s’applique pas avec le jeu ou la cible choisis ; accepté ici : décoché (0).", false},
		{"earlier tests in AT-43 morale", "morale", "game=at43&extra=3", "en",
			`Earlier tests this round: "3" does not apply with the game or target chosen; allowed here: 0.`, false},
		{"earlier tests in AT-43 morale fr", "morale", "game=at43&extra=3", "fr",
			"Tests déjà faits ce tour : « 3 » ne s’applique pas avec le jeu ou la cible choisis ; accepté ici : 0.", false},
		{"type at vehicles", "shoot", "game=at43&target=veh&type=2", "en",
			`Unit type / rank: "2" does not apply with the game or target chosen; allowed here: 1.`, false},
		{"type in a minefield at vehicles fr", "minefield", "game=at43&target=veh&type=2", "fr",
			"Type / rang de l’unité : « 2 » ne s’applique pas avec le jeu ou la cible choisis ; accepté ici : 1.", false},
		{"vehicles at infantry", "shoot", "game=at43&vehicles=3", "en",
			`Vehicles in the unit: "3" does not apply with the game or target chosen; allowed here: 1.`, false},
		{"vehicles at infantry fr", "melee", "game=at44&vehicles=3", "fr",
			"Véhicules dans l’unité : « 3 » ne s’applique pas avec le jeu ou la cible choisis ; accepté ici : 1.", false},
		{"pick in salvos at infantry", "salvos", "game=at43&pick=disarm", "en",
			`Weapon results: "disarm" does not apply with the game or target chosen; allowed here: Aim at the frame.`, false},
		{"pick without vehicles under the template fr", "indirect", "game=at43&pick=disarm", "fr",
			"Résultats « arme » : « disarm » ne s’applique pas avec le jeu ou la cible choisis ; accepté ici : Viser le châssis.", false},
		{"size at vehicles", "shoot", "game=at43&target=veh&size=8", "en",
			`Fighters in the unit: "8" does not apply with the game or target chosen; allowed here: 6.`, true},
		{"size in salvos at vehicles fr", "salvos", "game=at43&target=veh&size=3", "fr",
			"Combattants dans l’unité : « 3 » ne s’applique pas avec le jeu ou la cible choisis ; accepté ici : 6.", true},
		{"frame at infantry", "shoot", "game=at43&frame=9", "en",
			`Frame SP: "9" does not apply with the game or target chosen; allowed here: 6.`, true},
		{"frame in a minefield at infantry fr", "minefield", "game=at43&frame=2", "fr",
			"PS du châssis : « 2 » ne s’applique pas avec le jeu ou la cible choisis ; accepté ici : 6.", true},
		{"prop at infantry", "melee", "game=at43&prop=0", "en",
			`Propulsion SP: "0" does not apply with the game or target chosen; allowed here: 3.`, true},
		{"weapons at infantry fr", "salvos", "game=at43&weapons=2,2", "fr",
			"PS des armes (séparés par des virgules) : « 2,2 » ne s’applique pas avec le jeu ou la cible choisis ; accepté ici : 3.", true},
		{"frame without vehicles under the template", "indirect", "game=at44&frame=9", "en",
			`Frame SP: "9" does not apply with the game or target chosen; allowed here: 6.`, true},
		{"vprot without vehicles under the template fr", "indirect", "game=at43&vprot=12", "fr",
			"Protection des véhicules : « 12 » ne s’applique pas avec le jeu ou la cible choisis ; accepté ici : 10.", true},
		{"weapons without vehicles under the template", "indirect", "game=at43&weapons=1", "en",
			`Weapons SP (comma-separated): "1" does not apply with the game or target chosen; allowed here: 3.`, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, _ := url.ParseQuery(tt.query)
			spec := specFor(tt.calc)
			s := evaluate(spec, v)
			if s.err != nil {
				t.Fatalf("no answer: %v", s.err)
			}
			if len(s.errs) != 1 {
				t.Fatalf("refused %v, want one key", s.errs)
			}
			for key, reason := range s.errs {
				var na *rules.NotApplicable
				switch {
				case !errors.As(reason, &na):
					t.Errorf("%s: %v is no rules.NotApplicable", key, reason)
				case s.shown.Has(key) && s.shown.Get(key) != na.Quiet:
					t.Errorf("%s: the answer takes %q, want the quiet %q", key, s.shown.Get(key), na.Quiet)
				}
			}
			got := strayErrors(gameWords{lang: tt.lang}, spec, s.shown, v, s.errs)
			if len(got) != 1 {
				t.Fatalf("messages %q, want one", got)
			}
			if tt.quiet {
				t.Skipf("%q: the page does not say the engine's quiet value yet (want %q)", got[0], tt.want)
			}
			if !strings.HasPrefix(got[0], tt.want) {
				t.Errorf("says\n %q\nwant it to start\n %q", got[0], tt.want)
			}
		})
	}
}
