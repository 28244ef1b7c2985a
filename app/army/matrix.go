package army

import (
	"math"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/at4x/companion/rules"
)

// A View is which matrix the page shows: whose weapons at whose units.
type View string

const (
	ViewFire        View = "fire"        // my weapons at their units
	ViewThreat      View = "threat"      // their weapons at my units
	ViewMelee       View = "melee"       // my close combat against their units
	ViewMeleeThreat View = "meleethreat" // their close combat against my units
)

// Views are the matrices, in the page's order.
var Views = []View{ViewFire, ViewThreat, ViewMelee, ViewMeleeThreat}

// Situation is what the page chooses once for every shot: a range band or
// a distance, and cover. Close combat takes neither.
type Situation struct {
	Range int    // the range band, when CM is ""
	CM    string // the distance in cm, "" for none
	Cover string // none, cover, takecover, kneecover ("" is none)
}

// Row is one row of the matrix: a weapon of a unit (Weapon "" for the
// unit's close combat).
type Row struct{ Unit, Weapon string }

// Col is one column: a unit as a target.
type Col struct {
	Unit    string
	Vehicle bool
}

// A Cell is one attack of the matrix: once filled, the calculator link it
// opens and its headline figures, as that calculator gives them.
type Cell struct {
	Calc    string     // the calculator: shoot, melee or indirect
	Query   url.Values // its link's values, game included
	Vehicle bool       // the target is a unit of vehicles
	Done    bool
	// Infantry: the casualties expected and the chance of at least one.
	// Vehicles: the chance the unit is destroyed.
	Mean, AtLeast1, Destroyed float64
	// Score places the cell on the matrix's one colour scale, 0 to 1: the
	// share of the unit expected lost, or the chance it is destroyed.
	Score float64
	Err   error // the engine refused the attack (AT-44 lock-on at infantry)
	size  int   // fighters in the target unit, for the score
}

// ErrGames is New's error for two armies of different games.
const ErrGames = reason("the armies are of different games")

// A Matrix is every attack of one view, filled a slice at a time.
type Matrix struct {
	Game  string
	View  View
	Rows  []Row
	Cols  []Col
	Cells [][]Cell // by row, then column
	next  int      // the cells filled, in row order

	// The work is done once per distinct attack: rows with the same
	// values (the same rifles in two units) and columns with the same
	// target values share their cells' figures (sameAs), and each row's
	// values and each column's are read by the engine once (halves), not
	// once per cell.
	sit      Situation
	from, to []Values // each row's attack values, each column's target values
	rowKind  []int    // the distinct values of each row, an index
	colKind  []int    // and of each column
	nColKind int
	sameAs   map[int]*Cell // the first cell filled of each (row kind, column kind)
	halves   map[string]half
	// rowLink and colLink are each row's and each column's part of its
	// cells' links (direct fire and close combat), made once: a cell's
	// link is the two put together, sharing their value slices, which
	// nothing changes in place (a map of a dozen keys made a key at a time
	// for each cell was a quarter of the matrix's work).
	rowLink, colLink []url.Values
}

// half is the engine's reading of a row's or a column's values alone.
type half struct {
	shoot rules.ShootInput
	melee rules.MeleeInput
	err   error
}

// New lays out the matrix of view for two armies in situation s; nothing
// is computed until Fill.
func New(mine, theirs Army, view View, s Situation) (*Matrix, error) {
	if mine.Game != theirs.Game {
		return nil, ErrGames
	}
	from, to := mine, theirs
	if view == ViewThreat || view == ViewMeleeThreat {
		from, to = theirs, mine
	}
	melee := view == ViewMelee || view == ViewMeleeThreat
	m := &Matrix{Game: mine.Game, View: view, sit: s, sameAs: map[int]*Cell{}, halves: map[string]half{}}
	cols := map[string]int{}
	for _, u := range to.Units {
		m.Cols = append(m.Cols, Col{Unit: u.Name, Vehicle: u.Vehicle()})
		m.to = append(m.to, u.Target)
		m.colKind = append(m.colKind, kindOf(cols, u.Target))
	}
	m.nColKind = len(cols)
	rows := map[string]int{}
	add := func(r Row, v Values, s *Situation) {
		m.Rows = append(m.Rows, r)
		m.from = append(m.from, v)
		m.rowKind = append(m.rowKind, kindOf(rows, v))
		calc := "melee"
		if s != nil {
			calc = map[bool]string{false: "shoot", true: "indirect"}[v.Has("aoe")]
		}
		row := make([]Cell, len(to.Units))
		for i, t := range to.Units {
			row[i] = Cell{Calc: calc, Vehicle: t.Vehicle(), size: t.size()}
		}
		m.Cells = append(m.Cells, row)
	}
	for _, u := range from.Units {
		if melee && u.Melee != nil {
			add(Row{Unit: u.Name}, u.Melee, nil)
		}
		for _, w := range u.Weapons {
			if !melee {
				add(Row{Unit: u.Name, Weapon: w.Name}, w.Shoot, &s)
			}
		}
	}
	m.rowLink, m.colLink = make([]url.Values, len(m.Rows)), make([]url.Values, len(m.Cols))
	return m, nil
}

// kindOf is the index of values v among those seen, a new one when v is
// not among them.
func kindOf(seen map[string]int, v Values) int {
	keys := make([]string, 0, len(v))
	for k := range v {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var b strings.Builder
	for _, k := range keys {
		b.WriteString(k + "=" + v[k] + "&")
	}
	k, ok := seen[b.String()]
	if !ok {
		k = len(seen)
		seen[b.String()] = k
	}
	return k
}

// cell is the cell of row i and column j with its link's values, not
// filled: New lays the cells out without them, each is written as it is
// filled, in a slice of the work.
func (m *Matrix) cell(i, j int) Cell {
	t := Unit{Target: m.to[j]}
	calc := m.Cells[i][j].Calc
	if calc == "indirect" {
		return indirectCell(m.Game, m.from[i], t, m.sit)
	}
	if m.rowLink[i] == nil {
		m.rowLink[i] = withGame(m.Game, m.from[i])
		if calc == "shoot" {
			situationQuery(m.rowLink[i], m.sit)
		}
	}
	if m.colLink[j] == nil {
		m.colLink[j] = url.Values{}
		targetQuery(m.colLink[j], t, calc == "melee")
	}
	q := make(url.Values, len(m.rowLink[i])+len(m.colLink[j])+2)
	for _, part := range []url.Values{m.rowLink[i], m.colLink[j]} {
		for k, v := range part {
			q[k] = v
		}
	}
	if calc == "shoot" {
		coverQuery(q, t, m.sit)
	}
	return Cell{Calc: calc, Query: q, Vehicle: t.Vehicle(), size: t.size()}
}

// Size is the number of cells.
func (m *Matrix) Size() int { return len(m.Rows) * len(m.Cols) }

// Filled is the number of cells filled so far.
func (m *Matrix) Filled() int { return m.next }

// Done tells whether every cell is filled.
func (m *Matrix) Done() bool { return m.next >= m.Size() }

// Fill computes cells, in row order, until budget has passed (at least
// one cell), and reports whether the matrix is complete.
func (m *Matrix) Fill(budget time.Duration) bool {
	start := time.Now()
	for !m.Done() {
		m.fillCell(m.next/len(m.Cols), m.next%len(m.Cols))
		m.next++
		if time.Since(start) >= budget {
			break
		}
	}
	return m.Done()
}

// BestInRow is the column of the row's highest score, -1 for none.
func (m *Matrix) BestInRow(r int) int {
	best, at := -1.0, -1
	for c, cell := range m.Cells[r] {
		if cell.Done && cell.Err == nil && cell.Score > best {
			best, at = cell.Score, c
		}
	}
	return at
}

// BestInCol is the row of the column's highest score, -1 for none.
func (m *Matrix) BestInCol(c int) int {
	best, at := -1.0, -1
	for r := range m.Cells {
		if cell := m.Cells[r][c]; cell.Done && cell.Err == nil && cell.Score > best {
			best, at = cell.Score, r
		}
	}
	return at
}

// targetQuery adds a target unit's values to q: those its kind reads.
func targetQuery(q url.Values, t Unit, melee bool) {
	veh := t.Vehicle()
	for k, v := range t.Target {
		switch k {
		case "def":
			if !melee {
				continue
			}
		case "size", "type":
			if veh {
				continue
			}
		case "frame", "prop", "weapons", "vehicles":
			if !veh {
				continue
			}
		}
		q.Set(k, v)
	}
}

func withGame(game string, v Values) url.Values {
	q := url.Values{"game": {game}}
	for k, s := range v {
		q.Set(k, s)
	}
	return q
}

// indirectCell is an Area of effect weapon's shot at a unit: an
// indirect-fire link, with the template over as many fighters as its AoE
// in cm (at most the unit's size), or over the unit's vehicles alone.
func indirectCell(game string, w Values, t Unit, s Situation) Cell {
	q := withGame(game, w)
	situationQuery(q, s)
	if t.Vehicle() {
		q.Set("under", "0")
		q.Set("vehicles", firstNonEmpty(t.Target["vehicles"], "1"))
		for _, k := range []string{"frame", "prop", "weapons"} {
			if v, ok := t.Target[k]; ok {
				q.Set(k, v)
			}
		}
		if v, ok := t.Target["prot"]; ok {
			q.Set("vprot", v)
		}
	} else {
		if v, ok := t.Target["prot"]; ok {
			q.Set("prot", v)
		}
		aoe, _ := strconv.Atoi(w["aoe"])
		q.Set("under", strconv.Itoa(max(1, min(t.size(), aoe))))
	}
	return Cell{Calc: "indirect", Query: q, Vehicle: t.Vehicle(), size: t.size()}
}

// situationQuery adds a shot's range band or distance to q.
func situationQuery(q url.Values, s Situation) {
	if s.CM != "" {
		q.Set("cm", s.CM)
	} else {
		q.Set("range", strconv.Itoa(s.Range))
	}
}

// coverQuery adds the cover of a direct shot at t to q.
func coverQuery(q url.Values, t Unit, s Situation) {
	cover := s.Cover
	if t.Vehicle() && (cover == "takecover" || cover == "kneecover") {
		cover = "cover" // the drills are infantry's: a vehicle is behind cover
	}
	if cover != "" && cover != "none" {
		q.Set("cover", cover)
	}
}

// size is the fighters of an infantry unit: its size, 6 when unsaid.
func (u Unit) size() int {
	n, err := strconv.Atoi(u.Target["size"])
	if err != nil {
		return 6
	}
	return n
}

func firstNonEmpty(s ...string) string {
	for _, x := range s {
		if x != "" {
			return x
		}
	}
	return ""
}

// fillCell fills the cell of row i and column j: with the figures of the
// same attack when another row or column had it, else by the engine.
func (m *Matrix) fillCell(i, j int) {
	c := &m.Cells[i][j]
	*c = m.cell(i, j)
	key := m.rowKind[i]*m.nColKind + m.colKind[j]
	if same := m.sameAs[key]; same != nil {
		c.Done, c.Err = true, same.Err
		c.Mean, c.AtLeast1, c.Destroyed, c.Score = same.Mean, same.AtLeast1, same.Destroyed, same.Score
		if same.Query.Has("atleast") {
			c.Query.Set("atleast", "1")
		}
		return
	}
	c.compute(m.composed(i, j, c.Query))
	m.sameAs[key] = c
}

// composed is the engine's input for the cell of row i and column j, put
// together from the row's values and the column's each read alone (a
// shot's or a close combat's): what parsing the cell's link gives
// (TestComposedIsParsed), at a fraction of its cost. ok is false when
// either half is refused or for indirect fire, which reads its link whole.
func (m *Matrix) composed(i, j int, link url.Values) (in any, ok bool) {
	c := &m.Cells[i][j]
	if c.Calc == "indirect" {
		return nil, false
	}
	veh := m.Cols[j].Vehicle
	w := m.half("w", m.rowKind[i], veh, func() url.Values {
		q := withGame(m.Game, m.from[i])
		if c.Calc == "shoot" {
			for _, k := range []string{"range", "cm", "cover"} {
				if link.Has(k) {
					q.Set(k, link.Get(k))
				}
			}
		}
		q.Set("target", map[bool]string{false: "inf", true: "veh"}[veh])
		return q
	}, c.Calc)
	t := m.half("t", m.colKind[j], veh, func() url.Values {
		q := url.Values{"game": {m.Game}}
		targetQuery(q, Unit{Target: m.to[j]}, c.Calc == "melee")
		return q
	}, c.Calc)
	if w.err != nil || t.err != nil {
		return nil, false
	}
	if c.Calc == "melee" {
		mi, ti := w.melee, t.melee
		mi.Attack.Target, mi.Protection, mi.Size, mi.Type, mi.Medic, mi.Vehicle = ti.Attack.Target, ti.Protection, ti.Size, ti.Type, ti.Medic, ti.Vehicle
		mi.Defense = ti.Defense
		return mi, true
	}
	si, ti := w.shoot, t.shoot
	si.Attack.Target, si.Protection, si.Size, si.Type, si.Medic, si.Vehicle = ti.Attack.Target, ti.Protection, ti.Size, ti.Type, ti.Medic, ti.Vehicle
	return si, true
}

// half is the engine's reading of the values query gives, kept under
// side, kind and the target's kind.
func (m *Matrix) half(side string, kind int, veh bool, query func() url.Values, calc string) half {
	key := side + strconv.Itoa(kind) + strconv.FormatBool(veh)
	h, ok := m.halves[key]
	if !ok {
		if calc == "melee" {
			h.melee, h.err = rules.ParseMelee(query())
		} else {
			h.shoot, h.err = rules.ParseShoot(query())
		}
		m.halves[key] = h
	}
	return h
}

// compute runs the engine as the cell's calculator does on its link, and
// keeps the headline figures: on in when it is given (composed), else on
// the link read whole, and on the link when the engine refuses in, so
// that a refusal is the calculator's own. Against infantry, the link asks
// for "at least 1" when the calculator would open on another number.
func (c *Cell) compute(in any, ok bool) {
	c.Done = true
	var inf *rules.InfantryResult
	var veh *rules.VehicleResult
	switch c.Calc {
	case "shoot":
		var res rules.AttackResult
		var err error
		if ok {
			res, err = rules.Shoot(in.(rules.ShootInput))
		}
		if !ok || err != nil {
			var in rules.ShootInput
			if in, err = rules.ParseShoot(c.Query); err == nil {
				res, err = rules.Shoot(in)
			}
		}
		inf, veh = res.InfantryResult, res.VehicleResult
		c.Err = err
	case "melee":
		var res rules.AttackResult
		var err error
		if ok {
			res, err = rules.Melee(in.(rules.MeleeInput))
		}
		if !ok || err != nil {
			var in rules.MeleeInput
			if in, err = rules.ParseMelee(c.Query); err == nil {
				res, err = rules.Melee(in)
			}
		}
		inf, veh = res.InfantryResult, res.VehicleResult
		c.Err = err
	case "indirect":
		in, err := rules.ParseIndirect(c.Query)
		if err == nil {
			var res rules.IndirectResult
			res, err = rules.Indirect(in)
			if in.Under > 0 {
				inf = &rules.InfantryResult{Casualties: res.Casualties}
			}
			veh = res.Vehicle
		}
		c.Err = err
	}
	switch {
	case c.Err != nil:
	case c.Vehicle && veh != nil:
		c.Destroyed, c.Score = veh.Destroyed, veh.Destroyed
	case inf != nil:
		c.Mean, c.AtLeast1 = inf.Casualties.Mean(), inf.Casualties.AtLeast(1)
		c.Score = min(1, c.Mean/float64(max(c.size, 1)))
		if max(1, int(math.Round(c.Mean))) != 1 {
			c.Query.Set("atleast", "1")
		}
	}
}
