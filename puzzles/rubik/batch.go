package rubik

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"github.com/branchwise/branchwise/internal/numfmt"
	"io"
	"strings"
	"time"

	"github.com/branchwise/branchwise/internal/cputime"
	"github.com/branchwise/branchwise/search"
)

// BatchCube is one cube of a batch: where it was read, and its solve.
type BatchCube struct {
	Line      int           `json:"line"`
	Cube      string        `json:"cube"`
	Status    search.Status `json:"status"`
	Length    int           `json:"length"`
	Solution  string        `json:"solution"`
	Verified  bool          `json:"verified"`
	Generated int64         `json:"generated"`
	CPU       time.Duration `json:"cpu_ns"`
	Wall      time.Duration `json:"wall_ns"`
}

// BatchSummary totals a batch.
type BatchSummary struct {
	Cubes, Solved int
	Generated     int64
	CPU, Wall     time.Duration
	// ByLength counts the solved cubes by optimal length.
	ByLength map[int]int
}

// CubesPerCPUHour is the rate of solved cubes per hour of CPU time.
func (s BatchSummary) CubesPerCPUHour() float64 {
	if s.CPU <= 0 {
		return 0
	}
	return float64(s.Solved) / s.CPU.Hours()
}

// ReadBatch reads cubes in Singmaster notation, one a line; blank lines
// and lines starting with # are skipped. Errors name the file (name) and
// line.
func ReadBatch(r io.Reader, name string) ([]BatchCube, error) {
	var cubes []BatchCube
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		s := strings.TrimSpace(sc.Text())
		if s == "" || s[0] == '#' {
			continue
		}
		if _, err := ParseSingmaster(s); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", name, n, err)
		}
		cubes = append(cubes, BatchCube{Line: n, Cube: s})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return cubes, nil
}

// SolveBatch solves the cubes one after another on o.Workers workers,
// each within cpuLimit of CPU time (0: none), and checks every solution
// by applying it; each is called after every cube. The CPU time of a cube
// is the process's, so nothing else should run in it meanwhile.
func SolveBatch(ctx context.Context, cubes []BatchCube, h *Heuristic, o SolveOptions, cpuLimit time.Duration, each func(BatchCube)) (BatchSummary, error) {
	sum := BatchSummary{ByLength: map[int]int{}}
	for i := range cubes {
		b := &cubes[i]
		c, err := ParseSingmaster(b.Cube)
		if err != nil {
			return sum, fmt.Errorf("rubik: line %d: %w", b.Line, err)
		}
		cctx := context.Context(ctx)
		var budget *cputime.Budget
		if cpuLimit > 0 {
			budget = cputime.WithBudget(ctx, cpuLimit)
			cctx = budget
		}
		cpu0, _ := cputime.Process()
		start := time.Now()
		res := Solve(cctx, c, h, o)
		cpu1, _ := cputime.Process()
		if budget != nil {
			budget.Stop()
		}
		b.Status, b.Generated, b.CPU, b.Wall = res.Status, res.Stats.Generated, cpu1-cpu0, time.Since(start)
		if res.Status == search.Solved {
			moves := make([]int, len(res.Path))
			for k, m := range res.Path {
				moves[k] = int(m)
			}
			b.Length, b.Solution, b.Verified = res.Cost, FormatMoves(moves), c.Apply(moves) == Solved()
			if !b.Verified {
				return sum, fmt.Errorf("rubik: line %d: solution %s does not solve the cube", b.Line, b.Solution)
			}
			sum.Solved++
			sum.ByLength[b.Length]++
		} else if err := ctx.Err(); err != nil {
			return sum, err
		} else if res.Err != nil && !errors.Is(res.Err, context.Canceled) && !errors.Is(res.Err, context.DeadlineExceeded) {
			return sum, fmt.Errorf("rubik: line %d: %w", b.Line, res.Err)
		}
		sum.Cubes++
		sum.Generated += b.Generated
		sum.CPU += b.CPU
		sum.Wall += b.Wall
		if each != nil {
			each(*b)
		}
	}
	return sum, nil
}

// String is the batch's line for the cube: line, length, solution, nodes,
// CPU and wall seconds.
func (b BatchCube) String() string {
	if b.Status != search.Solved {
		return fmt.Sprintf("line %d: %v after %s nodes, %.2f s CPU", b.Line, b.Status, numfmt.Count(b.Generated), b.CPU.Seconds())
	}
	return fmt.Sprintf("line %d: %d moves  %s  (verified; %s nodes, %.2f s CPU, %.2f s wall)", b.Line, b.Length, b.Solution, numfmt.Count(b.Generated), b.CPU.Seconds(), b.Wall.Seconds())
}

// Write prints the summary: cubes solved, lengths, nodes, CPU and the rate.
func (s BatchSummary) Write(w io.Writer) error {
	var lens []string
	for l := 0; l <= maxDepth; l++ {
		if n := s.ByLength[l]; n > 0 {
			lens = append(lens, fmt.Sprintf("%d at %d", n, l))
		}
	}
	_, err := fmt.Fprintf(w, "%d of %d cubes solved optimally (%s); %s nodes, %.1f s CPU, %.1f s wall: %.1f cubes per CPU-hour\n",
		s.Solved, s.Cubes, strings.Join(lens, ", "), numfmt.Count(s.Generated), s.CPU.Seconds(), s.Wall.Seconds(), s.CubesPerCPUHour())
	return err
}
