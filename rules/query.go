package rules

import (
	"errors"
	"fmt"
	"math"
	"net/url"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"
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
// (as FieldErrors), so a caller learns every bad value in one call. A value
// that is no number is refused by the reader, which alone has the text, and
// the refusal is completed by Validate, which alone knows the key's range:
// so every refusal says what is allowed. The reader also logs every key it
// reads: the link's other keys are refused together, as unknown, in one
// FieldError that lists the keys the input takes, so a key added to a
// reader is known at once.

// The reasons a value is refused: every FieldError's Err wraps one of them,
// so a caller picks its wording with errors.Is.
var (
	ErrSyntax     = errors.New("not a whole number")             // not a number, an empty list item, or a bad percent-escape
	ErrRange      = errors.New("out of range")                   // a number outside the allowed range, or too many values
	ErrChoice     = errors.New("not one of the allowed names")   // a name outside its list (game, cover, target...)
	ErrBothRanges = errors.New("range and cm both given")        // the distance given twice
	ErrConflict   = errors.New("values that exclude each other") // two options that cannot go together
	ErrUnknownKey = errors.New("unknown key")                    // keys a calculator does not read (s01.n, s1.bogus, picker in melee): see UnknownKeys
	ErrRepeated   = errors.New("key given more than once")       // n=2&n=abc
)

// ErrNotApplicable is a reason of its own and a kind of ErrConflict
// (errors.Is finds both): a key that does not apply to the input as the
// rest of its link sets it (the game, the target, the mode, the number of
// vehicles), given a value that would matter if it did. See NotApplicable.
var ErrNotApplicable error = notApplicable{}

// notApplicable is ErrNotApplicable's type: the wrap fmt.Errorf would
// make, without running fmt in the package's initialisation, which cost
// every page of the client some 30 ms of a throttled phone's start.
type notApplicable struct{}

func (notApplicable) Error() string { return ErrConflict.Error() + ": a key that does not apply" }
func (notApplicable) Unwrap() error { return ErrConflict }

// FieldError is one refused value: Key is its query key, with its group
// prefix ("s2.n"), and Err the reason, which wraps one of the sentinel
// errors above and says what is allowed. Error reads "key: reason". A key
// longer than 40 characters is cut, with an ellipsis.
type FieldError struct {
	Key string
	Err error
}

func (e *FieldError) Error() string { return e.Key + ": " + e.Err.Error() }
func (e *FieldError) Unwrap() error { return e.Err }

// FieldErrors is every value a Parse or Validate refused, in the order the
// keys were checked. errors.As finds the first *FieldError in it.
type FieldErrors []*FieldError

// maxListed is how many FieldErrors a FieldErrors' Error names before it
// only counts the rest, so that a link of thousands of bad values does not
// make a message of thousands of parts.
const maxListed = 20

func (l FieldErrors) Error() string {
	s := make([]string, 0, min(len(l), maxListed+1))
	for i, e := range l {
		if i == maxListed {
			s = append(s, fmt.Sprintf("and %d more", len(l)-maxListed))
			break
		}
		s = append(s, e.Error())
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

// UnknownKeys is the reason of the one FieldError a Parse gives for every
// key of its link it does not read: a misspelt key, a capital (S1.n), a key
// of another calculator (picker in close combat), a salvo group past s10.
// That FieldError's Key is the first of Keys; Error names it, counts the
// others, names as many as fit in 40 characters, and lists the keys the
// calculator reads. It wraps ErrUnknownKey.
type UnknownKeys struct {
	Keys    []string // every key not read, sorted, as given
	allowed string   // the keys the calculator reads
}

func (u *UnknownKeys) Error() string {
	msg := "not a key of this calculator"
	if more := len(u.Keys) - 1; more > 0 {
		var named []string
		budget := MaxEcho - echoLength(u.Keys[0])
		for _, k := range u.Keys[1:] {
			if budget -= echoLength(k); budget < 0 {
				named = append(named, "…")
				break
			}
			named = append(named, echoed(k))
		}
		others := "others"
		if more == 1 {
			others = "other"
		}
		msg = fmt.Sprintf("%s, nor are %d %s", msg, more, others)
		if len(named) > 0 && named[0] != "…" {
			msg += " (" + strings.Join(named, ", ") + ")"
		}
	}
	return msg + ": allowed " + u.allowed
}

func (u *UnknownKeys) Unwrap() error { return ErrUnknownKey }

// reason is a FieldError's Err: a message that wraps a sentinel. allowed,
// when set, ends the message with what the key takes; a reader leaves it
// empty for Validate to fill (see validator.open).
type reason struct {
	kind    error
	msg     string
	allowed string
}

func (r *reason) Error() string {
	if r.allowed == "" {
		return r.msg
	}
	return r.msg + ": allowed " + r.allowed
}

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
	if !l.refused(e.Key) {
		l.errs = append(l.errs, e)
	}
}

// refused reports whether key has an error already.
func (l *errorList) refused(key string) bool {
	return slices.ContainsFunc(l.errs, func(e *FieldError) bool { return e.Key == key })
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

// MaxEcho is the most characters of an input an error message repeats,
// however long the value or key: the engine's messages and the app's,
// which words them itself (Echo, EchoKey).
const MaxEcho = 40

// clip quotes s for an error message, cut to MaxEcho characters.
func clip(s string) string { return clipTo(s, MaxEcho) }

// clipTo quotes s for an error message, cut to n characters.
func clipTo(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return strconv.Quote(s)
	}
	r := []rune(s)
	return strconv.Quote(string(r[:n])) + "…"
}

// Echo is a value as an error message repeats it, the one way for the
// app's messages in every language: each character that is not text, a
// control (NUL, a line feed), a format character (the bidi controls that
// reverse what follows, zero widths) or a line or paragraph separator, is
// written as its code (\u202e, \u0000, \U000e0041), and a backslash
// doubled, so that the reader sees what the link holds; a byte that is no
// UTF-8 is one U+FFFD; the result is cut to MaxEcho characters, counted
// after escaping, an ellipsis marking the cut; and it is isolated between
// U+2068 and U+2069 (first strong isolate, pop directional isolate), so
// that nothing in it, a right-to-left word included, can reorder the
// message around it.
func Echo(s string) string { return "\u2068" + echoed(s) + "\u2069" }

// EchoKey is a key as an error message names it: as Echo writes it,
// quoted when empty.
func EchoKey(key string) string {
	if key == "" {
		return `""`
	}
	return Echo(key)
}

// EchoKeys names keys as one message lists them: the first, and as many
// of the next as fit with it in MaxEcho characters, each as EchoKey writes
// it; more is how many are left out.
func EchoKeys(keys []string) (named []string, more int) {
	if len(keys) == 0 {
		return nil, 0
	}
	named = []string{EchoKey(keys[0])}
	budget := MaxEcho - echoLength(keys[0])
	for _, k := range keys[1:] {
		if budget -= echoLength(k); budget < 0 {
			break
		}
		named = append(named, EchoKey(k))
	}
	return named, len(keys) - len(named)
}

// echoed is s escaped and cut as Echo says, not isolated.
func echoed(s string) string {
	var b strings.Builder
	n := 0
	for _, r := range s {
		part := echoRune(r)
		w := utf8.RuneCountInString(part)
		if n+w > MaxEcho {
			b.WriteString("…")
			break
		}
		n += w
		b.WriteString(part)
	}
	return b.String()
}

// echoLength is how many characters s takes once escaped as Echo escapes
// it, before any cut.
func echoLength(s string) int {
	n := 0
	for _, r := range s {
		n += utf8.RuneCountInString(echoRune(r))
	}
	return n
}

// echoRune is one character as Echo writes it.
func echoRune(r rune) string {
	switch {
	case r == '\\':
		return `\\`
	case unicode.IsControl(r) || unicode.In(r, unicode.Cf, unicode.Zl, unicode.Zp):
		e, n := []byte(`\u`), 4
		if r > 0xffff {
			e, n = []byte(`\U`), 8
		}
		for i := n - 1; i >= 0; i-- {
			e = append(e, "0123456789abcdef"[r>>(4*i)&15])
		}
		return string(e)
	}
	return string(r) // a byte that is no UTF-8 comes as U+FFFD
}

// keyName is a key of the link as a FieldError names it: cut to MaxEcho
// characters, an ellipsis marking the cut, and otherwise as given, so
// that the app finds the key it stands for.
func keyName(key string) string {
	if utf8.RuneCountInString(key) <= MaxEcho {
		return key
	}
	return string([]rune(key)[:MaxEcho]) + "…"
}

// ParseLink reads a share link's query string as url.Values, like
// url.ParseQuery, but refuses a value with a bad percent-escape (n=%zz)
// with a FieldError naming its key, rather than dropping it silently. A key
// with a bad escape is kept as written (it is no calculator's key, so the
// calculator refuses it with the other unknown keys); a part with an empty
// key (=3, &&) is skipped, as no calculator reads one.
func ParseLink(query string) (url.Values, error) {
	v := url.Values{}
	var l errorList
	for part := range strings.SplitSeq(query, "&") {
		rawKey, rawValue, _ := strings.Cut(part, "=")
		key, err := url.QueryUnescape(rawKey)
		if err != nil {
			v[rawKey] = append(v[rawKey], rawValue)
			continue
		}
		if key == "" {
			continue
		}
		value, err := url.QueryUnescape(rawValue)
		if err != nil {
			// The key opens the message: the value gets what is left of
			// the characters an error may repeat.
			echo := max(MaxEcho-utf8.RuneCountInString(key), 8)
			l.add(fieldErr(keyName(key), ErrSyntax, "%s has a bad percent-escape: allowed %% followed by two hexadecimal digits (%%25 for %% itself)", clipTo(rawValue, echo)))
			continue
		}
		v[key] = append(v[key], value)
	}
	return v, l.result()
}

// keyLog is what the readers of one link share: the keys they read, so
// that the others can be refused, and the refusals Validate is to complete
// with what their key allows.
type keyLog struct {
	read   map[string]bool    // every key read, with its group prefix
	names  []string           // the keys read outside groups, in reading order
	groups []*keyGroup        // the repeated groups, in reading order
	open   map[string]*reason // refusals without their allowed part, by key
	done   bool               // the unknown keys have been refused
}

// keyGroup is a family of repeated key groups (s1. to s10.) and the keys
// each group reads.
type keyGroup struct {
	name string // how the prefixes are written: "s1. to s10."
	keys []string
}

// allowed lists the keys read, for an UnknownKeys.
func (l *keyLog) allowed() string {
	s := strings.Join(l.names, ", ")
	for _, g := range l.groups {
		s += "; after " + g.name + ": " + strings.Join(g.keys, ", ")
	}
	return s
}

// queryReader reads typed values, collecting every error.
type queryReader struct {
	v      url.Values
	prefix string
	family *keyGroup // the family prefix belongs to, nil for none
	log    *keyLog
	errorList
}

// linkKeys are the keys any share link may carry that no calculator reads:
// the page's language and how the page shows the answer (the headline's
// threshold, what-ifs, the other game, bars tapped; README, Share links).
// The app takes them out before the engine reads a link; a program that
// hands the engine a whole share link finds them accepted, once each, and
// lang only as one of linkLangs (checkLinkKeys).
var linkKeys = []string{"lang", "atleast", "whatif", "compare", "bar"}

// linkLangs are the languages a link's lang may name: those the notes are
// written in (Note.EN, Note.FR).
var linkLangs = []string{"en", "fr"}

func newQueryReader(v url.Values, prefix string) *queryReader {
	// Sized for a link's keys and the keys read: grown from empty, the map
	// took a sixth of a matrix cell's time in the wasm (issue 32).
	log := &keyLog{read: make(map[string]bool, 40), open: map[string]*reason{}}
	for _, k := range linkKeys {
		log.read[k] = true
	}
	return &queryReader{v: v, prefix: prefix, log: log}
}

// newFamily starts a family of repeated key groups, named as its prefixes
// are written ("s1. to s10.").
func (r *queryReader) newFamily(name string) *keyGroup {
	g := &keyGroup{name: name}
	r.log.groups = append(r.log.groups, g)
	return g
}

// group is a reader of the group with prefix in family f: it shares r's
// key log, but keeps its own errors.
func (r *queryReader) group(f *keyGroup, prefix string) *queryReader {
	return &queryReader{v: r.v, prefix: prefix, family: f, log: r.log}
}

// note logs key as read.
func (r *queryReader) note(key string) {
	full := r.prefix + key
	if r.log.read[full] {
		return
	}
	r.log.read[full] = true
	switch {
	case r.family == nil:
		r.log.names = append(r.log.names, key)
	case !slices.Contains(r.family.keys, key):
		r.family.keys = append(r.family.keys, key)
	}
}

// has reports whether key is present. It does not log the key as read:
// its callers read the key as well, which logs it in its reading order.
func (r *queryReader) has(key string) bool {
	_, ok := r.v[r.prefix+key]
	return ok
}

// raw returns the value of key, or "" with ok false when it is missing. A
// key given more than once is refused: which value was meant is unknown.
func (r *queryReader) raw(key string) (string, bool) {
	r.note(key)
	vs, ok := r.v[r.prefix+key]
	if !ok || len(vs) == 0 {
		return "", false
	}
	if len(vs) > 1 {
		r.fail(key, ErrRepeated, "given %d times: allowed once", len(vs))
	}
	return strings.TrimSpace(vs[0]), true
}

func (r *queryReader) fail(key string, kind error, format string, args ...any) {
	r.add(fieldErr(r.prefix+key, kind, format, args...))
}

// failOpen refuses key with a reason Validate completes with what the key
// allows; the first refusal of a key is the one kept.
func (r *queryReader) failOpen(key string, kind error, format string, args ...any) {
	full := r.prefix + key
	if r.refused(full) {
		return
	}
	e := fieldErr(full, kind, format, args...)
	r.add(e)
	r.log.open[full] = e.Err.(*reason)
}

// refuseUnknown refuses, in one FieldError, every key of the link that no
// read asked for. A Parse calls it once all its keys are read.
func (r *queryReader) refuseUnknown() {
	if r.log.done {
		return
	}
	r.log.done = true
	r.checkLinkKeys()
	var keys []string
	for k := range r.v {
		if !r.log.read[k] {
			keys = append(keys, k)
		}
	}
	if len(keys) == 0 {
		return
	}
	sort.Strings(keys)
	r.add(&FieldError{Key: keyName(keys[0]), Err: &UnknownKeys{Keys: keys, allowed: r.log.allowed()}})
}

// checkLinkKeys refuses a link key given more than once, which the page
// would read one way or another, and a lang that is not one of linkLangs.
// Their other values are the page's to check.
func (r *queryReader) checkLinkKeys() {
	for _, k := range linkKeys {
		vs := r.v[k]
		switch {
		case len(vs) > 1:
			r.fail(k, ErrRepeated, "given %d times: allowed once", len(vs))
		case k == "lang" && len(vs) == 1 && !slices.Contains(linkLangs, vs[0]):
			r.fail(k, ErrChoice, "%s is not allowed: allowed %s", clip(vs[0]), strings.Join(linkLangs, ", "))
		}
	}
}

// done ends a Parse: it refuses the unknown keys, runs validate with the
// reader's open refusals to complete, and returns every error, the
// reader's first.
func (r *queryReader) done(validate func(*validator) error) error {
	r.refuseUnknown()
	return joinErrors(r.result(), validate(&validator{open: r.log.open}))
}

// Stand-ins for numbers atoi cannot give as they are: too large or too
// small for an int.
const (
	tooLarge = math.MaxInt
	tooSmall = math.MinInt
)

// atoi reads a whole number. A number too large for an int is read as
// tooLarge (tooSmall when negative), so Validate reports it as out of its
// range rather than as no number at all.
func atoi(s string) (int, bool) {
	n, err := strconv.Atoi(s)
	if err == nil {
		return n, true
	}
	if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
		if strings.HasPrefix(s, "-") {
			return tooSmall, true
		}
		return tooLarge, true
	}
	return 0, false
}

// isInt reports whether s reads as a whole number (of any size).
func isInt(s string) bool {
	_, ok := atoi(s)
	return ok
}

// int reads a whole number, def when the key is missing or its value is
// no number.
func (r *queryReader) int(key string, def int) int {
	s, ok := r.raw(key)
	if !ok {
		return def
	}
	n, ok := atoi(s)
	if !ok {
		r.failOpen(key, ErrSyntax, "%s is not a whole number", clip(s))
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
// A bad list is refused at its first bad item, by its position, and read
// as def; Validate's list says what the list takes.
func (r *queryReader) ints(key string, def []int, maxLen int) []int {
	s, ok := r.raw(key)
	if !ok {
		return def
	}
	if s == "" {
		return []int{}
	}
	if n := strings.Count(s, ",") + 1; n > maxLen {
		r.failOpen(key, ErrRange, "%d values given", n)
		return def
	}
	parts := strings.Split(s, ",")
	out := make([]int, 0, len(parts))
	for i, p := range parts {
		p = strings.TrimSpace(p)
		if p == "" {
			r.failOpen(key, ErrSyntax, "item %d is empty", i+1)
			return def
		}
		n, ok := atoi(p)
		if !ok {
			r.failOpen(key, ErrSyntax, "item %d is %s, not a whole number", i+1, clip(p))
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
//
// open holds the reader's refusals of values that were no number: the
// check of such a key adds what it allows to the refusal instead of
// judging the default that stands in for the value. Keys that do not
// apply to the input as given (a vehicle's keys at infantry) are checked
// in lenient mode, which only completes those refusals, so that every
// refusal says what is allowed whatever the other values.
type validator struct {
	prefix  string
	open    map[string]*reason
	lenient bool
	errorList
}

func (c *validator) fail(key string, kind error, format string, args ...any) {
	if c.lenient {
		return
	}
	c.add(fieldErr(c.prefix+key, kind, format, args...))
}

// failed reports whether anything was refused so far.
func (c *validator) failed() bool { return len(c.errs) > 0 }

// group is a validator of the group with prefix, sharing c's open
// refusals; its errors are its own.
func (c *validator) group(prefix string) *validator {
	return &validator{prefix: prefix, open: c.open, lenient: c.lenient}
}

// leniently runs check on keys that do not apply here: only the reader's
// refusals of their values are completed, nothing new is refused.
func (c *validator) leniently(check func()) {
	was := c.lenient
	c.lenient = true
	check()
	c.lenient = was
}

// completes adds allowed to the reader's refusal of key, if there is one,
// and reports whether there was.
func (c *validator) completes(key, allowed string) bool {
	r := c.open[c.prefix+key]
	if r == nil {
		return false
	}
	if r.allowed == "" {
		r.allowed = allowed
	}
	return true
}

// number checks a whole number: ok says whether n is allowed, allowed
// what is.
func (c *validator) number(key string, n int, ok bool, allowed string) {
	if c.completes(key, allowed) || ok {
		return
	}
	c.fail(key, ErrRange, "%s: allowed %s", outOfRange(n), allowed)
}

// outOfRange says that n is refused, naming the numbers atoi stood in for.
func outOfRange(n int) string {
	switch n {
	case tooLarge:
		return "the number is too large"
	case tooSmall:
		return "the number is too small"
	}
	return strconv.Itoa(n) + " is out of range"
}

// settled reports whether key needs no message: its value is allowed and
// the reader refused nothing of it. The callers of number write what is
// allowed only when it is not: formatting it for every value took a third
// of a matrix cell's time in the wasm (issue 32).
func (c *validator) settled(key string, ok bool) bool {
	return ok && c.open[c.prefix+key] == nil
}

// rng checks lo <= n <= hi.
func (c *validator) rng(key string, n, lo, hi int) {
	if ok := n >= lo && n <= hi; !c.settled(key, ok) {
		c.number(key, n, ok, fmt.Sprintf("%d-%d", lo, hi))
	}
}

// list checks a list of at most maxLen whole numbers, each lo-hi.
func (c *validator) list(key string, ns []int, maxLen, lo, hi int) {
	ok := len(ns) <= maxLen
	for _, n := range ns {
		ok = ok && n >= lo && n <= hi
	}
	if c.settled(key, ok) {
		return
	}
	allowed := fmt.Sprintf("at most %d whole numbers %d-%d, separated by commas", maxLen, lo, hi)
	if c.completes(key, allowed) {
		return
	}
	if len(ns) > maxLen {
		c.fail(key, ErrRange, "%d values given: allowed %s", len(ns), allowed)
		return
	}
	for i, n := range ns {
		if n < lo || n > hi {
			c.fail(key, ErrRange, "item %d: %s: allowed %s", i+1, outOfRange(n), allowed)
			return
		}
	}
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
