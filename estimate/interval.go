package estimate

import (
	"math"
	"strconv"
)

// Interval is an estimate with an interval: a confidence interval at
// Level when Kind is KindConfidence, the replicates' spread (not to be
// read as a confidence interval) when it is KindSpread.
type Interval struct {
	Estimate float64 `json:"estimate"`
	Low      float64 `json:"low"`
	High     float64 `json:"high"`
	// StdErr is the estimate's standard error.
	StdErr float64 `json:"std_err"`
	// Kind is KindConfidence, KindSpread or KindExact.
	Kind string `json:"kind"`
	// Level is the nominal coverage of a confidence interval (0.95).
	Level float64 `json:"level"`
}

// moments accumulates a sample's count, sum and sum of squares.
type moments struct {
	n         int64
	sum, sum2 float64
	sum3      float64
	// Logarithms of the samples, for Cox's interval; nonPositive counts
	// the samples that have none.
	lsum, lsum2 float64
	nonPositive int64
	// top holds the largest samples, for the tail index.
	top topK
}

func (m *moments) add(x float64) {
	m.top.add(x)
	m.n++
	m.sum += x
	m.sum2 += x * x
	m.sum3 += x * x * x
	if x > 0 {
		l := math.Log(x)
		m.lsum += l
		m.lsum2 += l * l
	} else {
		m.nonPositive++
	}
}

func (m *moments) merge(o moments) {
	m.top.merge(o.top)
	m.n += o.n
	m.sum += o.sum
	m.sum2 += o.sum2
	m.sum3 += o.sum3
	m.lsum += o.lsum
	m.lsum2 += o.lsum2
	m.nonPositive += o.nonPositive
}

func (m moments) mean() float64 {
	if m.n == 0 {
		return 0
	}
	return m.sum / float64(m.n)
}

// sd is the sample standard deviation.
func (m moments) sd() float64 {
	if m.n < 2 {
		return 0
	}
	mu := m.mean()
	v := (m.sum2 - float64(m.n)*mu*mu) / float64(m.n-1)
	return math.Sqrt(max(v, 0))
}

// tInterval is the mean with Student's 95% interval, moved by Johnson's
// (1978) correction for skewness, mu3 / (6 s^2 n): the samples of tree
// sizes are skewed to the right, the mean of a few of them falls short of
// the truth more often than not, and a symmetric interval then misses high
// truths. A sample of fewer than two has an infinite interval. Low is not
// below 0: every quantity estimated here is a count.
func (m moments) tInterval() Interval {
	mu := m.mean()
	if m.n < 2 {
		return Interval{Estimate: mu, Low: 0, High: math.Inf(1), StdErr: math.Inf(1)}
	}
	n := float64(m.n)
	sd := m.sd()
	se := sd / math.Sqrt(n)
	h := t975(int(m.n-1)) * se
	shift := 0.0
	if sd > 0 {
		mu3 := m.sum3/n - 3*mu*m.sum2/n + 2*mu*mu*mu
		shift = mu3 / (6 * sd * sd * n)
	}
	return Interval{Estimate: mu, Low: max(mu+shift-h, 0), High: mu + shift + h, StdErr: se}
}

// t975 is the 97.5% quantile of Student's t distribution with df degrees
// of freedom: a table to 10, then the Cornish-Fisher expansion around the
// normal quantile (error below 1e-4 from df = 11).
func t975(df int) float64 {
	table := [...]float64{0, 12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.3060, 2.2622, 2.2281}
	if df < len(table) {
		return table[max(df, 1)]
	}
	z, v := 1.959963984540054, float64(df)
	z3, z5, z7, z9 := z*z*z, math.Pow(z, 5), math.Pow(z, 7), math.Pow(z, 9)
	return z + (z3+z)/(4*v) + (5*z5+16*z3+3*z)/(96*v*v) + (3*z7+19*z5+17*z3-15*z)/(384*v*v*v) +
		(79*z9+776*z7+1482*z5-1920*z3-945*z)/(92160*v*v*v*v)
}

// MarshalJSON writes the interval with null for an infinite bound or
// standard error (a sample of one has no spread to measure).
func (iv Interval) MarshalJSON() ([]byte, error) {
	num := func(x float64) string {
		if math.IsInf(x, 0) || math.IsNaN(x) {
			return "null"
		}
		return strconv.FormatFloat(x, 'g', -1, 64)
	}
	return []byte(`{"estimate":` + num(iv.Estimate) + `,"low":` + num(iv.Low) + `,"high":` + num(iv.High) +
		`,"std_err":` + num(iv.StdErr) + `,"kind":"` + iv.Kind + `","level":` + num(iv.Level) + `}`), nil
}

// Agreement compares two estimates of the same quantity made under
// different search rules (trees of one problem: their solutions are the
// same number) or with independent seeds.
type Agreement struct {
	// Ratio is the larger estimate over the smaller (+Inf when one is 0
	// and the other not, 1 when both are 0).
	Ratio float64
	// Overlap: the two intervals share a point.
	Overlap bool
}

// Agree compares a and b.
func Agree(a, b Interval) Agreement {
	hi, lo := max(a.Estimate, b.Estimate), min(a.Estimate, b.Estimate)
	r := 1.0
	switch {
	case lo > 0:
		r = hi / lo
	case hi > 0:
		r = math.Inf(1)
	}
	return Agreement{Ratio: r, Overlap: a.Low <= b.High && b.Low <= a.High}
}

// agreeFactor is the largest ratio of two estimates called agreeing: the
// factor 1.5 issue 30 asks of PP-24's estimates under two rules.
const agreeFactor = 1.5

// Text says whether the estimates agree: within agreeFactor and with
// overlapping intervals, or how they differ.
func (a Agreement) Text() string {
	switch {
	case a.Ratio <= agreeFactor && a.Overlap:
		return strconv.FormatFloat(a.Ratio, 'f', 2, 64) + "x apart, intervals overlap: they agree"
	case a.Overlap:
		return strconv.FormatFloat(a.Ratio, 'f', 2, 64) + "x apart (more than 1.5x), intervals overlap: they DISAGREE"
	}
	return strconv.FormatFloat(a.Ratio, 'f', 2, 64) + "x apart, intervals disjoint: they DISAGREE"
}
