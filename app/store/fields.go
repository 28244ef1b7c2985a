package store

// Fields are a record's values as JSON holds them: strings, float64, bool,
// []any and map[string]any, what the browser's JSON.parse gives. Its
// readers give a value of another type as the zero value, as a stored
// value the app did not write must read.
type Fields map[string]any

// String is the field k when it is a string.
func (f Fields) String(k string) string {
	s, _ := f[k].(string)
	return s
}

// Int is the field k when it is a whole number.
func (f Fields) Int(k string) int {
	n, ok := f[k].(float64)
	if !ok || n != float64(int(n)) {
		return 0
	}
	return int(n)
}

// Bool is the field k when it is a boolean.
func (f Fields) Bool(k string) bool {
	b, _ := f[k].(bool)
	return b
}

// Strings is the field k when it is an object of strings, without the
// values that are not strings.
func (f Fields) Strings(k string) map[string]string {
	obj, ok := f[k].(map[string]any)
	if !ok {
		return nil
	}
	out := make(map[string]string, len(obj))
	for key, v := range obj {
		if s, ok := v.(string); ok {
			out[key] = s
		}
	}
	return out
}

// SetNonZero sets the field k to v unless v is its type's zero value, as
// JSON's omitempty does, so that stored records stay short.
func SetNonZero[V comparable](f Fields, k string, v V) {
	var zero V
	if v != zero {
		f[k] = v
	}
}
