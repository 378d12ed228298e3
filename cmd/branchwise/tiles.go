package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/branchwise/branchwise/branching"
	"github.com/branchwise/branchwise/internal/cliflag"
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
	lim       cliflag.Limits
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
	cliflag.AddJSON(fs, &f.asJSON)
	f.lim.Add(fs)
}

// learn learns the FSM of --fsm within the limits and ctx into o.Filter; a
// limit leaves the automaton learned so far, with a note on standard error,
// and the search that follows stops on the same limit if it is the time.
func (f *tilesFlags) learn(ctx context.Context, e *env, o *tiles.SolveOptions) {
	if f.fsmLen == 0 {
		return
	}
	// --max-nodes counts the search's nodes, not the strings learned.
	fsm, note, _ := learnFSM(ctx, tiles.LearnFSM, f.fsmLen, cliflag.Limits{MaxMem: f.lim.MaxMem})
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
		return o, err
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
	if err := branching.CheckLearnLen(f.fsmLen); err != nil {
		return o, err
	}
	return o, nil
}

// tilesInstances reads the instances named by the arguments.
func tilesInstances(args []string, rows, cols int) ([]tiles.Instance, error) {
	if in, ok, err := tiles.ParseKorfName(args[0]); ok && len(args) == 1 {
		if err != nil {
			return nil, err
		}
		return []tiles.Instance{in}, nil
	}
	return tiles.ReadArgs(args, rows, cols)
}

func parseSize(s string) (int, int, error) {
	if s == "" {
		return 0, 0, nil
	}
	rows, cols, ok := cliflag.SplitRxC(s)
	if !ok || rows < 2 || cols < 2 || rows*cols > tiles.MaxCells {
		return 0, 0, usagef("--size %q: want RxC with 2 <= R, C and R*C <= 64, e.g. 4x4", s)
	}
	return rows, cols, nil
}
