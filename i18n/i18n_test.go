package i18n

import "testing"

func TestEveryKeyHasBothLanguages(t *testing.T) {
	for k := Key(0); k < keyCount; k++ {
		for _, lang := range Langs {
			if T(lang, k) == "" {
				t.Errorf("key %d has no %s text", k, lang)
			}
		}
		if T("en", k) == T("fr", k) && len(T("en", k)) > 12 {
			t.Logf("key %d reads the same in both languages: %q", k, T("en", k))
		}
	}
}

func TestOutOfRangeKeyIsEmpty(t *testing.T) {
	for _, k := range []Key{-1, keyCount} {
		if s := T("en", k); s != "" {
			t.Errorf("T(en, %d) = %q, want empty", k, s)
		}
	}
}

func TestPercent(t *testing.T) {
	tests := []struct {
		lang string
		p    float64
		want string
	}{
		{"en", 0.713, "71.3%"},
		{"fr", 0.713, "71,3\u202f%"},
		{"en", 0, "0%"},
		{"en", 1, "100%"},
		{"en", 0.00001, "<0.1%"},
		{"fr", 0.99999, ">99,9\u202f%"},
		{"en", 0.5, "50%"},
	}
	for _, tt := range tests {
		if got := Percent(tt.lang, tt.p); got != tt.want {
			t.Errorf("Percent(%q, %v) = %q, want %q", tt.lang, tt.p, got, tt.want)
		}
	}
}

func TestDecimal(t *testing.T) {
	tests := []struct {
		lang string
		x    float64
		prec int
		want string
	}{
		{"en", 2.345, 1, "2.3"},
		{"fr", 2.345, 2, "2,35"},
		{"en", 3, 2, "3"},
		{"fr", -0.0001, 1, "0"},
	}
	for _, tt := range tests {
		if got := Decimal(tt.lang, tt.x, tt.prec); got != tt.want {
			t.Errorf("Decimal(%q, %v, %d) = %q, want %q", tt.lang, tt.x, tt.prec, got, tt.want)
		}
	}
}

func TestFixed(t *testing.T) {
	for _, tt := range []struct {
		lang string
		x    float64
		want string
	}{{"en", 1, "1.0"}, {"fr", 2.345, "2,3"}, {"en", -0.01, "0.0"}} {
		if got := Fixed(tt.lang, tt.x, 1); got != tt.want {
			t.Errorf("Fixed(%q, %v, 1) = %q, want %q", tt.lang, tt.x, got, tt.want)
		}
	}
}
