package calc

import (
	"net/url"
	"slices"
	"sync"

	"github.com/at4x/companion/i18n"
	"github.com/at4x/companion/rules"
)

// whatIf is a change the reader can try on top of the current values.
type whatIf struct {
	key   string // the toggle's id
	label i18n.Key
	apply func(v url.Values)
	// offered says whether the change changes anything: a what-if is
	// never offered for what the values already hold.
	offered *cond
	// Nor is one that would leave the answer as it is ("4 and 5 both need
	// 3+"), where the page says why: whatIfSame.
}

// offers tells whether the what-if is offered for the values.
func (w whatIf) offers(v url.Values) bool { return w.offered.holds(v) }

// spec is a calculator whole: its row of the table (name, title, games)
// and what the row's build makes of it.
type spec struct {
	*calculator
	fields  []field
	whatIfs []whatIf
	// versus lays the fields out as two columns, us and them.
	versus bool
	// run parses the values with the engine, computes, and returns the
	// values with every default filled in, and the outcome.
	run func(v url.Values) (url.Values, outcome, error)
}

// runner runs the engine's three steps on the values v: parse them (a
// rules.ParseX), compute (rules.X), and read the result, with the input it
// came from, into an outcome. The values it returns are the input's query,
// with every default filled in. When the engine refuses the values or
// fails, it returns the error and no outcome.
//
// Each row's run calls it, rather than runner making the run: a closure
// made by a generic function carries the runtime types of its
// instantiation's shapes (the engine's inputs and results, field by
// field), which made the wasm 60 KB larger.
func runner[In interface{ Query() url.Values }, Res any](v url.Values, parse func(url.Values) (In, error), compute func(In) (Res, error),
	read func(In, Res) outcome) (url.Values, outcome, error) {
	in, err := parse(v)
	if err != nil {
		return nil, outcome{}, err
	}
	res, err := compute(in)
	if err != nil {
		return in.Query(), outcome{}, err
	}
	return in.Query(), read(in, res), nil
}

// calculators are the calculators the engine offers, in menu order: what
// the menus, the routes and the history need (name, title, games), and
// build, which makes the rest of each (fields, what-ifs, run) the first
// time a page shows it. Made at package init, the fields, what-ifs and
// closures of every calculator were the slowest init of the program (some
// 40 ms at start-up on a throttled phone, most of it the browser compiling
// that init), which every page paid, a section as much as a calculator.
var calculators = []calculator{
	{
		name: "shoot", title: i18n.CalcShoot, games: []string{"at43", "at44"},
		build: func() spec {
			return spec{
				fields: attackFields(false),
				whatIfs: []whatIf{plusAccuracy,
					// Vehicles take no cover drill; kneeling behind cover has
					// taken it already.
					{"takecover", i18n.WhatIfCover, func(v url.Values) { v.Set("cover", "takecover") },
						allOf(valueIsNot("target", "veh"), valueIsNot("cover", "takecover"), valueIsNot("cover", "kneecover"))},
					{"faw", i18n.WhatIfFaw, func(v url.Values) { v.Set("faw", "1") }, valueIsNot("faw", "1")}},
				run: func(v url.Values) (url.Values, outcome, error) {
					return runner(v, rules.ParseShoot, rules.Shoot, func(_ rules.ShootInput, res rules.AttackResult) outcome { return attackOutcome(res) })
				},
			}
		},
	},
	{
		name: "melee", title: i18n.CalcMelee, games: []string{"at43", "at44"},
		gameTitle: map[string]i18n.Key{"at44": i18n.CalcMeleeAT44},
		build: func() spec {
			return spec{
				fields: attackFields(true), whatIfs: []whatIf{plusAccuracy},
				run: func(v url.Values) (url.Values, outcome, error) {
					return runner(v, rules.ParseMelee, rules.Melee, func(_ rules.MeleeInput, res rules.AttackResult) outcome { return attackOutcome(res) })
				},
			}
		},
	},
	{
		name: "salvos", title: i18n.CalcSalvos, games: []string{"at43", "at44"},
		build: func() spec {
			return spec{
				fields: salvoFields(),
				run: func(v url.Values) (url.Values, outcome, error) {
					return runner(v, rules.ParseSalvos, rules.Salvos, func(in rules.SalvosInput, res rules.SalvosResult) outcome {
						if res.VehicleResult != nil {
							o := salvosVehicleOutcome(res)
							if res.Simulated && !res.Refined {
								o.refine = simulationSteps(in, o)
							}
							return o
						}
						o := outcome{result: res, main: &res.Casualties, noun: i18n.NounCasualties, explain: res.Explain, notes: res.Notes,
							stats: []stat{{key: i18n.WipedOut, p: res.WipedOut}, {key: i18n.MoraleThreshold, p: res.MoraleThreshold}}}
						for i, d := range res.After {
							o.charts = append(o.charts, distChart(i18n.ChartAfterSalvo, d))
							o.charts[len(o.charts)-1].arg = i + 1
						}
						return o
					})
				},
			}
		},
	},
	{
		name: "indirect", title: i18n.CalcIndirect, games: []string{"at43", "at44"},
		build: func() spec {
			return spec{
				fields: []field{numberField("n", i18n.InWeapons, 0, 100), numberField("rate", i18n.InRate, 1, 20), numberField("rr", i18n.InRerolls, 0, 10),
					numberField("acc", i18n.InAccuracy, 0, 30), numberField("range", i18n.InRange, 0, 30), distance("cm"),
					numberField("aoe", i18n.InAoE, 1, 10), numberField("pen", i18n.InPenetration, 0, 30), numberField("dmg", i18n.InDamage, 1, 10),
					numberField("prot", i18n.InProtection, 0, 30), numberField("under", i18n.InUnder, 0, 100), toggleField("dmgrr", i18n.InDamageReroll),
					fixedResult("fixed", i18n.InArtillery).when(gameIs("at43")),
					numberField("vehicles", i18n.InVehiclesUnder, 0, 10).orElse("0"), numberField("vprot", i18n.InVehicleProtection, 0, 30).when(valueOver("vehicles", 0)),
					numberField("frame", i18n.InFrame, 1, 60).when(valueOver("vehicles", 0)), numberField("prop", i18n.InPropulsion, 0, 60).when(valueOver("vehicles", 0)),
					weaponsField.when(valueOver("vehicles", 0)),
					{key: "pick", label: i18n.InPick, kind: kindChoice, show: valueOver("vehicles", 0),
						options: []option{{"wreck", i18n.PickWreck}, {"disarm", i18n.PickDisarm}}}},
				whatIfs: []whatIf{plusAccuracy},
				run: func(v url.Values) (url.Values, outcome, error) {
					return runner(v, rules.ParseIndirect, rules.Indirect, func(in rules.IndirectInput, res rules.IndirectResult) outcome {
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
						return o
					})
				},
			}
		},
	},
	{
		name: "morale", title: i18n.CalcMorale, games: []string{"at43", "at44"},
		build: func() spec {
			return spec{
				fields: []field{numberField("mor", i18n.InMorale, 0, 30), numberField("rank", i18n.InRank, 0, rules.AT44.MaxRank).when(gameIs("at44")),
					toggleField("obj", i18n.InObjective).when(gameIs("at44")), numberField("extra", i18n.InEarlier, 0, 10).when(gameIs("at44")),
					numberField("activations", i18n.InActivations, 1, 20), toggleField("spend", i18n.InSpend),
					{key: "status", label: i18n.InStatus, kind: kindChoice, options: []option{{"valiant", i18n.StatusValiant}, {"disorganized", i18n.StatusDisorganized}}}},
				run: func(v url.Values) (url.Values, outcome, error) {
					return runner(v, rules.ParseMorale, rules.Morale, func(in rules.MoraleInput, res rules.MoraleResult) outcome {
						chain := res.NoSpend
						if in.Spend {
							chain = res.Spend
						}
						return outcome{result: res, chance: &res.Pass, chanceOf: i18n.Pass, explain: res.Explain, notes: res.Notes,
							charts: []chart{byChart(i18n.ChartRoutBy, chain.RoutBy, 1)},
							stats:  []stat{{key: i18n.Routs, p: res.Rout}}}
					})
				},
			}
		},
	},
	{
		name: "authority", title: i18n.CalcAuthority, games: []string{"at43", "at44"},
		build: func() spec {
			return spec{
				// Us and them side by side: the form lays these out in two columns.
				versus: true,
				fields: []field{numberField("a", i18n.InOurAuthority, 0, 30), numberField("b", i18n.InTheirAuthority, 0, 30),
					numberField("aw", i18n.InOurWager, 0, 30), numberField("bw", i18n.InTheirWager, 0, 30),
					// A commander's rank goes up to the game's top rank: one pair
					// of fields per game, so the steppers stop where the engine does.
					numberField("ar", i18n.InOurRank, 0, rules.AT43.MaxRank).when(gameIs("at43")), numberField("br", i18n.InTheirRank, 0, rules.AT43.MaxRank).when(gameIs("at43")),
					numberField("ar", i18n.InOurRank, 0, rules.AT44.MaxRank).when(gameIs("at44")), numberField("br", i18n.InTheirRank, 0, rules.AT44.MaxRank).when(gameIs("at44"))},
				run: func(v url.Values) (url.Values, outcome, error) {
					return runner(v, rules.ParseAuthority, rules.Authority, func(in rules.AuthorityInput, res rules.AuthorityResult) outcome {
						var wagers []float64
						if in.AWager >= 0 && in.BWager >= 0 && in.BWager < len(res.Table) {
							for _, row := range res.Table {
								if in.BWager < len(row) {
									wagers = append(wagers, row[in.BWager])
								}
							}
						}
						return outcome{result: res, chance: &res.Win, chanceOf: i18n.Win, explain: res.Explain, notes: res.Notes,
							stats:  []stat{{key: i18n.Tie, p: res.Tie}},
							charts: []chart{byChart(i18n.InOurWager, wagers, 0)}}
					})
				},
			}
		},
	},
	{
		name: "crush", title: i18n.CalcCrush, games: []string{"at43", "at44"},
		build: func() spec {
			return spec{
				fields: []field{numberField("free", i18n.InFree, 0, 100), numberField("engaged", i18n.InEngaged, 0, 100)},
				run: func(v url.Values) (url.Values, outcome, error) {
					return runner(v, rules.ParseCrush, rules.Crush, func(_ rules.CrushInput, res rules.CrushResult) outcome {
						return outcome{result: res, main: &res.Casualties, noun: i18n.NounCasualties, explain: res.Explain, notes: res.Notes,
							charts: []chart{distChart(i18n.ChartCasualties, res.Casualties)},
							stats:  []stat{{key: i18n.WipedOut, p: res.WipedOut}}}
					})
				},
			}
		},
	},
	{
		name: "minefield", title: i18n.CalcMinefield, games: []string{"at43"},
		build: func() spec {
			return spec{
				// The unit's members: up to 100 fighters, or 1-10 vehicles, as the
				// engine allows; two fields of one key, one shown at a time.
				fields: append(append([]field{numberField("n", i18n.InMembers, 1, 100).when(valueIsNot("target", "veh")),
					numberField("n", i18n.InMembers, 1, 10).when(valueIs("target", "veh")), numberField("cards", i18n.InCards, 1, 10), targetField,
					numberField("prot", i18n.InProtection, 0, 30), numberField("type", i18n.InType, 1, 3).when(valueIsNot("target", "veh")),
					toggleField("medic", i18n.InMedic)}, vehicleFields[:3]...), vehicleFields[4]),
				run: func(v url.Values) (url.Values, outcome, error) {
					return runner(v, rules.ParseMinefield, rules.Minefield, func(_ rules.MinefieldInput, res rules.MinefieldResult) outcome {
						o := targetOutcome(res.Impacts, res.Impacts, res.InfantryResult, res.VehicleResult)
						o.result, o.explain, o.notes = res, res.Explain, res.Notes
						o.charts = o.charts[1:] // no hit roll: the cards give the impacts
						return o
					})
				},
			}
		},
	},
	{
		name: "terrain", title: i18n.CalcTerrain, games: []string{"at44"},
		build: func() spec {
			return spec{
				fields: []field{numberField("n", i18n.InWeapons, 0, 100), numberField("rate", i18n.InRate, 1, 20), numberField("rr", i18n.InRerolls, 0, 10),
					numberField("acc", i18n.InAccuracy, 0, 30), numberField("range", i18n.InRange, 0, 30), distance("cm"), numberField("pen", i18n.InPenetration, 0, 30),
					numberField("dmg", i18n.InDamage, 1, 10), numberField("structure", i18n.InStructure, 1, 30), numberField("salvos", i18n.InSalvos, 1, 20),
					fixedResult("lock", i18n.InLock)},
				whatIfs: []whatIf{plusAccuracy},
				run: func(v url.Values) (url.Values, outcome, error) {
					return runner(v, rules.ParseTerrain, rules.Terrain, func(_ rules.TerrainInput, res rules.TerrainResult) outcome {
						return outcome{result: res, chance: &res.Destroyed, chanceOf: i18n.Destroyed, explain: res.Explain, notes: res.Notes,
							charts: []chart{distChart(i18n.ChartHits, res.Hits), byChart(i18n.ChartDownBy, res.BySalvo, 1),
								distChart(i18n.ChartStructure, res.Structure)}}
					})
				},
			}
		},
	},
	{
		name: "d10attack", title: i18n.CalcD10Attack, games: []string{"d10"},
		build: func() spec {
			return spec{
				fields: []field{
					{key: "mode", label: i18n.InMode, kind: kindChoice, options: []option{{"ranged", i18n.ModeRanged}, {"melee", i18n.ModeMelee}}},
					numberField("skill", i18n.InSkill, 1, 10), numberField("mod", i18n.InMod, -10, 10), numberField("n", i18n.InAttacks, 1, 20),
					numberField("ar", i18n.InAR, 0, 10), numberField("ma", i18n.InMA, -5, 5), numberField("pui", i18n.InPUI, 0, 10), numberField("phy", i18n.InPHY, 0, 10),
					toggleField("aimed", i18n.InAimed).when(valueIsNot("mode", "melee")), toggleField("lightcover", i18n.InLightCover).when(valueIsNot("mode", "melee")),
					toggleField("heavycover", i18n.InHeavyCover).when(valueIsNot("mode", "melee")), toggleField("large", i18n.InLarge).when(valueIsNot("mode", "melee")),
					toggleField("charge", i18n.InCharge).when(valueIs("mode", "melee")), toggleField("received", i18n.InReceived).when(valueIs("mode", "melee")),
					toggleField("ground", i18n.InGround).when(valueIs("mode", "melee")), toggleField("paralysed", i18n.InParalysed)},
				run: func(v url.Values) (url.Values, outcome, error) {
					return runner(v, rules.ParseD10Attack, rules.D10Attack, func(_ rules.D10AttackInput, res rules.D10AttackResult) outcome {
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
						return o
					})
				},
			}
		},
	},
	{
		name: "d10morale", title: i18n.CalcD10Morale, games: []string{"d10"},
		build: func() spec {
			return spec{
				fields: []field{numberField("cou", i18n.InCOU, 0, 10), toggleField("independent", i18n.InIndependent)},
				run: func(v url.Values) (url.Values, outcome, error) {
					return runner(v, rules.ParseD10Morale, rules.D10Morale, func(_ rules.D10MoraleInput, res rules.D10MoraleResult) outcome {
						return outcome{result: res, chance: &res.Pass, chanceOf: i18n.Pass, explain: res.Explain, notes: res.Notes,
							stats: []stat{{key: i18n.Paralysed, p: res.Paralysed}, {key: i18n.Retreat, p: res.Retreat}, {key: i18n.Routs, p: res.Rout}}}
					})
				},
			}
		},
	},
	{
		name: "d10vehicle", title: i18n.CalcD10Vehicle, games: []string{"d10"},
		build: func() spec {
			return spec{
				fields: []field{numberField("dmg", i18n.InDmgPoints, 0, 20), toggleField("loco", i18n.InLoco)},
				run: func(v url.Values) (url.Values, outcome, error) {
					return runner(v, rules.ParseD10Vehicle, rules.D10Vehicle, func(_ rules.D10VehicleInput, res rules.D10VehicleResult) outcome {
						return outcome{result: res, chance: &res.Detonation, chanceOf: i18n.Detonation, explain: res.Explain, notes: res.Notes,
							charts: []chart{distChart(i18n.ChartChains, res.Chains)},
							stats: []stat{{key: i18n.Immobilized, p: res.Immobilized}, {key: i18n.LocomotionHit, p: res.Locomotion},
								{key: i18n.WeaponHit, p: res.Weapon}, {key: i18n.Electronics, p: res.Electronics},
								{key: i18n.NothingHappens, p: res.Nothing}, {key: i18n.Internal, p: res.Internal}}}
					})
				},
			}
		},
	},
}

// field returns the calculator's input of that key that applies to the
// values v: a key may have two fields, each with its own range, shown one
// at a time (minefield members: fighters or vehicles).
func (s *spec) field(key string, v url.Values) (field, bool) {
	i := slices.IndexFunc(s.fields, func(f field) bool { return f.key == key && f.show.holds(v) })
	if i < 0 {
		i = slices.IndexFunc(s.fields, func(f field) bool { return f.key == key })
	}
	if i < 0 {
		return field{}, false
	}
	return s.fields[i], true
}

// hasField tells whether the calculator has an input of that key.
func (s *spec) hasField(key string) bool {
	return slices.ContainsFunc(s.fields, func(f field) bool { return f.key == key })
}

// shows tells whether a field of that key shows for the values v.
func (s *spec) shows(key string, v url.Values) bool {
	return slices.ContainsFunc(s.fields, func(f field) bool { return f.key == key && f.show.holds(v) })
}

// hide drops from v the values of the fields that show for the values
// before a change and for none after it (the vehicle keys when the reader
// turns to infantry, Detection when AT-44 turns to AT-43): the engine
// refuses a key that does not apply, and the reader's own earlier value
// must not come back as a refused value of the link. A reader who changes
// back finds the field at its default. Values kept out of the link but in
// memory would come back instead, but then the page would show what its
// link does not say, and a reload or the opponent would not.
func (s *spec) hide(v, before, after url.Values) {
	for k := range v {
		if s.shows(k, before) && !s.shows(k, after) {
			v.Del(k)
		}
	}
}

// hasProfileKeys tells whether a saved profile can hold any of the
// calculator's values: the profiles are offered only there.
func (s *spec) hasProfileKeys() bool {
	// The authority test's keys are the two commanders' (its "ar" is a
	// rank, not the d10 armour a profile keeps).
	return !s.versus && slices.ContainsFunc(profileKeys, s.hasField)
}

// A calculator is one row of the table of calculators.
type calculator struct {
	name  string
	title i18n.Key
	games []string
	// gameTitle names the calculator in a game whose books call it
	// otherwise (AT-44's French "mêlée" where AT-43 says "corps à corps").
	gameTitle map[string]i18n.Key
	build     func() spec // the fields, what-ifs and run

	once  sync.Once
	built *spec // build's spec, which points back to its row
}

// spec returns the calculator's spec, built on first use and then kept: it
// never changes.
func (c *calculator) spec() *spec {
	c.once.Do(func() {
		s := c.build()
		s.calculator = c
		c.built = &s
	})
	return c.built
}

// specFor returns the calculator with the name, or nil.
func specFor(name string) *spec {
	if c := calculatorNamed(name); c != nil {
		return c.spec()
	}
	return nil
}

// allSpecs are every calculator's spec, in menu order.
func allSpecs() []*spec {
	out := make([]*spec, len(calculators))
	for i := range calculators {
		out[i] = calculators[i].spec()
	}
	return out
}
