package main

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/branchwise/branchwise/puzzles/tiles"
	"github.com/branchwise/branchwise/search"
	"github.com/spf13/cobra"
)

func init() { register(newTilesCmd) }

func newTilesCmd(e *env) *cobra.Command {
	c := &cobra.Command{
		Use:   "tiles",
		Short: "Sliding-tile puzzles: solve instances, run Korf's 100",
		Long: `Sliding-tile puzzles of any size from 2x2 to 8x8 (64 cells).

A board is written as its tiles row-major, 0 for the blank, separated by
spaces or commas. The default goal is Korf's: the blank top-left, tile t in
cell t. Solutions are printed as the blank's moves: U(p), L(eft), R(ight),
D(own).`,
	}
	c.AddCommand(newTilesSolveCmd(e), newTilesKorfCmd(e), newTilesRandomCmd(e), newTilesKorf24Cmd(e))
	return c
}

// tilesFlags are the search settings shared by the tiles commands.
type tilesFlags struct {
	algo      string
	weight    float64
	increment int
	heuristic string
	store     string
	fsmLen    int
	asJSON    bool
	lim       limits
	pdb       tilesPDB
}

func (f *tilesFlags) add(c *cobra.Command) {
	fs := c.Flags()
	fs.StringVar(&f.algo, "algo", "ida", "search algorithm: "+strings.Join(search.Names(), ", "))
	fs.Float64Var(&f.weight, "weight", 1.8, "mu of --algo wastar (f = g + mu*h)")
	fs.IntVar(&f.increment, "increment", 2, "bound increment of --algo dfid")
	fs.StringVar(&f.heuristic, "heuristic", "md", "md or manhattan (Manhattan distance), lc (with linear conflicts), or a pattern database: "+strings.Join(tiles.PartitionNames(), ", "))
	fs.StringVar(&f.store, "dedup", "hash", "duplicate store of the graph searches: hash or trie")
	fs.IntVar(&f.fsmLen, "fsm", 0, "prune depth-first searches with a learned FSM of duplicate move strings up to this length")
	addJSONFlag(fs, &f.asJSON)
	addLimitFlags(fs, &f.lim)
}

// learn learns the FSM of --fsm within the limits and ctx into o.Filter; a
// limit leaves the automaton learned so far, with a note on standard error,
// and the search that follows stops on the same limit if it is the time.
func (f *tilesFlags) learn(ctx context.Context, e *env, o *tiles.SolveOptions) {
	if f.fsmLen == 0 {
		return
	}
	// --max-nodes counts the search's nodes, not the strings learned.
	fsm, note, _ := learnFSM(ctx, tiles.LearnFSM, f.fsmLen, limits{MaxMem: f.lim.MaxMem})
	if note != "" {
		fmt.Fprintln(e.stderr, "branchwise: "+note)
	}
	if fsm != nil {
		o.Filter = fsm
	}
}

// options checks the flags and returns the search's options.
func (f *tilesFlags) options() (tiles.SolveOptions, error) {
	o := tiles.SolveOptions{Algorithm: f.algo, LinearConflicts: f.heuristic == "lc", Weight: f.weight,
		Increment: f.increment, Store: f.store, MaxNodes: f.lim.MaxNodes, MaxMem: int64(f.lim.MaxMem)}
	if _, err := search.ByName(f.algo); err != nil {
		return o, usageError{err}
	}
	if f.heuristic == "manhattan" {
		f.heuristic = "md"
	}
	if _, isPDB := tiles.Partitions[f.heuristic]; f.heuristic != "md" && f.heuristic != "lc" && !isPDB {
		return o, usagef("unknown heuristic %q (want md, lc or one of %s)", f.heuristic, strings.Join(tiles.PartitionNames(), ", "))
	}
	if _, err := newStore(f.store); err != nil {
		return o, err
	}
	if f.algo == "wastar" && f.weight < 0 {
		return o, usagef("--weight must be >= 0")
	}
	if err := checkFSMLen(f.fsmLen); err != nil {
		return o, err
	}
	return o, nil
}

type namedBoard struct {
	Name  string
	Board tiles.Board
	where string // for messages: the file and line, or "instance"
}

// tilesInstances reads the instances named by the arguments.
func tilesInstances(args []string, rows, cols int) ([]namedBoard, error) {
	if len(args) == 1 && strings.HasPrefix(args[0], "korf:") {
		n, err := strconv.Atoi(strings.TrimPrefix(args[0], "korf:"))
		if err != nil || n < 1 || n > 100 {
			return nil, usagef("%s: want korf:N with N from 1 to 100", args[0])
		}
		k := tiles.Korf100()[n-1]
		return []namedBoard{{Name: k.Name, Board: k.Board, where: args[0]}}, nil
	}
	if len(args) == 1 {
		if fi, err := os.Stat(args[0]); err == nil && fi.IsDir() {
			return nil, fmt.Errorf("%s is a directory, not a file of instances", args[0])
		}
		if fi, err := os.Stat(args[0]); err == nil && !fi.IsDir() {
			r, err := os.Open(args[0])
			if err != nil {
				return nil, err
			}
			defer r.Close()
			insts, err := tiles.ReadInstances(r, args[0], rows, cols)
			if err != nil {
				return nil, err
			}
			out := make([]namedBoard, len(insts))
			for i, in := range insts {
				out[i] = namedBoard{Name: in.Name, Board: in.Board, where: fmt.Sprintf("%s:%d", args[0], in.Line)}
			}
			return out, nil
		}
	}
	text := strings.Join(args, " ")
	if strings.IndexFunc(text, func(r rune) bool { return r >= '0' && r <= '9' }) < 0 {
		return nil, fmt.Errorf("%s: no such file, and not an instance (want tiles as numbers)", text)
	}
	b, err := tiles.ParseBoard(text, rows, cols)
	if err != nil {
		return nil, fmt.Errorf("instance: %v", err)
	}
	return []namedBoard{{Board: b, where: "instance"}}, nil
}

func parseSize(s string) (int, int, error) {
	if s == "" {
		return 0, 0, nil
	}
	rows, cols, ok := splitRxC(s)
	if !ok || rows < 2 || cols < 2 || rows*cols > tiles.MaxCells {
		return 0, 0, usagef("--size %q: want RxC with 2 <= R, C and R*C <= 64, e.g. 4x4", s)
	}
	return rows, cols, nil
}

// splitRxC parses a board size written RxC, e.g. 4x4.
func splitRxC(s string) (rows, cols int, ok bool) {
	r, c, found := strings.Cut(strings.ToLower(s), "x")
	rows, err1 := strconv.Atoi(r)
	cols, err2 := strconv.Atoi(c)
	return rows, cols, found && err1 == nil && err2 == nil
}

func printSolutions(e *env, sols []tiles.Solution) {
	if len(sols) == 1 {
		s := sols[0]
		tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
		fmt.Fprintf(tw, "board\t%s\n", s.Board)
		fmt.Fprintf(tw, "status\t%s%s\n", s.Status, reasonSuffix(s.Reason))
		if s.Status == "solved" {
			fmt.Fprintf(tw, "length\t%d\n", s.Length)
			fmt.Fprintf(tw, "moves\t%s\n", s.Moves)
		}
		fmt.Fprintf(tw, "generated\t%d\n", s.Generated)
		fmt.Fprintf(tw, "expanded\t%d\n", s.Expanded)
		fmt.Fprintf(tw, "seconds\t%.3f\n", s.Seconds)
		if s.Seconds > 0 {
			fmt.Fprintf(tw, "nodes/s\t%.3g\n", float64(s.Generated)/s.Seconds)
		}
		tw.Flush()
		return
	}
	tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "name\tstatus\tlength\tgenerated\texpanded\tseconds\tmoves\t")
	for _, s := range sols {
		fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%d\t%.3f\t%s\t\n", s.Name, s.Status, s.Length, s.Generated, s.Expanded, s.Seconds, s.Moves)
	}
	tw.Flush()
}

func reasonSuffix(r string) string {
	if r == "" {
		return ""
	}
	return " (" + r + ")"
}
