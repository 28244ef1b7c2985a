package rules

import (
	"encoding/json"
	"fmt"
	"math"
)

// Dist is an exact probability distribution over 0, 1, 2, ...: P[k] is the
// chance of exactly k (hits, impacts, casualties, structure points...).
// It marshals to JSON as {"p": [...], "mean": x}.
type Dist struct {
	P []float64
}

// Point is the distribution certain to give k.
func Point(k int) Dist {
	p := make([]float64, k+1)
	p[k] = 1
	return Dist{P: p}
}

// Binomial is the distribution of successes among n independent trials each
// succeeding with chance p.
func Binomial(n int, p float64) Dist {
	switch {
	case n <= 0 || p <= 0:
		return Point(0)
	case p >= 1:
		return Point(n)
	}
	return Dist{P: binomialRow(n, p)}
}

// binomialRow fills the binomial probabilities from the mode outwards, so
// no term underflows before the large ones are known, then normalises to
// cancel the rounding of the log-gamma start.
func binomialRow(n int, p float64) []float64 {
	row := make([]float64, n+1)
	q := 1 - p
	mode := min(int(float64(n+1)*p), n)
	lgn, _ := math.Lgamma(float64(n + 1))
	lgm, _ := math.Lgamma(float64(mode + 1))
	lgr, _ := math.Lgamma(float64(n - mode + 1))
	row[mode] = math.Exp(lgn - lgm - lgr + float64(mode)*math.Log(p) + float64(n-mode)*math.Log1p(-p))
	if row[mode] == 0 {
		row[mode] = 1 // only reached in extreme cases; normalisation fixes the scale
	}
	// Terms fall away from the mode; once one is 1e-20 of the mode's and
	// the fall is steep, the rest of that side is left at zero (less than
	// negligible in all).
	pq, qp := p/q, q/p
	for j := mode; j < n; j++ {
		r := float64(n-j) / float64(j+1) * pq
		row[j+1] = row[j] * r
		if row[j+1] < 1e-20*row[mode] && r < 0.5 {
			break
		}
	}
	for j := mode; j > 0; j-- {
		r := float64(j) / float64(n-j+1) * qp
		row[j-1] = row[j] * r
		if row[j-1] < 1e-20*row[mode] && r < 0.5 {
			break
		}
	}
	var sum float64
	for _, v := range row {
		sum += v
	}
	for j := range row {
		row[j] /= sum
	}
	return row
}

// Max is the largest value the distribution allows (len(P)-1).
func (d Dist) Max() int { return len(d.P) - 1 }

// Sum is the total probability; 1 for every distribution the engine builds.
func (d Dist) Sum() float64 {
	var s float64
	for _, v := range d.P {
		s += v
	}
	return s
}

// At is the chance of exactly k.
func (d Dist) At(k int) float64 {
	if k < 0 || k >= len(d.P) {
		return 0
	}
	return d.P[k]
}

// AtLeast is the chance of k or more.
func (d Dist) AtLeast(k int) float64 {
	var s float64
	for i := len(d.P) - 1; i >= max(k, 0); i-- {
		s += d.P[i]
	}
	return s
}

// AtMost is the chance of k or fewer.
func (d Dist) AtMost(k int) float64 {
	var s float64
	for i := 0; i <= k && i < len(d.P); i++ {
		s += d.P[i]
	}
	return s
}

// Mean is the expected value.
func (d Dist) Mean() float64 {
	var m float64
	for k, v := range d.P {
		m += float64(k) * v
	}
	return m
}

// StdDev is the standard deviation.
func (d Dist) StdDev() float64 {
	m := d.Mean()
	var v float64
	for k, p := range d.P {
		v += (float64(k) - m) * (float64(k) - m) * p
	}
	return math.Sqrt(v)
}

// Cap moves the chance of every value above n onto n: what is left when at
// most n can happen, such as casualties in a unit of n fighters.
func (d Dist) Cap(n int) Dist {
	n = max(n, 0)
	if n >= len(d.P)-1 {
		return Dist{P: append([]float64(nil), d.P...)}
	}
	p := make([]float64, n+1)
	copy(p, d.P[:n])
	p[n] = d.AtLeast(n)
	return Dist{P: p}
}

// Thin keeps each counted item independently with chance p (binomial
// thinning): from hits to impacts past a cover save, from impacts to
// successful damage tests.
func (d Dist) Thin(p float64) Dist {
	return d.thinCap(p, len(d.P)-1)
}

// negligible is the probability mass a calculation may drop at each end of
// a distribution: far below what a float64 chance near 1 can even hold, it
// keeps long rows (2000 dice) from costing time on values like 1e-200.
const negligible = 1e-18

// support is the range [lo, hi] outside which d holds at most negligible
// mass on each side.
func (d Dist) support() (lo, hi int) {
	var s float64
	for lo < len(d.P)-1 && s+d.P[lo] <= negligible {
		s += d.P[lo]
		lo++
	}
	s = 0
	hi = len(d.P) - 1
	for hi > lo && s+d.P[hi] <= negligible {
		s += d.P[hi]
		hi--
	}
	return lo, hi
}

// thinCap is Thin followed by Cap(n). With X = lo + Y, where lo starts the
// support, the thinned lo part is a binomial and the thinned Y comes from
// hornerCap; their sum is a capped convolution.
func (d Dist) thinCap(p float64, n int) Dist {
	switch {
	case len(d.P) == 0:
		return Dist{}
	case p <= 0:
		return Point(0)
	case p >= 1:
		return d.Cap(n)
	}
	n = max(min(n, len(d.P)-1), 0)
	lo, hi := d.support()
	out := hornerCap(d.P[lo:hi+1], p, n)
	if lo > 0 {
		out = capConvolve(Binomial(lo, p).Cap(n).P, out, n)
	}
	if len(out) < n+1 {
		out = append(out, make([]float64, n+1-len(out))...)
	}
	return Dist{P: out}
}

// hornerCap evaluates the generating function of h at q + p z by Horner's
// rule, keeping the coefficients of z^0..z^(n-1) and the mass of n and
// above: only sums of products of non-negative numbers, so no
// cancellation. The result has min(n, len(h)-1) + 1 values.
func hornerCap(h []float64, p float64, n int) []float64 {
	n = min(n, len(h)-1)
	if n <= 0 {
		return []float64{Dist{P: h}.Sum()}
	}
	q := 1 - p
	out := make([]float64, n+1)
	deg := 0 // highest index of out in use
	for k := len(h) - 1; k >= 0; k-- {
		if deg < n {
			out[deg+1] = out[deg] * p
			for j := deg; j > 0; j-- {
				out[j] = out[j]*q + out[j-1]*p
			}
			deg++
		} else {
			out[n] += out[n-1] * p
			for j := n - 1; j > 0; j-- {
				out[j] = out[j]*q + out[j-1]*p
			}
		}
		out[0] = out[0]*q + h[k]
	}
	return out
}

// capConvolve is the distribution of min(A + B, n) for independent A and B,
// skipping the negligible ends of both.
func capConvolve(a, b []float64, n int) []float64 {
	if len(a) == 0 || len(b) == 0 {
		return nil
	}
	out := make([]float64, min(len(a)+len(b)-2, n)+1)
	alo, ahi := Dist{P: a}.support()
	blo, bhi := Dist{P: b}.support()
	suffix := make([]float64, bhi+2) // suffix[j]: mass of b from j on
	for j := bhi; j >= blo; j-- {
		suffix[j] = suffix[j+1] + b[j]
	}
	for i := alo; i <= ahi; i++ {
		ai := a[i]
		if ai == 0 {
			continue
		}
		top := min(bhi, n-i-1)
		for j := blo; j <= top; j++ {
			out[i+j] += ai * b[j]
		}
		if j := max(blo, n-i); j <= bhi {
			out[n] += ai * suffix[j]
		}
	}
	return out
}

// Convolve is the distribution of the sum of two independent counts.
func (d Dist) Convolve(o Dist) Dist {
	return Dist{P: capConvolve(d.P, o.P, len(d.P)+len(o.P)-2)}
}

// reverse is the distribution of Max() - X.
func (d Dist) reverse() Dist {
	p := make([]float64, len(d.P))
	for i, v := range d.P {
		p[len(p)-1-i] = v
	}
	return Dist{P: p}
}

// shiftDown is the distribution of max(X - k, 0).
func (d Dist) shiftDown(k int) Dist {
	if k <= 0 || len(d.P) == 0 {
		return Dist{P: append([]float64(nil), d.P...)}
	}
	if k >= len(d.P) {
		return Point(0)
	}
	p := make([]float64, len(d.P)-k)
	copy(p, d.P[k:])
	p[0] = d.AtMost(k)
	return Dist{P: p}
}

type distJSON struct {
	P    []float64 `json:"p"`
	Mean float64   `json:"mean"`
}

// MarshalJSON writes {"p": [...], "mean": x}.
func (d Dist) MarshalJSON() ([]byte, error) {
	p := d.P
	if p == nil {
		p = []float64{}
	}
	return json.Marshal(distJSON{P: p, Mean: d.Mean()})
}

// UnmarshalJSON reads what MarshalJSON writes; the mean is recomputed.
func (d *Dist) UnmarshalJSON(b []byte) error {
	var j distJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return fmt.Errorf("distribution: %w", err)
	}
	d.P = j.P
	return nil
}
