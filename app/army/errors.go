package army

import (
	"errors"
	"fmt"
	"strconv"
	"unicode/utf8"
)

// Reasons a file or a link is refused as a whole (a *FileError's Reason),
// for errors.Is.
var (
	ErrTooLarge = errors.New("too large")          // more than MaxFile bytes
	ErrNotJSON  = errJSON                          // not JSON text
	ErrTooDeep  = errors.New("nested too deeply")  // more than maxDepth levels
	ErrFormat   = errors.New("not an army file")   // no "format": "at4x-army/1", or not an object
	ErrGame     = errors.New("not a game's army")  // a game other than at43, at44
	ErrEncoding = errors.New("not an army's link") // a link value that is not base64url or compact text
)

// Reasons a value is left out or cut (a Problem's Reason) besides the
// engine's own (rules.ErrSyntax, ErrRange, ErrChoice, ErrConflict,
// ErrUnknownKey), for errors.Is.
var (
	ErrType     = errors.New("not a value of that kind") // an object where a value goes, a number where a name goes...
	ErrTooLong  = errors.New("too long")                 // a name past MaxName characters, a value past MaxValue bytes
	ErrTooMany  = errors.New("too many")                 // units past MaxUnits, weapons past MaxWeapons
	ErrNoName   = errors.New("no name")                  // a unit or weapon without a name
	ErrLeftOut  = errors.New("left out")                 // a weapon or part the engine refuses even without its bad values
	ErrUnknown  = errors.New("not a key of an army")     // a property the format does not have
	ErrNotUnits = errors.New("not a list of units")      // units is not an array
)

// A FileError is why a file or link is not read at all.
type FileError struct {
	Reason error
	Detail string // what was found, at most 40 characters of it
}

func (e *FileError) Error() string {
	msg := "army file refused: " + e.Reason.Error()
	switch {
	case errors.Is(e.Reason, ErrTooLarge):
		msg += fmt.Sprintf(" (%s): at most %d KB", e.Detail, MaxFile>>10)
	case errors.Is(e.Reason, ErrTooDeep):
		msg += fmt.Sprintf(": at most %d levels", maxDepth)
	case errors.Is(e.Reason, ErrFormat):
		msg += fmt.Sprintf(" (format %s): allowed %q", e.Detail, Format)
	case errors.Is(e.Reason, ErrGame):
		msg += fmt.Sprintf(" (game %s): allowed at43, at44", e.Detail)
	case e.Detail != "":
		msg += " (" + e.Detail + ")"
	}
	return msg
}

func (e *FileError) Unwrap() error { return e.Reason }

// A Problem is one thing a file held that reading left out or cut; the
// rest of the army is read.
type Problem struct {
	Unit       int    // the unit's number in the file, from 1; 0 for the army itself
	UnitName   string // the unit's name as read (cut, never markup)
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
