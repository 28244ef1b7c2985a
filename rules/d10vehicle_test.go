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
	"strings"
	"testing"
)

// TestD10VehicleTable reads the sheet's vehicle damage table by total.
func TestD10VehicleTable(t *testing.T) {
	for total := 1; total <= 30; total++ {
		want := d10NoEffect
		switch {
		case total >= 11:
			want = d10Detonation
		case total >= 7:
			want = d10Internal
		}
		if got := d10VehicleBand(total); got != want {
			t.Errorf("total %d: band %d, want %d", total, got, want)
		}
	}
}

// TestD10InternalTable reads the sheet's internal damage table by roll.
func TestD10InternalTable(t *testing.T) {
	want := []d10InternalLine{1: d10Lucky, 2: d10Immobilized, 3: d10Immobilized,
		4: d10Locomotion, 5: d10Locomotion, 6: d10Weapon, 7: d10Weapon,
		8: d10Electronics, 9: d10Electronics, 10: d10Chain}
	for roll := 1; roll <= 10; roll++ {
		t.Run(fmt.Sprint("roll=", roll), func(t *testing.T) {
			if got := d10InternalDamage(roll); got != want[roll] {
				t.Errorf("roll %d: line %d, want %d", roll, got, want[roll])
			}
		})
	}
}

// ratVehicle is the exact end of a vehicle damage roll with points damage
// points, found by recursion over every face; chains[k] is the chance of k
// chain reactions.
type ratVehicle struct {
	nothing, immobilized, locomotion, weapon, electronics, detonation *big.Rat
	chains                                                            []*big.Rat
}

func newRatVehicle() ratVehicle {
	return ratVehicle{new(big.Rat), new(big.Rat), new(big.Rat), new(big.Rat), new(big.Rat), new(big.Rat), nil}
}

// add adds w times o to v, o's chain counts shifted by shift.
func (v *ratVehicle) add(o ratVehicle, w *big.Rat, shift int) {
	for _, pair := range [][2]*big.Rat{{v.nothing, o.nothing}, {v.immobilized, o.immobilized},
		{v.locomotion, o.locomotion}, {v.weapon, o.weapon}, {v.electronics, o.electronics},
		{v.detonation, o.detonation}} {
		pair[0].Add(pair[0], new(big.Rat).Mul(w, pair[1]))
	}
	for k, c := range o.chains {
		for len(v.chains) <= k+shift {
			v.chains = append(v.chains, new(big.Rat))
		}
		v.chains[k+shift].Add(v.chains[k+shift], new(big.Rat).Mul(w, c))
	}
}

// ratD10Vehicle solves the roll at points damage points, remembering in
// memo the rolls already solved, which chains reach many times.
func ratD10Vehicle(points int, loco bool, memo map[int]ratVehicle) ratVehicle {
	if v, ok := memo[points]; ok {
		return v
	}
	v := newRatVehicle()
	defer func() { memo[points] = v }()
	tenth := big.NewRat(1, 10)
	hundredth := big.NewRat(1, 100)
	leaf := func(r *big.Rat, w *big.Rat) {
		r.Add(r, w)
		if len(v.chains) == 0 {
			v.chains = append(v.chains, new(big.Rat))
		}
		v.chains[0].Add(v.chains[0], w)
	}
	for roll := 1; roll <= 10; roll++ {
		switch total := roll + points; {
		case total <= 6:
			leaf(v.nothing, tenth)
		case total >= 11:
			leaf(v.detonation, tenth)
		default:
			for internal := 1; internal <= 10; internal++ {
				switch internal {
				case 1:
					leaf(v.nothing, hundredth)
				case 2, 3:
					leaf(v.immobilized, hundredth)
				case 4, 5:
					if loco {
						leaf(v.immobilized, hundredth)
					} else {
						leaf(v.locomotion, hundredth)
					}
				case 6, 7:
					leaf(v.weapon, hundredth)
				case 8, 9:
					leaf(v.electronics, hundredth)
				case 10:
					v.add(ratD10Vehicle(points+1, loco, memo), hundredth, 1)
				}
			}
		}
	}
	return v
}

func TestD10VehicleMatchesExactReference(t *testing.T) {
	for points := 0; points <= maxD10Points; points++ {
		for _, loco := range []bool{false, true} {
			in := D10VehicleInput{Game: "d10", Points: points, Locomotion: loco}
			res, err := D10Vehicle(in)
			if err != nil {
				t.Fatal(err)
			}
			exact := ratD10Vehicle(points, loco, map[int]ratVehicle{})
			what := in.Query().Encode()
			d10CloseToRat(t, what+" nothing", res.Nothing, exact.nothing)
			d10CloseToRat(t, what+" immobilized", res.Immobilized, exact.immobilized)
			d10CloseToRat(t, what+" locomotion", res.Locomotion, exact.locomotion)
			d10CloseToRat(t, what+" weapon", res.Weapon, exact.weapon)
			half := new(big.Rat).Mul(exact.weapon, big.NewRat(1, 2))
			d10CloseToRat(t, what+" weapon, attacker picks", res.WeaponAttacker, half)
			d10CloseToRat(t, what+" weapon, defender picks", res.WeaponDefender, half)
			d10CloseToRat(t, what+" electronics", res.Electronics, exact.electronics)
			d10CloseToRat(t, what+" detonation", res.Detonation, exact.detonation)
			d10DistMatchesRat(t, what+" chains", res.Chains, exact.chains)
			checkD10Dist(t, what+" chains", res.Chains)
			sum := res.Nothing + res.Immobilized + res.Locomotion + res.Weapon + res.Electronics + res.Detonation
			if math.Abs(sum-1) > d10Tolerance {
				t.Errorf("%s: outcomes sum to %v", what, sum)
			}
			if loco && res.Locomotion != 0 {
				t.Errorf("%s: locomotion damaged twice is not immobilized", what)
			}
		}
	}
}

// TestD10VehicleWorked checks cases worked by hand from the two tables.
func TestD10VehicleWorked(t *testing.T) {
	// 9 points: only a 1 rolls 10 (internal), everything else detonates;
	// a chain reaction takes it to 10 points, where every roll detonates.
	res, err := D10Vehicle(D10VehicleInput{Game: "d10", Points: 9})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][2]float64{
		"detonation":  {res.Detonation, 0.91},
		"immobilized": {res.Immobilized, 0.02},
		"locomotion":  {res.Locomotion, 0.02},
		"weapon":      {res.Weapon, 0.02},
		"electronics": {res.Electronics, 0.02},
		"nothing":     {res.Nothing, 0.01},
		"internal":    {res.Internal, 0.1},
		"one chain":   {res.Chains.At(1), 0.01},
	}
	for what, gw := range want {
		if math.Abs(gw[0]-gw[1]) > d10Tolerance {
			t.Errorf("9 points, %s: %v, want %v", what, gw[0], gw[1])
		}
	}
	// From 10 points on, every roll detonates.
	for points := 10; points <= maxD10Points; points++ {
		res, _ := D10Vehicle(D10VehicleInput{Game: "d10", Points: points})
		if res.Detonation != 1 || res.Internal != 0 || res.Chains.Mean() != 0 {
			t.Errorf("%d points: %+v", points, res)
		}
	}
	// With no points a roll never detonates at once: only through chains.
	res, _ = D10Vehicle(D10VehicleInput{Game: "d10", Points: 0})
	if math.Abs(res.Internal-0.4) > d10Tolerance || res.Detonation <= 0 || res.Detonation > 0.01 {
		t.Errorf("0 points: internal %v detonation %v", res.Internal, res.Detonation)
	}
}

// TestD10VehicleMonotone: more damage points never lower the chance of a
// detonation.
func TestD10VehicleMonotone(t *testing.T) {
	prev := -1.0
	for points := 0; points <= maxD10Points; points++ {
		res, _ := D10Vehicle(D10VehicleInput{Game: "d10", Points: points})
		if res.Detonation < prev-d10Tolerance {
			t.Errorf("%d points: detonation %v below %v", points, res.Detonation, prev)
		}
		prev = res.Detonation
	}
}

// TestD10VehicleMonteCarlo rolls the tables with a fixed seed.
func TestD10VehicleMonteCarlo(t *testing.T) {
	rng := rand.New(rand.NewPCG(10, 44))
	d10 := func() int { return rng.IntN(10) + 1 }
	const trials = 40000
	for _, points := range []int{3, 6, 8} {
		t.Run(fmt.Sprint("dmg=", points), func(t *testing.T) {
			res, err := D10Vehicle(D10VehicleInput{Game: "d10", Points: points})
			if err != nil {
				t.Fatal(err)
			}
			counts := map[string]int{}
			chains := 0
			for range trials {
				for p, rolling := points, true; rolling; p++ {
					rolling = false
					switch total := d10() + p; {
					case total <= 6:
						counts["nothing"]++
					case total >= 11:
						counts["detonation"]++
					default:
						switch r := d10(); {
						case r == 1:
							counts["nothing"]++
						case r <= 3:
							counts["immobilized"]++
						case r <= 5:
							counts["locomotion"]++
						case r <= 7:
							counts["weapon"]++
						case r <= 9:
							counts["electronics"]++
						default:
							chains++
							rolling = true // a chain reaction: one more point, roll again
						}
					}
				}
			}
			for what, exact := range map[string]float64{"nothing": res.Nothing, "detonation": res.Detonation,
				"immobilized": res.Immobilized, "locomotion": res.Locomotion, "weapon": res.Weapon,
				"electronics": res.Electronics} {
				sd := math.Sqrt(exact * (1 - exact) / trials)
				if got := float64(counts[what]) / trials; math.Abs(got-exact) > 5*sd+1e-4 {
					t.Errorf("%d points, %s: %v exact, %v rolled", points, what, exact, got)
				}
			}
			if got := float64(chains) / trials; math.Abs(got-res.Chains.Mean()) > 0.005 {
				t.Errorf("%d points: %v chains expected, %v rolled", points, res.Chains.Mean(), got)
			}
		})
	}
}

func TestParseD10Vehicle(t *testing.T) {
	in, err := ParseD10Vehicle(url.Values{})
	if err != nil || in != (D10VehicleInput{Game: "d10", Points: 1}) {
		t.Errorf("defaults: %+v, %v", in, err)
	}
	for _, q := range []string{"", "game=d10&dmg=4", "dmg=0&loco=1", "dmg=20&lang=fr"} {
		t.Run(cmp.Or(q, "defaults"), func(t *testing.T) {
			in, err := ParseD10Vehicle(d10Query(t, q))
			if err != nil {
				t.Fatal(err)
			}
			back, err := ParseD10Vehicle(in.Query())
			if err != nil || !reflect.DeepEqual(in, back) {
				t.Errorf("round trip gives %+v, %v", back, err)
			}
		})
	}
	for _, tt := range []struct{ query, key, allowed string }{
		{"dmg=21", "dmg", "allowed 0-20"},
		{"dmg=-1", "dmg", "allowed 0-20"},
		{"dmg=1.5", "dmg", "not a whole number"},
		{"loco=true", "loco", "allowed 0, 1"},
		{"game=at44", "game", "allowed d10"},
	} {
		t.Run(tt.query, func(t *testing.T) {
			_, err := ParseD10Vehicle(d10Query(t, tt.query))
			wantKeyError(t, tt.query, err, tt.key, tt.allowed)
		})
	}
}

func TestD10VehicleJSON(t *testing.T) {
	res, err := D10Vehicle(D10VehicleInput{Game: "d10", Points: 5})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(res)
	for _, key := range []string{`"detonation":`, `"immobilized":`, `"locomotion":`, `"weapon":`,
		`"weapon_attacker":`, `"weapon_defender":`, `"electronics":`, `"nothing":`, `"internal":`,
		`"chains":{"p":[`, `"explain":`, `"notes":[{"id":"d10-vehicle-points"`} {
		if !strings.Contains(string(b), key) {
			t.Errorf("JSON lacks %s: %s", key, b)
		}
	}
}

// FuzzD10Vehicle: an error or outcomes summing to 1, never a panic or hang.
func FuzzD10Vehicle(f *testing.F) {
	f.Add("dmg=3", 3, false)
	f.Add("game=d10&dmg=0&loco=1", 0, true)
	f.Add("dmg=-9223372036854775808", math.MaxInt, false)
	f.Fuzz(func(t *testing.T, query string, points int, loco bool) {
		d10Within(t, func() {
			check := func(res D10VehicleResult) {
				checkD10Dist(t, "chains", res.Chains)
				for _, p := range []float64{res.Nothing, res.Immobilized, res.Locomotion, res.Weapon,
					res.Electronics, res.Detonation, res.Internal} {
					d10CheckChance(t, "outcome", p)
				}
				sum := res.Nothing + res.Immobilized + res.Locomotion + res.Weapon + res.Electronics + res.Detonation
				if math.Abs(sum-1) > 1e-9 {
					t.Fatalf("outcomes sum to %v", sum)
				}
			}
			if v, err := url.ParseQuery(query); err == nil {
				if in, err := ParseD10Vehicle(v); err == nil {
					res, err := D10Vehicle(in)
					if err != nil {
						t.Fatalf("parsed input fails: %v", err)
					}
					check(res)
				}
			}
			res, err := D10Vehicle(D10VehicleInput{Game: "d10", Points: points, Locomotion: loco})
			if err != nil {
				if !strings.HasPrefix(err.Error(), "dmg: ") {
					t.Fatalf("error %q does not name dmg", err)
				}
				return
			}
			check(res)
		})
	})
}

func BenchmarkD10Vehicle(b *testing.B) {
	for _, bm := range []struct {
		name   string
		points int
	}{{"typical", 2}, {"longest chain", 0}} {
		b.Run(bm.name, func(b *testing.B) {
			in := D10VehicleInput{Game: "d10", Points: bm.points}
			for b.Loop() {
				if _, err := D10Vehicle(in); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
