package army

import (
	"fmt"
	"strconv"
	"unicode/utf8"
)

// reason is a sentinel error: a constant string, so that the reasons
// cost the program no start-up code.
type reason string

func (r reason) Error() string { return string(r) }

// Reasons a file or a link is refused as a whole (a *FileError's Reason),
// for errors.Is.
const (
	ErrTooLarge = reason("too large")          // more than MaxFile bytes
	ErrNotJSON  = errJSON                      // not JSON text
	ErrTooDeep  = reason("nested too deeply")  // more than maxDepth levels
	ErrFormat   = reason("not an army file")   // no "format": "at4x-army/1", or not an object
	ErrGame     = reason("not a game's army")  // a game other than at43, at44
	ErrEncoding = reason("not an army's link") // a link value that is not base64url or compact text
)

// Reasons a value is left out or cut (a Problem's Reason) besides the
// engine's own (rules.ErrSyntax, ErrRange, ErrChoice, ErrConflict,
// ErrUnknownKey), for errors.Is.
const (
	ErrType     = reason("not a value of that kind") // an object where a value goes, a number where a name goes...
	ErrTooLong  = reason("too long")                 // a name past MaxName characters, a value past MaxValue bytes
	ErrTooMany  = reason("too many")                 // units past MaxUnits, weapons past MaxWeapons
	ErrNoName   = reason("no name")                  // a unit or weapon without a name
	ErrLeftOut  = reason("left out")                 // a weapon or part the engine refuses even without its bad values
	ErrUnknown  = reason("not a key of an army")     // a property the format does not have
	ErrNotUnits = reason("not a list of units")      // units is not an array
)

// A FileError is why a file or link is not read at all.
type FileError struct {
	_      [0]func() // not comparable: no equality code
	Reason error
	Detail string // what was found, at most 40 characters of it
}

func (e *FileError) Error() string {
	return fmt.Sprintf("army file refused: %v (%s); allowed: %s JSON of at most %d KB and %d levels, game at43 or at44", e.Reason, e.Detail, Format, MaxFile>>10, maxDepth)
}

func (e *FileError) Unwrap() error { return e.Reason }

// A Problem is one thing a file held that reading left out or cut; the
// rest of the army is read.
type Problem struct {
	_          [0]func() // not comparable: no equality code
	Unit       int       // the unit's number in the file, from 1; 0 for the army itself
	UnitName   string    // the unit's name as read (cut, never markup)
	Part       Part
	Weapon     int // the weapon's number in its unit, from 1, for PartWeapon
	WeaponName string
	Key        string // the share-link key or the file's property
	Value      string // what the file gave, at most 40 characters
	Reason     error  // one of the reasons above, or the engine's FieldError reason
}

func (p Problem) Error() string {
	where := "army"
	if p.Unit > 0 {
		where = fmt.Sprintf("unit %d %q", p.Unit, p.UnitName)
	}
	if p.Part == PartWeapon && p.Weapon > 0 {
		where += fmt.Sprintf(", weapon %d %q", p.Weapon, p.WeaponName)
	} else if p.Part != PartArmy && p.Part != PartUnit && p.Part != "" {
		where += ", " + string(p.Part)
	}
	msg := where + ": " + p.Key
	if p.Value != "" {
		msg += "=" + strconv.Quote(p.Value)
	}
	return msg + ": " + p.Reason.Error()
}

func (p Problem) Unwrap() error { return p.Reason }

// clipText is s cut to 40 characters, an ellipsis marking the cut.
func clipText(s string) string {
	if utf8.RuneCountInString(s) <= 40 {
		return s
	}
	return string([]rune(s)[:40]) + "…"
}
