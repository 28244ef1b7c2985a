package rules

import "testing"

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
			in := ShootInput{Game: g.ID, Range: 4, Cover: CoverNormal, FireAtWill: true, Detection: true, Attack: worstAttack()}
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
