package rules

import (
	"net/url"
	"strings"
)

// maxTerrainSalvos bounds the salvos the terrain chain follows.
const maxTerrainSalvos = 20

// TerrainInput is a unit firing salvo after salvo at a piece of scenery
// whose structure serves both as its armour and as its structure points
// (AT-44). Query keys and defaults:
//
//	game       Game         at44 (at44); only games whose structure drops
//	n          Weapons      weapons firing, 0-100 (1)
//	rate       Rate         attack rate, 1-20 (1)
//	rr         Rerolls      weapon re-roll value, 0-10 (0)
//	acc        Accuracy     0-30 (3)
//	range      Range        range band, 0-30 (0)
//	cm         CM           distance in cm, 0-300, read into a band by the
//	                        game; give range or cm, not both (none)
//	pen        Penetration  0-30 (5)
//	dmg        Damage       1-10 (1)
//	structure  Structure    1-30, or the name of one of the game's
//	                        elements ("stone wall", "stonewall",
//	                        "stone-wall"), read as its value (12: low wall)
//	salvos     Salvos       salvos fired, 1-20 (1)
//	lock       Lock         lock-on weapon: the printed result needed to
//	                        hit, whatever the range, 2-6, or 0 for none (0)
type TerrainInput struct {
	Game        string
	Weapons     int
	Rate        int
	Rerolls     int
	Accuracy    int
	Range       int
	CM          *int
	Penetration int
	Damage      int
	Structure   int
	Salvos      int
	Lock        int
}

// TerrainResult is the chance the scenery comes down.
type TerrainResult struct {
	Destroyed float64   `json:"destroyed"` // down within the salvos
	BySalvo   []float64 `json:"by_salvo"`  // [s-1]: down within s salvos
	Structure Dist      `json:"structure"` // structure left after the last salvo
	Hits      Dist      `json:"hits"`      // hits of one salvo
	// Explain holds the "shoot" test, "dice", "reroll" when re-rolls are
	// spent, and one "damage" test per structure value the scenery can
	// have, highest first.
	Explain []Step `json:"explain"`
	Notes   []Note `json:"notes"`
}

// ParseTerrain reads a TerrainInput from share-link values and validates it.
func ParseTerrain(v url.Values) (TerrainInput, error) {
	r := newQueryReader(v, "")
	in := TerrainInput{Game: r.str("game", AT44.ID)}
	hit, damage := in.keys()
	hit.read(r)
	in.Range, in.CM = r.distance()
	damage.read(r)
	in.Salvos = r.int("salvos", 1)
	in.Lock = r.int("lock", 0)
	in.Structure = 12
	r.oneDistance()
	// The structure's names depend on the game: with a game that has no
	// terrain calculator, Validate reports the game and structure is left.
	s, given := r.raw("structure")
	if g, err := GameByID(in.Game); err == nil && g.Terrain.StructureDrops {
		if given {
			n, ok := structureValue(g, s)
			if !ok {
				r.fail("structure", ErrChoice, "%s is neither a whole number nor an element: allowed 1-%d or %s",
					clip(s), maxValue, strings.Join(structureNames(g), ", "))
			}
			in.Structure = n
		}
	}
	if err := r.done(in.validate); err != nil {
		return TerrainInput{}, err
	}
	return in, nil
}

// structureValue reads s as a number or as the name of one of g's terrain
// elements, ignoring case, spaces, hyphens and underscores.
func structureValue(g Game, s string) (int, bool) {
	if n, ok := atoi(s); ok {
		return n, true
	}
	key := structureKey(s)
	for _, st := range g.Terrain.Structures {
		if structureKey(st.Name) == key {
			return st.Value, true
		}
	}
	return 0, false
}

func structureKey(s string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case ' ', '-', '_':
			return -1
		}
		return r
	}, strings.ToLower(s))
}

func structureNames(g Game) []string {
	names := make([]string, len(g.Terrain.Structures))
	for i, st := range g.Terrain.Structures {
		names[i] = strings.ReplaceAll(st.Name, " ", "")
	}
	return names
}

// keys binds in's hit and damage keys; terrain has no dmgrr.
func (in *TerrainInput) keys() (hitKeys, damageKeys) {
	return hitKeys{&in.Weapons, &in.Rate, &in.Rerolls, &in.Accuracy},
		damageKeys{&in.Penetration, &in.Damage, nil}
}

// Query writes in as share-link values; the structure as its number.
func (in TerrainInput) Query() url.Values {
	v := url.Values{}
	w := queryWriter{v: v}
	hit, damage := in.keys()
	w.str("game", in.Game)
	hit.write(w)
	w.distance(in.Range, in.CM)
	damage.write(w)
	w.int("structure", in.Structure)
	w.int("salvos", in.Salvos)
	if in.Lock != 0 {
		w.int("lock", in.Lock)
	}
	return v
}

// Validate checks every field, naming each bad one by its query key.
func (in TerrainInput) Validate() error { return in.validate(&validator{}) }

func (in TerrainInput) validate(c *validator) error {
	g := c.game(in.Game)
	if c.failed() {
		c.lenient = true // only say what the values that are no number should be
	} else if !g.Terrain.StructureDrops {
		c.fail("game", ErrChoice, "%s has no terrain calculator (its scenery does not lose structure): allowed %s", clip(in.Game), strings.Join(terrainGames(), ", "))
	}
	hit, damage := in.keys()
	hit.check(c)
	c.distance(in.Range, in.CM)
	damage.check(c)
	c.rng("structure", in.Structure, 1, maxValue)
	c.rng("salvos", in.Salvos, 1, maxTerrainSalvos)
	checkFixedValue(c, "lock", in.Lock)
	if in.Lock != 0 && !g.Fixed.LockOn {
		c.fail("lock", ErrChoice, "%s has no lock-on weapons: allowed 0", clip(in.Game))
	}
	return c.result()
}

func terrainGames() []string {
	var ids []string
	for _, g := range Games() {
		if g.Terrain.StructureDrops {
			ids = append(ids, g.ID)
		}
	}
	return ids
}

// Terrain works out the chance salvos bring a piece of scenery down. The
// chain's state is the structure left, from the starting value down to 0
// (absorbing). Each salvo rolls the same hits; every hit then takes a damage
// test of Penetration against the structure the scenery had when the salvo
// began, and each success knocks Damage points off it.
func Terrain(in TerrainInput) (TerrainResult, error) {
	if err := in.Validate(); err != nil {
		return TerrainResult{}, err
	}
	g, _ := GameByID(in.Game)
	band := in.Range
	res := TerrainResult{Notes: []Note{noteStructureSalvo}, BySalvo: make([]float64, in.Salvos)}
	if in.CM != nil && in.Lock == 0 {
		band = g.RangeBand(*in.CM)
		res.Explain = append(res.Explain, Step{Kind: StepRange, Action: *in.CM, Value: band})
		if *in.CM > 0 && *in.CM%10 == 0 && g.Notes.RangeLine != "" {
			res.Notes = append(res.Notes, noteByID(g.Notes.RangeLine))
		}
	}
	shot := test(StepShoot, in.Accuracy, band)
	if in.Lock > 0 {
		shot = fixedTest(StepFixed, in.Lock)
		res.Notes = append(res.Notes, noteLockOnTerrain)
	}
	res.Hits = Hits(g, in.Weapons, in.Rate, in.Rerolls, shot.Chance)
	res.Explain = append(res.Explain, shot, Step{Kind: StepDice, Value: in.Weapons * in.Rate})
	if in.Rerolls > 0 && shot.Auto == Roll {
		pool := in.Rerolls
		if g.Reroll == RerollPool {
			pool *= in.Weapons
			if g.Notes.RerollPool != "" {
				res.Notes = append(res.Notes, noteByID(g.Notes.RerollPool))
			}
		}
		res.Explain = append(res.Explain, Step{Kind: StepReroll, Value: pool})
	}

	// drop[s][j]: a salvo at structure s lands j successes, the last entry
	// holding every count that brings the scenery down.
	s0, dmg := in.Structure, in.Damage
	drop := make([][]float64, s0+1)
	for s := s0; s >= 1; s-- {
		dt := test(StepDamage, in.Penetration, s)
		res.Explain = append(res.Explain, dt)
		drop[s] = res.Hits.thinCap(dt.Chance, (s+dmg-1)/dmg).P
	}
	at := make([]float64, s0+1)
	at[s0] = 1
	for k := range in.Salvos {
		next := make([]float64, s0+1)
		next[0] = at[0]
		for s := 1; s <= s0; s++ {
			if at[s] == 0 {
				continue
			}
			for j, p := range drop[s] {
				next[max(s-j*dmg, 0)] += at[s] * p
			}
		}
		at = next
		res.BySalvo[k] = at[0]
	}
	res.Destroyed = at[0]
	res.Structure = Dist{P: at}
	return res, nil
}

var noteStructureSalvo = Note{ID: "at44-structure-salvo",
	EN: "Scenery loses one structure point per damage point, and so grows weaker, from one salvo to the next: all the damage tests of a salvo face the structure it had when the salvo began.",
	FR: "Le décor perd un point de structure par point de dégâts, et faiblit donc d'une salve à l'autre : tous les tests de dégâts d'une salve se font contre la structure qu'il avait au début de la salve."}
