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
		Long: `Sliding-tile puzzles from 2x2 to 8x8. A board is its tiles row-major, 0 the
blank; the default goal is Korf's (blank top-left, tile t in cell t); moves
are the blank's: U(p), L(eft), R(ight), D(own). docs/tiles.md.`,
	}
	c.AddCommand(newTilesSolveCmd(e), newTilesKorfCmd(e), newTilesRandomCmd(e), newTilesKorf24Cmd(e))
	return c
}

// tilesFlags are the search settings shared by the tiles commands, bound
// to the library's options where they have a field there.
type tilesFlags struct {
	opt       tiles.SolveOptions
	heuristic string
	fsmLen    int
	asJSON    bool
	lim       cliflag.Limits
	pdb       tilesPDB
}

func (f *tilesFlags) add(c *cobra.Command) {
	fs := c.Flags()
	fs.StringVar(&f.opt.Algorithm, "algo", "ida", "search algorithm: "+strings.Join(search.Names(), ", "))
	fs.Float64Var(&f.opt.Weight, "weight", 1.8, "mu of --algo wastar (f = g + mu*h)")
	fs.IntVar(&f.opt.Increment, "increment", 2, "bound increment of --algo dfid")
	fs.StringVar(&f.heuristic, "heuristic", "md", "md or manhattan (Manhattan distance), lc (with linear conflicts), or a pattern database: "+strings.Join(tiles.PartitionNames(), ", "))
	fs.StringVar(&f.opt.Store, "dedup", "hash", "duplicate store of the graph searches: hash or trie")
	fs.IntVar(&f.fsmLen, "fsm", 0, "prune depth-first searches with a learned FSM of duplicate move strings up to this length")
	cliflag.AddJSON(fs, &f.asJSON)
	f.lim.Add(fs)
}

// options checks the flags and returns the search's options.
func (f *tilesFlags) options() (tiles.SolveOptions, error) {
	o := f.opt
	o.MaxNodes, o.MaxMem = f.lim.MaxNodes, int64(f.lim.MaxMem)
	h, err := tiles.HeuristicName(f.heuristic)
	if err == nil {
		err = o.Check()
	}
	if err == nil {
		err = branching.CheckLearnLen(f.fsmLen)
	}
	f.heuristic, o.LinearConflicts = h, h == "lc"
	return o, err
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
