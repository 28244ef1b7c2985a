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
	for j := mode; j < n; j++ {
		row[j+1] = row[j] * float64(n-j) / float64(j+1) * p / q
	}
	for j := mode; j > 0; j-- {
		row[j-1] = row[j] * float64(j) / float64(n-j+1) * q / p
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

// thinCap is Thin followed by Cap(n), computed in O(len(d.P) x n). It
// evaluates the generating function G(q + p z) by Horner's rule: only sums
// of products of non-negative numbers, so no cancellation, and the mass
// that reaches n stays in the last bucket.
func (d Dist) thinCap(p float64, n int) Dist {
	switch {
	case len(d.P) == 0:
		return Dist{}
	case p <= 0:
		return Point(0)
	case p >= 1:
		return d.Cap(n)
	}
	n = min(n, len(d.P)-1)
	if n <= 0 {
		return Dist{P: []float64{d.Sum()}}
	}
	q := 1 - p
	out := make([]float64, n+1)
	deg := 0 // highest index of out in use
	for k := len(d.P) - 1; k >= 0; k-- {
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
		out[0] = out[0]*q + d.P[k]
	}
	return Dist{P: out}
}

// Convolve is the distribution of the sum of two independent counts.
func (d Dist) Convolve(o Dist) Dist {
	if len(d.P) == 0 || len(o.P) == 0 {
		return Dist{}
	}
	p := make([]float64, len(d.P)+len(o.P)-1)
	for i, a := range d.P {
		if a == 0 {
			continue
		}
		for j, b := range o.P {
			p[i+j] += a * b
		}
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
