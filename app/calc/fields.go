package calc

import (
	"net/url"
	"slices"
	"strconv"

	"github.com/at4x/companion/i18n"
)

// The calculators' inputs are written as data: one field per share-link
// key, made by a builder that says what the input is (numberField,
// toggleField, distance, fixedResult), shown only when a condition on the
// values holds (when, with valueIs, gameIs, allOf, ...: conditions are
// data, cond). The table of calculators (calculators.go) is built from
// these.

// fieldKind is how a calculator input is edited.
type fieldKind int

const (
	kindNumber fieldKind = iota // a stepper
	kindToggle                  // a checkbox, 0|1
	kindChoice                  // a select
	kindList                    // free text, such as "3,2"
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
	// keys only for vehicle targets); nil, always.
	show *cond
	// group numbers the salvo a field belongs to, from 1; 0 for the rest.
	group int
	// optional values may be left out of the link, and show empty then:
	// a distance in cm, which replaces the band when given.
	optional bool
	// def is the value shown when the engine's query leaves the key out
	// at its default (lock-on's 0, the salvos' target).
	def string
	// items is how many numbers a list takes, each from min to max.
	items int
}

// valueIn is the field's value among the engine's values.
func (f field) valueIn(v url.Values) string {
	if !v.Has(f.key) {
		return f.def
	}
	return v.Get(f.key)
}

// orElse is the field shown with def when the engine's query leaves its
// key out.
func (f field) orElse(def string) field {
	f.def = def
	return f
}

// distance is the cm field, beside the band it replaces.
func distance(key string) field {
	f := numberField(key, i18n.InDistance, 0, 300)
	f.optional = true
	return f
}

// numberField is a stepper from lo to hi.
func numberField(key string, label i18n.Key, lo, hi int) field {
	return field{key: key, label: label, kind: kindNumber, min: lo, max: hi}
}

// listField is free text: up to items whole numbers from lo to hi,
// separated by commas.
func listField(key string, label i18n.Key, lo, hi, items int) field {
	return field{key: key, label: label, kind: kindList, min: lo, max: hi, items: items}
}

// toggleField is a checkbox: 1 when ticked, 0 when not.
func toggleField(key string, label i18n.Key) field {
	return field{key: key, label: label, kind: kindToggle}
}

// when is the field shown only while show holds for the values.
func (f field) when(show *cond) field {
	f.show = show
	return f
}

// A cond is a condition on a calculator's values, written as data rather
// than as a closure: the field tables make some fifty of them, which as
// closures were code the browser compiled at start-up, and as data the
// prerendered page can hand them to the head script (prefill.go,
// prefill.js), which shows a link's fields before the wasm has started. A nil *cond always
// holds; fields and what-ifs hold pointers, which a field copies as one
// word.
type cond struct {
	Op    condOp   `json:"op"`
	Key   string   `json:"key,omitempty"`
	Value string   `json:"value,omitempty"` // condIs, condIsNot
	N     int      `json:"n,omitempty"`     // condUnder, condOver
	Games []string `json:"games,omitempty"` // condGame
	Of    []*cond  `json:"of,omitempty"`    // condAll, condAny
}

// condOp is what a cond tests; condTests says how.
type condOp string

const (
	condIs    condOp = "is"    // the key has the value
	condIsNot condOp = "isnot" // the key has another value, or none
	condHas   condOp = "has"   // the values hold the key
	condGame  condOp = "game"  // the game is one of Games
	condAll   condOp = "all"   // every cond of Of holds
	condAny   condOp = "any"   // one cond of Of holds
	condUnder condOp = "under" // the key's value is a number below N
	condOver  condOp = "over"  // the key's value is a number above N
)

// A condTest is what a condOp tests, written once for both sides of the
// page: in Go, for the client and the prerendered page, and in
// JavaScript, for the head script, which shows a link's fields before the
// client has started (prefill.js, whose holds HeadScript writes from these
// tests). An op with no test always holds, on both sides.
type condTest struct {
	holds func(c *cond, v url.Values) bool
	// js is the same test as an expression of the head script's holds(c),
	// where x is the key's value ("" for none), n the cond's N, g the
	// game and v the values by key.
	js string
}

// condTests are the condOps' tests. They are set in init: the tests of
// all and any call holds, which reads them.
var condTests map[condOp]condTest

func init() {
	condTests = map[condOp]condTest{
		condIs:    {func(c *cond, v url.Values) bool { return v.Get(c.Key) == c.Value }, `x == (c.value || "")`},
		condIsNot: {func(c *cond, v url.Values) bool { return v.Get(c.Key) != c.Value }, `x != (c.value || "")`},
		condHas:   {func(c *cond, v url.Values) bool { return v.Has(c.Key) }, `c.key in v`},
		condGame:  {func(c *cond, v url.Values) bool { return slices.Contains(c.Games, v.Get("game")) }, `c.games.includes(g)`},
		condAll: {func(c *cond, v url.Values) bool {
			return !slices.ContainsFunc(c.Of, func(c *cond) bool { return !c.holds(v) })
		}, `c.of.every(holds)`},
		condAny: {func(c *cond, v url.Values) bool {
			return slices.ContainsFunc(c.Of, func(c *cond) bool { return c.holds(v) })
		}, `c.of.some(holds)`},
		condUnder: {func(c *cond, v url.Values) bool { return atoi(v.Get(c.Key)) < c.N }, `(x | 0) < n`},
		condOver:  {func(c *cond, v url.Values) bool { return atoi(v.Get(c.Key)) > c.N }, `(x | 0) > n`},
	}
}

// holds tells whether the condition holds for the values; a nil one
// always does.
func (c *cond) holds(v url.Values) bool {
	if c == nil {
		return true
	}
	if t, ok := condTests[c.Op]; ok {
		return t.holds(c, v)
	}
	return true
}

func valueIs(key, value string) *cond    { return &cond{Op: condIs, Key: key, Value: value} }
func valueIsNot(key, value string) *cond { return &cond{Op: condIsNot, Key: key, Value: value} }
func hasValue(key string) *cond          { return &cond{Op: condHas, Key: key} }
func gameIs(games ...string) *cond       { return &cond{Op: condGame, Games: games} }
func allOf(conds ...*cond) *cond         { return &cond{Op: condAll, Of: conds} }
func anyOf(conds ...*cond) *cond         { return &cond{Op: condAny, Of: conds} }
func valueUnder(key string, n int) *cond { return &cond{Op: condUnder, Key: key, N: n} }
func valueOver(key string, n int) *cond  { return &cond{Op: condOver, Key: key, N: n} }

// maxAccuracy is the most Accuracy the fields take.
const maxAccuracy = 30

// fixedResult is a printed result a weapon hits or damages on (lock-on,
// artillery strike, Jammer): none, or 2+ to 6+, the only values the engine
// takes, so the form cannot offer a refused one.
func fixedResult(key string, label i18n.Key) field {
	return field{key: key, label: label, kind: kindChoice, def: "0", options: []option{{"0", i18n.FixedNone},
		{"2", i18n.Fixed2}, {"3", i18n.Fixed3}, {"4", i18n.Fixed4}, {"5", i18n.Fixed5}, {"6", i18n.Fixed6}}}
}

// coverFields are the cover choice, one field per target: the drills
// (Take cover, knee cover) apply to infantry only.
func coverFields(key string) []field {
	return []field{
		{key: key, label: i18n.InCover, kind: kindChoice, options: coverOptions, show: valueIsNot("target", "veh")},
		{key: key, label: i18n.InCover, kind: kindChoice, options: vehicleCover, show: valueIs("target", "veh")},
	}
}

// fixedFields are a direct-fire salvo's fixed-result options, keyed with
// the salvo's prefix: lock-on (AT-43 at any target, AT-44 at vehicles
// only), and AT-44's Jammer and Sniper.
func fixedFields(prefix string) []field {
	return []field{
		fixedResult(prefix+"lock", i18n.InLock).when(anyOf(gameIs("at43"), valueIs("target", "veh"))),
		fixedResult(prefix+"jammer", i18n.InJammer).when(gameIs("at44")),
		toggleField(prefix+"sniper", i18n.InSniper).when(gameIs("at44")),
	}
}

// Field groups shared by several calculators.
var (
	targetField = field{key: "target", label: i18n.InTarget, kind: kindChoice,
		options: []option{{"inf", i18n.InInfantry}, {"veh", i18n.InVehicle}}}
	vehicleFields = []field{
		numberField("frame", i18n.InFrame, 1, 60).when(valueIs("target", "veh")),
		numberField("prop", i18n.InPropulsion, 0, 60).when(valueIs("target", "veh")),
		weaponsField.when(valueIs("target", "veh")),
		numberField("vehicles", i18n.InVehicles, 1, 10).when(valueIs("target", "veh")),
		{key: "pick", label: i18n.InPick, kind: kindChoice, show: valueIs("target", "veh"),
			options: []option{{"wreck", i18n.PickWreck}, {"disarm", i18n.PickDisarm}}},
	}
	// weaponsField is the SP of each of a vehicle's weapons.
	weaponsField = listField("weapons", i18n.InWeaponSP, 0, 60, 6)
	// pickerField is who picks the weapon a weapon result hits: the
	// defender in AT-43 overwatch fire.
	pickerField = field{key: "picker", label: i18n.InPicker, kind: kindChoice, show: allOf(gameIs("at43"), valueIs("target", "veh")),
		options: []option{{"attacker", i18n.PickerAttacker}, {"defender", i18n.PickerDefender}}}
	coverOptions = []option{{"none", i18n.CoverNone}, {"cover", i18n.CoverNormal}, {"takecover", i18n.CoverTakeCover}, {"kneecover", i18n.CoverKnee}}
	// vehicleCover is what the engine takes at vehicles: no drill.
	vehicleCover = coverOptions[:2]
	plusAccuracy = whatIf{"acc", i18n.WhatIfAccuracy, func(v url.Values) { v.Set("acc", strconv.Itoa(atoi(v.Get("acc"))+1)) },
		valueUnder("acc", maxAccuracy)}
)

// attackFields are a shooting or close-combat calculator's inputs, the
// ones a player changes most first: how many weapons, the two duels of the
// universal table (to hit, then to damage), cover and the target, then the
// weapon's other figures and the rarer options.
func attackFields(melee bool) []field {
	n := numberField("n", i18n.InWeapons, 0, 100)
	if melee {
		n.label = i18n.InFighters
	}
	fs := []field{n, numberField("acc", i18n.InAccuracy, 0, 30)}
	if melee {
		fs = append(fs, numberField("def", i18n.InDefence, 0, 30))
	} else {
		fs = append(fs, numberField("range", i18n.InRange, 0, 30), distance("cm"))
	}
	fs = append(fs, numberField("pen", i18n.InPenetration, 0, 30), numberField("prot", i18n.InProtection, 0, 30))
	if !melee {
		fs = append(fs, coverFields("cover")...)
	}
	fs = append(fs, targetField, numberField("size", i18n.InSize, 1, 100).when(valueIsNot("target", "veh")),
		numberField("rate", i18n.InRate, 1, 20), numberField("rr", i18n.InRerolls, 0, 10), numberField("dmg", i18n.InDamage, 1, 10),
		numberField("type", i18n.InType, 1, 3).when(valueIsNot("target", "veh")))
	fs = append(fs, vehicleFields...)
	if !melee {
		fs = append(fs, pickerField)
		fs = append(fs, fixedFields("")...)
		fs = append(fs, toggleField("faw", i18n.InFireAtWill), toggleField("det", i18n.InDetection).when(gameIs("at44")))
	}
	return append(fs, toggleField("dmgrr", i18n.InDamageReroll), toggleField("medic", i18n.InMedic))
}

// salvoFields are the target's keys, then each salvo's, prefixed "s1.",
// "s2.", ...; a salvo's fields show once the link has it.
func salvoFields() []field {
	fs := []field{targetField.orElse("inf"), numberField("size", i18n.InSize, 1, 100).when(valueIsNot("target", "veh")),
		numberField("type", i18n.InType, 1, 3).when(valueIsNot("target", "veh")), numberField("prot", i18n.InProtection, 0, 30)}
	fs = append(fs, vehicleFields...)
	fs = append(fs, pickerField, toggleField("medic", i18n.InMedic))
	for i := 1; i <= maxSalvoGroups; i++ {
		p := salvoKey(i, "")
		shown := hasValue(p + "n")
		group := []field{numberField(p+"n", i18n.InWeapons, 0, 100), numberField(p+"acc", i18n.InAccuracy, 0, 30),
			numberField(p+"range", i18n.InRange, 0, 30), distance(p + "cm"), numberField(p+"pen", i18n.InPenetration, 0, 30)}
		group = append(group, coverFields(p+"cover")...)
		group = append(group, numberField(p+"rate", i18n.InRate, 1, 20), numberField(p+"rr", i18n.InRerolls, 0, 10), numberField(p+"dmg", i18n.InDamage, 1, 10),
			toggleField(p+"faw", i18n.InFireAtWill), toggleField(p+"det", i18n.InDetection).when(gameIs("at44")))
		group = append(group, fixedFields(p)...)
		for j := range group {
			if only := group[j].show; only != nil {
				group[j].show = allOf(shown, only)
			} else {
				group[j].show = shown
			}
			group[j].group = i
		}
		fs = append(fs, group...)
	}
	return fs
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}
