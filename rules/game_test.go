package rules

import (
	"fmt"
	"strings"
	"testing"
)

func TestGameByID(t *testing.T) {
	for _, g := range Games() {
		t.Run(g.ID, func(t *testing.T) {
			got, err := GameByID(g.ID)
			if err != nil || got.ID != g.ID {
				t.Errorf("GameByID(%q) = %q, %v", g.ID, got.ID, err)
			}
		})
	}
	_, err := GameByID("at45")
	if err == nil || !strings.Contains(err.Error(), "at43") || !strings.Contains(err.Error(), "at44") {
		t.Errorf("GameByID(at45) error %v does not list the allowed ids", err)
	}
}

func TestRangeBand(t *testing.T) {
	tests := []struct {
		cm         int
		at43, at44 int
	}{
		{0, 0, 0}, {5, 0, 0}, {9, 0, 0}, {10, 1, 0}, {11, 1, 1}, {19, 1, 1},
		{20, 2, 1}, {21, 2, 2}, {64, 6, 6}, {153, 15, 15}, {300, 30, 29},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("cm=%d", tt.cm), func(t *testing.T) {
			if got := AT43.RangeBand(tt.cm); got != tt.at43 {
				t.Errorf("AT-43 %d cm: band %d, want %d", tt.cm, got, tt.at43)
			}
			if got := AT44.RangeBand(tt.cm); got != tt.at44 {
				t.Errorf("AT-44 %d cm: band %d, want %d", tt.cm, got, tt.at44)
			}
		})
	}
}

func TestIndirectCap(t *testing.T) {
	tests := []struct {
		g          Game
		aoe, k     int
		wantImpact int
	}{
		{AT43, 3, 2, 1}, {AT43, 5, 2, 1}, {AT43, 3, 4, 2}, {AT43, 3, 9, 2}, {AT43, 10, 1, 1},
		{AT44, 4, 2, 1}, {AT44, 4, 3, 1}, {AT44, 4, 4, 2}, {AT44, 4, 6, 4}, {AT44, 5, 2, 1},
		{AT44, 5, 3, 2}, {AT44, 10, 1, 1}, {AT44, 10, 3, 3}, {AT44, 3, 4, 1},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s aoe=%d k=%d", tt.g.ID, tt.aoe, tt.k), func(t *testing.T) {
			if got := tt.g.Indirect.ImpactsPastCap(tt.aoe, tt.k); got != tt.wantImpact {
				t.Errorf("%s AoE %d, %d successes: %d impacts, want %d", tt.g.Name, tt.aoe, tt.k, got, tt.wantImpact)
			}
		})
	}
}

func TestCoverString(t *testing.T) {
	if CoverKnee.String() != "kneecover" || Cover(7).String() != "Cover(7)" {
		t.Errorf("Cover names: %v %v", CoverKnee, Cover(7))
	}
}

func TestNotesCatalogue(t *testing.T) {
	for _, id := range []string{NoteRangeLine, NoteRerollPool, NoteKneeCoverAT44, NoteKneeCoverAT43,
		NoteDamageReroll, NoteMedic, NoteIndirectCap, NoteHeroCount, NoteTemplateUnder} {
		if n := noteByID(id); n.EN == "" || n.FR == "" {
			t.Errorf("note %q has no text", id)
		}
	}
	seen := map[string]bool{}
	for _, n := range Notes() {
		if n.ID == "" || n.EN == "" || n.FR == "" || seen[n.ID] {
			t.Errorf("note %+v is incomplete or repeated", n)
		}
		seen[n.ID] = true
	}
	for _, g := range Games() {
		gn := g.Notes
		for _, id := range []string{gn.RangeLine, gn.RerollPool, gn.KneeCover, gn.IndirectCap, gn.HeroCount} {
			if id != "" && !seen[id] {
				t.Errorf("%s names note %q, which has no text", g.Name, id)
			}
		}
	}
}
