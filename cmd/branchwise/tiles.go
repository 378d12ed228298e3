package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
	"text/tabwriter"
	"time"

	"github.com/branchwise/branchwise/branching"
	"github.com/branchwise/branchwise/puzzles/tiles"
	"github.com/branchwise/branchwise/search"
	"github.com/spf13/cobra"
)

func init() { register(newTilesCmd) }

func newTilesCmd(e *env) *cobra.Command {
	c := &cobra.Command{
		Use:   "tiles",
		Short: "Sliding-tile puzzles: solve instances, run Korf's 100",
		Long: `Sliding-tile puzzles of any size from 2x2 to 8x8 (64 cells).

A board is written as its tiles row-major, 0 for the blank, separated by
spaces or commas. The default goal is Korf's: the blank top-left, tile t in
cell t. Solutions are printed as the blank's moves: U(p), L(eft), R(ight),
D(own).`,
	}
	c.AddCommand(newTilesSolveCmd(e), newTilesKorfCmd(e), newTilesRandomCmd(e))
	return c
}

// tilesFlags are the search settings shared by the tiles commands.
type tilesFlags struct {
	algo      string
	weight    float64
	increment int
	heuristic string
	store     string
	fsmLen    int
	fsm       *branching.Automaton
	asJSON    bool
	lim       limits
}

func (f *tilesFlags) add(c *cobra.Command) {
	fs := c.Flags()
	fs.StringVar(&f.algo, "algo", "ida", "search algorithm: "+strings.Join(search.Names(), ", "))
	fs.Float64Var(&f.weight, "weight", 1.8, "mu of --algo wastar (f = g + mu*h)")
	fs.IntVar(&f.increment, "increment", 2, "bound increment of --algo dfid")
	fs.StringVar(&f.heuristic, "heuristic", "md", "md (Manhattan distance) or lc (with linear conflicts)")
	fs.StringVar(&f.store, "dedup", "hash", "duplicate store of the graph searches: hash or trie")
	fs.IntVar(&f.fsmLen, "fsm", 0, "prune depth-first searches with a learned FSM of duplicate move strings up to this length")
	addJSONFlag(fs, &f.asJSON)
	addLimitFlags(fs, &f.lim)
}

func (f *tilesFlags) check() error {
	if _, err := search.ByName(f.algo); err != nil {
		return err // bad input rather than usage: exit status 1, as for a bad board
	}
	if f.heuristic != "md" && f.heuristic != "lc" {
		return usagef("unknown heuristic %q (want md or lc)", f.heuristic)
	}
	if _, err := newStore(f.store); err != nil {
		return err
	}
	if f.algo == "wastar" && f.weight < 0 {
		return usagef("--weight must be >= 0")
	}
	return checkFSMLen(f.fsmLen)
}

// learn learns the FSM of --fsm within the limits and ctx; a limit leaves
// the automaton learned so far, with a note on standard error, and the
// search that follows stops on the same limit if it is the time.
func (f *tilesFlags) learn(ctx context.Context, e *env) {
	if f.fsmLen == 0 {
		return
	}
	// --max-nodes counts the search's nodes, not the strings learned.
	fsm, note, _ := learnFSM(ctx, tiles.LearnFSM, f.fsmLen, limits{MaxMem: f.lim.MaxMem})
	if note != "" {
		fmt.Fprintln(e.stderr, "branchwise: "+note)
	}
	f.fsm = fsm
}

// tilesSolution is the outcome of one instance, as printed.
type tilesSolution struct {
	Name      string  `json:"name,omitempty"`
	Board     string  `json:"board"`
	Status    string  `json:"status"`
	Length    int     `json:"length"`
	Moves     string  `json:"moves"`
	Generated int64   `json:"generated"`
	Expanded  int64   `json:"expanded"`
	PeakOpen  int     `json:"peak_open,omitempty"`
	Stored    int     `json:"stored,omitempty"`
	Seconds   float64 `json:"seconds"`
	Optimal   int     `json:"optimal,omitempty"`
	Reason    string  `json:"stopped_by,omitempty"`
}

// solveBoard runs the configured search on b.
func (f *tilesFlags) solveBoard(ctx context.Context, name string, b, goal tiles.Board, progress func(*search.Stats)) (tilesSolution, error) {
	p, err := tiles.NewPuzzle(b, goal, f.heuristic == "lc")
	if err != nil {
		return tilesSolution{}, err
	}
	var r search.Result
	if f.algo == "ida" && f.heuristic == "md" {
		opt := tiles.IDAOptions{MaxNodes: f.lim.MaxNodes}
		if f.fsm != nil {
			opt.Filter = f.fsm
		}
		r = tiles.IDA(ctx, p, opt)
	} else {
		alg, _ := search.ByName(f.algo)
		store, _ := newStore(f.store)
		o := search.Options{MaxNodes: f.lim.MaxNodes, MaxMem: int64(f.lim.MaxMem),
			Weight: f.weight, Increment: f.increment, Progress: progress, Store: store}
		if f.fsm != nil {
			o.Filter = f.fsm
		}
		r = alg(ctx, p, o)
	}
	s := tilesSolution{Name: name, Board: b.String(), Status: statusWord(r.Status), Length: r.Cost,
		Generated: r.Stats.Generated, Expanded: r.Stats.Expanded, PeakOpen: r.Stats.PeakOpen,
		Stored: r.Stats.PeakClosed, Seconds: r.Stats.Elapsed.Seconds()}
	var moves strings.Builder
	for _, m := range r.Path {
		moves.WriteByte(tiles.MoveLetters[m])
	}
	s.Moves = moves.String()
	if r.Status.Early() {
		s.Length = 0
		s.Reason = stoppedBy(r.Status, r.Err)
	}
	return s, nil
}

func newTilesSolveCmd(e *env) *cobra.Command {
	var f tilesFlags
	var size, goalText string
	c := &cobra.Command{
		Use:   "solve [flags] INSTANCE|FILE|korf:N",
		Short: "Solve sliding-tile instances, optimally by default (IDA*, Manhattan distance)",
		Long: `Solve one instance given on the command line (its tiles, quoted or as
separate arguments), every instance of a file (one per line, optionally
preceded by an index as in Korf's files; '#' starts a comment), or korf:N,
Korf's fifteen-puzzle number N (1..100).

Prints the moves, the length, generated and expanded nodes and the time.
--algo ida with --heuristic md runs the specialised IDA* (Korf's counting
conventions); other algorithms run the generic engines of package search.`,
		Example: `  branchwise tiles solve "8 7 6 5 4 3 2 1 0"
  branchwise tiles solve korf:12 --json
  branchwise tiles solve --algo wastar --weight 2.4 korf:60
  branchwise tiles solve --size 3x4 "1 2 3 0 4 5 6 7 8 9 10 11"`,
		Args: argsUsage(cobra.MinimumNArgs(1)),
		RunE: func(c *cobra.Command, args []string) error {
			if err := f.check(); err != nil {
				return err
			}
			rows, cols, err := parseSize(size)
			if err != nil {
				return err
			}
			insts, err := tilesInstances(args, rows, cols)
			if err != nil {
				return err
			}
			f.lim.setGCLimit(1)
			ctx, cancel := f.lim.context(e.ctx)
			defer cancel()
			f.learn(ctx, e)
			prog := newProgress(e)
			var sols []tilesSolution
			for _, in := range insts {
				goal := tiles.Goal(in.Board.Rows, in.Board.Cols)
				if goalText != "" {
					if goal, err = tiles.ParseBoard(goalText, in.Board.Rows, in.Board.Cols); err != nil {
						return usagef("--goal: %v", err)
					}
				}
				s, err := f.solveBoard(ctx, in.Name, in.Board, goal, func(st *search.Stats) {
					prog.Printf("%s: %d generated, %d expanded, %s", in.Name, st.Generated, st.Expanded, st.Elapsed.Round(time.Second))
				})
				prog.Done()
				if err != nil {
					return fmt.Errorf("%s: %v", in.where, err)
				}
				sols = append(sols, s)
				if e.ctx.Err() != nil {
					break
				}
			}
			if f.asJSON {
				if len(sols) == 1 {
					err = writeJSON(e.stdout, sols[0])
				} else {
					err = writeJSON(e.stdout, map[string]any{"instances": sols})
				}
			} else {
				printSolutions(e, sols)
			}
			if err == nil && e.ctx.Err() != nil {
				err = errInterrupted
			}
			return err
		},
	}
	f.add(c)
	c.Flags().StringVar(&size, "size", "", "board size RxC (default: square, from the tile count)")
	c.Flags().StringVar(&goalText, "goal", "", "goal board (default: blank top-left, tile t in cell t)")
	return c
}

type namedBoard struct {
	Name  string
	Board tiles.Board
	where string // for messages: the file and line, or "instance"
}

// tilesInstances reads the instances named by the arguments.
func tilesInstances(args []string, rows, cols int) ([]namedBoard, error) {
	if len(args) == 1 && strings.HasPrefix(args[0], "korf:") {
		n, err := strconv.Atoi(strings.TrimPrefix(args[0], "korf:"))
		if err != nil || n < 1 || n > 100 {
			return nil, usagef("%s: want korf:N with N from 1 to 100", args[0])
		}
		k := tiles.Korf100()[n-1]
		return []namedBoard{{Name: k.Name, Board: k.Board, where: args[0]}}, nil
	}
	if len(args) == 1 {
		if fi, err := os.Stat(args[0]); err == nil && !fi.IsDir() {
			r, err := os.Open(args[0])
			if err != nil {
				return nil, err
			}
			defer r.Close()
			insts, err := tiles.ReadInstances(r, args[0], rows, cols)
			if err != nil {
				return nil, err
			}
			out := make([]namedBoard, len(insts))
			for i, in := range insts {
				out[i] = namedBoard{Name: in.Name, Board: in.Board, where: fmt.Sprintf("%s:%d", args[0], in.Line)}
			}
			return out, nil
		}
	}
	text := strings.Join(args, " ")
	if strings.IndexFunc(text, func(r rune) bool { return r >= '0' && r <= '9' }) < 0 {
		return nil, fmt.Errorf("%s: no such file, and not an instance (want tiles as numbers)", text)
	}
	b, err := tiles.ParseBoard(text, rows, cols)
	if err != nil {
		return nil, fmt.Errorf("instance: %v", err)
	}
	return []namedBoard{{Board: b, where: "instance"}}, nil
}

func parseSize(s string) (int, int, error) {
	if s == "" {
		return 0, 0, nil
	}
	rows, cols, ok := splitRxC(s)
	if !ok || rows < 2 || cols < 2 || rows*cols > tiles.MaxCells {
		return 0, 0, usagef("--size %q: want RxC with 2 <= R, C and R*C <= 64, e.g. 4x4", s)
	}
	return rows, cols, nil
}

// splitRxC parses a board size written RxC, e.g. 4x4.
func splitRxC(s string) (rows, cols int, ok bool) {
	r, c, found := strings.Cut(strings.ToLower(s), "x")
	rows, err1 := strconv.Atoi(r)
	cols, err2 := strconv.Atoi(c)
	return rows, cols, found && err1 == nil && err2 == nil
}

func printSolutions(e *env, sols []tilesSolution) {
	if len(sols) == 1 {
		s := sols[0]
		tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
		fmt.Fprintf(tw, "board\t%s\n", s.Board)
		fmt.Fprintf(tw, "status\t%s%s\n", s.Status, reasonSuffix(s.Reason))
		if s.Status == "solved" {
			fmt.Fprintf(tw, "length\t%d\n", s.Length)
			fmt.Fprintf(tw, "moves\t%s\n", s.Moves)
		}
		fmt.Fprintf(tw, "generated\t%d\n", s.Generated)
		fmt.Fprintf(tw, "expanded\t%d\n", s.Expanded)
		fmt.Fprintf(tw, "seconds\t%.3f\n", s.Seconds)
		if s.Seconds > 0 {
			fmt.Fprintf(tw, "nodes/s\t%.3g\n", float64(s.Generated)/s.Seconds)
		}
		tw.Flush()
		return
	}
	tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "name\tstatus\tlength\tgenerated\texpanded\tseconds\tmoves\t")
	for _, s := range sols {
		fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%d\t%.3f\t%s\t\n", s.Name, s.Status, s.Length, s.Generated, s.Expanded, s.Seconds, s.Moves)
	}
	tw.Flush()
}

func reasonSuffix(r string) string {
	if r == "" {
		return ""
	}
	return " (" + r + ")"
}

func newTilesKorfCmd(e *env) *cobra.Command {
	var f tilesFlags
	var which string
	var workers int
	c := &cobra.Command{
		Use:   "korf100 [flags]",
		Short: "Run Korf's 100 fifteen-puzzles and compare with the published results",
		Long: `Run Korf's 100 random fifteen-puzzle instances (Korf 1985) on -j workers, one
instance per worker at a time, and print per instance the length found, the
optimal length, generated and expanded nodes and the time, then the totals.

With the default --algo ida --heuristic md, the lengths must equal the
optimal ones (sum 5305) and the generated nodes Korf's counts (36,302,807,931
in all, without the roots); a difference is reported and makes the exit
status 1. With other algorithms (e.g. --algo wastar --weight 1.8 --max-mem
4GB) the summary gives the instances solved, the mean nodes expanded and the
mean length relative to the optimum.`,
		Example: `  branchwise tiles korf100 --instances 1-10
  branchwise tiles korf100 -j 2 --json > korf100.json
  branchwise tiles korf100 --algo wastar --weight 1.8 --max-mem 4GB`,
		Args: argsUsage(cobra.NoArgs),
		RunE: func(c *cobra.Command, args []string) error {
			if err := f.check(); err != nil {
				return err
			}
			all := tiles.Korf100()
			sel, err := parseSelection(which, len(all))
			if err != nil {
				return err
			}
			if workers < 1 {
				return usagef("-j must be at least 1")
			}
			f.lim.setGCLimit(workers)
			ctx, cancel := f.lim.context(e.ctx)
			defer cancel()
			f.learn(ctx, e)
			return runKorf(ctx, e, &f, all, sel, workers)
		},
	}
	f.add(c)
	c.Flags().StringVar(&which, "instances", "1-100", "instances to run: numbers and ranges, e.g. 1,3,60 or 1-10")
	addWorkersFlag(c.Flags(), &workers)
	return c
}

// parseSelection parses "1,3,5-9" into sorted instance numbers in 1..n.
func parseSelection(s string, n int) ([]int, error) {
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
			return nil, usagef("--instances %q: want numbers or ranges within 1-%d, e.g. 1,3,60 or 1-10", s, n)
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

type korfRow struct {
	tilesSolution
	Index            int   `json:"index"`
	KorfGenerated    int64 `json:"korf_generated,omitempty"`
	MatchesPublished bool  `json:"matches_published"`
}

type korfSummary struct {
	Algorithm       string    `json:"algorithm"`
	Weight          float64   `json:"weight,omitempty"`
	Heuristic       string    `json:"heuristic"`
	Workers         int       `json:"workers"`
	Instances       int       `json:"instances"`
	Solved          int       `json:"solved"`
	Optimal         int       `json:"optimal_lengths"`
	Matches         int       `json:"matches_published"`
	SumLength       int       `json:"sum_length"`
	SumOptimal      int       `json:"sum_optimal"`
	MeanLengthRatio float64   `json:"mean_length_ratio"`
	Generated       int64     `json:"generated"`
	Expanded        int64     `json:"expanded"`
	MeanExpanded    float64   `json:"mean_expanded"`
	CPUSeconds      float64   `json:"cpu_seconds"`
	WallSeconds     float64   `json:"wall_seconds"`
	NodesPerSecond  float64   `json:"nodes_per_second"`
	Interrupted     bool      `json:"interrupted,omitempty"`
	Rows            []korfRow `json:"rows"`
	checkCounts     bool
}

func runKorf(ctx context.Context, e *env, f *tilesFlags, all []tiles.KorfInstance, sel []int, workers int) error {
	start := time.Now()
	rows := make([]*korfRow, len(sel))
	jobs := make(chan int)
	var mu sync.Mutex
	var done int
	var doneNodes int64
	var firstErr error
	prog := newProgress(e)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				k := all[sel[j]-1]
				s, err := f.solveBoard(ctx, k.Name, k.Board, tiles.Goal(4, 4), nil)
				mu.Lock()
				if err != nil && firstErr == nil {
					firstErr = err
				}
				if err == nil && s.Status != "stopped" {
					rows[j] = &korfRow{tilesSolution: s, Index: sel[j], KorfGenerated: k.Generated}
					rows[j].Optimal = k.Optimal
					done++
					doneNodes += s.Generated
				} else if err == nil && !errors.Is(ctx.Err(), context.Canceled) {
					rows[j] = &korfRow{tilesSolution: s, Index: sel[j], KorfGenerated: k.Generated}
					rows[j].Optimal = k.Optimal
					done++
				}
				prog.Printf("korf100: %d/%d instances done, %.3g nodes, %s", done, len(sel), float64(doneNodes), time.Since(start).Round(time.Second))
				mu.Unlock()
			}
		}()
	}
feed:
	for j := range sel {
		select {
		case jobs <- j:
		case <-ctx.Done():
			break feed
		}
	}
	close(jobs)
	wg.Wait()
	prog.Done()
	if firstErr != nil {
		return firstErr
	}
	sum := korfSummary{Algorithm: f.algo, Heuristic: f.heuristic, Workers: workers, Instances: len(sel),
		WallSeconds: time.Since(start).Seconds(), Interrupted: e.ctx.Err() != nil,
		checkCounts: f.algo == "ida" && f.heuristic == "md" && f.fsm == nil}
	if f.algo == "wastar" {
		sum.Weight = f.weight
	}
	var ratio float64
	for _, r := range rows {
		if r == nil {
			continue
		}
		r.MatchesPublished = r.Status == "solved" && r.Length == r.Optimal && (!sum.checkCounts || r.Generated == r.KorfGenerated)
		if !sum.checkCounts {
			r.KorfGenerated = 0
		}
		sum.Rows = append(sum.Rows, *r)
		sum.Generated += r.Generated
		sum.Expanded += r.Expanded
		sum.CPUSeconds += r.Seconds
		if r.Status != "solved" {
			continue
		}
		sum.Solved++
		sum.SumLength += r.Length
		sum.SumOptimal += r.Optimal
		ratio += float64(r.Length) / float64(r.Optimal)
		if r.Length == r.Optimal {
			sum.Optimal++
		}
		if r.MatchesPublished {
			sum.Matches++
		}
	}
	if sum.Solved > 0 {
		sum.MeanLengthRatio = ratio / float64(sum.Solved)
	}
	if n := len(sum.Rows); n > 0 {
		sum.MeanExpanded = float64(sum.Expanded) / float64(n)
	}
	if sum.WallSeconds > 0 {
		sum.NodesPerSecond = float64(sum.Generated) / sum.WallSeconds
	}
	var err error
	if f.asJSON {
		err = writeJSON(e.stdout, sum)
	} else {
		printKorf(e, &sum)
	}
	switch {
	case err != nil:
		return err
	case sum.Interrupted:
		return errInterrupted
	case sum.checkCounts && sum.Matches != len(sum.Rows):
		return fmt.Errorf("%d of %d instances differ from the published lengths or node counts", len(sum.Rows)-sum.Matches, len(sum.Rows))
	}
	return nil
}

func printKorf(e *env, s *korfSummary) {
	tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "#\tstatus\tlength\toptimal\tgenerated\texpanded\tseconds\t")
	for _, r := range s.Rows {
		mark := ""
		if s.checkCounts && !r.MatchesPublished {
			mark = fmt.Sprintf("  differs (Korf: %d)", r.KorfGenerated)
		}
		fmt.Fprintf(tw, "%d\t%s\t%d\t%d\t%d\t%d\t%.2f\t%s\n", r.Index, r.Status, r.Length, r.Optimal, r.Generated, r.Expanded, r.Seconds, mark)
	}
	tw.Flush()
	fmt.Fprintf(e.stdout, "\n%s", s.Algorithm)
	if s.Weight != 0 {
		fmt.Fprintf(e.stdout, " (mu = %g)", s.Weight)
	}
	fmt.Fprintf(e.stdout, ", heuristic %s, %d workers\n", s.Heuristic, s.Workers)
	fmt.Fprintf(e.stdout, "solved          %d of %d (%d run)\n", s.Solved, s.Instances, len(s.Rows))
	fmt.Fprintf(e.stdout, "optimal length  %d of %d solved; sum of lengths %d, of optima %d; mean ratio %.4f\n", s.Optimal, s.Solved, s.SumLength, s.SumOptimal, s.MeanLengthRatio)
	if s.checkCounts {
		fmt.Fprintf(e.stdout, "published       %d of %d match Korf's length and generated-node count\n", s.Matches, len(s.Rows))
	}
	fmt.Fprintf(e.stdout, "generated       %d (%.3g nodes/s over %.1f s wall, %.1f s CPU)\n", s.Generated, s.NodesPerSecond, s.WallSeconds, s.CPUSeconds)
	fmt.Fprintf(e.stdout, "expanded        %d (mean %.4g per instance)\n", s.Expanded, s.MeanExpanded)
}

func newTilesRandomCmd(e *env) *cobra.Command {
	var size string
	var seed int64
	var count, walk int
	c := &cobra.Command{
		Use:   "random [flags]",
		Short: "Print random solvable instances, reproducibly from a seed",
		Long: `Print random instances that can reach Korf's goal, one per line in the
indexed format that "tiles solve FILE" reads: uniformly drawn among the
solvable boards, or, with --walk N, the end of a random walk of N blank moves
from the goal (never undoing the last move). Equal seeds give equal output.`,
		Example: `  branchwise tiles random --size 3x3 --count 200 --seed 1 > eight.txt
  branchwise tiles random --size 4x4 --walk 40 --count 10`,
		Args: argsUsage(cobra.NoArgs),
		RunE: func(c *cobra.Command, args []string) error {
			rows, cols, err := parseSize(size)
			if err != nil {
				return err
			}
			if count < 1 || walk < 0 {
				return usagef("--count must be at least 1 and --walk at least 0")
			}
			goal := tiles.Goal(rows, cols)
			for i := 0; i < count; i++ {
				s := uint64(seed)*1_000_003 + uint64(i)
				b := tiles.Random(goal, s)
				if walk > 0 {
					b = tiles.RandomWalk(goal, walk, s)
				}
				fmt.Fprintf(e.stdout, "%d %s\n", i+1, b)
			}
			return nil
		},
	}
	c.Flags().StringVar(&size, "size", "4x4", "board size RxC")
	c.Flags().IntVar(&count, "count", 1, "number of instances")
	c.Flags().IntVar(&walk, "walk", 0, "make each instance by a random walk of this many moves from the goal")
	addSeedFlag(c.Flags(), &seed)
	return c
}
