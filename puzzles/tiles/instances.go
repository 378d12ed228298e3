package tiles

import (
	"context"
	"encoding/json"
	"fmt"
	"github.com/branchwise/branchwise/internal/numfmt"
	"io"
	"os"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/branchwise/branchwise/internal/opterr"
	"github.com/branchwise/branchwise/search"
)

// ParseSize reads a board size RxC (--size), e.g. 4x4 or 5X3, with
// 2 <= R, C and R*C <= MaxCells; "" is 0x0, a square size inferred later.
func ParseSize(s string) (rows, cols int, err error) {
	if s == "" {
		return 0, 0, nil
	}
	r, c, found := strings.Cut(strings.ToLower(s), "x")
	rows, err1 := strconv.Atoi(r)
	cols, err2 := strconv.Atoi(c)
	if !found || err1 != nil || err2 != nil || rows < 2 || cols < 2 || rows*cols > MaxCells {
		return 0, 0, opterr.Errorf("--size", "--size %q: want RxC with 2 <= R, C and R*C <= %d, e.g. 4x4", s, MaxCells)
	}
	return rows, cols, nil
}

// RandomBoards returns count random boards that reach goal (Random), or
// with walk > 0 the ends of random walks of walk blank moves from goal
// (RandomWalk); board i is drawn from seed*1_000_003 + i, so that equal
// seeds give equal boards.
func RandomBoards(goal Board, count, walk int, seed int64) ([]Board, error) {
	if count < 1 || walk < 0 {
		return nil, opterr.Errorf("--count", "--count must be at least 1 and --walk at least 0")
	}
	boards := make([]Board, count)
	for i := range boards {
		s := uint64(seed)*1_000_003 + uint64(i)
		if boards[i] = Random(goal, s); walk > 0 {
			boards[i] = RandomWalk(goal, walk, s)
		}
	}
	return boards, nil
}

// ParseKorfName reads "korf:N", Korf's fifteen-puzzle number N (1..100).
// ok is false when s does not start with "korf:".
func ParseKorfName(s string) (in Instance, ok bool, err error) {
	t, ok := strings.CutPrefix(s, "korf:")
	if !ok {
		return Instance{}, false, nil
	}
	n, err := strconv.Atoi(t)
	if err != nil || n < 1 || n > 100 {
		return Instance{}, true, opterr.Errorf("", "%s: want korf:N with N from 1 to 100", s)
	}
	k := Korf100()[n-1]
	return Instance{Name: k.Name, Board: k.Board, Where: s}, true, nil
}

// ReadArgs reads the instances a command line names: korf:N
// (ParseKorfName), one file of instances (ReadInstances), or one board
// whose tiles are the arguments joined by spaces. rows = cols = 0 infers a
// square size.
func ReadArgs(args []string, rows, cols int) ([]Instance, error) {
	if in, ok, err := ParseKorfName(args[0]); ok && len(args) == 1 {
		return []Instance{in}, err
	}
	if len(args) == 1 {
		fi, err := os.Stat(args[0])
		if err == nil && fi.IsDir() {
			return nil, fmt.Errorf("tiles: %s is a directory, not a file of instances", args[0])
		}
		if err == nil {
			r, err := os.Open(args[0])
			if err != nil {
				return nil, err
			}
			defer r.Close()
			return ReadInstances(r, args[0], rows, cols)
		}
	}
	text := strings.Join(args, " ")
	if strings.IndexFunc(text, func(r rune) bool { return r >= '0' && r <= '9' }) < 0 {
		return nil, fmt.Errorf("%s: no such file, and not an instance (want tiles as numbers)", text)
	}
	b, err := ParseBoard(text, rows, cols)
	if err != nil {
		return nil, fmt.Errorf("%w (in the instance)", err)
	}
	return []Instance{{Board: b, Where: "instance"}}, nil
}

// SolveAllOptions configure SolveAll.
type SolveAllOptions struct {
	Solve SolveOptions
	// Goal returns the goal of a board; nil: Korf's goal of its size. Its
	// error is returned as it is.
	Goal func(start Board) (Board, error)
	// GoalText, when Goal is nil and GoalText is not empty, is the goal
	// of every board as ParseBoard reads it at the board's size.
	GoalText string
	// Progress, if set, is the engines' progress on the instance named.
	Progress func(name string, st *search.Stats)
	// Printf, if set and Progress is not, is given a progress line: the
	// instance's nodes generated and expanded and its time so far.
	Printf func(format string, args ...any)
	// Done, if set, is called after each instance.
	Done func()
	// Interrupt, if set, ends the loop after the instance during which it
	// is cancelled (Ctrl-C). A time limit in ctx only stops each search:
	// the instances after it are reported stopped.
	Interrupt context.Context
}

// SolveAll solves the instances in order, until the end or o.Interrupt.
func SolveAll(ctx context.Context, insts []Instance, o SolveAllOptions) (Solutions, error) {
	var sols Solutions
	for _, in := range insts {
		goal := Goal(in.Board.Rows, in.Board.Cols)
		var err error
		switch {
		case o.Goal != nil:
			goal, err = o.Goal(in.Board)
		case o.GoalText != "":
			if goal, err = ParseBoard(o.GoalText, in.Board.Rows, in.Board.Cols); err != nil {
				err = opterr.Errorf("--goal", "--goal: %v", err)
			}
		}
		if err != nil {
			return nil, err
		}
		opt := o.Solve
		switch {
		case o.Progress != nil:
			opt.Progress = func(st *search.Stats) { o.Progress(in.Name, st) }
		case o.Printf != nil:
			opt.Progress = func(st *search.Stats) {
				o.Printf("%s: %s generated, %s expanded, %s", in.Name, numfmt.Count(st.Generated), numfmt.Count(st.Expanded), st.Elapsed.Round(time.Second))
			}
		}
		r, err := Solve(ctx, in.Board, goal, opt)
		if o.Done != nil {
			o.Done()
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %v", in.Where, err)
		}
		sols = append(sols, Summarize(in.Name, in.Board, r))
		if o.Interrupt != nil && o.Interrupt.Err() != nil {
			break
		}
	}
	return sols, nil
}

// Solutions are the outcomes of a solve of several instances, or of one.
type Solutions []Solution

// MarshalJSON writes one solution as it is, several as {"instances": [...]}.
func (s Solutions) MarshalJSON() ([]byte, error) {
	if len(s) == 1 {
		return json.Marshal(s[0])
	}
	return json.Marshal(map[string][]Solution{"instances": s})
}

// WriteTable prints one solution as a list of its figures, several as a
// table of one line each.
func (s Solutions) WriteTable(w io.Writer) error {
	if len(s) == 1 {
		s := s[0]
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		fmt.Fprintf(tw, "board\t%s\n", s.Board)
		fmt.Fprintf(tw, "status\t%s%s\n", s.Status, reasonSuffix(s.Reason))
		if s.Status == search.Solved {
			fmt.Fprintf(tw, "length\t%d\n", s.Length)
			fmt.Fprintf(tw, "moves\t%s\n", s.Moves)
		}
		fmt.Fprintf(tw, "generated\t%s\n", numfmt.Count(s.Generated))
		fmt.Fprintf(tw, "expanded\t%s\n", numfmt.Count(s.Expanded))
		fmt.Fprintf(tw, "seconds\t%.3f\n", s.Seconds)
		if s.Seconds > 0 {
			fmt.Fprintf(tw, "nodes/s\t%s\n", numfmt.Estimate(float64(s.Generated)/s.Seconds))
		}
		return tw.Flush()
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "name\tstatus\tlength\tgenerated\texpanded\tseconds\tmoves\t")
	for _, s := range s {
		fmt.Fprintf(tw, "%s\t%s\t%d\t%s\t%s\t%.3f\t%s\t\n", s.Name, s.Status, s.Length, numfmt.Count(s.Generated), numfmt.Count(s.Expanded), s.Seconds, s.Moves)
	}
	return tw.Flush()
}

func reasonSuffix(r string) string {
	if r == "" {
		return ""
	}
	return " (" + r + ")"
}
