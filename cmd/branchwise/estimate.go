package main

import (
	"context"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/branchwise/branchwise/estimate"
	"github.com/branchwise/branchwise/puzzles/polyform"
	"github.com/branchwise/branchwise/render"
	"github.com/spf13/cobra"
)

func init() { register(newEstimateCmd) }

type estimateFlags struct {
	method, pieces, cutDepths, svg string
	engineFlags
	subtree                                   string
	samples, exactDepth, workers, tail        int
	seed                                      int64
	budget                                    time.Duration
	cutP                                      float64
	cellsOnly, deadRegions, asJSON, lookahead bool
	largestRegion                             bool
	shard                                     shardFlags
	width                                     int
	target                                    string
	maxTime                                   time.Duration
}

func newEstimateCmd(e *env) *cobra.Command {
	var f estimateFlags
	c := &cobra.Command{
		Use:   "estimate NAME|BOARDFILE",
		Short: "Estimate the search tree and solutions of a packing puzzle too big to count",
		Long: `Estimate the number of nodes of the fewest-options search tree of a packing
puzzle (named or drawn as for pack), and its number of solutions, from a
sample of the tree, with a 95% interval and the time an exhaustive count
would take.

Methods (docs/estimate.md):
  frontier  count the tree exactly to --exact-depth, then --samples probes
            from every node there (the default: lowest variance, honest
            intervals);
  knuth     --samples random probes from the root (Knuth 1975): unbiased,
            heavy-tailed;
  stratified  --samples probes of Chen's stratified sampling, one node
            kept per depth and number of children;
  purdom    --samples probes of Purdom's partial backtracking, going on into
            --width children of every node (the best for solutions);
  samplesearch  --samples depth-first searches for a first solution in
            random order, weighted by the live children on its path
            (Gogate and Dechter's SampleSearch, exact weights);
  paper     Korekawa et al.: --samples runs dropping nodes at --cut-depths with
            probability --cut-p, mean minimum branching factor per depth,
            combined with exact counts to --exact-depth; on Korekawa et al.'s tree
            (branching on cells only, cutting dead regions, counting only the
            placements that leave none);
  exact     the exhaustive counts to --exact-depth only (Korekawa et al. Table b).

Unique solutions are the estimate divided by the board's symmetry order.
Equal seeds give equal numbers, whatever -j.

An interval is printed as a 95% confidence interval only when the
estimator's replicates support it (a test of fit, enough probes that met a
solution, no probe carrying much of the estimate); otherwise it is printed
as a spread, which is not one. --target P% runs rounds of --samples until
both confidence intervals are within +-P% of their estimates, --max-time
runs out, or counting the tree would be quicker (then it counts).`,
		Example: `  branchwise estimate pentomino-6x10
  branchwise estimate heptiamond-pp24 --method exact --exact-depth 4
  branchwise estimate heptiamond-pp24 --method paper --samples 20 --exact-depth 5 --svg fig5.svg
  branchwise estimate pentomino-8x8 --method knuth --time 10s --json
  branchwise estimate pentomino-6x10 --method purdom --target 5%
  branchwise estimate heptiamond-pp24 --target 20% --max-time 1h`,
		Args: argsUsage(cobra.ExactArgs(1)),
		RunE: func(c *cobra.Command, args []string) error {
			if !c.Flags().Changed("samples") {
				f.samples = map[string]int{"frontier": 20, "knuth": 10000, "stratified": 100, "paper": 20, "purdom": 30, "samplesearch": 30}[f.method]
			}
			if !c.Flags().Changed("exact-depth") {
				f.exactDepth = map[string]int{"frontier": 2, "paper": 3, "exact": 3}[f.method]
			}
			if !c.Flags().Changed("lookahead") && f.method == "purdom" {
				f.lookahead = false // unmeasured on Purdom's probes: asked for only
			}
			return runEstimate(e, args[0], f)
		},
	}
	fs := c.Flags()
	fs.StringVar(&f.method, "method", "frontier", "frontier, knuth, stratified, purdom, samplesearch, paper or exact")
	fs.IntVar(&f.samples, "samples", 0, "probes (knuth), probes per frontier node (frontier), runs (paper)")
	fs.DurationVar(&f.budget, "time", 0, "knuth: probe for this long instead of --samples")
	fs.IntVar(&f.exactDepth, "exact-depth", 0, "count the tree exactly to this depth (default 2 frontier, 3 paper and exact; purdom: every child above it)")
	fs.BoolVar(&f.lookahead, "lookahead", true, "frontier and knuth (purdom: off unless given): count the leaf children on a probe's path exactly, go on among the others")
	fs.IntVar(&f.width, "width", 3, "purdom: children a probe goes on into at every node")
	fs.StringVar(&f.target, "target", "", "run until the 95% intervals are within this relative half-width, e.g. 10%")
	fs.DurationVar(&f.maxTime, "max-time", 0, "with --target: stop after this long, with the estimate so far (0: no limit)")
	fs.IntVar(&f.tail, "tail", 0, "frontier and knuth: count exactly every subtree of at most this many nodes a probe reaches (0: never)")
	fs.Float64Var(&f.cutP, "cut-p", 0.7, "paper: probability of dropping a node in the cut depths")
	fs.StringVar(&f.cutDepths, "cut-depths", "2..19", "paper: the depths where nodes may be dropped, FROM..TO")
	fs.StringVar(&f.pieces, "pieces", "", "a piece set by name, or pieces of the puzzle's set by letter")
	addEngineFlags(fs, &f.engineFlags)
	fs.BoolVar(&f.cellsOnly, "cells-only", false, "branch on cells only (implied by --method paper)")
	fs.BoolVar(&f.deadRegions, "dead-regions", false, "cut dead regions, hiding the placements that make one (implied by --method paper)")
	fs.BoolVar(&f.largestRegion, "largest-region", false, "with --dead-regions: test the largest empty region only, as Korekawa et al.'s program does")
	fs.StringVar(&f.subtree, "subtree", "", "estimate only the subtree below this path of child numbers from the root, e.g. 0,3,1")
	fs.StringVar(&f.svg, "svg", "", "write charts of the mean branching factor and the nodes per depth to this SVG file")
	var seed int64
	addSeedFlag(fs, &seed)
	addJSONFlag(fs, &f.asJSON)
	addWorkersFlag(fs, &f.workers)
	addShardFlags(fs, &f.shard)
	c.PreRun = func(*cobra.Command, []string) { f.seed = seed }
	return c
}

type estimateReport struct {
	Puzzle     string                   `json:"puzzle"`
	Method     string                   `json:"method"`
	Symmetries int                      `json:"symmetries"`
	Nodes      estimate.Interval        `json:"nodes"`
	Solutions  estimate.Interval        `json:"solutions"`
	Unique     estimate.Interval        `json:"unique"`
	ByDepth    []estimate.DepthEstimate `json:"by_depth"`
	Samples    int                      `json:"samples"`
	Work       int64                    `json:"work"`
	Seconds    float64                  `json:"seconds"`
	// NodeRate is the exhaustive search's measured speed (nodes per
	// second, one worker); CountSeconds the predicted time of an exact
	// count on the workers.
	NodeRate     float64 `json:"node_rate"`
	CountSeconds float64 `json:"count_seconds"`
	Workers      int     `json:"workers"`
	// Stop says why --target stopped: "target", "time" or "exhaustive".
	Stop string `json:"stop,omitempty"`
	// Interrupted is true when Ctrl-C stopped the estimate: the figures
	// are those of the samples so far.
	Interrupted bool `json:"interrupted"`
}

func runEstimate(e *env, arg string, f estimateFlags) error {
	engine, strat, firstEmpty, err := f.engineFlags.parse()
	if err != nil {
		return err
	}
	switch {
	case !slices.Contains(estimate.Methods, f.method):
		return usagef("unknown method %q (want %s)", f.method, strings.Join(estimate.Methods, ", "))
	case f.width < 1:
		return usagef("--width must be at least 1")
	case f.maxTime < 0:
		return usagef("--max-time must not be negative")
	case f.maxTime > 0 && f.target == "":
		return usagef("--max-time is for --target (a single estimate takes --samples)")
	case f.workers < 1:
		return usagef("-j must be at least 1")
	case f.samples < 1 && f.budget == 0 && f.method != "exact":
		return usagef("--samples must be at least 1")
	case f.exactDepth < 0:
		return usagef("--exact-depth must be at least 0")
	case f.budget < 0 || f.budget > 0 && f.method != "knuth":
		return usagef("--time is for --method knuth (the other methods take --samples)")
	}
	target, err := parseTarget(f)
	if err != nil {
		return err
	}
	opt := estimate.Options{Seed: uint64(f.seed), Samples: f.samples, Workers: f.workers,
		ExactDepth: f.exactDepth, CutP: f.cutP, Tail: f.tail, Lookahead: f.lookahead, Width: f.width}
	if f.method == "paper" {
		from, to, ok := strings.Cut(f.cutDepths, "..")
		a, err1 := strconv.Atoi(from)
		b, err2 := strconv.Atoi(to)
		if !ok || err1 != nil || err2 != nil {
			return usagef("--cut-depths %q: want FROM..TO, e.g. 2..19", f.cutDepths)
		}
		opt.CutFrom, opt.CutTo = a, b
		if err := estimate.CheckCut(opt); err != nil {
			return usageError{err}
		}
		f.cellsOnly, f.deadRegions = true, true
	}
	if f.shard.active() {
		if f.method != "exact" || f.subtree != "" {
			return usagef("--split-depth, --shard, --checkpoint and --resume are for --method exact without --subtree")
		}
		spec, err := newPackSpec(arg, f.pieces, f.strategy, f.cellsOnly, f.deadRegions, f.largestRegion)
		if err != nil {
			return err
		}
		return runSharded(e, e.ctx, spec, f.shard, f.exactDepth, f.workers, f.asJSON)
	}
	pk, err := polyform.Load(arg, f.pieces)
	if err != nil {
		return err
	}
	if pk.Ranges != nil {
		return usagef("copies and ranges of pieces are searched by Algorithm M, whose tree the estimators do not walk: use pack --count")
	}
	pk.CellsOnly, pk.DeadRegions, pk.LargestRegionOnly = f.cellsOnly, f.deadRegions, f.largestRegion
	pk.Engine, pk.FirstEmpty = engine, firstEmpty
	if err := pk.CheckEngine(); err != nil {
		return fmt.Errorf("%s: %v", arg, err)
	}
	newTree := pk.Tree(strat)
	if f.subtree != "" {
		var path []int
		for _, field := range strings.Split(f.subtree, ",") {
			k, err := strconv.Atoi(strings.TrimSpace(field))
			if err != nil || k < 0 {
				return usagef("--subtree %q: want child numbers separated by commas, e.g. 0,3,1", f.subtree)
			}
			path = append(path, k)
		}
		if err := estimate.CheckPath(newTree, path); err != nil {
			return usageError{err}
		}
		newTree = estimate.Subtree(newTree, path)
	}
	rep := estimateReport{Puzzle: arg, Method: f.method, Symmetries: len(pk.Symmetries()), Workers: f.workers}
	start := time.Now()
	prog := newProgress(e)
	prog.Printf("%s: estimating (%s)...", arg, f.method)
	one := func(ctx context.Context, opt estimate.Options) estimate.Result {
		r, _ := estimate.Run(ctx, f.method, newTree, opt)
		return r
	}
	var r estimate.Result
	if target == 0 {
		ctx := e.ctx
		if f.budget > 0 {
			var cancel context.CancelFunc
			ctx, cancel = context.WithTimeout(ctx, f.budget)
			defer cancel()
			opt.Samples = math.MaxInt32
		}
		var err error
		if r, err = estimate.Run(ctx, f.method, newTree, opt); err != nil {
			prog.Done()
			return errInterrupted
		}
	}
	if target > 0 {
		var why string
		r, why, err = runTarget(e, prog, pk, strat, newTree, f, target, func(ctx context.Context, k int) estimate.Result {
			o := opt
			o.Seed = estimate.RoundSeed(opt.Seed, k)
			return one(ctx, o)
		})
		if err != nil {
			prog.Done()
			return err
		}
		rep.Stop = why
	}
	prog.Done()
	interrupted := e.ctx.Err() != nil && f.budget == 0
	rep.Interrupted = interrupted
	rep.Seconds = time.Since(start).Seconds()
	rep.Nodes, rep.Solutions, rep.ByDepth, rep.Samples, rep.Work = r.Nodes, r.Solutions, r.ByDepth, r.Samples, r.Work
	rep.Unique = r.Solutions.Scale(1 / float64(rep.Symmetries))
	if !interrupted {
		rep.NodeRate = pk.NodeRate(e.ctx, strat, 500*time.Millisecond)
	}
	if rep.NodeRate > 0 && f.method != "exact" {
		rep.CountSeconds = rep.Nodes.Estimate / rep.NodeRate / float64(f.workers)
	}
	if f.svg != "" {
		if err := writeEstimateSVG(f.svg, arg, rep); err != nil {
			return err
		}
	}
	if f.asJSON {
		if err := writeJSON(e.stdout, rep); err != nil {
			return err
		}
	} else {
		printEstimate(e, rep)
		if interrupted {
			fmt.Fprintf(e.stdout, "\ninterrupted: the statistics of the %d samples so far\n", rep.Samples)
		}
	}
	if interrupted {
		return errInterrupted
	}
	return nil
}

func printEstimate(e *env, rep estimateReport) {
	w := e.stdout
	fmt.Fprintf(w, "%s: %s estimate, %d samples, %d moves of work, %.2f s\n\n", rep.Puzzle, rep.Method, rep.Samples, rep.Work, rep.Seconds)
	fmt.Fprintf(w, "%5s %20s %6s %12s %10s %12s\n", "depth", "nodes", "", "mean min bf", "sd", "bf samples")
	for _, d := range rep.ByDepth {
		exact := ""
		if d.Exact {
			exact = "exact"
		}
		fmt.Fprintf(w, "%5d %20s %6s %12.5f %10.5f %12d\n", d.Depth, bigFloat(d.Nodes), exact, d.MeanBF, d.SDBF, d.BFSamples)
	}
	fmt.Fprintln(w)
	line := func(name string, iv estimate.Interval) {
		fmt.Fprintf(w, "%-10s %s  %s\n", name, bigFloat(iv.Estimate), intervalText(iv))
	}
	line("nodes", rep.Nodes)
	line("solutions", rep.Solutions)
	line("unique", rep.Unique)
	if rep.Method == "exact" {
		fmt.Fprintf(w, "(counts to depth %d only)\n", len(rep.ByDepth)-1)
	}
	switch rep.Stop {
	case estimate.StopTarget:
		fmt.Fprintln(w, "target met")
	case estimate.StopTime:
		fmt.Fprintln(w, "target not met: the time ran out")
	case estimate.StopExhaustive:
		fmt.Fprintln(w, "target not met: an exhaustive count was cheaper, and the totals are counted")
	}
	if rep.CountSeconds > 0 {
		fmt.Fprintf(w, "an exact count: about %s on %d workers (%.3g nodes/s per worker)\n",
			time.Duration(min(rep.CountSeconds, 1e9)*float64(time.Second)).Round(time.Second), rep.Workers, rep.NodeRate)
	}
}

// bigFloat prints a count in full below 1e15, in e-notation above.
func bigFloat(x float64) string {
	if math.IsInf(x, 0) || math.Abs(x) >= 1e15 {
		return strconv.FormatFloat(x, 'e', 3, 64)
	}
	return strconv.FormatFloat(math.Round(x), 'f', 0, 64)
}

func writeEstimateSVG(name, puzzle string, rep estimateReport) error {
	var depth, bf, nodes []float64
	for _, d := range rep.ByDepth {
		depth = append(depth, float64(d.Depth))
		bf = append(bf, d.MeanBF)
		nodes = append(nodes, d.Nodes)
	}
	charts := []render.Chart{
		{Title: "Mean minimum branching factor per depth", Subtitle: puzzle + ", " + rep.Method, XLabel: "depth", YLabel: "branching factor",
			Series: []render.Series{{Name: rep.Method, X: depth, Y: bf}}},
		{Title: "Nodes per depth", Subtitle: puzzle + ", " + rep.Method, XLabel: "depth", YLabel: "log10 nodes", LogY: true,
			Series: []render.Series{{Name: rep.Method, X: depth, Y: nodes}}},
	}
	return createFile(name, func(w io.Writer) error { return render.WriteStackSVG(w, charts, 640, 400) })
}
