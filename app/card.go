package app

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/at4x/companion/app/ui"
	"github.com/at4x/companion/docs/content"
	"github.com/at4x/companion/i18n"
	"github.com/at4x/companion/rules"
)

// A reference card is what a player prints to keep beside the table: the
// tables needed in the middle of a game, one sheet printed on both sides
// (one side per cardSide). Its numbers are not typed in: they are read
// from the rules.Game the calculators compute with, its words from the
// glossary and the i18n strings, and the round's sequence is the quick
// reference's own section of the library, so the card cannot say other
// than the app. The d10 sheet has no d6 Game: its card is the text's quick
// reference chapter, one side, as the sheet it explains.
type card struct {
	Title string
	Sides []cardSide
}

// cardSide is one printed page of a card.
type cardSide struct {
	Title  string
	Blocks []cardBlock
}

// cardBlock is one part of a side: a titled table with the lines that go
// with it, or rules HTML taken from the library.
type cardBlock struct {
	ID    string // the block's anchor, "card-" + a slug
	Title string
	Intro string     // one short line above the table
	Table *cardTable // nil for a block of rules HTML
	Lines []string   // short lines under the table
	HTML  string     // rules HTML, as in the library
}

// cardTable is a table whose first cell of each row heads its row.
type cardTable struct {
	Head []string
	Rows [][]string
}

// Signs the card's tables use for the universal table's automatic results.
const (
	cardAutoFail    = "✗"
	cardAutoSuccess = "✓"
)

// Ranges of the card's threshold tables: the range bands a player measures
// in a game (120 cm of table and more), the Protection (Armour) of the
// games' fighters, scenery and vehicles, and the lowest action value a
// profile prints.
const (
	cardBands         = 12
	cardLowProtection = 1
	cardTopProtection = 20
	cardLowestValue   = 1
)

// hasCard tells whether a game has a reference card: every game with a
// text does, the d6 games from their Game, d10 from its quick reference.
func hasCard(lib *content.Library, game, lang string) bool {
	t := lib.Text(game, lang)
	if t == nil {
		return false
	}
	if _, err := rules.GameByID(game); err == nil {
		return true
	}
	return referenceChapter(t) != nil
}

// buildCard makes the reference card of a game in a language; ok is false
// when the game has none (see hasCard).
func buildCard(lib *content.Library, game, lang string) (c card, ok bool) {
	if !hasCard(lib, game, lang) {
		return card{}, false
	}
	w := cardWords{lib: lib, lang: lang, game: game}
	c.Title = ui.GameName(game) + " · " + w.t(i18n.CardTitle)
	g, err := rules.GameByID(game)
	if err != nil {
		return c.withChapter(lib.Text(game, lang), w), true
	}
	c.Sides = []cardSide{
		{Title: w.t(i18n.CardSideTests), Blocks: []cardBlock{
			universalBlock(w),
			testsBlock(g, w),
			hitsBlock(g, w),
			damageBlock(w),
			coverBlock(g, w),
		}},
		{Title: w.t(i18n.CardSideRound), Blocks: []cardBlock{
			roundBlock(lib.Text(game, lang), w),
			costsBlock(lib.Text(game, lang), g, w),
			moraleBlock(g, w),
			vehicleBlock(g, w),
		}},
	}
	return c, true
}

// chapterSides groups the quick reference sections of a game without a
// d6 Game (d10) on the card's two sides, about as long: what a figure pays
// for and shooting, then close combat, morale and vehicles. A section not
// listed goes on the last side.
var chapterSides = []struct {
	title    i18n.Key
	sections []string
}{
	{i18n.CardSideActions, []string{"reference.costs", "reference.shooting"}},
	{i18n.CardSideMoraleVehicles, []string{"reference.melee", "reference.panic", "reference.vehicles"}},
}

// withChapter fills a card with the sections of a text's quick reference
// chapter, as chapterSides sets them out.
func (c card) withChapter(t *content.Text, w cardWords) card {
	ch := referenceChapter(t)
	c.Sides = make([]cardSide, len(chapterSides))
	for _, s := range ch.Sections {
		side := len(chapterSides) - 1
		for i, cs := range chapterSides {
			if slices.Contains(cs.sections, s.ID) {
				side = i
			}
		}
		b := cardBlock{ID: "card-" + strings.TrimPrefix(s.ID, "reference."), Title: s.Title, HTML: withoutSeeAlso(s.HTML)}
		c.Sides[side].Blocks = append(c.Sides[side].Blocks, b)
	}
	for i, cs := range chapterSides {
		c.Sides[i].Title = w.t(cs.title)
		slices.SortStableFunc(c.Sides[i].Blocks, func(a, b cardBlock) int {
			return slices.Index(cs.sections, "reference."+strings.TrimPrefix(a.ID, "card-")) -
				slices.Index(cs.sections, "reference."+strings.TrimPrefix(b.ID, "card-"))
		})
	}
	return c
}

// referenceChapter is a text's quick reference chapter, or nil.
func referenceChapter(t *content.Text) *content.Chapter {
	for _, ch := range t.Chapters {
		if ch.ID == "reference" && len(ch.Sections) > 0 {
			return ch
		}
	}
	return nil
}

// cardWords gives the card its words in one language and game.
type cardWords struct {
	lib        *content.Library
	lang, game string
}

func (w cardWords) t(k i18n.Key) string { return i18n.T(w.lang, k) }

func (w cardWords) f(k i18n.Key, args ...any) string { return fmt.Sprintf(w.t(k), args...) }

// term is a glossary term's name, as it reads mid-sentence.
func (w cardWords) term(id string) string {
	if t := w.lib.Term(id); t != nil {
		return t.Name(w.lang, w.game)
	}
	return id
}

// label is a glossary term's name with its card abbreviation, written to
// start a label.
func (w cardWords) label(id string) string {
	if t := w.lib.Term(id); t != nil {
		return ui.Capitalise(ui.TermLabel(t, w.lang, w.game))
	}
	return id
}

// abbr is a term's card abbreviation, or its name.
func (w cardWords) abbr(id string) string {
	if t := w.lib.Term(id); t != nil {
		if a := t.Abbrev(w.lang, w.game); a != "" {
			return a
		}
	}
	return w.term(id)
}

// def is a term's definition.
func (w cardWords) def(id string) string {
	if t := w.lib.Term(id); t != nil {
		return t.Def[w.lang]
	}
	return ""
}

// signed writes a difference as the tables do: "+2", "0", "−3".
func signed(n int) string {
	switch {
	case n > 0:
		return "+" + strconv.Itoa(n)
	case n < 0:
		return "−" + strconv.Itoa(-n)
	}
	return "0"
}

// span writes the whole numbers lo to hi: "3", "3–4".
func span(lo, hi int) string {
	if lo == hi {
		return strconv.Itoa(lo)
	}
	return strconv.Itoa(lo) + "–" + strconv.Itoa(hi)
}

// rollText is how the card writes the result a test needs.
func rollText(roll int, auto rules.Outcome) string {
	switch {
	case auto == rules.AutoFail:
		return cardAutoFail
	case auto == rules.AutoSuccess:
		return cardAutoSuccess
	case roll == 6:
		return "6"
	}
	return strconv.Itoa(roll) + "+"
}

// valueRun is a run of action values that need the same roll against one
// difficulty: the first run (impossible) has no lower end, the last
// (automatic) no upper end.
type valueRun struct {
	lo, hi int
	roll   string // as rollText writes it
	chance float64
}

// valueRuns reads the universal table for a difficulty: the runs of action
// values, from impossible to automatic.
func valueRuns(difficulty int) []valueRun {
	var out []valueRun
	for a := difficulty - 6; a <= difficulty+6; a++ {
		r := rollText(rules.Needed(a - difficulty))
		if n := len(out); n > 0 && out[n-1].roll == r {
			out[n-1].hi = a
			continue
		}
		out = append(out, valueRun{lo: a, hi: a, roll: r, chance: rules.Chance(a, difficulty)})
	}
	return out
}

// rollColumns are the universal table's results, from impossible to
// automatic: the columns of the threshold tables.
func rollColumns() []string {
	var out []string
	for _, r := range valueRuns(0) {
		out = append(out, r.roll)
	}
	return out
}

// thresholds writes, for a difficulty, the action values from lowest up
// that need each of rollColumns: "≤ 3", "4–5", "≥ 14", or "—" for none.
func thresholds(difficulty, lowest int) []string {
	runs := valueRuns(difficulty)
	var out []string
	for i, r := range runs {
		lo := max(r.lo, lowest)
		switch {
		case r.hi < lowest && i < len(runs)-1:
			out = append(out, "—")
		case i == 0:
			out = append(out, "≤ "+strconv.Itoa(r.hi))
		case i == len(runs)-1:
			out = append(out, "≥ "+strconv.Itoa(lo))
		default:
			out = append(out, span(lo, r.hi))
		}
	}
	return out
}

// universalBlock is the universal table: each run of differences with the
// roll it needs and the chance of one die.
func universalBlock(w cardWords) cardBlock {
	tab := &cardTable{Head: []string{w.t(i18n.CardDifference), w.t(i18n.CardRoll), w.t(i18n.CardChance)}}
	runs := valueRuns(0)
	for i, r := range runs {
		var diff string
		switch i {
		case 0:
			diff = w.f(i18n.CardOrLessF, signed(r.hi))
		case len(runs) - 1:
			diff = w.f(i18n.CardOrMoreF, signed(r.lo))
		default:
			var parts []string
			for x := r.lo; x <= r.hi; x++ {
				parts = append(parts, signed(x))
			}
			diff = strings.Join(parts, ", ")
		}
		cell := r.roll
		switch r.roll {
		case cardAutoFail:
			cell += " " + w.term("automatic-failure")
		case cardAutoSuccess:
			cell += " " + w.term("automatic-success")
		}
		tab.Rows = append(tab.Rows, []string{diff, cell, i18n.Percent(w.lang, r.chance)})
	}
	return cardBlock{ID: "card-universal", Title: ui.Capitalise(w.term("universal-table")), Intro: w.def("universal-table"), Table: tab}
}

// testsBlock says which action value meets which difficulty in each test.
func testsBlock(g rules.Game, w cardWords) cardBlock {
	m := g.Morale
	morale := w.label("morale")
	if m.OfficerRankAdds {
		morale += " + " + w.term("officer-rank")
	}
	if m.ObjectiveBonus != 0 {
		morale += " " + w.f(i18n.CardObjectiveF, signed(m.ObjectiveBonus), w.term("objective"))
	}
	if m.PerEarlierTest != 0 {
		morale += " " + w.f(i18n.CardEarlierTestF, signed(m.PerEarlierTest))
	}
	cover := rollText(g.CoverSave[rules.CoverNormal], rules.Roll)
	return cardBlock{
		ID: "card-tests", Title: w.t(i18n.CardTests),
		Table: &cardTable{
			Head: []string{w.t(i18n.CardTest), ui.Capitalise(w.term("action-value")), ui.Capitalise(w.term("difficulty"))},
			Rows: [][]string{
				{ui.Capitalise(w.term("shooting-test")), w.label("accuracy"), ui.Capitalise(w.term("range-band"))},
				{ui.Capitalise(w.term("close-combat")), w.label("accuracy"), w.label("defence")},
				{ui.Capitalise(w.term("damage-test")), w.label("penetration"), w.label("protection")},
				{ui.Capitalise(w.term("morale-test")), morale, strconv.Itoa(m.Difficulty)},
				{ui.Capitalise(w.term("cover-test")), "—", cover},
			},
		},
	}
}

// hitsBlock is the shooting test at each range band: its distances, read
// off the game's RangeBand, and the Accuracy each roll needs there.
func hitsBlock(g rules.Game, w cardWords) cardBlock {
	head := append([]string{ui.Capitalise(w.term("range-band")), w.t(i18n.CardDistance) + " (cm)"}, rollColumns()...)
	tab := &cardTable{Head: head}
	for band := 0; band < cardBands; band++ {
		lo, hi := bandSpan(g, band)
		row := []string{strconv.Itoa(band), span(lo, hi)}
		tab.Rows = append(tab.Rows, append(row, thresholds(band, cardLowestValue)...))
	}
	return cardBlock{
		ID: "card-hits", Title: w.t(i18n.CardHits),
		Intro: w.f(i18n.CardHitsIntroF, w.label("accuracy")),
		Table: tab,
		Lines: []string{w.f(i18n.CardBandLineF, 10, w.term("range-band"), g.RangeBand(10))},
	}
}

// bandSpan is the whole centimetres a game reads as range band band.
func bandSpan(g rules.Game, band int) (lo, hi int) {
	lo = -1
	for cm := 0; cm <= 10*(band+2); cm++ {
		if g.RangeBand(cm) == band {
			if lo < 0 {
				lo = cm
			}
			hi = cm
		}
	}
	return lo, hi
}

// damageBlock is the damage test against each Protection: the Penetration
// each roll needs.
func damageBlock(w cardWords) cardBlock {
	head := append([]string{w.label("protection")}, rollColumns()...)
	tab := &cardTable{Head: head}
	for p := cardLowProtection; p <= cardTopProtection; p++ {
		tab.Rows = append(tab.Rows, append([]string{strconv.Itoa(p)}, thresholds(p, cardLowestValue)...))
	}
	return cardBlock{
		ID: "card-damage", Title: ui.Capitalise(w.term("damage-test")),
		Intro: w.f(i18n.CardDamageIntroF, w.label("penetration"), w.term("protection"), w.term("damage")),
		Table: tab,
	}
}

// coverBlock is the save each kind of cover gives, and when there is none.
func coverBlock(g rules.Game, w cardWords) cardBlock {
	tab := &cardTable{Head: []string{w.t(i18n.CardSituation), w.t(i18n.CardSave)}}
	row := func(what, save string) { tab.Rows = append(tab.Rows, []string{what, save}) }
	save := func(c rules.Cover) string { return rollText(g.CoverSave[c], rules.Roll) }
	row(w.f(i18n.CardBehindF, w.term("cover")), save(rules.CoverNormal))
	row(w.label("take-cover"), save(rules.CoverTakeCover))
	if g.CoverSave[rules.CoverKnee] > 0 {
		row(w.f(i18n.CardKneeF, w.label("knee-to-the-ground"), w.term("take-cover")), save(rules.CoverKnee))
	}
	noSave := w.t(i18n.DiagramNoSave)
	if !g.CoverAtRangeZero {
		row(ui.Capitalise(w.term("range-band"))+" 0", noSave)
	}
	if g.Fixed.LockOnIgnoresCover {
		row(w.label("lock-on"), noSave)
	}
	if g.Fixed.Sniper {
		row(w.label("sniper"), noSave)
	}
	return cardBlock{ID: "card-cover", Title: ui.Capitalise(w.term("cover-test")), Table: tab,
		Lines: []string{w.t(i18n.CardCoverOrder)}}
}

// roundBlock is the quick reference's round, as the text gives it.
func roundBlock(t *content.Text, w cardWords) cardBlock {
	sec, _ := t.Section("reference.round")
	if sec == nil {
		return cardBlock{ID: "card-round", Title: ui.Capitalise(w.term("game-round"))}
	}
	return cardBlock{ID: "card-round", Title: sec.Title, HTML: withoutSeeAlso(sec.HTML)}
}

// costsBlock is what the game's command points buy, from its Costs, and
// how many it may wager on the authority test, from its WagerLimit.
func costsBlock(t *content.Text, g rules.Game, w cardWords) cardBlock {
	points := w.abbr("command-points")
	title := w.f(i18n.CardCostsF, points)
	if sec, _ := t.Section("reference.points"); sec != nil {
		title = sec.Title
	}
	tab := &cardTable{Head: []string{w.t(i18n.CardSpend), points}}
	row := func(what string, cost int) {
		if cost >= 0 {
			tab.Rows = append(tab.Rows, []string{what, strconv.Itoa(cost)})
		}
	}
	c := g.Costs
	row(w.f(i18n.CardNoOfficerF, w.term("officer")), c.Activate)
	row(ui.Capitalise(w.term("relocate-first-card")), c.Relocate)
	row(ui.Capitalise(w.term("delay-activation")), c.Delay)
	row(ui.Capitalise(w.term("extra-activation")), c.Extra)
	row(w.f(i18n.CardEachF, ui.Capitalise(w.term("combat-drill"))), c.Drill)
	switch g.Morale.SpendPoints {
	case rules.SpendRally:
		row(w.f(i18n.CardRallyWhatF, ui.Capitalise(w.term("rally")), w.term("disorganized")), c.Rally)
	case rules.SpendAutoPass:
		row(w.f(i18n.CardPassWhatF, w.term("morale-test")), c.Rally)
	}
	row(ui.Capitalise(w.term("artillery-strike")), c.Artillery)
	wager := w.f(i18n.CardUpToF, strconv.Itoa(g.WagerLimit(g.MaxRank)))
	if k := g.WagerLimit(0); k != g.WagerLimit(g.MaxRank) {
		wager = w.f(i18n.CardUpToF, w.term("officer-rank")+" + "+strconv.Itoa(k))
	}
	tab.Rows = append(tab.Rows, []string{ui.Capitalise(w.term("wager")), wager})
	return cardBlock{ID: "card-costs", Title: title, Table: tab}
}

// withoutSeeAlso drops a section's closing paragraph of links to other
// sections ("Details: ..."), which a printed card cannot follow.
func withoutSeeAlso(h string) string {
	body := strings.TrimRight(h, "\n")
	i := strings.LastIndex(body, "<p>")
	if i < 0 || !strings.HasSuffix(body, "</p>") {
		return h
	}
	last := body[i:]
	if strings.Count(last, "<a ") == 0 || strings.Contains(last, `class="term"`) || strings.Count(last, "<a ") != strings.Count(last, `<a href="/`) {
		return h
	}
	return body[:i]
}

// moraleBlock is the morale test: the roll each Morale needs against the
// game's difficulty, when infantry tests, and what points buy.
func moraleBlock(g rules.Game, w cardWords) cardBlock {
	m := g.Morale
	tab := &cardTable{Head: []string{w.label("morale"), w.t(i18n.CardRoll), w.t(i18n.CardChance)}}
	cells := thresholds(m.Difficulty, cardLowestValue)
	for i, r := range valueRuns(m.Difficulty) {
		if cells[i] != "—" {
			tab.Rows = append(tab.Rows, []string{cells[i], r.roll, i18n.Percent(w.lang, r.chance)})
		}
	}
	lines := []string{
		w.f(i18n.CardStatusStepsF, w.term("valiant"), w.term("disorganized"), w.term("rout")),
		w.f(i18n.CardThresholdsF, ui.Capitalise(w.term("infantry")), thresholdText(g, w)),
	}
	points := w.abbr("command-points")
	switch m.SpendPoints {
	case rules.SpendRally:
		lines = append(lines, w.f(i18n.CardRallyF, m.SpendCost, points, w.term("disorganized")))
	case rules.SpendAutoPass:
		lines = append(lines, w.f(i18n.CardAutoPassF, m.SpendCost, points))
	}
	if m.PassRecovers {
		lines = append(lines, w.f(i18n.CardPassRecoversF, w.term("disorganized"), w.term("valiant")))
	}
	return cardBlock{ID: "card-morale", Title: ui.Capitalise(w.term("morale-test")),
		Intro: w.f(i18n.CardMoraleIntroF, w.label("morale"), m.Difficulty, w.term("universal-table")), Table: tab, Lines: lines}
}

// thresholdText writes the fighters left at which each infantry type
// tests, types with the same threshold together: "3 or fewer (Type 1–2),
// 1 or fewer (Type 3)".
func thresholdText(g rules.Game, w cardWords) string {
	var parts []string
	for lo := 1; lo <= 3; {
		n := g.MoraleThreshold(lo)
		hi := lo
		for hi < 3 && g.MoraleThreshold(hi+1) == n {
			hi++
		}
		parts = append(parts, w.f(i18n.CardThresholdF, w.term("unit-type"), span(lo, hi), n))
		lo = hi + 1
	}
	return strings.Join(parts, ", ")
}

// vehicleBlock is the location table, as rules.LocationOf reads the die,
// with the game's location rules.
func vehicleBlock(g rules.Game, w cardWords) cardBlock {
	sp := w.abbr("structure-points")
	tab := &cardTable{Head: []string{w.t(i18n.CardDie), w.t(i18n.CardPart), w.f(i18n.CardAtZeroF, sp)}}
	part := map[rules.Location][2]string{
		rules.LocationPropulsion: {ui.Capitalise(w.term("propulsion")), w.term("immobilized")},
		rules.LocationFrame:      {ui.Capitalise(w.term("frame")), w.t(i18n.CardDestroyed)},
		rules.LocationWeapon:     {ui.Capitalise(w.t(i18n.DiagramWeapon)), w.t(i18n.CardWeaponLost)},
	}
	for lo := 1; lo <= rules.LocationFaces; {
		loc := rules.LocationOf(lo)
		hi := lo
		for hi < rules.LocationFaces && rules.LocationOf(hi+1) == loc {
			hi++
		}
		tab.Rows = append(tab.Rows, []string{span(lo, hi), part[loc][0], part[loc][1]})
		lo = hi + 1
	}
	lines := []string{w.f(i18n.CardExcessToFrameF, w.term("frame"))}
	if g.Vehicle.DestroyedPartToFrame {
		lines = append(lines, sentence(w.t(i18n.DiagramDestroyedToFrame)))
	}
	if g.Vehicle.WeaponHitTakesWeapon {
		lines = append(lines, sentence(w.t(i18n.DiagramWeaponWhileAny)))
	}
	if n := g.Vehicle.MeleeLocationDice; n > 1 {
		lines = append(lines, sentence(w.f(i18n.DiagramMeleeDiceF, n)))
	}
	return cardBlock{ID: "card-vehicle", Title: ui.Capitalise(w.term("location-table")),
		Intro: w.f(i18n.CardLocationIntroF, w.term("damage-test")), Table: tab, Lines: lines}
}

// sentence makes a diagram's label a sentence of the card's lines: a
// capital first letter and a full stop.
func sentence(s string) string {
	return ui.Capitalise(strings.TrimRight(s, ".")) + "."
}
