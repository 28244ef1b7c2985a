package rules

import (
	"strings"
	"testing"
)

// wantKeyError checks that err names the bad field by its query key and says
// what is allowed, as every calculator's errors do.
func wantKeyError(t *testing.T, query string, err error, key, allowed string) {
	t.Helper()
	switch {
	case err == nil:
		t.Errorf("%q: no error, want one naming %s", query, key)
	case !strings.HasPrefix(err.Error(), key+": "):
		t.Errorf("%q: error %q does not start with %q", query, err, key+": ")
	case !strings.Contains(err.Error(), allowed):
		t.Errorf("%q: error %q does not say %q", query, err, allowed)
	}
}
