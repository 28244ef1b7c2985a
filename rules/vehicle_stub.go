package rules

// Temporary stand-in for EXTRAS' vehicle.go, deleted when it lands.

import "errors"

type WeaponPick int

const (
	PickWreck WeaponPick = iota
	PickDisarm
)

type VehicleTarget struct {
	Frame, Propulsion int
	Weapons           []int
	Vehicles          int
	Pick              WeaponPick
	SelfRepair        bool
}

type VehicleResult struct {
	Destroyed   float64   `json:"destroyed"`
	Immobilized float64   `json:"immobilized"`
	Lost        []float64 `json:"lost"`
	Frame       Dist      `json:"frame"`
}

func vehicleDamage(g Game, impacts Dist, pDamage float64, damage int, t VehicleTarget, melee bool) (VehicleResult, error) {
	return VehicleResult{}, errors.New("vehicles are not computed yet")
}
