package shard

import (
	"context"
	"os"
	"time"

	"github.com/branchwise/branchwise/estimate"
)

// Options says what a Run counts and how.
type Options struct {
	Job  Job
	Slot Slot // {0, 1}: the whole frontier
	// Workers is the number of goroutines, each with its own tree.
	Workers int
	// Checkpoint names a file to append finished subtrees to; with
	// Resume it is reopened and its subtrees are not counted again.
	Checkpoint string
	Resume     bool
	// Progress, if set, is told after each subtree how many of the
	// shard's are done, checkpointed ones included.
	Progress func(done, total int)
}

// Run counts shard opt.Slot of the frontier fr and returns its file,
// complete unless ctx stopped the count (then the error is ctx's and the
// file holds the subtrees finished, which the checkpoint holds too).
func Run(ctx context.Context, newTree func() estimate.Tree, fr *Frontier, opt Options) (*File, error) {
	if opt.Slot.N == 0 {
		opt.Slot.N = 1
	}
	if _, err := checkSlot(opt.Slot, "shard"); err != nil {
		return nil, err
	}
	done := map[int]*estimate.Profile{}
	var cp *Checkpoint
	if opt.Checkpoint != "" {
		var err error
		if cp, err = OpenCheckpoint(opt.Checkpoint, opt.Resume, opt.Job, fr, opt.Slot); err != nil {
			return nil, err
		}
		for k, p := range cp.Done() {
			done[k] = p
		}
	}
	var ks []int
	for _, k := range Mine(fr.Len(), opt.Slot.I, opt.Slot.N) {
		if _, ok := done[k]; !ok {
			ks = append(ks, k)
		}
	}
	total := len(Mine(fr.Len(), opt.Slot.I, opt.Slot.N))
	start := time.Now()
	cctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var werr error
	err := Count(cctx, newTree, fr, ks, opt.Job.MaxDepth, opt.Workers, func(k int, p *estimate.Profile) {
		done[k] = p
		if opt.Progress != nil {
			opt.Progress(len(done), total)
		}
		if cp != nil && werr == nil {
			if werr = cp.Add(k, p, fr.Depth); werr != nil {
				cancel()
			}
		}
	})
	if cp != nil {
		if cerr := cp.Close(); werr == nil {
			werr = cerr
		}
	}
	if werr != nil {
		return nil, werr
	}
	f := NewFile(opt.Job, fr, opt.Slot.I, opt.Slot.N, done)
	f.Seconds = time.Since(start).Seconds()
	f.Host, _ = os.Hostname()
	f.Workers = opt.Workers
	return f, err
}

// TotalOf is a single file's count as a merged total (a run of one shard,
// or a shard's own share with its prefix).
func TotalOf(f *File) *Total {
	t := &Total{Spec: f.Spec, SpecHash: f.SpecHash, Version: f.Version, SplitDepth: f.SplitDepth,
		MaxDepth: f.MaxDepth, Frontier: f.Frontier, Shards: f.Shards, Seconds: f.Seconds, Symmetry: f.Symmetry}
	t.add(f.Prefix)
	t.add(f.Counts)
	t.Seal()
	return t
}
