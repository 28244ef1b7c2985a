package calc

import (
	"encoding/json"
	"fmt"
	"net/url"
	"reflect"
	"strings"
	"testing"

	"github.com/at4x/companion/i18n"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

func records(links ...string) []record {
	var out []record
	for _, l := range links {
		out = append(out, record{Link: l, Headline: "h " + l})
	}
	return out
}

func links(list []record) []string {
	var out []string
	for _, r := range list {
		out = append(out, r.Link)
	}
	return out
}

// TestWithCalc checks the history's order, one entry per situation, the
// entry a calculation updates, and the cap.
func TestWithCalc(t *testing.T) {
	var full []string
	for i := range maxHistory {
		full = append(full, fmt.Sprint(i))
	}
	const (
		shoot6   = "/calc/shoot?game=at43&lang=en&n=6"
		shoot7   = "/calc/shoot?game=at43&lang=en&n=7"
		shoot6fr = "/calc/shoot?atleast=2&game=at43&lang=fr&n=6"
		morale   = "/calc/morale?game=at43&lang=en"
	)
	tests := []struct {
		name     string
		list     []record
		add      record
		replaces string
		want     []string
		wantHd   string // the kept headline of the added link
	}{
		{"first", nil, record{"a", "A"}, "", []string{"a"}, "A"},
		{"newest first", records("a", "b"), record{"c", "C"}, "", []string{"c", "a", "b"}, "C"},
		{"same link moves up with its new headline", records("a", "b", "c"), record{"c", "C2"}, "", []string{"c", "a", "b"}, "C2"},
		{"full drops the oldest", records(full...), record{"new", "N"}, "", append([]string{"new"}, full[:maxHistory-1]...), "N"},
		{"full, a known link drops nothing", records(full...), record{"5", "F"}, "", append(append([]string{"5"}, full[:5]...), full[6:]...), "F"},
		{"a tap updates the calculation's entry", records(shoot6, morale), record{shoot7, "7"}, shoot6, []string{shoot7, morale}, "7"},
		{"the entry updated moves up", records(morale, shoot6), record{shoot7, "7"}, shoot6, []string{shoot7, morale}, "7"},
		{"a new calculation keeps the last", records(shoot6, morale), record{shoot7, "7"}, "", []string{shoot7, shoot6, morale}, "7"},
		{"the same situation in another language or view is one entry", records(morale, shoot6), record{shoot6fr, "fr"}, "", []string{shoot6fr, morale}, "fr"},
		{"an entry gone meanwhile", records(morale), record{shoot7, "7"}, shoot6, []string{shoot7, morale}, "7"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := links(tt.list)
			got := withRecord(tt.list, tt.add, tt.replaces)
			if fmt.Sprint(links(got)) != fmt.Sprint(tt.want) {
				t.Errorf("links %v, want %v", links(got), tt.want)
			}
			if got[0].Headline != tt.wantHd {
				t.Errorf("headline %q, want %q", got[0].Headline, tt.wantHd)
			}
			if len(got) > maxHistory {
				t.Errorf("%d entries, over %d", len(got), maxHistory)
			}
			if fmt.Sprint(links(tt.list)) != fmt.Sprint(before) {
				t.Errorf("the old list changed: %v", links(tt.list))
			}
		})
	}
}

// TestCalcLinkAndTitle checks the share link a calculator hands out and
// how the history names it.
func TestCalcLinkAndTitle(t *testing.T) {
	v := url.Values{"game": {"at44"}, "n": {"6"}, "lang": {"en"}}
	link := shareLink("/sub", "shoot", "fr", v)
	if link != "/sub/calc/shoot?game=at44&lang=fr&n=6" {
		t.Errorf("link %q", link)
	}
	if v.Get("lang") != "en" {
		t.Error("calcLink changed the values it was given")
	}
	r := record{Link: link}
	if got, want := r.title("en"), Title("shoot", "en", "at44")+" · AT-44"; got != want {
		t.Errorf("title %q, want %q", got, want)
	}
	if got, want := r.title("fr"), Title("shoot", "fr", "at44")+" · AT-44"; got != want || got == r.title("en") {
		t.Errorf("French title %q, want %q", got, want)
	}
}

// TestHistoryRender draws a list that the device refused to save, through
// go-app's test engine: the title, the note, each link with its headline,
// and the Clear button, in the page's language.
func TestHistoryRender(t *testing.T) {
	h := &historyList{Lang: "fr", unsaved: true, list: []record{
		{"/calc/morale?game=at43&lang=en", "B"},
		{"/calc/shoot?game=at44&lang=fr&n=6", "A"},
	}}
	e := goapp.NewTestEngine()
	if err := e.Load(h); err != nil {
		t.Fatal(err)
	}
	e.ConsumeAll()
	tests := []struct {
		name string
		want goapp.UI
		path []int
	}{
		{"title", goapp.Text("Calculs récents"), []int{0, 0, 0}},
		{"unsaved note", goapp.Text(i18n.T("fr", i18n.HistoryUnsaved)), []int{0, 1, 0}},
		{"newest link", goapp.A().Href("/calc/morale?game=at43&lang=en"), []int{0, 2, 0, 0}},
		{"its calculator", goapp.Text(Title("morale", "fr", "at43") + " · AT-43"), []int{0, 2, 0, 0, 0, 0}},
		{"its headline", goapp.Text("B"), []int{0, 2, 0, 0, 1, 0}},
		{"older link", goapp.A().Href("/calc/shoot?game=at44&lang=fr&n=6"), []int{0, 2, 1, 0}},
		{"clear", goapp.Text("Effacer"), []int{0, 3, 0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := goapp.Match(tt.want, h, tt.path...); err != nil {
				t.Error(err)
			}
		})
	}
}

// TestValidRecords reads a stored history as anything on the origin may
// have written it: only this app's calculator links are kept, the newest
// maxHistory of them.
func TestValidRecords(t *testing.T) {
	tests := []struct {
		name string
		base string
		link string
		own  bool
	}{
		{"calculator", "", "/calc/shoot?game=at43&n=5", true},
		{"calculator under the base", "/sub", "/sub/calc/melee?game=at44", true},
		{"another base", "/sub", "/calc/shoot?game=at43", false},
		{"unknown calculator", "", "/calc/nope?n=1", false},
		{"script", "", "javascript:window.__pwned=1", false},
		{"other site", "", "https://evil.example/calc/shoot", false},
		{"other host, no scheme", "", "//evil.example/calc/shoot", false},
		{"a page, not a calculator", "", "/en/at43/shooting.cover", false},
		{"climbing out", "", "/calc/shoot/../../x", false},
		{"empty", "", "", false},
		{"longer than a share link gets", "", "/calc/shoot?n=" + strings.Repeat("1", maxLink), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := validRecords(records(tt.link), tt.base)
			if own := len(got) == 1; own != tt.own {
				t.Errorf("validRecords kept %q under base %q: %v, want %v", tt.link, tt.base, own, tt.own)
			}
		})
	}
	var many []string
	for i := range 20000 {
		many = append(many, fmt.Sprintf("/calc/shoot?n=%d", i))
	}
	got := validRecords(append(records("https://evil.example/"), records(many...)...), "")
	if len(got) != maxHistory || got[0].Link != many[0] {
		t.Errorf("from 20,001 stored records: %d kept, first %q; want the newest %d", len(got), got[0].Link, maxHistory)
	}
}

// TestStoredRecordsRoundTrip: a history record and a profile read back as
// they were stored, through JSON as the browser writes and reads it, and a
// profile's values that are not strings are left out.
func TestStoredRecordsRoundTrip(t *testing.T) {
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
	r := record{Link: "/calc/shoot?n=6&acc=4", Headline: "Expect 1.8 casualties"}
	var rb record
	rb.SetFields(through(r.Fields()))
	if rb != r {
		t.Errorf("record %+v read back as %+v", r, rb)
	}
	p := profile{Name: "Fire toads", Values: map[string]string{"n": "6", "acc": "4"}}
	var pb profile
	pb.SetFields(through(p.Fields()))
	if !reflect.DeepEqual(pb, p) {
		t.Errorf("profile %+v read back as %+v", p, pb)
	}
	var odd profile
	odd.SetFields(through(map[string]any{"name": 3, "values": map[string]any{"n": 6, "acc": "4"}}))
	if odd.Name != "" || !reflect.DeepEqual(odd.Values, map[string]string{"acc": "4"}) {
		t.Errorf("a profile of the wrong types read as %+v", odd)
	}
}
