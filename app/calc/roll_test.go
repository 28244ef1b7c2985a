package calc

import (
	"net/url"
	"testing"

	"github.com/at4x/companion/i18n"
	"github.com/at4x/companion/rules"
)

// TestLuck: after the roll, one verdict a player reads at once: lucky
// when one roll in four or fewer does as well, unlucky when one in four or
// fewer does as badly, else as expected; for what is left of the target,
// fewer is better; and an event, passed or failed.
func TestLuck(t *testing.T) {
	d := rules.Dist{P: []float64{0.25, 0.5, 0.2, 0.036, 0.014}}
	tests := []struct {
		name  string
		lang  string
		k     int
		fewer bool
		want  string
	}{
		{"usual", "en", 1, false, "About as expected: 75% of rolls do this well or better."},
		{"lucky", "en", 3, false, "As lucky as 1 roll in 20: 5% of rolls do this well or better."},
		{"lucky, French", "fr", 4, false, "Coup de chance, 1 jet sur 71\u00a0: 1,4\u202f% des jets font aussi bien ou mieux."},
		{"unlucky", "en", 0, false, "As unlucky as 1 roll in 4: 25% of rolls do this badly or worse."},
		{"unlucky, French", "fr", 0, false, "Pas de chance, 1 jet sur 4\u00a0: 25\u202f% des jets font aussi mal ou pire."},
		{"fewer left is lucky", "en", 0, true, "As lucky as 1 roll in 4: 25% of rolls do this well or better."},
		{"the most left is unlucky", "en", 4, true, "As unlucky as 1 roll in 71: 1.4% of rolls do this badly or worse."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := countLuck(tt.lang, d, tt.k, tt.fewer); got != tt.want {
				t.Errorf("countLuck(%d) = %q, want %q", tt.k, got, tt.want)
			}
		})
	}
	rare := rules.Dist{P: []float64{0.0004, 0.9996}}
	if got, want := countLuck("en", rare, 0, false), "Unluckier than 1 roll in 1,000: <0.1% of rolls do this badly or worse."; got != want {
		t.Errorf("a rare count reads %q, want %q", got, want)
	}
	for _, tt := range []struct {
		name     string
		lang     string
		p        float64
		happened bool
		want     string
	}{
		{"passed, likely", "en", 0.72, true, "About as expected: 72% of rolls end this way."},
		{"failed, likely", "en", 0.8, false, "As unlucky as 1 roll in 5: 20% of rolls end this way."},
		{"passed, unlikely, French", "fr", 0.1, true, "Coup de chance, 1 jet sur 10\u00a0: 10\u202f% des jets finissent ainsi."},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := eventLuck(tt.lang, tt.p, tt.happened); got != tt.want {
				t.Errorf("eventLuck(%v, %v) = %q, want %q", tt.p, tt.happened, got, tt.want)
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
