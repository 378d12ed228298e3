package main

import (
	"cmp"
	"fmt"

	"github.com/branchwise/branchwise/shard"
	"github.com/spf13/pflag"
)

// addLedgerFlags adds --checkpoint and --resume to a command made of
// independent instances (what names one: "instance", "deal").
func addLedgerFlags(fs *pflag.FlagSet, checkpoint, resume *string, what string) {
	fs.StringVar(checkpoint, "checkpoint", "", "append each finished "+what+" to this file")
	fs.StringVar(resume, "resume", "", "continue the run in this checkpoint file: its "+what+"s are not run again")
}

// openLedger opens the checkpoint of --checkpoint or --resume (nil without
// either) for the job spec: every option that changes a result, in words.
func openLedger(checkpoint, resume, spec string) (*shard.Ledger, error) {
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
