package rules

import (
	"cmp"
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"net/url"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

func d10Int(n int) *int { return &n }

// TestD10Modifiers checks every line of the sheet's two modifier tables: the
// change each option makes to the hit roll's number, and to AR and PUI.
func TestD10Modifiers(t *testing.T) {
	tests := []struct {
		query     string
		hit       int // change to the hit number
		ar, pui   int // change to the target's AR and the attack's PUI
		forbidden bool
	}{
		{query: "mode=ranged&aimed=1", hit: +1},
		{query: "mode=ranged&lightcover=1", hit: -1},
		{query: "mode=ranged&heavycover=1", hit: -2, ar: +1},
		{query: "mode=ranged&large=1", hit: +1},
		{query: "mode=ranged&intomelee=1", hit: -1},
		{query: "mode=ranged&intomelee=3", hit: -3},
		{query: "mode=ranged&frommelee=1", hit: -1},
		{query: "mode=ranged&reserved=1", hit: -1},
		{query: "mode=ranged&indirect=1", hit: -1},
		{query: "mode=ranged&burst=1", hit: -1},
		{query: "mode=ranged&paralysed=1", hit: +2},
		{query: "mode=ranged&groundpoint=1", hit: -1},
		{query: "mode=ranged&burst=1&lightcover=1", hit: -1}, // light cover does not count against a burst
		{query: "mode=ranged&indirect=1&aimed=1", hit: 0},    // a grenade lobbed at short range may be aimed
		{query: "mode=melee&better=1", hit: +1},
		{query: "mode=melee&worse=1", hit: -1},
		{query: "mode=melee&defcr=4", hit: +1}, // skill 5 against CR 4
		{query: "mode=melee&defcr=5", hit: 0},
		{query: "mode=melee&defcr=9", hit: -1},
		{query: "mode=melee&charge=1", hit: +1},
		{query: "mode=melee&received=1", hit: +1, pui: +1},
		{query: "mode=melee&ground=1", hit: +2},
		{query: "mode=melee&paralysed=1", hit: +2},
		{query: "mode=ranged&defcr=9", hit: 0}, // the CR comparison is for close combat
		{query: "mod=-4&mode=melee&charge=1&ground=1", hit: -1},
		{query: "mode=melee&aimed=1", forbidden: true},
		{query: "mode=melee&intomelee=2", forbidden: true},
		{query: "mode=ranged&charge=1", forbidden: true},
		{query: "mode=ranged&ground=1", forbidden: true},
	}
	base, err := D10Attack(defaultD10Attack())
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			in, err := ParseD10Attack(d10Query(t, tt.query))
			if tt.forbidden {
				if err == nil {
					t.Errorf("%s: accepted, want an error", tt.query)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			res, err := D10Attack(in)
			if err != nil {
				t.Fatal(err)
			}
			if got := res.Target - base.Target; got != tt.hit {
				t.Errorf("hit number moves by %d, want %d", got, tt.hit)
			}
			armour, damage := d10Step(res, "d10-armour"), d10Step(res, "d10-damage")
			if got := armour.Needed - (in.AR - in.MA); got != tt.ar {
				t.Errorf("armour roll number moves by %d, want %d", got, tt.ar)
			}
			if got := damage.Needed - (5 + in.PUI - in.PHY); got != tt.pui {
				t.Errorf("damage roll number moves by %d, want %d", got, tt.pui)
			}
		})
	}
}

func d10Step(res D10AttackResult, kind StepKind) Step {
	for _, s := range res.Explain {
		if s.Kind == kind {
			return s
		}
	}
	return Step{}
}

func TestD10HitChance(t *testing.T) {
	for target, want := range map[int]float64{-20: 0.1, -1: 0.1, 0: 0.1, 1: 0.1, 2: 0.2, 7: 0.7, 9: 0.9, 10: 0.9, 25: 0.9} {
		t.Run(fmt.Sprint("target=", target), func(t *testing.T) {
			if got := D10HitChance(target); got != want {
				t.Errorf("D10HitChance(%d) = %v, want %v", target, got, want)
			}
		})
	}
}

// TestD10NaturalRolls checks the natural 1 and 10 at the ends of the scale.
func TestD10NaturalRolls(t *testing.T) {
	tests := []struct {
		name       string
		in         D10AttackInput
		hit, dmg   float64
		naturalsOf string
	}{
		{"skill 10 +5 still misses on a 10",
			D10AttackInput{Game: "d10", Skill: 10, Mod: 5, Attacks: 1, AR: 0, PUI: 5, PHY: 0}, 0.9, 0.9, ""},
		{"skill 1 -5 still hits on a 1",
			D10AttackInput{Game: "d10", Skill: 1, Mod: -5, Attacks: 1, AR: 0, PUI: 5, PHY: 0}, 0.1, 0.1, ""},
		{"a natural 1 skips armour that stops everything else",
			D10AttackInput{Game: "d10", Skill: 9, Attacks: 1, AR: 10, PUI: 5, PHY: 0}, 0.9, 0.1, NoteD10NaturalRolls},
		{"a natural 1 still needs the damage roll",
			D10AttackInput{Game: "d10", Skill: 9, Attacks: 1, AR: 10, PUI: 1, PHY: 1}, 0.9, 0.05, NoteD10NaturalRolls},
		{"a damage roll of 0 or less never damages, even on a natural 1",
			D10AttackInput{Game: "d10", Skill: 9, Attacks: 1, AR: 0, PUI: 0, PHY: 6}, 0.9, 0, NoteD10NaturalRolls},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := D10Attack(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			if math.Abs(res.HitChance-tt.hit) > d10Tolerance || math.Abs(res.DamageChance-tt.dmg) > d10Tolerance {
				t.Errorf("hit %v damage %v, want %v %v", res.HitChance, res.DamageChance, tt.hit, tt.dmg)
			}
			if tt.naturalsOf != "" && !d10HasNote(res.Notes, tt.naturalsOf) {
				t.Errorf("note %s missing from %v", tt.naturalsOf, res.Notes)
			}
		})
	}
}

func d10HasNote(notes []Note, id string) bool {
	for _, n := range notes {
		if n.ID == id {
			return true
		}
	}
	return false
}

func TestD10ParryChance(t *testing.T) {
	// Faces 1..h hit; the defender needs a face strictly below the one rolled.
	for target, want := range map[int]float64{0: 0, 1: 0, 2: 0.05, 5: 0.2, 9: 0.4, 12: 0.4} {
		t.Run(fmt.Sprint("target=", target), func(t *testing.T) {
			if got := D10ParryChance(target); math.Abs(got-want) > d10Tolerance {
				t.Errorf("D10ParryChance(%d) = %v, want %v", target, got, want)
			}
		})
	}
}

func TestD10DodgeChance(t *testing.T) {
	for cr, want := range map[int]float64{0: 0.5, 3: 0.5, 5: 0.5, 6: 0.6, 8: 0.8, 9: 0.9, 10: 1} {
		t.Run(fmt.Sprint("cr=", cr), func(t *testing.T) {
			if got := D10DodgeChance(cr); math.Abs(got-want) > d10Tolerance {
				t.Errorf("D10DodgeChance(%d) = %v, want %v", cr, got, want)
			}
		})
	}
}

func TestD10KnockDownChance(t *testing.T) {
	for mod, want := range map[int]float64{-6: 0, -5: 0, -2: 0.3, 0: 0.5, 3: 0.8, 5: 1, 10: 1} {
		t.Run(fmt.Sprint("mod=", mod), func(t *testing.T) {
			if got := D10KnockDownChance(mod); math.Abs(got-want) > d10Tolerance {
				t.Errorf("D10KnockDownChance(%d) = %v, want %v", mod, got, want)
			}
		})
	}
}

// d10SheetModifier lists the sheet's numbers again, apart from the code's table.
var d10SheetModifier = map[string]int{
	"aimed": 1, "lightcover": -1, "heavycover": -2, "large": 1, "frommelee": -1,
	"reserved": -1, "indirect": -1, "burst": -1, "groundpoint": -1, "paralysed": 2,
	"better": 1, "worse": -1, "charge": 1, "received": 1, "ground": 2,
}

// ratD10Attack is the exact chance one attack hits and damages, counted
// over every face of every die rolled (hit, dodge or parry, armour, damage).
func ratD10Attack(in D10AttackInput) (hit, damage *big.Rat) {
	target := in.Skill + in.Mod - in.IntoMelee
	on := in.Query()
	for key, v := range d10SheetModifier {
		if on.Get(key) == "1" && !(key == "lightcover" && in.Burst) {
			target += v
		}
	}
	if in.Mode == D10Melee && in.DefCR != nil {
		target += d10Cmp(in.Skill, *in.DefCR)
	}
	ar, pui := in.AR, in.PUI
	if in.HeavyCover {
		ar++
	}
	if in.Received {
		pui++
	}
	defenceFaces := 1 // the defender's dodge or parry die, when it rolls one
	if in.Dodge || in.Parry {
		defenceFaces = 10
	}
	hits, damaging, total := 0, 0, 0
	for r := 1; r <= 10; r++ {
		for defence := 1; defence <= defenceFaces; defence++ {
			for a := 1; a <= 10; a++ {
				for d := 1; d <= 10; d++ {
					total++
					if r == 10 || r != 1 && r > target {
						continue
					}
					hits++
					switch {
					case in.Dodge && defence+max(*in.DefCR-5, 0) >= 6,
						in.Parry && defence < r,
						r != 1 && a <= ar-in.MA,
						d > 5+pui-in.PHY:
						continue
					}
					damaging++
				}
			}
		}
	}
	return big.NewRat(int64(hits), int64(total)), big.NewRat(int64(damaging), int64(total))
}

func d10Cmp(a, b int) int {
	switch {
	case a > b:
		return 1
	case a < b:
		return -1
	}
	return 0
}

// d10AttackSweep is a spread of valid inputs touching every option.
func d10AttackSweep() []D10AttackInput {
	var out []D10AttackInput
	extras := []func(*D10AttackInput){
		func(*D10AttackInput) {},
		func(in *D10AttackInput) { in.Dodge, in.DefCR = true, d10Int(7) },
		func(in *D10AttackInput) { in.Paralysed, in.Knock = true, d10Int(-2) },
		func(in *D10AttackInput) {
			if in.Mode == D10Melee {
				in.Parry, in.Received, in.DefCR = true, true, d10Int(4)
			} else {
				in.HeavyCover, in.Burst, in.IntoMelee = true, true, 2
			}
		},
		func(in *D10AttackInput) {
			if in.Mode == D10Melee {
				in.Parry, in.Worse, in.Charge = true, true, true
			} else {
				in.LightCover, in.Burst, in.Large, in.Aimed = true, false, true, true
			}
		},
	}
	i := 0
	for _, mode := range []D10Mode{D10Ranged, D10Melee} {
		for _, skill := range []int{1, 3, 5, 8, 10} {
			for _, mod := range []int{-5, 0, 3, 7} {
				for _, ar := range []int{0, 4, 10} {
					for _, ma := range []int{-2, 0, 4} {
						for _, pp := range [][2]int{{0, 10}, {3, 3}, {8, 2}} {
							for _, extra := range extras {
								i++
								in := D10AttackInput{Game: "d10", Mode: mode, Skill: skill, Mod: mod,
									Attacks: []int{1, 2, 5, 20}[i%4], AR: ar, MA: ma, PUI: pp[0], PHY: pp[1]}
								extra(&in)
								out = append(out, in)
							}
						}
					}
				}
			}
		}
	}
	return out
}

func TestD10AttackMatchesExactReference(t *testing.T) {
	sweep := d10AttackSweep()
	if testing.Short() {
		sweep = sweep[:len(sweep)/7]
	}
	rows := map[string][]*big.Rat{} // exact binomial rows, by attacks and chance
	binomial := func(n int, p *big.Rat) []*big.Rat {
		key := strconv.Itoa(n) + " " + p.RatString()
		if rows[key] == nil {
			rows[key] = ratD10Binomial(n, p)
		}
		return rows[key]
	}
	for _, in := range sweep {
		res, err := D10Attack(in)
		if err != nil {
			t.Fatalf("%v: %v", in.Query().Encode(), err)
		}
		hit, damage := ratD10Attack(in)
		what := in.Query().Encode()
		d10CloseToRat(t, what+" hit chance", res.HitChance, hit)
		d10CloseToRat(t, what+" damage chance", res.DamageChance, damage)
		nine := new(big.Rat).SetFrac64(9, 10)
		none := d10RatOne()
		for range in.Attacks {
			none.Mul(none, nine)
		}
		d10CloseToRat(t, what+" natural 10", res.Natural10, none.Sub(d10RatOne(), none))
		d10DistMatchesRat(t, what+" hits", res.Hits, binomial(in.Attacks, hit))
		d10DistMatchesRat(t, what+" damaging", res.Damaging, binomial(in.Attacks, damage))
		if t.Failed() {
			return
		}
	}
	t.Logf("%d inputs compared", len(sweep))
}

// TestD10AttackInvariants: distributions sum to 1, more attacks never lower
// the chance of at least k, and a better skill never lowers any chance.
func TestD10AttackInvariants(t *testing.T) {
	for _, in := range d10AttackSweep() {
		if in.Attacks != 1 {
			continue // the loop below tries every number of attacks
		}
		var prev D10AttackResult
		for n := 1; n <= maxD10Attacks; n++ {
			in.Attacks = n
			res, err := D10Attack(in)
			if err != nil {
				t.Fatal(err)
			}
			checkD10Dist(t, "hits", res.Hits)
			checkD10Dist(t, "damaging", res.Damaging)
			d10CheckChance(t, "natural10", res.Natural10)
			if n > 1 {
				for k := 0; k <= n; k++ {
					if res.Damaging.AtLeast(k) < prev.Damaging.AtLeast(k)-d10Tolerance ||
						res.Hits.AtLeast(k) < prev.Hits.AtLeast(k)-d10Tolerance {
						t.Fatalf("%s: P(at least %d) drops from %d to %d attacks", in.Query().Encode(), k, n-1, n)
					}
				}
			}
			prev = res
		}
		if in.Skill < maxD10Value {
			better := in
			better.Skill++
			a, _ := D10Attack(in)
			b, err := D10Attack(better)
			if err != nil {
				t.Fatal(err)
			}
			if b.HitChance < a.HitChance-d10Tolerance || b.DamageChance < a.DamageChance-d10Tolerance {
				t.Errorf("%s: skill %d+1 lowers a chance", in.Query().Encode(), in.Skill)
			}
		}
	}
}

// TestD10AttackMonteCarlo rolls the dice with a fixed seed, reading the
// sheet step by step, and checks the exact chances against the counts.
func TestD10AttackMonteCarlo(t *testing.T) {
	rng := rand.New(rand.NewPCG(10, 43))
	d10 := func() int { return rng.IntN(10) + 1 }
	const trials = 40000
	for _, in := range []D10AttackInput{
		{Game: "d10", Mode: D10Melee, Skill: 6, Attacks: 3, AR: 4, MA: 1, PUI: 4, PHY: 3, Parry: true, Charge: true},
		{Game: "d10", Mode: D10Ranged, Skill: 5, Attacks: 2, AR: 3, PUI: 5, PHY: 4, Dodge: true, DefCR: d10Int(7), HeavyCover: true},
	} {
		t.Run(in.Query().Encode(), func(t *testing.T) {
			res, err := D10Attack(in)
			if err != nil {
				t.Fatal(err)
			}
			counts := make([]int, in.Attacks+1)
			for range trials {
				n := 0
				for range in.Attacks {
					r := d10()
					if r == 10 || r != 1 && r > res.Target {
						continue
					}
					if in.Parry && d10() < r {
						continue
					}
					if in.Dodge && d10()+max(*in.DefCR-5, 0) >= 6 {
						continue
					}
					ar := in.AR
					if in.HeavyCover {
						ar++
					}
					if r != 1 && d10() <= ar-in.MA {
						continue
					}
					if d10() <= 5+in.PUI-in.PHY {
						n++
					}
				}
				counts[n]++
			}
			for k, c := range counts {
				p := res.Damaging.At(k)
				sd := math.Sqrt(p * (1 - p) / trials)
				if got := float64(c) / trials; math.Abs(got-p) > 5*sd+1e-4 {
					t.Errorf("%s: P(%d damaging) = %v exact, %v rolled", in.Query().Encode(), k, p, got)
				}
			}
		})
	}
}

func TestParseD10AttackDefaults(t *testing.T) {
	in, err := ParseD10Attack(url.Values{})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(in, defaultD10Attack()) {
		t.Errorf("empty query gives %+v", in)
	}
}

func TestParseD10AttackRoundTrip(t *testing.T) {
	for _, q := range []string{
		"",
		// the shapes of the links the d10 rules text uses
		"game=d10&mode=ranged&skill=6&mod=0&n=2&ar=3&ma=1&pui=4&phy=3&aimed=1&large=1",
		"game=d10&mode=ranged&skill=5&mod=-1&n=1&ar=2&ma=0&pui=5&phy=4&heavycover=1&paralysed=1",
		"game=d10&mode=ranged&skill=5&n=3&lightcover=1&burst=1",
		"game=d10&mode=melee&skill=7&mod=1&n=2&ar=4&ma=2&pui=6&phy=5&charge=1&ground=1",
		"game=d10&mode=melee&skill=4&n=1&received=1&paralysed=1",
		"mode=melee&defcr=3&parry=1&knock=2&lang=fr",
		"mode=ranged&defcr=8&dodge=1&intomelee=2&frommelee=1&reserved=1&indirect=1&groundpoint=1",
		"mode=melee&better=1", "mode=melee&worse=1",
	} {
		t.Run(cmp.Or(q, "defaults"), func(t *testing.T) {
			in, err := ParseD10Attack(d10Query(t, q))
			if err != nil {
				t.Fatal(err)
			}
			back, err := ParseD10Attack(in.Query())
			if err != nil || !reflect.DeepEqual(in, back) {
				t.Errorf("round trip gives %+v, %v; want %+v", back, err, in)
			}
			if _, err := D10Attack(in); err != nil {
				t.Error(err)
			}
		})
	}
}

func TestParseD10AttackErrors(t *testing.T) {
	for _, tt := range []struct{ query, key, allowed string }{
		{"skill=0", "skill", "allowed 1-10"},
		{"skill=11", "skill", "allowed 1-10"},
		{"skill=five", "skill", "not a whole number"},
		{"mod=11", "mod", "allowed -10 to 10"},
		{"n=0", "n", "allowed 1-20"},
		{"n=21", "n", "allowed 1-20"},
		{"ar=-1", "ar", "allowed 0-10"},
		{"ma=6", "ma", "allowed -5 to 5"},
		{"pui=11", "pui", "allowed 0-10"},
		{"phy=-2", "phy", "allowed 0-10"},
		{"defcr=12", "defcr", "allowed 0-10"},
		{"knock=-11", "knock", "allowed -10 to 10"},
		{"intomelee=11", "intomelee", "allowed 0-10"},
		{"mode=close", "mode", "allowed ranged, melee"},
		{"aimed=2", "aimed", "allowed 0, 1"},
		{"aimed=yes", "aimed", "allowed 0, 1"},
		{"mode=melee&aimed=1", "aimed", "mode=ranged only"},
		{"mode=melee&intomelee=1", "intomelee", "mode=ranged only"},
		{"charge=1", "charge", "mode=melee only"},
		{"lightcover=1&heavycover=1", "heavycover", "not both"},
		{"aimed=1&burst=1", "aimed", "not both"},
		{"mode=melee&better=1&worse=1", "worse", "not both"},
		{"mode=melee&better=1&defcr=4", "defcr", "not both"},
		{"mode=melee&charge=1&received=1", "received", "not both"},
		{"parry=1", "parry", "mode=melee"},
		{"mode=melee&parry=1&ground=1", "parry", "not both"},
		{"mode=melee&parry=1&dodge=1&defcr=5", "dodge", "not both"},
		{"dodge=1", "defcr", "0-10"},
		{"game=at44", "game", "allowed d10"},
	} {
		t.Run(tt.query, func(t *testing.T) {
			_, err := ParseD10Attack(d10Query(t, tt.query))
			wantKeyError(t, tt.query, err, tt.key, tt.allowed)
		})
	}
	// A struct built in Go is checked the same way.
	bad := defaultD10Attack()
	bad.Mode = 7
	wantKeyError(t, "Mode 7", bad.Validate(), "mode", "allowed ranged, melee")
	if _, err := D10Attack(bad); err == nil {
		t.Error("D10Attack runs an invalid input")
	}
}

func TestD10AttackJSON(t *testing.T) {
	in, err := ParseD10Attack(d10Query(t, "mode=melee&skill=6&n=2&parry=1&knock=1"))
	if err != nil {
		t.Fatal(err)
	}
	res, err := D10Attack(in)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]json.RawMessage
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{"target", "hit_chance", "damage_chance", "hits", "damaging",
		"natural10", "knockdown", "parry", "explain", "notes"} {
		if _, ok := got[key]; !ok {
			t.Errorf("JSON lacks %q: %s", key, b)
		}
	}
	if _, ok := got["dodge"]; ok {
		t.Errorf("JSON has dodge without dodge=1: %s", b)
	}
	if !strings.Contains(string(got["damaging"]), `"mean":`) {
		t.Errorf("damaging is not a distribution: %s", got["damaging"])
	}
}

// FuzzD10Attack feeds raw share links and raw field values to D10Attack:
// an error or a valid result, never a panic, always quick.
func FuzzD10Attack(f *testing.F) {
	f.Add("game=d10&mode=melee&skill=6&n=3&parry=1", 0, 5, 0, 1, 3, 0, 3, 3, 5, 0, uint32(0))
	f.Add("mode=ranged&aimed=1&heavycover=1&knock=3", 1, 10, 10, 20, 10, 5, 10, 0, 10, 10, uint32(1<<20-1))
	f.Add("n=%zz&skill=", 1, 1, -10, 20, 0, -5, 0, 10, 0, -10, uint32(0x5555))
	f.Fuzz(func(t *testing.T, query string, mode, skill, mod, n, ar, ma, pui, phy, defcr, knock int, flags uint32) {
		d10Within(t, func() {
			if v, err := url.ParseQuery(query); err == nil {
				if in, err := ParseD10Attack(v); err == nil {
					res, err := D10Attack(in)
					if err != nil {
						t.Fatalf("parsed input fails: %v", err)
					}
					checkD10Attack(t, res)
				}
			}
			in := D10AttackInput{Game: "d10", Mode: D10Mode(mode), Skill: skill, Mod: mod, Attacks: n,
				AR: ar, MA: ma, PUI: pui, PHY: phy, IntoMelee: int(flags >> 24)}
			if flags&1 != 0 {
				in.DefCR = &defcr
			}
			if flags&2 != 0 {
				in.Knock = &knock
			}
			in.Dodge, in.Parry = flags&4 != 0, flags&8 != 0
			for i, m := range d10Modifiers {
				*m.field(&in) = flags&(16<<i) != 0
			}
			res, err := D10Attack(in)
			if err != nil {
				if !strings.Contains(err.Error(), ": ") {
					t.Fatalf("error %q names no key", err)
				}
				return
			}
			checkD10Attack(t, res)
		})
	})
}

func checkD10Attack(t *testing.T, res D10AttackResult) {
	t.Helper()
	checkD10Dist(t, "hits", res.Hits)
	checkD10Dist(t, "damaging", res.Damaging)
	d10CheckChance(t, "hit chance", res.HitChance)
	d10CheckChance(t, "damage chance", res.DamageChance)
	if res.DamageChance > res.HitChance+d10Tolerance {
		t.Fatalf("damage chance %v above hit chance %v", res.DamageChance, res.HitChance)
	}
	for _, p := range []*float64{res.Knockdown, res.Dodge, res.Parry} {
		if p != nil {
			d10CheckChance(t, "option", *p)
		}
	}
}

func BenchmarkD10Attack(b *testing.B) {
	for _, bm := range []struct {
		name string
		in   D10AttackInput
	}{
		{"typical", D10AttackInput{Game: "d10", Skill: 6, Attacks: 2, AR: 3, PUI: 4, PHY: 3, Aimed: true}},
		{"largest", D10AttackInput{Game: "d10", Mode: D10Melee, Skill: 10, Mod: 10, Attacks: maxD10Attacks,
			AR: 10, MA: -5, PUI: 10, PHY: 0, DefCR: d10Int(3), Knock: d10Int(10), Parry: true, Charge: true}},
	} {
		b.Run(bm.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := D10Attack(bm.in); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
