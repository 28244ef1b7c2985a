package army

// Samples are two AT-43 armies of 12 units each, infantry and vehicles
// mixed, with one to three weapons a unit: the measure of the matrix
// (BenchmarkMatrix, go run ./build perf) and the QR fit test. Their
// figures are made up within the games' ranges.
func Samples() (mine, theirs Army) {
	inf := func(name string, prot, size, typ int, weapons ...Weapon) Unit {
		return Unit{Name: name, Target: Values{"target": "inf", "prot": itoa(prot), "size": itoa(size), "type": itoa(typ), "def": "3"},
			Weapons: weapons, Melee: Values{"n": itoa(size), "acc": "3", "pen": "3", "dmg": "1"}, Morale: Values{"mor": "5"}}
	}
	veh := func(name string, prot, frame, prop int, sp string, n int, weapons ...Weapon) Unit {
		return Unit{Name: name, Target: Values{"target": "veh", "prot": itoa(prot), "frame": itoa(frame), "prop": itoa(prop), "weapons": sp, "vehicles": itoa(n)},
			Weapons: weapons}
	}
	w := func(name string, n, rate, acc, pen, dmg int, extra ...string) Weapon {
		v := Values{"n": itoa(n), "rate": itoa(rate), "acc": itoa(acc), "pen": itoa(pen), "dmg": itoa(dmg)}
		for i := 0; i+1 < len(extra); i += 2 {
			v[extra[i]] = extra[i+1]
		}
		return Weapon{Name: name, Shoot: v}
	}
	mine = Army{Game: "at43", Name: "Strike group", Units: []Unit{
		inf("Steel Troopers", 5, 6, 1, w("Laser rifles", 5, 1, 4, 5, 1), w("Laser cannon", 1, 1, 4, 10, 2)),
		inf("Fire Toads", 5, 6, 2, w("Flamers", 6, 1, 5, 6, 1)),
		inf("Grey Sharks", 6, 4, 2, w("Missile launchers", 4, 1, 3, 13, 2), w("Laser rifles", 2, 1, 4, 5, 1)),
		inf("Mortar team", 3, 3, 1, w("Mortar", 1, 1, 3, 6, 1, "aoe", "5")),
		inf("Snipers", 4, 3, 1, w("Sniper rifles", 3, 1, 6, 7, 1, "rr", "1")),
		inf("Recon", 4, 5, 1, w("Laser rifles", 5, 1, 4, 5, 1)),
		inf("Heavy weapons", 5, 4, 2, w("Machine guns", 2, 3, 3, 5, 1), w("Laser cannon", 2, 1, 4, 10, 2)),
		inf("Commandos", 6, 6, 2, w("Laser rifles", 6, 1, 4, 5, 1), w("Grenades", 1, 1, 3, 4, 1, "aoe", "3")),
		veh("Fire Toad walker", 12, 4, 2, "2,1", 1, w("Laser cannon", 1, 1, 4, 10, 2), w("Machine guns", 2, 3, 3, 5, 1)),
		veh("Kodiak", 14, 6, 3, "3,2", 1, w("Missile battery", 2, 2, 4, 13, 2), w("Laser cannon", 1, 1, 4, 10, 2)),
		veh("Light walkers", 10, 3, 2, "1", 2, w("Machine guns", 2, 3, 3, 5, 1)),
		veh("Support artillery", 8, 3, 0, "3", 1, w("Howitzer", 1, 1, 3, 10, 2, "aoe", "4")),
	}}
	theirs = Army{Game: "at43", Name: "Cohort", Units: []Unit{
		inf("Wraiths", 6, 5, 1, w("Sonic guns", 5, 1, 4, 6, 1)),
		inf("Storm Golgoths", 7, 3, 2, w("Nanoblasters", 3, 2, 4, 8, 1)),
		inf("Medusas", 5, 6, 1, w("Shock blades", 6, 1, 3, 4, 1)),
		inf("Banshees", 5, 4, 2, w("Sonic guns", 4, 1, 4, 6, 1), w("Warp grenades", 1, 1, 3, 5, 1, "aoe", "3")),
		inf("Overseer", 6, 1, 3, w("Nanoblaster", 1, 3, 5, 8, 2)),
		inf("Harpies", 4, 6, 1, w("Pulse rifles", 6, 1, 4, 5, 1)),
		inf("Spectres", 6, 4, 2, w("Sonic cannons", 2, 2, 4, 9, 2)),
		inf("Furies", 5, 6, 1, w("Pulse rifles", 6, 1, 4, 5, 1)),
		veh("Hekat", 13, 5, 3, "3", 1, w("Sonic cannon", 1, 2, 4, 11, 2)),
		veh("Storm striders", 11, 4, 2, "2,2", 2, w("Nanoblasters", 2, 2, 4, 8, 1)),
		veh("Wrath walker", 15, 7, 3, "3,3", 1, w("Heavy sonic gun", 1, 3, 4, 12, 2)),
		veh("Warp drones", 9, 2, 1, "1", 3, w("Pulse guns", 3, 2, 4, 6, 1)),
	}}
	return mine, theirs
}

func itoa(n int) string {
	const digits = "0123456789"
	if n < 10 && n >= 0 {
		return digits[n : n+1]
	}
	return itoa(n/10) + digits[n%10:n%10+1]
}
