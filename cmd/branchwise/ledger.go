package main

import (
	"cmp"
	"fmt"
	"os"

	"github.com/branchwise/branchwise/shard"
	"github.com/spf13/pflag"
)

// ledgerFlags are --checkpoint, --resume and --shard of a command made of
// independent instances.
type ledgerFlags struct {
	checkpoint, resume, shard string
	shards                    int
}

// add adds the flags (what names an instance: "instance", "deal").
func (f *ledgerFlags) add(fs *pflag.FlagSet, what string) {
	fs.StringVar(&f.checkpoint, "checkpoint", "", "append each finished "+what+" to this file")
	fs.StringVar(&f.resume, "resume", "", "continue the run in this checkpoint file: its "+what+"s are not run again")
	fs.StringVar(&f.shard, "shard", "", "run the "+what+"s k (in order, from 0) with k mod n == i: i/n, or auto from SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX; needs --checkpoint")
	fs.IntVar(&f.shards, "shards", 0, "the number of shards, for --shard auto")
}

// slot returns the shard to run, {0, 1} without --shard.
func (f *ledgerFlags) slot() (shard.Slot, error) {
	if f.shard == "" {
		return shard.Slot{I: 0, N: 1}, nil
	}
	if f.checkpoint == "" && f.resume == "" {
		return shard.Slot{}, usagef("--shard needs --checkpoint FILE: the shard's results")
	}
	s, err := shard.ParseSlot(f.shard, f.shards, os.Getenv)
	if err != nil {
		return shard.Slot{}, usageError{err}
	}
	return s, nil
}

// open opens the checkpoint of --checkpoint or --resume (nil without
// either) for the job spec: every option that changes a result, in words.
// The shards of one job share its spec, so that they merge.
func (f *ledgerFlags) open(spec string) (*shard.Ledger, error) {
	checkpoint, resume := f.checkpoint, f.resume
	if checkpoint != "" && resume != "" && checkpoint != resume {
		return nil, usagef("--checkpoint %s and --resume %s: one file, appended to", checkpoint, resume)
	}
	name := cmp.Or(resume, checkpoint)
	if name == "" {
		return nil, nil
	}
	return shard.OpenLedger(name, resume != "", shard.Job{Spec: spec, SpecHash: shard.Hash([]byte(spec)), Version: shard.BuildVersion()})
}

// closeLedger closes l (if any), returning the first error of writing it
// (addErr, from its Add calls) or closing it; after an interruption
// (Ctrl-C or a time limit) it says on standard error how to go on.
func closeLedger(e *env, l *shard.Ledger, addErr error, interrupted bool) error {
	if l == nil {
		return nil
	}
	err := l.Close()
	if addErr != nil {
		err = addErr
	}
	if err == nil && interrupted {
		fmt.Fprintf(e.stderr, "%d finished are in %s: continue with --resume %s\n", len(l.Done()), l.Name(), l.Name())
	}
	return err
}
