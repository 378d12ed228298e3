package main

import (
	"cmp"
	"errors"
	"fmt"
	"time"

	"github.com/branchwise/branchwise/estimate"
	"github.com/branchwise/branchwise/internal/cliflag"
	"github.com/branchwise/branchwise/puzzles/polyform"
	"github.com/branchwise/branchwise/search"
	"github.com/branchwise/branchwise/shard"
	"github.com/spf13/cobra"
)

func init() { register(newEstimateCmd) }

// estimateFlags are estimate's settings: the job and the tree's spec are
// the library's, bound to the flags directly.
type estimateFlags struct {
	job               estimate.Job
	spec              polyform.CountSpec
	engine, cutDepths string
	subtree, svg      string
	compare           string
	seed              int64
	asJSON, symmetry  bool
	shard             shard.CountJob
	lim               search.Limits // --max-mem
}

func newEstimateCmd(e *env) *cobra.Command {
	var f estimateFlags
	c := &cobra.Command{
		Use:   "estimate NAME|BOARDFILE",
		Short: "Estimate the search tree and solutions of a packing puzzle too big to count",
		Long: `Estimate the nodes of the fewest-options search tree of a packing puzzle
(named or drawn as for pack) and its solutions from a sample of the tree,
with a 95% interval and the time an exhaustive count would take.

--method: auto (the default: from a pilot run, Purdom's probes of the widest
width of which ten fit in --work moves, small subtrees counted exactly;
stratified sampling on IDA*'s trees), frontier (the tree counted to
--exact-depth, then --samples probes from every node there), knuth, stratified, purdom (into
--width children of every node), samplesearch, paper (Korekawa et al.:
--cut-depths, --cut-p), or exact (the counts to --exact-depth only).
An interval is called a 95% confidence interval only when the replicates
support it, else a spread. --target P% runs rounds of --samples until both
intervals are within +-P%, --max-time runs out, or counting is quicker.
Equal seeds give equal numbers, whatever -j. Details: docs/estimate.md.`,
		Example: `  branchwise estimate pentomino-6x10 --method purdom --target 5%`,
		Args:    cliflag.ArgsUsage(cobra.ExactArgs(1)),
		RunE: func(c *cobra.Command, args []string) error {
			samples, depth, lookahead := estimate.MethodDefaults(f.job.Method)
			if !c.Flags().Changed("samples") {
				f.job.Options.Samples = samples
			}
			if !c.Flags().Changed("exact-depth") {
				f.job.Options.ExactDepth = depth
			}
			f.job.Options.Lookahead = f.job.Options.Lookahead && (lookahead || c.Flags().Changed("lookahead"))
			return runEstimate(e, args[0], f)
		},
	}
	fs := c.Flags()
	o := &f.job.Options
	fs.StringVar(&f.job.Method, "method", "auto", "auto, frontier, knuth, stratified, purdom, samplesearch, paper or exact")
	cliflag.CountVar(fs, &o.MaxWork, "work", 0, "the moves an estimate may spend (auto: 1e6 if 0; others: --samples if 0)")
	cliflag.CountVar(fs, &o.Samples, "samples", 0, "probes (knuth), probes per frontier node (frontier), runs (paper)")
	fs.DurationVar(&f.job.Budget, "time", 0, "knuth: probe for this long instead of --samples")
	fs.IntVar(&o.ExactDepth, "exact-depth", 0, "count the tree exactly to this depth (default 2 frontier, 3 paper and exact; purdom: every child above it)")
	fs.BoolVar(&o.Lookahead, "lookahead", true, "frontier and knuth (purdom: off unless given): count the leaf children on a probe's path exactly, go on among the others")
	fs.IntVar(&o.Width, "width", 3, "purdom: children a probe goes on into at every node")
	fs.IntVar(&o.Strata, "strata", 0, "stratified: 0 strata by the number of children; 1 also by the sizes of the empty regions, 2 also by the pieces left (packings on the bitboard kernel)")
	fs.StringVar(&f.job.Target, "target", "", "run until the 95% intervals are within this relative half-width, e.g. 10%")
	fs.DurationVar(&f.job.MaxTime, "max-time", 0, "with --target: stop after this long, with the estimate so far (0: no limit)")
	cliflag.CountVar(fs, &o.Tail, "tail", 0, "frontier and knuth: count exactly every subtree of at most this many nodes a probe reaches (0: never)")
	fs.Float64Var(&o.CutP, "cut-p", 0.7, "paper: probability of dropping a node in the cut depths")
	fs.StringVar(&f.cutDepths, "cut-depths", "2..19", "paper: the depths where nodes may be dropped, FROM..TO")
	fs.StringVar(&f.spec.Pieces, "pieces", "", "a piece set by name, or pieces of the puzzle's set by letter")
	addEngineFlags(fs, &f.engine, &f.spec.Strategy, "fewest")
	fs.BoolVar(&f.spec.CellsOnly, "cells-only", false, "branch on cells only (implied by --method paper)")
	fs.BoolVar(&f.spec.DeadRegions, "dead-regions", false, "cut dead regions, hiding the placements that make one (implied by --method paper)")
	fs.BoolVar(&f.spec.LargestRegion, "largest-region", false, "with --dead-regions: test the largest empty region only, as Korekawa et al.'s program does")
	fs.BoolVar(&f.symmetry, "symmetry", false, "walk the tree restricted to one solution of each class under the board's symmetries (one piece kept to one placement of each orbit): about 1/symmetries of the tree")
	fs.BoolVar(&f.spec.PieceCut, "piece-cut", false, "with --cells-only on the bitboard kernel: end a path where a piece left has no placement left")
	fs.BoolVar(&f.spec.ColourCut, "colour-cut", false, "with --dead-regions on the bitboard kernel: also cut a region whose cells of one colour the pieces left cannot match")
	fs.StringVar(&f.subtree, "subtree", "", "estimate only the subtree below this path of child numbers from the root, e.g. 0,3,1")
	fs.StringVar(&f.compare, "compare", "", "estimate again under this --strategy with the next seed, and say whether the solution counts agree")
	fs.StringVar(&f.svg, "svg", "", "write charts of the mean branching factor and the nodes per depth to this SVG file")
	cliflag.AddSeed(fs, &f.seed)
	cliflag.AddJSON(fs, &f.asJSON)
	cliflag.AddWorkers(fs, &o.Workers)
	cliflag.AddMaxMem(fs, &f.lim)
	addShardFlags(fs, &f.shard)
	return c
}

func runEstimate(e *env, arg string, f estimateFlags) error {
	if _, _, _, err := polyform.ParseEngineStrategy(f.engine, f.spec.Strategy); err != nil {
		return err
	}
	ctx, cancel := cliflag.HeapBound(e.ctx, f.lim)
	defer cancel()
	job := f.job
	job.Name, job.Options.Seed = arg, uint64(f.seed)
	if err := job.Check(); err != nil {
		return err
	}
	if job.Method == "paper" {
		a, b, ok := cliflag.ParseRange(f.cutDepths, false)
		if !ok {
			return usagef("--cut-depths %q: want FROM..TO, e.g. 2..19", f.cutDepths)
		}
		job.Options.CutFrom, job.Options.CutTo = a, b
		if err := estimate.CheckCut(job.Options); err != nil {
			return err
		}
		f.spec.CellsOnly, f.spec.DeadRegions = true, true
	}
	if f.shard.Split() {
		if job.Method != "exact" {
			return usagef("--split-depth, --shard, --checkpoint and --resume are for --method exact")
		}
		f.spec.Puzzle, f.spec.Symmetry, f.spec.Subtree = arg, f.symmetry, f.subtree
		return runSharded(e, ctx, f.spec, f.shard, job.Options.ExactDepth, job.Options.Workers, f.asJSON)
	}
	var path []int
	if f.subtree != "" {
		if f.compare != "" {
			return usagef("--compare with --subtree: another rule numbers its children otherwise, so the same path leads to another subproblem; compare on a board file with the path's pieces placed")
		}
		var ok bool
		if path, ok = cliflag.ParseInts(f.subtree, 0); !ok {
			return usagef("--subtree %q: want child numbers separated by commas, e.g. 0,3,1", f.subtree)
		}
	}
	f.spec.Puzzle = arg
	newTree, err := f.spec.Estimator(&job, f.engine, path, f.symmetry)
	if err != nil {
		return err
	}
	prog := cliflag.NewProgress(e.stderr)
	// run estimates with a progress line: the method's status as its
	// rounds end, and between them (and for methods without rounds) the
	// work done and the time left.
	run := func(job estimate.Job, newTree func() estimate.Tree) (estimate.Report, error) {
		job.Options.Meter = estimate.NewMeter()
		prog.Printf("%s", job.Heartbeat())
		w := cliflag.Watch(prog, job.Heartbeat)
		job.Counting = func() { w.Printf("counting: cheaper than reaching the target") }
		job.Progress = func(r estimate.Result, left time.Duration) {
			w.Printf("%s", job.Status(r, job.Options.Meter.Elapsed(), left))
		}
		rep, err := job.Run(ctx, newTree)
		w.Stop()
		return rep, err
	}
	rep, err := run(job, newTree)
	switch {
	case errors.Is(err, estimate.ErrNoRound):
		return fmt.Errorf("--max-time %v ran out before the first round of %d samples ended: give more time or fewer --samples", job.MaxTime, job.Options.Samples)
	case err != nil:
		return cmp.Or(interrupted(e), err)
	}
	if err := cliflag.OutputSVG(e.stdout, f.asJSON, &rep, f.svg); err != nil {
		return err
	}
	if rep.Status.Early() {
		return interrupted(e) // the table says what stopped it
	}
	if f.compare == "" {
		return nil
	}
	// The same problem under another rule, with another seed: the two
	// solution counts must agree.
	other, _, _, err := f.spec.EstimateTree(f.engine, f.compare, path, f.symmetry)
	if err != nil {
		return err
	}
	job.Options.Seed++
	rep2, err := run(job, other)
	if err != nil {
		return cmp.Or(interrupted(e), err)
	}
	fmt.Fprintf(e.stdout, "\n--strategy %s, seed %d:\n", f.compare, job.Options.Seed)
	if err := cliflag.OutputSVG(e.stdout, f.asJSON, &rep2, ""); err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "solutions under the two rules: %s\n", estimate.Agree(rep.Solutions, rep2.Solutions).Text())
	return nil
}
