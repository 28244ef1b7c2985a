package main

import (
	"slices"
	"testing"
)

// TestFuzzTargets lists the engine's fuzz targets as the test command does:
// every one the go command finds, and nothing else from its output.
func TestFuzzTargets(t *testing.T) {
	got, err := fuzzTargets("github.com/at4x/companion/rules")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"FuzzShoot", "FuzzSalvos", "FuzzTerrainCM", "FuzzD10Vehicle"} {
		if !slices.Contains(got, want) {
			t.Errorf("fuzzTargets(./rules) lacks %s: %v", want, got)
		}
	}
	if len(got) != len(slices.Compact(slices.Sorted(slices.Values(got)))) {
		t.Errorf("fuzzTargets(./rules) repeats a name: %v", got)
	}
	none, err := fuzzTargets("github.com/at4x/companion/i18n")
	if err != nil {
		t.Fatal(err)
	}
	if len(none) != 0 {
		t.Errorf("fuzzTargets(./i18n) = %v, want none", none)
	}
}
