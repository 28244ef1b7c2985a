package rules

import (
	"encoding/json"
	"fmt"
	"math"
	"net/url"
	"strings"
	"testing"
)

func near(a, b float64) bool { return math.Abs(a-b) < 1e-12 }

// TestSeedAttacks replays the seeds' worked attacks through the entry points.
func TestSeedAttacks(t *testing.T) {
	tests := []struct {
		source string
		run    func() (AttackResult, error)
		dice   int
		hit    float64 // chance per die after re-rolls
		damage float64 // chance per damage test
	}{
		{"AT-43 FR: six laser rifles, Accuracy 5 at range 4, Penetration 5 vs storm golems' 6",
			func() (AttackResult, error) {
				return Shoot(ShootInput{Game: "at43", Range: 4, Attack: Attack{Weapons: 6, Rate: 1, Accuracy: 5,
					Penetration: 5, Damage: 1, Protection: 6, Size: 9, Type: 1}})
			}, 6, 3.0 / 6, 3.0 / 6},
		{"AT-43: seven nanoblasters, Accuracy 3 at range 5, one re-roll",
			func() (AttackResult, error) {
				return Shoot(ShootInput{Game: "at43", Range: 5, Attack: Attack{Weapons: 7, Rate: 1, Rerolls: 1, Accuracy: 3,
					Penetration: 5, Damage: 1, Protection: 5, Size: 10, Type: 1}})
			}, 7, 1 - (4.0/6)*(4.0/6), 3.0 / 6},
		{"AT-43 EN: reaper blades Penetration 7 vs steel troopers' 5",
			func() (AttackResult, error) {
				return Melee(MeleeInput{Game: "at43", Defense: 4, Attack: Attack{Weapons: 6, Rate: 1, Accuracy: 4,
					Penetration: 7, Damage: 1, Protection: 5, Size: 6, Type: 1}})
			}, 6, 3.0 / 6, 4.0 / 6},
		{"AT-43 EN: knife Accuracy 4 vs Combat 5",
			func() (AttackResult, error) {
				return Melee(MeleeInput{Game: "at43", Defense: 5, Attack: Attack{Weapons: 1, Rate: 1, Accuracy: 4,
					Penetration: 4, Damage: 1, Protection: 6, Size: 1, Type: 3}})
			}, 1, 3.0 / 6, 2.0 / 6},
		{"AT-44: five laser rifles, PRE 5 at range 1, PEN 5 vs Krasny ARM 3",
			func() (AttackResult, error) {
				return Shoot(ShootInput{Game: "at44", Range: 1, Attack: Attack{Weapons: 5, Rate: 1, Accuracy: 5,
					Penetration: 5, Damage: 1, Protection: 3, Size: 10, Type: 1}})
			}, 5, 5.0 / 6, 4.0 / 6},
		{"AT-44: five Grim Golems with two reaper blades each, PRE 6 vs DEF 7, PEN 7 vs ARM 11",
			func() (AttackResult, error) {
				return Melee(MeleeInput{Game: "at44", Defense: 7, Attack: Attack{Weapons: 10, Rate: 1, Accuracy: 6,
					Penetration: 7, Damage: 1, Protection: 11, Size: 2, Type: 1}})
			}, 10, 3.0 / 6, 1.0 / 6},
	}
	for _, tt := range tests {
		t.Run(tt.source, func(t *testing.T) {
			res, err := tt.run()
			if err != nil {
				t.Fatal(err)
			}
			compareDists(t, tt.source+": hits", res.Hits, Binomial(tt.dice, tt.hit))
			var dice, damage Step
			for _, s := range res.Explain {
				switch s.Kind {
				case "dice":
					dice = s
				case "damage":
					damage = s
				}
			}
			if dice.Value != tt.dice || !near(damage.Chance, tt.damage) {
				t.Errorf("%d dice and damage chance %v, want %d and %v", dice.Value, damage.Chance, tt.dice, tt.damage)
			}
			checkSums(t, tt.source+": casualties", res.Casualties)
		})
	}
}

// TestAutomaticDamage: AT-44, three soldaty hit by PEN 18 against ARM 3 are
// all eliminated without a roll, the extra damage point of each lost.
func TestAutomaticDamage(t *testing.T) {
	res, err := Shoot(ShootInput{Game: "at44", Range: 0, Attack: Attack{Weapons: 3, Rate: 1, Accuracy: 9,
		Penetration: 18, Damage: 2, Protection: 3, Size: 10, Type: 1}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Casualties.At(3) != 1 || res.WipedOut != 0 {
		t.Errorf("casualties %v, wiped out %v", res.Casualties.P, res.WipedOut)
	}
	res, err = Shoot(ShootInput{Game: "at44", Range: 7, Attack: Attack{Weapons: 3, Rate: 1, Accuracy: 1,
		Penetration: 18, Damage: 2, Protection: 3, Size: 10, Type: 1}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Hits.At(0) != 1 || res.Explain[0].Auto != AutoFail {
		t.Errorf("PRE 1 at range 7 should be lost: %+v", res)
	}
}

func TestCoverRules(t *testing.T) {
	base := Attack{Weapons: 6, Rate: 1, Accuracy: 10, Penetration: 20, Damage: 1, Protection: 0, Size: 20, Type: 1}
	tests := []struct {
		g     Game
		band  int
		cover Cover
		save  float64 // chance an impact is cancelled
		note  string
	}{
		{AT43, 0, CoverNormal, 2.0 / 6, ""},
		{AT43, 3, CoverTakeCover, 4.0 / 6, ""},
		{AT43, 3, CoverKnee, 0, NoteKneeCoverAT43},
		{AT44, 0, CoverNormal, 0, ""},
		{AT44, 0, CoverKnee, 0, NoteKneeCoverAT44},
		{AT44, 2, CoverNormal, 2.0 / 6, ""},
		{AT44, 2, CoverTakeCover, 4.0 / 6, ""},
		{AT44, 2, CoverKnee, 2.0 / 6, NoteKneeCoverAT44},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s range=%d %v", tt.g.ID, tt.band, tt.cover), func(t *testing.T) {
			res, err := Shoot(ShootInput{Game: tt.g.ID, Range: tt.band, Cover: tt.cover, Attack: base})
			if err != nil {
				t.Fatal(err)
			}
			// Every die hits and every impact kills: casualties are the impacts.
			compareDists(t, tt.g.Name+" "+tt.cover.String(), res.Casualties, Binomial(6, 1-tt.save))
			if tt.note != "" && !carriesNote(res.Notes, tt.note) {
				t.Errorf("%s %v: note %s missing from %v", tt.g.Name, tt.cover, tt.note, res.Notes)
			}
		})
	}
}

func TestRerollRules(t *testing.T) {
	// AT-44: 2 weapons at rate 2, one re-roll each: a pool of 2 dice.
	res, err := Shoot(ShootInput{Game: "at44", Range: 4, Attack: Attack{Weapons: 2, Rate: 2, Rerolls: 1,
		Accuracy: 4, Penetration: 5, Damage: 1, Protection: 5, Size: 5, Type: 1}})
	if err != nil {
		t.Fatal(err)
	}
	// Hand count: 4 dice at 1/2, then min(misses, 2) re-rolled at 1/2.
	want := make([]float64, 5)
	first := Binomial(4, 0.5)
	for h, ph := range first.P {
		for j, pj := range Binomial(min(4-h, 2), 0.5).P {
			want[h+j] += ph * pj
		}
	}
	compareDists(t, "AT-44 pool", res.Hits, Dist{P: want})
	if !carriesNote(res.Notes, NoteRerollPool) {
		t.Error("AT-44 re-roll pool note missing")
	}
	// Fire at will adds a re-roll: AT-43 with R=0 then 2 tries per die.
	res, err = Shoot(ShootInput{Game: "at43", Range: 4, FireAtWill: true, Attack: Attack{Weapons: 3, Rate: 1,
		Accuracy: 4, Penetration: 5, Damage: 1, Protection: 5, Size: 5, Type: 1}})
	if err != nil {
		t.Fatal(err)
	}
	compareDists(t, "AT-43 fire at will", res.Hits, Binomial(3, 0.75))
	// Detection: +1 Accuracy, 4+ becomes 3+.
	res, err = Shoot(ShootInput{Game: "at44", Range: 3, Detection: true, Attack: Attack{Weapons: 3, Rate: 1,
		Accuracy: 4, Penetration: 5, Damage: 1, Protection: 5, Size: 5, Type: 1}})
	if err != nil {
		t.Fatal(err)
	}
	compareDists(t, "AT-44 detection", res.Hits, Binomial(3, 4.0/6))
}

func TestDamageOptions(t *testing.T) {
	base := Attack{Weapons: 4, Rate: 1, Accuracy: 10, Penetration: 5, Damage: 1, Protection: 5, Size: 10, Type: 1}
	// Concentration: a failed 4+ damage test gets a second try: 3/4.
	a := base
	a.DamageReroll = true
	res, err := Shoot(ShootInput{Game: "at44", Attack: a})
	if err != nil {
		t.Fatal(err)
	}
	compareDists(t, "damage re-roll", res.Casualties, Binomial(4, 0.75))
	if !carriesNote(res.Notes, NoteDamageReroll) {
		t.Error("damage re-roll note missing")
	}
	// Medic against Damage 1 saves exactly one fighter.
	a = base
	a.Medic = true
	res, err = Shoot(ShootInput{Game: "at44", Attack: a})
	if err != nil {
		t.Fatal(err)
	}
	b := Binomial(4, 0.5).P
	compareDists(t, "medic", res.Casualties, Dist{P: []float64{b[0] + b[1], b[2], b[3], b[4]}})
	// Medic against Damage 2 saves no one.
	a.Damage = 2
	res, err = Shoot(ShootInput{Game: "at44", Attack: a})
	if err != nil {
		t.Fatal(err)
	}
	compareDists(t, "medic against Damage 2", res.Casualties, Binomial(4, 0.5))
}

func TestMoraleThreshold(t *testing.T) {
	// Certain hits and kills: n casualties in a unit of size.
	tests := []struct {
		n, size, typ int
		threshold    float64
		wiped        float64
	}{
		{2, 5, 1, 1, 0}, {1, 5, 1, 0, 0}, {5, 5, 1, 0, 1}, {3, 4, 3, 1, 0}, {2, 4, 3, 0, 0}, {0, 3, 1, 1, 0},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("n=%d size=%d type=%d", tt.n, tt.size, tt.typ), func(t *testing.T) {
			res, err := Melee(MeleeInput{Game: "at44", Defense: 0, Attack: Attack{Weapons: tt.n, Rate: 1, Accuracy: 10,
				Penetration: 20, Damage: 1, Protection: 0, Size: tt.size, Type: tt.typ}})
			if err != nil {
				t.Fatal(err)
			}
			if res.MoraleThreshold != tt.threshold || res.WipedOut != tt.wiped {
				t.Errorf("%d casualties of %d, type %d: threshold %v wiped %v, want %v %v",
					tt.n, tt.size, tt.typ, res.MoraleThreshold, res.WipedOut, tt.threshold, tt.wiped)
			}
		})
	}
}

// TestInvariants sweeps inputs: every distribution sums to 1, and more
// weapons or more re-rolls never lower the chance of at least k.
func TestInvariants(t *testing.T) {
	for _, g := range Games() {
		for _, acc := range []int{1, 3, 5, 8} {
			for _, band := range []int{0, 2, 5} {
				var prevW []AttackResult
				for _, weapons := range []int{0, 1, 2, 4, 8} {
					var row []AttackResult
					for rr := 0; rr <= 3; rr++ {
						res, err := Shoot(ShootInput{Game: g.ID, Range: band, Cover: CoverNormal, Attack: Attack{
							Weapons: weapons, Rate: 2, Rerolls: rr, Accuracy: acc, Penetration: 6,
							Damage: 1, Protection: 5, Size: 6, Type: 1}})
						if err != nil {
							t.Fatal(err)
						}
						checkSums(t, "hits", res.Hits)
						checkSums(t, "impacts", res.Impacts)
						checkSums(t, "casualties", res.Casualties)
						if rr > 0 {
							monotone(t, g.Name+" more re-rolls", row[rr-1], res)
						}
						if prevW != nil {
							monotone(t, g.Name+" more weapons", prevW[rr], res)
						}
						row = append(row, res)
					}
					prevW = row
				}
			}
		}
	}
}

func monotone(t *testing.T, what string, less, more AttackResult) {
	t.Helper()
	for _, pair := range [][2]Dist{{less.Hits, more.Hits}, {less.Casualties, more.Casualties}} {
		for k := 0; k <= pair[1].Max(); k++ {
			if pair[1].AtLeast(k) < pair[0].AtLeast(k)-1e-12 {
				t.Errorf("%s: P(at least %d) fell from %v to %v", what, k, pair[0].AtLeast(k), pair[1].AtLeast(k))
				return
			}
		}
	}
}

func TestResultJSON(t *testing.T) {
	res, err := Shoot(ShootInput{Game: "at43", Range: 1, Attack: defaultAttack()})
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{"hits", "impacts", "casualties", "wiped_out", "morale_threshold", "explain", "notes"} {
		if _, ok := m[key]; !ok {
			t.Errorf("result JSON lacks %q: %s", key, b)
		}
	}
	for _, key := range []string{"destroyed", "immobilized", "lost"} {
		if _, ok := m[key]; ok {
			t.Errorf("infantry result JSON has vehicle key %q", key)
		}
	}
	var cas struct {
		P    []float64 `json:"p"`
		Mean float64   `json:"mean"`
	}
	if err := json.Unmarshal(m["casualties"], &cas); err != nil || len(cas.P) != 2 || !near(cas.Mean, res.Casualties.Mean()) {
		t.Errorf("casualties JSON %s", m["casualties"])
	}
}

func TestShootQuery(t *testing.T) {
	v, _ := url.ParseQuery("game=at44&n=4&rate=2&rr=1&acc=5&cm=40&pen=6&dmg=2&prot=4&size=8&type=2&cover=takecover&faw=1&dmgrr=1&medic=1&det=1&lang=fr")
	in, err := ParseShoot(v)
	if err != nil {
		t.Fatal(err)
	}
	want := ShootInput{Game: "at44", CM: ptr(40), Cover: CoverTakeCover, FireAtWill: true, Detection: true,
		Attack: Attack{Weapons: 4, Rate: 2, Rerolls: 1, Accuracy: 5, Penetration: 6, Damage: 2, DamageReroll: true,
			Protection: 4, Size: 8, Type: 2, Medic: true, Vehicle: defaultAttack().Vehicle}}
	if in.Query().Encode() != want.Query().Encode() {
		t.Errorf("parsed %s, want %s", in.Query().Encode(), want.Query().Encode())
	}
	for _, q := range []url.Values{in.Query(), defaultShoot().Query()} {
		t.Run(q.Encode(), func(t *testing.T) {
			back, err := ParseShoot(q)
			if err != nil {
				t.Fatal(err)
			}
			if back.Query().Encode() != q.Encode() {
				t.Errorf("round trip: %s became %s", q.Encode(), back.Query().Encode())
			}
		})
	}
	def, err := ParseShoot(url.Values{})
	if err != nil || def.Game != "at43" || def.Weapons != 1 || def.Size != 6 {
		t.Errorf("defaults: %+v, %v", def, err)
	}
}

func defaultShoot() ShootInput { return ShootInput{Game: "at43", Attack: defaultAttack()} }

func TestMeleeQuery(t *testing.T) {
	v, _ := url.ParseQuery("game=at44&n=10&acc=6&def=7&pen=7&prot=11&target=inf&size=2")
	in, err := ParseMelee(v)
	if err != nil {
		t.Fatal(err)
	}
	if in.Defense != 7 || in.Weapons != 10 || in.Protection != 11 {
		t.Errorf("parsed %+v", in)
	}
	back, err := ParseMelee(in.Query())
	if err != nil || back.Query().Encode() != in.Query().Encode() {
		t.Errorf("round trip: %v %s", err, back.Query().Encode())
	}
}

// TestBadInput checks that each bad value is refused with an error naming
// its key and what is allowed.
func TestBadInput(t *testing.T) {
	tests := []struct {
		query string
		want  string
	}{
		{"game=at45", "game: \"at45\" is unknown: allowed at43, at44"},
		{"n=101", "n: 101 is out of range: allowed 0-100"},
		{"n=-1", "n: -1 is out of range"},
		{"n=two", "n: \"two\" is not a whole number"},
		{"rate=0", "rate: 0 is out of range: allowed 1-20"},
		{"rr=11", "rr: 11 is out of range: allowed 0-10"},
		{"acc=31", "acc: 31 is out of range: allowed 0-30"},
		{"range=31", "range: 31 is out of range: allowed 0-30"},
		{"cm=301", "cm: 301 is out of range: allowed 0-300"},
		{"cm=20&range=2", "range and cm both given"},
		{"dmg=0", "dmg: 0 is out of range: allowed 1-10"},
		{"prot=40", "prot: 40 is out of range"},
		{"size=0", "size: 0 is out of range: allowed 1-100"},
		{"type=4", "type: 4 is out of range: allowed 1-3"},
		{"cover=wall", "cover: \"wall\" is not allowed: allowed none, cover, takecover, kneecover"},
		{"faw=2", "faw: \"2\" is not allowed: allowed 0, 1"},
		{"target=tank", "target: \"tank\" is not allowed: allowed inf, veh"},
		{"target=veh&cover=takecover", "cover: \"takecover\" protects infantry only"},
		{"target=veh&frame=61", "frame: 61 is out of range: allowed 1-60"}, {"target=veh&frame=0", "frame: 0 is out of range: allowed 1-60"},
		{"target=veh&vehicles=11", "vehicles: 11 is out of range: allowed 1-10"},
		{"target=veh&weapons=1,2,3,4,5,6,7", "weapons: 7 values given: allowed at most 6"},
		{"target=veh&weapons=3,x", `weapons: item 2 is "x", not a whole number: allowed at most 6 whole numbers 0-60`},
		{"target=veh&pick=all", "pick: \"all\" is not allowed: allowed wreck, disarm"},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			v, _ := url.ParseQuery(tt.query)
			_, err := ParseShoot(v)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want %q", err, tt.want)
			}
		})
	}
	if _, err := Shoot(ShootInput{Game: "at43", Cover: Cover(9), Attack: defaultAttack()}); err == nil {
		t.Error("Shoot accepts cover 9")
	}
	if _, err := Melee(MeleeInput{Game: "at43", Defense: 31, Attack: defaultAttack()}); err == nil ||
		!strings.Contains(err.Error(), "def") {
		t.Errorf("Melee with def 31: %v", err)
	}
	bad := defaultAttack()
	bad.Target = 5
	if _, err := Melee(MeleeInput{Game: "at43", Attack: bad}); err == nil || !strings.Contains(err.Error(), "target") {
		t.Errorf("Melee with target 5: %v", err)
	}
}

// TestVehicleDispatch checks that target=veh hands the impacts after cover
// and the damage chance (re-roll folded in) to the vehicle calculator.
func TestVehicleDispatch(t *testing.T) {
	veh := Attack{Weapons: 4, Rate: 1, Rerolls: 0, Accuracy: 5, Penetration: 12, Damage: 2, DamageReroll: true,
		Target: TargetVehicle, Protection: 12, Vehicle: VehicleTarget{Frame: 4, Propulsion: 2, Weapons: []int{2, 1}, Vehicles: 2}}
	for _, g := range Games() {
		in := ShootInput{Game: g.ID, Range: 2, Cover: CoverNormal, Attack: veh}
		res, err := Shoot(in)
		if err != nil {
			t.Fatal(err)
		}
		if res.VehicleResult == nil || res.InfantryResult != nil {
			t.Fatalf("%s: vehicle target gave %+v", g.Name, res)
		}
		p := damageChance(12, 12, true)
		want, err := vehicleDamage(g, res.Impacts, p, 2, veh.Vehicle, false)
		if err != nil {
			t.Fatal(err)
		}
		if !near(res.Destroyed, want.Destroyed) || !near(res.Immobilized, want.Immobilized) || len(res.Lost) != 2 {
			t.Errorf("%s: dispatch gave %+v, direct call %+v", g.Name, *res.VehicleResult, want)
		}
		compareDists(t, g.Name+" impacts after cover", res.Impacts, res.Hits.Thin(4.0/6))
		b, err := json.Marshal(res)
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]json.RawMessage
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatal(err)
		}
		for _, key := range []string{"hits", "impacts", "destroyed", "immobilized", "lost", "explain", "notes"} {
			if _, ok := m[key]; !ok {
				t.Errorf("%s vehicle JSON lacks %q", g.Name, key)
			}
		}
		if _, ok := m["casualties"]; ok {
			t.Errorf("%s vehicle JSON has casualties", g.Name)
		}
		var location Step
		for _, s := range res.Explain {
			if s.Kind == "location" {
				location = s
			}
		}
		if location.Value != 1 {
			t.Errorf("%s shooting rolls %d location dice", g.Name, location.Value)
		}
		// Close combat: AT-44 keeps the better of two location dice.
		mres, err := Melee(MeleeInput{Game: g.ID, Defense: 4, Attack: veh})
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range mres.Explain {
			if s.Kind == "location" && s.Value != g.Vehicle.MeleeLocationDice {
				t.Errorf("%s close combat rolls %d location dice", g.Name, s.Value)
			}
		}
	}
}
