package calc

import (
	"net/url"
	"strings"
	"testing"
)

// TestChangeDropsHiddenValues: a change of the reader's that hides a
// field (the target, the game, a profile, no vehicles under the template)
// drops that field's value from the values and the link, so that the
// engine, which refuses a key that does not apply (rules.NotApplicable),
// never says the reader's own earlier value was refused; the values of
// the fields still shown stay.
func TestChangeDropsHiddenValues(t *testing.T) {
	type step struct {
		set     fieldChange
		profile map[string]string
	}
	tests := []struct {
		name, calc, link string
		steps            []step
		gone, kept       []string
	}{
		{"frame, then back to infantry", "shoot", "game=at44&n=6&size=8&target=inf",
			[]step{{set: fieldChange{Key: "target", Value: "veh"}}, {set: fieldChange{Key: "frame", Step: 1}},
				{set: fieldChange{Key: "weapons", Value: "2,2"}}, {set: fieldChange{Key: "target", Value: "inf"}}},
			[]string{"frame", "weapons", "size"}, []string{"n"}}, // size went with the turn to vehicles
		{"size, then to vehicles", "salvos", "game=at43&size=8&type=2&s1.n=4",
			[]step{{set: fieldChange{Key: "target", Value: "veh"}}},
			[]string{"size", "type"}, []string{"s1.n"}},
		{"no vehicles under the template", "indirect", "game=at43&vehicles=2&vprot=12&frame=8&n=3",
			[]step{{set: fieldChange{Key: "vehicles", Value: "0"}}},
			[]string{"vprot", "frame"}, []string{"n"}},
		{"a profile of the other target", "shoot", "game=at43&target=veh&frame=8&n=4",
			[]step{{profile: map[string]string{"target": "inf", "size": "10", "acc": "5"}}},
			[]string{"frame"}, []string{"size", "acc", "n"}},
		{"a profile's keys that do not show", "shoot", "game=at43&n=4",
			[]step{{profile: map[string]string{"frame": "8", "vehicles": "3", "acc": "5"}}},
			[]string{"frame", "vehicles"}, []string{"acc", "n"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := opened(t, tt.calc, "en", "?"+tt.link)
			for _, st := range tt.steps {
				if st.profile != nil {
					c.load(st.profile)
				} else if _, ok := c.set(st.set); !ok {
					t.Fatalf("no field %s", st.set.Key)
				}
			}
			if len(c.now.errs) > 0 || c.now.err != nil {
				t.Errorf("refused %v %v", c.now.errs, c.now.err)
			}
			if msgs := strayErrors(c.words, c.spec, c.now.shown, c.values, c.now.errs); len(msgs) > 0 {
				t.Errorf("says %q", msgs)
			}
			q, _ := url.ParseQuery(strings.SplitN(c.link(), "?", 2)[1])
			for _, k := range tt.gone {
				if q.Has(k) {
					t.Errorf("link %s keeps %s", c.link(), k)
				}
			}
			for _, k := range tt.kept {
				if !q.Has(k) {
					t.Errorf("link %s lost %s", c.link(), k)
				}
			}
		})
	}
}

// TestSwitchedGame: the shell's game switch of a calculator's link leaves
// out the values of the fields the other game hides, and keeps the rest.
func TestSwitchedGame(t *testing.T) {
	tests := []struct {
		name, calc, query, game, want string
	}{
		{"AT-44's abilities in AT-43", "shoot", "game=at44&lang=fr&n=8&det=1&jammer=3&sniper=1&acc=5", "at43", "acc=5&game=at43&lang=fr&n=8"},
		{"AT-43's lock-on at infantry in AT-44", "shoot", "game=at43&lock=4&n=2", "at44", "game=at44&n=2"},
		{"a salvo's Detection", "salvos", "game=at44&s1.n=3&s1.det=1&s2.n=2", "at43", "game=at43&s1.n=3&s2.n=2"},
		{"nothing hidden", "melee", "game=at43&n=4&acc=5", "at44", "acc=5&game=at44&n=4"},
		{"AT-43's picker", "shoot", "game=at43&target=veh&picker=defender", "at44", "game=at44&target=veh"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q, _ := url.ParseQuery(tt.query)
			if got := SwitchedGame(tt.calc, q, tt.game).Encode(); got != tt.want {
				t.Errorf("%s under %s: %s, want %s", tt.query, tt.game, got, tt.want)
			}
			if q.Get("game") == tt.game {
				t.Error("the switch changed the values given")
			}
		})
	}
}
