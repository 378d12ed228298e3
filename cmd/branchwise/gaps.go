package main

import (
	"fmt"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"text/tabwriter"

	"github.com/branchwise/branchwise/puzzles/gaps"
	"github.com/spf13/cobra"
)

func init() { register(newGapsCmd) }

func newGapsCmd(e *env) *cobra.Command {
	c := &cobra.Command{
		Use:   "gaps",
		Short: "Superpuzz / Gaps solitaire: solve deals, prove them lost, survey solvability",
		Long: `Superpuzz (Gaps One Deal), the solitaire of Berliner et al. and Shintani: 4 rows of k
columns (k = 4..13), ranks A..k per suit, the four k's removed leaving holes.
A left-edge hole takes any ace; any other hole takes the same-suit successor
of the card on its left; nothing goes right of a hole or of a rank k-1 card.
Won when each row holds one suit A..k-1 from the left.

A deal file has 4 lines of k cells: a card as suit and rank (HA, D7, ST, CJ,
HQ), a hole as ".." (or as the rank-k card removed, which names the hole in
the (card, hole) notation of Shintani). See docs/gaps.md.`,
	}
	c.AddCommand(newGapsSolveCmd(e), newGapsSurveyCmd(e), newGapsDealCmd(e))
	return c
}

// gapsDealArgs reads the deal of a command: a file, or --seed and --columns.
func gapsDealArgs(c *cobra.Command, args []string, seed int64, cols int) (gaps.Deal, string, error) {
	if len(args) == 1 {
		if c.Flags().Changed("seed") || c.Flags().Changed("columns") {
			return gaps.Deal{}, "", usagef("give a DEAL file or --seed/--columns, not both")
		}
		r, err := os.Open(args[0])
		if err != nil {
			return gaps.Deal{}, "", err
		}
		defer r.Close()
		d, err := gaps.Parse(r, args[0])
		return d, args[0], err
	}
	if cols < gaps.MinCols || cols > gaps.MaxCols {
		return gaps.Deal{}, "", usagef("--columns %d: want %d..%d", cols, gaps.MinCols, gaps.MaxCols)
	}
	return gaps.Generate(cols, uint64(seed)), fmt.Sprintf("seed %d, %d columns", seed, cols), nil
}

func newGapsDealCmd(e *env) *cobra.Command {
	var seed int64
	var cols int
	var format string
	c := &cobra.Command{
		Use:   "deal --seed S --columns K [--format text|solvitaire]",
		Short: "Print the deal of a seed (the deal file format)",
		Long: `Print the k-column deal of seed S in the deal file format, holes named by the
removed rank-k cards. The generator is stable: a PCG from math/rand/v2 seeded
(S, k) shuffles the deck H D S C x A..k by Fisher-Yates.

--format solvitaire prints the deal for Solvitaire's Gaps ("sequences", rows
left to right, a hole as ""), whose decks run 2..k with the aces removed:
every rank is shifted up by one (our A is its 2), to be solved with rules
{"sequences": {"count": 4, "direction": "L", "build policy": "same-suit",
"fixed suit": false}, "max rank": k, "foundations": {"present": false},
"tableau piles": {"count": 0}}.`,
		Args: argsUsage(cobra.NoArgs),
		RunE: func(c *cobra.Command, args []string) error {
			d, _, err := gapsDealArgs(c, nil, seed, cols)
			if err != nil {
				return err
			}
			switch format {
			case "text":
			case "solvitaire":
				fmt.Fprintln(e.stdout, solvitaireDeal(d))
				return nil
			default:
				return usagef("--format %q: want text or solvitaire", format)
			}
			for i, h := range d.HoleNames {
				if h != gaps.Hole {
					d.Cells[i] = h // print the removed cards: the holes keep their names
				}
			}
			fmt.Fprint(e.stdout, d.String())
			return nil
		},
	}
	addSeedFlag(c.Flags(), &seed)
	c.Flags().IntVar(&cols, "columns", 6, "columns k (4..13)")
	c.Flags().StringVar(&format, "format", "text", "text or solvitaire (JSON for Solvitaire's Gaps)")
	return c
}

// solvitaireDeal writes d as a Solvitaire Gaps deal: ranks shifted up by one
// (its aces are the holes), holes as "".
func solvitaireDeal(d gaps.Deal) string {
	var b strings.Builder
	b.WriteString(`{"sequences": [`)
	for r := range gaps.Rows {
		if r > 0 {
			b.WriteString(", ")
		}
		b.WriteByte('[')
		for col := range d.Cols {
			if col > 0 {
				b.WriteString(", ")
			}
			c := d.Cells[r*d.Cols+col]
			name := ""
			if c != gaps.Hole {
				rk := c.Rank() + 1
				name = strconv.Itoa(rk)
				switch rk {
				case 11:
					name = "J"
				case 12:
					name = "Q"
				case 13:
					name = "K"
				}
				name += c.String()[:1]
			}
			b.WriteString(strconv.Quote(name))
		}
		b.WriteByte(']')
	}
	b.WriteString("]}")
	return b.String()
}

// gapsSolution is the outcome of gaps solve, as printed.
type gapsSolution struct {
	Deal      string   `json:"deal"`
	Source    string   `json:"source"`
	Algorithm string   `json:"algorithm"`
	Status    string   `json:"status"`
	Reason    string   `json:"stopped_by,omitempty"`
	Length    int      `json:"length"`
	Moves     []string `json:"moves,omitempty"`
	Cards     []string `json:"cards,omitempty"`
	Generated int64    `json:"generated"`
	Expanded  int64    `json:"expanded,omitempty"`
	Stored    int      `json:"stored"`
	Rejected  int64    `json:"deadlocks_rejected"`
	Bytes     int64    `json:"bytes"`
	Seconds   float64  `json:"seconds"`
}

func newGapsSolveCmd(e *env) *cobra.Command {
	var (
		seed          int64
		cols          int
		algo, store   string
		asJSON, quiet bool
		lim           limits
	)
	c := &cobra.Command{
		Use:   "solve [DEAL] [--seed S --columns K] [flags]",
		Short: "Decide a deal: solvable (with the moves), unsolvable, or unknown",
		Long: `Solve the deal in file DEAL, or the k-column deal of --seed S --columns K.

Prints "solvable" with the moves in Shintani's (card, hole) notation and as
the sequence of moving cards, "unsolvable" when the search exhausted every
reachable position (a proof), or "unknown" when a limit stopped it.

--algo: decide (default: the exhaustive decider with deadlock detection,
canonical keys and move ordering), dfid (iterative deepening with branch and
bound on D + N, increment 2), astar (f = D + N, optimal), bf1-MU (f = MU*N +
D, e.g. bf1-1.8, bf1-2.4), bf2 (best-first on the goodness evaluation),
priority1, priority2 (Shintani's priority-first orders), dfs-aces-first,
dfs-aces-last (Shintani's depth-first orders), bfs. Append +dl for deadlock
detection (decide-nodl turns it off for the decider). --dedup picks the
duplicate store: hash or trie (Patricia).`,
		Example: `  branchwise gaps solve --seed 1 --columns 8
  branchwise gaps solve deal.txt --algo astar+dl
  branchwise gaps solve --seed 3 --columns 13 --max-mem 2GB --json`,
		Args: argsUsage(cobra.MaximumNArgs(1)),
		RunE: func(c *cobra.Command, args []string) error {
			if err := gaps.CheckAlgorithm(algo); err != nil {
				return usageError{err}
			}
			if _, err := newStore(store); err != nil {
				return err
			}
			d, src, err := gapsDealArgs(c, args, seed, cols)
			if err != nil {
				return err
			}
			lim.setGCLimit(1)
			ctx, cancel := lim.context(e.ctx)
			defer cancel()
			prog := newProgress(e)
			out, err := gaps.Solve(ctx, d, algo, gaps.SolveOptions{MaxNodes: lim.MaxNodes, MaxMem: int64(lim.MaxMem),
				Store: store, Progress: func(n int64) { prog.Printf("%d nodes", n) }})
			prog.Done()
			if err != nil {
				return err
			}
			s := gapsSolution{Deal: d.String(), Source: src, Algorithm: algo, Status: out.Verdict.String(),
				Reason: stoppedBy(out.Status, nil), Length: len(out.Path), Generated: out.Generated, Expanded: out.Expanded,
				Stored: out.Stored, Rejected: out.Rejected, Bytes: out.Bytes, Seconds: out.Elapsed.Seconds()}
			if out.Verdict == gaps.Solvable {
				if s.Moves, s.Cards, err = gaps.Notation(d, out.Path); err != nil {
					return fmt.Errorf("internal error: %v", err)
				}
			}
			if asJSON {
				err = writeJSON(e.stdout, s)
			} else {
				printGapsSolution(e, s, quiet)
			}
			if err == nil && e.ctx.Err() != nil {
				err = errInterrupted
			}
			return err
		},
	}
	fs := c.Flags()
	addSeedFlag(fs, &seed)
	fs.IntVar(&cols, "columns", 6, "columns k of a --seed deal (4..13)")
	fs.StringVar(&algo, "algo", "decide", "algorithm: "+strings.Join(gaps.Algorithms, ", ")+" (+dl: deadlock detection)")
	fs.StringVar(&store, "dedup", "hash", "duplicate store: hash or trie")
	fs.BoolVarP(&quiet, "quiet", "q", false, "print the verdict and counts without the moves")
	addJSONFlag(fs, &asJSON)
	addLimitFlags(fs, &lim)
	return c
}

func printGapsSolution(e *env, s gapsSolution, quiet bool) {
	fmt.Fprint(e.stdout, s.Deal)
	fmt.Fprintln(e.stdout)
	tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "status\t%s%s\n", s.Status, reasonSuffix(s.Reason))
	if s.Status == "solvable" {
		fmt.Fprintf(tw, "length\t%d\n", s.Length)
	}
	fmt.Fprintf(tw, "algorithm\t%s\n", s.Algorithm)
	fmt.Fprintf(tw, "generated\t%d\n", s.Generated)
	fmt.Fprintf(tw, "stored\t%d\n", s.Stored)
	fmt.Fprintf(tw, "deadlocks\t%d\n", s.Rejected)
	fmt.Fprintf(tw, "seconds\t%.3f\n", s.Seconds)
	tw.Flush()
	if s.Status == "solvable" && !quiet {
		fmt.Fprintln(e.stdout)
		for i := 0; i < len(s.Moves); i += 8 {
			fmt.Fprintln(e.stdout, strings.Join(s.Moves[i:min(i+8, len(s.Moves))], " "))
		}
		fmt.Fprintln(e.stdout)
		fmt.Fprintln(e.stdout, strings.Join(s.Cards, " "))
	}
}

// surveyAlgo is one algorithm's figures over the solvable deals of a size.
type surveyAlgo struct {
	Name         string  `json:"name"`
	Solved       int     `json:"solved"`
	Unknown      int     `json:"unknown"`
	MeanNodes    float64 `json:"mean_nodes"`
	MedianNodes  float64 `json:"median_nodes"`
	MeanStored   float64 `json:"mean_stored"`
	MeanLength   float64 `json:"mean_length"`
	LengthRatio  float64 `json:"length_over_optimum,omitempty"`
	Rejected     int64   `json:"deadlocks_rejected"`
	Seconds      float64 `json:"seconds"`
	nodes        []float64
	stored       []float64
	lengths      []int
	optLengthSum float64
	ratioN       int
}

// surveySize is the survey of one number of columns.
type surveySize struct {
	Columns     int          `json:"columns"`
	Deals       int          `json:"deals"`
	Solvable    int          `json:"solvable"`
	Unsolvable  int          `json:"unsolvable"`
	Unknown     int          `json:"unknown"`
	SolvablePct float64      `json:"solvable_pct"`
	CILow       float64      `json:"ci95_low_pct"`
	CIHigh      float64      `json:"ci95_high_pct"`
	Seconds     float64      `json:"seconds"`
	MaxSeconds  float64      `json:"max_seconds_per_deal"`
	Algorithms  []surveyAlgo `json:"algorithms"`
	UnknownIDs  []int64      `json:"unknown_seeds,omitempty"`
}

// wilson returns the 95% Wilson score interval of s successes in n trials.
func wilson(s, n int) (lo, hi float64) {
	if n == 0 {
		return 0, 1
	}
	const z = 1.959963984540054
	p, nf := float64(s)/float64(n), float64(n)
	den := 1 + z*z/nf
	mid := (p + z*z/(2*nf)) / den
	half := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf)) / den
	return max(0, mid-half), min(1, mid+half)
}

func parseColumns(s string) (int, int, error) {
	a, b, found := strings.Cut(s, "..")
	lo, err1 := strconv.Atoi(a)
	hi, err2 := lo, error(nil)
	if found {
		hi, err2 = strconv.Atoi(b)
	}
	if err1 != nil || err2 != nil || lo < gaps.MinCols || hi > gaps.MaxCols || lo > hi {
		return 0, 0, usagef("--columns %q: want K or K1..K2 within %d..%d", s, gaps.MinCols, gaps.MaxCols)
	}
	return lo, hi, nil
}

func newGapsSurveyCmd(e *env) *cobra.Command {
	var (
		seed            int64
		colText, algos  string
		store           string
		deals, workers  int
		asJSON, verbose bool
		lim             limits
	)
	c := &cobra.Command{
		Use:   "survey --columns 4..9 --deals N [--seed S] [-j N] [flags]",
		Short: "Solvability of random deals per size, and nodes to the first solution per algorithm",
		Long: `For each number of columns k, decide N random deals (seeds S, S+1, ...,
S+N-1 of the generator of 'gaps deal') with the exhaustive decider, and print
the solvable, unsolvable and unknown counts with the solvable fraction and its
95% Wilson interval. Then run each algorithm of --algos on the deals found
solvable (Shintani's averages are over solvable deals) and print per
algorithm: deals solved within the limits, unknown, mean and median
generated nodes to the first solution, mean solution length, its ratio to the
optimum where astar (or dfid) ran and solved the deal, deadlocks rejected,
time. Limits (--max-nodes, --max-time, --max-mem) apply to each search; the
default --max-mem is 1GB per search. Deals run on -j workers.`,
		Example: `  branchwise gaps survey --columns 4..8 --deals 1000 -j 2
  branchwise gaps survey --columns 6..8 --deals 50 --algos astar,astar+dl,dfid,dfid+dl,bf1-1.8,bf1-1.8+dl,bf2,bf2+dl --max-nodes 1000000`,
		Args: argsUsage(cobra.NoArgs),
		RunE: func(c *cobra.Command, args []string) error {
			lo, hi, err := parseColumns(colText)
			if err != nil {
				return err
			}
			if deals < 1 {
				return usagef("--deals must be at least 1")
			}
			var names []string
			if algos != "" {
				names = strings.Split(algos, ",")
			}
			for _, a := range names {
				if err := gaps.CheckAlgorithm(a); err != nil {
					return usageError{err}
				}
			}
			if _, err := newStore(store); err != nil {
				return err
			}
			if lim.MaxMem == 0 {
				lim.MaxMem = 1 << 30
			}
			workers = max(workers, 1)
			lim.setGCLimit(workers)
			prog := newProgress(e)
			var sizes []surveySize
			for k := lo; k <= hi && e.ctx.Err() == nil; k++ {
				sz := runSurveySize(e, prog, k, uint64(seed), deals, workers, names, store, lim, verbose)
				sizes = append(sizes, sz)
				if !asJSON {
					printSurveySize(e, sz)
				}
			}
			prog.Done()
			if asJSON {
				err = writeJSON(e.stdout, map[string]any{"seed": seed, "deals": deals, "sizes": sizes})
			}
			if err == nil && e.ctx.Err() != nil {
				err = errInterrupted
			}
			return err
		},
	}
	fs := c.Flags()
	addSeedFlag(fs, &seed)
	fs.StringVar(&colText, "columns", "4..8", "columns: K or K1..K2")
	fs.IntVar(&deals, "deals", 100, "deals per size")
	fs.StringVar(&algos, "algos", "priority1,priority2,dfs-aces-first,dfs-aces-last", "algorithms run on the solvable deals, comma-separated (empty: none)")
	fs.StringVar(&store, "dedup", "hash", "duplicate store: hash or trie")
	fs.BoolVarP(&verbose, "verbose", "v", false, "print one line per deal on standard error")
	addWorkersFlag(fs, &workers)
	addJSONFlag(fs, &asJSON)
	addLimitFlags(fs, &lim)
	return c
}

// surveyDeal is one deal's outcomes.
type surveyDeal struct {
	seed    uint64
	ran     bool
	verdict gaps.Outcome
	algos   []gaps.Outcome
}

func runSurveySize(e *env, prog *progress, k int, seed uint64, n, workers int, names []string, store string, lim limits, verbose bool) surveySize {
	results := make([]surveyDeal, n)
	jobs := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	done := 0
	so := gaps.SolveOptions{MaxNodes: lim.MaxNodes, MaxMem: int64(lim.MaxMem), Store: store}
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				s := seed + uint64(i)
				d := gaps.Generate(k, s)
				ctx, cancel := lim.context(e.ctx)
				r := surveyDeal{seed: s, ran: true}
				r.verdict, _ = gaps.Solve(ctx, d, "decide", so)
				cancel()
				if r.verdict.Verdict == gaps.Solvable {
					for _, a := range names {
						ctx, cancel := lim.context(e.ctx)
						o, _ := gaps.Solve(ctx, d, a, so)
						cancel()
						r.algos = append(r.algos, o)
					}
				}
				results[i] = r
				mu.Lock()
				done++
				prog.Printf("%d columns: %d/%d deals", k, done, n)
				if verbose {
					line := fmt.Sprintf("k=%d seed=%d %s nodes=%d len=%d %.3fs", k, s, r.verdict.Verdict, r.verdict.Generated, len(r.verdict.Path), r.verdict.Elapsed.Seconds())
					for _, o := range r.algos {
						line += fmt.Sprintf(" %s:%s/%d", o.Algorithm, o.Verdict, o.Generated)
					}
					fmt.Fprintln(e.stderr, line)
				}
				mu.Unlock()
			}
		}()
	}
	for i := 0; i < n && e.ctx.Err() == nil; i++ {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	sz := surveySize{Columns: k}
	sz.Algorithms = make([]surveyAlgo, len(names))
	for j, a := range names {
		sz.Algorithms[j].Name = a
	}
	optIdx := -1
	for j, a := range names {
		if b := strings.TrimSuffix(a, "+dl"); b == "astar" || b == "dfid" || b == "bfs" {
			optIdx = j
			break
		}
	}
	for _, r := range results {
		if !r.ran {
			continue // not run (interrupted)
		}
		sz.Deals++
		sz.Seconds += r.verdict.Elapsed.Seconds()
		sz.MaxSeconds = max(sz.MaxSeconds, r.verdict.Elapsed.Seconds())
		switch r.verdict.Verdict {
		case gaps.Solvable:
			sz.Solvable++
		case gaps.Unsolvable:
			sz.Unsolvable++
		default:
			sz.Unknown++
			sz.UnknownIDs = append(sz.UnknownIDs, int64(r.seed))
		}
		opt := -1
		if optIdx >= 0 && optIdx < len(r.algos) && r.algos[optIdx].Verdict == gaps.Solvable {
			opt = len(r.algos[optIdx].Path)
		}
		for j, o := range r.algos {
			a := &sz.Algorithms[j]
			a.Seconds += o.Elapsed.Seconds()
			a.Rejected += o.Rejected
			if o.Verdict != gaps.Solvable {
				a.Unknown++
				continue
			}
			a.Solved++
			a.nodes = append(a.nodes, float64(o.Generated))
			a.stored = append(a.stored, float64(o.Stored))
			a.lengths = append(a.lengths, len(o.Path))
			if opt > 0 {
				a.optLengthSum += float64(len(o.Path)) / float64(opt)
				a.ratioN++
			}
		}
	}
	// The decider's own figures come first, as an algorithm over the solvable deals.
	dec := surveyAlgo{Name: "decide"}
	for _, r := range results {
		dec.Seconds += r.verdict.Elapsed.Seconds()
		dec.Rejected += r.verdict.Rejected
		if r.verdict.Verdict == gaps.Solvable {
			dec.Solved++
			dec.nodes = append(dec.nodes, float64(r.verdict.Generated))
			dec.stored = append(dec.stored, float64(r.verdict.Stored))
			dec.lengths = append(dec.lengths, len(r.verdict.Path))
		}
	}
	sz.Algorithms = append([]surveyAlgo{dec}, sz.Algorithms...)
	for j := range sz.Algorithms {
		a := &sz.Algorithms[j]
		if len(a.nodes) > 0 {
			a.MeanNodes = mean(a.nodes)
			a.MedianNodes = median(a.nodes)
			a.MeanStored = mean(a.stored)
			l := 0
			for _, x := range a.lengths {
				l += x
			}
			a.MeanLength = float64(l) / float64(len(a.lengths))
		}
		if a.ratioN > 0 {
			a.LengthRatio = a.optLengthSum / float64(a.ratioN)
		}
	}
	decided := sz.Solvable + sz.Unsolvable
	if decided > 0 {
		sz.SolvablePct = 100 * float64(sz.Solvable) / float64(decided)
	}
	l, h := wilson(sz.Solvable, decided)
	sz.CILow, sz.CIHigh = 100*l, 100*h
	return sz
}

func mean(xs []float64) float64 {
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

func printSurveySize(e *env, sz surveySize) {
	fmt.Fprintf(e.stdout, "%d columns: %d deals: %d solvable, %d unsolvable, %d unknown; solvable %.1f%% (95%% CI %.1f-%.1f%%); decider %.1fs in all, at most %.2fs a deal\n",
		sz.Columns, sz.Deals, sz.Solvable, sz.Unsolvable, sz.Unknown, sz.SolvablePct, sz.CILow, sz.CIHigh, sz.Seconds, sz.MaxSeconds)
	if len(sz.UnknownIDs) > 0 {
		fmt.Fprintf(e.stdout, "  unknown seeds: %v\n", sz.UnknownIDs)
	}
	tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "  algorithm\tsolved\tunknown\tmean nodes\tmedian nodes\tmean stored\tmean length\tlength/opt\tdeadlocks\tseconds\t")
	for _, a := range sz.Algorithms {
		ratio := "-"
		if a.LengthRatio > 0 {
			ratio = fmt.Sprintf("%.3f", a.LengthRatio)
		}
		fmt.Fprintf(tw, "  %s\t%d\t%d\t%.0f\t%.0f\t%.0f\t%.1f\t%s\t%d\t%.1f\t\n", a.Name, a.Solved, a.Unknown, a.MeanNodes, a.MedianNodes, a.MeanStored, a.MeanLength, ratio, a.Rejected, a.Seconds)
	}
	tw.Flush()
	fmt.Fprintln(e.stdout)
}
