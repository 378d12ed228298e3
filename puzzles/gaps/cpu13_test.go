package gaps

import (
	"context"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// cpuSeconds returns the CPU time (user + system) the process has used.
func cpuSeconds() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	tv := func(t syscall.Timeval) float64 { return float64(t.Sec) + float64(t.Usec)/1e6 }
	return tv(ru.Utime) + tv(ru.Stime)
}

// TestFullDealsCPU is a measuring harness, not a test: with GAPS13_SEEDS
// set ("1003,1006" or "1000-1067") it decides the 4 x 13 deals of those
// seeds one at a time, each stopped after GAPS13_CPU of process CPU time
// (default 20s), with the decider GAPS13_ALGO (decide, decide-reach,
// decide-stubborn), replays every solution and prints one line a deal.
func TestFullDealsCPU(t *testing.T) {
	spec := os.Getenv("GAPS13_SEEDS")
	if spec == "" {
		t.Skip("GAPS13_SEEDS not set")
	}
	var seeds []uint64
	for _, f := range strings.Split(spec, ",") {
		lo, hi, ok := strings.Cut(f, "-")
		a, _ := strconv.ParseUint(lo, 10, 64)
		b := a
		if ok {
			b, _ = strconv.ParseUint(hi, 10, 64)
		}
		for s := a; s <= b; s++ {
			seeds = append(seeds, s)
		}
	}
	budget := 20 * time.Second
	if v := os.Getenv("GAPS13_CPU"); v != "" {
		budget, _ = time.ParseDuration(v)
	}
	cols := 13
	if v := os.Getenv("GAPS13_K"); v != "" {
		cols, _ = strconv.Atoi(v)
	}
	algo := os.Getenv("GAPS13_ALGO")
	options := func(algo string) DecideOptions {
		switch algo {
		case "decide-reach":
			return DecideOptions{Reach: true, Forced: true, MaxMem: 6 << 30}
		case "decide-stubborn":
			return DecideOptions{Reach: true, Forced: true, Stubborn: true, MaxMem: 6 << 30}
		}
		return DecideOptions{Deadlock: true, MaxMem: 6 << 30}
	}
	o := options(algo)
	first := o
	if v := os.Getenv("GAPS13_FIRST"); v != "" {
		first = options(v)
	}
	if os.Getenv("GAPS13_DFS") != "" {
		o.DepthFirst = true
	}
	if os.Getenv("GAPS13_GLOBAL") != "" {
		stubbornRelative = false
	}
	count := map[Verdict]int{}
	// GAPS13_SPLIT=F runs a portfolio: best-first (the decider
	// GAPS13_FIRST, default GAPS13_ALGO) for the fraction F of the budget,
	// then, if still unknown, depth-first GAPS13_ALGO for the rest.
	split, _ := strconv.ParseFloat(os.Getenv("GAPS13_SPLIT"), 64)
	for _, s := range seeds {
		d := Generate(cols, s)
		start := cpuSeconds()
		run := func(o DecideOptions, until float64) (Decision, error) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			done := make(chan struct{})
			defer close(done)
			go func() {
				tk := time.NewTicker(50 * time.Millisecond)
				defer tk.Stop()
				for {
					select {
					case <-done:
						return
					case <-tk.C:
						if cpuSeconds()-start > until {
							cancel()
							return
						}
					}
				}
			}()
			return Decide(ctx, d, o)
		}
		var dec Decision
		var err error
		if split > 0 {
			dec, err = run(first, split*budget.Seconds())
			if err == nil && dec.Verdict == Unknown {
				o.DepthFirst = true
				dec, err = run(o, budget.Seconds())
			}
		} else {
			dec, err = run(o, budget.Seconds())
		}
		used := cpuSeconds() - start
		if err != nil {
			t.Fatal(err)
		}
		replay := ""
		if dec.Verdict == Solvable {
			ok, _ := Replay(d, dec.Path)
			if !ok {
				t.Errorf("seed %d: the solution does not replay", s)
			}
			replay = " replay=" + strconv.FormatBool(ok) + " moves=" + strconv.Itoa(len(dec.Path))
		}
		count[dec.Verdict]++
		t.Logf("seed %d %s %-10v cpu %.2fs generated %d expanded %d stored %d rejected %d bytes %d%s",
			s, algo, dec.Verdict, used, dec.Generated, dec.Expanded, dec.Stored, dec.Rejected, dec.Bytes, replay)
	}
	t.Logf("%s: solvable %d unsolvable %d unknown %d", algo, count[Solvable], count[Unsolvable], count[Unknown])
}
