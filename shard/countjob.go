package shard

import (
	"context"
	"errors"
	"fmt"
	"github.com/branchwise/branchwise/internal/numfmt"
	"io"
	"math/big"
	"strconv"

	"github.com/branchwise/branchwise/estimate"
	"github.com/branchwise/branchwise/internal/opterr"
	"github.com/branchwise/branchwise/search"
)

// CountJob is a count of a tree cut into subtrees as a command asks for
// it (pack --count and estimate --method exact with --split-depth,
// --shard, --checkpoint or --resume): one shard to its file, or the whole
// count, optionally checkpointed. Check's errors name the settings as the
// command's flags spell them.
type CountJob struct {
	// Spec describes the puzzle and options in words, SpecHash hashes
	// their canonical form (Hash): shards merge when both agree.
	Spec, SpecHash string
	// SplitDepth is the depth of the cut, or "" or "auto" (AutoDepth:
	// enough subtrees for the shards and workers).
	SplitDepth string
	// Shard is "i/n" or "auto" (ParseSlot), Shards the count for auto;
	// "" counts the whole tree.
	Shard  string
	Shards int
	// Checkpoint and Resume name the checkpoint to start or continue.
	Checkpoint, Resume string
	// Out is the shard's result file ("": shard-I-of-N.json).
	Out      string
	MaxDepth int // NoDepthLimit: the whole tree
	Workers  int
	// Symmetry is Job.Symmetry: whether and how the tree is restricted
	// by the puzzle's symmetries.
	Symmetry Symmetry
	// Progress, if set, is told after each subtree how many of the
	// shard's are done.
	Progress func(done, total int)
}

// Split reports whether the job asks for a count in subtrees: a split
// depth, a shard, a checkpoint or a resumed one. Without any of them a
// command counts the whole tree its own way.
func (j CountJob) Split() bool {
	return j.SplitDepth != "" || j.Shard != "" || j.Checkpoint != "" || j.Resume != ""
}

// CountResult is a CountJob's outcome.
type CountResult struct {
	File     *File
	Frontier *Frontier
	Slot     Slot
	// Out is the shard file written ("" for a whole count).
	Out string
	// Status is search.Solved for a finished count; when ctx ended it,
	// the context's status (search.Interrupted, search.TimeLimit), and
	// File holds the subtrees finished, which the checkpoint (Checkpoint)
	// holds too.
	Status     search.Status
	Checkpoint string
	spec       string
}

// Check reports misuse of the settings: a bad shard (getenv resolves
// Shard "auto", as for ParseSlot), two different checkpoint files, a bad
// split depth.
func (j CountJob) Check(getenv func(string) string) error {
	if j.Shard != "" {
		if _, err := ParseSlot(j.Shard, j.Shards, getenv); err != nil {
			return err
		}
	}
	if j.Checkpoint != "" && j.Resume != "" && j.Checkpoint != j.Resume {
		return opterr.Errorf("--resume", "--checkpoint %s and --resume %s: one file, appended to", j.Checkpoint, j.Resume)
	}
	if j.SplitDepth != "" && j.SplitDepth != "auto" {
		if _, err := strconv.Atoi(j.SplitDepth); err != nil {
			return opterr.Errorf("--split-depth", "--split-depth %q: want a depth or auto", j.SplitDepth)
		}
	}
	return nil
}

// FrontierAt cuts the tree at splitDepth: a depth, or "" or "auto" for
// AutoDepth (enough subtrees for n shards or workers); ctx stops the walk.
func FrontierAt(ctx context.Context, newTree func() estimate.Tree, splitDepth string, n, maxDepth int) (*Frontier, error) {
	if splitDepth == "" || splitDepth == "auto" {
		return autoDepth(ctx, newTree, n, maxDepth)
	}
	d, err := strconv.Atoi(splitDepth)
	if err != nil {
		return nil, fmt.Errorf("--split-depth %q: want a depth or auto", splitDepth)
	}
	return NewFrontierContext(ctx, newTree, d, maxDepth)
}

// Run counts the job's shard of the tree of newTree; with a shard it
// writes the shard's file. getenv resolves Shard "auto".
func (j CountJob) Run(ctx context.Context, newTree func() estimate.Tree, getenv func(string) string) (*CountResult, error) {
	if err := j.Check(getenv); err != nil {
		return nil, err
	}
	slot := Slot{I: 0, N: 1}
	if j.Shard != "" {
		var err error
		if slot, err = ParseSlot(j.Shard, j.Shards, getenv); err != nil {
			return nil, err
		}
	}
	fr, err := FrontierAt(ctx, newTree, j.SplitDepth, max(slot.N, j.Workers), j.MaxDepth)
	if err != nil {
		return nil, err
	}
	opt := Options{Job: Job{Spec: j.Spec, SpecHash: j.SpecHash, Version: BuildVersion(), MaxDepth: j.MaxDepth, Symmetry: j.Symmetry},
		Slot: slot, Workers: j.Workers, Checkpoint: j.Checkpoint, Progress: j.Progress}
	if j.Resume != "" {
		opt.Checkpoint, opt.Resume = j.Resume, true
	}
	file, err := Run(ctx, newTree, fr, opt)
	res := &CountResult{File: file, Frontier: fr, Slot: slot, Checkpoint: opt.Checkpoint, spec: j.Spec}
	if err != nil && !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded) && !errors.Is(err, search.ErrMemLimit) {
		return nil, err
	}
	if err != nil {
		res.Status = search.StatusOf(err)
		return res, nil
	}
	if slot.N > 1 || j.Shard != "" {
		res.Out = j.Out
		if res.Out == "" {
			res.Out = fmt.Sprintf("shard-%d-of-%d.json", slot.I, slot.N)
		}
		if err := file.Write(res.Out); err != nil {
			return nil, err
		}
	}
	return res, nil
}

// WriteStopped says how far a stopped count went and how to go on.
func (r *CountResult) WriteStopped(w io.Writer) {
	done := 0
	if r.File != nil {
		done = len(r.File.Subtrees)
	}
	fmt.Fprintf(w, "%s: stopped with %s of this run's %s subtrees counted", r.spec, numfmt.Count(int64(done)), numfmt.Count(int64(len(Mine(r.Frontier.Len(), r.Slot.I, r.Slot.N)))))
	if r.Checkpoint != "" {
		fmt.Fprintf(w, "; they are in %s: continue with --resume %s", r.Checkpoint, r.Checkpoint)
	}
	fmt.Fprintln(w)
}

// WriteSummary prints one line about a shard's file.
func (r *CountResult) WriteSummary(w io.Writer) error {
	f := r.File
	_, err := fmt.Fprintf(w, "%s: shard %d of %d, split depth %d, %s of %s subtrees, %s nodes, %s solutions, %.2f s: %s\n",
		r.spec, r.Slot.I, r.Slot.N, r.Frontier.Depth, numfmt.Count(int64(len(f.Subtrees))), numfmt.Count(int64(r.Frontier.Len())), numfmt.Count(sum64(f.Counts.Nodes)), numfmt.Count(sum64(f.Counts.Solutions)), f.Seconds, r.Out)
	return err
}

func sum64(xs []int64) int64 {
	var s int64
	for _, x := range xs {
		s += x
	}
	return s
}

// WriteTable prints the count: nodes, mean branching factor and solutions
// per depth, then the totals.
func (t *Total) WriteTable(w io.Writer) error {
	shards := "shards"
	if t.Shards == 1 {
		shards = "shard"
	}
	fmt.Fprintf(w, "%s: split depth %d, %s subtrees, %s %s, %.2f s counting\n\n", t.Spec, t.SplitDepth, numfmt.Count(int64(t.Frontier)), numfmt.Count(int64(t.Shards)), shards, t.Seconds)
	fmt.Fprintf(w, "%5s %22s %10s %18s\n", "depth", "nodes", "mean bf", "solutions")
	for d := range t.Nodes {
		bf := "-"
		if d+1 < len(t.Nodes) && t.Nodes[d].Sign() > 0 {
			q, _ := new(big.Rat).SetFrac(t.Branches[d], t.Nodes[d]).Float64()
			bf = fmt.Sprintf("%.5f", q)
		}
		fmt.Fprintf(w, "%5d %22s %10s %18s\n", d, numfmt.Digits(t.Nodes[d].String()), bf, numfmt.Digits(t.Solutions[d].String()))
	}
	fmt.Fprintf(w, "\nnodes      %s\nsolutions  %s\n", numfmt.Digits(t.AllNodes.String()), numfmt.Digits(t.AllSolutions.String()))
	if t.Unrestricted != nil {
		if t.SymmetricClasses > 0 {
			fmt.Fprintf(w, "(one solution of each class under %d symmetries; classes with symmetries of their own, counted apart: %s, of %s solutions; %s unique, %s solutions in all)\n",
				t.Symmetries, numfmt.Count(t.SymmetricClasses), numfmt.Count(t.SymmetricSolutions), numfmt.Digits(t.Unique.String()), numfmt.Digits(t.Unrestricted.String()))
		} else {
			fmt.Fprintf(w, "(one solution of each class under %d symmetries: %s solutions in all)\n", t.Symmetries, numfmt.Digits(t.Unrestricted.String()))
		}
	}
	if len(t.Duplicates) > 0 {
		fmt.Fprintf(w, "(shards given twice with the same counts, counted once: %s)\n", Ranges(t.Duplicates))
	}
	return nil
}
