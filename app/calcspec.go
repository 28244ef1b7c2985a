package app

import (
	"net/url"
	"slices"
	"sort"
	"strconv"

	"github.com/at4x/companion/i18n"
	"github.com/at4x/companion/rules"
)

// fieldKind is how a calculator input is edited.
type fieldKind int

const (
	number fieldKind = iota // a stepper
	toggle                  // a checkbox, 0|1
	choice                  // a select
	list                    // free text, such as "3,2"
)

// option is one value of a choice field.
type option struct {
	value string
	label i18n.Key
}

// field is one calculator input, named by its share-link key.
type field struct {
	key      string
	label    i18n.Key
	kind     fieldKind
	min, max int
	options  []option
	// show says whether the field applies to the current values (vehicle
	// keys only for vehicle targets); nil means always.
	show func(v url.Values) bool
	// group numbers the salvo a field belongs to, from 1; 0 for the rest.
	group int
	// optional values may be left out of the link, and show empty then:
	// a distance in cm, which replaces the band when given.
	optional bool
	// def is the value shown when the engine's query leaves the key out
	// at its default (lock-on's 0, the salvos' target).
	def string
}

// valueIn is the field's value among the engine's values.
func (f field) valueIn(v url.Values) string {
	if !v.Has(f.key) {
		return f.def
	}
	return v.Get(f.key)
}

func (f field) orElse(def string) field {
	f.def = def
	return f
}

// distance is the cm field, beside the band it replaces.
func distance(key string) field {
	f := num(key, i18n.InDistance, 0, 300)
	f.optional = true
	return f
}

func num(key string, label i18n.Key, lo, hi int) field {
	return field{key: key, label: label, kind: number, min: lo, max: hi}
}

func flag(key string, label i18n.Key) field {
	return field{key: key, label: label, kind: toggle}
}

func (f field) when(show func(v url.Values) bool) field {
	f.show = show
	return f
}

// The conditions below build closures, and are not inlined: the field
// tables call them some fifty times at init, and an inlined call compiles
// a copy of its closure each time (about 15 KB of the wasm).

//go:noinline
func is(key, value string) func(url.Values) bool {
	return func(v url.Values) bool { return v.Get(key) == value }
}

//go:noinline
func isNot(key, value string) func(url.Values) bool {
	return func(v url.Values) bool { return v.Get(key) != value }
}

//go:noinline
func has(key string) func(url.Values) bool {
	return func(v url.Values) bool { return v.Has(key) }
}

//go:noinline
func gameIs(games ...string) func(url.Values) bool {
	return func(v url.Values) bool { return slices.Contains(games, v.Get("game")) }
}

// all is true when every condition is.
//
//go:noinline
func all(conds ...func(url.Values) bool) func(url.Values) bool {
	return func(v url.Values) bool {
		for _, c := range conds {
			if !c(v) {
				return false
			}
		}
		return true
	}
}

// anyOf is true when one condition is.
//
//go:noinline
func anyOf(conds ...func(url.Values) bool) func(url.Values) bool {
	return func(v url.Values) bool {
		return slices.ContainsFunc(conds, func(c func(url.Values) bool) bool { return c(v) })
	}
}

// over is true when the key's value is a number above n.
//
//go:noinline
func over(key string, n int) func(url.Values) bool {
	return func(v url.Values) bool { return atoi(v.Get(key)) > n }
}

// fixedResult is a printed result a weapon hits or damages on (lock-on,
// artillery strike, Jammer): none, or 2+ to 6+, the only values the engine
// takes, so the form cannot offer a refused one.
func fixedResult(key string, label i18n.Key) field {
	return field{key: key, label: label, kind: choice, def: "0", options: []option{{"0", i18n.FixedNone},
		{"2", i18n.Fixed2}, {"3", i18n.Fixed3}, {"4", i18n.Fixed4}, {"5", i18n.Fixed5}, {"6", i18n.Fixed6}}}
}

// coverFields are the cover choice, one field per target: the drills
// (Take cover, knee cover) apply to infantry only.
func coverFields(key string) []field {
	return []field{
		{key: key, label: i18n.InCover, kind: choice, options: coverOptions, show: isNot("target", "veh")},
		{key: key, label: i18n.InCover, kind: choice, options: vehicleCover, show: is("target", "veh")},
	}
}

// fixedFields are a direct-fire salvo's fixed-result options, keyed with
// the salvo's prefix: lock-on (AT-43 at any target, AT-44 at vehicles
// only), and AT-44's Jammer and Sniper.
func fixedFields(prefix string) []field {
	return []field{
		fixedResult(prefix+"lock", i18n.InLock).when(anyOf(gameIs("at43"), is("target", "veh"))),
		fixedResult(prefix+"jammer", i18n.InJammer).when(gameIs("at44")),
		flag(prefix+"sniper", i18n.InSniper).when(gameIs("at44")),
	}
}

// whatIf is a change the reader can try on top of the current values.
type whatIf struct {
	key   string // the toggle's id
	label i18n.Key
	apply func(v url.Values)
}

// calcSpec describes one calculator.
type calcSpec struct {
	name    string
	title   i18n.Key
	games   []string
	fields  []field
	whatIfs []whatIf
	// versus lays the fields out as two columns, us and them.
	versus bool
	// run parses the values with the engine, computes, and returns the
	// values with every default filled in, and the outcome.
	run func(v url.Values) (url.Values, outcome, error)
}

// Field groups shared by several calculators.
var (
	targetField = field{key: "target", label: i18n.InTarget, kind: choice,
		options: []option{{"inf", i18n.InInfantry}, {"veh", i18n.InVehicle}}}
	vehicleFields = []field{
		num("frame", i18n.InFrame, 1, 60).when(is("target", "veh")),
		num("prop", i18n.InPropulsion, 0, 60).when(is("target", "veh")),
		{key: "weapons", label: i18n.InWeaponSP, kind: list, show: is("target", "veh")},
		num("vehicles", i18n.InVehicles, 1, 10).when(is("target", "veh")),
		{key: "pick", label: i18n.InPick, kind: choice, show: is("target", "veh"),
			options: []option{{"wreck", i18n.PickWreck}, {"disarm", i18n.PickDisarm}}},
	}
	// pickerField is who picks the weapon a weapon result hits: the
	// defender in AT-43 overwatch fire.
	pickerField = field{key: "picker", label: i18n.InPicker, kind: choice, show: all(gameIs("at43"), is("target", "veh")),
		options: []option{{"attacker", i18n.PickerAttacker}, {"defender", i18n.PickerDefender}}}
	coverOptions = []option{{"none", i18n.CoverNone}, {"cover", i18n.CoverNormal}, {"takecover", i18n.CoverTakeCover}, {"kneecover", i18n.CoverKnee}}
	// vehicleCover is what the engine takes at vehicles: no drill.
	vehicleCover = coverOptions[:2]
	plusAccuracy = whatIf{"acc", i18n.WhatIfAccuracy, func(v url.Values) { v.Set("acc", strconv.Itoa(atoi(v.Get("acc"))+1)) }}
)

// attackFields are a shooting or close-combat calculator's inputs, the
// ones a player changes most first: how many weapons, the two duels of the
// universal table (to hit, then to damage), cover and the target, then the
// weapon's other figures and the rarer options.
func attackFields(melee bool) []field {
	n := num("n", i18n.InWeapons, 0, 100)
	if melee {
		n.label = i18n.InFighters
	}
	fs := []field{n, num("acc", i18n.InAccuracy, 0, 30)}
	if melee {
		fs = append(fs, num("def", i18n.InDefence, 0, 30))
	} else {
		fs = append(fs, num("range", i18n.InRange, 0, 30), distance("cm"))
	}
	fs = append(fs, num("pen", i18n.InPenetration, 0, 30), num("prot", i18n.InProtection, 0, 30))
	if !melee {
		fs = append(fs, coverFields("cover")...)
	}
	fs = append(fs, targetField, num("size", i18n.InSize, 1, 100).when(isNot("target", "veh")),
		num("rate", i18n.InRate, 1, 20), num("rr", i18n.InRerolls, 0, 10), num("dmg", i18n.InDamage, 1, 10),
		num("type", i18n.InType, 1, 3).when(isNot("target", "veh")))
	fs = append(fs, vehicleFields...)
	if !melee {
		fs = append(fs, pickerField)
		fs = append(fs, fixedFields("")...)
		fs = append(fs, flag("faw", i18n.InFireAtWill), flag("det", i18n.InDetection).when(gameIs("at44")))
	}
	return append(fs, flag("dmgrr", i18n.InDamageReroll), flag("medic", i18n.InMedic))
}

// maxSalvoGroups is how many salvos the several-salvos calculator offers:
// as many as a share link may hold.
const maxSalvoGroups = 10

// salvoFields are the target's keys, then each salvo's, prefixed "s1.",
// "s2.", ...; a salvo's fields show once the link has it.
func salvoFields() []field {
	fs := []field{targetField.orElse("inf"), num("size", i18n.InSize, 1, 100).when(isNot("target", "veh")),
		num("type", i18n.InType, 1, 3).when(isNot("target", "veh")), num("prot", i18n.InProtection, 0, 30)}
	fs = append(fs, vehicleFields...)
	fs = append(fs, pickerField, flag("medic", i18n.InMedic))
	for i := 1; i <= maxSalvoGroups; i++ {
		p := "s" + strconv.Itoa(i) + "."
		shown := has(p + "n")
		group := []field{num(p+"n", i18n.InWeapons, 0, 100), num(p+"acc", i18n.InAccuracy, 0, 30),
			num(p+"range", i18n.InRange, 0, 30), distance(p + "cm"), num(p+"pen", i18n.InPenetration, 0, 30)}
		group = append(group, coverFields(p+"cover")...)
		group = append(group, num(p+"rate", i18n.InRate, 1, 20), num(p+"rr", i18n.InRerolls, 0, 10), num(p+"dmg", i18n.InDamage, 1, 10),
			flag(p+"faw", i18n.InFireAtWill), flag(p+"det", i18n.InDetection).when(gameIs("at44")))
		group = append(group, fixedFields(p)...)
		for j := range group {
			only := group[j].show
			group[j].show = shown
			if only != nil {
				group[j].show = func(v url.Values) bool { return shown(v) && only(v) }
			}
			group[j].group = i
		}
		fs = append(fs, group...)
	}
	return fs
}

// calcSpecs are the calculators the engine offers, in menu order.
var calcSpecs = []calcSpec{
	{
		name: "shoot", title: i18n.CalcShoot, games: []string{"at43", "at44"},
		fields: attackFields(false),
		whatIfs: []whatIf{plusAccuracy,
			{"takecover", i18n.WhatIfCover, func(v url.Values) { v.Set("cover", "takecover") }},
			{"faw", i18n.WhatIfFaw, func(v url.Values) { v.Set("faw", "1") }}},
		run: func(v url.Values) (url.Values, outcome, error) {
			in, err := rules.ParseShoot(v)
			if err != nil {
				return nil, outcome{}, err
			}
			res, err := rules.Shoot(in)
			return in.Query(), attackOutcome(res), err
		},
	},
	{
		name: "melee", title: i18n.CalcMelee, games: []string{"at43", "at44"},
		fields: attackFields(true), whatIfs: []whatIf{plusAccuracy},
		run: func(v url.Values) (url.Values, outcome, error) {
			in, err := rules.ParseMelee(v)
			if err != nil {
				return nil, outcome{}, err
			}
			res, err := rules.Melee(in)
			return in.Query(), attackOutcome(res), err
		},
	},
	{
		name: "salvos", title: i18n.CalcSalvos, games: []string{"at43", "at44"},
		fields: salvoFields(),
		run: func(v url.Values) (url.Values, outcome, error) {
			in, err := rules.ParseSalvos(v)
			if err != nil {
				return nil, outcome{}, err
			}
			res, err := rules.Salvos(in)
			if err != nil {
				return nil, outcome{}, err
			}
			if res.VehicleResult != nil {
				return in.Query(), salvosVehicleOutcome(res), nil
			}
			o := outcome{result: res, main: &res.Casualties, noun: i18n.NounCasualties, explain: res.Explain, notes: res.Notes,
				stats: []stat{{key: i18n.WipedOut, p: res.WipedOut}, {key: i18n.MoraleThreshold, p: res.MoraleThreshold}}}
			for i, d := range res.After {
				o.charts = append(o.charts, distChart(i18n.ChartAfterSalvo, d))
				o.charts[len(o.charts)-1].arg = i + 1
			}
			return in.Query(), o, err
		},
	},
	{
		name: "indirect", title: i18n.CalcIndirect, games: []string{"at43", "at44"},
		fields: []field{num("n", i18n.InWeapons, 0, 100), num("rate", i18n.InRate, 1, 20), num("rr", i18n.InRerolls, 0, 10),
			num("acc", i18n.InAccuracy, 0, 30), num("range", i18n.InRange, 0, 30), distance("cm"),
			num("aoe", i18n.InAoE, 1, 10), num("pen", i18n.InPenetration, 0, 30), num("dmg", i18n.InDamage, 1, 10),
			num("prot", i18n.InProtection, 0, 30), num("under", i18n.InUnder, 0, 100), flag("dmgrr", i18n.InDamageReroll),
			fixedResult("fixed", i18n.InArtillery).when(gameIs("at43")),
			num("vehicles", i18n.InVehiclesUnder, 0, 10).orElse("0"), num("vprot", i18n.InVehicleProtection, 0, 30).when(over("vehicles", 0)),
			num("frame", i18n.InFrame, 1, 60).when(over("vehicles", 0)), num("prop", i18n.InPropulsion, 0, 60).when(over("vehicles", 0)),
			{key: "weapons", label: i18n.InWeaponSP, kind: list, show: over("vehicles", 0)},
			{key: "pick", label: i18n.InPick, kind: choice, show: over("vehicles", 0),
				options: []option{{"wreck", i18n.PickWreck}, {"disarm", i18n.PickDisarm}}}},
		whatIfs: []whatIf{plusAccuracy},
		run: func(v url.Values) (url.Values, outcome, error) {
			in, err := rules.ParseIndirect(v)
			if err != nil {
				return nil, outcome{}, err
			}
			res, err := rules.Indirect(in)
			o := outcome{result: res, main: &res.Casualties, noun: i18n.NounCasualties, explain: res.Explain, notes: res.Notes,
				charts: []chart{distChart(i18n.ChartHits, res.Hits), mapChart(i18n.ChartRadius, res.Radius),
					distChart(i18n.ChartPerFighter, res.ImpactsPerFighter), mapChart(i18n.ChartDeviation, res.Deviation),
					distChart(i18n.ChartCasualties, res.Casualties)},
				stats: []stat{{key: i18n.ShotLost, p: res.ShotLost}, {key: i18n.WipedOut, p: res.WipedOut}}}
			if res.Vehicle != nil {
				addVehicle(&o, res.Vehicle)
				if in.Under == 0 {
					// No fighter under the template: the vehicles are the
					// question, not the casualties.
					vehicleHeadline(&o, res.Vehicle)
				}
			}
			return in.Query(), o, err
		},
	},
	{
		name: "morale", title: i18n.CalcMorale, games: []string{"at43", "at44"},
		fields: []field{num("mor", i18n.InMorale, 0, 30), num("rank", i18n.InRank, 0, rules.AT44.MaxRank).when(gameIs("at44")),
			flag("obj", i18n.InObjective).when(gameIs("at44")), num("extra", i18n.InEarlier, 0, 10).when(gameIs("at44")),
			num("activations", i18n.InActivations, 1, 20), flag("spend", i18n.InSpend),
			{key: "status", label: i18n.InStatus, kind: choice, options: []option{{"valiant", i18n.StatusValiant}, {"disorganized", i18n.StatusDisorganized}}}},
		run: func(v url.Values) (url.Values, outcome, error) {
			in, err := rules.ParseMorale(v)
			if err != nil {
				return nil, outcome{}, err
			}
			res, err := rules.Morale(in)
			chain := res.NoSpend
			if in.Spend {
				chain = res.Spend
			}
			o := outcome{result: res, chance: &res.Pass, chanceOf: i18n.Pass, explain: res.Explain, notes: res.Notes,
				charts: []chart{byChart(i18n.ChartRoutBy, chain.RoutBy, 1)},
				stats:  []stat{{key: i18n.Routs, p: res.Rout}}}
			return in.Query(), o, err
		},
	},
	{
		name: "authority", title: i18n.CalcAuthority, games: []string{"at43", "at44"},
		// Us and them side by side: the form lays these out in two columns.
		versus: true,
		fields: []field{num("a", i18n.InOurAuthority, 0, 30), num("b", i18n.InTheirAuthority, 0, 30),
			num("aw", i18n.InOurWager, 0, 30), num("bw", i18n.InTheirWager, 0, 30),
			// A commander's rank goes up to the game's top rank: one pair
			// of fields per game, so the steppers stop where the engine does.
			num("ar", i18n.InOurRank, 0, rules.AT43.MaxRank).when(gameIs("at43")), num("br", i18n.InTheirRank, 0, rules.AT43.MaxRank).when(gameIs("at43")),
			num("ar", i18n.InOurRank, 0, rules.AT44.MaxRank).when(gameIs("at44")), num("br", i18n.InTheirRank, 0, rules.AT44.MaxRank).when(gameIs("at44"))},
		run: func(v url.Values) (url.Values, outcome, error) {
			in, err := rules.ParseAuthority(v)
			if err != nil {
				return nil, outcome{}, err
			}
			res, err := rules.Authority(in)
			var wagers []float64
			if in.AWager >= 0 && in.BWager >= 0 && in.BWager < len(res.Table) {
				for _, row := range res.Table {
					if in.BWager < len(row) {
						wagers = append(wagers, row[in.BWager])
					}
				}
			}
			o := outcome{result: res, chance: &res.Win, chanceOf: i18n.Win, explain: res.Explain, notes: res.Notes,
				stats:  []stat{{key: i18n.Tie, p: res.Tie}},
				charts: []chart{byChart(i18n.InOurWager, wagers, 0)}}
			return in.Query(), o, err
		},
	},
	{
		name: "crush", title: i18n.CalcCrush, games: []string{"at43", "at44"},
		fields: []field{num("free", i18n.InFree, 0, 100), num("engaged", i18n.InEngaged, 0, 100)},
		run: func(v url.Values) (url.Values, outcome, error) {
			in, err := rules.ParseCrush(v)
			if err != nil {
				return nil, outcome{}, err
			}
			res, err := rules.Crush(in)
			o := outcome{result: res, main: &res.Casualties, noun: i18n.NounCasualties, explain: res.Explain, notes: res.Notes,
				charts: []chart{distChart(i18n.ChartCasualties, res.Casualties)},
				stats:  []stat{{key: i18n.WipedOut, p: res.WipedOut}}}
			return in.Query(), o, err
		},
	},
	{
		name: "minefield", title: i18n.CalcMinefield, games: []string{"at43"},
		// The unit's members: up to 100 fighters, or 1-10 vehicles, as the
		// engine allows; two fields of one key, one shown at a time.
		fields: append(append([]field{num("n", i18n.InMembers, 1, 100).when(isNot("target", "veh")),
			num("n", i18n.InMembers, 1, 10).when(is("target", "veh")), num("cards", i18n.InCards, 1, 10), targetField,
			num("prot", i18n.InProtection, 0, 30), num("type", i18n.InType, 1, 3).when(isNot("target", "veh")),
			flag("medic", i18n.InMedic)}, vehicleFields[:3]...), vehicleFields[4]),
		run: func(v url.Values) (url.Values, outcome, error) {
			in, err := rules.ParseMinefield(v)
			if err != nil {
				return nil, outcome{}, err
			}
			res, err := rules.Minefield(in)
			o := targetOutcome(res.Impacts, res.Impacts, res.InfantryResult, res.VehicleResult)
			o.result, o.explain, o.notes = res, res.Explain, res.Notes
			o.charts = o.charts[1:] // no hit roll: the cards give the impacts
			return in.Query(), o, err
		},
	},
	{
		name: "terrain", title: i18n.CalcTerrain, games: []string{"at44"},
		fields: []field{num("n", i18n.InWeapons, 0, 100), num("rate", i18n.InRate, 1, 20), num("rr", i18n.InRerolls, 0, 10),
			num("acc", i18n.InAccuracy, 0, 30), num("range", i18n.InRange, 0, 30), distance("cm"), num("pen", i18n.InPenetration, 0, 30),
			num("dmg", i18n.InDamage, 1, 10), num("structure", i18n.InStructure, 1, 30), num("salvos", i18n.InSalvos, 1, 20),
			fixedResult("lock", i18n.InLock)},
		whatIfs: []whatIf{plusAccuracy},
		run: func(v url.Values) (url.Values, outcome, error) {
			in, err := rules.ParseTerrain(v)
			if err != nil {
				return nil, outcome{}, err
			}
			res, err := rules.Terrain(in)
			o := outcome{result: res, chance: &res.Destroyed, chanceOf: i18n.Destroyed, explain: res.Explain, notes: res.Notes,
				charts: []chart{distChart(i18n.ChartHits, res.Hits), byChart(i18n.ChartDownBy, res.BySalvo, 1),
					distChart(i18n.ChartStructure, res.Structure)}}
			return in.Query(), o, err
		},
	},
	{
		name: "d10attack", title: i18n.CalcD10Attack, games: []string{"d10"},
		fields: []field{
			{key: "mode", label: i18n.InMode, kind: choice, options: []option{{"ranged", i18n.ModeRanged}, {"melee", i18n.ModeMelee}}},
			num("skill", i18n.InSkill, 1, 10), num("mod", i18n.InMod, -10, 10), num("n", i18n.InAttacks, 1, 20),
			num("ar", i18n.InAR, 0, 10), num("ma", i18n.InMA, -5, 5), num("pui", i18n.InPUI, 0, 10), num("phy", i18n.InPHY, 0, 10),
			flag("aimed", i18n.InAimed).when(isNot("mode", "melee")), flag("lightcover", i18n.InLightCover).when(isNot("mode", "melee")),
			flag("heavycover", i18n.InHeavyCover).when(isNot("mode", "melee")), flag("large", i18n.InLarge).when(isNot("mode", "melee")),
			flag("charge", i18n.InCharge).when(is("mode", "melee")), flag("received", i18n.InReceived).when(is("mode", "melee")),
			flag("ground", i18n.InGround).when(is("mode", "melee")), flag("paralysed", i18n.InParalysed)},
		run: func(v url.Values) (url.Values, outcome, error) {
			in, err := rules.ParseD10Attack(v)
			if err != nil {
				return nil, outcome{}, err
			}
			res, err := rules.D10Attack(in)
			o := outcome{result: res, main: &res.Damaging, noun: i18n.NounDamaging, explain: res.Explain, notes: res.Notes,
				charts: []chart{distChart(i18n.ChartHits, res.Hits), distChart(i18n.ChartDamaging, res.Damaging)},
				stats: []stat{{key: i18n.HitChance, p: res.HitChance}, {key: i18n.DamageChance, p: res.DamageChance},
					{key: i18n.Natural10, p: res.Natural10}}}
			for _, x := range []struct {
				k i18n.Key
				p *float64
			}{{i18n.Knockdown, res.Knockdown}, {i18n.Dodged, res.Dodge}, {i18n.Parried, res.Parry}} {
				if x.p != nil {
					o.stats = append(o.stats, stat{key: x.k, p: *x.p})
				}
			}
			return in.Query(), o, err
		},
	},
	{
		name: "d10morale", title: i18n.CalcD10Morale, games: []string{"d10"},
		fields: []field{num("cou", i18n.InCOU, 0, 10), flag("independent", i18n.InIndependent)},
		run: func(v url.Values) (url.Values, outcome, error) {
			in, err := rules.ParseD10Morale(v)
			if err != nil {
				return nil, outcome{}, err
			}
			res, err := rules.D10Morale(in)
			o := outcome{result: res, chance: &res.Pass, chanceOf: i18n.Pass, explain: res.Explain, notes: res.Notes,
				stats: []stat{{key: i18n.Paralysed, p: res.Paralysed}, {key: i18n.Retreat, p: res.Retreat}, {key: i18n.Routs, p: res.Rout}}}
			return in.Query(), o, err
		},
	},
	{
		name: "d10vehicle", title: i18n.CalcD10Vehicle, games: []string{"d10"},
		fields: []field{num("dmg", i18n.InDmgPoints, 0, 20), flag("loco", i18n.InLoco)},
		run: func(v url.Values) (url.Values, outcome, error) {
			in, err := rules.ParseD10Vehicle(v)
			if err != nil {
				return nil, outcome{}, err
			}
			res, err := rules.D10Vehicle(in)
			o := outcome{result: res, chance: &res.Detonation, chanceOf: i18n.Detonation, explain: res.Explain, notes: res.Notes,
				charts: []chart{distChart(i18n.ChartChains, res.Chains)},
				stats: []stat{{key: i18n.Immobilized, p: res.Immobilized}, {key: i18n.LocomotionHit, p: res.Locomotion},
					{key: i18n.WeaponHit, p: res.Weapon}, {key: i18n.Electronics, p: res.Electronics},
					{key: i18n.NothingHappens, p: res.Nothing}, {key: i18n.Internal, p: res.Internal}}}
			return in.Query(), o, err
		},
	},
}

// field returns the calculator's input of that key that applies to the
// values v: a key may have two fields, each with its own range, shown one
// at a time (minefield members: fighters or vehicles).
func (s *calcSpec) field(key string, v url.Values) (field, bool) {
	i := slices.IndexFunc(s.fields, func(f field) bool { return f.key == key && (f.show == nil || f.show(v)) })
	if i < 0 {
		i = slices.IndexFunc(s.fields, func(f field) bool { return f.key == key })
	}
	if i < 0 {
		return field{}, false
	}
	return s.fields[i], true
}

// hasField tells whether the calculator has an input of that key.
func (s *calcSpec) hasField(key string) bool {
	return slices.ContainsFunc(s.fields, func(f field) bool { return f.key == key })
}

// hasProfileKeys tells whether a saved profile can hold any of the
// calculator's values: the profiles are offered only there.
func (s *calcSpec) hasProfileKeys() bool {
	// The authority test's keys are the two commanders' (its "ar" is a
	// rank, not the d10 armour a profile keeps).
	return !s.versus && slices.ContainsFunc(profileKeys, s.hasField)
}

// specFor returns the calculator with the name, or nil.
func specFor(name string) *calcSpec {
	for i := range calcSpecs {
		if calcSpecs[i].name == name {
			return &calcSpecs[i]
		}
	}
	return nil
}

// attackOutcome reads a shooting or close-combat result.
func attackOutcome(res rules.AttackResult) outcome {
	o := targetOutcome(res.Hits, res.Impacts, res.InfantryResult, res.VehicleResult)
	o.result, o.explain, o.notes = res, res.Explain, res.Notes
	return o
}

// targetOutcome is what hits and impacts did to infantry or vehicles.
func targetOutcome(hits, impacts rules.Dist, inf *rules.InfantryResult, veh *rules.VehicleResult) outcome {
	o := outcome{charts: []chart{distChart(i18n.ChartHits, hits)}}
	if !slices.Equal(hits.P, impacts.P) {
		// Only cover makes impacts differ from hits; without it the chart
		// would repeat the one above.
		o.charts = append(o.charts, distChart(i18n.ChartImpacts, impacts))
	}
	switch {
	case inf != nil:
		o.main, o.noun = &inf.Casualties, i18n.NounCasualties
		o.charts = append(o.charts, distChart(i18n.ChartCasualties, inf.Casualties))
		o.stats = []stat{{key: i18n.WipedOut, p: inf.WipedOut}, {key: i18n.MoraleThreshold, p: inf.MoraleThreshold}}
	case veh != nil:
		imp := impacts
		o.main, o.noun = &imp, i18n.NounImpacts
		addVehicle(&o, veh)
	}
	return o
}

// addVehicle adds what impacts did to a unit of vehicles: the frame and
// wreck charts, the chances of destroyed, immobilized and each weapon lost.
func addVehicle(o *outcome, veh *rules.VehicleResult) {
	o.charts = append(o.charts, distChart(i18n.ChartFrame, veh.Frame))
	if len(veh.Wrecks.P) > 2 {
		o.charts = append(o.charts, distChart(i18n.ChartWrecks, veh.Wrecks))
	}
	o.stats = append(o.stats, stat{key: i18n.Destroyed, p: veh.Destroyed}, stat{key: i18n.Immobilized, p: veh.Immobilized})
	for i, p := range veh.Lost {
		o.stats = append(o.stats, stat{key: i18n.WeaponLostF, arg: i + 1, p: p})
	}
}

// vehicleHeadline makes the headline about the vehicles: the chance the
// vehicle is destroyed, or for a unit of several how many are.
func vehicleHeadline(o *outcome, veh *rules.VehicleResult) {
	o.main, o.chance = nil, nil
	if len(veh.Wrecks.P) > 2 {
		w := veh.Wrecks
		o.main, o.noun = &w, i18n.NounWrecks
		return
	}
	o.chance, o.chanceOf = &veh.Destroyed, i18n.Destroyed
}

// salvosVehicleOutcome reads several salvos at a unit of vehicles: the
// headline is the chance the unit is destroyed by the end, the details the
// last salvo's hits and impacts, the vehicles' figures, and the chance of
// being destroyed within each number of salvos.
func salvosVehicleOutcome(res rules.SalvosResult) outcome {
	last := res.Salvos[len(res.Salvos)-1]
	o := targetOutcome(last.Hits, last.Impacts, nil, res.VehicleResult)
	vehicleHeadline(&o, res.VehicleResult)
	o.estimated = res.Estimated
	if len(res.VehicleAfter) > 1 {
		by := make([]float64, len(res.VehicleAfter))
		for i, a := range res.VehicleAfter {
			by[i] = a.Destroyed
		}
		o.charts = append(o.charts, byChart(i18n.ChartDownBy, by, 1))
	}
	o.result, o.explain, o.notes = res, res.Explain, res.Notes
	return o
}

// outcome is a calculator's result, ready to show in any language.
type outcome struct {
	result any // the engine's result, shown as JSON
	// main is the distribution the headline sentence is about, counting
	// noun; without one, the headline gives chance, the probability of
	// chanceOf.
	main     *rules.Dist
	noun     i18n.Key
	chance   *float64
	chanceOf i18n.Key
	charts   []chart
	stats    []stat
	explain  []rules.Step
	notes    []rules.Note
	// estimated says the headline is an estimate (a unit of vehicles too
	// large to follow all together).
	estimated bool
}

// stat is one probability the result gives.
type stat struct {
	key i18n.Key
	arg int // for formats such as WeaponLostF
	p   float64
}

// chart is a bar chart: labels and their probabilities.
type chart struct {
	title  i18n.Key
	labels []string
	p      []float64
	// dist is the distribution behind the chart, for its table; nil for
	// charts of chances.
	dist *rules.Dist
	arg  int // for titles such as ChartAfterSalvo
}

func distChart(title i18n.Key, d rules.Dist) chart {
	c := chart{title: title, p: d.P, dist: &d}
	for k := range d.P {
		c.labels = append(c.labels, strconv.Itoa(k))
	}
	return c
}

// mapChart charts a distribution keyed by centimetres.
func mapChart(title i18n.Key, m map[string]float64) chart {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return atoi(keys[i]) < atoi(keys[j]) })
	c := chart{title: title}
	for _, k := range keys {
		c.labels = append(c.labels, k)
		c.p = append(c.p, m[k])
	}
	return c
}

// byChart charts chances indexed from first: by activation, by salvo.
func byChart(title i18n.Key, ps []float64, first int) chart {
	c := chart{title: title, p: ps}
	for i := range ps {
		c.labels = append(c.labels, strconv.Itoa(i+first))
	}
	return c
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}
