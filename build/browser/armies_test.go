package browser

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/at4x/companion/app/army"
	"github.com/at4x/companion/i18n"
	"github.com/chromedp/chromedp"
)

// The armies page (issue 32): armies built by taps, a matrix whose every
// cell is its calculator's answer, an army shared by link, by QR code and
// by file, and hostile files and links refused or trimmed with a message.

// armiesLink is the armies page's link for two armies.
func armiesLink(lang string, mine, theirs army.Army) string {
	km, vm := army.LinkValue(mine, army.KeyMine, army.KeyMinePacked)
	kt, vt := army.LinkValue(theirs, army.KeyTheirs, army.KeyTheirsPacked)
	return "/armies?lang=" + lang + "&" + km + "=" + vm + "&" + kt + "=" + vt
}

// matrixDone waits until every cell of the matrix is worked out.
func (s *session) matrixDone(t *testing.T) {
	t.Helper()
	s.poll(t, `document.getElementById("army-matrix").dataset.done === "true"`, "the matrix to be worked out")
}

// matrixCell is one cell as the page shows it.
type matrixCell struct{ Href, Text string }

// cells are the matrix's cells, row after row.
func (s *session) cells(t *testing.T) []matrixCell {
	t.Helper()
	var out []matrixCell
	raw := eval[string](t, s, `JSON.stringify([...document.querySelectorAll("#army-matrix td a")].map(a => ({Href: a.href, Text: a.textContent})))`)
	if err := json.Unmarshal([]byte(raw), &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// change sets an input's or select's value as a reader would, firing its
// change event.
func (s *session) change(t *testing.T, id, value string) {
	t.Helper()
	s.poll(t, fmt.Sprintf(`!!document.getElementById(%q)`, id), "#"+id)
	eval[bool](t, s, fmt.Sprintf(`(() => { const e = document.getElementById(%q); e.value = %q; e.dispatchEvent(new Event("change", {bubbles: true})); return true })()`, id, value))
}

// press clicks the element of the id, once it is there.
func (s *session) press(t *testing.T, id string) {
	t.Helper()
	// In the middle of the screen, clear of the sticky bars, and still for
	// two frames: a click lands where its element was when the click was
	// worked out, and in the suite's first test, in a browser just
	// started, the page was still laying out under the first tap.
	s.poll(t, fmt.Sprintf(`new Promise(done => {
		const e = document.getElementById(%q);
		e.scrollIntoView({block: "center"});
		const a = e.getBoundingClientRect();
		requestAnimationFrame(() => requestAnimationFrame(() => {
			const b = e.getBoundingClientRect();
			done(a.top === b.top && a.left === b.left && a.width === b.width);
		}));
	})`, id), "#"+id+", still")
	s.do(t, chromedp.Click(chromedp.CSS(`[id="`+id+`"]`)))
}

// stepTo taps a stepper of the editor until its field shows want.
func (s *session) stepTo(t *testing.T, key string, want int) {
	t.Helper()
	id := "f-" + key
	s.poll(t, fmt.Sprintf(`!!document.getElementById(%q)`, id), "the field "+key)
	for range 40 {
		if eval[string](t, s, fmt.Sprintf(`document.getElementById(%q).value`, id)) == fmt.Sprint(want) {
			return
		}
		dir := "up"
		if eval[bool](t, s, fmt.Sprintf(`+document.getElementById(%q).value > %d`, id, want)) {
			dir = "down"
		}
		eval[bool](t, s, fmt.Sprintf(`(document.getElementById(%q).scrollIntoView({block: "center"}), true)`, id))
		before := eval[string](t, s, fmt.Sprintf(`document.getElementById(%q).value`, id))
		s.do(t, chromedp.Click(chromedp.CSS(fmt.Sprintf(`[data-step=%q][data-dir=%q]`, key, dir))))
		// The step lands in a later turn: read before, the field still
		// showed the value before it, and the next tap overshot.
		s.poll(t, fmt.Sprintf(`document.getElementById(%q).value !== %q`, id, before), key+" stepped from "+before)
	}
	t.Fatalf("%s never showed %d", key, want)
}

// TestArmiesBuiltByTaps makes two armies on a fresh phone, unit by unit,
// with the editor's steppers and choices, and reads their matrix: mine at
// theirs, then theirs at mine.
func TestArmiesBuiltByTaps(t *testing.T) {
	for _, lang := range []string{"en", "fr"} {
		t.Run(lang, func(t *testing.T) {
			s := newSessionPreferring(t, 360, 740, prefers[lang])
			s.open(t, "/armies?lang="+lang)
			s.poll(t, `!!document.getElementById("army-new")`, "the armies page")

			// Mine: two infantry units with a weapon each.
			s.press(t, "army-new")
			s.change(t, "army-name", "Strike group")
			s.press(t, "unit-add")
			s.change(t, "unit-name", "Steel Troopers")
			s.change(t, "w1-name", "Laser rifles")
			s.stepTo(t, "w1.n", 5)
			s.stepTo(t, "w1.acc", 4)
			s.stepTo(t, "t.prot", 6)
			s.press(t, "unit-m") // close combat
			s.stepTo(t, "m.n", 6)
			s.press(t, "unit-done")
			s.press(t, "unit-add")
			s.change(t, "unit-name", "Grey Sharks")
			s.stepTo(t, "w1.pen", 13)
			s.stepTo(t, "w1.dmg", 2)
			s.press(t, "unit-done")
			s.press(t, "army-done")

			// Theirs: an infantry unit and a walker.
			s.press(t, "army-new")
			s.change(t, "army-name", "Cohort")
			s.press(t, "unit-add")
			s.change(t, "unit-name", "Wraiths")
			s.stepTo(t, "t.size", 5)
			s.press(t, "unit-done")
			s.press(t, "unit-add")
			s.change(t, "unit-name", "Hekat")
			s.change(t, "f-t.target", "veh")
			s.stepTo(t, "t.prot", 13)
			s.stepTo(t, "t.frame", 5)
			s.press(t, "unit-done")
			s.press(t, "army-done")

			s.change(t, "army-mine", "0")
			s.change(t, "army-theirs", "1")
			s.matrixDone(t)
			cells := s.cells(t)
			if len(cells) != 4 {
				t.Fatalf("%d cells, want 2 weapons × 2 units", len(cells))
			}
			for _, c := range cells {
				if c.Text == "…" || c.Text == "—" || !strings.Contains(c.Href, "/calc/shoot?") {
					t.Errorf("cell %q → %s", c.Text, c.Href)
				}
			}
			if !strings.Contains(cells[0].Href, "acc=4") || !strings.Contains(cells[1].Href, "target=veh") {
				t.Errorf("the cells' links miss the values tapped: %v", cells)
			}
			s.press(t, "army-view-threat")
			s.poll(t, `document.getElementById("army-matrix").dataset.view === "threat"`, "their fire")
			s.matrixDone(t)
			if n := len(s.cells(t)); n != 4 {
				t.Errorf("their fire: %d cells, want 2 weapons (a new unit has one) × 2 units", n)
			}
			eval[bool](t, s, `(window.scrollTo(0, 0), true)`)
			s.screenshot(t, "armies-built-"+lang)
			// After a reload the armies are still there.
			s.open(t, "/armies?lang="+lang)
			s.poll(t, `document.querySelectorAll(".army-item").length === 2`, "both armies kept")
		})
	}
}

// smallArmies are three units a side from the samples: infantry with two
// weapons, an area weapon and a vehicle, against infantry and vehicles.
func smallArmies() (army.Army, army.Army) {
	mine, theirs := army.Samples()
	mine.Units = []army.Unit{mine.Units[0], mine.Units[3], mine.Units[9]}
	theirs.Units = []army.Unit{theirs.Units[0], theirs.Units[8], theirs.Units[9]}
	return mine, theirs
}

// TestArmiesCellsAreTheirCalculators opens every cell's link, in fire and
// in close combat: the calculator says the cell's figures (infantry: the
// casualties expected and the chance of at least one in its headline;
// vehicles: the chance destroyed among its chances).
func TestArmiesCellsAreTheirCalculators(t *testing.T) {
	for _, lang := range []string{"en", "fr"} {
		t.Run(lang, func(t *testing.T) {
			s := newSessionPreferring(t, 360, 740, prefers[lang])
			mine, theirs := smallArmies()
			var cells []matrixCell
			for _, view := range []string{"", "&view=melee"} {
				s.open(t, armiesLink(lang, mine, theirs)+"&range=2&cover=cover"+view)
				s.matrixDone(t)
				cells = append(cells, s.cells(t)...)
			}
			if len(cells) != 5*3+2*3 {
				t.Fatalf("%d cells, want 21", len(cells))
			}
			for _, c := range cells {
				s.do(t, chromedp.Navigate(c.Href))
				s.waitApp(t)
				figures := strings.Split(c.Text, " · ")
				if len(figures) == 2 { // infantry: the headline
					for _, f := range figures {
						s.poll(t, fmt.Sprintf(`document.getElementById("calc-sentence").textContent.includes(%q)`, f), fmt.Sprintf("%q in the headline of %s", f, c.Href))
					}
					continue
				}
				s.showResults(t)
				s.poll(t, fmt.Sprintf(`document.getElementById("calc-more").textContent.includes(%q)`, c.Text), fmt.Sprintf("%q among the chances of %s", c.Text, c.Href))
			}
		})
	}
}

// decodeQR reads the QR code on show in the element of id with zbarimg,
// from a screenshot at twice the screen's scale.
func decodeQR(t *testing.T, s *session, id string) string {
	t.Helper()
	if _, err := exec.LookPath("zbarimg"); err != nil {
		t.Skip("zbarimg is missing (apt-get install zbar-tools)")
	}
	eval[bool](t, s, fmt.Sprintf(`(document.getElementById(%q).scrollIntoView({block: "center"}), true)`, id))
	var last error
	for range 3 {
		png, err := chromedp.Run(s.ctx, chromedp.ScreenshotScale(chromedp.CSS(`[id="`+id+`"] .qr-box`), 2))
		if err != nil {
			last = err
			continue
		}
		file := filepath.Join(t.TempDir(), "qr.png")
		if err := os.WriteFile(file, png, 0o644); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command("zbarimg", "--raw", "-q", file).Output()
		if err == nil {
			return strings.TrimSpace(string(out))
		}
		last = err
		os.WriteFile(filepath.Join("..", "out", "screenshots", "qr-unread.png"), png, 0o644)
	}
	t.Fatalf("zbarimg read no code (the last picture: build/out/screenshots/qr-unread.png): %v", last)
	return ""
}

// TestArmiesSharedByLinkAndQR opens two 12-unit armies on one phone, and
// the same matrix on two fresh ones: one opens the page's link, the other
// scans each army's QR code (decoded from the screen by zbarimg).
func TestArmiesSharedByLinkAndQR(t *testing.T) {
	for _, lang := range []string{"en", "fr"} {
		t.Run(lang, func(t *testing.T) {
			mine, theirs := army.Samples()
			a := newSessionPreferring(t, 360, 740, prefers[lang])
			a.open(t, armiesLink(lang, mine, theirs)+"&cm=35&cover=takecover")
			a.matrixDone(t)
			want := a.cells(t)
			if len(want) != 18*12 {
				t.Fatalf("%d cells, want 18 weapons × 12 units", len(want))
			}
			eval[bool](t, a, `(document.querySelector(".army-matrix").scrollIntoView({block: "start"}), window.scrollBy(0, -60), true)`)
			a.screenshot(t, "armies-matrix-"+lang)
			link := eval[string](t, a, `document.getElementById("army-link").value`)

			b := newSessionPreferring(t, 360, 740, prefers[lang])
			b.do(t, chromedp.Navigate(strings.Replace(link, a.url(""), b.url(""), 1)))
			b.waitApp(t)
			b.matrixDone(t)
			if got := b.cells(t); !sameCells(got, want, a.url(""), b.url("")) {
				t.Errorf("the link's matrix differs on the second phone")
			}

			// Each army's own QR code, scanned in turn by a third phone.
			var scanned []string
			for i := range 2 {
				a.press(t, fmt.Sprintf("army-qr-%d", i))
				a.poll(t, `!!document.querySelector("#army-qr svg")`, "the QR code")
				got := decodeQR(t, a, "army-qr")
				if wantLink := eval[string](t, a, `document.getElementById("army-qr").dataset.link`); got != wantLink {
					t.Fatalf("the QR code reads %q, want %q", got, wantLink)
				}
				scanned = append(scanned, got)
				a.press(t, fmt.Sprintf("army-qr-%d", i))
			}
			c := newSessionPreferring(t, 360, 740, prefers[lang])
			for _, l := range scanned {
				c.do(t, chromedp.Navigate(strings.Replace(l, a.url(""), c.url(""), 1)))
				c.waitApp(t)
				c.poll(t, `document.getElementById("army-messages").textContent !== ""`, "the army added")
			}
			c.change(t, "army-mine", "0")
			c.change(t, "army-theirs", "1")
			c.change(t, "f-cm", "35")
			c.change(t, "f-cover", "takecover")
			c.matrixDone(t)
			if got := c.cells(t); !sameCells(got, want, a.url(""), c.url("")) {
				t.Errorf("the scanned armies' matrix differs")
			}
		})
	}
}

// sameCells compares two phones' cells, each link on its own server.
func sameCells(got, want []matrixCell, wantHost, gotHost string) bool {
	return slices.EqualFunc(got, want, func(g, w matrixCell) bool {
		return g.Text == w.Text && strings.TrimPrefix(g.Href, gotHost) == strings.TrimPrefix(w.Href, wantHost)
	})
}

// exported is the file of the army listed at i, from its Export link.
func exported(t *testing.T, s *session, i int) []byte {
	t.Helper()
	href := eval[string](t, s, fmt.Sprintf(`document.getElementById("army-export-%d").getAttribute("href")`, i))
	data, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(href, "data:application/json;base64,"))
	if err != nil {
		t.Fatalf("export link %.60s: %v", href, err)
	}
	return data
}

// upload gives the import input a file holding data.
func upload(t *testing.T, s *session, name string, data []byte) {
	t.Helper()
	file := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	s.do(t, chromedp.SetUploadFiles(chromedp.CSS("#army-import"), []string{file}))
}

// TestArmiesFileRoundTrip exports an army on one phone and imports the
// file on another: the second phone's export is the same file, and the
// army the same as the sender's.
func TestArmiesFileRoundTrip(t *testing.T) {
	for _, lang := range []string{"en", "fr"} {
		t.Run(lang, func(t *testing.T) {
			mine, theirs := army.Samples()
			a := newSessionPreferring(t, 360, 740, prefers[lang])
			a.open(t, armiesLink(lang, mine, theirs))
			a.poll(t, `document.querySelectorAll(".army-item").length === 2`, "the two armies")
			file := exported(t, a, 1)
			if got, problems, err := army.Decode(file); err != nil || len(problems) > 0 || !got.Equal(theirs) {
				t.Fatalf("the exported file reads %v %v:\n%s", problems, err, file)
			}
			b := newSessionPreferring(t, 360, 740, prefers[lang])
			b.open(t, "/armies?lang="+lang)
			upload(t, b, "cohort.json", file)
			b.poll(t, `document.querySelectorAll(".army-item").length === 1`, "the army imported")
			b.poll(t, fmt.Sprintf(`document.getElementById("army-messages").textContent.includes(%q)`, theirs.Name), "the import said")
			if again := exported(t, b, 0); string(again) != string(file) {
				t.Errorf("exported again:\n%s\nwant:\n%s", again, file)
			}
			// The same file again adds nothing.
			upload(t, b, "cohort.json", file)
			b.poll(t, fmt.Sprintf(`document.getElementById("army-messages").textContent.includes(%q)`, fmt.Sprintf(i18n.T(lang, i18n.ArmyAlreadyF), theirs.Name)), "the import said it has the army")
			if n := eval[int](t, b, `document.querySelectorAll(".army-item").length`); n != 1 {
				t.Errorf("%d armies after importing one twice", n)
			}
		})
	}
}

// TestArmiesHostileInput imports damaged and hostile files and opens
// such links on a phone that keeps an army: each is refused, or trimmed
// with a message in the page's language naming the unit and the key; a
// name is shown as text, never run; the army kept is untouched.
func TestArmiesHostileInput(t *testing.T) {
	const hostile = `{"format": "at4x-army/1", "game": "at43", "name": "Raiders",
 "units": [{"name": "<img src=x onerror=\"window.pwned=1\">", "colour": "red",
   "weapons": [{"name": "<script>window.pwned=2</script>", "shoot": {"acc": 99, "pen": 5}}]}]}`
	deep := []byte(strings.Repeat(`{"a":`, 5000) + "1" + strings.Repeat("}", 5000))
	for _, lang := range []string{"en", "fr"} {
		t.Run(lang, func(t *testing.T) {
			T := func(k i18n.Key) string {
				return strings.TrimSuffix(strings.TrimSuffix(i18n.T(lang, k), "%.0[1]s"), "%s.")
			}
			mine, _ := smallArmies()
			s := newSessionPreferring(t, 360, 740, prefers[lang])
			s.open(t, armiesLink(lang, mine, mine)) // one army kept
			s.poll(t, `document.querySelectorAll(".army-item").length === 1`, "the army kept")
			kept := exported(t, s, 0)
			files := []struct {
				name string
				data []byte
				want []string
			}{
				{"wrong-format.json", []byte(`{"format": "unit-crunch/2", "game": "at43"}`), []string{"unit-crunch/2", "at4x-army/1"}},
				{"not-json.json", []byte("<html><script>window.pwned=3</script>"), []string{T(i18n.ArmyNotJSON)}},
				{"deep.json", deep, []string{T(i18n.ArmyRefusedF), T(i18n.ArmyTooDeep)}},
				{"big.json", bytes.Repeat([]byte(" "), 10<<20), []string{"10240"}},
				{"d10.json", []byte(`{"format": "at4x-army/1", "game": "d10"}`), []string{"d10"}},
			}
			for _, f := range files {
				upload(t, s, f.name, f.data)
				for _, w := range f.want {
					s.poll(t, fmt.Sprintf(`document.getElementById("army-messages").textContent.includes(%q)`, w), fmt.Sprintf("%s: %q in the message", f.name, w))
				}
			}
			if n := eval[int](t, s, `document.querySelectorAll(".army-item").length`); n != 1 {
				t.Fatalf("%d armies after refused files, want the one kept", n)
			}
			// Trimmed: the unit stays, its unknown key and its bad value go.
			upload(t, s, "hostile.json", []byte(hostile))
			s.poll(t, `document.querySelectorAll(".army-item").length === 2`, "the trimmed army added")
			for _, w := range []string{"colour", "99", "<img src=x onerror=", "<script>window.pwned=2</script>"} {
				s.poll(t, fmt.Sprintf(`document.getElementById("army-messages").textContent.includes(%q)`, w), fmt.Sprintf("%q in the messages", w))
			}
			s.change(t, "army-theirs", "1")
			s.matrixDone(t)
			s.poll(t, `[...document.querySelectorAll("#army-matrix th")].some(th => th.textContent.includes("<img src=x"))`, "the name shown as text")
			if eval[bool](t, s, `window.pwned !== undefined || !!document.querySelector("main img[src=x], main script")`) {
				t.Fatal("a name ran as markup")
			}
			if again := exported(t, s, 0); string(again) != string(kept) {
				t.Errorf("the army kept changed")
			}

			// Links: damaged, of another format, in range but unknown keys.
			bad := army.EncodeBase64(army.Army{Game: "at43", Name: "x"})
			links := []struct {
				query string
				want  string
			}{
				{"t=*hat43*n*x*y*z*q", T(i18n.ArmyNotJSON)},
				{"t=zz", T(i18n.ArmyNotJSON)},
				{"theirs=%%%", T(i18n.ArmyRefusedF)},
				{"theirs=" + base64.RawURLEncoding.EncodeToString([]byte(`{"format":"x"}`)), "at4x-army/1"},
				{"theirs=" + strings.Repeat("A", 300000), "128"},
				{"theirs=" + bad[:len(bad)-4], T(i18n.ArmyRefusedF)},
			}
			for _, l := range links {
				s.open(t, "/armies?lang="+lang+"&"+l.query)
				s.pollOr(t, fmt.Sprintf(`(document.getElementById("army-messages")||{textContent: ""}).textContent.includes(%q)`, l.want), fmt.Sprintf("%.30s: %q", l.query, l.want),
					`location.href.slice(0, 80) + " " + (document.getElementById("army-messages")||{textContent: "no message"}).textContent`)
				if n := eval[int](t, s, `document.querySelectorAll(".army-item").length`); n != 2 {
					t.Fatalf("%.30s: %d armies, want the two kept", l.query, n)
				}
			}
		})
	}
}

// TestArmiesSaveAsUnit saves a calculator's attacker and target as units:
// the attacker in my army, the target in theirs, both new armies here.
func TestArmiesSaveAsUnit(t *testing.T) {
	s := newSessionPreferring(t, 360, 740, prefers["en"])
	s.open(t, "/calc/shoot?game=at43&n=5&acc=4&pen=7&target=veh&prot=12&frame=4&prop=2&weapons=2,1&lang=en")
	s.showResults(t)
	s.press(t, "unit-save")
	s.poll(t, `location.pathname.endsWith("/armies") && document.querySelectorAll(".army-item").length === 2`, "the two new armies")
	s.poll(t, `!!document.getElementById("unit-name")`, "the attacker in the editor")
	mine, problems, err := army.Decode(exported(t, s, 0))
	if err != nil || len(problems) > 0 || len(mine.Units) != 1 {
		t.Fatalf("my army: %v %v %+v", problems, err, mine)
	}
	if w := mine.Units[0].Weapons[0].Shoot; w["n"] != "5" || w["acc"] != "4" || w["pen"] != "7" {
		t.Errorf("the attacker's weapon: %v", w)
	}
	theirs, _, _ := army.Decode(exported(t, s, 1))
	if len(theirs.Units) != 1 {
		t.Fatalf("their army: %+v", theirs)
	}
	if tg := theirs.Units[0].Target; tg["target"] != "veh" || tg["prot"] != "12" || tg["weapons"] != "2,1" {
		t.Errorf("the target: %v", tg)
	}
}

// TestArmiesWarmUpLeavesNoTrace opens the armies page on a fresh phone and
// lets it warm up in its idle time (armywarm.go): its made-up armies are
// neither stored nor shown, and a matrix opened from a link in the page
// afterwards reads exactly as the same link opened in a page of its own.
func TestArmiesWarmUpLeavesNoTrace(t *testing.T) {
	s := newSession(t, 360, 740)
	s.open(t, "/armies?lang=en")
	s.poll(t, `performance.getEntriesByName("armies-warm").length === 1`, "the warm-up's mark")
	if s.holds(t, `!!document.getElementById("army-matrix") || !!document.querySelector(".army-list li")`) {
		t.Fatal("the warm-up's armies are on the page")
	}
	if stored := eval[string](t, s, `Object.keys(localStorage).filter(k => k.includes("armies")).join(" ")`); stored != "" {
		t.Fatalf("the warm-up stored %s", stored)
	}
	mine, theirs := army.Samples()
	link := armiesLink("en", mine, theirs) + "&range=2&cover=cover"
	eval[bool](t, s, fmt.Sprintf(`(() => { const a = document.createElement("a"); a.href = %q; document.body.appendChild(a); a.click(); return true })()`, link))
	s.matrixDone(t)
	warm := s.cells(t)
	fresh := newSession(t, 360, 740)
	fresh.open(t, link)
	fresh.matrixDone(t)
	cold := fresh.cells(t)
	for i := range warm {
		warm[i].Href = strings.TrimPrefix(warm[i].Href, s.url(""))
	}
	for i := range cold {
		cold[i].Href = strings.TrimPrefix(cold[i].Href, fresh.url(""))
	}
	if len(warm) != 216 || !slices.Equal(warm, cold) {
		t.Fatalf("after the warm-up, %d cells; in a page of their own, %d; first differing: %v", len(warm), len(cold), firstDiff(warm, cold))
	}
}

// firstDiff is the first pair of cells that differ, for a message.
func firstDiff(a, b []matrixCell) []matrixCell {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return []matrixCell{a[i], b[i]}
		}
	}
	return nil
}

// TestArmiesBeforeTheClient opens an army's link in a browser of each
// language with the client held back: the prerendered page reads in the
// reader's language, as a calculator's link does.
func TestArmiesBeforeTheClient(t *testing.T) {
	mine, theirs := smallArmies()
	title := map[string]string{"en": i18n.T("en", i18n.ArmiesTitle), "fr": i18n.T("fr", i18n.ArmiesTitle)}
	for _, tt := range []struct{ reader, link string }{{"fr", "en"}, {"en", "fr"}} {
		t.Run(tt.reader, func(t *testing.T) {
			s := newSessionPreferring(t, 360, 740, prefers[tt.reader])
			s.do(t, chromedp.Navigate(s.url(armiesLink(tt.link, mine, theirs)+"&wasm=false")))
			s.poll(t, fmt.Sprintf(`document.readyState === "complete" && document.documentElement.lang === %q && document.querySelector("h1").textContent === %q && document.title.startsWith(%q)`,
				tt.reader, title[tt.reader], title[tt.reader]), "the page in "+tt.reader)
			s.screenshot(t, "armies-before-client-"+tt.reader)
		})
	}
}
