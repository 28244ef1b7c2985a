package calc

import (
	"net/url"
	"testing"

	"github.com/at4x/companion/i18n"
	"github.com/at4x/companion/rules"
)

func TestLuck(t *testing.T) {
	d := rules.Dist{P: []float64{0.25, 0.5, 0.25}}
	tests := []struct {
		lang string
		k    int
		want string
	}{
		{"en", 0, "Casualties: 0 or fewer, 25%; 0 or more, 100%."},
		{"en", 1, "Casualties: 1 or fewer, 75%; 1 or more, 75%."},
		{"fr", 2, "Pertes\u00a0: 2 ou moins, 100\u202f%\u00a0; 2 ou plus, 25\u202f%."},
	}
	for _, tt := range tests {
		t.Run(tt.lang, func(t *testing.T) {
			if got := luck(tt.lang, i18n.T(tt.lang, i18n.ChartCasualties), d, tt.k); got != tt.want {
				t.Errorf("luck(%d) = %q, want %q", tt.k, got, tt.want)
			}
		})
	}
}

// TestRollCharts: the after-the-roll row counts what the charts of exact
// distributions count, and nothing for a result of chances only.
func TestRollCharts(t *testing.T) {
	tests := []struct {
		name, link string
		want       []i18n.Key
	}{
		{"shoot at infantry", "game=at43&n=6&acc=4&range=2&cover=cover", []i18n.Key{i18n.ChartHits, i18n.ChartImpacts, i18n.ChartCasualties}},
		{"shoot at a vehicle", "game=at43&n=6&target=veh", []i18n.Key{i18n.ChartHits, i18n.ChartFrame}},
		{"morale", "game=at44", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			name := map[bool]string{true: "morale", false: "shoot"}[tt.want == nil]
			v, _ := url.ParseQuery(tt.link)
			s := evaluate(specFor(name), v)
			var got []i18n.Key
			for _, i := range rollCharts(s.out) {
				got = append(got, s.out.charts[i].title)
			}
			if len(got) != len(tt.want) {
				t.Fatalf("counts %v, want %v", got, tt.want)
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Errorf("count %d is %v, want %v", i, got[i], tt.want[i])
				}
			}
		})
	}
}

// TestWhatIfOffers: a what-if is offered only when it changes the values.
func TestWhatIfOffers(t *testing.T) {
	tests := []struct {
		link string
		want string // the what-ifs offered, by key
	}{
		{"game=at43&acc=3", "acc takecover faw"},
		{"game=at43&acc=30&cover=takecover&faw=1", ""},
		{"game=at43&cover=kneecover", "acc faw"},
		{"game=at43&target=veh", "acc faw"},
	}
	for _, tt := range tests {
		t.Run(tt.link, func(t *testing.T) {
			v, _ := url.ParseQuery(tt.link)
			var got string
			for _, w := range specFor("shoot").whatIfs {
				if w.offers(v) {
					got += " " + w.key
				}
			}
			if got != " "+tt.want && !(got == "" && tt.want == "") {
				t.Errorf("offered%s, want %s", got, tt.want)
			}
		})
	}
}
