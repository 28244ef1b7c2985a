package app

import (
	"encoding/json"
	"fmt"
	"testing"
)

func TestPrefsValid(t *testing.T) {
	tests := []struct {
		name string
		raw  string
		want prefs
	}{
		{"good", `{"lang":"fr","game":"at44","theme":"dark"}`, prefs{Lang: "fr", Game: "at44", Theme: "dark"}},
		{"unknown language and game", `{"lang":"xx","game":"yy"}`, prefs{}},
		{"language that is a host", `{"lang":"/example.com","game":"at43"}`, prefs{Game: "at43"}},
		{"not JSON", `{"lang":`, prefs{}},
		{"wrong types", `{"lang":1,"game":["at43"]}`, prefs{}},
		{"theme and size offered", `{"theme":"red","textSize":125}`, prefs{Theme: "red", TextSize: 125}},
		{"theme that is markup", `{"theme":"x\" onload=alert(1)","lang":"en"}`, prefs{Lang: "en"}},
		{"text size not offered", `{"textSize":100000}`, prefs{}},
		{"text size not whole", `{"textSize":125.5}`, prefs{}},
		{"names in capitals", `{"Lang":"fr","Theme":"dark"}`, prefs{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// The browser's JSON.parse gives what encoding/json gives for
			// an any (store.Read).
			var m map[string]any
			var p prefs
			if json.Unmarshal([]byte(tt.raw), &m) == nil {
				p.SetFields(m)
			}
			if got := p.valid(); got != tt.want {
				t.Errorf("%s read as %+v, want %+v", tt.raw, got, tt.want)
			}
		})
	}
}

// TestRecordsRoundTrip: what a record stores reads back the same, through
// JSON as the browser writes and reads it.
func TestRecordsRoundTrip(t *testing.T) {
	through := func(f map[string]any) map[string]any {
		b, err := json.Marshal(f)
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]any
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatal(err)
		}
		return m
	}
	p := prefs{Lang: "fr", Game: "at44", Theme: "red", TextSize: 125, Awake: true}
	var back prefs
	back.SetFields(through(p.Fields()))
	if back != p {
		t.Errorf("prefs %+v read back as %+v", p, back)
	}
	if f := (prefs{Lang: "en"}).Fields(); len(f) != 1 {
		t.Errorf("unset preferences are stored: %v", f)
	}
	m := mark{Lang: "en", Game: "d10", Section: "melee", Title: "Mêlée \"x\""}
	var mb mark
	mb.SetFields(through(m.Fields()))
	if mb != m {
		t.Errorf("mark %+v read back as %+v", m, mb)
	}
}

func TestMarksCapped(t *testing.T) {
	var list []mark
	for i := range maxMarks + 5 {
		list = toggled(list, mark{Lang: "en", Game: "at43", Section: fmt.Sprint("s", i)})
	}
	if len(list) != maxMarks || list[0].Section != "s5" {
		t.Errorf("after %d bookmarks: %d kept, first %q; want %d, the oldest dropped", maxMarks+5, len(list), list[0].Section, maxMarks)
	}
	stored := append(list, mark{Lang: "xx", Game: "at43", Section: "a"}, mark{Lang: "en", Game: "at43", Section: "../x/y"}, mark{Lang: "en", Game: "at43"})
	if got := validMarks(stored, maxMarks); len(got) != maxMarks || got[len(got)-1].Section != fmt.Sprint("s", maxMarks+4) {
		t.Errorf("validMarks kept %d, last %+v", len(got), got[len(got)-1])
	}
	if got := validMarks(list, maxRecent); len(got) != maxRecent {
		t.Errorf("validMarks(…, %d) kept %d", maxRecent, len(got))
	}
}

func TestCachePrefix(t *testing.T) {
	if CachePrefix("/a") == CachePrefix("/a/b") || CachePrefix("/a/b")[:len(CachePrefix("/a"))] == CachePrefix("/a") {
		t.Errorf("the cache prefix of /a is a prefix of /a/b's: %q, %q", CachePrefix("/a"), CachePrefix("/a/b"))
	}
}

func TestThemesHaveLabels(t *testing.T) {
	for _, th := range themes {
		if _, ok := themeLabels[th]; !ok {
			t.Errorf("the theme %q has no label in the settings", th)
		}
	}
	if len(themeLabels) != len(themes) {
		t.Errorf("%d theme labels for %d themes", len(themeLabels), len(themes))
	}
}
