package army

import (
	"math"
	"net/url"
	"strconv"
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

// A Cell is one attack of the matrix: the calculator link it opens and,
// once filled, its headline figures, as that calculator gives them.
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
	m := &Matrix{Game: mine.Game, View: view}
	for _, u := range to.Units {
		m.Cols = append(m.Cols, Col{Unit: u.Name, Vehicle: u.Vehicle()})
	}
	for _, u := range from.Units {
		if melee && u.Melee != nil {
			m.Rows = append(m.Rows, Row{Unit: u.Name})
			m.Cells = append(m.Cells, cells(m.Game, u.Melee, to, nil))
		}
		for _, w := range u.Weapons {
			if !melee {
				m.Rows = append(m.Rows, Row{Unit: u.Name, Weapon: w.Name})
				m.Cells = append(m.Cells, cells(m.Game, w.Shoot, to, &s))
			}
		}
	}
	return m, nil
}

// cells are the attacks of one weapon (a shot in situation s) or of one
// unit's close combat (s nil) at each unit of to.
func cells(game string, v Values, to Army, s *Situation) []Cell {
	out := make([]Cell, len(to.Units))
	for i, t := range to.Units {
		if s != nil {
			out[i] = shotCell(game, v, t, *s)
		} else {
			out[i] = meleeCell(game, v, t)
		}
	}
	return out
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
		c := &m.Cells[m.next/len(m.Cols)][m.next%len(m.Cols)]
		c.compute()
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

// shotCell is a weapon's shot at a unit: a direct-fire link, or for an
// Area of effect weapon an indirect-fire one, with the template over as
// many fighters as its AoE in cm (at most the unit's size), or over the
// unit's vehicles alone.
func shotCell(game string, w Values, t Unit, s Situation) Cell {
	q := withGame(game, w)
	if s.CM != "" {
		q.Set("cm", s.CM)
	} else {
		q.Set("range", strconv.Itoa(s.Range))
	}
	if w.Has("aoe") {
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
	targetQuery(q, t, false)
	cover := s.Cover
	if t.Vehicle() && (cover == "takecover" || cover == "kneecover") {
		cover = "cover" // the drills are infantry's: a vehicle is behind cover
	}
	if cover != "" && cover != "none" {
		q.Set("cover", cover)
	}
	return Cell{Calc: "shoot", Query: q, Vehicle: t.Vehicle(), size: t.size()}
}

// meleeCell is a unit's close combat against another.
func meleeCell(game string, m Values, t Unit) Cell {
	q := withGame(game, m)
	targetQuery(q, t, true)
	return Cell{Calc: "melee", Query: q, Vehicle: t.Vehicle(), size: t.size()}
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

// compute runs the engine on the cell's link, as its calculator does, and
// keeps the headline figures. Against infantry, the link asks for "at
// least 1" when the calculator would open on another number.
func (c *Cell) compute() {
	c.Done = true
	var inf *rules.InfantryResult
	var veh *rules.VehicleResult
	switch c.Calc {
	case "shoot":
		in, err := rules.ParseShoot(c.Query)
		if err == nil {
			var res rules.AttackResult
			res, err = rules.Shoot(in)
			inf, veh = res.InfantryResult, res.VehicleResult
		}
		c.Err = err
	case "melee":
		in, err := rules.ParseMelee(c.Query)
		if err == nil {
			var res rules.AttackResult
			res, err = rules.Melee(in)
			inf, veh = res.InfantryResult, res.VehicleResult
		}
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
