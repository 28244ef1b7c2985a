package calc

import (
	"slices"
	"sort"
	"strconv"

	"github.com/at4x/companion/i18n"
	"github.com/at4x/companion/rules"
)

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
	if n := len(res.Salvos); n > 1 {
		// The hits and impacts are the last salvo's: their titles say so.
		for i := range o.charts {
			switch ch := &o.charts[i]; ch.title {
			case i18n.ChartHits:
				ch.title, ch.arg = i18n.ChartHitsSalvoF, n
			case i18n.ChartImpacts:
				ch.title, ch.arg = i18n.ChartImpactsSalvoF, n
			}
		}
	}
	vehicleHeadline(&o, res.VehicleResult)
	if res.Simulated {
		o.simulated, o.refined, o.trials = true, res.Refined, res.Trials
	}
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

// simulationSteps is the refine function of first, the outcome of in's
// salvos at a unit whose figures are simulated: each call runs the next
// slice of the simulation (rules.SalvosSimulation.Step) and returns the
// figures so far, with the function for the slice after until the margin
// is reached. The simulation starts on the first call, so a link the page
// only evaluates (the other game, the what-ifs) costs nothing more.
func simulationSteps(in rules.SalvosInput, first outcome) func() outcome {
	var sim *rules.SalvosSimulation
	var step func() outcome
	step = func() outcome {
		if sim == nil {
			s, err := rules.SimulateSalvos(in)
			if err != nil { // Salvos simulated in, so this does not happen
				first.refine = nil
				return first
			}
			sim = s
		}
		res := sim.Step()
		o := salvosVehicleOutcome(res)
		if !res.Refined {
			o.refine = step
		}
		return o
	}
	return step
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
	// simulated says the headline comes from a simulation (a unit of
	// vehicles too large to follow all together) of trials trials, and
	// refined whether its margin has reached its target; until then refine
	// runs the next slice of the simulation.
	simulated, refined bool
	trials             int
	refine             func() outcome
}

// refining tells whether the figures are a simulation's first slices,
// which may be off by more than half a point: the page holds its charts,
// chances, table and export until refined (only the headline shows,
// with its margin).
func (o outcome) refining() bool { return o.simulated && !o.refined }

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
