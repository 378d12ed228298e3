package gaps

import (
	"context"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/branchwise/branchwise/dedup"
	"github.com/branchwise/branchwise/internal/cputime"
	"github.com/branchwise/branchwise/internal/opterr"
	"github.com/branchwise/branchwise/search"
)

// Algorithms lists the names Solve accepts. Any name may end in "+dl" to
// switch deadlock detection on (the decider has it on unless it ends in
// "-nodl"); decide and decide-stubborn-dfs may end in "+suits" for
// canonical keys up to suit renaming too (DecideOptions.Suits), and
// decide, decide-reach and decide-stubborn-dfs in "+aces" to search ace
// classes (DecideOptions.Aces), and decide-stubborn-dfs+aces in "+lazy"
// for lazy ace orders (DecideOptions.Lazy).
var Algorithms = []string{
	Auto,                  // the default: decide, then decide-stubborn-dfs+aces (see Auto)
	"decide",              // the exhaustive decider (Decide), deadlock detection on
	"decide-reach",        // the decider with the reachability test (Unwinnable) and forced moves (ForcedMove)
	"decide-stubborn",     // decide-reach expanding only stubborn sets (a partial-order reduction, stubborn.go)
	"decide-stubborn-dfs", // the same, depth-first (children ByKind)
	"dfid",                // Berliner et al.'s DF: iterative deepening, branch and bound on D + N, increment 2
	"astar",               // A*, f = D + N (optimal)
	"bf1-1.8",             // Berliner et al.'s BF1, f = 1.8 N + D (any mu: bf1-MU)
	"bf1-2.4",             // BF1 with Berliner et al.'s mu for the hardest deals
	"bf2",                 // best-first on Goodness
	"priority1",           // Shintani's priority-first, order 1 (aces, then dead holes)
	"priority2",           // Shintani's priority-first, order 2 (dead holes, then aces)
	"dfs-aces-first",      // Shintani's depth-first 1: each state once, ace moves tried first
	"dfs-aces-last",       // Shintani's depth-first 2: each state once, ace moves tried last
	"dfs",                 // search.DepthFirst with duplicate detection (re-searches states reached more cheaply)
	"dive",                // randomized restarts of depth-first dives for a win (Dive): solvable or unknown, never unsolvable
	"bfs",                 // breadth-first (optimal, exhaustive)
}

// Auto names the default decider, the portfolio that decides the most
// full deals: best-first decide, then depth-first decide-stubborn-dfs+aces.
// Best-first wins the easy and middling deals in the fewest nodes;
// depth-first with stubborn sets stores a third of the bytes per position
// and proves or wins most of what best-first leaves (docs/gaps.md, "The
// default decider"), on ace classes with fewer positions (4 x 13 deal
// 1012's proof: 3.2 M classes against 4.5 M positions, half the CPU).
// With MaxCPU or MaxTime best-first gets AutoFirstShare of the budget
// (halves, as the portfolio "decide,decide-stubborn-dfs+aces") and
// depth-first the rest; without,
// best-first stops after AutoFirstNodes generated nodes (or on MaxMem) and
// depth-first runs on with what is left of MaxNodes, so Auto needs no
// limit and decides every deal it is given time for.
const Auto = "auto"

// autoRuns are Auto's algorithms, in turn; variantRuns under a rule
// variant, where ace classes do not apply (rules.go).
var (
	autoRuns    = []string{"decide", "decide-stubborn-dfs+aces"}
	variantRuns = []string{"decide", "decide-stubborn-dfs"}
)

// AutoFirstShare is the part of a CPU or wall-clock budget, in
// thousandths, after which Auto's best-first run stops and depth-first
// runs on until the whole budget is spent: halves. Re-measured on
// 2026-11-27 (docs/gaps-notes.md, "The default's CPU split"): each half
// timed alone on 36 training deals of 4 x 13 favoured a fifth (1 unknown
// of 36 against 2), but the held-out deals at a fifth left 5 of 33
// unknown against 4 at halves, and the 1,000-deal survey's curve shows
// best-first deciding 8.7% of deals between 10 and 30 s against 1 of the
// 36: the evidence does not support moving the split.
const AutoFirstShare = 500

// AutoFirstNodes is the node budget of Auto's best-first run when no time
// limit shares out the budget: about the 30 s of CPU that the half of a
// 60 s budget gives it (50-72 M nodes in 60 s on the 1,000 full deals),
// well past every 4..9-column deal that best-first decides at all.
const AutoFirstNodes = 30_000_000

// SolveOptions are the limits and the duplicate store of Solve.
type SolveOptions struct {
	// Limits bound each search: MaxNodes and MaxMem as search.Options',
	// MaxTime the wall-clock time, MaxCPU the CPU time the process uses
	// while it runs (package cputime: exact when one search runs at a
	// time). A portfolio gives its i-th of n algorithms until i/n of
	// MaxTime and MaxCPU is spent.
	search.Limits
	// Store is "hash" (default), "trie" or "spill" (see Stores).
	Store string
	// Progress, if set, is called now and then with the generated nodes.
	Progress func(generated int64) `spec:"-"`
	// Workers is DecideOptions.Workers of the best-first deciders (decide,
	// decide-reach): goroutines searching one deal together (0: every
	// CPU, as search.Workers reads it).
	Workers int `spec:"-"`
	// AutoFirst is the node budget of Auto's best-first run when no time
	// limit is set (0: AutoFirstNodes).
	AutoFirst int64
	// Rules, unless standard, are the rule variants the deal is played by
	// (rules.go), in place of the deal's own. A survey's spec writes them
	// itself (SurveySizes.LedgerSpec), only for a variant, so that the
	// checkpoints of standard surveys written before variants existed
	// still resume.
	Rules Rules `spec:"-"`
}

// CheckRules reports rules out of range, or an algorithm that does not
// play them: ace classes, lazy ace orders and suit-renaming keys are for
// the standard game only.
func CheckRules(r Rules, algo string) error {
	if err := r.Check(); err != nil {
		return opterr.Errorf("--redeals", "%v", strings.TrimPrefix(err.Error(), "gaps: "))
	}
	if r.Standard() {
		return nil
	}
	for _, a := range strings.Split(algo, ",") {
		if strings.Contains(a, "+aces") || strings.Contains(a, "+suits") {
			return opterr.Errorf("--algo", "%q: ace classes and suit-renaming keys are for the standard game, not %s", a, r)
		}
	}
	return nil
}

// Outcome is what Solve found.
type Outcome struct {
	Algorithm string
	Verdict   Verdict
	Path      []Move
	Generated int64
	Expanded  int64
	Stored    int
	Rejected  int64
	Bytes     int64
	Elapsed   time.Duration
	// CPU is the CPU time the process used during the search.
	CPU time.Duration
	// Status is how the search ended; an Unknown verdict has a status that
	// ended early (Status.Early), which says which limit stopped it.
	Status search.Status
}

// Stores lists the duplicate stores of SolveOptions.Store.
var Stores = []string{"hash", "trie", "spill"}

// newStore returns a duplicate store by name (checkStore): a HashSet, a
// Trie, or a Spill that keeps its table under half of maxMem and the rest
// in files under the system's temporary directory ($TMPDIR), so that a
// depth-first decider is stopped by its time, not by --max-mem.
func newStore(name string, maxMem int64) (dedup.Store, error) {
	if err := checkStore(name, maxMem); err != nil {
		return nil, err
	}
	if name == "spill" {
		return dedup.NewSpill("", maxMem/2)
	}
	return dedup.New(name)
}

// checkStore reports an unknown store, or a spill without a memory limit.
func checkStore(name string, maxMem int64) error {
	if name == "spill" {
		if maxMem <= 0 {
			return opterr.Errorf("--dedup", "spill keeps the store under half of --max-mem: give --max-mem")
		}
		return nil
	}
	if _, err := dedup.New(name); err != nil {
		return opterr.Errorf("--dedup", "unknown duplicate store %q (want %s)", name, strings.Join(Stores, ", "))
	}
	return nil
}

// CheckAlgorithm reports whether Solve knows the algorithm name, or every
// algorithm of a portfolio "a,b,...".
func CheckAlgorithm(name string) error {
	if name == Auto {
		return nil
	}
	if parts := strings.Split(name, ","); len(parts) > 1 {
		for _, p := range parts {
			if p == Auto {
				return opterr.Errorf("--algo", "%q: auto is a portfolio already, give it alone", name)
			}
			if err := CheckAlgorithm(p); err != nil {
				return err
			}
		}
		return nil
	}
	if b, ok := strings.CutSuffix(name, "+suits"); ok {
		if b != "decide" && b != "decide-stubborn-dfs" {
			return opterr.Errorf("--algo", "%q: +suits goes with decide and decide-stubborn-dfs only", name)
		}
		return nil
	}
	if b, ok := strings.CutSuffix(name, "+lazy"); ok {
		if b != "decide-stubborn-dfs+aces" {
			return opterr.Errorf("--algo", "%q: +lazy goes with decide-stubborn-dfs+aces only", name)
		}
		return nil
	}
	if b, ok := strings.CutSuffix(name, "+aces"); ok {
		if b != "decide" && b != "decide-reach" && b != "decide-stubborn-dfs" {
			return opterr.Errorf("--algo", "%q: +aces goes with decide, decide-reach and decide-stubborn-dfs only", name)
		}
		return nil
	}
	base := strings.TrimSuffix(name, "+dl")
	base = strings.TrimSuffix(base, "-nodl")
	if mu, ok := strings.CutPrefix(base, "bf1-"); ok {
		if v, err := strconv.ParseFloat(mu, 64); err == nil && v >= 0 {
			return nil
		}
	}
	for _, a := range Algorithms {
		if base == a && a != Auto { // auto takes no suffix
			return nil
		}
	}
	return opterr.Errorf("--algo", "unknown algorithm %q (want one of %s, optionally with +dl)", name, strings.Join(Algorithms, ", "))
}

// Solve runs the algorithm called name (see Algorithms) on deal d. A search
// that exhausts the space without a win proves the deal Unsolvable; one
// stopped by a limit or ctx answers Unknown.
//
// A name "a,b,..." is a portfolio: the algorithms run in turn until one
// decides the deal, the i-th of n stopped when i/n of MaxTime or MaxCPU
// (counted from the start) is spent, so a portfolio needs one of them. Its
// outcome is the last run's, with the nodes generated and expanded and the
// deadlocks rejected summed over the runs. With MaxMem (and always for
// Auto), the memory of a run is returned to the system before the next
// begins. Auto is such a
// portfolio that needs no time limit (see Auto).
func Solve(ctx context.Context, d Deal, name string, o SolveOptions) (Outcome, error) {
	if err := CheckAlgorithm(name); err != nil {
		return Outcome{}, err
	}
	if err := checkStore(o.Store, o.MaxMem); err != nil {
		return Outcome{}, err
	}
	if !o.Rules.Standard() {
		d.Rules = o.Rules
	}
	if err := CheckRules(d.Rules, name); err != nil {
		return Outcome{}, err
	}
	algos := strings.Split(name, ",")
	timed := o.MaxTime > 0 || o.MaxCPU > 0
	auto := name == Auto
	if auto {
		algos = autoRuns
		if !d.Rules.Standard() {
			algos = variantRuns
		}
	}
	if len(algos) > 1 && !timed && !auto {
		return Outcome{}, opterr.Errorf("--max-cpu", "the portfolio %q needs --max-cpu or --max-time: the first algorithm would run for ever", name)
	}
	start := time.Now()
	cpu0, _ := cputime.Process()
	out := Outcome{Verdict: Unknown, Status: search.TimeLimit}
	for i, a := range algos {
		share := func(limit time.Duration) time.Duration {
			if auto && i == 0 {
				return limit * AutoFirstShare / 1000
			}
			return limit * time.Duration(i+1) / time.Duration(len(algos))
		}
		cpuLeft := cpu0 + share(o.MaxCPU) - cpuNow()
		if o.MaxCPU > 0 && cpuLeft <= 0 {
			continue // an earlier run overran into this one's share
		}
		c, cancel := context.WithCancel(ctx)
		if o.MaxTime > 0 {
			c, cancel = context.WithDeadline(ctx, start.Add(share(o.MaxTime)))
		}
		budget := cputime.WithBudget(c, max(cpuLeft, 0))
		oi := o
		if auto && !timed {
			first := o.AutoFirst
			if first <= 0 {
				first = AutoFirstNodes
			}
			oi.MaxNodes = autoNodes(i, o.MaxNodes, first, out.Generated)
		}
		run, err := solveOne(budget, d, a, oi)
		spent := budget.Spent()
		budget.Stop()
		cancel()
		if err != nil {
			return out, err
		}
		if spent && run.Verdict == Unknown && ctx.Err() == nil {
			run.Status = search.TimeLimit // the CPU budget, not an interruption
		}
		run.Generated += out.Generated
		run.Expanded += out.Expanded
		run.Rejected += out.Rejected
		out = run
		if out.Verdict != Unknown || ctx.Err() != nil || auto && o.MaxNodes > 0 && out.Generated >= o.MaxNodes {
			break
		}
		if i+1 < len(algos) && (o.MaxMem > 0 || auto) {
			// The run's tables are garbage now, but the runtime keeps their
			// pages until it scavenges them; the next run would build its
			// own beside them (deal 1452 at 13 columns: 2.8 GB resident
			// after the best-first half, 4.07 GB at the end with 4 GB
			// MaxMem). Returning them keeps the process within MaxMem, and
			// auto without MaxMem (its best-first run may hold 2 GB) from
			// holding both.
			debug.FreeOSMemory()
		}
	}
	out.Algorithm = name
	out.Elapsed = time.Since(start)
	out.CPU = cpuNow() - cpu0
	return out, nil
}

// autoNodes returns the node limit of Auto's run i without a time limit,
// given the caller's limit (0: none), the first run's budget and the nodes
// the runs before it generated.
func autoNodes(i int, limit, first, spent int64) int64 {
	if i == 0 {
		if limit > 0 {
			return min(limit, first)
		}
		return first
	}
	if limit > 0 {
		return max(limit-spent, 1)
	}
	return 0
}

// runLimits are the limits of one run of Solve: its time limits are
// Solve's context's (a portfolio shares them out).
func runLimits(l search.Limits) search.Limits {
	l.MaxTime, l.MaxCPU = 0, 0
	return l
}

// cpuNow is the process's CPU time (0 where the system gives none).
func cpuNow() time.Duration {
	t, _ := cputime.Process()
	return t
}

// solveOne runs one algorithm, the work of Solve.
func solveOne(ctx context.Context, d Deal, name string, o SolveOptions) (_ Outcome, err error) {
	store, err := newStore(o.Store, o.MaxMem)
	if err != nil {
		return Outcome{}, err
	}
	if sp, ok := store.(*dedup.Spill); ok {
		defer func() {
			if err == nil {
				err = sp.Err()
			}
			if cerr := sp.Close(); err == nil {
				err = cerr
			}
		}()
	}
	start := time.Now()
	out := Outcome{Algorithm: name}
	name, suits := strings.CutSuffix(name, "+suits")
	name, lazy := strings.CutSuffix(name, "+lazy")
	name, aces := strings.CutSuffix(name, "+aces")
	deadlock := strings.HasSuffix(name, "+dl")
	base := strings.TrimSuffix(strings.TrimSuffix(name, "+dl"), "-nodl")
	stubborn := strings.HasPrefix(base, "decide-stubborn")
	if base == "decide" || base == "decide-reach" || stubborn || strings.HasPrefix(base, "dfs-") {
		reach := base == "decide-reach" || stubborn
		do := DecideOptions{Limits: runLimits(o.Limits), Store: store,
			Deadlock: base == "decide" && !strings.HasSuffix(name, "-nodl") || deadlock,
			Reach:    reach, Forced: reach, Stubborn: stubborn,
			DepthFirst: base == "decide-stubborn-dfs", Workers: o.Workers, Suits: suits, Aces: aces, Lazy: lazy}
		switch base {
		case "dfs-aces-first":
			do.Plain, do.Order = true, AcesFirst
		case "dfs-aces-last":
			do.Plain, do.Order = true, AcesLast
		}
		if o.Progress != nil {
			do.Progress = func(s *search.Stats) { o.Progress(s.Generated) }
		}
		dec, err := Decide(ctx, d, do)
		if err != nil {
			return out, err
		}
		out.Verdict, out.Path, out.Generated, out.Expanded, out.Stored, out.Rejected, out.Bytes, out.Status =
			dec.Verdict, dec.Path, dec.Generated, dec.Expanded, dec.Stored, dec.Rejected, dec.Bytes, dec.Status
		out.Elapsed = time.Since(start)
		return out, nil
	}
	if base == "dive" {
		do := DiveOptions{Limits: runLimits(o.Limits), Progress: o.Progress}
		dv, err := Dive(ctx, d, do)
		if err != nil {
			return out, err
		}
		out.Verdict, out.Path, out.Generated, out.Expanded, out.Stored, out.Rejected, out.Bytes, out.Status =
			dv.Verdict, dv.Path, dv.Generated, dv.Expanded, dv.Stored, dv.Rejected, dv.Bytes, dv.Status
		out.Elapsed = time.Since(start)
		return out, nil
	}
	dom, err := NewDomain(d)
	if err != nil {
		return out, err
	}
	dom.Deadlock = deadlock
	so := search.Options{Limits: runLimits(o.Limits), Store: store}
	if o.Progress != nil {
		so.Progress = func(s *search.Stats) { o.Progress(s.Generated) }
	}
	var f search.Func
	switch {
	case base == "dfid":
		f, so.Increment, so.Detect = search.DFID, 2, true
	case base == "astar":
		f = search.AStar
	case strings.HasPrefix(base, "bf1-"):
		mu, _ := strconv.ParseFloat(strings.TrimPrefix(base, "bf1-"), 64)
		f, so.Eval = search.BestFirst, BF1(mu)
	case base == "bf2":
		f, so.Eval = search.BestFirst, Goodness
	case base == "priority1":
		f, so.Priority = search.PriorityFirst, Priority1
	case base == "priority2":
		f, so.Priority = search.PriorityFirst, Priority2
	case base == "dfs":
		f, so.Detect = search.DepthFirst, true
	case base == "bfs":
		f = search.BreadthFirst
	}
	r := f(ctx, dom, so)
	out.Generated, out.Expanded, out.Stored, out.Bytes = r.Stats.Generated, r.Stats.Expanded, r.Stats.PeakClosed, r.Stats.Bytes
	out.Rejected = dom.Rejected
	out.Status = r.Status
	switch r.Status {
	case search.Solved:
		out.Verdict = Solvable
		out.Path = movesOf(r.Path)
	case search.NoSolution:
		out.Verdict = Unsolvable
	default:
		out.Verdict = Unknown
	}
	out.Elapsed = time.Since(start)
	return out, nil
}
