package rubik

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/branchwise/branchwise/internal/opterr"
	"github.com/branchwise/branchwise/pdb"
	"github.com/branchwise/branchwise/search"
)

func TestJob(t *testing.T) {
	task := Task{Edges: 6, Conjugates: MaxConjugates}
	if err := (&Job{Task: task}).Check(); !opterr.Is(err) {
		t.Errorf("no cube: %v", err)
	}
	batch := Job{Task: task, Batch: true}
	if err := batch.Check(); err != nil || batch.Random != 1 {
		t.Errorf("a batch names its cubes: %v, %+v", err, batch.Task)
	}
	bad := task
	bad.Scramble = "R X"
	if _, err := (Job{Task: bad}).Run(context.Background()); err == nil || !strings.HasPrefix(err.Error(), "rubik: offset 2: 'X' is not a face") {
		t.Errorf("bad scramble: %v", err)
	}
	// 10 MB cannot hold the corner table: the build stops at the memory
	// limit, and Built is called all the same.
	good := task
	good.Scramble = "R U"
	built := 0
	j := Job{Task: good, Build: pdb.Options{Limits: search.Limits{MaxMem: 10e6}}, Built: func() { built++ }}
	if _, err := j.Run(context.Background()); !errors.Is(err, search.ErrMemLimit) || built != 1 {
		t.Errorf("10 MB: %v, built %d", err, built)
	}
	if err := j.WriteBatch(context.Background(), nil); !errors.Is(err, search.ErrMemLimit) || built != 2 {
		t.Errorf("batch in 10 MB: %v, built %d", err, built)
	}
}

func TestWriteStates(t *testing.T) {
	var b strings.Builder
	if err := WriteStates(&b, 3, 5); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	for i, l := range lines {
		if c, err := ParseSingmaster(l); err != nil || c != RandomState(uint64(5+i)) {
			t.Errorf("line %d %q: %v", i, l, err)
		}
	}
	if len(lines) != 3 {
		t.Errorf("%d lines", len(lines))
	}
}
