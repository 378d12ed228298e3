package shard

import (
	"strconv"
	"strings"

	"github.com/branchwise/branchwise/internal/opterr"
)

// Slot is which shard of how many this process counts.
type Slot struct{ I, N int }

// ParseSlot reads a --shard value: "i/n", or "auto" for the job engine's
// task index from getenv: Slurm job arrays set SLURM_ARRAY_TASK_ID and
// SLURM_ARRAY_TASK_COUNT; Kubernetes Indexed Jobs set JOB_COMPLETION_INDEX
// and leave the count to shards (--shards n, the Job's completions). A
// Slurm array must start at 0 (--array=0-N) so that IDs are indices.
func ParseSlot(s string, shards int, getenv func(string) string) (Slot, error) {
	if s != "auto" {
		a, b, ok := strings.Cut(s, "/")
		i, err1 := strconv.Atoi(a)
		n, err2 := strconv.Atoi(b)
		if !ok || err1 != nil || err2 != nil {
			return Slot{}, opterr.Errorf("--shard", "--shard %q: want i/n (e.g. 3/100) or auto", s)
		}
		if shards != 0 && shards != n {
			return Slot{}, opterr.Errorf("--shard", "--shard %s and --shards %d disagree", s, shards)
		}
		return checkSlot(Slot{i, n}, "--shard "+s)
	}
	if id := getenv("SLURM_ARRAY_TASK_ID"); id != "" {
		i, err := strconv.Atoi(id)
		if err != nil {
			return Slot{}, opterr.Errorf("--shard", "SLURM_ARRAY_TASK_ID=%q: not a number", id)
		}
		n := shards
		if c := getenv("SLURM_ARRAY_TASK_COUNT"); c != "" {
			if n, err = strconv.Atoi(c); err != nil {
				return Slot{}, opterr.Errorf("--shard", "SLURM_ARRAY_TASK_COUNT=%q: not a number", c)
			}
			if shards != 0 && shards != n {
				return Slot{}, opterr.Errorf("--shard", "SLURM_ARRAY_TASK_COUNT=%d and --shards %d disagree", n, shards)
			}
		}
		if n == 0 {
			return Slot{}, opterr.Errorf("--shard", "--shard auto: SLURM_ARRAY_TASK_COUNT is unset; give --shards n")
		}
		return checkSlot(Slot{i, n}, "SLURM_ARRAY_TASK_ID="+id)
	}
	if id := getenv("JOB_COMPLETION_INDEX"); id != "" {
		i, err := strconv.Atoi(id)
		if err != nil {
			return Slot{}, opterr.Errorf("--shard", "JOB_COMPLETION_INDEX=%q: not a number", id)
		}
		if shards == 0 {
			return Slot{}, opterr.Errorf("--shard", "--shard auto with JOB_COMPLETION_INDEX: give --shards n (the Job's completions)")
		}
		return checkSlot(Slot{i, shards}, "JOB_COMPLETION_INDEX="+id)
	}
	return Slot{}, opterr.Errorf("--shard", "--shard auto: neither SLURM_ARRAY_TASK_ID nor JOB_COMPLETION_INDEX is set")
}

func checkSlot(s Slot, what string) (Slot, error) {
	if s.N < 1 || s.I < 0 || s.I >= s.N {
		return Slot{}, opterr.Errorf("--shard", "%s: shard %d of %d, want 0 <= i < n", what, s.I, s.N)
	}
	if s.N > MaxShards {
		return Slot{}, opterr.Errorf("--shard", "%s: %d shards, at most %d", what, s.N, MaxShards)
	}
	return s, nil
}
