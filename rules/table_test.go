package rules

import (
	"fmt"
	"testing"
)

func TestNeeded(t *testing.T) {
	tests := []struct {
		d    int
		roll int
		auto Outcome
	}{
		{-20, 0, AutoFail}, {-6, 0, AutoFail}, {-5, 6, Roll}, {-4, 6, Roll},
		{-3, 5, Roll}, {-2, 5, Roll}, {-1, 4, Roll}, {0, 4, Roll}, {1, 4, Roll},
		{2, 3, Roll}, {3, 3, Roll}, {4, 2, Roll}, {5, 2, Roll},
		{6, 0, AutoSuccess}, {25, 0, AutoSuccess},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("Needed(%d)", tt.d), func(t *testing.T) {
			roll, auto := Needed(tt.d)
			if roll != tt.roll || auto != tt.auto {
				t.Errorf("Needed(%d) = %d, %v; want %d, %v", tt.d, roll, auto, tt.roll, tt.auto)
			}
		})
	}
}

// TestSeedTests replays every single test worked out in the seeds.
func TestSeedTests(t *testing.T) {
	tests := []struct {
		source             string
		action, difficulty int
		roll               int
		auto               Outcome
	}{
		{"AT-43 EN: 4 vs 6", 4, 6, 5, Roll},
		{"AT-43 EN: reaper blades Penetration 7 vs Protection 5", 7, 5, 3, Roll},
		{"AT-43 FR: nanoblasters Accuracy 3 at range 5", 3, 5, 5, Roll},
		{"AT-43 FR: laser rifles Accuracy 5 at range 4", 5, 4, 4, Roll},
		{"AT-43 FR: laser rifles Penetration 5 vs Protection 6", 5, 6, 4, Roll},
		{"AT-43 EN: knife Accuracy 4 vs Combat 5", 4, 5, 4, Roll},
		{"AT-44: PRE 5 at range 1", 5, 1, 2, Roll},
		{"AT-44: PEN 5 vs ARM 3", 5, 3, 3, Roll},
		{"AT-44: PRE 6 vs DEF 7", 6, 7, 4, Roll},
		{"AT-44: PEN 7 vs ARM 11", 7, 11, 6, Roll},
		{"AT-44: PEN 18 vs ARM 3", 18, 3, 0, AutoSuccess},
		{"AT-44: nanoblasters PRE 3 at range 1", 3, 1, 3, Roll},
	}
	for _, tt := range tests {
		t.Run(tt.source, func(t *testing.T) {
			roll, auto := Needed(tt.action - tt.difficulty)
			if roll != tt.roll || auto != tt.auto {
				t.Errorf("needs %d (%v), want %d (%v)", roll, auto, tt.roll, tt.auto)
			}
		})
	}
}

func TestChance(t *testing.T) {
	tests := []struct {
		action, difficulty int
		want               float64
	}{
		{0, 6, 0}, {0, 5, 1.0 / 6}, {3, 5, 2.0 / 6}, {5, 4, 3.0 / 6},
		{5, 3, 4.0 / 6}, {5, 1, 5.0 / 6}, {9, 3, 1},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("Chance(%d,%d)", tt.action, tt.difficulty), func(t *testing.T) {
			if got := Chance(tt.action, tt.difficulty); got != tt.want {
				t.Errorf("Chance(%d, %d) = %v, want %v", tt.action, tt.difficulty, got, tt.want)
			}
		})
	}
	for roll, want := range map[int]float64{0: 0, 1: 1, 2: 5.0 / 6, 5: 2.0 / 6, 6: 1.0 / 6, 7: 0} {
		t.Run(fmt.Sprintf("RollChance(%d)", roll), func(t *testing.T) {
			if got := RollChance(roll); got != want {
				t.Errorf("RollChance(%d) = %v, want %v", roll, got, want)
			}
		})
	}
}

func TestOutcomeText(t *testing.T) {
	for _, o := range []Outcome{Roll, AutoFail, AutoSuccess} {
		t.Run(o.String(), func(t *testing.T) {
			b, err := o.MarshalText()
			if err != nil {
				t.Fatal(err)
			}
			var back Outcome
			if err := back.UnmarshalText(b); err != nil || back != o {
				t.Errorf("%v round-trips to %v, %v", o, back, err)
			}
		})
	}
	if _, err := Outcome(9).MarshalText(); err == nil {
		t.Error("Outcome(9) marshals")
	}
	var o Outcome
	if err := o.UnmarshalText([]byte("maybe")); err == nil {
		t.Error(`"maybe" unmarshals`)
	}
}
