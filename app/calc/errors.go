package calc

import (
	"errors"
	"fmt"
	"net/url"
	"slices"
	"sort"
	"strconv"

	"github.com/at4x/companion/i18n"
	"github.com/at4x/companion/rules"
)

// errBadEscape marks a value the link itself garbled (a bad percent-escape),
// found by rules.ParseLink before any calculator reads it.
var errBadEscape = errors.New("bad percent-escape in the link")

// fieldErrors lists, by key, every value an engine error refuses: the
// rules.FieldErrors of a Parse or of ParseLink. ok is false when the error
// names no value, and the calculation failed as a whole.
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
// carry: keys the calculator does not read ("s01.n", "s11.n"), or values of
// a field hidden for this game or target. They show under the form, by key.
func strayErrors(w gameWords, spec *spec, shown, raw url.Values, errs map[string]error) []string {
	var keys []string
	for k := range errs {
		if !slices.ContainsFunc(spec.fields, func(f field) bool { return f.key == k && (f.show == nil || f.show(shown)) }) {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	var out []string
	for _, k := range keys {
		f, ok := spec.field(k, shown)
		if !ok || errors.Is(errs[k], rules.ErrUnknownKey) {
			out = append(out, fmt.Sprintf(i18n.T(w.lang, i18n.BadValueF), k, i18n.T(w.lang, i18n.UnknownKey)))
			continue
		}
		label, _, _ := fieldLabel(w, f)
		out = append(out, fieldError(w.lang, label, f, raw.Get(k), errs[k], nil))
	}
	return out
}

// fieldError says, in the page's language, why the value raw of field f
// was refused. The engine's own reason is in English: only its kind is
// read from it, with errors.Is.
func fieldError(lang, label string, f field, raw string, reason error, wagerLimit func(key string) (rank, limit int, ok bool)) string {
	t := func(k i18n.Key) string { return i18n.T(lang, k) }
	var msg string
	n, numErr := strconv.Atoi(raw)
	switch {
	case errors.Is(reason, errBadEscape):
		msg = t(i18n.BadEscape)
	case errors.Is(reason, rules.ErrBothRanges):
		msg = t(i18n.BothRanges)
	case errors.Is(reason, rules.ErrConflict):
		msg = fmt.Sprintf(t(i18n.ConflictF), raw)
	case f.kind == kindNumber && numErr == nil && n >= f.min && n <= f.max && wagerLimit != nil:
		// In range for the field but refused: a wager over the rank's limit.
		if rank, limit, ok := wagerLimit(f.key); ok {
			msg = fmt.Sprintf(t(i18n.WagerLimitF), raw, rank, limit)
			break
		}
		msg = fmt.Sprintf(t(i18n.BadNumberF), raw, f.min, max(f.max, 1))
	case f.kind == kindNumber || f.kind == kindToggle:
		msg = fmt.Sprintf(t(i18n.BadNumberF), raw, f.min, max(f.max, 1))
	default:
		msg = fmt.Sprintf(t(i18n.BadChoiceF), raw)
	}
	return fmt.Sprintf(t(i18n.BadValueF), label, msg)
}
