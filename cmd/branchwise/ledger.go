package main

import (
	"encoding/json"

	"github.com/branchwise/branchwise/shard"
	"github.com/spf13/pflag"
)

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
