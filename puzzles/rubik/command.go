package rubik

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"time"

	"github.com/branchwise/branchwise/pdb"
	"github.com/branchwise/branchwise/search"
)

// Job is the rubik solve command's work: the Task's cube, or with Batch
// the Cubes one after another; the tables loaded from the cache in Dir
// ("": none) or built with Build; the searches on Workers within Limits.
type Job struct {
	Task
	Batch bool
	Cubes []BatchCube
	// CubeCPU, with Batch, gives up a cube after this much CPU time (0:
	// never).
	CubeCPU time.Duration
	Dir     string
	Build   pdb.Options
	// Built, if set, is called when the tables are loaded or built (a
	// command clears its progress line there).
	Built   func()
	Workers int
	search.Limits
	// Predict, if positive, predicts each iteration's nodes from this many
	// random cubes (ReportOptions.Predict).
	Predict int
}

// Check reports a task that names no cube or more than one, or a
// heuristic out of range (Task.Check); with Batch the task's own cube is
// not asked for.
func (j *Job) Check() error {
	if j.Batch {
		j.Random, j.Scramble = 1, ""
	}
	return j.Task.Check()
}

// load loads or builds the tables (Task.Load), looked up as the task says.
func (j *Job) load(ctx context.Context) (*Heuristic, []pdb.Source, error) {
	h, srcs, err := j.Load(ctx, j.Dir, j.Build)
	if j.Built != nil {
		j.Built()
	}
	if err != nil {
		return nil, nil, err
	}
	h.Conjugates, h.Inverse = j.Conjugates, j.Inverse
	// Collect what loading left (the coset space's symmetry tables in the
	// making, 8 MB, and the read buffer) before the search: the collector
	// would otherwise wait for the heap to double, and the search's
	// subtrees came on top of it (16-move scrambles of seeds 2 and 4,
	// two runs each: 364,604 and 369,100 KB of peak RSS with this,
	// 371,784 and 372,256 KB without).
	runtime.GC()
	return h, srcs, nil
}

// Run solves the task's cube optimally (SolveReport).
func (j Job) Run(ctx context.Context) (Report, error) {
	if err := j.Check(); err != nil {
		return Report{}, err
	}
	scr, err := j.Moves()
	if err != nil {
		return Report{}, err
	}
	h, srcs, err := j.load(ctx)
	if err != nil {
		return Report{}, err
	}
	return SolveReport(ctx, scr, h, j.Options(ReportOptions{Workers: j.Workers, Limits: j.Limits, Predict: j.Predict, Tables: srcs}))
}

// WriteBatch solves the Cubes one after another (SolveBatch), writing
// each to w as it is solved, then the summary (BatchSummary.Write).
func (j Job) WriteBatch(ctx context.Context, w io.Writer) error {
	j.Batch = true
	if err := j.Check(); err != nil {
		return err
	}
	h, _, err := j.load(ctx)
	if err != nil {
		return err
	}
	sum, err := SolveBatch(ctx, j.Cubes, h, SolveOptions{Workers: j.Workers, Limits: j.Limits}, j.CubeCPU, func(b BatchCube) { fmt.Fprintln(w, b) })
	if err != nil {
		return err
	}
	return sum.Write(w)
}

// WriteStates writes n cubes drawn uniformly from all reachable ones
// (RandomState of seeds seed, seed+1, ...), one a line in Singmaster
// notation (the states of rubik solve --random-state, for --batch).
func WriteStates(w io.Writer, n int, seed uint64) error {
	for i := 0; i < n; i++ {
		if _, err := fmt.Fprintln(w, FormatSingmaster(RandomState(seed+uint64(i)))); err != nil {
			return err
		}
	}
	return nil
}
