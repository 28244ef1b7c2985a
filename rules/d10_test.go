package rules

import (
	"math"
	"math/big"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"
)

// Helpers of the d10 tests. They are kept apart from the d6 tests' helpers
// so each set can change without breaking the other.

const d10Tolerance = 1e-12

// d10Budget bounds one fuzzed call; generous, as fuzzing instruments the code.
const d10Budget = time.Second

func d10RatOne() *big.Rat { return big.NewRat(1, 1) }

// ratD10Binomial is the exact binomial row for n trials of chance p.
func ratD10Binomial(n int, p *big.Rat) []*big.Rat {
	row := []*big.Rat{d10RatOne()}
	q := new(big.Rat).Sub(d10RatOne(), p)
	for range n {
		next := make([]*big.Rat, len(row)+1)
		for i := range next {
			next[i] = new(big.Rat)
		}
		for k, v := range row {
			next[k].Add(next[k], new(big.Rat).Mul(v, q))
			next[k+1].Add(next[k+1], new(big.Rat).Mul(v, p))
		}
		row = next
	}
	return row
}

// d10CloseToRat fails when a is farther than d10Tolerance from b.
func d10CloseToRat(t *testing.T, what string, a float64, b *big.Rat) {
	t.Helper()
	bf, _ := b.Float64()
	if math.Abs(a-bf) > d10Tolerance {
		t.Errorf("%s = %.17g, exact %s (%.17g)", what, a, b.RatString(), bf)
	}
}

// d10DistMatchesRat compares a distribution with an exact one, term by term;
// a certain outcome may come as a shorter list, the missing terms being 0.
func d10DistMatchesRat(t *testing.T, what string, d Dist, exact []*big.Rat) {
	t.Helper()
	if len(d.P) > len(exact) {
		t.Errorf("%s has %d terms, exact %d", what, len(d.P), len(exact))
		return
	}
	for k := range exact {
		d10CloseToRat(t, what+" P("+strconv.Itoa(k)+")", d.At(k), exact[k])
	}
}

// checkD10Dist fails unless d holds non-negative chances summing to 1.
func checkD10Dist(t *testing.T, what string, d Dist) {
	t.Helper()
	for k, p := range d.P {
		if p < 0 || math.IsNaN(p) || p > 1+d10Tolerance {
			t.Fatalf("%s: P(%d) = %v", what, k, p)
		}
	}
	if s := d.Sum(); math.Abs(s-1) > 1e-9 {
		t.Fatalf("%s sums to %v", what, s)
	}
}

// d10CheckChance fails unless p is a probability.
func d10CheckChance(t *testing.T, what string, p float64) {
	t.Helper()
	if !(p >= 0 && p <= 1+d10Tolerance) {
		t.Fatalf("%s = %v is not a chance", what, p)
	}
}

// d10Within runs f and fails if it takes longer than d10Budget of CPU
// time, which a busy machine does not stretch as it does the wall.
func d10Within(t *testing.T, f func()) {
	t.Helper()
	start := cpuTime()
	f()
	if d := cpuTime() - start; d > d10Budget {
		t.Fatalf("took %v", d)
	}
}

// d10Query parses a literal query string.
func d10Query(t *testing.T, s string) url.Values {
	t.Helper()
	v, err := url.ParseQuery(s)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestD10NotesCatalogue(t *testing.T) {
	// Uniqueness across the whole catalogue is TestNotesCatalogue's.
	for _, n := range D10Notes() {
		if !strings.HasPrefix(n.ID, "d10-") || n.EN == "" || n.FR == "" || noteByID(n.ID) != n {
			t.Errorf("note %+v is incomplete, not d10- prefixed or missing from Notes()", n)
		}
	}
	for _, id := range []string{NoteD10HitTarget, NoteD10NaturalRolls, NoteD10ArmourModifier,
		NoteD10SeparateAttacks, NoteD10ParryFace, NoteD10Dodge, NoteD10VehiclePoints} {
		if n := withNote(nil, id); n[0].EN == "" {
			t.Errorf("note %q has no text", id)
		}
	}
	if n := withNote(withNote(nil, NoteD10Dodge), NoteD10Dodge); len(n) != 1 {
		t.Errorf("a note attached twice appears %d times", len(n))
	}
}

func TestD10Chance(t *testing.T) {
	for target, want := range map[int]float64{-3: 0, 0: 0, 1: 0.1, 5: 0.5, 9: 0.9, 10: 1, 14: 1} {
		t.Run("target="+strconv.Itoa(target), func(t *testing.T) {
			if got := d10Chance(target); got != want {
				t.Errorf("d10Chance(%d) = %v, want %v", target, got, want)
			}
		})
	}
}

// TestD10IsItsOwnRuleset checks that the d10 calculators take only game=d10
// and the d6 calculators refuse it.
func TestD10IsItsOwnRuleset(t *testing.T) {
	for _, g := range Games() {
		if g.ID == D10.ID {
			t.Fatalf("Games() lists %s, which the d6 calculators cannot serve", D10.ID)
		}
	}
	if _, err := Shoot(ShootInput{Game: D10.ID, Attack: defaultAttack()}); err == nil {
		t.Error("Shoot accepts game=d10")
	}
	for _, q := range []string{"game=at43", "game=at44", "game=d6"} {
		t.Run(q, func(t *testing.T) {
			v := d10Query(t, q)
			_, err := ParseD10Attack(v)
			wantKeyError(t, q, err, "game", "allowed d10")
			_, err = ParseD10Morale(v)
			wantKeyError(t, q, err, "game", "allowed d10")
			_, err = ParseD10Vehicle(v)
			wantKeyError(t, q, err, "game", "allowed d10")
		})
	}
}
