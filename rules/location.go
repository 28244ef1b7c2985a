package rules

// Location is the class of vehicle part a damaging hit lands on.
type Location int

const (
	LocationPropulsion Location = iota
	LocationFrame
	LocationWeapon
)

// LocationFaces is how many faces of the location die there are.
const LocationFaces = 6

// LocationOf reads the location table both games share: the class of part
// that a location die showing face (1 to LocationFaces) sends a damaging hit
// to. AT-44 prints the table; the AT-43 values are recovered (see the notes
// in the damage texts).
func LocationOf(face int) Location {
	switch {
	case face <= 2:
		return LocationPropulsion
	case face <= 5:
		return LocationFrame
	default:
		return LocationWeapon
	}
}
