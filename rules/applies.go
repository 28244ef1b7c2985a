package rules

import (
	"fmt"
	"slices"
	"strconv"
)

// Keys that do not apply. A calculator reads some keys only under some
// values of others: the vehicle keys at vehicles (target=veh, or indirect
// fire with vehicles under the template), the infantry keys at infantry,
// an officer's rank, an objective and earlier tests in AT-44 morale, the
// abilities a game has (det, jammer, sniper, lock, fixed, picker), a d10
// modifier in its mode. A link that gives such a key where it does not
// apply is refused, key by key, with a NotApplicable, unless the value it
// gives is the key's default, the one that changes nothing (det=0 in AT-43,
// size=6 at vehicles, pick=wreck at infantry): that link is only
// redundant, and is taken quietly, as leaving the key out would be.
//
// Where the key is a field of the input that Validate sees (det, rank,
// picker...), Validate refuses it, so a Go value is checked as its link
// is. The keys of the other target are fields that the input keeps but
// does not use, which Query leaves out and Validate ignores (a Go value
// may leave them at zero): only the link's reader refuses them.

// NotApplicable is the reason of a FieldError for a key given, where it
// does not apply, a value other than Quiet. It wraps ErrNotApplicable.
type NotApplicable struct {
	// Quiet is the value the key may keep there, as a link writes it: its
	// default, which changes nothing, as leaving it out changes nothing.
	Quiet string
	msg   string
}

func (e *NotApplicable) Error() string { return e.msg }
func (e *NotApplicable) Unwrap() error { return ErrNotApplicable }

// notApplicable refuses key, which does not apply here, with a
// NotApplicable; format says where it applies and what is allowed.
func (c *validator) notApplicable(key, quiet, format string, args ...any) {
	if c.lenient {
		return
	}
	c.add(&FieldError{Key: c.prefix + key, Err: &NotApplicable{Quiet: quiet, msg: fmt.Sprintf(format, args...)}})
}

// inapplicable checks a key that does not apply to the input as it
// stands: a value that is no number is refused as allowing quiet only, any
// value but quiet (isQuiet false) with a NotApplicable.
func (c *validator) inapplicable(key string, isQuiet bool, quiet, format string, args ...any) {
	if c.completes(key, quiet) || isQuiet {
		return
	}
	c.notApplicable(key, quiet, format, args...)
}

// readKey is a key as its reader read it: whether the value read is the
// key's default, and that default as a link writes it.
type readKey struct {
	key     string
	isQuiet bool
	quiet   string
}

// notApplying refuses each of keys that the link gives with a value other
// than its default, where it does not apply; format says where it does.
// A key refused already (no number, given twice) keeps its first reason.
func (r *queryReader) notApplying(keys []readKey, format string, args ...any) {
	for _, k := range keys {
		if !r.has(k.key) || k.isQuiet || r.refused(r.prefix+k.key) {
			continue
		}
		r.add(&FieldError{Key: r.prefix + k.key, Err: &NotApplicable{Quiet: k.quiet, msg: fmt.Sprintf(format, args...)}})
	}
}

// readKeys are the vehicle keys read holds, against their defaults;
// count adds vehicles, for an input that reads it with them.
func (t VehicleTarget) readKeys(count bool) []readKey {
	d := defaultVehicleTarget()
	keys := []readKey{
		{"frame", t.Frame == d.Frame, strconv.Itoa(d.Frame)},
		{"prop", t.Propulsion == d.Propulsion, strconv.Itoa(d.Propulsion)},
		{"weapons", slices.Equal(t.Weapons, d.Weapons), intsText(d.Weapons)},
	}
	if count {
		keys = append(keys, readKey{"vehicles", t.Vehicles == d.Vehicles, strconv.Itoa(d.Vehicles)})
	}
	return append(keys, readKey{"pick", t.Pick == d.Pick, pickNames[d.Pick]})
}

// infantryKeys are the infantry keys size and type, against their
// defaults; size is nil for an input without it (a minefield counts its
// members with n).
func infantryKeys(size *int, typ int) []readKey {
	d := defaultAttack()
	var keys []readKey
	if size != nil {
		keys = append(keys, readKey{"size", *size == d.Size, strconv.Itoa(d.Size)})
	}
	return append(keys, readKey{"type", typ == d.Type, strconv.Itoa(d.Type)})
}

// targetKeys refuses the keys of the target the link does not aim at:
// size and type at vehicles, the vehicle keys at infantry. Nothing when
// the target itself is refused, as then which keys apply is unknown.
func (r *queryReader) targetKeys(t Target, infantry, vehicle []readKey) {
	switch {
	case r.refused("target"):
	case t == TargetVehicle:
		r.notApplying(infantry, "applies to infantry only: allowed with target=inf, or left out")
	case t == TargetInfantry:
		r.notApplying(vehicle, "applies to vehicles only: allowed with target=veh, or left out")
	}
}

// intsText writes a list as a link does.
func intsText(ns []int) string {
	v := queryWriter{v: map[string][]string{}}
	v.ints("k", ns)
	return v.v["k"][0]
}
