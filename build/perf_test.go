package main

import (
	"strings"
	"testing"
)

func TestMergeReport(t *testing.T) {
	old := "# Performance report\n\nMade by `go run ./build perf` on 2026-11-20.\n" +
		"\n## Size: app\n\n| a | 1 |\n" +
		"\n## Engine (native, `go test`)\n\n| BenchmarkX | 10 |\n" +
		"\n## Lighthouse (mobile)\n\n| score | 90 |\n"
	partial := "# Performance report\n\nMade by `go run ./build perf` on 2026-11-26.\n" +
		"\n## Engine (native, `go test -bench`)\n\n| BenchmarkX | 12 |\n| BenchmarkY | 3 |\n"
	got := mergeReport(old, partial, "bench")
	for _, want := range []string{
		"Made by `go run ./build perf` on 2026-11-20.",
		"with `-steps bench`: Engine.",
		"## Size: app\n\n| a | 1 |",
		"## Engine (native, `go test -bench`)\n\n| BenchmarkX | 12 |\n| BenchmarkY | 3 |",
		"## Lighthouse (mobile)\n\n| score | 90 |",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("merged report lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "| BenchmarkX | 10 |") {
		t.Errorf("the old engine section is kept:\n%s", got)
	}
	if strings.Index(got, "## Engine") > strings.Index(got, "## Lighthouse") {
		t.Errorf("the engine section moved:\n%s", got)
	}
	// Merging again keeps one line saying what was taken again.
	if again := mergeReport(got, partial, "bench"); strings.Count(again, "Taken again on ") != 1 {
		t.Errorf("merged twice:\n%s", again)
	}
	// A line naming a section not taken again stays.
	sizes := "# Performance report\n\n\n## Size: app (new)\n\n| a | 2 |\n"
	both := mergeReport(mergeReport(got, sizes, "load"), partial, "bench")
	if !strings.Contains(both, "`-steps load`: Size: app.") || !strings.Contains(both, "`-steps bench`: Engine.") {
		t.Errorf("the lines of two partial runs:\n%s", both)
	}
	// A line whose sections later runs all took again goes, even when no
	// one run took them all.
	engineAndSize := mergeReport(got, "# Performance report\n\n\n## Size: app (new)\n\n| a | 2 |\n\n## Engine (x)\n\n| B | 1 |\n", "load,bench")
	later := mergeReport(mergeReport(engineAndSize, sizes, "load"), partial, "bench")
	if strings.Contains(later, "`-steps load,bench`") || strings.Count(later, "Taken again on ") != 2 {
		t.Errorf("a line every section of which was taken again later stays:\n%s", later)
	}
}

func TestKeepNotes(t *testing.T) {
	notes := "\n## Reading the figures\n\nRuns move by 10%.\n"
	old := "# Performance report\n\nMade on 2026-11-20.\n\n## Size: app\n\n| a | 1 |\n" + notes +
		"\n## Engine (native)\n\n| B | 1 |\n"
	full := "# Performance report\n\nMade on 2026-11-26.\n\n## Size: app\n\n| a | 2 |\n\n## Engine (native)\n\n| B | 2 |\n"
	got := keepNotes(old, full)
	if want := full + notes; got != want {
		t.Errorf("keepNotes:\n%s\nwant:\n%s", got, want)
	}
	if got := keepNotes(full, full); got != full {
		t.Errorf("keepNotes with no notes:\n%s", got)
	}
	// A partial run keeps the notes where they are.
	partial := "# Performance report\n\n\n## Engine (native)\n\n| B | 3 |\n"
	if got := mergeReport(old, partial, "bench"); !strings.Contains(got, notes+"\n## Engine (native)\n\n| B | 3 |") {
		t.Errorf("mergeReport lost the notes:\n%s", got)
	}
}

func TestTableCell(t *testing.T) {
	tests := []struct{ in, want string }{
		{"p#calc-sentence: Expect 2.4 casualties", "p#calc-sentence: Expect 2.4 casualties"},
		{"a | b\nc", `a \| b c`},
		{strings.Repeat("é", 130), strings.Repeat("é", 117) + "..."},
	}
	for _, tt := range tests {
		t.Run(tt.in[:min(len(tt.in), 12)], func(t *testing.T) {
			if got := tableCell(tt.in); got != tt.want {
				t.Errorf("tableCell(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

// TestParseLighthouse reads a report shaped as Lighthouse 12 writes it,
// with an audit whose details are not a list.
func TestParseLighthouse(t *testing.T) {
	src := `{"categories": {"performance": {"score": 0.47}},
	"audits": {
		"total-blocking-time": {"numericValue": 2157.5},
		"largest-contentful-paint": {"numericValue": 11250.8},
		"screenshot-thumbnails": {"details": {"items": {"not": "a list"}}},
		"mainthread-work-breakdown": {"details": {"items": [
			{"group": "scriptEvaluation", "duration": 2073.9},
			{"group": "other", "duration": 1141.8}]}},
		"largest-contentful-paint-element": {"details": {"items": [
			{"type": "table", "items": [{"node": {"selector": "p#calc-sentence", "nodeLabel": "Expect 2.4 casualties."}}]},
			{"type": "table", "items": [{"phase": "TTFB"}]}]}}
	}}`
	r, err := parseLighthouse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if r.performance != 47 || r.tbt != 2157.5 || r.lcp != 11250.8 {
		t.Errorf("score %v, TBT %v, LCP %v; want 47, 2157.5, 11250.8", r.performance, r.tbt, r.lcp)
	}
	if r.lcpElement != "p#calc-sentence: Expect 2.4 casualties." {
		t.Errorf("LCP element %q", r.lcpElement)
	}
	if r.work["scriptEvaluation"] != 2073.9 || r.work["other"] != 1141.8 {
		t.Errorf("work %v", r.work)
	}
	if _, err := parseLighthouse([]byte(`{"audits": {"total-blocking-time": "x"}}`)); err == nil {
		t.Error("a report with a garbled audit read without error")
	}
}
