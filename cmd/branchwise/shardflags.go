package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/branchwise/branchwise/estimate"
	"github.com/branchwise/branchwise/puzzles/polyform"
	"github.com/branchwise/branchwise/shard"
	"github.com/branchwise/branchwise/xcover"
	"github.com/spf13/pflag"
)

// shardFlags are the flags that split a count into shards or checkpoint it.
type shardFlags struct {
	splitDepth, shard, out, checkpoint, resume string
	shards                                     int
}

func addShardFlags(fs *pflag.FlagSet, f *shardFlags) {
	fs.StringVar(&f.splitDepth, "split-depth", "", "cut the tree at this depth into subtrees numbered depth-first, or auto (docs/distributed.md)")
	fs.StringVar(&f.shard, "shard", "", "count shard i/n of the subtrees (k mod n == i), or auto from SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX")
	fs.IntVar(&f.shards, "shards", 0, "the number of shards, for --shard auto")
	fs.StringVar(&f.out, "out", "", "the shard's result file (default shard-I-of-N.json)")
	fs.StringVar(&f.checkpoint, "checkpoint", "", "append each finished subtree to this file")
	fs.StringVar(&f.resume, "resume", "", "continue the count in this checkpoint file")
}

func (f shardFlags) active() bool {
	return f.splitDepth != "" || f.shard != "" || f.checkpoint != "" || f.resume != ""
}

// packSpec is a packing count's puzzle and options, as a queue job carries
// them to workers on other machines (a board file travels as its text).
type packSpec struct {
	Puzzle        string `json:"puzzle"`
	BoardText     string `json:"board_text,omitempty"`
	Pieces        string `json:"pieces,omitempty"`
	Strategy      string `json:"strategy"`
	CellsOnly     bool   `json:"cells_only,omitempty"`
	DeadRegions   bool   `json:"dead_regions,omitempty"`
	LargestRegion bool   `json:"largest_region,omitempty"`
}

func newPackSpec(arg, pieces, strategy string, cellsOnly, deadRegions, largestRegion bool) (packSpec, error) {
	s := packSpec{Puzzle: arg, Pieces: pieces, Strategy: strategy, CellsOnly: cellsOnly, DeadRegions: deadRegions, LargestRegion: largestRegion}
	if _, _, ok := polyform.Named(arg); !ok {
		b, err := os.ReadFile(arg)
		if err != nil {
			return s, err
		}
		s.BoardText = string(b)
	}
	return s, nil
}

// text describes the spec in words.
func (s packSpec) text() string {
	t := "pack " + filepath.Base(s.Puzzle) + " --strategy " + s.Strategy
	for _, o := range []struct {
		on   bool
		flag string
	}{{s.Pieces != "", "--pieces " + s.Pieces}, {s.CellsOnly, "--cells-only"}, {s.DeadRegions, "--dead-regions"}, {s.LargestRegion, "--largest-region"}} {
		if o.on {
			t += " " + o.flag
		}
	}
	return t
}

// build makes the spec's tree (the walker of estimate --method exact) and
// the hash of its canonical form: the exact cover problem in DLX format
// and the options that shape the tree.
func (s packSpec) build() (func() estimate.Tree, string, error) {
	arg := s.Puzzle
	if s.BoardText != "" {
		dir, err := os.MkdirTemp("", "branchwise-board")
		if err != nil {
			return nil, "", err
		}
		defer os.RemoveAll(dir)
		arg = filepath.Join(dir, filepath.Base(s.Puzzle))
		if err := os.WriteFile(arg, []byte(s.BoardText), 0o644); err != nil {
			return nil, "", err
		}
	}
	strat, err := xcover.ParseStrategy(s.Strategy)
	if err != nil {
		return nil, "", err
	}
	pk, err := polyform.Load(arg, s.Pieces)
	if err != nil {
		return nil, "", err
	}
	if pk.Ranges != nil {
		return nil, "", fmt.Errorf("%s: copies and ranges of pieces are searched by Algorithm M, which the shards do not split", arg)
	}
	pk.CellsOnly, pk.DeadRegions, pk.LargestRegionOnly = s.CellsOnly, s.DeadRegions, s.LargestRegion
	var canon bytes.Buffer
	if err := pk.Problem().WriteDLX(&canon); err != nil {
		return nil, "", err
	}
	fmt.Fprintf(&canon, "\nstrategy=%s cells-only=%t dead-regions=%t largest-region=%t tree=walker\n", strat, s.CellsOnly, s.DeadRegions, s.LargestRegion)
	return pk.Tree(strat), shard.Hash(canon.Bytes()), nil
}

// buildFrontier cuts the tree at --split-depth (auto: enough subtrees for
// n shards, or for the workers of one process).
func buildFrontier(newTree func() estimate.Tree, splitDepth string, n, maxDepth int) (*shard.Frontier, error) {
	if splitDepth == "" || splitDepth == "auto" {
		return shard.AutoDepth(newTree, n, maxDepth)
	}
	d, err := strconv.Atoi(splitDepth)
	if err != nil {
		return nil, usagef("--split-depth %q: want a depth or auto", splitDepth)
	}
	return shard.NewFrontier(newTree, d, maxDepth)
}

// runSharded counts spec's tree to maxDepth as --split-depth, --shard,
// --checkpoint and --resume say: one shard to its file, or the whole count
// printed as a table.
func runSharded(e *env, ctx context.Context, spec packSpec, f shardFlags, maxDepth, workers int, asJSON bool) error {
	slot := shard.Slot{I: 0, N: 1}
	if f.shard != "" {
		var err error
		if slot, err = shard.ParseSlot(f.shard, f.shards, os.Getenv); err != nil {
			return usageError{err}
		}
	}
	if f.checkpoint != "" && f.resume != "" && f.checkpoint != f.resume {
		return usagef("--checkpoint %s and --resume %s: one file, appended to", f.checkpoint, f.resume)
	}
	newTree, hash, err := spec.build()
	if err != nil {
		return err
	}
	fr, err := buildFrontier(newTree, f.splitDepth, max(slot.N, workers), maxDepth)
	if err != nil {
		return err
	}
	opt := shard.Options{Job: shard.Job{Spec: spec.text(), SpecHash: hash, Version: shard.BuildVersion(), MaxDepth: maxDepth},
		Slot: slot, Workers: workers, Checkpoint: f.checkpoint}
	if f.resume != "" {
		opt.Checkpoint, opt.Resume = f.resume, true
	}
	prog := newProgress(e)
	start := time.Now()
	opt.Progress = func(done, total int) {
		prog.Printf("%s: %d of %d subtrees, %s", spec.text(), done, total, time.Since(start).Round(time.Second))
	}
	file, err := shard.Run(ctx, newTree, fr, opt)
	prog.Done()
	if err != nil && !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	if err != nil {
		done := 0
		if file != nil {
			done = len(file.Subtrees)
		}
		fmt.Fprintf(e.stderr, "%s: stopped with %d of this run's %d subtrees counted", spec.text(), done, len(shard.Mine(fr.Len(), slot.I, slot.N)))
		if opt.Checkpoint != "" {
			fmt.Fprintf(e.stderr, "; they are in %s: continue with --resume %s", opt.Checkpoint, opt.Checkpoint)
		}
		fmt.Fprintln(e.stderr)
		return errInterrupted
	}
	if slot.N > 1 || f.shard != "" {
		out := f.out
		if out == "" {
			out = fmt.Sprintf("shard-%d-of-%d.json", slot.I, slot.N)
		}
		if err := file.Write(out); err != nil {
			return err
		}
		fmt.Fprintf(e.stdout, "%s: shard %d of %d, split depth %d, %d of %d subtrees, %d nodes, %d solutions, %.2f s: %s\n",
			spec.text(), slot.I, slot.N, fr.Depth, len(file.Subtrees), fr.Len(), sum(file.Counts.Nodes), sum(file.Counts.Solutions), file.Seconds, out)
		return nil
	}
	return printTotal(e, shard.TotalOf(file), asJSON)
}

func sum(xs []int64) int64 {
	var s int64
	for _, x := range xs {
		s += x
	}
	return s
}

// printTotal prints a merged count: nodes, mean branching factor and
// solutions per depth, then the totals.
func printTotal(e *env, t *shard.Total, asJSON bool) error {
	if asJSON {
		return writeJSON(e.stdout, t)
	}
	fmt.Fprintf(e.stdout, "%s: split depth %d, %d subtrees, %d shards, %.2f s counting\n\n", t.Spec, t.SplitDepth, t.Frontier, t.Shards, t.Seconds)
	fmt.Fprintf(e.stdout, "%5s %22s %10s %18s\n", "depth", "nodes", "mean bf", "solutions")
	for d := range t.Nodes {
		bf := "-"
		if d+1 < len(t.Nodes) && t.Nodes[d].Sign() > 0 {
			q, _ := new(big.Rat).SetFrac(t.Branches[d], t.Nodes[d]).Float64()
			bf = fmt.Sprintf("%.5f", q)
		}
		fmt.Fprintf(e.stdout, "%5d %22s %10s %18s\n", d, t.Nodes[d], bf, t.Solutions[d])
	}
	fmt.Fprintf(e.stdout, "\nnodes      %s\nsolutions  %s\n", t.AllNodes, t.AllSolutions)
	if len(t.Duplicates) > 0 {
		fmt.Fprintf(e.stdout, "(shards given twice with the same counts, counted once: %s)\n", shard.Ranges(t.Duplicates))
	}
	return nil
}

// runPackSharded runs pack --count with the shard flags.
func runPackSharded(e *env, arg string, f packFlags) error {
	if !f.count || f.unique {
		return usagef("--split-depth, --shard, --checkpoint and --resume are for --count without --unique")
	}
	spec, err := newPackSpec(arg, f.pieces, f.strategy, f.cellsOnly, f.deadRegions, f.largestRegion)
	if err != nil {
		return err
	}
	ctx, cancel := e.ctx, context.CancelFunc(func() {})
	if f.maxTime > 0 {
		ctx, cancel = context.WithTimeout(e.ctx, f.maxTime)
	}
	defer cancel()
	return runSharded(e, ctx, spec, f.shard, shard.NoDepthLimit, f.workers, f.asJSON)
}
