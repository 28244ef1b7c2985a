package content

import "testing"

func TestNames(t *testing.T) {
	cover := &Term{ID: "cover", Games: []string{"at43"},
		Names: map[string]map[string]string{"en": {"at43": "cover"}, "fr": {"at43": "couvert"}},
		Abbr:  map[string]map[string]string{"fr": {"at43": "CV"}, "en": {"at43": "Cover"}}}
	tests := []struct{ name, got, want string }{
		{"AT-43", GameName("at43"), "AT-43"},
		{"d10", GameName("d10"), "d10"},
		{"unknown game", GameName("x"), "x"},
		{"card", CardID("at44"), "card-at44"},
		{"label with its abbreviation", cover.Label("fr", "at43"), "couvert (CV)"},
		{"abbreviation that is the name", cover.Label("en", "at43"), "cover"},
		{"capital", Capitalise("état"), "État"},
		{"empty", Capitalise(""), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.got != tt.want {
				t.Errorf("got %q, want %q", tt.got, tt.want)
			}
		})
	}
}
