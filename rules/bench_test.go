package rules

import (
	"fmt"
	"testing"
)

// Typical inputs are a squad's salvo; worst cases are the largest values
// Validate allows.

func worstAttack() Attack {
	return Attack{Weapons: maxFighters, Rate: maxRate, Rerolls: maxRerolls, Accuracy: 6, Penetration: 5,
		Damage: 1, DamageReroll: true, Protection: 5, Size: maxFighters, Type: 1, Medic: true}
}

func BenchmarkShootTypical(b *testing.B) {
	in := ShootInput{Game: "at43", Range: 3, Cover: CoverNormal, Attack: Attack{Weapons: 6, Rate: 1, Rerolls: 1,
		Accuracy: 5, Penetration: 6, Damage: 1, Protection: 5, Size: 6, Type: 1}}
	for b.Loop() {
		if _, err := Shoot(in); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkShootWorst(b *testing.B) {
	for _, g := range Games() {
		b.Run(g.ID, func(b *testing.B) {
			// Detection is an AT-44 ability: AT-43 refuses it.
			in := ShootInput{Game: g.ID, Range: 4, Cover: CoverNormal, FireAtWill: true, Detection: g.Detection, Attack: worstAttack()}
			for b.Loop() {
				if _, err := Shoot(in); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkMeleeWorst(b *testing.B) {
	in := MeleeInput{Game: "at44", Defense: 4, Attack: worstAttack()}
	for b.Loop() {
		if _, err := Melee(in); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkIndirectTypical(b *testing.B) {
	in := IndirectInput{Game: "at43", Weapons: 2, Rate: 1, Accuracy: 3, Range: 3, AoE: 3,
		Penetration: 5, Damage: 1, Protection: 5, Under: 4}
	for b.Loop() {
		if _, err := Indirect(in); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkIndirectWorst(b *testing.B) {
	in := IndirectInput{Game: "at44", Weapons: maxFighters, Rate: maxRate, Rerolls: maxRerolls, Accuracy: 5,
		Range: 3, AoE: 1, Penetration: 5, Damage: 1, DamageReroll: true, Protection: 5, Under: maxFighters}
	for b.Loop() {
		if _, err := Indirect(in); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSalvosTypical(b *testing.B) {
	s := Salvo{Weapons: 6, Rate: 1, Rerolls: 1, Accuracy: 5, Range: 3, Penetration: 6, Damage: 1, Cover: CoverNormal}
	in := SalvosInput{Game: "at44", Size: 10, Type: 1, Protection: 5, Salvos: []Salvo{s, s, s}}
	for b.Loop() {
		if _, err := Salvos(in); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSalvosWorst(b *testing.B) {
	s := Salvo{Weapons: maxFighters, Rate: maxRate, Rerolls: maxRerolls, Accuracy: 6, Range: 4,
		Penetration: 5, Damage: 1, DamageReroll: true, Cover: CoverNormal, FireAtWill: true}
	in := SalvosInput{Game: "at44", Size: maxFighters, Type: 1, Protection: 5, Medic: true}
	for range maxSalvos {
		in.Salvos = append(in.Salvos, s)
	}
	for b.Loop() {
		if _, err := Salvos(in); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkShootVehicleWorst(b *testing.B) {
	a := worstAttack()
	a.Target = TargetVehicle
	a.Penetration = 30
	a.Vehicle = VehicleTarget{Frame: maxSP, Propulsion: maxSP, Vehicles: maxVehicles,
		Weapons: []int{maxSP, maxSP, maxSP, maxSP, maxSP, maxSP}}
	in := ShootInput{Game: "at44", Range: 4, Attack: a}
	for b.Loop() {
		if _, err := Shoot(in); err != nil {
			b.Fatal(err)
		}
	}
}

// largeVehicleUnit is v of the largest vehicle Validate lets through one
// at a time (13 frame, 10 propulsion, three weapons of 10 SP, Self-repair)
// under salvos of 30 dice, Damage 1 and 2 in turn: the second check's
// slowest links, far past the joint chain's budget.
func largeVehicleUnit(v, salvos int) SalvosInput {
	in := SalvosInput{Game: "at44", Target: TargetVehicle, Protection: 5, Medic: true,
		Vehicle: VehicleTarget{Frame: 13, Propulsion: 10, Weapons: []int{10, 10, 10}, Vehicles: v}}
	for i := range salvos {
		in.Salvos = append(in.Salvos, Salvo{Weapons: 10, Rate: 3, Accuracy: 6, Range: 1, Penetration: 6, Damage: 1 + i%2})
	}
	return in
}

// BenchmarkSalvosUnitLargeVehicles times the answer to a tap on the
// second check's slowest links (13.5 to 16 ms when the estimate followed
// the chain): the joint chain's budget, then the simulation's first
// slice.
func BenchmarkSalvosUnitLargeVehicles(b *testing.B) {
	for _, u := range []struct{ vehicles, salvos int }{{10, 10}, {4, 6}} {
		b.Run(fmt.Sprintf("%d vehicles %d salvos", u.vehicles, u.salvos), func(b *testing.B) {
			in := largeVehicleUnit(u.vehicles, u.salvos)
			if res, err := Salvos(in); err != nil || !res.Simulated {
				b.Fatalf("simulated %v, error %v", res.Simulated, err)
			}
			for b.Loop() {
				if _, err := Salvos(in); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkSalvosSimulationStep times one slice of the simulation, which
// the app runs between two frames: ten of the largest vehicles under ten
// salvos of 30 dice (the costliest trials), and eight walkers under three
// salvos of 12 dice (the browser test's unit).
func BenchmarkSalvosSimulationStep(b *testing.B) {
	walkers := unitSalvos(VehicleTarget{Frame: 4, Propulsion: 2, Weapons: []int{2, 1}, Vehicles: 8}, 12, func(int) int { return 2 })
	walkers.Salvos = walkers.Salvos[:3]
	for name, in := range map[string]SalvosInput{"large": largeVehicleUnit(10, 10), "walkers": walkers} {
		b.Run(name, func(b *testing.B) {
			var sim *SalvosSimulation
			for b.Loop() {
				if sim == nil || sim.Refined() {
					b.StopTimer()
					sim, _ = SimulateSalvos(in)
					b.StartTimer()
				}
				sim.Step()
			}
		})
	}
}

// BenchmarkSalvosSimulationRefine times a whole refinement the page's way,
// SimulateSalvos then Step until Refined, and reports its slices: the
// largest unit of the benchmarks, the browser test's walkers and the
// third audit's two links.
func BenchmarkSalvosSimulationRefine(b *testing.B) {
	walkers := unitSalvos(VehicleTarget{Frame: 4, Propulsion: 2, Weapons: []int{2, 1}, Vehicles: 8}, 12, func(int) int { return 2 })
	walkers.Salvos = walkers.Salvos[:3]
	units := []struct {
		name string
		in   SalvosInput
	}{{"large", largeVehicleUnit(10, 10)}, {"walkers", walkers}}
	for _, a := range auditLinks {
		v, _ := ParseLink(a.link)
		in, err := ParseSalvos(v)
		if err != nil {
			b.Fatal(err)
		}
		units = append(units, struct {
			name string
			in   SalvosInput
		}{"audit " + a.name, in})
	}
	for _, u := range units {
		b.Run(u.name, func(b *testing.B) {
			steps := 0
			for b.Loop() {
				sim, err := SimulateSalvos(u.in)
				if err != nil {
					b.Fatal(err)
				}
				steps = 0
				for !sim.Refined() {
					sim.Step()
					steps++
				}
			}
			b.ReportMetric(float64(steps), "slices")
		})
	}
}
