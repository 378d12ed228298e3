package tiles

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/branchwise/branchwise/dedup"
	"github.com/branchwise/branchwise/internal/cputime"
	"github.com/branchwise/branchwise/internal/numfmt"
	"github.com/branchwise/branchwise/internal/opterr"
	"github.com/branchwise/branchwise/internal/spec"
	"github.com/branchwise/branchwise/internal/workpool"
	"github.com/branchwise/branchwise/search"
)

// SolveOptions choose the algorithm, heuristic and limits of Solve.
type SolveOptions struct {
	// Algorithm is a name of search.Names(); "" is "ida". With "ida" and
	// the Manhattan distance Solve runs this package's IDA (Korf's
	// counting conventions), otherwise the engine of package search.
	Algorithm string
	// LinearConflicts adds Hansson et al.'s linear conflicts to the
	// Manhattan distance.
	LinearConflicts bool
	Weight          float64 // mu of wastar (f = g + mu*h)
	Increment       int     // bound increment of dfid
	Store           string  // duplicate store of the graph searches: dedup.New's names
	// Filter prunes the depth-first searches (FSM pruning); nil: none.
	Filter search.Automaton
	// Limits bound the search (MaxMem only the graph searches, which
	// hold states).
	search.Limits
	// Progress, if set, is called now and then by the generic engines.
	Progress func(*search.Stats) `spec:"-"`
	// PDB, with IDA, is a pattern-database heuristic for ParallelIDA.
	PDB *PDBHeuristic
	// Workers, with IDA, is ParallelIDA's: search.Workers(Workers) > 1
	// runs it on that many workers (0: every CPU).
	Workers int `spec:"-"`
}

// Check reports whether the options name a known algorithm and store.
func (o SolveOptions) Check() error {
	if o.Algorithm != "" {
		if _, err := search.ByName(o.Algorithm); err != nil {
			return err
		}
	}
	if o.Algorithm == "wastar" && !(o.Weight >= 0) {
		return opterr.Errorf("--weight", "--weight must be >= 0")
	}
	if o.Algorithm == "wastar" && o.Weight > search.MaxWeight {
		return opterr.Errorf("--weight", "--weight %g: at most %d (a larger mu orders by h alone: use --algo greedy)", o.Weight, search.MaxWeight)
	}
	_, err := dedup.New(o.Store)
	return err
}

// Solve searches a path from start to goal with the configured algorithm.
func Solve(ctx context.Context, start, goal Board, o SolveOptions) (search.Result, error) {
	if err := o.Check(); err != nil {
		return search.Result{}, err
	}
	p, err := NewPuzzle(start, goal, o.LinearConflicts)
	if err != nil {
		return search.Result{}, err
	}
	if (o.Algorithm == "" || o.Algorithm == "ida") && !o.LinearConflicts && o.Filter == nil && (o.PDB != nil || search.Workers(o.Workers) > 1) {
		return ParallelIDA(ctx, p, ParallelOptions{Heuristic: o.PDB, Workers: o.Workers, Limits: o.Limits}), nil
	}
	if (o.Algorithm == "" || o.Algorithm == "ida") && !o.LinearConflicts {
		return IDA(ctx, p, IDAOptions{Limits: o.Limits, Filter: o.Filter}), nil
	}
	alg, _ := search.ByName(o.Algorithm)
	store, _ := dedup.New(o.Store)
	return alg(ctx, p, search.Options{Limits: o.Limits, Weight: o.Weight,
		Increment: o.Increment, Progress: o.Progress, Store: store, Filter: o.Filter}), nil
}

// Solution is a search's outcome on one instance, as the command line
// prints it.
type Solution struct {
	Name  string `json:"name,omitempty"`
	Board string `json:"board"`
	// Status is how the search ended (in JSON its name: "solved"); the
	// early ends are all search.Stopped in Summarize's solutions, with
	// Reason saying what stopped the search.
	Status    search.Status `json:"status"`
	Length    int           `json:"length"`
	Moves     string        `json:"moves"` // the blank's moves, letters of MoveLetters
	Generated int64         `json:"generated"`
	Expanded  int64         `json:"expanded"`
	PeakOpen  int           `json:"peak_open,omitempty"`
	Stored    int           `json:"stored,omitempty"`
	Seconds   float64       `json:"seconds"`
	Optimal   int           `json:"optimal,omitempty"`
	Reason    string        `json:"stopped_by,omitempty"`
	// Iterations are the finished iterations of an IDA* run (korf24),
	// for projecting the cost of those an instance still needs.
	Iterations []search.Iteration `json:"iterations,omitempty"`
}

// Summarize turns a search result on board b into a Solution.
func Summarize(name string, b Board, r search.Result) Solution {
	s := Solution{Name: name, Board: b.String(), Status: r.Status, Length: r.Cost,
		Generated: r.Stats.Generated, Expanded: r.Stats.Expanded, PeakOpen: r.Stats.PeakOpen,
		Stored: r.Stats.PeakClosed, Seconds: r.Stats.Elapsed.Seconds()}
	var moves strings.Builder
	for _, m := range r.Path {
		moves.WriteByte(MoveLetters[m])
	}
	s.Moves = moves.String()
	if r.Status.Early() {
		// "stopped", and the limit or the error that stopped it
		s.Status, s.Length, s.Reason = search.Stopped, 0, r.Status.String()
		if r.Err != nil {
			s.Reason = r.Err.Error()
		} else if err := r.Status.Err(); err != nil {
			s.Reason = err.Error()
		}
	}
	return s
}

// KorfRun is one instance of a Korf100 run.
type KorfRun struct {
	Solution
	Index            int   `json:"index"`
	KorfGenerated    int64 `json:"korf_generated,omitempty"`
	MatchesPublished bool  `json:"matches_published"`
}

// Korf100Options configure RunKorf100.
type Korf100Options struct {
	Solve SolveOptions
	// Instances are the numbers (1..100) to run, in order; nil: all. The
	// ledger records each instance by number, so a resumed run (or a
	// shard) may choose others: not in the spec.
	Instances []int `spec:"-"`
	Workers   int   `spec:"-"`
	// Done, if set, is called after each instance, one call at a time.
	Done func(KorfRun) `spec:"-"`
	// Printf, if set, is given a progress line after each instance: the
	// instances done (those of the ledger included), the nodes and the
	// time so far.
	Printf func(format string, args ...any) `spec:"-"`
	// Resumed are instances finished by an earlier run (a checkpoint), by
	// number: they are not run again and count in the result as they are.
	Resumed map[int]KorfRun `spec:"-"`
	// Ledger, if set, is the run's checkpoint: the instances it holds are
	// added to Resumed, and every instance that finishes is added to it
	// (one cut by the cancellation or a time limit of ctx runs again on
	// resume). The caller closes it.
	Ledger Checkpoint `spec:"-"`
}

// LedgerSpec is the spec (internal/spec) a ledger of the run is tied to:
// every option that changes the results, so that a resumed run cannot
// mix settings.
func (o Korf100Options) LedgerSpec() (string, error) { return spec.Of("tiles korf100", o) }

// Checkpoint is where a run keeps its finished instances, by number, as
// JSON: a shard.Ledger.
type Checkpoint interface {
	Name() string
	Done() map[int]json.RawMessage
	// Add records instance i's result; the ledger keeps its first error.
	Add(i int, result any) error
}

// progress wraps Done to give Printf its line after each instance.
func (opt *Korf100Options) progress() {
	if opt.Printf == nil {
		return
	}
	done, nodes, start, total := 0, int64(0), time.Now(), len(opt.Instances)
	if opt.Ledger != nil {
		done = len(opt.Ledger.Done())
	}
	if opt.Instances == nil {
		total = len(Korf100())
	}
	next := opt.Done
	opt.Done = func(r KorfRun) {
		if next != nil {
			next(r)
		}
		done, nodes = done+1, nodes+r.Generated
		opt.Printf("korf100: %d/%d instances done, %s nodes, %s", done, total, numfmt.Count(nodes), time.Since(start).Round(time.Second))
	}
}

// resume adds the ledger's runs to opt.Resumed and records each finished
// run in the ledger.
func (opt *Korf100Options) resume(ctx context.Context) error {
	l := opt.Ledger
	if l == nil {
		return nil
	}
	resumed := map[int]KorfRun{}
	for n, r := range opt.Resumed {
		resumed[n] = r
	}
	for i, raw := range l.Done() {
		var r KorfRun
		if err := json.Unmarshal(raw, &r); err != nil || r.Index != i {
			return fmt.Errorf("%s: instance %d: not a Korf run", l.Name(), i)
		}
		resumed[i] = r
	}
	opt.Resumed = resumed
	done := opt.Done
	opt.Done = func(r KorfRun) {
		if done != nil {
			done(r)
		}
		if r.Status != search.Stopped || ctx.Err() == nil {
			l.Add(r.Index, r) // the first error is kept for Finish
		}
	}
	return nil
}

// Korf100Result sums up a run of Korf's instances.
type Korf100Result struct {
	Algorithm string  `json:"algorithm"`
	Weight    float64 `json:"weight,omitempty"`
	Heuristic string  `json:"heuristic"`
	Workers   int     `json:"workers"`
	Instances int     `json:"instances"`
	Solved    int     `json:"solved"`
	// Optimal counts the solved instances whose length is the optimum.
	Optimal int `json:"optimal_lengths"`
	// Matches counts the instances that match the published length and,
	// when CheckCounts, Korf's generated-node count.
	Matches int `json:"matches_published"`
	// Stopped counts the runs a limit of their own stopped: they are
	// neither solved nor compared with the published counts.
	Stopped         int     `json:"stopped"`
	SumLength       int     `json:"sum_length"`
	SumOptimal      int     `json:"sum_optimal"`
	MeanLengthRatio float64 `json:"mean_length_ratio"`
	Generated       int64   `json:"generated"`
	Expanded        int64   `json:"expanded"`
	MeanExpanded    float64 `json:"mean_expanded"`
	// CPUSeconds is the process's CPU time during the run where the
	// system tells it and nothing was resumed, else the runs' times summed.
	CPUSeconds     float64 `json:"cpu_seconds"`
	WallSeconds    float64 `json:"wall_seconds"`
	NodesPerSecond float64 `json:"nodes_per_second"`
	// Resumed counts the instances taken from Korf100Options.Resumed.
	Resumed int `json:"resumed,omitempty"`
	// Status is search.Solved when every instance ran (to its end or a
	// limit of its own), and the context's status (search.Interrupted,
	// search.TimeLimit) when ctx ended first. In JSON it is the flag
	// "interrupted", only when set (written last).
	Status search.Status `json:"-"`
	// Runs are the instances that ran to their end or to a limit of their
	// own, in the order of Instances; those the cancellation cut are left
	// out.
	Runs []KorfRun `json:"rows"`
	// CheckCounts is set when the configuration is Korf's (IDA*,
	// Manhattan distance, no filter): node counts must then match his.
	CheckCounts bool `json:"-"`
}

// RunKorf100 solves Korf's 100 fifteen-puzzles (or those of
// opt.Instances) on opt.Workers goroutines, one instance per worker at a
// time, and compares them with the published lengths and node counts.
func RunKorf100(ctx context.Context, opt Korf100Options) (Korf100Result, error) {
	if err := opt.Solve.Check(); err != nil {
		return Korf100Result{}, err
	}
	opt.progress()
	if err := opt.resume(ctx); err != nil {
		return Korf100Result{}, err
	}
	all := Korf100()
	sel := opt.Instances
	if sel == nil {
		for i := range all {
			sel = append(sel, i+1)
		}
	}
	for _, n := range sel {
		if n < 1 || n > len(all) {
			return Korf100Result{}, fmt.Errorf("tiles: Korf's instance %d: want 1..%d", n, len(all))
		}
	}
	algo := opt.Solve.Algorithm
	if algo == "" {
		algo = "ida"
	}
	res := Korf100Result{Algorithm: algo, Heuristic: "md", Workers: workpool.Workers(opt.Workers), Instances: len(sel),
		CheckCounts: algo == "ida" && !opt.Solve.LinearConflicts && opt.Solve.Filter == nil && opt.Solve.PDB == nil}
	if opt.Solve.LinearConflicts {
		res.Heuristic = "lc"
	}
	if opt.Solve.PDB != nil {
		res.Heuristic = opt.Solve.PDB.Name
	}
	if algo == "wastar" {
		res.Weight = opt.Solve.Weight
	}
	start := time.Now()
	cpu0, cpuOK := cputime.Process()
	type run struct {
		KorfRun
		counted bool
	}
	var todo []int
	for _, n := range sel {
		if _, ok := opt.Resumed[n]; !ok {
			todo = append(todo, n)
		}
	}
	ran, _ := workpool.Map(ctx, opt.Workers, len(todo), func(j int) run {
		k := all[todo[j]-1]
		so := opt.Solve
		so.Progress = nil
		r, _ := Solve(ctx, k.Board, Goal(4, 4), so) // checked above
		// A search the cancellation stopped has no result; one stopped by
		// its own limit has.
		cut := r.Status.Early() && errors.Is(ctx.Err(), context.Canceled)
		kr := KorfRun{Solution: Summarize(k.Name, k.Board, r), Index: todo[j], KorfGenerated: k.Generated}
		kr.Optimal = k.Optimal
		kr.MatchesPublished = kr.Status == search.Solved && kr.Length == k.Optimal && (!res.CheckCounts || kr.Generated == k.Generated)
		if !res.CheckCounts {
			kr.KorfGenerated = 0
		}
		return run{kr, !cut}
	}, func(_ int, r run) {
		if opt.Done != nil && r.counted {
			opt.Done(r.KorfRun)
		}
	})
	res.WallSeconds = time.Since(start).Seconds()
	runs := make([]run, 0, len(sel))
	for _, n := range sel {
		if r, ok := opt.Resumed[n]; ok {
			runs = append(runs, run{r, true})
			res.Resumed++
		} else {
			runs = append(runs, ran[0])
			ran = ran[1:]
		}
	}
	var ratio float64
	var fresh int64 // nodes generated by this run, for its rate
	for j, r := range runs {
		if !r.counted {
			continue
		}
		if _, ok := opt.Resumed[sel[j]]; !ok {
			fresh += r.Generated
		}
		res.Runs = append(res.Runs, r.KorfRun)
		res.Generated += r.Generated
		res.Expanded += r.Expanded
		res.CPUSeconds += r.Seconds
		if r.Status == search.Stopped {
			res.Stopped++
		}
		if r.Status != search.Solved {
			continue
		}
		res.Solved++
		res.SumLength += r.Length
		res.SumOptimal += r.Optimal
		ratio += float64(r.Length) / float64(r.Optimal)
		if r.Length == r.Optimal {
			res.Optimal++
		}
		if r.MatchesPublished {
			res.Matches++
		}
	}
	if ctx.Err() != nil {
		res.Status = search.StatusOf(search.ContextErr(ctx))
	}
	if res.Solved > 0 {
		res.MeanLengthRatio = ratio / float64(res.Solved)
	}
	if n := len(res.Runs); n > 0 {
		res.MeanExpanded = float64(res.Expanded) / float64(n)
	}
	if res.WallSeconds > 0 {
		res.NodesPerSecond = float64(fresh) / res.WallSeconds
	}
	// The CPU time measured, not the instances' times summed (which
	// counts the time a loaded machine's other work took too).
	if cpu1, ok := cputime.Process(); ok && cpuOK && res.Resumed == 0 {
		res.CPUSeconds = (cpu1 - cpu0).Seconds()
	}
	return res, nil
}

// WriteTable prints the runs, one line each (with Korf's count where it
// differs, or what stopped it), then the totals.
func (s *Korf100Result) WriteTable(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "#\tstatus\tlength\toptimal\tgenerated\texpanded\tseconds\t")
	for _, r := range s.Runs {
		mark := ""
		switch {
		case r.Status == search.Stopped:
			mark = "  " + r.Reason
		case s.CheckCounts && !r.MatchesPublished:
			mark = fmt.Sprintf("  differs (Korf: %s)", numfmt.Count(r.KorfGenerated))
		}
		fmt.Fprintf(tw, "%d\t%s\t%d\t%d\t%s\t%s\t%.2f\t%s\n", r.Index, r.Status, r.Length, r.Optimal, numfmt.Count(r.Generated), numfmt.Count(r.Expanded), r.Seconds, mark)
	}
	tw.Flush()
	fmt.Fprintf(w, "\n%s", s.Algorithm)
	if s.Weight != 0 {
		fmt.Fprintf(w, " (mu = %g)", s.Weight)
	}
	fmt.Fprintf(w, ", heuristic %s, %s\n", s.Heuristic, workpool.Describe(s.Workers))
	fmt.Fprintf(w, "solved          %d of %d (%d run", s.Solved, s.Instances, len(s.Runs))
	if s.Stopped > 0 {
		fmt.Fprintf(w, ", %d stopped by a limit", s.Stopped)
	}
	fmt.Fprintln(w, ")")
	fmt.Fprintf(w, "optimal length  %d of %d solved; sum of lengths %s, of optima %s; mean ratio %.4f\n", s.Optimal, s.Solved, numfmt.Count(int64(s.SumLength)), numfmt.Count(int64(s.SumOptimal)), s.MeanLengthRatio)
	if s.CheckCounts {
		fmt.Fprintf(w, "published       %d of %d match Korf's length and generated-node count\n", s.Matches, len(s.Runs)-s.Stopped)
	}
	fmt.Fprintf(w, "generated       %s (%s nodes/s over %.1f s wall, %.1f s CPU)\n", numfmt.Count(s.Generated), numfmt.Estimate(s.NodesPerSecond), s.WallSeconds, s.CPUSeconds)
	if s.Resumed > 0 {
		fmt.Fprintf(w, "resumed         %d instances from the checkpoint (the rate is this run's)\n", s.Resumed)
	}
	_, err := fmt.Fprintf(w, "expanded        %s (mean %s per instance)\n", numfmt.Count(s.Expanded), numfmt.Count(int64(math.Round(s.MeanExpanded))))
	return err
}

// MarshalJSON writes the result with Status as "interrupted": true, last,
// when the run ended early.
func (s Korf100Result) MarshalJSON() ([]byte, error) {
	type plain Korf100Result // without this method
	return json.Marshal(struct {
		plain
		Interrupted bool `json:"interrupted,omitempty"`
	}{plain(s), s.Status.Early()})
}

// Err is the run's verdict when the configuration is Korf's: an error
// when finished instances differ from the published lengths or node
// counts. A run a limit stopped is not compared: it did not finish.
func (s *Korf100Result) Err() error {
	if finished := len(s.Runs) - s.Stopped; s.CheckCounts && s.Matches != finished {
		return fmt.Errorf("tiles: %d of %d finished instances differ from the published lengths or node counts", finished-s.Matches, finished)
	}
	return nil
}
