package app

import (
	"fmt"
	"strconv"
	"strings"

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
}

// fieldLabel is a field's label, the glossary term its label opens ("" for
// none) and its help line, in the words of the game and language.
func fieldLabel(w words, f field) (label, term, help string) {
	label = i18n.T(w.lang, f.label)
	fw, ok := fieldWords[f.label]
	if !ok {
		return label, "", ""
	}
	help = i18n.T(w.lang, fw.help)
	if name := w.label[fw.term]; name != "" {
		term = fw.term
		if fw.named {
			label = name
		}
	}
	return label, term, help
}

// errorField reads which field a bad value belongs to from the engine's
// error, and the engine's reason. It is the one place that knows how
// rules reports a bad value: today "key: reason" in Error(); once rules
// has a FieldError type this becomes an errors.As.
func errorField(err error) (key, reason string) {
	m := err.Error()
	if strings.HasPrefix(m, "range and cm") {
		return "cm", m
	}
	key, reason, ok := strings.Cut(m, ": ")
	if !ok || strings.ContainsAny(key, " ") {
		return "", m
	}
	return key, reason
}

// fieldError says, in the page's language, why the value raw of field f
// was refused. The engine's own reason is in English: only its kind is
// read from it.
func fieldError(lang, label string, f field, raw, reason string, wagerLimit func(key string) (rank, limit int, ok bool)) string {
	t := func(k i18n.Key) string { return i18n.T(lang, k) }
	var msg string
	n, numErr := strconv.Atoi(raw)
	switch {
	case strings.HasPrefix(reason, "range and cm"):
		msg = t(i18n.BothRanges)
	case f.kind == number && numErr == nil && n >= f.min && n <= f.max && wagerLimit != nil:
		// In range for the field but refused: a wager over the rank's limit.
		if rank, limit, ok := wagerLimit(f.key); ok {
			msg = fmt.Sprintf(t(i18n.WagerLimitF), raw, rank, limit)
			break
		}
		msg = fmt.Sprintf(t(i18n.BadNumberF), raw, f.min, max(f.max, 1))
	case f.kind == number || f.kind == toggle:
		msg = fmt.Sprintf(t(i18n.BadNumberF), raw, f.min, max(f.max, 1))
	case f.kind == choice:
		msg = fmt.Sprintf(t(i18n.BadChoiceF), raw)
	default:
		msg = fmt.Sprintf(t(i18n.BadChoiceF), raw)
	}
	return fmt.Sprintf(t(i18n.BadValueF), label, msg)
}
