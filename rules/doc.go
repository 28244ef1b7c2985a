// Package rules computes exact outcome probabilities for the AT-43 and AT-44
// miniatures games: pure Go with only the standard library, so the same code
// runs in the browser (WebAssembly), the static-site generator and the tests.
//
// # Rulesets
//
// A [Game] value carries everything in which the rulesets differ, as data or
// as a small function: how centimetres become a range band, how re-rolls are
// spent ([RerollPerDie] or [RerollPool]), the cover saves, how an
// indirect-fire template grows, caps and deviates, the vehicle location
// rules, the morale and authority rules, point costs, crushing, minefields,
// terrain, and the ids of the notes its interpretations attach. The
// calculators read only these fields and never test which game they serve,
// so a third ruleset plugs in as one more Game value listed by [Games].
//
// # Building a calculator
//
// Every calculator is a chain of exact distributions ([Dist]: the chance of
// 0, 1, 2, ... of something) built from a few shared pieces:
//
//   - the universal table ([Needed], [Chance]) gives the chance of one test;
//   - [Binomial] counts successes among independent dice, and [Hits] adds
//     each game's re-rolls (AT-43: R more tries per die, still binomial;
//     AT-44: a pool of re-rolls spread over the failed dice, a mixture);
//   - thinning ([Dist.Thin]) keeps each counted item with a fixed chance:
//     hits become impacts past cover saves, impacts become successful damage
//     tests; it is evaluated as the generating function G(q + p z), with no
//     subtraction, so tiny chances keep their precision;
//   - capping ([Dist.Cap]) folds everything above a limit onto it: a unit of
//     n fighters cannot lose more than n;
//   - a Markov chain carries a state from step to step where steps interact:
//     [Salvos] tracks the fighters lost so far (and whether the medic has
//     acted) across salvos, or each vehicle's parts.
//
// Thinning and convolution skip the ends of a distribution that hold less
// than 1e-18 of its mass, so the largest inputs (2000 dice) cost well under
// a millisecond and results stay within 1e-12 of exact rational arithmetic,
// which the tests check against a math/big.Rat reference.
//
// # Vehicles, morale, authority, crushing, minefields, terrain
//
// A vehicle is a Markov chain over the structure points of its parts
// (frame, propulsion, each weapon), absorbed when the frame falls. Read
// literally it has far too many states, but when each damaging hit's
// location is independent of the others and the attacker's weapon pick is a
// fixed rule, the state after k hits of one Damage depends only on how many
// hit each class of part: vehicleDamage sums the chain over those counts
// (binomial within binomial), visiting only counts that leave the frame
// standing, and the tests check it hit by hit against the literal chain in
// rationals. Where that does not hold, the literal chain itself runs, one
// hit at a time over the states reachable (weapon vectors x propulsion x
// frame x Self-repair): [Salvos] at vehicles, whose salvos each bring their
// own Damage, and AT-44 close combat, where the attacker keeps, of two
// location dice, the one that gives the best chance of his aim (wreck or
// disarm) by the end of the attack, knowing the damaging hits still to
// come: a backward induction over the vehicle's states, then the chain
// once for each number of damaging hits (meleeveh.go). Salvos whose chain
// would be too long are refused; close combat against vehicles that large
// keeps the fixed order of the dice.
// Salvos at several vehicles share each salvo's impacts among them (see
// Units of vehicles below).
// Vehicles under an indirect-fire template each take the impacts every
// fighter under it takes, so given that number they fall independently.
//
// Fixed-result weapons replace a test by a printed result (Game.Fixed):
// lock-on fire and artillery strikes hit on it whatever the range, the
// AT-44 Jammer's damage test against vehicles needs it, and the AT-44
// Sniper ignores cover.
// Impacts are shared out as evenly as possible, closest vehicle first; given
// the total, the vehicles fall independently. [Morale] is a three-state
// chain (valiant, disorganized, routed) under each game's pass and spending
// rules; [Terrain] a chain over the structure left, salvo after salvo;
// [Authority] conditions on the dice not tying; [Crush] convolves two
// binomials; [Minefield] reuses the infantry and vehicle pieces.
//
// # Units of vehicles
//
// Salvos at one vehicle are worked out exactly, state by state, so their
// size has a bound that keeps the slowest answer under 10 ms: a link whose
// vehicles and dice would go past it is refused, with a message naming the
// salvo to shrink. The bound allows vehicles far larger than the games' own,
// such as three weapons of 10 SP on 19 frame under ten salvos of 30 dice.
//
// A unit of several vehicles is followed all together (note
// salvos-vehicle-unit): losses leave the table at once, and the vehicles
// left take over the fallen ones' shares of the next salvo. The wrecks an
// AT-44 Jammer leaves are the exception (note salvos-jammer-wreck): seed
// 001 keeps them in place until upkeep and lets them still be fired at, so
// they go on taking their shares of the later salvos. The joint chain
// (unitchain.go) keeps one box of cells per set of vehicles still standing,
// each over the states those vehicles can reach there, so it grows with what
// can happen rather than with every combination. It is exact within a
// budget of work (maxUnitNanos) counted in nanoseconds, each step of the
// chain costed by a fit to measured times, not read off a clock, so the
// same link is exact, or not, on every device.
//
// Past the budget the unit is simulated ([SalvosSimulation], unitsim.go;
// note salvos-vehicle-unit-simulated): the salvos are rolled trial after
// trial by the same reading, and each figure is the share of the trials it
// happened in. The dice come from a PCG generator seeded with a hash of
// the link's canonical query, so one link rolls the same trials on every
// device. [Salvos] answers a tap with the trials that fit a first slice
// of about half a millisecond, [SalvosResult].Simulated set, and the app
// then runs [SalvosSimulation.Step], a slice of about 2 ms at a time (a
// browser runs it within a frame), until every chance the result gives is
// within half a point: [SalvosResult].Refined. "Every chance" is each
// figure after each salvo, the unit's and each vehicle's, and each "at
// least k" of a distribution (so its "at most" too), so that whatever the
// page shows, headline, chart, table or export, is refined, and no figure
// needs a margin of its own. The margin of a chance p is
// [SimulatedMargin]: the distance from p to the farther end of its 95 %
// Wilson score interval with continuity correction, at z = 1.97, as the
// simulation stops on the margin itself. Such an interval leans towards
// one half, most at small chances: a unit that sees no wreck stops after
// 1,024 trials at the earliest, "0.0% ± 0.5%" meaning under 0.47 %. The
// stated margin holds at least 95.1 % of the time for every true chance
// from 0.001 to 0.999, stopping rule included (TestSimulatedCoverage,
// exact, with seeded runs to check it; the Wilson half-width the
// simulation stopped on before held 89.5 % at 0.6 %, as the page showed
// it). A chance near one
// half needs the most trials, and nearly every unit has one among its
// figures, so a simulation almost always runs to the cap: 39,040 trials
// (maxSimTrials). Slices are counted in work, and the margin is looked at
// every 128 trials only, so the figures where it stops do not depend on
// the slicing either. On 200 random units of the games' sizes that the
// chain also follows, the refined headline chances are within the stated
// margin on 197, off by 0.0012 on average and 0.0068 at worst, and of
// their 34,267 chances 97.3 % are within their own margin, none off by
// more than 0.009 (TestSalvosSimulationMatchesChain).
//
// What stays exact, in dice a salvo, for walkers of 4 frame, 2 propulsion
// and weapons of 2 and 1 SP (4+ to hit, Penetration 12 against Protection
// 10):
//
//	salvos                              2 vehicles   3    4    5    6    8
//	3 of Damage 2                               30  30   30   20    6    5
//	10 of Damage 2                              30  30   30    3    3    2
//	3 of Damage 1, 2 and 3 in turn              30  12    6    5    4    4
//	9 of Damage 1, then 1 of Damage 3           30  30    3    3    2    2
//
// Walkers of 8 frame, 3 propulsion and weapons of 3 and 2 SP under ten
// salvos of Damage 2: 30 dice for two or three vehicles, 6 for four, 3 for
// five. Over 300 random table-sized cases per size (one to four salvos of
// up to 8 dice, frames 2 to 8, mixed Damage), the chain gives up for the
// simulation on 5 units of three vehicles, 28 of four, 46 of five and 61
// of six.
//
// # The d10 sheet
//
// The d10 skirmish sheet is a third ruleset of another kind: one ten-sided
// die rolled at or under a number, with no universal table, so it cannot be
// a set of d6 fields. Its [D10] value is therefore not listed by [Games] (the
// d6 calculators refuse game=d10) and it has calculators of its own, which
// accept only game=d10: [D10Attack] (hit roll with the sheet's modifiers and
// natural 1 and 10, armour roll, damage roll, then [Binomial] over the
// attacks), [D10Morale] (morale roll, panic table) and [D10Vehicle] (vehicle
// damage table, chain reactions followed as a Markov chain on the damage
// points, which only grow). They share Dist, the query codec, Step and Note
// with the rest; [Notes] lists their notes with every other.
//
// # Inputs and results
//
// Each calculator takes a plain input struct and returns (result, error):
// [Shoot], [Melee], [Salvos], [Indirect], and the others. Each input parses
// from the app's share links with ParseXxx(url.Values), writes itself back
// with Query, and checks itself in Validate. Parse and Validate report
// every refused value at once, as [FieldErrors]: each [FieldError] names
// its query key, says what is allowed, echoes at most 40 characters of the
// input (an app words its own messages and echoes with [Echo], escaped and
// isolated, the same in every language), and wraps a sentinel reason ([ErrSyntax], [ErrRange], [ErrChoice],
// [ErrBothRanges], [ErrConflict], [ErrNotApplicable], [ErrUnknownKey],
// [ErrRepeated]) for errors.Is. A key given twice is refused, and so are
// the keys a Parse does not read (a capital, a key of another calculator),
// all in one FieldError whose [UnknownKeys] lists them; the keys known are
// those the input's reader reads, plus the page's (lang, which must be en
// or fr, atleast, whatif, compare, bar), once each. A key the input reads
// but that does not apply to it as the rest of the link sets it (a vehicle's
// frame at infantry, size at vehicles, rank in AT-43 morale, Detection in
// AT-43) is refused with a [NotApplicable], which names its quiet value:
// its default, which changes nothing, so a link giving it that is only
// redundant and is taken quietly (det=0 in AT-43, size=6 at vehicles).
// [ParseLink] reads a link's query reporting bad percent-escapes the same
// way. Results
// marshal to JSON with fixed
// keys (hits, impacts, casualties, wiped_out, ...), distributions as
// {"p": [...], "mean": x}, plus Explain, machine-readable [Step] values
// (their [StepKind]s listed by [StepKinds]) the app phrases in English or French, and Notes: the [Note] of every
// interpretation the result depends on, with stable ids and text in both
// languages.
package rules
