package calc

import (
	"errors"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/at4x/companion/rules"
)

// TestNotApplicableWords checks the message of each key the engine refuses
// where it does not apply (rules.NotApplicable, issue 34 part 7), in both
// languages: one message under the form, as for the other keys that do not
// apply with the game or target chosen, echoing the value and saying what
// is allowed here, the engine's quiet value (NotApplicable.Quiet, not the
// field's least value nor a bad list's words); and the answer still comes,
// the key left at that value.
func TestNotApplicableWords(t *testing.T) {
	tests := []struct {
		name, calc, query, lang, want string
	}{
		{"rank in AT-43 morale", "morale", "game=at43&rank=2", "en",
			`Officer rank: "2" does not apply with the game or target chosen; allowed here: 0.`},
		{"rank in AT-43 morale fr", "morale", "game=at43&rank=2", "fr",
			"Rang de l’officier : « 2 » ne s’applique pas avec le jeu ou la cible choisis ; accepté ici : 0."},
		{"objective in AT-43 morale", "morale", "game=at43&obj=1", "en",
			`Holds an objective: "1" does not apply with the game or target chosen; allowed here: unticked (0).`},
		{"objective in AT-43 morale fr", "morale", "game=at43&obj=1", "fr",
			"Contrôle un objectif : « 1 » ne s’applique pas avec le jeu ou la cible choisis ; accepté ici : décoché (0)."},
		{"earlier tests in AT-43 morale", "morale", "game=at43&extra=3", "en",
			`Earlier tests this round: "3" does not apply with the game or target chosen; allowed here: 0.`},
		{"earlier tests in AT-43 morale fr", "morale", "game=at43&extra=3", "fr",
			"Tests déjà faits ce tour : « 3 » ne s’applique pas avec le jeu ou la cible choisis ; accepté ici : 0."},
		{"type at vehicles", "shoot", "game=at43&target=veh&type=2", "en",
			`Unit type / rank: "2" does not apply with the game or target chosen; allowed here: 1.`},
		{"type in a minefield at vehicles fr", "minefield", "game=at43&target=veh&type=2", "fr",
			"Type / rang de l’unité : « 2 » ne s’applique pas avec le jeu ou la cible choisis ; accepté ici : 1."},
		{"vehicles at infantry", "shoot", "game=at43&vehicles=3", "en",
			`Vehicles in the unit: "3" does not apply with the game or target chosen; allowed here: 1.`},
		{"vehicles at infantry fr", "melee", "game=at44&vehicles=3", "fr",
			"Véhicules dans l’unité : « 3 » ne s’applique pas avec le jeu ou la cible choisis ; accepté ici : 1."},
		{"pick in salvos at infantry", "salvos", "game=at43&pick=disarm", "en",
			`Weapon results: "disarm" does not apply with the game or target chosen; allowed here: Aim at the frame.`},
		{"pick without vehicles under the template fr", "indirect", "game=at43&pick=disarm", "fr",
			"Résultats « arme » : « disarm » ne s’applique pas avec le jeu ou la cible choisis ; accepté ici : Viser le châssis."},
		{"size at vehicles", "shoot", "game=at43&target=veh&size=8", "en",
			`Fighters in the unit: "8" does not apply with the game or target chosen; allowed here: 6.`},
		{"size in salvos at vehicles fr", "salvos", "game=at43&target=veh&size=3", "fr",
			"Combattants dans l’unité : « 3 » ne s’applique pas avec le jeu ou la cible choisis ; accepté ici : 6."},
		{"frame at infantry", "shoot", "game=at43&frame=9", "en",
			`Frame SP: "9" does not apply with the game or target chosen; allowed here: 6.`},
		{"frame in a minefield at infantry fr", "minefield", "game=at43&frame=2", "fr",
			"PS du châssis : « 2 » ne s’applique pas avec le jeu ou la cible choisis ; accepté ici : 6."},
		{"prop at infantry", "melee", "game=at43&prop=0", "en",
			`Propulsion SP: "0" does not apply with the game or target chosen; allowed here: 3.`},
		{"weapons at infantry fr", "salvos", "game=at43&weapons=2,2", "fr",
			"PS des armes (séparés par des virgules) : « 2,2 » ne s’applique pas avec le jeu ou la cible choisis ; accepté ici : 3."},
		{"frame without vehicles under the template", "indirect", "game=at44&frame=9", "en",
			`Frame SP: "9" does not apply with the game or target chosen; allowed here: 6.`},
		{"vprot without vehicles under the template fr", "indirect", "game=at43&vprot=12", "fr",
			"Protection des véhicules : « 12 » ne s’applique pas avec le jeu ou la cible choisis ; accepté ici : 10."},
		{"weapons without vehicles under the template", "indirect", "game=at43&weapons=1", "en",
			`Weapons SP (comma-separated): "1" does not apply with the game or target chosen; allowed here: 3.`},
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
			if !strings.HasPrefix(readable(got[0]), tt.want) {
				t.Errorf("says\n %q\nwant it to start\n %q", got[0], tt.want)
			}
		})
	}
}

// TestLinkLangAndGameWords checks the words for the two keys every link
// may carry and no engine input reads as the page does (issue 34 part 7):
// a lang given twice or naming no language of the app, and a game that is
// no game at all, said as a bad value in the page's language, not dropped
// without a word nor taken for a game of another calculator; the answer
// still comes, in the calculator's first game. A real game the calculator
// does not run under keeps its own note (WrongGameF).
func TestLinkLangAndGameWords(t *testing.T) {
	tests := []struct {
		name, calc, query, lang, want string
	}{
		{"lang given twice", "shoot", "game=at43&lang=en&lang=fr", "en",
			"Language: the link gives it more than once; one value is allowed: the first is used."},
		{"lang given twice fr", "shoot", "game=at43&lang=fr&lang=fr", "fr",
			"Langue : le lien la donne plusieurs fois ; une seule valeur est acceptée : la première est retenue."},
		{"lang of no language", "morale", "game=at43&lang=de", "en",
			`Language: "de" is not one of the options: en (English), fr (Français).`},
		{"lang of markup fr", "shoot", "game=at43&lang=%22%3E%3Cimg%20src%3Dx%3E", "fr",
			"Langue : « \"><img src=x> » n’est pas une des options : en (English), fr (Français)."},
		{"lang empty", "salvos", "game=at44&lang=", "en",
			`Language: "" is not one of the options: en (English), fr (Français).`},
		{"lang garbled fr", "melee", "game=at44&lang=%zz", "fr",
			"Langue : «  » n’est pas une des options : en (English), fr (Français)."},
		{"game of no game", "shoot", "game=at45&n=3", "en",
			`Game: "at45" is not one of the options: at43 (AT-43), at44 (AT-44).`},
		{"game of a script fr", "shoot", "game=javascript:alert(1)", "fr",
			"Jeu : « javascript:alert(1) » n’est pas une des options : at43 (AT-43), at44 (AT-44)."},
		{"game of no game in a d10 calculator", "d10morale", "game=x", "en",
			`Game: "x" is not one of the options: d10 (d10).`},
		{"game of no game in terrain fr", "terrain", "game=AT44", "fr",
			"Jeu : « AT44 » n’est pas une des options : at44 (AT-44)."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := opened(t, tt.calc, tt.lang, "?"+tt.query)
			if c.now.err != nil || len(c.now.errs) > 0 {
				t.Fatalf("the calculation suffers: %v %v", c.now.err, c.now.errs)
			}
			if c.wrongGame != "" {
				t.Errorf("the page says the link's game %q is another calculator's", c.wrongGame)
			}
			v, _ := url.ParseQuery(tt.query)
			game := v.Get("game")
			if !slices.Contains(c.spec.games, game) {
				game = c.spec.games[0]
			}
			if c.now.game != game {
				t.Errorf("the answer is for %q, want %q", c.now.game, game)
			}
			var got []string
			if m := c.gameError(); m != "" {
				got = append(got, m)
			}
			got = append(got, viewErrors(c.Lang, c.spec, c.bad)...)
			if len(got) != 1 || !strings.HasPrefix(readable(got[0]), tt.want) {
				t.Errorf("says %q, want one message starting %q", got, tt.want)
			}
			if q, _ := url.ParseQuery(strings.SplitN(c.link(), "?", 2)[1]); len(q["lang"]) != 1 || q.Get("lang") != tt.lang || q.Get("game") != game {
				t.Errorf("link %s: want the page's language and the game %s, once each", c.link(), game)
			}
		})
	}
	t.Run("a game of another calculator", func(t *testing.T) {
		for _, lang := range []string{"en", "fr"} {
			c := opened(t, "terrain", lang, "?game=at43")
			if c.wrongGame != "at43" || c.gameError() != "" {
				t.Errorf("%s: AT-43 in terrain gives the note for %q and the error %q, want the note for at43 alone", lang, c.wrongGame, c.gameError())
			}
		}
	})
}
