package calc

import (
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// A tag is an HTML start tag: its name and attributes (a bare one's value
// is "").
type tag struct {
	name  string
	attrs map[string]string
}

var (
	startTag = regexp.MustCompile(`<([a-z0-9]+)((?:\s+[a-z-]+(?:="(?:[^"\\]|\\.)*")?)*)\s*>`)
	attr     = regexp.MustCompile(`([a-z-]+)(?:=("(?:[^"\\]|\\.)*"))?`)
)

// startTags are the start tags of HTML go-app wrote, which quotes an
// attribute's value as a Go string.
func startTags(t *testing.T, html string) []tag {
	t.Helper()
	var tags []tag
	for _, m := range startTag.FindAllStringSubmatch(html, -1) {
		tg := tag{name: m[1], attrs: map[string]string{}}
		for _, a := range attr.FindAllStringSubmatch(m[2], -1) {
			v := ""
			if a[2] != "" {
				var err error
				if v, err = strconv.Unquote(a[2]); err != nil {
					t.Fatalf("attribute %s: %v", a[0], err)
				}
			}
			tg.attrs[a[1]] = v
		}
		tags = append(tags, tg)
	}
	return tags
}

// A prefilled field is one input of a prerendered form: its control's
// attributes and its field's (the element around it).
type prefilled struct {
	key            string
	control, field map[string]string
}

// prefilledFields are the fields of a prerendered form, in order.
func prefilledFields(t *testing.T, html string) []prefilled {
	t.Helper()
	var out []prefilled
	var field map[string]string
	for _, tg := range startTags(t, html) {
		switch {
		case tg.name == "div" && slices.Contains(strings.Fields(tg.attrs["class"]), "field"):
			field = tg.attrs
		case (tg.name == "input" || tg.name == "select") && strings.HasPrefix(tg.attrs["id"], "f-"):
			out = append(out, prefilled{key: strings.TrimPrefix(tg.attrs["id"], "f-"), control: tg.attrs, field: field})
		}
	}
	return out
}

// prerender draws a calculator page as the site generator does for a
// reader of the language opening a link of the game (app/prerender.go).
func prerender(t *testing.T, name, lang, game string) string {
	t.Helper()
	c := (&Page{Name: name, Lang: lang, Game: game}).WithLibrary(glossaryLibrary(t))
	e := goapp.NewTestEngine()
	if err := e.Load(c); err != nil {
		t.Fatal(err)
	}
	e.ConsumeAll()
	return goapp.HTMLString(c)
}

// TestPrerenderedCalculator draws the shooting calculator for a French
// reader of an AT-44 link: it shows no result, says the odds are being
// worked out in French only, and holds every field an AT-44 link may show,
// each with the condition that shows it (hidden when the defaults do not
// show it), its value when it shows (a vehicle's frame its default for a
// vehicle), and the range band where each band starts.
func TestPrerenderedCalculator(t *testing.T) {
	html := prerender(t, "shoot", "fr", "at44")
	for _, bad := range []string{"En moyenne", "%", "calc-result", "chart", "Working out"} {
		if strings.Contains(html, bad) {
			t.Errorf("the prerendered calculator holds %q", bad)
		}
	}
	for _, want := range []string{"Calcul des probabilités…", `class="fields pending"`, "Précision (PRE)"} {
		if !strings.Contains(html, want) {
			t.Errorf("the prerendered calculator lacks %q", want)
		}
	}
	fields := map[string][]prefilled{}
	for _, f := range prefilledFields(t, html) {
		fields[f.key] = append(fields[f.key], f)
	}
	_, hidden := fields["frame"][0].field["hidden"]
	if f := fields["frame"]; len(f) != 1 || f[0].field["data-show"] != `{'op':'is','key':'target','value':'veh'}` || !hidden || f[0].control["value"] != "6" {
		t.Errorf("the vehicle's frame is %+v, want hidden, shown for a vehicle, at its default 6", f)
	}
	if f := fields["size"]; len(f) != 1 || f[0].control["value"] != "6" || f[0].field["data-show"] == "" {
		t.Errorf("the unit's size is %+v, want 6, shown for infantry", f)
	}
	if f := fields["range"]; len(f) != 1 || !strings.HasPrefix(f[0].field["data-bands"], "0 11 21 31 ") || f[0].control["value"] != "0" {
		t.Errorf("the range band is %+v, want AT-44's bands (0 11 21 31 …)", f)
	}
	if n := len(fields["cover"]); n != 2 {
		t.Errorf("%d cover fields, want the infantry's and the vehicle's", n)
	}
	for _, key := range []string{"jammer", "sniper", "det", "lock"} {
		if len(fields[key]) != 1 {
			t.Errorf("AT-44's %s: %d fields, want 1", key, len(fields[key]))
		}
	}
	if len(fields["picker"]) != 0 {
		t.Error("AT-43's overwatch picker is in the AT-44 form")
	}
	if _, checked := fields["det"][0].control["checked"]; checked {
		t.Error("detection is ticked by default")
	}
}

// TestPrerenderedSalvos: the salvos' form holds the first salvo, marked as
// such with its title, which the head script copies for a link's others.
func TestPrerenderedSalvos(t *testing.T) {
	html := prerender(t, "salvos", "en", "at43")
	var first, group int
	for _, f := range prefilledFields(t, html) {
		if strings.HasPrefix(f.key, "s1.") {
			first++
			if f.field["data-group"] == "1" {
				group++
			}
		}
		if strings.HasPrefix(f.key, "s2.") {
			t.Errorf("the second salvo's %s is prerendered", f.key)
		}
	}
	if first == 0 || group != first {
		t.Errorf("%d of the first salvo's %d fields are marked as its", group, first)
	}
	if !regexp.MustCompile(`<h2[^>]*data-group="1"[^>]*>Salvo 1<`).MatchString(html) {
		t.Error("the first salvo's title is not marked as its")
	}
}

func TestCondMayHoldIn(t *testing.T) {
	tests := []struct {
		name string
		c    *cond
		game string
		want bool
	}{
		{"none", nil, "at43", true},
		{"a value", valueIs("target", "veh"), "at43", true},
		{"the game", gameIs("at44"), "at44", true},
		{"another game", gameIs("at44"), "at43", false},
		{"all, one of another game", allOf(gameIs("at43"), valueIs("target", "veh")), "at44", false},
		{"any, one of the game", anyOf(gameIs("at43"), valueIs("target", "veh")), "at44", true},
		{"any, all of other games", anyOf(gameIs("at43"), gameIs("d10")), "at44", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.c.mayHoldIn(tt.game); got != tt.want {
				t.Errorf("mayHoldIn(%q) = %v, want %v", tt.game, got, tt.want)
			}
		})
	}
}

func TestCondMeet(t *testing.T) {
	tests := []struct {
		name   string
		c      *cond
		values string
		want   string
	}{
		{"holds already", valueIsNot("target", "veh"), "game=at43&target=inf", "game=at43&target=inf"},
		{"a value", valueIs("target", "veh"), "game=at43&target=inf", "game=at43&target=veh"},
		{"over", valueOver("vehicles", 0), "game=at43&vehicles=0", "game=at43&vehicles=1"},
		{"under", valueUnder("acc", 30), "acc=30&game=at43", "acc=29&game=at43"},
		{"all", allOf(gameIs("at43"), valueIs("target", "veh")), "game=at43", "game=at43&target=veh"},
		{"any: the one the game allows", anyOf(gameIs("at43"), valueIs("target", "veh")), "game=at44", "game=at44&target=veh"},
		{"another game: as it is", gameIs("at44"), "game=at43", "game=at43"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, err := url.ParseQuery(tt.values)
			if err != nil {
				t.Fatal(err)
			}
			tt.c.meet(v)
			if got := v.Encode(); got != tt.want {
				t.Errorf("meet(%s) = %s, want %s", tt.values, got, tt.want)
			}
		})
	}
}

func TestBandStarts(t *testing.T) {
	tests := []struct{ game, want string }{
		{"at43", "0 10 20 30 "},
		{"at44", "0 11 21 31 "},
	}
	for _, tt := range tests {
		t.Run(tt.game, func(t *testing.T) {
			got := bandStarts(tt.game)
			if !strings.HasPrefix(got, tt.want) {
				t.Errorf("bandStarts(%s) = %q, want it to start %q", tt.game, got, tt.want)
			}
			// The band of a distance is the count of starts at or under
			// it, less one, as the head script reads it.
			g := gameRules(tt.game)
			starts := strings.Fields(got)
			for cm := 0; cm <= 300; cm++ {
				n := 0
				for _, s := range starts {
					if atoi(s) <= cm {
						n++
					}
				}
				if n-1 != g.RangeBand(cm) {
					t.Fatalf("%d cm: band %d from the starts, %d from the rules", cm, n-1, g.RangeBand(cm))
				}
			}
		})
	}
	if got := bandStarts("d10"); got != "" {
		t.Errorf("d10 has bands %q", got)
	}
}

func TestShowJSON(t *testing.T) {
	got := showJSON(allOf(gameIs("at43", "at44"), valueOver("vehicles", 0)))
	want := `{'op':'all','of':[{'op':'game','games':['at43','at44']},{'op':'over','key':'vehicles'}]}`
	if got != want {
		t.Errorf("showJSON = %s, want %s", got, want)
	}
}
