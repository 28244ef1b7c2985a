package calc

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/at4x/companion/docs/content"
	"github.com/at4x/companion/i18n"
	"github.com/at4x/companion/rules"
)

// glossaryLibrary is a library holding the real glossary, the one source
// of the calculators' words.
func glossaryLibrary(t *testing.T) *content.Library {
	t.Helper()
	b, err := os.ReadFile("../../docs/glossary.json")
	if err != nil {
		t.Fatal(err)
	}
	var terms []*content.Term
	if err := json.Unmarshal(b, &terms); err != nil {
		t.Fatal(err)
	}
	return &content.Library{Terms: terms}
}

func TestFieldLabel(t *testing.T) {
	lib := glossaryLibrary(t)
	tests := []struct {
		name, lang, game string
		label            i18n.Key
		want, term       string
	}{
		{"AT-44 accuracy", "en", "at44", i18n.InAccuracy, "Precision (PRE)", "accuracy"},
		{"AT-44 accuracy fr", "fr", "at44", i18n.InAccuracy, "Précision (PRE)", "accuracy"},
		{"AT-44 armour", "en", "at44", i18n.InProtection, "Armour (ARM)", "protection"},
		{"AT-44 armour fr", "fr", "at44", i18n.InProtection, "Armure (ARM)", "protection"},
		{"AT-44 rate", "en", "at44", i18n.InRate, "Cadence (TIRS)", "attack-rate"},
		{"AT-44 re-rolls fr", "fr", "at44", i18n.InRerolls, "Relances", "re-roll"},
		{"AT-44 defence fr", "fr", "at44", i18n.InDefence, "Défense (DEF)", "defence"},
		{"AT-44 penetration", "en", "at44", i18n.InPenetration, "Penetration (PEN)", "penetration"},
		{"AT-43 accuracy", "en", "at43", i18n.InAccuracy, "Accuracy", "accuracy"},
		{"AT-43 rate fr", "fr", "at43", i18n.InRate, "Cadence", "attack-rate"},
		{"AT-43 range fr", "fr", "at43", i18n.InRange, "Portée", "range-band"},
		{"AT-43 damage fr", "fr", "at43", i18n.InDamage, "Dommages", "damage"},
		{"AT-43 combat", "en", "at43", i18n.InDefence, "Combat", "defence"},
		{"own words, a term to open", "en", "at43", i18n.InMedic, "Medic / self-repair (−1 damage)", "medic"},
		{"own words, the game's term", "fr", "at44", i18n.InMedic, "Medic / autoréparation (−1 point de dégâts)", "medic"},
		{"own words, the game's term at43", "fr", "at43", i18n.InMedic, "Médecin / autoréparation (−1 point de dégâts)", "medic"},
		{"the game's abbreviation in a label", "en", "at44", i18n.InDetection, "Detection (+1 PRE)", "detection"},
		{"own words, no term", "en", "at43", i18n.InWeapons, "Weapons firing", ""},
		{"a term the game lacks", "en", "at43", i18n.InDetection, "Detection (+1 Accuracy)", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := wordsFor(lib, tt.lang, tt.game)
			label, term, help := fieldLabel(w, field{label: tt.label})
			if label != tt.want || term != tt.term {
				t.Errorf("label, term = %q, %q; want %q, %q", label, term, tt.want, tt.term)
			}
			if help == "" {
				t.Error("no help line")
			}
		})
	}
}

// TestEveryFieldHasHelp checks each input of each calculator has a help
// line in both languages.
func TestEveryFieldHasHelp(t *testing.T) {
	for _, spec := range allSpecs() {
		for _, f := range spec.fields {
			for _, lang := range i18n.Langs {
				if _, _, help := fieldLabel(gameWords{lang: lang}, f); help == "" {
					t.Errorf("%s: field %s has no help in %s", spec.name, f.key, lang)
				}
			}
		}
	}
}

func TestExplainWords(t *testing.T) {
	lib := glossaryLibrary(t)
	steps := []rules.Step{
		{Kind: rules.StepShoot, Action: 4, Difficulty: 2, Needed: 3, Chance: 2.0 / 3},
		{Kind: rules.StepDamage, Action: 7, Difficulty: 4, Needed: 3, Chance: 2.0 / 3},
	}
	tests := []struct {
		name, lang, game string
		steps            []rules.Step
		want             string
	}{
		{"AT-44", "en", "at44", steps, "PRE 4 against range band 2, needs 3+ (66.7%) · PEN 7 against ARM 4, needs 3+ (66.7%)"},
		{"AT-44 fr", "fr", "at44", steps, "PRE 4 contre bande de portée 2, il faut 3+ (66,7\u202f%) · PEN 7 contre ARM 4, il faut 3+ (66,7\u202f%)"},
		{"AT-43", "en", "at43", steps, "Accuracy 4 against range band 2, needs 3+ (66.7%) · Penetration 7 against Protection 4, needs 3+ (66.7%)"},
		{"AT-43 fr", "fr", "at43", steps[:1], "Précision 4 contre portée 2, il faut 3+ (66,7\u202f%)"},
		{"authority, us and them", "en", "at43", []rules.Step{
			{Kind: rules.StepAuthority, Action: 3, Value: 1, Difficulty: 2},
			{Kind: rules.StepAuthority, Action: 2, Value: 0, Difficulty: 3},
		}, "Us: Authority 3, wager 1 · Them: Authority 2, wager 0"},
		{"authority fr", "fr", "at44", []rules.Step{
			{Kind: rules.StepAuthority, Action: 3, Value: 1, Difficulty: 2},
			{Kind: rules.StepAuthority, Action: 2, Value: 2, Difficulty: 3},
		}, "Nous : autorité 3, mise 1 · Eux : autorité 2, mise 2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := explain(wordsFor(lib, tt.lang, tt.game), nil, tt.steps); got != tt.want {
				t.Errorf("explain =\n %q\nwant\n %q", got, tt.want)
			}
		})
	}
}

func TestHeadlineKeepsTheThreshold(t *testing.T) {
	d := rules.Dist{P: []float64{0.25, 0.5, 0.25}}
	o := outcome{main: &d, noun: i18n.NounCasualties}
	tests := []struct {
		name, lang string
		k          int
		want       string
	}{
		{"first threshold", "en", firstThreshold(o), "Expect 1.0 casualties; 75% chance of at least 1."},
		{"kept at 2", "en", 2, "Expect 1.0 casualties; 25% chance of at least 2."},
		{"beyond the maximum", "en", 5, "Expect 1.0 casualties; 0% chance of at least 5."},
		{"never under 1, singular under 2 in French", "fr", 0, "En moyenne 1,0 perte ; 75\u202f% de chances d’en avoir au moins 1."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := headline(tt.lang, o, tt.k); got != tt.want {
				t.Errorf("headline = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestBandNote(t *testing.T) {
	lib := glossaryLibrary(t)
	tests := []struct {
		name, lang, game string
		cm, band         int
		want             string
	}{
		{"en", "en", "at43", 23, 2, "23 cm → range band 2"},
		{"fr at43", "fr", "at43", 30, 3, "30 cm → portée 3"},
		{"fr at44", "fr", "at44", 30, 2, "30 cm → bande de portée 2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := bandNote(wordsFor(lib, tt.lang, tt.game), tt.cm, tt.band); got != tt.want {
				t.Errorf("bandNote = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestFieldError(t *testing.T) {
	lib := glossaryLibrary(t)
	wager := func(key string) (int, int, bool) { return 1, 2, key == "aw" }
	num := field{key: "n", kind: kindNumber, min: 0, max: 100}
	long := strings.Repeat("9", 100_000)
	cover := field{key: "cover", kind: kindChoice, options: coverOptions}
	tests := []struct {
		name, lang string
		f          field
		hidden     bool
		raw        string
		why        error
		limit      func(string) (int, int, bool)
		want       string
	}{
		{"not a number", "en", num, false, "x", rules.ErrSyntax, nil, `Weapons: "x" is not allowed: a whole number from 0 to 100. The other values still count.`},
		{"not a number fr", "fr", num, false, "x", rules.ErrSyntax, nil, "Weapons : « x » n’est pas accepté : un nombre entier de 0 à 100. Les autres valeurs restent prises en compte."},
		{"long value cut", "en", num, false, long, rules.ErrRange, nil,
			`Weapons: "` + long[:rules.MaxEcho] + `…" is not allowed: a whole number from 0 to 100. The other values still count.`},
		{"long value cut fr", "fr", num, false, long, rules.ErrRange, nil,
			"Weapons : « " + long[:rules.MaxEcho] + "… » n’est pas accepté : un nombre entier de 0 à 100. Les autres valeurs restent prises en compte."},
		{"over the rank's limit", "en", field{key: "aw", kind: kindNumber, min: 0, max: 30}, false, "5", rules.ErrRange, wager,
			"Wager: 5 is more than allowed: a commander of rank 1 may wager up to 2. The other values still count."},
		{"both ranges fr", "fr", field{key: "cm", kind: kindNumber, max: 300}, false, "23", rules.ErrBothRanges, nil,
			"Weapons : donnez une bande de portée ou une distance, pas les deux. Les autres valeurs restent prises en compte."},
		{"bad choice", "en", cover, false, "sideways", rules.ErrChoice, nil,
			`Weapons: "sideways" is not one of the options: None, Behind cover, Take cover!, Knee to the ground!. The other values still count.`},
		{"bad choice fr", "fr", cover, false, "sideways", rules.ErrChoice, nil,
			"Weapons : « sideways » n’est pas une des options : Aucun, Derrière un couvert, À couvert !, Genou en terre !. Les autres valeurs restent prises en compte."},
		{"bad escape", "en", num, false, "", fmt.Errorf("%w: %w", errBadEscape, rules.ErrSyntax), nil,
			"Weapons: the link garbled this value (a bad % sign); type it again: a whole number from 0 to 100. The other values still count."},
		{"bad escape fr", "fr", num, false, "", fmt.Errorf("%w: %w", errBadEscape, rules.ErrSyntax), nil,
			"Weapons : le lien a abîmé cette valeur (un signe % invalide) ; saisissez-la à nouveau : un nombre entier de 0 à 100. Les autres valeurs restent prises en compte."},
		{"conflict", "en", fixedResult("lock", i18n.InLock), true, "3", rules.ErrConflict, nil,
			`Weapons: "3" does not apply with the game or target chosen; allowed here: No. The other values still count.`},
		{"conflict fr", "fr", fixedResult("lock", i18n.InLock), true, "3", rules.ErrConflict, nil,
			"Weapons : « 3 » ne s’applique pas avec le jeu ou la cible choisis ; accepté ici : Non. Les autres valeurs restent prises en compte."},
		{"cover at vehicles", "en", field{key: "cover", kind: kindChoice, options: vehicleCover}, false, "takecover", rules.ErrConflict, nil,
			`Weapons: "takecover" does not apply with the game or target chosen; allowed here: None, Behind cover. The other values still count.`},
		{"ability the game lacks", "en", toggleField("det", i18n.InDetection), true, "1", rules.ErrChoice, nil,
			`Weapons: "1" does not apply with the game or target chosen; allowed here: unticked (0). The other values still count.`},
		{"ability the game lacks fr", "fr", toggleField("det", i18n.InDetection), true, "1", rules.ErrChoice, nil,
			"Weapons : « 1 » ne s’applique pas avec le jeu ou la cible choisis ; accepté ici : décoché (0). Les autres valeurs restent prises en compte."},
		{"repeated", "en", num, false, "2", rules.ErrRepeated, nil,
			"Weapons: the link gives it more than once; one value is allowed: the first is used. The other values still count."},
		{"repeated fr", "fr", num, false, "2", rules.ErrRepeated, nil,
			"Weapons : le lien la donne plusieurs fois ; une seule valeur est acceptée : la première est retenue. Les autres valeurs restent prises en compte."},
		{"empty item", "en", weaponsField, false, "1,,2", rules.ErrSyntax, nil,
			"Weapons: item 2 is empty; allowed: up to 6 whole numbers from 0 to 60, separated by commas. The other values still count."},
		{"empty item fr", "fr", weaponsField, false, "1,,2", rules.ErrSyntax, nil,
			"Weapons : l’élément 2 est vide ; accepté : jusqu’à 6 nombres entiers de 0 à 60, séparés par des virgules. Les autres valeurs restent prises en compte."},
		{"bad item", "en", weaponsField, false, "1,2,x", rules.ErrSyntax, nil,
			`Weapons: item 3, "x", is not allowed; allowed: up to 6 whole numbers from 0 to 60, separated by commas. The other values still count.`},
		{"item out of range fr", "fr", weaponsField, false, "1,99", rules.ErrRange, nil,
			"Weapons : l’élément 2, « 99 », n’est pas accepté ; accepté : jusqu’à 6 nombres entiers de 0 à 60, séparés par des virgules. Les autres valeurs restent prises en compte."},
		{"too many items", "en", weaponsField, false, "1,1,1,1,1,1,1", rules.ErrRange, nil,
			"Weapons: 7 values given; allowed: up to 6 whole numbers from 0 to 60, separated by commas. The other values still count."},
		{"long item cut", "en", weaponsField, false, "1," + long, rules.ErrRange, nil,
			`Weapons: item 2, "` + long[:rules.MaxEcho] + `…", is not allowed; allowed: up to 6 whole numbers from 0 to 60, separated by commas. The other values still count.`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			label := "Weapons"
			if tt.f.key == "aw" {
				label = "Wager"
			}
			if got := fieldError(wordsFor(lib, tt.lang, "at43"), label, tt.f, tt.hidden, tt.raw, tt.why, tt.limit); readable(got) != tt.want {
				t.Errorf("fieldError =\n %q\nwant\n %q", got, tt.want)
			}
		})
	}
}

// TestFieldErrors reads every refused key of an engine error at once.
func TestFieldErrors(t *testing.T) {
	tests := []struct {
		name, calc, query string
		keys              []string
	}{
		{"keyed", "salvos", "game=at43&s1.n=x&s2.acc=40", []string{"s1.n", "s2.acc"}},
		{"both ranges", "shoot", "game=at43&range=3&cm=20", []string{"cm"}},
		{"lock-on at AT-44 infantry", "shoot", "game=at44&lock=4", []string{"lock"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, _ := url.ParseQuery(tt.query)
			_, _, err := specFor(tt.calc).run(v)
			bad, ok := fieldErrors(err)
			if !ok || len(bad) != len(tt.keys) {
				t.Fatalf("fieldErrors(%v) = %v, want the keys %v", err, bad, tt.keys)
			}
			for _, k := range tt.keys {
				if bad[k] == nil {
					t.Errorf("no error for %s in %v", k, bad)
				}
			}
		})
	}
	if _, ok := fieldErrors(errors.New("salvo group s4 is missing")); ok {
		t.Error("an error naming no value was read as a field's")
	}
}

func TestStepped(t *testing.T) {
	n := field{key: "n", kind: kindNumber, min: 0, max: 3}
	cm := distance("cm")
	tests := []struct {
		name string
		f    field
		cur  string
		d    int
		want string
	}{
		{"up", n, "1", 1, "2"},
		{"down at the floor", n, "0", -1, "0"},
		{"up at the ceiling", n, "3", 1, "3"},
		{"a bad value restarts", n, "x", 1, "0"},
		{"a distance left out starts at the band", cm, "", 1, "21"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := stepped(tt.f, tt.cur, tt.d, 21); got != tt.want {
				t.Errorf("stepped = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestSalvoBadValueKeepsTheSalvo: a bad value takes its default, so the
// salvo stays and the next one keeps its number.
func TestSalvoBadValueKeepsTheSalvo(t *testing.T) {
	v, _ := url.ParseQuery("game=at43&s1.n=x&s2.n=2&s3.acc=99")
	s := evaluate(specFor("salvos"), v)
	if s.err != nil {
		t.Fatalf("evaluate failed as a whole: %v", s.err)
	}
	if s.errs["s1.n"] == nil || s.errs["s3.acc"] == nil || len(s.errs) != 2 {
		t.Errorf("errors %v, want s1.n and s3.acc", s.errs)
	}
	if !strings.Contains(string(s.resultJSON()), `"after"`) || s.shown.Get("s2.n") != "2" || !s.shown.Has("s3.n") {
		t.Errorf("the salvos did not all count: %v", s.shown)
	}
}

func TestFill(t *testing.T) {
	lib := glossaryLibrary(t)
	tests := []struct {
		name, lang, game, in, want string
	}{
		{"no mark", "en", "at44", "Weapons firing", "Weapons firing"},
		{"short name: the abbreviation", "en", "at44", "+1 {accuracy}", "+1 PRE"},
		{"short name without one", "en", "at43", "+1 {accuracy}", "+1 Accuracy"},
		{"plain name", "en", "at43", "{=take-cover}", "Take cover!"},
		{"plain name, other game", "fr", "at44", "{=take-cover}", "À couvert"},
		{"capitalised at the start", "en", "at43", "{=lock-on}: hits on", "Locked shot: hits on"},
		{"not mid-sentence", "en", "at43", "Spend 2 {=command-points}.", "Spend 2 leadership points."},
		{"two marks", "fr", "at43", "{=knee-to-the-ground} et {=take-cover}", "Genou en terre ! et À couvert !"},
		{"a term the game lacks", "en", "at43", "{=jammer}: x", "Jammer: x"},
		{"an unclosed brace", "en", "at43", "a {b", "a {b"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := wordsFor(lib, tt.lang, tt.game).fill(tt.in); got != tt.want {
				t.Errorf("fill(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

// TestNoMarkLeft: every interface string, filled with each game's words,
// keeps no mark, so a misspelt term id shows up here and not on a page.
func TestNoMarkLeft(t *testing.T) {
	lib := glossaryLibrary(t)
	ids := map[string]bool{}
	for _, term := range lib.Terms {
		ids[term.ID] = true
	}
	mark := regexp.MustCompile(`\{=?([a-z0-9-]+)\}`)
	for k := i18n.Key(0); i18n.T("en", k) != ""; k++ {
		for _, lang := range i18n.Langs {
			for _, m := range mark.FindAllStringSubmatch(i18n.T(lang, k), -1) {
				if !ids[m[1]] {
					t.Errorf("key %d (%s) marks %q, which the glossary lacks", k, lang, m[1])
				}
			}
		}
	}
}
