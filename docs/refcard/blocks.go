package refcard

import (
	"strconv"
	"strings"

	"github.com/at4x/companion/docs/content"
	"github.com/at4x/companion/i18n"
	"github.com/at4x/companion/rules"
)

// universalBlock is the universal table: each run of differences with the
// roll it needs and the chance of one die, and how the game re-rolls.
func universalBlock(g rules.Game, w words) Block {
	tab := &Table{Head: []string{w.t(i18n.CardDifference), w.t(i18n.CardRoll), w.t(i18n.CardChance)}}
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
		case autoFail:
			cell += " " + w.term("automatic-failure")
		case autoSuccess:
			cell += " " + w.term("automatic-success")
		}
		tab.Rows = append(tab.Rows, []string{diff, cell, i18n.Percent(w.lang, r.chance)})
	}
	reroll := w.f(i18n.CardRerollPerDieF, w.label("re-roll"))
	if g.Reroll == rules.RerollPool {
		reroll = w.f(i18n.CardRerollPoolF, w.label("re-roll"))
	}
	return Block{ID: "card-universal", Title: content.Capitalise(w.term("universal-table")), Intro: w.t(i18n.CardUniversalIntro), Table: tab,
		Lines: []string{reroll}}
}

// testsBlock says which action value meets which difficulty in each test.
func testsBlock(g rules.Game, w words) Block {
	m := g.Morale
	morale := w.label("morale")
	if m.OfficerRankAdds {
		morale += " + " + w.f(i18n.CardBetterRankF, w.term("officer-rank"))
	}
	if m.ObjectiveBonus != 0 {
		morale += " " + w.f(i18n.CardObjectiveF, signed(m.ObjectiveBonus), w.term("objective"))
	}
	if m.PerEarlierTest != 0 {
		morale += " " + w.f(i18n.CardEarlierTestF, signed(m.PerEarlierTest))
	}
	cover := rollText(g.CoverSave[rules.CoverNormal], rules.Roll)
	return Block{
		ID: "card-tests", Title: w.t(i18n.CardTests),
		Table: &Table{
			Head: []string{w.t(i18n.CardTest), content.Capitalise(w.term("action-value")), content.Capitalise(w.term("difficulty"))},
			Rows: [][]string{
				{content.Capitalise(w.term("shooting-test")), w.label("accuracy"), content.Capitalise(w.term("range-band"))},
				{content.Capitalise(w.term("close-combat")), w.label("accuracy"), w.label("defence")},
				{content.Capitalise(w.term("damage-test")), w.label("penetration"), w.label("protection")},
				{content.Capitalise(w.term("morale-test")), morale, strconv.Itoa(m.Difficulty)},
				{content.Capitalise(w.term("cover-test")), "—", cover},
			},
		},
	}
}

// hitsBlock is the shooting test at each range band: its distances, read
// off the game's RangeBand, and the Accuracy each roll needs there.
func hitsBlock(g rules.Game, w words) Block {
	head := append([]string{content.Capitalise(w.term("range-band")), w.t(i18n.CardDistance) + " (cm)"}, rollColumns()...)
	tab := &Table{Head: head}
	for band := 0; band < bands; band++ {
		row := []string{strconv.Itoa(band), bandText(g, band)}
		tab.Rows = append(tab.Rows, append(row, thresholds(band, lowestValue)...))
	}
	return Block{
		ID: "card-hits", Title: w.t(i18n.CardHits),
		Intro: w.f(i18n.CardHitsIntroF, w.label("accuracy")),
		Table: tab,
		Lines: []string{w.f(i18n.CardBandLineF, 10, w.term("range-band"), g.RangeBand(10))},
	}
}

// bandWidth is the length of a range band in both games: the lines
// between bands are at every 10 cm, and the engine says on which side of
// its line each band's ends fall.
const bandWidth = 10

// bandText writes the distances a game reads as range band band, so that
// every distance, 10.5 cm as much as 10, falls in one row: "<10",
// "10–<20" where a line opens the band above it (AT-43), "≤10", ">10–20"
// where it closes the band below (AT-44).
func bandText(g rules.Game, band int) string {
	lo, hi := band*bandWidth, (band+1)*bandWidth
	upper := "<" + strconv.Itoa(hi)
	if g.RangeBand(hi) == band {
		upper = "≤" + strconv.Itoa(hi)
	}
	switch {
	case band == 0:
		return upper
	case g.RangeBand(lo) == band:
		return strconv.Itoa(lo) + "–" + strings.TrimPrefix(upper, "≤")
	}
	return ">" + strconv.Itoa(lo) + "–" + strings.TrimPrefix(upper, "≤")
}

// damageBlock is the damage test against each Protection: the Penetration
// each roll needs.
func damageBlock(w words) Block {
	head := append([]string{w.label("protection")}, rollColumns()...)
	tab := &Table{Head: head}
	for p := lowProtection; p <= topProtection; p++ {
		tab.Rows = append(tab.Rows, append([]string{strconv.Itoa(p)}, thresholds(p, lowestValue)...))
	}
	return Block{
		ID: "card-damage", Title: content.Capitalise(w.term("damage-test")),
		Intro: w.f(i18n.CardDamageIntroF, w.label("penetration"), w.term("protection"), w.term("damage")),
		Table: tab,
	}
}

// coverBlock is the save each kind of cover gives, and when there is none.
func coverBlock(g rules.Game, w words) Block {
	head := w.t(i18n.CardSave)
	if g.Recovered.CoverSaves {
		head = w.f(i18n.CardRecoveredF, head)
	}
	tab := &Table{Head: []string{w.t(i18n.CardSituation), head}}
	row := func(what, save string) { tab.Rows = append(tab.Rows, []string{what, save}) }
	save := func(c rules.Cover) string { return rollText(g.CoverSave[c], rules.Roll) }
	row(w.f(i18n.CardBehindF, w.term("cover")), save(rules.CoverNormal))
	row(w.label("take-cover"), save(rules.CoverTakeCover))
	if g.CoverSave[rules.CoverKnee] > 0 {
		row(w.f(i18n.CardKneeF, w.label("knee-to-the-ground"), w.term("take-cover")), save(rules.CoverKnee))
	}
	noSave := w.t(i18n.DiagramNoSave)
	row(w.f(i18n.CardUnderF, w.term("template")), noSave)
	if !g.CoverAtRangeZero {
		row(content.Capitalise(w.term("range-band"))+" 0", noSave)
	}
	if g.Fixed.LockOnIgnoresCover {
		row(w.label("lock-on"), noSave)
	}
	if g.Fixed.Sniper {
		row(w.label("sniper"), noSave)
	}
	return Block{ID: "card-cover", Title: content.Capitalise(w.term("cover-test")), Table: tab,
		Lines: []string{w.t(i18n.CardCoverOrder)}}
}

// roundBlock is the quick reference's round, as the text gives it.
func roundBlock(t *content.Text, w words) Block {
	sec, _ := t.Section("reference.round")
	if sec == nil {
		return Block{ID: "card-round", Title: content.Capitalise(w.term("game-round"))}
	}
	return Block{ID: "card-round", Title: sec.Title, HTML: withoutSeeAlso(sec.HTML)}
}

// textBlock is a section of the quick reference as the text gives it,
// without its closing links.
func textBlock(t *content.Text, id string) Block {
	b := Block{ID: "card-" + strings.TrimPrefix(id, "reference.")}
	if sec, _ := t.Section(id); sec != nil {
		b.Title, b.HTML = sec.Title, withoutSeeAlso(sec.HTML)
	}
	return b
}

// costsBlock is what the game's command points buy, from its Costs, and
// how many it may wager on the authority test, from its WagerLimit.
func costsBlock(t *content.Text, g rules.Game, w words) Block {
	points := w.abbr("command-points")
	title := w.f(i18n.CardCostsF, points)
	if sec, _ := t.Section("reference.points"); sec != nil {
		title = sec.Title
	}
	tab := &Table{Head: []string{w.t(i18n.CardSpend), points}}
	row := func(what string, cost int) {
		if cost >= 0 {
			tab.Rows = append(tab.Rows, []string{what, strconv.Itoa(cost)})
		}
	}
	c := g.Costs
	row(w.f(i18n.CardNoOfficerF, w.term("officer")), c.Activate)
	row(content.Capitalise(w.term("relocate-first-card")), c.Relocate)
	row(content.Capitalise(w.term("delay-activation")), c.Delay)
	row(content.Capitalise(w.term("extra-activation")), c.Extra)
	row(w.f(i18n.CardEachF, content.Capitalise(w.term("combat-drill"))), c.Drill)
	switch g.Morale.SpendPoints {
	case rules.SpendRally:
		row(w.f(i18n.CardRallyWhatF, content.Capitalise(w.term("rally")), w.term("disorganized")), c.Rally)
	case rules.SpendAutoPass:
		row(w.f(i18n.CardPassWhatF, w.term("morale-test")), c.Rally)
	}
	row(content.Capitalise(w.term("artillery-strike")), c.Artillery)
	row(w.f(i18n.CardEjectF, w.term("heroic-pilot")), c.Eject)
	wager := w.f(i18n.CardUpToF, strconv.Itoa(g.WagerLimit(g.MaxRank)))
	if k := g.WagerLimit(0); k != g.WagerLimit(g.MaxRank) {
		wager = w.f(i18n.CardUpToF, w.term("officer-rank")+" + "+strconv.Itoa(k))
	}
	tab.Rows = append(tab.Rows, []string{content.Capitalise(w.term("wager")), wager})
	return Block{ID: "card-costs", Title: title, Table: tab}
}

// moraleBlock is the morale test: the roll each Morale needs against the
// game's difficulty, when infantry tests, and what points buy.
func moraleBlock(g rules.Game, w words) Block {
	m := g.Morale
	tab := &Table{Head: []string{w.label("morale"), w.t(i18n.CardRoll), w.t(i18n.CardChance)}}
	cells := thresholds(m.Difficulty, lowestValue)
	for i, r := range valueRuns(m.Difficulty) {
		if cells[i] != "—" {
			tab.Rows = append(tab.Rows, []string{cells[i], r.roll, i18n.Percent(w.lang, r.chance)})
		}
	}
	lines := []string{
		w.f(i18n.CardStatusStepsF, w.term("valiant"), w.term("disorganized"), w.term("rout")),
		w.f(i18n.CardThresholdsF, content.Capitalise(w.term("infantry")), thresholdText(g, w)),
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
	return Block{ID: "card-morale", Title: content.Capitalise(w.term("morale-test")),
		Intro: w.f(i18n.CardMoraleIntroF, w.label("morale"), m.Difficulty, w.term("universal-table")), Table: tab, Lines: lines}
}

// thresholdText writes the fighters left at which each infantry type
// tests, types with the same threshold together: "3 or fewer (Type 1–2),
// 1 or fewer (Type 3)".
func thresholdText(g rules.Game, w words) string {
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
func vehicleBlock(g rules.Game, w words) Block {
	sp := w.abbr("structure-points")
	die := w.t(i18n.CardDie)
	if g.Recovered.Location {
		die = w.f(i18n.CardRecoveredF, die)
	}
	tab := &Table{Head: []string{die, w.t(i18n.CardPart), w.f(i18n.CardAtZeroF, sp)}}
	part := map[rules.Location][2]string{
		rules.LocationPropulsion: {content.Capitalise(w.term("propulsion")), w.term("immobilized")},
		rules.LocationFrame:      {content.Capitalise(w.term("frame")), w.f(i18n.CardDestroyedF, w.term("vehicle"))},
		rules.LocationWeapon:     {content.Capitalise(w.t(i18n.DiagramWeapon)), w.t(i18n.CardWeaponLost)},
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
	return Block{ID: "card-vehicle", Title: content.Capitalise(w.term("location-table")),
		Intro: w.f(i18n.CardLocationIntroF, w.term("damage-test"), w.term("vehicle")), Table: tab, Lines: lines}
}
