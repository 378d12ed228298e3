package tiles

import (
	"context"
	_ "embed"
	"fmt"
	"github.com/branchwise/branchwise/internal/numfmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/branchwise/branchwise/search"
)

//go:embed data/korf24.txt
var korf24Text string

// Korf24Instance is one of Korf and Felner's 50 twenty-four puzzles with
// its published optimal length.
type Korf24Instance struct {
	Index   int
	Board   Board
	Optimal int
}

// Korf24 returns the 50 twenty-four-puzzle instances of Korf and Felner
// (2002), numbered 1..50, from data/korf24.txt (see data/PROVENANCE.md).
func Korf24() []Korf24Instance {
	out, err := parseKorf24(korf24Text)
	if err != nil {
		panic(err) // the embedded file is checked by the tests
	}
	return out
}

func parseKorf24(text string) ([]Korf24Instance, error) {
	var out []Korf24Instance
	for n, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		head, body, ok := strings.Cut(line, ":")
		f := strings.Fields(head)
		if !ok || len(f) != 2 {
			return nil, fmt.Errorf("tiles: korf24.txt:%d: want \"<index> <optimal> : <tiles>\"", n+1)
		}
		idx, err1 := strconv.Atoi(f[0])
		opt, err2 := strconv.Atoi(f[1])
		b, err3 := ParseBoard(body, 5, 5)
		if err1 != nil || err2 != nil || err3 != nil {
			return nil, fmt.Errorf("tiles: korf24.txt:%d: bad instance", n+1)
		}
		out = append(out, Korf24Instance{Index: idx, Board: b, Optimal: opt})
	}
	return out, nil
}

// Korf24Options configure RunKorf24.
type Korf24Options struct {
	// Instances are the numbers (1..50) to run, in order.
	Instances []int
	// Heuristic is a partition's of the twenty-four puzzle
	// (LoadPartition "pdb6666" or "pdb7755"); nil: the Manhattan distance.
	Heuristic *PDBHeuristic
	Workers   int // of the parallel IDA* on each instance (0: every CPU)
	// Limits bound each instance's search.
	search.Limits
	// Done, if set, is called after each instance.
	Done func(Solution)
	// Log, if set, is told each instance's outcome as it ends, one line.
	Log io.Writer
	// Printf, if set, is given a progress line during each instance: its
	// number, the iteration's bound and the nodes generated so far.
	Printf func(format string, args ...any)
}

// Korf24Result is a run of Korf and Felner's twenty-four puzzles.
type Korf24Result struct {
	Instances []Solution `json:"instances"`
	// Differ counts the solved instances whose length is not the
	// published optimum.
	Differ int `json:"-"`
}

// RunKorf24 solves the instances one after the other by parallel IDA*,
// until the end or until ctx ends (the instance it cut is the last one).
func RunKorf24(ctx context.Context, o Korf24Options) (Korf24Result, error) {
	all := Korf24()
	var res Korf24Result
	if h := o.Heuristic; h != nil && (h.Patterns[0].rows != 5 || h.Patterns[0].cols != 5) {
		return res, fmt.Errorf("tiles: heuristic %s is not of the twenty-four puzzle", h.Name)
	}
	for _, i := range o.Instances {
		if i < 1 || i > len(all) {
			return res, fmt.Errorf("tiles: Korf and Felner's instance %d: want 1..%d", i, len(all))
		}
		in := all[i-1]
		p, err := NewPuzzle(in.Board, Goal(5, 5), false)
		if err != nil {
			return res, err
		}
		start := time.Now()
		po := ParallelOptions{Heuristic: o.Heuristic, Workers: o.Workers, Limits: o.Limits}
		if o.Printf != nil {
			po.Progress = func(bound int, generated int64) {
				o.Printf("#%d: bound %d, %s nodes, %s", in.Index, bound, numfmt.Count(generated), time.Since(start).Round(time.Second))
			}
		}
		r := ParallelIDA(ctx, p, po)
		s := Solution{Name: fmt.Sprint(in.Index), Board: in.Board.String(), Status: r.Status,
			Length: r.Cost, Generated: r.Stats.Generated, Expanded: r.Stats.Expanded,
			Seconds: time.Since(start).Seconds(), Optimal: in.Optimal, Iterations: r.Stats.Iterations}
		for _, m := range r.Path {
			s.Moves += string(MoveLetters[m])
		}
		if r.Status == search.Stopped {
			s.Length, s.Reason = 0, r.Err.Error()
		} else if s.Length != in.Optimal {
			res.Differ++
		}
		res.Instances = append(res.Instances, s)
		if o.Done != nil {
			o.Done(s)
		}
		if o.Log != nil {
			fmt.Fprintf(o.Log, "#%s %s length %d (published %d), %s nodes, %.1f s\n", s.Name, s.Status, s.Length, s.Optimal, numfmt.Count(s.Generated), s.Seconds)
		}
		if ctx.Err() != nil {
			break
		}
	}
	return res, nil
}

// WriteTable prints one line per instance with its published length.
func (r *Korf24Result) WriteTable(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "#\tstatus\tlength\tpublished\tgenerated\tseconds\t")
	for _, s := range r.Instances {
		fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%s\t%.1f\t\n", s.Name, s.Status, s.Length, s.Optimal, numfmt.Count(s.Generated), s.Seconds)
	}
	return tw.Flush()
}

// Err is an error when instances differ from the published lengths.
func (r *Korf24Result) Err() error {
	if r.Differ > 0 {
		return fmt.Errorf("tiles: %d instances differ from the published optimal lengths", r.Differ)
	}
	return nil
}
