package rules

import (
	"fmt"
	"math"
	"math/big"
	"net/url"
	"reflect"
	"testing"
)

// ratAuthority enumerates both dice, dropping the ties (re-rolled).
func ratAuthority(lead int) *big.Rat {
	var above, decided int64
	for ours := 1; ours <= 6; ours++ {
		for theirs := 1; theirs <= 6; theirs++ {
			if d := ours + lead - theirs; d != 0 {
				decided++
				if d > 0 {
					above++
				}
			}
		}
	}
	return big.NewRat(above, decided)
}

func TestAuthorityWin(t *testing.T) {
	tests := []struct {
		name string
		in   AuthorityInput
		win  float64
		tie  float64
	}{
		{"equal totals", AuthorityInput{Game: "at43", A: 2, B: 2, ARank: 1, BRank: 1}, 0.5, 1.0 / 6},
		{"one ahead", AuthorityInput{Game: "at43", A: 3, B: 2, ARank: 1, BRank: 1}, 21.0 / 31, 5.0 / 36},
		{"wager makes up for Authority", AuthorityInput{Game: "at44", A: 1, AWager: 2, B: 3, ARank: 1, BRank: 1}, 0.5, 1.0 / 6},
		{"six ahead cannot lose", AuthorityInput{Game: "at44", A: 2, AWager: 6, B: 2, ARank: 0, BRank: 0}, 1, 0},
		{"five behind cannot win", AuthorityInput{Game: "at43", A: 0, B: 5, ARank: 0, BRank: 0}, 0, 1.0 / 36},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := Authority(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			if !near(res.Win, tt.win) || !near(res.Tie, tt.tie) {
				t.Errorf("win %v tie %v, want %v and %v", res.Win, res.Tie, tt.win, tt.tie)
			}
		})
	}
}

func TestAuthorityWithoutTieReroll(t *testing.T) {
	// A game that kept ties would give the lead only to a strictly higher roll.
	if win, tie := authorityWin(0, false); !near(win, 15.0/36) || !near(tie, 6.0/36) {
		t.Errorf("no re-roll: win %v tie %v, want 15/36 and 6/36", win, tie)
	}
}

func TestAuthorityTable(t *testing.T) {
	tests := []struct {
		name   string
		in     AuthorityInput
		limits [2]int
	}{
		// AT-43 seed: a sergeant (rank 1) wagers 0-2 LP, a captain (rank 4) 0-5.
		{"sergeant against captain", AuthorityInput{Game: "at43", A: 1, B: 4, ARank: 1, BRank: 4}, [2]int{2, 5}},
		// AT-44: up to 6 PC whatever the rank.
		{"AT-44", AuthorityInput{Game: "at44", A: 3, B: 1, ARank: 2, BRank: 4}, [2]int{6, 6}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := Authority(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			if res.Limits != tt.limits || len(res.Table) != tt.limits[0]+1 || len(res.Table[0]) != tt.limits[1]+1 {
				t.Fatalf("limits %v, table %dx%d, want %v", res.Limits, len(res.Table), len(res.Table[0]), tt.limits)
			}
			for x, row := range res.Table {
				for y, win := range row {
					want, _ := ratAuthority(tt.in.A + x - tt.in.B - y).Float64()
					if math.Abs(win-want) > 1e-12 {
						t.Errorf("wagers %d vs %d: %v, want %v", x, y, win, want)
					}
					if y > 0 && win > row[y-1] || x > 0 && win < res.Table[x-1][y] {
						t.Errorf("wagering more must never hurt (%d vs %d)", x, y)
					}
					// The other side's chance is the rest.
					mirror, _ := Authority(AuthorityInput{Game: tt.in.Game, A: tt.in.B, AWager: y, B: tt.in.A, BWager: x, ARank: tt.in.BRank, BRank: tt.in.ARank})
					if !near(win+mirror.Win, 1) {
						t.Errorf("%v and the mirror %v do not sum to 1", win, mirror.Win)
					}
				}
			}
		})
	}
}

func TestCommandPool(t *testing.T) {
	// AT-43 seed: a Commander with 8 LP and six units: 14 LP.
	if got, err := CommandPool(8, 6); got != 14 || err != nil {
		t.Errorf("CommandPool(8, 6) = %d, %v, want 14", got, err)
	}
	if got, err := CommandPool(0, 0); got != 0 || err != nil {
		t.Errorf("CommandPool(0, 0) = %d, %v, want 0", got, err)
	}
	for _, c := range [][2]int{{-1, 3}, {3, -1}, {31, 0}, {0, 101}} {
		t.Run(fmt.Sprintf("CommandPool(%d,%d)", c[0], c[1]), func(t *testing.T) {
			if _, err := CommandPool(c[0], c[1]); err == nil {
				t.Errorf("CommandPool(%d, %d): no error", c[0], c[1])
			}
		})
	}
}

func TestAuthorityQuery(t *testing.T) {
	for _, in := range []AuthorityInput{
		{Game: "at43", A: 3, AWager: 2, B: 1, BWager: 5, ARank: 1, BRank: 4},
		{Game: "at44", A: 0, AWager: 6, B: 30, BWager: 0, ARank: 4, BRank: 0},
	} {
		t.Run(in.Query().Encode(), func(t *testing.T) {
			got, err := ParseAuthority(in.Query())
			if err != nil {
				t.Fatalf("%+v: %v", in, err)
			}
			if !reflect.DeepEqual(got, in) {
				t.Errorf("round trip: got %+v, want %+v", got, in)
			}
		})
	}
	if def, err := ParseAuthority(url.Values{}); err != nil || def != (AuthorityInput{Game: "at43", A: 2, B: 2, ARank: 1, BRank: 1}) {
		t.Errorf("defaults: %+v, %v", def, err)
	}
	bad := []struct {
		query, key, allowed string
	}{
		{"aw=3", "aw", "0-2"}, // a sergeant wagers at most 2
		{"ar=4&aw=6", "aw", "0-5"},
		{"game=at44&bw=7", "bw", "0-6"},
		{"bw=-1", "bw", "0-2"},
		{"a=31", "a", "0-30"},
		{"b=-1", "b", "0-30"},
		{"game=at44&ar=5", "ar", "0-4"},
		{"br=x", "br", "whole number"},
		{"game=", "game", "at43"},
	}
	for _, b := range bad {
		t.Run(b.query, func(t *testing.T) {
			v, _ := url.ParseQuery(b.query)
			_, err := ParseAuthority(v)
			wantKeyError(t, b.query, err, b.key, b.allowed)
		})
	}
}

func FuzzAuthority(f *testing.F) {
	f.Add("at43", 2, 1, 3, 0, 1, 1)
	f.Add("at44", 30, 6, 0, 6, 4, 0)
	f.Fuzz(func(t *testing.T, game string, a, aw, b, bw, ar, br int) {
		v := url.Values{"game": {game}}
		for k, n := range map[string]int{"a": a, "aw": aw, "b": b, "bw": bw, "ar": ar, "br": br} {
			v.Set(k, fmt.Sprint(n))
		}
		in, err := ParseAuthority(v)
		if err != nil {
			return
		}
		timed(t, func() {
			res, err := Authority(in)
			if err != nil {
				t.Fatalf("%+v: parsed but failed: %v", in, err)
			}
			if !(res.Win >= 0 && res.Win <= 1) || res.Table[in.AWager][in.BWager] != res.Win {
				t.Fatalf("%+v: win %v, table %v", in, res.Win, res.Table)
			}
		})
	})
}

func BenchmarkAuthority(b *testing.B) {
	in := AuthorityInput{Game: "at44", A: 3, AWager: 2, B: 4, BWager: 1, ARank: 4, BRank: 4}
	for b.Loop() {
		if _, err := Authority(in); err != nil {
			b.Fatal(err)
		}
	}
}
