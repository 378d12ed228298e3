package main

import (
	"context"
	"encoding/json"
	"os"
	"time"

	"github.com/branchwise/branchwise/internal/cliflag"
	"github.com/branchwise/branchwise/puzzles/polyform"
	"github.com/branchwise/branchwise/shard"
	"github.com/spf13/pflag"
)

func addShardFlags(fs *pflag.FlagSet, f *shard.CountJob) {
	fs.StringVar(&f.SplitDepth, "split-depth", "", "cut the tree at this depth into subtrees numbered depth-first, or auto (docs/distributed.md)")
	fs.StringVar(&f.Shard, "shard", "", "count shard i/n of the subtrees (k mod n == i), or auto from SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX")
	fs.IntVar(&f.Shards, "shards", 0, "the number of shards, for --shard auto")
	fs.StringVar(&f.Out, "out", "", "the shard's result file (default shard-I-of-N.json)")
	fs.StringVar(&f.Checkpoint, "checkpoint", "", "append each finished subtree to this file")
	fs.StringVar(&f.Resume, "resume", "", "continue the count in this checkpoint file")
}

func shardActive(f shard.CountJob) bool {
	return f.SplitDepth != "" || f.Shard != "" || f.Checkpoint != "" || f.Resume != ""
}

// runSharded counts spec's tree to maxDepth as --split-depth, --shard,
// --checkpoint and --resume say: one shard to its file, or the whole count
// printed as a table.
func runSharded(e *env, ctx context.Context, spec polyform.CountSpec, job shard.CountJob, maxDepth, workers int, asJSON bool) error {
	if err := spec.ReadBoardText(); err != nil {
		return err
	}
	if err := job.Check(os.Getenv); err != nil {
		return err
	}
	newTree, sj, err := spec.Build()
	if err != nil {
		return err
	}
	job.Spec, job.SpecHash, job.Symmetries, job.MaxDepth, job.Workers = sj.Spec, sj.SpecHash, sj.Symmetries, maxDepth, workers
	prog, start := cliflag.NewProgress(e.stderr), time.Now()
	job.Progress = func(done, total int) {
		prog.Printf("%s: %d of %d subtrees, %s", job.Spec, done, total, time.Since(start).Round(time.Second))
	}
	res, err := job.Run(ctx, newTree, os.Getenv)
	prog.Done()
	switch {
	case err != nil:
		return err
	case res.Status.Early():
		res.WriteStopped(e.stderr)
		return errInterrupted
	case res.Out != "":
		return res.WriteSummary(e.stdout)
	}
	return printTotal(e, shard.TotalOf(res.File), asJSON)
}

// printTotal prints a merged count.
func printTotal(e *env, t *shard.Total, asJSON bool) error {
	if asJSON {
		return cliflag.WriteJSON(e.stdout, t)
	}
	return t.WriteTable(e.stdout)
}

// addLedgerFlags declares --checkpoint, --resume and --shard of a command
// made of independent instances (what names one: "instance", "deal").
func addLedgerFlags(fs *pflag.FlagSet, f *shard.Checkpointing, what string) {
	fs.StringVar(&f.Checkpoint, "checkpoint", "", "append each finished "+what+" to this file")
	fs.StringVar(&f.Resume, "resume", "", "continue the run in this checkpoint file: its "+what+"s are not run again")
	fs.StringVar(&f.Shard, "shard", "", "run the "+what+"s k (in order, from 0) with k mod n == i: i/n, or auto from SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX; needs --checkpoint")
	fs.IntVar(&f.Shards, "shards", 0, "the number of shards, for --shard auto")
}

// checkpoint is what the library's jobs keep their instances in.
type checkpoint interface {
	Name() string
	Done() map[int]json.RawMessage
	Add(i int, result any) error
}

// ckpt returns l as a checkpoint: nil without one (a nil *shard.Ledger in
// an interface would not be nil).
func ckpt(l *shard.Ledger) checkpoint {
	if l == nil {
		return nil
	}
	return l
}
