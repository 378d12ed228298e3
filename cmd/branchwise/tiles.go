package main

import (
	"context"
	"fmt"
	"strings"
	"time"

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
	opt    tiles.SolveOptions
	setup  tiles.Setup
	asJSON bool
	lim    search.Limits
	pdb    tilesPDB
}

func (f *tilesFlags) add(c *cobra.Command) {
	fs := c.Flags()
	fs.StringVar(&f.opt.Algorithm, "algo", "ida", "search algorithm: "+strings.Join(search.Names(), ", "))
	fs.Float64Var(&f.opt.Weight, "weight", 1.8, "mu of --algo wastar (f = g + mu*h)")
	fs.IntVar(&f.opt.Increment, "increment", 2, "bound increment of --algo dfid")
	fs.StringVar(&f.setup.Heuristic, "heuristic", "md", "md or manhattan (Manhattan distance), lc (with linear conflicts), or a pattern database: "+strings.Join(tiles.PartitionNames(), ", "))
	fs.StringVar(&f.opt.Store, "dedup", "hash", "duplicate store of the graph searches: hash or trie")
	fs.IntVar(&f.setup.FSMLen, "fsm", 0, "prune depth-first searches with a learned FSM of duplicate move strings up to this length")
	cliflag.AddJSON(fs, &f.asJSON)
	cliflag.AddLimits(fs, &f.lim)
}

// options checks the flags and returns the search's options.
func (f *tilesFlags) options() (tiles.SolveOptions, error) {
	o := f.opt
	o.Limits = f.lim
	o.MaxTime = 0 // the command's context's (cliflag.Context), for the whole run
	f.setup.Workers = f.pdb.workers
	return f.setup.Check(o)
}

// start readies a search within the limits (tiles.Setup.Apply): the
// context of --max-time and Ctrl-C (cancel it when done), the FSM of --fsm
// (a limit leaves the automaton learned so far, with a note on standard
// error) and the pattern databases. gcShare is the limits' share of the
// heap's goal (search.Limits.SetGCLimit).
func (f *tilesFlags) start(e *env, o *tiles.SolveOptions, gcShare int) (context.Context, context.CancelFunc, error) {
	ctx, cancel := cliflag.Bound(e.ctx, f.lim, gcShare)
	s, err := f.pdb.setup(e, f.setup, f.lim.MaxMem)
	if err == nil {
		s.Learn, s.Note = heapLimited, func(note string) { fmt.Fprintln(e.stderr, "branchwise: "+note) }
		err = s.Apply(ctx, o)
	}
	if err != nil {
		cancel()
		return nil, nil, err
	}
	return ctx, cancel, nil
}

func newTilesSolveCmd(e *env) *cobra.Command {
	var f tilesFlags
	var size, goalText string
	c := &cobra.Command{
		Use:   "solve [flags] INSTANCE|FILE|korf:N",
		Short: "Solve sliding-tile instances, optimally by default (IDA*, Manhattan distance)",
		Long: `Solve one instance (its tiles, quoted or as separate arguments), every
instance of a file (one per line, optionally indexed as in Korf's files), or
korf:N, Korf's fifteen-puzzle N (1..100). Prints the moves, the length, the
nodes and the time. --algo ida with --heuristic md runs the specialised IDA*
(Korf's counting conventions); other algorithms the engines of package search.`,
		Example: `  branchwise tiles solve korf:12 --json
  branchwise tiles solve --size 3x4 "1 2 3 0 4 5 6 7 8 9 10 11"`,
		Args: cliflag.ArgsUsage(cobra.MinimumNArgs(1)),
		RunE: func(c *cobra.Command, args []string) error {
			opt, err := f.options()
			if err != nil {
				return err
			}
			rows, cols, err := tiles.ParseSize(size)
			if err != nil {
				return err
			}
			insts, err := tiles.ReadArgs(args, rows, cols)
			if err != nil {
				return err
			}
			ctx, cancel, err := f.start(e, &opt, 1)
			if err != nil {
				return err
			}
			defer cancel()
			prog := cliflag.NewProgress(e.stderr)
			sols, err := tiles.SolveAll(ctx, insts, tiles.SolveAllOptions{Solve: opt, Interrupt: e.ctx, Done: prog.Done, GoalText: goalText,
				Progress: func(name string, st *search.Stats) {
					prog.Printf("%s: %d generated, %d expanded, %s", name, st.Generated, st.Expanded, st.Elapsed.Round(time.Second))
				}})
			if err != nil {
				return err
			}
			return outputDone(e, f.asJSON, sols)
		},
	}
	f.add(c)
	f.pdb.add(c.Flags(), true)
	c.Flags().StringVar(&size, "size", "", "board size RxC (default: square, from the tile count)")
	c.Flags().StringVar(&goalText, "goal", "", "goal board (default: blank top-left, tile t in cell t)")
	return c
}

func newTilesRandomCmd(e *env) *cobra.Command {
	var size string
	var seed int64
	var count, walk int
	c := &cobra.Command{
		Use:   "random [flags]",
		Short: "Print random solvable instances, reproducibly from a seed",
		Long: `Print random instances that can reach Korf's goal, one per line as "tiles
solve FILE" reads them: uniform among the solvable boards, or with --walk N
the end of a random walk of N blank moves from the goal.`,
		Example: `  branchwise tiles random --size 3x3 --count 200 --seed 1 > eight.txt`,
		Args:    cliflag.ArgsUsage(cobra.NoArgs),
		RunE: func(c *cobra.Command, args []string) error {
			rows, cols, err := tiles.ParseSize(size)
			if err != nil {
				return err
			}
			boards, err := tiles.RandomBoards(tiles.Goal(rows, cols), count, walk, seed)
			for i, b := range boards {
				fmt.Fprintf(e.stdout, "%s  # %d\n", b, i+1) // pasteable after "tiles solve": the shell drops the comment
			}
			return err
		},
	}
	c.Flags().StringVar(&size, "size", "4x4", "board size RxC")
	c.Flags().IntVar(&count, "count", 1, "number of instances")
	c.Flags().IntVar(&walk, "walk", 0, "make each instance by a random walk of this many moves from the goal")
	cliflag.AddSeed(c.Flags(), &seed)
	return c
}
