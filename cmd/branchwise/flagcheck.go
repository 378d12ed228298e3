package main

import (
	"fmt"
	"math"
	"runtime"
	"strconv"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// The flag policy, in one place: every numeric flag of every command is
// checked here after parsing and before the command runs, so the same
// mistake is the same usage error (exit status 2, one line) everywhere.
//
//   - No numeric flag is negative, except those in mayBeNegative (a seed).
//   - No floating-point flag is NaN or infinite.
//   - -j/--workers is at least 1 and at most maxWorkers().

// workersPerCPU bounds -j: more goroutines than a few per CPU only add
// scheduling and memory (each worker holds its own search), and -j 100000
// took 9.4 s for a job of 0.08 s. minWorkersCap keeps small machines from
// refusing a modest -j 8.
const (
	workersPerCPU = 4
	minWorkersCap = 8
)

// maxWorkers is the largest -j accepted: workersPerCPU per CPU Go may use,
// and at least minWorkersCap.
func maxWorkers() int { return max(workersPerCPU*runtime.GOMAXPROCS(0), minWorkersCap) }

// mayBeNegative lists the numeric flags for which a negative value means
// something (a seed), or whose own range check says more (--cut-p, a
// probability: "outside [0, 1)").
var mayBeNegative = map[string]bool{"seed": true, "cut-p": true}

// checkFlags applies the flag policy to the flags c was given.
func checkFlags(c *cobra.Command, _ []string) error {
	var err error
	c.Flags().Visit(func(f *pflag.Flag) {
		if err == nil {
			err = checkFlag(f)
		}
	})
	if err != nil {
		return usageError{fmt.Errorf("%s: %w", cmdPath(c), err)}
	}
	return nil
}

func checkFlag(f *pflag.Flag) error {
	v := f.Value.String()
	switch f.Value.Type() {
	case "int", "int8", "int16", "int32", "int64", "size":
		n, perr := strconv.ParseInt(v, 10, 64)
		if perr != nil {
			return nil
		}
		if n < 0 && !mayBeNegative[f.Name] {
			return fmt.Errorf("--%s %d: must not be negative", f.Name, n)
		}
		if f.Name == "workers" && (n < 1 || n > int64(maxWorkers())) {
			return fmt.Errorf("--workers %d: want 1 to %d (%d per CPU)", n, maxWorkers(), workersPerCPU)
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
