package calc

import (
	"fmt"
	"strings"
	"testing"
)

// TestValidProfiles reads a stored list of profiles as anything on the
// origin may have written it.
func TestValidProfiles(t *testing.T) {
	var many []profile
	for i := range 20000 {
		many = append(many, profile{Name: fmt.Sprint("P", i), Values: map[string]string{"acc": "3"}})
	}
	tests := []struct {
		name  string
		list  []profile
		names []string
		first map[string]string // the values of the first profile kept
	}{
		{"kept as saved", []profile{{"A", map[string]string{"acc": "3", "n": "5"}}}, []string{"A"}, map[string]string{"acc": "3", "n": "5"}},
		{"no name", []profile{{" ", map[string]string{"acc": "3"}}, {"B", nil}}, []string{"B"}, map[string]string{}},
		{"values a profile does not hold", []profile{{"C", map[string]string{"acc": "3", "range": "2", "__proto__": "x"}}}, []string{"C"}, map[string]string{"acc": "3"}},
		{"long name and value", []profile{{strings.Repeat("é", 100), map[string]string{"acc": "3", "n": strings.Repeat("1", 101)}}},
			[]string{strings.Repeat("é", maxProfileName)}, map[string]string{"acc": "3"}},
		{"20,000: the newest", many, nil, map[string]string{"acc": "3"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := validProfiles(tt.list)
			var names []string
			for _, p := range got {
				names = append(names, p.Name)
			}
			if tt.names == nil {
				tt.names = names
				if len(got) != maxProfiles || names[0] != fmt.Sprint("P", 20000-maxProfiles) {
					t.Errorf("kept %d profiles from P%s, want the newest %d", len(got), names[0], maxProfiles)
				}
			}
			if fmt.Sprint(names) != fmt.Sprint(tt.names) {
				t.Errorf("kept %v, want %v", names, tt.names)
			}
			if len(got) > 0 && fmt.Sprint(got[0].Values) != fmt.Sprint(tt.first) {
				t.Errorf("values %v, want %v", got[0].Values, tt.first)
			}
		})
	}
}
