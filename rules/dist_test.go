package rules

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"testing"
)

func TestDistBasics(t *testing.T) {
	d := Dist{P: []float64{0.1, 0.2, 0.3, 0.4}}
	tests := []struct {
		name      string
		got, want float64
	}{
		{"Sum", d.Sum(), 1},
		{"Mean", d.Mean(), 2},
		{"StdDev", d.StdDev(), 1},
		{"AtLeast(2)", d.AtLeast(2), 0.7},
		{"AtLeast(0)", d.AtLeast(-3), 1},
		{"AtLeast(9)", d.AtLeast(9), 0},
		{"AtMost(1)", d.AtMost(1), 0.3},
		{"AtMost(-1)", d.AtMost(-1), 0},
		{"At(3)", d.At(3), 0.4},
		{"At(4)", d.At(4), 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if math.Abs(tt.got-tt.want) > 1e-12 {
				t.Errorf("%s = %v, want %v", tt.name, tt.got, tt.want)
			}
		})
	}
	compareDists(t, "Cap(1)", d.Cap(1), Dist{P: []float64{0.1, 0.9}})
	compareDists(t, "Cap(9)", d.Cap(9), d)
	compareDists(t, "shiftDown(1)", d.shiftDown(1), Dist{P: []float64{0.3, 0.3, 0.4}})
	compareDists(t, "shiftDown(5)", d.shiftDown(5), Point(0))
	compareDists(t, "Convolve", Point(1).Convolve(Binomial(2, 0.5)), Dist{P: []float64{0, 0.25, 0.5, 0.25}})
	compareDists(t, "Thin(0)", d.Thin(0), Point(0))
	compareDists(t, "Thin(1)", d.Thin(1), d)
	// Thinning a binomial is a binomial with the product chance.
	compareDists(t, "Thin of binomial", Binomial(12, 0.5).Thin(1.0/3), Binomial(12, 1.0/6))
	compareDists(t, "thinCap", Binomial(12, 0.5).thinCap(1.0/3, 2), Binomial(12, 1.0/6).Cap(2))
	compareDists(t, "thinCap(0)", Binomial(12, 0.5).thinCap(1.0/3, 0), Point(0))
	if (Dist{}).Thin(0.5).Sum() != 0 || (Dist{}).Convolve(d).Sum() != 0 {
		t.Error("empty distributions should stay empty")
	}
	compareDists(t, "Binomial(0)", Binomial(0, 0.3), Point(0))
	compareDists(t, "Binomial(p=0)", Binomial(5, 0), Point(0))
	compareDists(t, "Binomial(p=1)", Binomial(5, 1), Point(5))
}

// TestBinomialExtremes: rows where the far terms underflow must still sum
// to 1 and put their mass around n p.
func TestBinomialExtremes(t *testing.T) {
	for _, n := range []int{1000, 2000} {
		for _, p := range []float64{1e-9, 1.0 / 6, 0.5, 5.0 / 6, 1 - 1e-9} {
			d := Binomial(n, p)
			checkSums(t, "binomial", d)
			if math.Abs(d.Mean()-float64(n)*p) > 1e-6*float64(n) {
				t.Errorf("Binomial(%d, %v) mean %v", n, p, d.Mean())
			}
		}
	}
	// Thinning a long row by a small chance.
	d := Binomial(2000, 5.0/6).Thin(1.0 / 36)
	checkSums(t, "long thinning", d)
	if math.Abs(d.Mean()-2000*5.0/6/36) > 1e-9 {
		t.Errorf("long thinning mean %v", d.Mean())
	}
}

func TestDistJSON(t *testing.T) {
	b, err := json.Marshal(Dist{P: []float64{0.25, 0.75}})
	if err != nil || string(b) != `{"p":[0.25,0.75],"mean":0.75}` {
		t.Errorf("marshal: %s, %v", b, err)
	}
	if b, _ := json.Marshal(Dist{}); string(b) != `{"p":[],"mean":0}` {
		t.Errorf("empty marshals to %s", b)
	}
	var d Dist
	if err := json.Unmarshal([]byte(`{"p":[0.5,0.5],"mean":9}`), &d); err != nil || d.Mean() != 0.5 {
		t.Errorf("unmarshal: %+v, %v", d, err)
	}
	if err := json.Unmarshal([]byte(`{"p":"x"}`), &d); err == nil {
		t.Error("unmarshal accepts a string for p")
	}
}

// naiveThinCap thins term by term with binomial rows from Pascal's rule.
func naiveThinCap(d Dist, p float64, n int) Dist {
	out := make([]float64, min(n, len(d.P)-1)+1)
	row := []float64{1}
	for k, pk := range d.P {
		if k > 0 {
			next := make([]float64, k+1)
			for j := range next {
				if j < k {
					next[j] += row[j] * (1 - p)
				}
				if j > 0 {
					next[j] += row[j-1] * p
				}
			}
			row = next
		}
		for j, pj := range row {
			out[min(j, len(out)-1)] += pk * pj
		}
	}
	return Dist{P: out}
}

// TestKernelsAgainstNaive compares the support-trimmed kernels with plain
// loops on random distributions, some with long negligible tails.
func TestKernelsAgainstNaive(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for trial := range 200 {
		n := 1 + r.IntN(150)
		d := Dist{P: make([]float64, n)}
		for k := range d.P {
			d.P[k] = r.Float64()
			if trial%3 == 0 && (k < n/3 || k > 2*n/3) {
				d.P[k] *= 1e-25 // a negligible tail the kernels may skip
			}
		}
		s := d.Sum()
		for k := range d.P {
			d.P[k] /= s
		}
		p := r.Float64()
		capAt := r.IntN(n + 5)
		compareDists(t, "thinCap", d.thinCap(p, capAt), naiveThinCap(d, p, capAt))
		compareDists(t, "Thin", d.Thin(p), naiveThinCap(d, p, n))
		o := Binomial(r.IntN(60), r.Float64())
		want := make([]float64, len(d.P)+len(o.P)-1)
		for i, a := range d.P {
			for j, b := range o.P {
				want[i+j] += a * b
			}
		}
		compareDists(t, "Convolve", d.Convolve(o), Dist{P: want})
	}
}
