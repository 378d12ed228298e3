package search_test

import (
	"context"
	"errors"
	"runtime"
	"testing"
	"time"

	"github.com/branchwise/branchwise/search"
)

// TestLimitsTime checks that MaxTime and MaxCPU stop a search that would
// run for ever, with status TimeLimit and the matching error, in the
// sequential and the parallel engines alike.
func TestLimitsTime(t *testing.T) {
	endless := func() search.Domain { return &counter{} }
	for _, tc := range []struct {
		name string
		lim  search.Limits
		want error
	}{
		{"wall", search.Limits{MaxTime: 50 * time.Millisecond}, context.DeadlineExceeded},
		{"cpu", search.Limits{MaxCPU: 50 * time.Millisecond}, search.ErrCPULimit},
	} {
		for _, run := range []struct {
			name string
			f    func(o search.Options) search.Result
		}{
			{"ida", func(o search.Options) search.Result { return search.IDAStar(context.Background(), endless(), o) }},
			{"parallel-ida", func(o search.Options) search.Result {
				return search.ParallelIDAStar(context.Background(), endless, 2, o)
			}},
			{"parallel-priority", func(o search.Options) search.Result {
				return search.ParallelPriorityFirst(context.Background(), endless, 2, o)
			}},
		} {
			r := run.f(search.Options{Limits: tc.lim})
			if r.Status != search.TimeLimit || !errors.Is(r.Err, tc.want) {
				t.Errorf("%s %s: status %v, err %v; want time limit, %v", tc.name, run.name, r.Status, r.Err, tc.want)
			}
		}
	}
}

// TestLimitsContext checks Limits.Context and ContextErr.
func TestLimitsContext(t *testing.T) {
	ctx, cancel := search.Limits{MaxCPU: 20 * time.Millisecond}.Context(context.Background())
	defer cancel()
	for ctx.Err() == nil {
		spin()
	}
	if err := search.ContextErr(ctx); err != search.ErrCPULimit {
		t.Errorf("CPU budget: %v, want ErrCPULimit", err)
	}
	ctx2, cancel2 := search.Limits{MaxTime: time.Millisecond}.Context(context.Background())
	defer cancel2()
	<-ctx2.Done()
	if err := search.ContextErr(ctx2); err != context.DeadlineExceeded {
		t.Errorf("deadline: %v, want context.DeadlineExceeded", err)
	}
	if got := search.StatusOf(search.ErrCPULimit); got != search.TimeLimit {
		t.Errorf("StatusOf(ErrCPULimit) = %v", got)
	}
}

// TestWorkers checks the one meaning of 0 workers.
func TestWorkers(t *testing.T) {
	if got, want := search.Workers(0), runtime.GOMAXPROCS(0); got != want {
		t.Errorf("Workers(0) = %d, want GOMAXPROCS %d", got, want)
	}
	if got := search.Workers(3); got != 3 {
		t.Errorf("Workers(3) = %d", got)
	}
}

var sink int

func spin() {
	for i := range 1 << 16 {
		sink += i
	}
}

// counter is an endless line of states 0, 1, 2, ... with no goal.
type counter struct{ n int64 }

func (c *counter) Moves(buf []search.Move) []search.Move { return append(buf, 1) }
func (c *counter) Apply(m search.Move) int               { c.n++; return 1 }
func (c *counter) Undo(m search.Move)                    { c.n-- }
func (c *counter) IsGoal() bool                          { return false }
func (c *counter) Heuristic() int                        { return 0 }
func (c *counter) AppendKey(b []byte) []byte {
	return append(b, byte(c.n), byte(c.n>>8), byte(c.n>>16), byte(c.n>>24), byte(c.n>>32))
}
func (c *counter) SetKey(k []byte) {
	c.n = int64(k[0]) | int64(k[1])<<8 | int64(k[2])<<16 | int64(k[3])<<24 | int64(k[4])<<32
}
