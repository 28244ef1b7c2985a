package rules

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"
)

// The share-link codec. Every calculator input reads itself from a
// url.Values with a queryReader and writes itself back with a queryWriter;
// a prefix ("s1.") scopes the keys of one repeated group. Readers only parse
// and fill defaults; ranges are checked by the input's Validate, so a struct
// built in Go is checked the same way as one read from a link.

// queryReader reads typed values, keeping the first error.
type queryReader struct {
	v      url.Values
	prefix string
	err    error
}

func newQueryReader(v url.Values, prefix string) *queryReader {
	return &queryReader{v: v, prefix: prefix}
}

// has reports whether key is present.
func (r *queryReader) has(key string) bool {
	_, ok := r.v[r.prefix+key]
	return ok
}

// raw returns the value of key, or "" with ok false when it is missing.
func (r *queryReader) raw(key string) (string, bool) {
	vs, ok := r.v[r.prefix+key]
	if !ok || len(vs) == 0 {
		return "", false
	}
	return strings.TrimSpace(vs[0]), true
}

func (r *queryReader) fail(key, format string, args ...any) {
	if r.err == nil {
		r.err = fmt.Errorf("%s%s: %s", r.prefix, key, fmt.Sprintf(format, args...))
	}
}

// int reads a whole number, def when the key is missing.
func (r *queryReader) int(key string, def int) int {
	s, ok := r.raw(key)
	if !ok {
		return def
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		r.fail(key, "%q is not a whole number", s)
		return def
	}
	return n
}

// optInt reads a whole number, nil when the key is missing.
func (r *queryReader) optInt(key string) *int {
	if _, ok := r.raw(key); !ok {
		return nil
	}
	n := r.int(key, 0)
	return &n
}

// bool reads 0 or 1.
func (r *queryReader) bool(key string, def bool) bool {
	s, ok := r.raw(key)
	if !ok {
		return def
	}
	switch s {
	case "0":
		return false
	case "1":
		return true
	}
	r.fail(key, "%q is not allowed: allowed 0, 1", s)
	return def
}

// choice reads one of names and returns its index, def when missing.
func (r *queryReader) choice(key string, def int, names []string) int {
	s, ok := r.raw(key)
	if !ok {
		return def
	}
	for i, n := range names {
		if n == s {
			return i
		}
	}
	r.fail(key, "%q is not allowed: allowed %s", s, strings.Join(names, ", "))
	return def
}

// str reads a string, def when missing.
func (r *queryReader) str(key, def string) string {
	s, ok := r.raw(key)
	if !ok {
		return def
	}
	return s
}

// ints reads a comma-separated list of whole numbers; at most maxLen of
// them, so a hostile link cannot make the engine allocate without bound.
func (r *queryReader) ints(key string, def []int, maxLen int) []int {
	s, ok := r.raw(key)
	if !ok {
		return def
	}
	if s == "" {
		return []int{}
	}
	parts := strings.Split(s, ",")
	if len(parts) > maxLen {
		r.fail(key, "%d values given: allowed at most %d", len(parts), maxLen)
		return def
	}
	out := make([]int, 0, len(parts))
	for _, p := range parts {
		n, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil {
			r.fail(key, "%q is not a whole number", p)
			return def
		}
		out = append(out, n)
	}
	return out
}

// queryWriter writes typed values under a prefix.
type queryWriter struct {
	v      url.Values
	prefix string
}

func (w queryWriter) int(key string, n int) { w.v.Set(w.prefix+key, strconv.Itoa(n)) }
func (w queryWriter) str(key, s string)     { w.v.Set(w.prefix+key, s) }
func (w queryWriter) choice(key string, i int, names []string) {
	if i >= 0 && i < len(names) {
		w.v.Set(w.prefix+key, names[i])
	} else {
		w.v.Set(w.prefix+key, strconv.Itoa(i)) // invalid: Parse will reject it
	}
}

func (w queryWriter) bool(key string, b bool) {
	if b {
		w.v.Set(w.prefix+key, "1")
	} else {
		w.v.Set(w.prefix+key, "0")
	}
}

func (w queryWriter) ints(key string, ns []int) {
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = strconv.Itoa(n)
	}
	w.v.Set(w.prefix+key, strings.Join(s, ","))
}

// validator checks fields against their allowed ranges, keeping the first
// error; each error names the field by its query key.
type validator struct {
	prefix string
	err    error
}

func (c *validator) fail(key, format string, args ...any) {
	if c.err == nil {
		c.err = fmt.Errorf("%s%s: %s", c.prefix, key, fmt.Sprintf(format, args...))
	}
}

// rng checks lo <= n <= hi.
func (c *validator) rng(key string, n, lo, hi int) {
	if n < lo || n > hi {
		c.fail(key, "%d is out of range: allowed %d-%d", n, lo, hi)
	}
}

// game resolves a game id.
// distance checks a shot's distance, given as a range band or in
// centimetres (cm, when not nil), never both.
func (c *validator) distance(band int, cm *int) {
	if cm == nil {
		c.rng("range", band, 0, maxBand)
		return
	}
	c.rng("cm", *cm, 0, maxCM)
	if band != 0 {
		c.fail("cm", "%v", errBothRanges)
	}
}

func (c *validator) game(id string) Game {
	g, err := GameByID(id)
	if err != nil {
		c.fail("game", "%q is unknown: allowed %s", id, strings.Join(gameIDs(), ", "))
	}
	return g
}

// Allowed ranges of the common fields, by query key.
const (
	maxFighters   = 100 // n, size, under
	maxRate       = 20  // rate
	maxRerolls    = 10  // rr
	maxSP         = 60  // frame, prop, weapons
	maxBand       = 30  // range
	maxCM         = 300 // cm
	maxValue      = 30  // acc, pen, prot, def
	maxDamage     = 10  // dmg
	maxVehicles   = 10  // vehicles
	maxVehWeapons = 6   // weapons per vehicle
	maxAoE        = 10  // aoe
	maxSalvos     = 10  // salvos
)
