package shard

import (
	"cmp"

	"github.com/branchwise/branchwise/internal/opterr"
)

// Checkpointing says how a job of independent instances (a run of Korf's
// instances, a survey of deals) is split into shards and kept on disk: the
// flags --checkpoint, --resume, --shard and --shards of the commands that
// run such jobs. Instance k (in the job's order, from 0) belongs to the
// shard k mod n.
type Checkpointing struct {
	// Checkpoint names a ledger to start; Resume one to continue. Given
	// both, they must be the same file.
	Checkpoint, Resume string
	// Shard is "i/n" or "auto" (ParseSlot); "" runs every instance.
	Shard string
	// Shards is the number of shards for Shard "auto".
	Shards int
}

// Slot returns the shard to run, {0, 1} without Shard. A shard's results
// must go somewhere: Shard needs Checkpoint or Resume. Its errors are the
// caller's misuse of the options.
func (c Checkpointing) Slot(getenv func(string) string) (Slot, error) {
	if c.Shard == "" {
		return Slot{I: 0, N: 1}, nil
	}
	if c.Checkpoint == "" && c.Resume == "" {
		return Slot{}, opterr.Errorf("--shard", "--shard needs --checkpoint FILE: the shard's results")
	}
	return ParseSlot(c.Shard, c.Shards, getenv)
}

// Check reports the caller's misuse of the files: a checkpoint and a
// resumed ledger that differ.
func (c Checkpointing) Check() error {
	if c.Checkpoint != "" && c.Resume != "" && c.Checkpoint != c.Resume {
		return opterr.Errorf("--resume", "--checkpoint %s and --resume %s: one file, appended to", c.Checkpoint, c.Resume)
	}
	return nil
}

// Open opens the ledger of Checkpoint or Resume (nil without either) for
// the job spec: every option that changes a result, in words. The shards
// of one job share its spec, so that they merge.
func (c Checkpointing) Open(spec string) (*Ledger, error) {
	if err := c.Check(); err != nil {
		return nil, err
	}
	name := cmp.Or(c.Resume, c.Checkpoint)
	if name == "" {
		return nil, nil
	}
	return OpenLedger(name, c.Resume != "", Job{Spec: spec, SpecHash: Hash([]byte(spec)), Version: BuildVersion()})
}

// Start returns the shard to run (Slot) and the ledger (Open) of the job
// spec.
func (c Checkpointing) Start(spec string, getenv func(string) string) (Slot, *Ledger, error) {
	slot, err := c.Slot(getenv)
	if err != nil {
		return Slot{}, nil, err
	}
	l, err := c.Open(spec)
	return slot, l, err
}

// Keep returns the instances of xs (in the job's order) that belong to
// shard s.
func Keep[T any](xs []T, s Slot) []T {
	mine := xs[:0:0] // empty, never nil: nil means every instance to some callers
	for k, x := range xs {
		if k%s.N == s.I {
			mine = append(mine, x)
		}
	}
	return mine
}
