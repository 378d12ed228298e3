package cliflag

import (
	"fmt"
	"math"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/branchwise/branchwise/internal/opterr"
	"github.com/spf13/pflag"
)

// ByteSize is a flag value for memory sizes: a number with an optional unit
// (B, KB, MB, GB, TB, powers of 1000; KiB, MiB, GiB, TiB, powers of 1024).
type ByteSize int64

// String prints the size in bytes.
func (b *ByteSize) String() string { return strconv.FormatInt(int64(*b), 10) }

// Type names the flag's kind in help text; Check treats "size" as a number.
func (b *ByteSize) Type() string { return "size" }

// Set parses s with ParseByteSize.
func (b *ByteSize) Set(s string) error {
	n, err := ParseByteSize(s)
	if err != nil {
		return err
	}
	*b = ByteSize(n)
	return nil
}

// maxByteSize bounds a size so that it fits an int64 with room to spare.
const maxByteSize = 1 << 62

// ParseByteSize reads a size such as 512MB, 4GiB or 1234.
func ParseByteSize(s string) (int64, error) {
	t := strings.TrimSpace(s)
	units := []struct {
		suffix string
		mult   float64
	}{
		{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"TiB", 1 << 40},
		{"KB", 1e3}, {"MB", 1e6}, {"GB", 1e9}, {"TB", 1e12},
		{"K", 1e3}, {"M", 1e6}, {"G", 1e9}, {"T", 1e12}, {"B", 1},
	}
	mult := 1.0
	for _, u := range units {
		if strings.HasSuffix(strings.ToUpper(t), strings.ToUpper(u.suffix)) && (len(u.suffix) != 3 || strings.HasSuffix(t, u.suffix[1:])) {
			t, mult = strings.TrimSpace(t[:len(t)-len(u.suffix)]), u.mult
			break
		}
	}
	v, err := strconv.ParseFloat(t, 64)
	if err != nil || v < 0 || v*mult > maxByteSize {
		return 0, fmt.Errorf("bad size %q: want a number with an optional unit such as 512MB or 4GiB", s)
	}
	return int64(v * mult), nil
}

// ParseSelection parses the value s of --flag, numbers and ranges such as
// "1,3,5-9", into instance numbers within 1..n, in the order given, each
// once.
func ParseSelection(flag, s string, n int) ([]int, error) {
	var out []int
	seen := map[int]bool{}
	for _, part := range strings.Split(s, ",") {
		lo, hi, isRange := strings.Cut(strings.TrimSpace(part), "-")
		a, err1 := strconv.Atoi(lo)
		b := a
		var err2 error
		if isRange {
			b, err2 = strconv.Atoi(hi)
		}
		if err1 != nil || err2 != nil || a < 1 || b > n || a > b {
			return nil, opterr.Errorf("--"+flag, "--%s %q: want numbers or ranges within 1-%d, e.g. 1,3,60 or 1-10", flag, s, n)
		}
		for i := a; i <= b; i++ {
			if !seen[i] {
				seen[i] = true
				out = append(out, i)
			}
		}
	}
	return out, nil
}

// SplitRxC parses a size written RxC, e.g. 4x4 or 5X3.
func SplitRxC(s string) (rows, cols int, ok bool) {
	r, c, found := strings.Cut(strings.ToLower(s), "x")
	rows, err1 := strconv.Atoi(r)
	cols, err2 := strconv.Atoi(c)
	return rows, cols, found && err1 == nil && err2 == nil
}

// ParseRange parses "A..B", or "A" (B = A) when single is set.
func ParseRange(s string, single bool) (lo, hi int, ok bool) {
	a, b, found := strings.Cut(s, "..")
	lo, err1 := strconv.Atoi(a)
	hi, err2 := lo, error(nil)
	if found {
		hi, err2 = strconv.Atoi(b)
	}
	return lo, hi, err1 == nil && err2 == nil && (found || single)
}

// ParseRelative reads a relative width written as a percentage ("10%") or
// a fraction ("0.1").
func ParseRelative(s string) (float64, bool) {
	t := strings.TrimSpace(s)
	scale := 1.0
	if u, ok := strings.CutSuffix(t, "%"); ok {
		t, scale = u, 0.01
	}
	v, err := strconv.ParseFloat(t, 64)
	return v * scale, err == nil
}

// ParseInts reads numbers at least min separated by commas, e.g. "0,3,1".
func ParseInts(s string, min int) ([]int, bool) {
	var out []int
	for _, field := range strings.Split(s, ",") {
		k, err := strconv.Atoi(strings.TrimSpace(field))
		if err != nil || k < min {
			return nil, false
		}
		out = append(out, k)
	}
	return out, true
}

// The flag policy, in one place: every numeric flag of every command is
// checked by Check after parsing and before the command runs, so the same
// mistake is the same usage error everywhere.
//
//   - No numeric flag is negative, except those in mayBeNegative (a seed).
//   - No floating-point flag is NaN or infinite.
//   - -j/--workers is at least 1 and at most MaxWorkers().

// WorkersPerCPU bounds -j: more goroutines than a few per CPU only add
// scheduling and memory (each worker holds its own search), and -j 100000
// took 9.4 s for a job of 0.08 s. minWorkersCap keeps small machines from
// refusing a modest -j 8.
const (
	WorkersPerCPU = 4
	minWorkersCap = 8
)

// MaxWorkers is the largest -j accepted: WorkersPerCPU per CPU Go may use,
// and at least minWorkersCap.
func MaxWorkers() int { return max(WorkersPerCPU*runtime.GOMAXPROCS(0), minWorkersCap) }

// mayBeNegative lists the numeric flags for which a negative value means
// something (a seed), or whose own range check says more (--cut-p, a
// probability: "outside [0, 1)").
var mayBeNegative = map[string]bool{"seed": true, "cut-p": true}

// Check applies the flag policy to one flag that was given.
func Check(f *pflag.Flag) error {
	v := f.Value.String()
	switch f.Value.Type() {
	case "int", "int8", "int16", "int32", "int64", "size", "count":
		n, perr := strconv.ParseInt(v, 10, 64)
		if perr != nil {
			return nil
		}
		if n < 0 && !mayBeNegative[f.Name] {
			return fmt.Errorf("--%s %d: must not be negative", f.Name, n)
		}
		if f.Name == "workers" && (n < 1 || n > int64(MaxWorkers())) {
			return fmt.Errorf("--workers %d: want 1 to %d (%d per CPU)", n, MaxWorkers(), WorkersPerCPU)
		}
	case "float32", "float64":
		x, perr := strconv.ParseFloat(v, 64)
		if perr != nil {
			return nil
		}
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return fmt.Errorf("--%s %v: want a finite number", f.Name, x)
		}
		if x < 0 && !mayBeNegative[f.Name] {
			return fmt.Errorf("--%s %v: must not be negative", f.Name, x)
		}
	case "duration":
		d, perr := time.ParseDuration(v)
		if perr == nil && d < 0 {
			return fmt.Errorf("--%s %v: must not be negative", f.Name, d)
		}
	}
	return nil
}
