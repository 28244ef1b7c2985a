package main

import (
	"slices"
	"testing"
)

// TestLighthouseInterleaves: each round runs the hello world before each
// of our pages, so that no site is measured in a stretch of its own.
func TestLighthouseInterleaves(t *testing.T) {
	if got, want := lighthouseOrder(3), []int{0, 1, 0, 2, 0, 3}; !slices.Equal(got, want) {
		t.Errorf("lighthouseOrder(3) = %v, want %v", got, want)
	}
	var s lighthouseSeries
	for _, tbt := range []float64{300, 100, 200} {
		s.add(lighthouseRun{tbt: tbt, work: map[string]float64{"other": tbt}})
	}
	if sc := s.score(); sc.tbt != 200 || sc.work["other"] != 200 {
		t.Errorf("medians %v, %v; want 200", sc.tbt, sc.work["other"])
	}
}
