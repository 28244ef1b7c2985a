package browser

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/at4x/companion/i18n"
	"github.com/chromedp/chromedp"
)

// calcView is what a calculator's page shows of a link: its language,
// title, answer, the salvos' titles and each field, read by readCalc.
type calcView struct {
	Lang     string      `json:"lang"`
	Title    string      `json:"title"`
	H1       string      `json:"h1"`
	Sentence string      `json:"sentence"`
	Groups   []string    `json:"groups"`
	Fields   []fieldSeen `json:"fields"`
	// Quick are the quick-distance rows shown, as their distance's key
	// and the distance pressed.
	Quick []string `json:"quick"`
}

// fieldSeen is one field as the page shows it: its value ("1" or "0" for
// a box), its label, whether it takes a change.
type fieldSeen struct {
	ID       string `json:"id"`
	Value    string `json:"value"`
	Label    string `json:"label"`
	Disabled bool   `json:"disabled"`
}

// readCalc reads the calculator's page as the reader sees it: the fields
// on screen (none hidden), in order.
const readCalc = `JSON.stringify({
  lang: document.documentElement.lang,
  title: document.title,
  h1: document.querySelector(".calc h1").textContent,
  sentence: document.getElementById("calc-sentence").textContent.trim(),
  groups: [...document.querySelectorAll(".calc .group-title")].filter(e => e.offsetParent).map(e => e.textContent),
  fields: [...document.querySelectorAll(".calc .fields input, .calc .fields select")].filter(e => e.closest(".field").offsetParent).map(e => ({
    id: e.id,
    value: e.type === "checkbox" ? (e.checked ? "1" : "0") : e.value,
    label: document.querySelector('label[for="' + CSS.escape(e.id) + '"]').textContent.trim(),
    disabled: e.disabled,
  })),
  quick: [...document.querySelectorAll(".calc .fields .quick")].filter(e => e.offsetParent).map(e => {
    const pressed = e.querySelector('[aria-pressed="true"]');
    return e.querySelector("[data-quick]").dataset.quick + "=" + (pressed ? pressed.value : "");
  }),
})`

func readCalcView(t *testing.T, s *session) calcView {
	t.Helper()
	return readCalcViewUntil(t, s, func(calcView) bool { return true })
}

// readCalcViewUntil is readCalcView once want holds of the view, or the
// last view read after waitTimeout.
func readCalcViewUntil(t *testing.T, s *session, want func(calcView) bool) calcView {
	t.Helper()
	decode := func(raw string) (calcView, error) {
		var v calcView
		err := json.Unmarshal([]byte(raw), &v)
		return v, err
	}
	raw, _ := readUntil(t, s, readCalc, func(raw string) bool {
		v, err := decode(raw)
		return err == nil && want(v)
	})
	v, err := decode(raw)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// sameView says how the page after the client started differs from the
// one before, "" when it shows the same fields with the same values and
// words.
func sameView(before, after calcView) string {
	var diffs []string
	if before.Lang != after.Lang || before.H1 != after.H1 || before.Title != after.Title {
		diffs = append(diffs, fmt.Sprintf("page %q %q %q, then %q %q %q", before.Lang, before.H1, before.Title, after.Lang, after.H1, after.Title))
	}
	if strings.Join(before.Groups, "|") != strings.Join(after.Groups, "|") {
		diffs = append(diffs, fmt.Sprintf("salvos %q, then %q", before.Groups, after.Groups))
	}
	if strings.Join(before.Quick, "|") != strings.Join(after.Quick, "|") {
		diffs = append(diffs, fmt.Sprintf("quick distances %q, then %q", before.Quick, after.Quick))
	}
	was := map[string]fieldSeen{}
	for _, f := range before.Fields {
		was[f.ID] = f
	}
	for _, f := range after.Fields {
		b, ok := was[f.ID]
		switch {
		case !ok:
			diffs = append(diffs, fmt.Sprintf("%s (%q = %q) shows only once the client started", f.ID, f.Label, f.Value))
		case b.Value != f.Value || b.Label != f.Label:
			diffs = append(diffs, fmt.Sprintf("%s: %q = %q, then %q = %q", f.ID, b.Label, b.Value, f.Label, f.Value))
		}
		delete(was, f.ID)
	}
	for id, f := range was {
		diffs = append(diffs, fmt.Sprintf("%s (%q = %q) shows only before the client started", id, f.Label, f.Value))
	}
	return strings.Join(diffs, "\n")
}

// percent is a number given as a percentage, in either language.
var percent = regexp.MustCompile(`\d\s?%`)

// TestCalcLinkBeforeTheClient holds the wasm back and opens share links
// with values of their own, for a French reader (chosen in the app) and an
// English one (the browser's language, over the link's French): before
// the client starts, the page is the calculator in the reader's language
// and the link's game, its fields show the link's values (a vehicle's, a
// band from a distance, a box, a choice, three salvos), take no change,
// and the answer only says the odds are being worked out. Once the client
// has started, the page shows the same fields, values and words.
func TestCalcLinkBeforeTheClient(t *testing.T) {
	for _, tt := range []struct {
		name, reader, browser, link string
		want                        map[string]string // field id: value
		groups                      int
	}{
		{
			name: "fr", reader: "fr", browser: neutralLangs,
			link: "/calc/shoot?game=at44&n=6&acc=4&cm=23&pen=7&prot=4&target=veh&frame=9&faw=1&lock=4&cover=cover&det=1&lang=en",
			want: map[string]string{"f-n": "6", "f-acc": "4", "f-cm": "23", "f-range": "2", "f-pen": "7", "f-prot": "4",
				"f-target": "veh", "f-frame": "9", "f-prop": "3", "f-faw": "1", "f-lock": "4", "f-cover": "cover", "f-det": "1", "f-sniper": "0"},
		},
		{
			name: "en", reader: "en", browser: prefers["en"],
			link: "/calc/salvos?game=at43&target=inf&size=8&s1.n=4&s1.acc=5&s2.n=3&s2.acc=2&s2.cm=31&s3.n=2&s3.faw=1&lang=fr",
			want: map[string]string{"f-size": "8", "f-s1.n": "4", "f-s1.acc": "5", "f-s2.n": "3", "f-s2.acc": "2", "f-s2.cm": "31",
				"f-s2.range": "3", "f-s3.n": "2", "f-s3.faw": "1", "f-s3.acc": "3", "f-s1.faw": "0"},
			groups: 3,
		},
	} {
		t.Run(tt.name, func(t *testing.T) {
			handler, let := wasmHeld()
			s := startSession(t, 360, 740, handler, t.TempDir(), tt.browser)
			t.Cleanup(let) // before the server closes: it waits for the held request
			if tt.browser == neutralLangs {
				// The reader chose the language in the app.
				s.do(t, chromedp.Navigate(s.url("/en/at43?wasm=false")))
				s.do(t, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`localStorage.setItem(%s, JSON.stringify({lang: %q}))`, prefsKeyJS, tt.reader)))
			}

			s.do(t, chromedp.Navigate(s.url(tt.link)))
			s.poll(t, `document.readyState !== "loading" && document.documentElement.dataset.app === "starting" && !!document.querySelector(".calc h1")`, "the prerendered page, starting")
			before := readCalcView(t, s)
			s.screenshot(t, "calc-link-before-client-"+tt.reader)
			if before.Lang != tt.reader || eval[string](t, s, `document.querySelector(".shell").lang`) != tt.reader {
				t.Errorf("before the client the page is in %q, want %q", before.Lang, tt.reader)
			}
			if want := i18n.T(tt.reader, i18n.CalcWorking); before.Sentence != want {
				t.Errorf("before the client the answer reads %q, want %q only", before.Sentence, want)
			}
			if n := eval[int](t, s, `document.querySelectorAll(".calc .chart, .calc .result-box, #calc-result").length`); n != 0 || percent.MatchString(eval[string](t, s, `document.querySelector(".calc").innerText`)) {
				t.Errorf("before the client the page shows a result (%d charts or boxes)", n)
			}
			if len(before.Groups) != tt.groups {
				t.Errorf("before the client %d salvos show (%q), want %d", len(before.Groups), before.Groups, tt.groups)
			}
			seen := map[string]fieldSeen{}
			for _, f := range before.Fields {
				seen[f.ID] = f
				if !f.Disabled {
					t.Errorf("before the client %s (%q) takes changes the client would drop", f.ID, f.Label)
				}
			}
			for id, want := range tt.want {
				if f, ok := seen[id]; !ok || f.Value != want {
					t.Errorf("before the client %s shows %q (there: %v), want the link's %q", id, f.Value, ok, want)
				}
			}
			if n := eval[int](t, s, `document.querySelectorAll(".calc .step:not(:disabled), .calc .actions button:not(:disabled)").length`); n != 0 {
				t.Errorf("before the client %d step or salvo buttons take taps", n)
			}

			let()
			s.waitApp(t)
			after := readCalcViewUntil(t, s, func(after calcView) bool { return sameView(before, after) == "" && after.Sentence != before.Sentence })
			s.screenshot(t, "calc-link-after-client-"+tt.reader)
			if d := sameView(before, after); d != "" {
				t.Errorf("once the client started the page changed:\n%s", d)
			}
			if after.Sentence == before.Sentence {
				t.Errorf("once the client started the answer still reads %q", after.Sentence)
			}
			if n, ok := readUntil(t, s, `document.querySelectorAll(".calc .fields input:disabled, .calc .fields select:disabled").length`, is(0)); !ok {
				t.Errorf("once the client started %d fields take no change", n)
			}
		})
	}
}

// TestCalcLinksShowTheirValuesBeforeTheClient opens a link with values of
// its own for each calculator, as a French reader, first with no client
// (?wasm=false), then with it: the fields, their values and labels are the
// same, so the page does not change under the reader's eyes once the
// client has started, whichever field a link's values show.
func TestCalcLinksShowTheirValuesBeforeTheClient(t *testing.T) {
	s := newSessionPreferring(t, 360, 740, prefers["fr"])
	for _, link := range []string{
		"shoot?game=at44&n=3&acc=5&cm=42&target=veh&frame=8&pick=disarm&jammer=3&sniper=1&det=1",
		"shoot?game=at43&n=4&range=3&cover=takecover&size=9&type=2&lock=5&faw=1&medic=1&picker=defender",
		"melee?game=at44&n=5&def=4&target=veh&prop=4&dmgrr=1",
		"salvos?game=at44&target=veh&weapons=4,2&s1.n=4&s2.n=3&s2.range=4&s3.n=1&s3.cm=55&s3.sniper=1",
		// Links that skip salvo numbers: shown as salvos 1, 2, ...
		"salvos?game=at43&s1.n=2&s3.n=3&s3.range=2",
		"salvos?game=at44&s2.n=4&s2.cm=30&s5.n=1",
		"indirect?game=at43&vehicles=2&vprot=12&fixed=4&cm=17",
		"indirect?game=at44&n=2&aoe=5&under=4",
		"morale?game=at44&mor=8&rank=2&obj=1&extra=3",
		"morale?game=at43&status=disorganized&spend=1",
		"authority?game=at43&a=3&ar=2&b=1&bw=1",
		"authority?game=at44&ar=4&br=3",
		"crush?game=at44&free=5&engaged=2",
		"minefield?game=at43&target=veh&n=3&cards=2",
		"terrain?game=at44&structure=20&salvos=3&lock=4&cm=12",
		"d10attack?game=d10&mode=melee&n=2&charge=1&mod=-2",
		"d10attack?game=d10&aimed=1&heavycover=1",
		"d10morale?game=d10&cou=7&independent=1",
		"d10vehicle?game=d10&dmg=3&loco=1",
	} {
		t.Run(link, func(t *testing.T) {
			s.do(t, chromedp.Navigate(s.url("/calc/"+link+"&lang=en&wasm=false")))
			s.poll(t, `document.readyState === "complete"`, "the prerendered page")
			before := readCalcView(t, s)
			if before.Lang != "fr" || len(before.Fields) == 0 {
				t.Fatalf("before the client: %d fields in %q", len(before.Fields), before.Lang)
			}
			s.open(t, "/calc/"+link+"&lang=en")
			after := readCalcViewUntil(t, s, func(after calcView) bool { return sameView(before, after) == "" })
			if d := sameView(before, after); d != "" {
				t.Errorf("once the client started the page changed:\n%s", d)
			}
		})
	}
}
