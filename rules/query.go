package rules

import (
	"errors"
	"fmt"
	"math"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The share-link codec. Every calculator input reads itself from a
// url.Values with a queryReader and writes itself back with a queryWriter;
// a prefix ("s1.") scopes the keys of one repeated group. Readers only parse
// and fill defaults; ranges are checked by the input's Validate, so a struct
// built in Go is checked the same way as one read from a link.
//
// Both collect every error they meet, each a *FieldError naming its query
// key: a Parse function returns the reader's errors and Validate's together
// (as FieldErrors), so a caller learns every bad value in one call.

// The reasons a value is refused: every FieldError's Err wraps one of them,
// so a caller picks its wording with errors.Is.
var (
	ErrSyntax     = errors.New("not a whole number")             // not a number, or an empty list item
	ErrRange      = errors.New("out of range")                   // a number outside the allowed range, or too many values
	ErrChoice     = errors.New("not one of the allowed names")   // a name outside its list (game, cover, target...)
	ErrBothRanges = errors.New("range and cm both given")        // the distance given twice
	ErrConflict   = errors.New("values that exclude each other") // two options that cannot go together
	ErrUnknownKey = errors.New("unknown key")                    // a key a calculator does not read (s01.n, s1.bogus)
)

// FieldError is one refused value: Key is its query key, with its group
// prefix ("s2.n"), and Err the reason, which wraps one of the sentinel
// errors above and says what is allowed. Error reads "key: reason".
type FieldError struct {
	Key string
	Err error
}

func (e *FieldError) Error() string { return e.Key + ": " + e.Err.Error() }
func (e *FieldError) Unwrap() error { return e.Err }

// FieldErrors is every value a Parse or Validate refused, in the order the
// keys were checked. errors.As finds the first *FieldError in it.
type FieldErrors []*FieldError

func (l FieldErrors) Error() string {
	s := make([]string, len(l))
	for i, e := range l {
		s[i] = e.Error()
	}
	return strings.Join(s, "; ")
}

// Unwrap lets errors.Is and errors.As look at each field's error.
func (l FieldErrors) Unwrap() []error {
	out := make([]error, len(l))
	for i, e := range l {
		out[i] = e
	}
	return out
}

// reason is a FieldError's Err: a message that wraps a sentinel.
type reason struct {
	kind error
	msg  string
}

func (r *reason) Error() string { return r.msg }
func (r *reason) Unwrap() error { return r.kind }

// fieldErr builds a *FieldError for key with reason kind.
func fieldErr(key string, kind error, format string, args ...any) *FieldError {
	return &FieldError{Key: key, Err: &reason{kind: kind, msg: fmt.Sprintf(format, args...)}}
}

// errorList collects FieldErrors, one per key (the first reason kept).
type errorList struct {
	errs FieldErrors
}

func (l *errorList) add(e *FieldError) {
	for _, have := range l.errs {
		if have.Key == e.Key {
			return
		}
	}
	l.errs = append(l.errs, e)
}

// result is nil when nothing was refused, else the list.
func (l *errorList) result() error {
	if len(l.errs) == 0 {
		return nil
	}
	return l.errs
}

// joinErrors merges the errors of a reader and of Validate: the reader's
// come first, and a key refused by both keeps the reader's reason (the
// value Validate saw was the default standing in for it).
func joinErrors(errs ...error) error {
	var l errorList
	for _, err := range errs {
		switch e := err.(type) {
		case nil:
		case FieldErrors:
			for _, fe := range e {
				l.add(fe)
			}
		case *FieldError:
			l.add(e)
		default:
			return err
		}
	}
	return l.result()
}

// maxEcho is the most characters of an input an error message repeats.
const maxEcho = 40

// clip quotes s for an error message, cut to maxEcho characters.
func clip(s string) string {
	if utf8.RuneCountInString(s) <= maxEcho {
		return strconv.Quote(s)
	}
	r := []rune(s)
	return strconv.Quote(string(r[:maxEcho])) + "…"
}

// ParseLink reads a share link's query string as url.Values, like
// url.ParseQuery, but refuses a key or value with a bad percent-escape
// (n=%zz) with a FieldError naming the key, rather than dropping it.
func ParseLink(query string) (url.Values, error) {
	v := url.Values{}
	var l errorList
	for part := range strings.SplitSeq(query, "&") {
		if part == "" {
			continue
		}
		rawKey, rawValue, _ := strings.Cut(part, "=")
		key, err := url.QueryUnescape(rawKey)
		if err != nil {
			l.add(fieldErr(clipKey(rawKey), ErrSyntax, "the key has a bad percent-escape: write %% as %%25"))
			continue
		}
		value, err := url.QueryUnescape(rawValue)
		if err != nil && key == "" {
			continue // no calculator reads an empty key
		}
		if err != nil {
			l.add(fieldErr(clipKey(key), ErrSyntax, "%s has a bad percent-escape: write %% as %%25", clip(rawValue)))
			continue
		}
		v[key] = append(v[key], value)
	}
	return v, l.result()
}

// clipKey cuts a key to maxEcho characters for an error.
func clipKey(key string) string {
	if utf8.RuneCountInString(key) <= maxEcho {
		return key
	}
	return string([]rune(key)[:maxEcho]) + "…"
}

// queryReader reads typed values, collecting every error.
type queryReader struct {
	v      url.Values
	prefix string
	errorList
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

func (r *queryReader) fail(key string, kind error, format string, args ...any) {
	r.add(fieldErr(r.prefix+key, kind, format, args...))
}

// atoi reads a whole number. A number too large for an int is read as
// math.MaxInt (math.MinInt when negative), so Validate reports it as out of
// its range rather than as no number at all.
func atoi(s string) (int, bool) {
	n, err := strconv.Atoi(s)
	if err == nil {
		return n, true
	}
	if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
		if strings.HasPrefix(s, "-") {
			return math.MinInt, true
		}
		return math.MaxInt, true
	}
	return 0, false
}

// isInt reports whether s reads as a whole number (of any size).
func isInt(s string) bool {
	_, ok := atoi(s)
	return ok
}

// numText writes n for an error, naming the numbers atoi stood in for.
func numText(n int) string {
	switch n {
	case math.MaxInt:
		return "the number is too large"
	case math.MinInt:
		return "the number is too small"
	}
	return strconv.Itoa(n)
}

// int reads a whole number, def when the key is missing.
func (r *queryReader) int(key string, def int) int {
	s, ok := r.raw(key)
	if !ok {
		return def
	}
	n, ok := atoi(s)
	if !ok {
		r.fail(key, ErrSyntax, "%s is not a whole number", clip(s))
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
	r.fail(key, ErrChoice, "%s is not allowed: allowed 0, 1", clip(s))
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
	r.fail(key, ErrChoice, "%s is not allowed: allowed %s", clip(s), strings.Join(names, ", "))
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
		r.fail(key, ErrRange, "%d values given: allowed at most %d", len(parts), maxLen)
		return def
	}
	out := make([]int, 0, len(parts))
	for i, p := range parts {
		p = strings.TrimSpace(p)
		if p == "" {
			r.fail(key, ErrSyntax, "item %d is empty: give whole numbers separated by commas", i+1)
			return def
		}
		n, ok := atoi(p)
		if !ok {
			r.fail(key, ErrSyntax, "%s is not a whole number (item %d)", clip(p), i+1)
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

// validator checks fields against their allowed ranges, collecting every
// error; each error names the field by its query key.
type validator struct {
	prefix string
	errorList
}

func (c *validator) fail(key string, kind error, format string, args ...any) {
	c.add(fieldErr(c.prefix+key, kind, format, args...))
}

// failed reports whether anything was refused so far.
func (c *validator) failed() bool { return len(c.errs) > 0 }

// rng checks lo <= n <= hi.
func (c *validator) rng(key string, n, lo, hi int) {
	if n >= lo && n <= hi {
		return
	}
	if n == math.MaxInt || n == math.MinInt {
		c.fail(key, ErrRange, "%s: allowed %d-%d", numText(n), lo, hi)
		return
	}
	c.fail(key, ErrRange, "%d is out of range: allowed %d-%d", n, lo, hi)
}

// game resolves a game id.
func (c *validator) game(id string) Game {
	g, err := GameByID(id)
	if err != nil {
		c.fail("game", ErrChoice, "%s is unknown: allowed %s", clip(id), strings.Join(gameIDs(), ", "))
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
