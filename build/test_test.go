package main

import (
	"path/filepath"
	"slices"
	"testing"
)

// TestFuzzTargets lists the engine's fuzz targets as the test command does:
// every one the go command finds, and nothing else from its output.
func TestFuzzTargets(t *testing.T) {
	got, dir, err := fuzzTargets("github.com/at4x/companion/rules")
	if err != nil {
		t.Fatal(err)
	}
	if filepath.Base(dir) != "rules" {
		t.Errorf("fuzzTargets(./rules) runs them in %s", dir)
	}
	for _, want := range []string{"FuzzShoot", "FuzzSalvos", "FuzzTerrainCM", "FuzzD10Vehicle"} {
		if !slices.Contains(got, want) {
			t.Errorf("fuzzTargets(./rules) lacks %s: %v", want, got)
		}
	}
	if len(got) != len(slices.Compact(slices.Sorted(slices.Values(got)))) {
		t.Errorf("fuzzTargets(./rules) repeats a name: %v", got)
	}
	none, _, err := fuzzTargets("github.com/at4x/companion/i18n")
	if err != nil {
		t.Fatal(err)
	}
	if len(none) != 0 {
		t.Errorf("fuzzTargets(./i18n) = %v, want none", none)
	}
}
