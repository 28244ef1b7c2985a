package refcard

import (
	"fmt"
	"html"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/at4x/companion/docs"
	"github.com/at4x/companion/docs/content"
	"github.com/at4x/companion/rules"
)

// realLibrary is the library the site is built from, rendered once.
var realLibrary = sync.OnceValues(docs.Load)

func loadLibrary(t *testing.T) *content.Library {
	t.Helper()
	lib, err := realLibrary()
	if err != nil {
		t.Fatal(err)
	}
	return lib
}

// cardOf builds a card the test needs, failing when it has none.
func cardOf(t *testing.T, lib *content.Library, game, lang string) Card {
	t.Helper()
	c, ok := Build(lib, game, lang)
	if !ok {
		t.Fatalf("%s has no card in %s", game, lang)
	}
	return c
}

// blockOf finds a card's block by id.
func blockOf(t *testing.T, c Card, id string) Block {
	t.Helper()
	for _, s := range c.Sides {
		for _, b := range s.Blocks {
			if b.ID == id {
				return b
			}
		}
	}
	t.Fatalf("the card %q has no block %s", c.Title, id)
	return Block{}
}

// values reads a threshold cell back as the values it covers within
// [lo, hi]: "—" none, "≤ 3", "4–5", "6", "≥ 14".
func values(t *testing.T, cell string, lo, hi int) []int {
	t.Helper()
	atoi := func(s string) int {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil {
			t.Fatalf("cell %q: %v", cell, err)
		}
		return n
	}
	from, to := lo, hi
	switch {
	case cell == "—":
		return nil
	case strings.HasPrefix(cell, "≤\u00a0"):
		to = atoi(strings.TrimPrefix(cell, "≤\u00a0"))
	case strings.HasPrefix(cell, "≥\u00a0"):
		from = atoi(strings.TrimPrefix(cell, "≥\u00a0"))
	case strings.Contains(cell, "–"):
		a, b, _ := strings.Cut(cell, "–")
		from, to = atoi(a), atoi(b)
	default:
		from = atoi(cell)
		to = from
	}
	var out []int
	for v := max(from, lo); v <= min(to, hi); v++ {
		out = append(out, v)
	}
	return out
}

// engineRoll is the roll the engine needs for action value a against
// difficulty d, written the card's way but worked out apart from it.
func engineRoll(a, d int) string {
	switch roll, auto := rules.Needed(a - d); auto {
	case rules.AutoFail:
		return "✗"
	case rules.AutoSuccess:
		return "✓"
	default:
		if roll == 6 {
			return "6"
		}
		return fmt.Sprintf("%d+", roll)
	}
}

// checkThresholds holds a threshold table against the engine: in each row,
// the difficulty read by difficultyOf, every action value from 1 to 30 sits
// in exactly one cell, the one headed by the roll the engine needs.
func checkThresholds(t *testing.T, tab *Table, first int, difficultyOf func(row []string) int) {
	t.Helper()
	for _, row := range tab.Rows {
		d := difficultyOf(row)
		seen := map[int]string{}
		for i, cell := range row[first:] {
			col := tab.Head[first+i]
			for _, a := range values(t, cell, 1, 30) {
				if prev, ok := seen[a]; ok {
					t.Errorf("difficulty %d: %d is under both %s and %s", d, a, prev, col)
				}
				seen[a] = col
				if want := engineRoll(a, d); col != want {
					t.Errorf("difficulty %d: %d is under %s, the engine needs %s", d, a, col, want)
				}
			}
		}
		if len(seen) != 30 {
			t.Errorf("difficulty %d: the row covers %d action values of 1 to 30", d, len(seen))
		}
	}
}

// TestCardNumbersAreTheEngines reads every number of the AT-43 and AT-44
// cards back and checks it against the rules engine: the universal table,
// the range bands and the rolls at each, the damage thresholds, the cover
// saves, the morale test and the vehicle location table.
func TestCardNumbersAreTheEngines(t *testing.T) {
	lib := loadLibrary(t)
	for _, g := range rules.Games() {
		for _, lang := range content.Langs {
			t.Run(g.ID+"/"+lang, func(t *testing.T) {
				c := cardOf(t, lib, g.ID, lang)
				if len(c.Sides) != 2 {
					t.Fatalf("%d sides, want 2: the card is one sheet printed on both sides", len(c.Sides))
				}

				uni := blockOf(t, c, "card-universal").Table
				seen := 0
				for _, row := range uni.Rows {
					diffs := strings.Split(strings.NewReplacer(" or less", "", " ou moins", "", " or more", "", " ou plus", "", "−", "-", "+", "").Replace(row[0]), ", ")
					for _, s := range diffs {
						d, err := strconv.Atoi(s)
						if err != nil {
							t.Fatalf("difference %q: %v", row[0], err)
						}
						seen++
						if want := engineRoll(d, 0); !strings.HasPrefix(row[1], want) {
							t.Errorf("difference %d: the card says %q, the engine %s", d, row[1], want)
						}
					}
				}
				if seen != 13 {
					t.Errorf("the universal table lists %d differences, want -6 to +6", seen)
				}

				hits := blockOf(t, c, "card-hits").Table
				if len(hits.Rows) != bands {
					t.Errorf("%d range bands, want %d", len(hits.Rows), bands)
				}
				checkThresholds(t, hits, 2, func(row []string) int {
					band, _ := strconv.Atoi(row[0])
					cms := values(t, row[1], 0, 1000)
					lo, hi := cms[0], cms[len(cms)-1]
					for cm := lo - 1; cm <= hi+1; cm++ {
						if in := cm >= lo && cm <= hi; cm >= 0 && (g.RangeBand(cm) == band) != in {
							t.Errorf("band %d spans %s cm, but the engine reads %d cm as band %d", band, row[1], cm, g.RangeBand(cm))
						}
					}
					return band
				})

				dmg := blockOf(t, c, "card-damage").Table
				checkThresholds(t, dmg, 1, func(row []string) int {
					p, _ := strconv.Atoi(row[0])
					return p
				})

				tests := blockOf(t, c, "card-tests").Table
				if got := tests.Rows[3][2]; got != strconv.Itoa(g.Morale.Difficulty) {
					t.Errorf("morale difficulty %s, the engine's %d", got, g.Morale.Difficulty)
				}
				if got := tests.Rows[4][2]; got != fmt.Sprintf("%d+", g.CoverSave[rules.CoverNormal]) {
					t.Errorf("cover save %s, the engine's %d+", got, g.CoverSave[rules.CoverNormal])
				}
				cover := blockOf(t, c, "card-cover").Table
				saves := []rules.Cover{rules.CoverNormal, rules.CoverTakeCover}
				if g.CoverSave[rules.CoverKnee] > 0 {
					saves = append(saves, rules.CoverKnee)
				}
				for i, cv := range saves {
					if got := cover.Rows[i][1]; got != fmt.Sprintf("%d+", g.CoverSave[cv]) {
						t.Errorf("cover %s: the card saves on %s, the engine on %d+", cv, got, g.CoverSave[cv])
					}
				}
				wantRows := len(saves)
				for _, no := range []bool{!g.CoverAtRangeZero, g.Fixed.LockOnIgnoresCover, g.Fixed.Sniper} {
					if no {
						wantRows++
					}
				}
				if len(cover.Rows) != wantRows {
					t.Errorf("%d cover rows, want %d", len(cover.Rows), wantRows)
				}

				morale := blockOf(t, c, "card-morale")
				checkThresholds(t, &Table{Head: []string{"", "✗", "6", "5+", "4+", "3+", "2+", "✓"}, Rows: func() [][]string {
					// The morale table lists its rows by roll: turn it into
					// one row of cells under their rolls.
					row := []string{"", "—", "—", "—", "—", "—", "—", "—"}
					for _, r := range morale.Table.Rows {
						for i, col := range []string{"✗", "6", "5+", "4+", "3+", "2+", "✓"} {
							if r[1] == col {
								row[i+1] = r[0]
							}
						}
					}
					return [][]string{row}
				}()}, 1, func([]string) int { return g.Morale.Difficulty })
				threshold := regexp.MustCompile(`(\d+) (?:or fewer|ou moins) \(\S+ (\d)(?:–(\d))?\)`)
				found := 0
				for _, m := range threshold.FindAllStringSubmatch(strings.Join(morale.Lines, " "), -1) {
					lo, _ := strconv.Atoi(m[2])
					hi := lo
					if m[3] != "" {
						hi, _ = strconv.Atoi(m[3])
					}
					for typ := lo; typ <= hi; typ++ {
						found++
						if n, _ := strconv.Atoi(m[1]); n != g.MoraleThreshold(typ) {
							t.Errorf("type %d tests at %d fighters, the engine at %d", typ, n, g.MoraleThreshold(typ))
						}
					}
				}
				if found != 3 {
					t.Errorf("the morale lines give the threshold of %d infantry types, want 3: %q", found, morale.Lines)
				}
				if !strings.Contains(strings.Join(morale.Lines, " "), strconv.Itoa(g.Morale.SpendCost)+" ") {
					t.Errorf("the morale lines do not give the %d points a test costs: %q", g.Morale.SpendCost, morale.Lines)
				}

				costs := blockOf(t, c, "card-costs").Table
				var engineCosts []int
				for _, n := range []int{g.Costs.Activate, g.Costs.Relocate, g.Costs.Delay, g.Costs.Extra, g.Costs.Drill, g.Costs.Rally, g.Costs.Artillery} {
					if n >= 0 {
						engineCosts = append(engineCosts, n)
					}
				}
				if len(costs.Rows) != len(engineCosts)+1 {
					t.Fatalf("%d costs, want the engine's %d and the wager", len(costs.Rows), len(engineCosts))
				}
				for i, n := range engineCosts {
					if costs.Rows[i][1] != strconv.Itoa(n) {
						t.Errorf("%s costs %s, the engine %d", costs.Rows[i][0], costs.Rows[i][1], n)
					}
				}
				wager := costs.Rows[len(costs.Rows)-1][1]
				for rank := 1; rank <= g.MaxRank; rank++ {
					n := g.WagerLimit(rank)
					if g.WagerLimit(0) != g.WagerLimit(g.MaxRank) {
						n -= rank // the card says "rank + k"
					}
					if !strings.HasSuffix(wager, " "+strconv.Itoa(n)) {
						t.Errorf("rank %d: the card's wager reads %q, the engine's limit is %d", rank, wager, g.WagerLimit(rank))
					}
				}

				loc := blockOf(t, c, "card-vehicle").Table
				names := map[rules.Location]string{
					rules.LocationPropulsion: lib.Term("propulsion").Name(lang, g.ID),
					rules.LocationFrame:      lib.Term("frame").Name(lang, g.ID),
				}
				faces := 0
				for _, row := range loc.Rows {
					for _, face := range values(t, row[0], 1, rules.LocationFaces) {
						faces++
						want, ok := names[rules.LocationOf(face)]
						if !ok {
							want = "weapon"
							if lang == "fr" {
								want = "arme"
							}
						}
						if !strings.EqualFold(row[1], want) {
							t.Errorf("die %d: the card says %s, the engine %s", face, row[1], want)
						}
					}
				}
				if faces != rules.LocationFaces {
					t.Errorf("the location table gives %d faces, want %d", faces, rules.LocationFaces)
				}
			})
		}
	}
}

// roundNumbers are the numbers of each quick reference's round that the
// engine also knows: the card prints that text as it is, so these hold it
// to the engine. A reworded sentence needs its pattern here reworded too.
var roundNumbers = []struct {
	game, lang, name string
	pattern          string // on the text, tags dropped and spaces plain
	engine           func(g rules.Game) []int
}{
	{"at43", "en", "relocate", `relocate first card \((\d+) LP\)`, func(g rules.Game) []int { return []int{g.Costs.Relocate} }},
	{"at43", "en", "delay", `delay \((\d+) LP\)`, func(g rules.Game) []int { return []int{g.Costs.Delay} }},
	{"at43", "en", "extra", `extra activation after a delay \((\d+) LP\)`, func(g rules.Game) []int { return []int{g.Costs.Extra} }},
	{"at43", "en", "artillery", `artillery strike \((\d+) LP`, func(g rules.Game) []int { return []int{g.Costs.Artillery} }},
	{"at43", "en", "rally", `Pay (\d+) LP to rally`, func(g rules.Game) []int { return []int{g.Costs.Rally} }},
	{"at43", "en", "no officer", `No officer\? Pay (\d+) LP`, func(g rules.Game) []int { return []int{g.Costs.Activate} }},
	{"at43", "en", "wager", `0 to rank \+ (\d+) LP`, func(g rules.Game) []int { return []int{g.WagerLimit(0)} }},
	{"at43", "en", "morale", `Morale against (\d+)`, func(g rules.Game) []int { return []int{g.Morale.Difficulty} }},
	{"at43", "en", "thresholds", `Type 1 or 2 down to (\d+) members.*Type 3, or a Frostbite support unit, down to (\d+) member`, func(g rules.Game) []int { return []int{g.MoraleThreshold(1), g.MoraleThreshold(3)} }},
	{"at43", "fr", "relocate", `déplacer la première carte \((\d+) PC\)`, func(g rules.Game) []int { return []int{g.Costs.Relocate} }},
	{"at43", "fr", "delay", `retarder \((\d+) PC\)`, func(g rules.Game) []int { return []int{g.Costs.Delay} }},
	{"at43", "fr", "extra", `activation supplémentaire après un retard \((\d+) PC\)`, func(g rules.Game) []int { return []int{g.Costs.Extra} }},
	{"at43", "fr", "artillery", `frappe d'artillerie \((\d+) PC`, func(g rules.Game) []int { return []int{g.Costs.Artillery} }},
	{"at43", "fr", "rally", `Payer (\d+) PC pour la rallier`, func(g rules.Game) []int { return []int{g.Costs.Rally} }},
	{"at43", "fr", "no officer", `Pas d'officier \? Payer (\d+) PC`, func(g rules.Game) []int { return []int{g.Costs.Activate} }},
	{"at43", "fr", "wager", `0 à rang \+ (\d+) PC`, func(g rules.Game) []int { return []int{g.WagerLimit(0)} }},
	{"at43", "fr", "morale", `Moral contre (\d+)`, func(g rules.Game) []int { return []int{g.Morale.Difficulty} }},
	{"at43", "fr", "thresholds", `Type 1 ou 2 réduite à (\d+) membres.*Type 3, ou une unité de soutien de Frostbite, réduite à (\d+) membre`, func(g rules.Game) []int { return []int{g.MoraleThreshold(1), g.MoraleThreshold(3)} }},
	{"at44", "en", "card options", `relocate (\d+), delay (\d+), extra activation (\d+)`, func(g rules.Game) []int { return []int{g.Costs.Relocate, g.Costs.Delay, g.Costs.Extra} }},
	{"at44", "en", "no officer", `without an officer costs (\d+) PC`, func(g rules.Game) []int { return []int{g.Costs.Activate} }},
	{"at44", "en", "pass morale", `Morale test if one is due \((\d+) PC: passed\)`, func(g rules.Game) []int { return []int{g.Morale.SpendCost} }},
	{"at44", "en", "wager", `secret bet of 0 to (\d+) PC`, func(g rules.Game) []int { return []int{g.WagerLimit(g.MaxRank)} }},
	{"at44", "en", "thresholds", `rank 1–2: (\d+) fighters or fewer; rank 3: (\d+) left`, func(g rules.Game) []int { return []int{g.MoraleThreshold(1), g.MoraleThreshold(3)} }},
	{"at44", "fr", "card options", `replacer (\d+), sursis (\d+), activation supplémentaire (\d+)`, func(g rules.Game) []int { return []int{g.Costs.Relocate, g.Costs.Delay, g.Costs.Extra} }},
	{"at44", "fr", "no officer", `Sans officier, une unité coûte (\d+) PC`, func(g rules.Game) []int { return []int{g.Costs.Activate} }},
	{"at44", "fr", "pass morale", `Test de moral s'il est dû \((\d+) PC : réussi\)`, func(g rules.Game) []int { return []int{g.Morale.SpendCost} }},
	{"at44", "fr", "wager", `mise secrète de 0 à (\d+) PC`, func(g rules.Game) []int { return []int{g.WagerLimit(g.MaxRank)} }},
	{"at44", "fr", "thresholds", `rang 1–2 : (\d+) combattants ou moins ; rang 3 : (\d+) seul`, func(g rules.Game) []int { return []int{g.MoraleThreshold(1), g.MoraleThreshold(3)} }},
}

// plainText is rules HTML as a reader sees it: no tags, plain spaces and
// apostrophes, so patterns need not know the typography.
func plainText(h string) string {
	text := html.UnescapeString(regexp.MustCompile(`<[^>]*>`).ReplaceAllString(h, ""))
	return strings.NewReplacer("\u00a0", " ", "\u202f", " ", "’", "'", "\n", " ").Replace(text)
}

// TestCardRoundIsTheTextsAndTheEngines checks the card's round: it is the
// quick reference's own section, and its point costs, wager limit, morale
// difficulty and thresholds are the engine's.
func TestCardRoundIsTheTextsAndTheEngines(t *testing.T) {
	lib := loadLibrary(t)
	for _, g := range rules.Games() {
		for _, lang := range content.Langs {
			c := cardOf(t, lib, g.ID, lang)
			round := blockOf(t, c, "card-round")
			sec, _ := lib.Text(g.ID, lang).Section("reference.round")
			if round.HTML == "" || !strings.HasPrefix(sec.HTML, round.HTML) {
				t.Errorf("%s/%s: the card's round is not the quick reference's section", g.ID, lang)
			}
			if strings.Contains(round.HTML, `<p><a href=`) || strings.Contains(plainText(round.HTML), "Details:") {
				t.Errorf("%s/%s: the card's round keeps its links to other sections", g.ID, lang)
			}
		}
	}
	for _, tt := range roundNumbers {
		t.Run(tt.game+"/"+tt.lang+"/"+tt.name, func(t *testing.T) {
			g, err := rules.GameByID(tt.game)
			if err != nil {
				t.Fatal(err)
			}
			text := plainText(blockOf(t, cardOf(t, lib, tt.game, tt.lang), "card-round").HTML)
			m := regexp.MustCompile(tt.pattern).FindStringSubmatch(text)
			if m == nil {
				t.Fatalf("the round no longer says %q: reword the pattern with the text, keeping the engine's numbers:\n%s", tt.pattern, text)
			}
			for i, want := range tt.engine(g) {
				if got, _ := strconv.Atoi(m[i+1]); got != want {
					t.Errorf("the round says %d where the engine has %d (%s)", got, want, m[0])
				}
			}
		})
	}
}

// TestD10CardIsItsQuickReference checks the d10 card: its quick reference
// chapter on two sides, whose panic and vehicle damage tables read as the
// engine reads the sheet.
func TestD10CardIsItsQuickReference(t *testing.T) {
	lib := loadLibrary(t)
	for _, lang := range content.Langs {
		t.Run(lang, func(t *testing.T) {
			c := cardOf(t, lib, "d10", lang)
			ch := referenceChapter(lib.Text("d10", lang))
			var ids []string
			for _, side := range c.Sides {
				for _, b := range side.Blocks {
					ids = append(ids, b.ID)
				}
			}
			var want []string
			for _, sec := range ch.Sections {
				want = append(want, "card-"+strings.TrimPrefix(sec.ID, "reference."))
			}
			slices.Sort(ids)
			slices.Sort(want)
			if len(c.Sides) != 2 || !slices.Equal(ids, want) {
				t.Fatalf("the d10 card has %d sides holding %v, want its quick reference sections %v on two", len(c.Sides), ids, want)
			}
			rows := regexp.MustCompile(`<td>(\d+)(?:-(\d+)|\+)?</td>\s*<td>`)
			faces := func(id string) [][2]int {
				var out [][2]int
				h := blockOf(t, c, id).HTML
				for _, m := range rows.FindAllStringSubmatch(h, -1) {
					lo, _ := strconv.Atoi(m[1])
					hi := lo
					switch {
					case m[2] != "":
						hi, _ = strconv.Atoi(m[2])
					case strings.Contains(m[0], "+"):
						hi = 100 // "11+": every total from 11 up
					}
					out = append(out, [2]int{lo, hi})
				}
				return out
			}
			lines := faces("card-panic")
			res, err := rules.D10Morale(rules.D10MoraleInput{Game: "d10", COU: 0})
			if err != nil {
				t.Fatal(err)
			}
			var engine []int
			for _, st := range res.Explain {
				switch st.Kind {
				case rules.StepD10Paralysed, rules.StepD10Retreat, rules.StepD10Rout:
					engine = append(engine, st.Value)
				}
			}
			if len(lines) != len(engine) {
				t.Fatalf("the panic table has %d lines %v, the engine %d", len(lines), lines, len(engine))
			}
			for i, f := range lines {
				if n := f[1] - f[0] + 1; n != engine[i] {
					t.Errorf("panic line %d covers %d faces (%d-%d), the engine %d", i+1, n, f[0], f[1], engine[i])
				}
			}
			// The vehicle damage table's internal band: with p damage points
			// a first roll reaches it on as many faces as the engine says.
			var internal [2]int
			for _, f := range faces("card-vehicles") {
				if f[0] == 7 {
					internal = f
				}
			}
			if internal[0] == 0 {
				t.Fatal("no line of the vehicle damage table starts at 7")
			}
			for p := 0; p <= 10; p++ {
				res, err := rules.D10Vehicle(rules.D10VehicleInput{Game: "d10", Points: p})
				if err != nil {
					t.Fatal(err)
				}
				n := 0
				for d := 1; d <= 10; d++ {
					if d+p >= internal[0] && d+p <= internal[1] {
						n++
					}
				}
				if got := float64(n) / 10; fmt.Sprintf("%.9f", got) != fmt.Sprintf("%.9f", res.Internal) {
					t.Errorf("%d damage points: the table reaches internal damage on %d faces, the engine with chance %.3f", p, n, res.Internal)
				}
			}
		})
	}
}

// TestAddToWritesEveryCard checks the pages AddTo adds: one per text, each
// holding its card's HTML, every title and cell in it, escaped.
func TestAddToWritesEveryCard(t *testing.T) {
	lib, err := docs.Load()
	if err != nil {
		t.Fatal(err)
	}
	before := len(lib.Pages)
	AddTo(lib)
	if got := len(lib.Pages) - before; got != len(lib.Texts) {
		t.Fatalf("AddTo added %d pages for %d texts", got, len(lib.Texts))
	}
	for _, text := range lib.Texts {
		p := lib.Page(PageID(text.Game), text.Lang)
		if p == nil {
			t.Fatalf("no card page for %s/%s", text.Game, text.Lang)
		}
		c := cardOf(t, lib, text.Game, text.Lang)
		if p.Title != c.Title || strings.Count(p.HTML, `class="refcard-side"`) != len(c.Sides) {
			t.Errorf("%s/%s: page %q with %d sides, card %q with %d", text.Game, text.Lang, p.Title, strings.Count(p.HTML, `class="refcard-side"`), c.Title, len(c.Sides))
		}
		for _, side := range c.Sides {
			for _, b := range side.Blocks {
				// A block's rules HTML is there in its parts (see parts).
				want := append([]string{`id="` + b.ID + `"`, html.EscapeString(b.Title), html.EscapeString(b.Intro)}, parts(b.HTML)...)
				if b.Table != nil {
					for _, row := range append([][]string{b.Table.Head}, b.Table.Rows...) {
						for _, cell := range row {
							want = append(want, ">"+html.EscapeString(cell)+"<")
						}
					}
				}
				for _, w := range want {
					if !strings.Contains(p.HTML, w) {
						t.Errorf("%s/%s: the page lacks %q", text.Game, text.Lang, w)
					}
				}
			}
		}
	}
}

// TestTermsTheCardsNameExist reads the glossary ids the card builders
// pass to words and checks each is in the glossary: a missing one would
// print its id on the card.
func TestTermsTheCardsNameExist(t *testing.T) {
	lib := loadLibrary(t)
	src, err := os.ReadFile("blocks.go")
	if err != nil {
		t.Fatal(err)
	}
	ids := regexp.MustCompile(`w\.(?:term|label|abbr|def)\("([a-z0-9-]+)"\)`).FindAllSubmatch(src, -1)
	if len(ids) < 30 {
		t.Fatalf("found %d term ids in blocks.go: the pattern no longer reads the builders", len(ids))
	}
	for _, m := range ids {
		if lib.Term(string(m[1])) == nil {
			t.Errorf("blocks.go names the term %q, which the glossary lacks", m[1])
		}
	}
}

// TestParts cuts made-up rules HTML where a printed column may end.
func TestParts(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []string
	}{
		{"paragraphs", "<p>a</p>\n<p>b</p>\n", []string{"<p>a</p>\n", "<p>b</p>\n"}},
		{"a list stays with its line", "<p>a:</p>\n<ol>\n<li>x</li>\n</ol>\n<p>b</p>\n", []string{"<p>a:</p>\n<ol>\n<li>x</li>\n</ol>\n", "<p>b</p>\n"}},
		{"two tables stay with their line", "<p>a:</p><table><tr><td>1</td></tr></table><table><tr><td>2</td></tr></table><p>b</p>", []string{"<p>a:</p><table><tr><td>1</td></tr></table><table><tr><td>2</td></tr></table>", "<p>b</p>"}},
		{"a heading stays with what it heads", "<h3 id=\"x\">T</h3>\n<h4>U</h4>\n<p>a</p>\n<h4>V</h4><p>b</p>", []string{"<h3 id=\"x\">T</h3>\n<h4>U</h4>\n<p>a</p>\n", "<h4>V</h4><p>b</p>"}},
		{"nothing inside an element", "<ul><li><p>a</p></li><li><p>b</p></li></ul>", []string{"<ul><li><p>a</p></li><li><p>b</p></li></ul>"}},
		{"void and self-closing tags", "<p>a<br>b<img src=\"i.svg\"/></p><p>c<wbr></p>", []string{"<p>a<br>b<img src=\"i.svg\"/></p>", "<p>c<wbr></p>"}},
		{"a list first", "<ul><li>a</li></ul><p>b</p>", []string{"<ul><li>a</li></ul>", "<p>b</p>"}},
		{"no tags", "text", []string{"text"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := parts(tt.in); !slices.Equal(got, tt.want) {
				t.Errorf("parts(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

// TestTextBlocksPrintInParts checks the blocks of rules text of every card
// (the round, d10's sections): the page holds each in parts, which join
// into the block, each starting with its heading or a line, never with a
// list or a table apart from the line announcing it.
func TestTextBlocksPrintInParts(t *testing.T) {
	lib := loadLibrary(t)
	starts := regexp.MustCompile(`^\s*<(p|h[1-6])\b`)
	for _, text := range lib.Texts {
		c, ok := Build(lib, text.Game, text.Lang)
		if !ok {
			continue
		}
		page := c.HTML()
		for _, side := range c.Sides {
			for _, b := range side.Blocks {
				if b.HTML == "" {
					continue
				}
				t.Run(text.Game+"/"+text.Lang+"/"+b.ID, func(t *testing.T) {
					ps := parts(b.body())
					if strings.Join(ps, "") != b.body() {
						t.Fatalf("the parts do not join into the block")
					}
					for i, p := range ps {
						if !starts.MatchString(p) {
							t.Errorf("part %d starts apart from a heading or a line: %.60q", i+1, p)
						}
						if !strings.Contains(page, `<div class="refcard-part">`+p+"</div>") {
							t.Errorf("the page lacks part %d in its own frame: %.60q", i+1, p)
						}
					}
				})
			}
		}
	}
}
