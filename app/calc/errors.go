package calc

import (
	"errors"
	"fmt"
	"net/url"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/at4x/companion/i18n"
	"github.com/at4x/companion/rules"
)

// The engine refuses values with typed errors (rules.FieldError, its
// sentinel reasons, rules.UnknownKeys); the page words them itself, in its
// language, reading only their kind with errors.Is and errors.As. Every
// message says what the field allows, and repeats at most rules.MaxEcho
// characters of the link, however long the value or key, escaped, cut and
// isolated from the message one way in both languages (rules.Echo,
// rules.EchoKey), so that no value can make a message read backwards.

// errBadEscape marks a value the link itself garbled (a bad percent-escape),
// found by rules.ParseLink before any calculator reads it.
var errBadEscape = errors.New("bad percent-escape in the link")

// fieldErrors lists, by key, every value an engine error refuses: the
// rules.FieldErrors of a Parse or of ParseLink. ok is false when the error
// names no value, and the calculation failed as a whole. The keys a Parse
// does not read come as one of them, under the first such key, its reason
// a *rules.UnknownKeys that lists them all.
func fieldErrors(err error) (bad map[string]error, ok bool) {
	var list rules.FieldErrors
	if errors.As(err, &list) {
		bad = map[string]error{}
		for _, fe := range list {
			if _, seen := bad[fe.Key]; !seen {
				bad[fe.Key] = fe.Err
			}
		}
		return bad, len(bad) > 0
	}
	var one *rules.FieldError
	if errors.As(err, &one) {
		return map[string]error{one.Key: one.Err}, true
	}
	return nil, false
}

// strayErrors are the messages of bad values that no field on show can
// carry: values of a field hidden for this game or target, a key given
// twice that no field shows (game), and the keys the calculator does not
// read ("s01.n", "S1.n", "k0"...), which make one message however many.
// They show under the form.
func strayErrors(w gameWords, spec *spec, shown, raw url.Values, errs map[string]error) []string {
	var keys, unknown []string
	for k := range errs {
		if !slices.ContainsFunc(spec.fields, func(f field) bool { return f.key == k && f.show.holds(shown) }) {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	var out []string
	for _, k := range keys {
		var many *rules.UnknownKeys
		if errors.As(errs[k], &many) {
			unknown = append(unknown, many.Keys...)
			continue
		}
		f, ok := spec.field(k, shown)
		switch {
		case !ok && errors.Is(errs[k], rules.ErrRepeated):
			out = append(out, fmt.Sprintf(i18n.T(w.lang, i18n.BadValueF), rules.EchoKey(k), i18n.T(w.lang, i18n.Repeated)))
		case !ok || errors.Is(errs[k], rules.ErrUnknownKey):
			// A key no field takes, whose value the link garbled, is
			// one more key the calculator does not read.
			unknown = append(unknown, k)
		default:
			label, _, _ := fieldLabel(w, f)
			out = append(out, fieldError(w, label, f, true, raw.Get(k), errs[k], nil))
		}
	}
	if len(unknown) > 0 {
		out = append(out, unknownKeysError(w.lang, unknown))
	}
	return out
}

// unknownKeysError is the one message for every key the calculator does not
// read: the first keys, as many as fit in rules.MaxEcho characters, and how many
// more.
func unknownKeysError(lang string, keys []string) string {
	keys = slices.Compact(slices.Sorted(slices.Values(keys)))
	if len(keys) == 1 {
		return fmt.Sprintf(i18n.T(lang, i18n.BadValueF), rules.EchoKey(keys[0]), i18n.T(lang, i18n.UnknownKey))
	}
	named, more := rules.EchoKeys(keys)
	list := strings.Join(named, ", ")
	if more > 0 {
		list = fmt.Sprintf(i18n.T(lang, i18n.MoreKeysF), list, more)
	}
	return fmt.Sprintf(i18n.T(lang, i18n.BadValueF), list, i18n.T(lang, i18n.UnknownKeys))
}

// fieldError says, in the page's language, why the value raw of field f
// was refused, and what the field allows; hidden tells that the field is
// not on show for the current values. The engine's own reason is in
// English: only its kind is read from it, with errors.Is.
func fieldError(w gameWords, label string, f field, hidden bool, raw string, reason error, wagerLimit func(key string) (rank, limit int, ok bool)) string {
	t := func(k i18n.Key) string { return i18n.T(w.lang, k) }
	var msg string
	shown := rules.Echo(raw)
	n, numErr := strconv.Atoi(raw)
	offered := f.kind == kindNumber && numErr == nil && n >= f.min && n <= f.max ||
		f.kind == kindToggle && (raw == "0" || raw == "1") ||
		f.kind == kindChoice && slices.ContainsFunc(f.options, func(o option) bool { return o.value == raw })
	switch {
	case errors.Is(reason, errBadEscape):
		msg = fmt.Sprintf(t(i18n.BadEscapeF), allowed(w, f))
	case errors.Is(reason, rules.ErrRepeated):
		msg = t(i18n.Repeated)
	case errors.Is(reason, rules.ErrBothRanges):
		msg = t(i18n.BothRanges)
	case errors.Is(reason, rules.ErrNotApplicable):
		// A key given where it does not apply: the value it may keep
		// there is the engine's, its default, not the field's range.
		msg = fmt.Sprintf(t(i18n.ConflictF), shown, quietHint(w, f, reason))
	case f.kind == kindList:
		msg = listError(w, f, raw)
	case f.kind == kindNumber && offered && wagerLimit != nil && !errors.Is(reason, rules.ErrConflict):
		// In range for the field but refused: a wager over the rank's limit.
		if rank, limit, ok := wagerLimit(f.key); ok {
			msg = fmt.Sprintf(t(i18n.WagerLimitF), shown, rank, limit)
			break
		}
		msg = fmt.Sprintf(t(i18n.BadNumberF), shown, f.min, max(f.max, 1))
	case errors.Is(reason, rules.ErrConflict) || offered && errors.Is(reason, rules.ErrChoice):
		// A value the field offers, refused with this game or target:
		// an ability the game lacks, an option of the other target.
		msg = fmt.Sprintf(t(i18n.ConflictF), shown, allowedHere(w, f, hidden))
	case f.kind == kindNumber || f.kind == kindToggle:
		msg = fmt.Sprintf(t(i18n.BadNumberF), shown, f.min, max(f.max, 1))
	default:
		msg = fmt.Sprintf(t(i18n.BadChoiceF), shown, allowed(w, f))
	}
	return fmt.Sprintf(t(i18n.BadValueF), label, msg)
}

// allowed says what field f takes, its options in the game's words.
func allowed(w gameWords, f field) string {
	lang := w.lang
	switch f.kind {
	case kindChoice:
		labels := make([]string, len(f.options))
		for i, o := range f.options {
			labels[i] = w.t(o.label)
		}
		return strings.Join(labels, ", ")
	case kindList:
		return fmt.Sprintf(i18n.T(lang, i18n.AllowedListF), f.items, f.min, f.max)
	}
	return fmt.Sprintf(i18n.T(lang, i18n.AllowedNumberF), f.min, max(f.max, 1))
}

// allowedHere says what field f takes with the game and target chosen,
// once its value was refused there: the options it shows, or, when the
// field does not apply, its first option, unticked, or its least number.
func allowedHere(w gameWords, f field, hidden bool) string {
	lang := w.lang
	switch {
	case f.kind == kindChoice && !hidden:
		return allowed(w, f)
	case f.kind == kindChoice && len(f.options) > 0:
		return w.t(f.options[0].label)
	case f.kind == kindToggle:
		return i18n.T(lang, i18n.AllowedOff)
	}
	return strconv.Itoa(f.min)
}

// quietHint says the value a key that does not apply may keep, the
// engine's rules.NotApplicable.Quiet: unticked for a toggle, its option's
// label for a choice, the value itself for a number or a list.
func quietHint(w gameWords, f field, reason error) string {
	var na *rules.NotApplicable
	if !errors.As(reason, &na) {
		return allowedHere(w, f, true)
	}
	switch f.kind {
	case kindToggle:
		return i18n.T(w.lang, i18n.AllowedOff)
	}
	for _, o := range f.options {
		if o.value == na.Quiet {
			return w.t(o.label)
		}
	}
	return na.Quiet
}

// listError says which item of a list the field refuses, by its position.
func listError(w gameWords, f field, raw string) string {
	t := func(k i18n.Key) string { return i18n.T(w.lang, k) }
	ok := allowed(w, f)
	items := strings.Split(raw, ",")
	if len(items) > f.items {
		return fmt.Sprintf(t(i18n.TooManyItemsF), len(items), ok)
	}
	for i, item := range items {
		item = strings.TrimSpace(item)
		if item == "" {
			return fmt.Sprintf(t(i18n.EmptyItemF), i+1, ok)
		}
		if n, err := strconv.Atoi(item); err != nil || n < f.min || n > f.max {
			return fmt.Sprintf(t(i18n.BadItemF), i+1, rules.Echo(item), ok)
		}
	}
	return fmt.Sprintf(t(i18n.BadChoiceF), rules.Echo(raw), ok)
}
