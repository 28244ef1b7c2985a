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

// bandCell is a range band's distances as a card row gives them: from lo
// to hi cm, each end in the band or not.
type bandCell struct {
	lo, hi     int
	loIn, hiIn bool
}

func (b bandCell) holds(cm int) bool {
	return (cm > b.lo || b.loIn && cm == b.lo) && (cm < b.hi || b.hiIn && cm == b.hi)
}

// parseBand reads a band cell back: "<10" and "≤10" from 0, "10–<20",
// ">10–20".
func parseBand(t *testing.T, cell string) bandCell {
	t.Helper()
	b := bandCell{loIn: true}
	from, to, found := strings.Cut(cell, "–")
	if !found {
		from, to = "0", cell
	}
	if s, ok := strings.CutPrefix(from, ">"); ok {
		from, b.loIn = s, false
	}
	switch {
	case strings.HasPrefix(to, "<"):
		to = strings.TrimPrefix(to, "<")
	case strings.HasPrefix(to, "≤"):
		to, b.hiIn = strings.TrimPrefix(to, "≤"), true
	default:
		b.hiIn = true
	}
	var err1, err2 error
	b.lo, err1 = strconv.Atoi(from)
	b.hi, err2 = strconv.Atoi(to)
	if err1 != nil || err2 != nil || b.hi <= b.lo {
		t.Fatalf("band cell %q does not read as a span of cm", cell)
	}
	return b
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
				var prev bandCell
				checkThresholds(t, hits, 2, func(row []string) int {
					band, _ := strconv.Atoi(row[0])
					b := parseBand(t, row[1])
					for cm := b.lo - 1; cm <= b.hi+1; cm++ {
						if cm >= 0 && (g.RangeBand(cm) == band) != b.holds(cm) {
							t.Errorf("band %d spans %s cm, but the engine reads %d cm as band %d", band, row[1], cm, g.RangeBand(cm))
						}
					}
					// Each row starts where the last one ends, the line
					// between them in exactly one: 10.5 cm has its row.
					if band > 0 && (b.lo != prev.hi || b.loIn == prev.hiIn) {
						t.Errorf("band %d (%s cm) does not take over where band %d (…%d) ends", band, row[1], band-1, prev.hi)
					}
					prev = b
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
				wantRows := len(saves) + 1 // and no save under a template
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
				for _, n := range []int{g.Costs.Activate, g.Costs.Relocate, g.Costs.Delay, g.Costs.Extra, g.Costs.Drill, g.Costs.Rally, g.Costs.Artillery, g.Costs.Eject} {
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
		p := lib.Page(content.CardID(text.Game), text.Lang)
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

// cardChecklist is what a player needs to play a round from the printed
// card alone (issue 33), per game and language: each item is a pattern the
// card's text must hold, as a reader sees it (cells apart, spaces plain). A
// card or a quick reference reworded needs its pattern reworded with it,
// keeping the rule; an item is never dropped.
var cardChecklist = []struct{ game, lang, item, pattern string }{
	{"at43", "en", "re-rolls", `Re-roll R: pick up every missed die and roll it again, up to R times`},
	{"at43", "en", "combat move", `combat move up to Movement, half if the unit is engaged`},
	{"at43", "en", "rush", `rush Movement \+ 6 cm \(infantry\) or \+ 10 cm \(armoured fighting vehicles\); no shooting`},
	{"at43", "en", "cohesion", `cohesion once the unit has played: every member 10 cm or less from the leader and 2\.5 cm or less from a comrade`},
	{"at43", "en", "contact", `contact bases less than 2\.5 cm apart`},
	{"at43", "en", "indirect radius", `radius = Area of effect × successes \(Area of effect if none\)`},
	{"at43", "en", "indirect cap", `over 10 cm: 10 cm and 2 impacts per fighter under it`},
	{"at43", "en", "indirect deviation", `each failed die moves it 1 cm, one die for the direction`},
	{"at43", "en", "crushing", `crushing a rushing machine .*free fighter killed on 5\+, engaged on 3\+ \(both recovered\)`},
	{"at43", "en", "overwatch targets", `overwatch fire after an enemy unit's move, at that unit alone, and only if it moved`},
	{"at43", "en", "cover: direct fire only", `cover direct fire only`},
	{"at43", "en", "cover: the 10 cm edge", `no effect when 10 cm or less separate the shooters' leader from the cover's edge on the target's side`},
	{"at43", "en", "cover: no Take cover! against overwatch", `"Take cover!" does not count against it`},
	{"at43", "en", "cover: none under a template", `Under a template no save`},
	{"at43", "en", "cover saves recovered", `save \(recovered\) Half the unit or more behind cover 5\+ Take cover! 3\+`},
	{"at43", "en", "Fire at will", `Fire at will! \(Frostbite\) 1 LP: an infantry hero's unit that stays put this round gets \+1 Re-roll on its next salvo`},
	{"at43", "en", "ejection", `Eject! \(Frostbite\) 1 LP when a Heroic pilot's machine is destroyed: set him anywhere, then scatter him 10 cm`},
	{"at43", "en", "ejection cost", `Heroic pilot: eject 1`},
	{"at43", "en", "location recovered", `die \(recovered\) part`},
	{"at43", "fr", "re-rolls", `Relances R : on reprend tous les dés ratés et on les relance, jusqu'à R fois`},
	{"at43", "fr", "combat move", `déplacement de combat jusqu'au Mouvement, la moitié si l'unité est engagée`},
	{"at43", "fr", "rush", `course Mouvement \+ 6 cm \(infanterie\) ou \+ 10 cm \(blindés\) ; pas de tir`},
	{"at43", "fr", "cohesion", `cohésion une fois l'unité jouée : chaque membre à 10 cm au plus du leader et à 2,5 cm au plus d'un camarade`},
	{"at43", "fr", "contact", `contact moins de 2,5 cm entre les socles`},
	{"at43", "fr", "indirect radius", `rayon = Aire d'effet × réussites \(l'Aire d'effet s'il n'y en a aucune\)`},
	{"at43", "fr", "indirect cap", `au-delà de 10 cm : 10 cm et 2 impacts par combattant dessous`},
	{"at43", "fr", "indirect deviation", `chaque dé raté le décale de 1 cm, un dé pour la direction`},
	{"at43", "fr", "crushing", `écrasement un blindé en course.*combattant libre tué sur 5\+, engagé sur 3\+ \(valeurs reconstituées\)`},
	{"at43", "fr", "overwatch targets", `tir d'alerte après le déplacement d'une unité ennemie, sur elle seule, et seulement si elle a bougé`},
	{"at43", "fr", "cover: direct fire only", `couvert tir direct seulement`},
	{"at43", "fr", "cover: the 10 cm edge", `sans effet si 10 cm ou moins séparent le leader des tireurs du bord du couvert côté cible`},
	{"at43", "fr", "cover: no Take cover! against overwatch", `« À couvert ! » ne compte pas contre lui`},
	{"at43", "fr", "cover: none under a template", `Sous un gabarit pas de sauvegarde`},
	{"at43", "fr", "cover saves recovered", `sauvegarde \(valeur reconstituée\) La moitié de l'unité au moins derrière un couvert 5\+ À couvert ! 3\+`},
	{"at43", "fr", "Fire at will", `« Feu à volonté ! » \(Frostbite\) 1 PC : l'unité d'un héros d'infanterie qui reste immobile ce tour gagne \+1 Relance à sa prochaine salve`},
	{"at43", "fr", "ejection", `« Éjection ! » \(Frostbite\) 1 PC quand le blindé d'un Pilote héroïque est détruit : on le pose où l'on veut, puis on le dévie de 10 cm`},
	{"at43", "fr", "ejection cost", `Pilote héroïque : éjection 1`},
	{"at43", "fr", "location recovered", `dé \(valeur reconstituée\) partie`},
	{"at44", "en", "re-rolls", `Re-rolls: the weapon's value × the weapons firing, as one pool; a failed die goes back in the cup once at most`},
	{"at44", "en", "move", `move up to MOU; salvos before and/or after it`},
	{"at44", "en", "rush", `rush MOU \+ 6 cm \(infantry\) or \+ 10 cm \(vehicles\), no shooting`},
	{"at44", "en", "cohesion", `cohesion leader: most of each base within 10 cm; every member: a comrade 2\.5 cm or less away`},
	{"at44", "en", "contact", `contact 2\.5 cm or less`},
	{"at44", "en", "indirect radius", `radius = AIRE × successes`},
	{"at44", "en", "indirect cap", `from 10 cm on, each further success gives everyone under it one more impact`},
	{"at44", "en", "indirect deviation", `each failed die moves it 3 cm, one D6 for the direction`},
	{"at44", "en", "crushing", `crushing a rushing vehicle.* free fighter killed on 5\+, engaged or grounded on 3\+; survivors grounded`},
	{"at44", "en", "collision", `collision while crushing, .*each vehicle takes one impact, PEN = the other's ARM, Damage 1`},
	{"at44", "en", "overwatch targets", `overwatch fire at an enemy unit that stops in sight, before it goes on; with special weapons, split fire at a second unit; never lock-on weapons`},
	{"at44", "en", "cover: direct fire at band 1 or more", `cover direct fire at band 1 or more; never under a template, nor against lock-on or Sniper fire`},
	{"at44", "en", "cover: none under a template", `Under a template no save`},
	{"at44", "en", "cover: none at band 0", `Range band 0 no save`},
	{"at44", "en", "Fire at will", `Fire at will 1 PC, a unit that has not moved and is not on overwatch: \+1 re-roll per weapon`},
	{"at44", "en", "ejection", `ejection seat \(1 PC, a vehicle of his faction\): anywhere out of enemy contact`},
	{"at44", "en", "ejection cost", `Heroic pilot: eject 1`},
	{"at44", "en", "sudden death", `sudden death company of 20 stars: 15 stars; 40: 30; 60: 45; 80: 60; each further 20: \+15`},
	{"at44", "en", "morale: officer or hero", `Morale \(MOR\) \+ officer rank \(officer's or hero's, the better\)`},
	{"at44", "fr", "re-rolls", `Relances : la valeur de l'arme × les armes qui tirent, en une seule réserve ; un dé raté n'est relancé qu'une fois`},
	{"at44", "fr", "move", `déplacement jusqu'au MOU ; salves avant et/ou après`},
	{"at44", "fr", "rush", `course MOU \+ 6 cm \(infanterie\) ou \+ 10 cm \(véhicules\), sans tir`},
	{"at44", "fr", "cohesion", `cohésion meneur : la plus grande partie de chaque socle à 10 cm ou moins ; chaque membre : un camarade à 2,5 cm au plus`},
	{"at44", "fr", "contact", `contact 2,5 cm ou moins`},
	{"at44", "fr", "indirect radius", `rayon = AIRE × réussites`},
	{"at44", "fr", "indirect cap", `dès 10 cm, chaque réussite de plus donne un impact de plus à tous ceux qui sont dessous`},
	{"at44", "fr", "indirect deviation", `chaque dé raté le décale de 3 cm, un D6 pour la direction`},
	{"at44", "fr", "crushing", `écrasement un véhicule en course.* libre tué sur 5\+, engagé ou à terre sur 3\+ ; les survivants sont mis à terre`},
	{"at44", "fr", "collision", `collision en écrasant, .*chaque véhicule prend un impact, PEN = ARM de l'autre, dégâts 1`},
	{"at44", "fr", "overwatch targets", `tir d'alerte sur une unité ennemie qui s'arrête en vue, avant la suite de son activation ; avec des armes spéciales, tir décalé sur une seconde unité ; jamais au tir verrouillé`},
	{"at44", "fr", "cover: direct fire at band 1 or more", `couvert tir direct à la bande 1 ou plus ; jamais sous un gabarit, ni contre le tir verrouillé ou un Sniper`},
	{"at44", "fr", "cover: none under a template", `Sous un gabarit pas de sauvegarde`},
	{"at44", "fr", "cover: none at band 0", `Bande de portée 0 pas de sauvegarde`},
	{"at44", "fr", "Fire at will", `Feu à volonté 1 PC, unité qui n'a pas bougé et n'est pas en état d'alerte : \+1 relance par arme`},
	{"at44", "fr", "ejection", `siège éjectable \(1 PC, véhicule de sa faction\) : n'importe où hors du contact ennemi`},
	{"at44", "fr", "ejection cost", `Pilote héroïque : éjection 1`},
	{"at44", "fr", "sudden death", `mort subite compagnie de 20 étoiles : 15 étoiles ; 40 : 30 ; 60 : 45 ; 80 : 60 ; chaque tranche de 20 en plus : \+15`},
	{"at44", "fr", "morale: officer or hero", `Moral \(MOR\) \+ grade \(de l'officier ou du héros, le meilleur\)`},
	{"d10", "en", "initiative", `The round\. Each player rolls a d10\. The highest has the initiative: he picks which player, and which unit, starts`},
	{"d10", "en", "alternation", `Then one unit per player in turn, going round clockwise`},
	{"d10", "en", "knock-down", `each figure under it makes a knock-down roll: knocked down on a d10 of 5 \+ modifier or less`},
	{"d10", "en", "dodge", `d10 \+ 1 per CR point above 5: 6 or more dodges`},
	{"d10", "en", "bursts by size", `burst \(zone template\) each figure under it takes ranged attack rolls by size: medium 2, large 3`},
	{"d10", "en", "indirect fire", `indirect fire short or medium range only, at a target a friend can see`},
	{"d10", "en", "grenades", `grenade indirect at short range even when no friend sees the target`},
	{"d10", "fr", "initiative", `Le tour\. Chacun lance un d10\. Le plus haut a l'initiative : il choisit quel joueur, et quelle unité, commence`},
	{"d10", "fr", "alternation", `Ensuite, une unité par joueur à tour de rôle, en tournant dans le sens horaire`},
	{"d10", "fr", "knock-down", `chaque figurine dessous fait un jet de renversement : renversée sur un d10 de 5 \+ modificateur ou moins`},
	{"d10", "fr", "dodge", `d10 \+ 1 par point de CR au-dessus de 5 : 6 ou plus esquive`},
	{"d10", "fr", "bursts by size", `rafale \(gabarit de zone\) chaque figurine dessous subit des jets d'attaque à distance selon sa taille : moyenne 2, grande 3`},
	{"d10", "fr", "indirect fire", `tir indirect portée courte ou moyenne seulement, sur une cible qu'un ami voit`},
	{"d10", "fr", "grenades", `grenade en indirect à courte portée même si aucun ami ne voit la cible`},
}

// cardText is a card as a reader of the paper sees it: its words, cells
// and items apart, spaces and apostrophes plain.
func cardText(c Card) string {
	text := regexp.MustCompile(`</?(?:a|strong|em|span|code)\b[^>]*>`).ReplaceAllString(c.HTML(), "")
	text = regexp.MustCompile(`<[^>]*>`).ReplaceAllString(text, " ")
	text = strings.NewReplacer("\u00a0", " ", "\u202f", " ", "’", "'").Replace(html.UnescapeString(text))
	return strings.Join(strings.Fields(text), " ")
}

// TestCardChecklist checks that each card holds every item of its
// checklist, that no card sends its reader to a page paper cannot open,
// and that only the cards of a game whose source lost values say some
// were recovered.
func TestCardChecklist(t *testing.T) {
	lib := loadLibrary(t)
	for _, tt := range cardChecklist {
		t.Run(tt.game+"/"+tt.lang+"/"+tt.item, func(t *testing.T) {
			text := cardText(cardOf(t, lib, tt.game, tt.lang))
			if !regexp.MustCompile(tt.pattern).MatchString(text) {
				t.Errorf("the card lacks %s: no %q in\n%s", tt.item, tt.pattern, text)
			}
		})
	}
	link := regexp.MustCompile(`<a [^>]*>`)
	crossRef := regexp.MustCompile(`\((?:see|voir)\b|\b(?:See|Voir|Details|Détails)\b`)
	for _, game := range []string{"at43", "at44", "d10"} {
		for _, lang := range content.Langs {
			t.Run(game+"/"+lang+"/no cross-reference", func(t *testing.T) {
				c := cardOf(t, lib, game, lang)
				for _, a := range link.FindAllString(c.HTML(), -1) {
					if !strings.Contains(a, `class="term"`) {
						t.Errorf("the card links to another page, which paper cannot follow: %s", a)
					}
				}
				if m := crossRef.FindString(cardText(c)); m != "" {
					t.Errorf("the card sends its reader elsewhere (%q)", m)
				}
			})
		}
	}
	for _, g := range rules.Games() {
		for _, lang := range content.Langs {
			recovered := g.Recovered != rules.RecoveredValues{}
			text := cardText(cardOf(t, lib, g.ID, lang))
			if says := strings.Contains(text, "recovered") || strings.Contains(text, "reconstituée"); says != recovered {
				t.Errorf("%s/%s: the card says values were recovered: %v, the engine: %v", g.ID, lang, says, recovered)
			}
		}
	}
}
