package army

import (
	"maps"
	"slices"
)

// Values are a part of a unit as share-link values: key to value, each
// key the one a calculator's link gives it.
type Values map[string]string

// An Army is a named list of units of one game.
type Army struct {
	Game  string // "at43" or "at44"
	Name  string
	Units []Unit
}

// A Unit is what a unit fights with and what it is as a target.
type Unit struct {
	Name string
	// Target is the unit as a target: target (inf or veh), prot, size,
	// type, medic (Self-repair for vehicles), def, frame, prop, weapons,
	// vehicles.
	Target  Values
	Weapons []Weapon
	// Melee are its close-combat values (n, rate, rr, acc, pen, dmg,
	// dmgrr); nil when it does not fight in close combat.
	Melee Values
	// Morale are its morale values (mor, rank); nil when none are kept.
	Morale Values
}

// A Weapon is one weapon of a unit: its name and the shooting keys of the
// fighters carrying it.
type Weapon struct {
	Name  string
	Shoot Values
}

// Part names where a value sits in a unit.
type Part string

const (
	PartArmy   Part = "army"
	PartUnit   Part = "unit"
	PartTarget Part = "target"
	PartWeapon Part = "shoot"
	PartMelee  Part = "melee"
	PartMorale Part = "morale"
)

// The keys each part takes, as the calculators' links name them.
var (
	WeaponKeys = []string{"n", "rate", "rr", "acc", "pen", "dmg", "dmgrr", "aoe", "fixed", "lock", "jammer", "sniper", "det"}
	MeleeKeys  = []string{"n", "rate", "rr", "acc", "pen", "dmg", "dmgrr"}
	TargetKeys = []string{"target", "prot", "size", "type", "medic", "def", "frame", "prop", "weapons", "vehicles"}
	MoraleKeys = []string{"mor", "rank"}
)

// KeysOf are the keys a part takes.
func KeysOf(p Part) []string {
	switch p {
	case PartWeapon:
		return WeaponKeys
	case PartMelee:
		return MeleeKeys
	case PartTarget:
		return TargetKeys
	case PartMorale:
		return MoraleKeys
	}
	return nil
}

// Caps on what an army holds, so that a list, a file and a link stay
// quick to read, draw and scan whatever a file claims.
const (
	MaxUnits   = 30 // units in an army
	MaxWeapons = 6  // weapons of a unit
	MaxName    = 60 // characters of a name (army, unit, weapon)
	MaxArmies  = 40 // armies kept on the device
	MaxValue   = 20 // bytes of one value: "60,60,60,60,60,60" is 17
	// MaxFile is the largest army file read, in bytes: a full army of
	// MaxUnits units of MaxWeapons long-named weapons is about 60 KB.
	MaxFile = 128 << 10
)

// Clone is a copy of v; nil for nil.
func (v Values) Clone() Values {
	if v == nil {
		return nil
	}
	out := make(Values, len(v))
	for k, s := range v {
		out[k] = s
	}
	return out
}

// Vehicle tells whether the unit is a vehicle as a target.
func (u Unit) Vehicle() bool { return u.Target["target"] == "veh" }

// Clone is a deep copy of a.
func (a Army) Clone() Army {
	out := Army{Game: a.Game, Name: a.Name, Units: make([]Unit, len(a.Units))}
	for i, u := range a.Units {
		out.Units[i] = u.Clone()
	}
	return out
}

// Clone is a deep copy of u.
func (u Unit) Clone() Unit {
	out := Unit{Name: u.Name, Target: u.Target.Clone(), Melee: u.Melee.Clone(), Morale: u.Morale.Clone()}
	out.Weapons = make([]Weapon, len(u.Weapons))
	for i, w := range u.Weapons {
		out.Weapons[i] = Weapon{Name: w.Name, Shoot: w.Shoot.Clone()}
	}
	return out
}

// Equal tells whether two armies hold the same game, name and units.
func (a Army) Equal(b Army) bool {
	return a.Game == b.Game && a.Name == b.Name && slices.EqualFunc(a.Units, b.Units, Unit.Equal)
}

// Equal tells whether two units hold the same values.
func (u Unit) Equal(o Unit) bool {
	return u.Name == o.Name && maps.Equal(u.Target, o.Target) && maps.Equal(u.Melee, o.Melee) &&
		maps.Equal(u.Morale, o.Morale) && (u.Melee == nil) == (o.Melee == nil) && (u.Morale == nil) == (o.Morale == nil) &&
		slices.EqualFunc(u.Weapons, o.Weapons, func(a, b Weapon) bool { return a.Name == b.Name && maps.Equal(a.Shoot, b.Shoot) })
}
