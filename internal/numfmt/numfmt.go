// Package numfmt writes numbers as branchwise prints them everywhere:
// exact counts with thousands separators, estimates to three significant
// digits. It imports nothing of the module, so that the library packages
// format their progress lines as the command does.
package numfmt

import (
	"math"
	"strconv"
	"strings"
)

// Count writes a count with every digit and thousands separators:
// 577,456,136,214.
func Count(n int64) string { return Digits(strconv.FormatInt(n, 10)) }

// Digits puts thousands separators into a decimal integer s (a big
// integer's String, a count kept as text); any other text comes back as it
// is.
func Digits(s string) string {
	if strings.Trim(strings.TrimPrefix(s, "-"), "0123456789") != "" || s == "" || s == "-" {
		return s
	}
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}

// Estimate writes an estimate to three significant digits: 48,300 below a
// million, 6.17e15 from there (an estimate's other digits are noise).
func Estimate(x float64) string {
	switch {
	case math.IsNaN(x):
		return "?"
	case math.IsInf(x, 1):
		return "∞"
	case math.Abs(x) < 1e6:
		v, _ := strconv.ParseFloat(strconv.FormatFloat(x, 'g', 3, 64), 64)
		if v == math.Trunc(v) {
			return Count(int64(v))
		}
		return strconv.FormatFloat(v, 'f', -1, 64)
	}
	m, e, _ := strings.Cut(strconv.FormatFloat(x, 'e', 2, 64), "e")
	n, _ := strconv.Atoi(e)
	return m + "e" + strconv.Itoa(n)
}
