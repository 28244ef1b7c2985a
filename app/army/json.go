package army

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// The army file's JSON is read by the small reader below rather than by
// encoding/json: it needs no reflection (which the wasm compiles on first
// use), refuses duplicate keys, and stops at MaxFile bytes and maxDepth
// levels, so no file can make it slow. It gives JSON's values as Go values:
// map[string]any, []any, string, number (the number's text), bool, nil.

// number is a JSON number, as written.
type number string

// maxDepth is the deepest nesting read: an army file is six levels deep
// (army, units, unit, weapons, weapon, shoot).
const maxDepth = 8

// errJSON is the reason of a file that is not JSON.
const errJSON = reason("not JSON")

// jsonError says where the text stopped being JSON.
type jsonError struct {
	_      [0]func() // not comparable: no equality code
	Offset int
	Msg    string
}

func (e *jsonError) Error() string { return fmt.Sprintf("not JSON at byte %d: %s", e.Offset, e.Msg) }
func (e *jsonError) Unwrap() error { return errJSON }

type jsonReader struct {
	s   string
	i   int
	err error
}

// parseJSON reads one JSON value, the whole of s.
func parseJSON(s string) (any, error) {
	r := &jsonReader{s: s}
	r.space()
	v := r.value(0)
	r.space()
	if r.err == nil && r.i < len(r.s) {
		r.fail("text after the value")
	}
	if r.err != nil {
		return nil, r.err
	}
	return v, nil
}

func (r *jsonReader) fail(msg string) {
	if r.err == nil {
		r.err = &jsonError{Offset: r.i, Msg: msg}
	}
	r.i = len(r.s)
}

func (r *jsonReader) space() {
	for r.i < len(r.s) {
		switch r.s[r.i] {
		case ' ', '\t', '\n', '\r':
			r.i++
		default:
			return
		}
	}
}

func (r *jsonReader) value(depth int) any {
	if r.i >= len(r.s) {
		r.fail("unexpected end")
		return nil
	}
	switch c := r.s[r.i]; {
	case c == '{' || c == '[':
		if depth >= maxDepth {
			r.err = ErrTooDeep
			r.i = len(r.s)
			return nil
		}
		if c == '{' {
			return r.object(depth + 1)
		}
		return r.array(depth + 1)
	case c == '"':
		return r.str()
	case c == '-' || c >= '0' && c <= '9':
		return r.number()
	case strings.HasPrefix(r.s[r.i:], "true"):
		r.i += 4
		return true
	case strings.HasPrefix(r.s[r.i:], "false"):
		r.i += 5
		return false
	case strings.HasPrefix(r.s[r.i:], "null"):
		r.i += 4
		return nil
	}
	r.fail("unexpected character")
	return nil
}

func (r *jsonReader) object(depth int) any {
	r.i++ // {
	m := map[string]any{}
	r.space()
	if r.i < len(r.s) && r.s[r.i] == '}' {
		r.i++
		return m
	}
	for r.err == nil {
		r.space()
		if r.i >= len(r.s) || r.s[r.i] != '"' {
			r.fail("expected a key")
			return nil
		}
		k := r.str()
		r.space()
		if r.i >= len(r.s) || r.s[r.i] != ':' {
			r.fail("expected a colon")
			return nil
		}
		r.i++
		r.space()
		v := r.value(depth)
		if _, dup := m[k]; dup && r.err == nil {
			r.fail("key " + strconv.Quote(clipText(k)) + " given twice")
			return nil
		}
		m[k] = v
		r.space()
		if r.i < len(r.s) && r.s[r.i] == ',' {
			r.i++
			continue
		}
		if r.i < len(r.s) && r.s[r.i] == '}' {
			r.i++
			return m
		}
		r.fail("expected a comma or a closing brace")
	}
	return nil
}

func (r *jsonReader) array(depth int) any {
	r.i++ // [
	out := []any{}
	r.space()
	if r.i < len(r.s) && r.s[r.i] == ']' {
		r.i++
		return out
	}
	for r.err == nil {
		r.space()
		out = append(out, r.value(depth))
		r.space()
		if r.i < len(r.s) && r.s[r.i] == ',' {
			r.i++
			continue
		}
		if r.i < len(r.s) && r.s[r.i] == ']' {
			r.i++
			return out
		}
		r.fail("expected a comma or a closing bracket")
	}
	return nil
}

func (r *jsonReader) number() any {
	start := r.i
	if r.s[r.i] == '-' {
		r.i++
	}
	digits := func() int {
		n := 0
		for r.i < len(r.s) && r.s[r.i] >= '0' && r.s[r.i] <= '9' {
			r.i++
			n++
		}
		return n
	}
	if digits() == 0 {
		r.fail("bad number")
		return nil
	}
	if r.i < len(r.s) && r.s[r.i] == '.' {
		r.i++
		if digits() == 0 {
			r.fail("bad number")
			return nil
		}
	}
	if r.i < len(r.s) && (r.s[r.i] == 'e' || r.s[r.i] == 'E') {
		r.i++
		if r.i < len(r.s) && (r.s[r.i] == '+' || r.s[r.i] == '-') {
			r.i++
		}
		if digits() == 0 {
			r.fail("bad number")
			return nil
		}
	}
	return number(r.s[start:r.i])
}

func (r *jsonReader) str() string {
	r.i++ // "
	// Most strings are plain ASCII with no escape: taken as they are.
	for j := r.i; j < len(r.s); j++ {
		c := r.s[j]
		if c == '"' {
			s := r.s[r.i:j]
			r.i = j + 1
			return s
		}
		if c < 0x20 || c == '\\' || c >= utf8.RuneSelf {
			break
		}
	}
	var b strings.Builder
	for r.i < len(r.s) {
		c := r.s[r.i]
		switch {
		case c == '"':
			r.i++
			return b.String()
		case c < 0x20:
			r.fail("control character in a string")
			return ""
		case c == '\\':
			if r.i+1 >= len(r.s) {
				r.fail("unexpected end")
				return ""
			}
			r.i += 2
			switch e := r.s[r.i-1]; e {
			case '"', '\\', '/':
				b.WriteByte(e)
			case 'b':
				b.WriteByte('\b')
			case 'f':
				b.WriteByte('\f')
			case 'n':
				b.WriteByte('\n')
			case 'r':
				b.WriteByte('\r')
			case 't':
				b.WriteByte('\t')
			case 'u':
				c1 := r.hex4()
				if utf16.IsSurrogate(c1) && strings.HasPrefix(r.s[r.i:], `\u`) {
					r.i += 2
					c1 = utf16.DecodeRune(c1, r.hex4())
				}
				if r.err != nil {
					return ""
				}
				b.WriteRune(c1)
			default:
				r.i--
				r.fail("bad escape")
				return ""
			}
		default:
			ru, size := utf8.DecodeRuneInString(r.s[r.i:])
			b.WriteRune(ru) // invalid UTF-8 becomes U+FFFD
			r.i += size
		}
	}
	r.fail("unterminated string")
	return ""
}

func (r *jsonReader) hex4() rune {
	if r.i+4 > len(r.s) {
		r.fail("bad \\u escape")
		return 0
	}
	n, err := strconv.ParseUint(r.s[r.i:r.i+4], 16, 32)
	if err != nil {
		r.fail("bad \\u escape")
		return 0
	}
	r.i += 4
	return rune(n)
}

// jsonWriter writes the army file: keys in a fixed order, strings escaped
// so that the text is safe inside HTML too, and holds "*" and "~" only
// where Pack writes them.
type jsonWriter struct{ b strings.Builder }

func (w *jsonWriter) raw(s string) { w.b.WriteString(s) }

func (w *jsonWriter) str(s string) {
	w.b.WriteByte('"')
	for _, c := range s {
		switch {
		case c == '"' || c == '\\':
			w.b.WriteByte('\\')
			w.b.WriteRune(c)
		case c < 0x20 || c == '<' || c == '>' || c == '&' || c == '*' || c == '~' || c == 0x2028 || c == 0x2029:
			fmt.Fprintf(&w.b, `\u%04x`, c)
		default:
			w.b.WriteRune(c)
		}
	}
	w.b.WriteByte('"')
}

// value writes a share-link value: a number when it is a plain whole
// number, a string otherwise.
func (w *jsonWriter) value(s string) {
	if n, err := strconv.Atoi(s); err == nil && strconv.Itoa(n) == s {
		w.raw(s)
		return
	}
	w.str(s)
}

// values writes a part's values as an object, in the part's key order.
func (w *jsonWriter) values(v Values, keys []string) {
	w.raw("{")
	first := true
	for _, k := range keys {
		s, ok := v[k]
		if !ok {
			continue
		}
		if !first {
			w.raw(", ")
		}
		first = false
		w.str(k)
		w.raw(": ")
		w.value(s)
	}
	w.raw("}")
}
