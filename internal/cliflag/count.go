package cliflag

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/spf13/pflag"
)

// maxCount bounds a count so that sums of a few of them still fit an int64.
const maxCount = 1 << 62

// ParseCount reads a count of nodes, moves or probes as people write them:
// plainly (20000000), with underscores between digits (20_000_000) or in
// scientific notation (2e7, 1.4e8). The value must be a whole number of at
// most 2^62 in magnitude; a sign is kept, so that the flag policy (Check)
// can say that a negative count is not allowed.
func ParseCount(s string) (int64, error) {
	t := strings.TrimSpace(s)
	if n, err := strconv.ParseInt(strings.ReplaceAll(t, "_", ""), 10, 64); err == nil && underscoresBetweenDigits(t) {
		if n > maxCount || n < -maxCount {
			return 0, fmt.Errorf("bad count %q: more than 2^62", s)
		}
		return n, nil
	}
	x, err := strconv.ParseFloat(t, 64)
	if err != nil || math.IsNaN(x) || math.IsInf(x, 0) || strings.ContainsAny(t, "xXpP_") {
		return 0, fmt.Errorf("bad count %q: want a whole number such as 20000000, 20_000_000 or 2e7", s)
	}
	if math.Abs(x) > maxCount {
		return 0, fmt.Errorf("bad count %q: more than 2^62", s)
	}
	if x != math.Trunc(x) {
		return 0, fmt.Errorf("bad count %q: not a whole number", s)
	}
	return int64(x), nil
}

// underscoresBetweenDigits reports whether every underscore of s stands
// between two digits, as in Go's number literals.
func underscoresBetweenDigits(s string) bool {
	for i := range len(s) {
		if s[i] == '_' && (i == 0 || i == len(s)-1 || !isDigit(s[i-1]) || !isDigit(s[i+1])) {
			return false
		}
	}
	return true
}

func isDigit(b byte) bool { return '0' <= b && b <= '9' }

// countValue is a pflag value of a count flag bound to an int or int64.
type countValue[T ~int | ~int64] struct{ p *T }

func (c countValue[T]) String() string {
	if c.p == nil {
		return "0"
	}
	return strconv.FormatInt(int64(*c.p), 10)
}

// Type names the flag's kind in help text; Check treats "count" as a number.
func (c countValue[T]) Type() string { return "count" }

func (c countValue[T]) Set(s string) error {
	n, err := ParseCount(s)
	if err != nil {
		return err
	}
	if int64(T(n)) != n { // an int of 32 bits
		return fmt.Errorf("bad count %q: too large", s)
	}
	*c.p = T(n)
	return nil
}

// CountVar declares a count flag (ParseCount's forms: 20000000, 2e7,
// 20_000_000) bound to p, an int or int64, with default value.
func CountVar[T ~int | ~int64](fs *pflag.FlagSet, p *T, name string, value T, usage string) {
	*p = value
	fs.Var(countValue[T]{p}, name, usage)
}
