package calc

import (
	"fmt"
	"slices"
	"strings"

	"github.com/at4x/companion/docs/content"
	"github.com/at4x/companion/i18n"
)

// fieldWord ties a calculator field, by its label, to the glossary term
// that defines it and to its one-line help. When named is set the label
// itself is the term's name in the game and language (AT-44's "Precision
// (PRE)", AT-43's "Accuracy"), so the glossary is the one list of these
// names; otherwise the label keeps its own words and the term only opens
// the definition.
type fieldWord struct {
	term  string
	named bool
	help  i18n.Key
}

var fieldWords = map[i18n.Key]fieldWord{
	i18n.InWeapons:        {"", false, i18n.HelpN},
	i18n.InFighters:       {"fighter", false, i18n.HelpFighters},
	i18n.InRate:           {"attack-rate", true, i18n.HelpRate},
	i18n.InRerolls:        {"re-roll", true, i18n.HelpRerolls},
	i18n.InAccuracy:       {"accuracy", true, i18n.HelpAccuracy},
	i18n.InRange:          {"range-band", true, i18n.HelpRange},
	i18n.InDistance:       {"", false, i18n.HelpCM},
	i18n.InDefence:        {"defence", true, i18n.HelpDefence},
	i18n.InPenetration:    {"penetration", true, i18n.HelpPenetration},
	i18n.InDamage:         {"damage", true, i18n.HelpDamage},
	i18n.InTarget:         {"", false, i18n.HelpTarget},
	i18n.InProtection:     {"protection", true, i18n.HelpProtection},
	i18n.InSize:           {"unit", false, i18n.HelpSize},
	i18n.InType:           {"unit-type", true, i18n.HelpType},
	i18n.InFrame:          {"frame", false, i18n.HelpFrame},
	i18n.InPropulsion:     {"propulsion", false, i18n.HelpPropulsion},
	i18n.InWeaponSP:       {"structure-points", false, i18n.HelpWeaponSP},
	i18n.InVehicles:       {"vehicle", false, i18n.HelpVehicles},
	i18n.InPick:           {"location-table", false, i18n.HelpPick},
	i18n.InCover:          {"cover", true, i18n.HelpCover},
	i18n.InFireAtWill:     {"fire-at-will", true, i18n.HelpFireAtWill},
	i18n.InDetection:      {"detection", false, i18n.HelpDetection},
	i18n.InDamageReroll:   {"damage-test", false, i18n.HelpDamageReroll},
	i18n.InMedic:          {"medic", false, i18n.HelpMedic},
	i18n.InAoE:            {"area-of-effect", true, i18n.HelpAoE},
	i18n.InUnder:          {"template", false, i18n.HelpUnder},
	i18n.InMorale:         {"morale", true, i18n.HelpMorale},
	i18n.InRank:           {"officer-rank", true, i18n.HelpRank},
	i18n.InObjective:      {"objective", false, i18n.HelpObjective},
	i18n.InEarlier:        {"morale-test", false, i18n.HelpEarlier},
	i18n.InActivations:    {"activation", false, i18n.HelpActivations},
	i18n.InSpend:          {"command-points", false, i18n.HelpSpend},
	i18n.InStatus:         {"disorganized", false, i18n.HelpStatus},
	i18n.InOurAuthority:   {"authority", true, i18n.HelpAuthority},
	i18n.InTheirAuthority: {"authority", true, i18n.HelpAuthority},
	i18n.InOurWager:       {"wager", true, i18n.HelpWager},
	i18n.InTheirWager:     {"wager", true, i18n.HelpWager},
	i18n.InOurRank:        {"officer-rank", true, i18n.HelpCommanderRank},
	i18n.InTheirRank:      {"officer-rank", true, i18n.HelpCommanderRank},
	i18n.InFree:           {"running-over", false, i18n.HelpFree},
	i18n.InEngaged:        {"engaged", false, i18n.HelpEngaged},
	i18n.InStructure:      {"structure", true, i18n.HelpStructure},
	i18n.InSalvos:         {"salvo", false, i18n.HelpSalvos},
	i18n.InMembers:        {"", false, i18n.HelpMembers},
	i18n.InCards:          {"minefield", false, i18n.HelpCards},
	i18n.InSkill:          {"d10-ranged-combat", false, i18n.HelpD10},
	i18n.InAR:             {"d10-armour", false, i18n.HelpD10},
	i18n.InMA:             {"d10-armour-modifier", false, i18n.HelpD10},
	i18n.InPUI:            {"d10-power", false, i18n.HelpD10},
	i18n.InPHY:            {"d10-physique", false, i18n.HelpD10},
	i18n.InCOU:            {"d10-courage", false, i18n.HelpD10},
	i18n.InAimed:          {"d10-aimed-shot", false, i18n.HelpD10},
	i18n.InLightCover:     {"d10-light-cover", false, i18n.HelpD10},
	i18n.InHeavyCover:     {"d10-heavy-cover", false, i18n.HelpD10},
	i18n.InLarge:          {"d10-large-figure", false, i18n.HelpD10},
	i18n.InCharge:         {"d10-charge", false, i18n.HelpD10},
	i18n.InReceived:       {"d10-receiving-a-charge", false, i18n.HelpD10},
	i18n.InGround:         {"d10-on-the-ground", false, i18n.HelpD10},
	i18n.InParalysed:      {"d10-paralysed", false, i18n.HelpD10},
	i18n.InIndependent:    {"d10-independent", false, i18n.HelpD10},
	i18n.InDmgPoints:      {"d10-damage-point", false, i18n.HelpD10},
	i18n.InLoco:           {"d10-drive-damaged", false, i18n.HelpD10},
	i18n.InMode:           {"", false, i18n.HelpD10},
	i18n.InMod:            {"", false, i18n.HelpD10},
	i18n.InAttacks:        {"", false, i18n.HelpD10},
	// Fire options and vehicles under a template.
	i18n.InPicker:            {"overwatch-fire", false, i18n.HelpPicker},
	i18n.InLock:              {"lock-on", false, i18n.HelpLock},
	i18n.InArtillery:         {"artillery-strike", false, i18n.HelpArtillery},
	i18n.InJammer:            {"jammer", false, i18n.HelpJammer},
	i18n.InSniper:            {"sniper", false, i18n.HelpSniper},
	i18n.InVehiclesUnder:     {"vehicle", false, i18n.HelpVehiclesUnder},
	i18n.InVehicleProtection: {"protection", false, i18n.HelpVehicleProtection},
}

// gameHelp replaces a help line where one game's rule differs from the
// other's, not only its words: AT-43's re-rolls are per missed die, AT-44's
// a pool.
var gameHelp = map[string]map[i18n.Key]i18n.Key{
	"at43": {i18n.HelpRerolls: i18n.HelpRerollsAT43},
}

// fieldLabel is a field's label, the glossary term its label opens ("" for
// none) and its help line, in the words of the game and language.
func fieldLabel(w gameWords, f field) (label, term, help string) {
	label = w.t(f.label)
	fw, ok := fieldWords[f.label]
	if !ok {
		return label, "", ""
	}
	if h, ok := gameHelp[w.game][fw.help]; ok {
		fw.help = h
	}
	help = w.t(fw.help)
	if name := w.label[fw.term]; name != "" {
		term = fw.term
		if fw.named {
			label = name
		}
	}
	return label, term, help
}

// gameWords are the game's own names for the values a calculator reads, in one
// language, taken from the glossary: AT-44 says PRE and ARM where AT-43
// says Accuracy and Protection. The labels, the explanation and the
// headline all read them here, so the glossary stays their one source.
type gameWords struct {
	lang, game string
	// label is a term's name as a field label: capitalised, with its card
	// abbreviation ("Precision (PRE)"); short is its name in a sentence,
	// the abbreviation when the game has one ("PRE"); name is its name
	// alone ("Precision").
	label, short, name map[string]string
}

// fill puts the game's words into an interface string's marks: {id} is
// the short name of the glossary term id ("+1 {accuracy}": "+1 PRE" in
// AT-44, "+1 Accuracy" in AT-43), {=id} its name alone ("{=take-cover}":
// "Take cover!" in AT-43, "Take cover" in AT-44). A mark that starts the
// string is capitalised. A term the game lacks reads as its id, spaced.
func (w gameWords) fill(s string) string {
	if !strings.Contains(s, "{") {
		return s
	}
	var b strings.Builder
	for rest := s; ; {
		i := strings.Index(rest, "{")
		j := strings.Index(rest[max(i, 0):], "}")
		if i < 0 || j < 0 {
			b.WriteString(rest)
			return b.String()
		}
		b.WriteString(rest[:i])
		id, names := rest[i+1:i+j], w.short
		if plain, ok := strings.CutPrefix(id, "="); ok {
			id, names = plain, w.name
		}
		word := names[id]
		if word == "" {
			word = strings.ReplaceAll(id, "-", " ")
		}
		if b.Len() == 0 {
			word = content.Capitalise(word)
		}
		b.WriteString(word)
		rest = rest[i+j+1:]
	}
}

// t is an interface string in the language, with the game's words.
func (w gameWords) t(k i18n.Key) string { return w.fill(i18n.T(w.lang, k)) }

// wordsFor reads the names of a game's terms in a language.
func wordsFor(lib *content.Library, lang, game string) gameWords {
	w := gameWords{lang: lang, game: game, label: map[string]string{}, short: map[string]string{}, name: map[string]string{}}
	if lib == nil {
		return w
	}
	for _, t := range lib.Terms {
		if !slices.Contains(t.Games, game) {
			continue
		}
		w.label[t.ID] = content.Capitalise(t.Label(lang, game))
		w.name[t.ID] = t.Name(lang, game)
		w.short[t.ID] = w.name[t.ID]
		if ab := t.Abbrev(lang, game); ab != "" {
			w.short[t.ID] = ab
		}
	}
	return w
}

// bandNote is the line under a distance: "23 cm → range band 2".
func bandNote(w gameWords, cm, band int) string {
	return fmt.Sprintf(w.t(i18n.BandFromCmF), cm, band)
}
