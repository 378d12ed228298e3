package main

import (
	"time"

	"github.com/branchwise/branchwise/internal/cliflag"
	"github.com/branchwise/branchwise/puzzles/tiles"
	"github.com/branchwise/branchwise/search"
	"github.com/spf13/cobra"
)

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
		Args: argsUsage(cobra.MinimumNArgs(1)),
		RunE: func(c *cobra.Command, args []string) error {
			opt, err := f.options()
			if err != nil {
				return err
			}
			rows, cols, err := parseSize(size)
			if err != nil {
				return err
			}
			insts, err := tilesInstances(args, rows, cols)
			if err != nil {
				return err
			}
			f.lim.SetGCLimit(1)
			ctx, cancel := f.lim.Context(e.ctx)
			defer cancel()
			f.learn(ctx, e, &opt)
			if err := f.pdb.load(ctx, e, f.heuristic, int64(f.lim.MaxMem)); err != nil {
				return err
			}
			opt.PDB, opt.Workers = f.pdb.h, f.pdb.workers
			prog := cliflag.NewProgress(e.stderr)
			sols, err := tiles.SolveAll(ctx, insts, tiles.SolveAllOptions{Solve: opt, Interrupt: e.ctx, Done: prog.Done,
				Goal: func(b tiles.Board) (tiles.Board, error) {
					if goalText == "" {
						return tiles.Goal(b.Rows, b.Cols), nil
					}
					g, err := tiles.ParseBoard(goalText, b.Rows, b.Cols)
					if err != nil {
						return g, usagef("--goal: %v", err)
					}
					return g, nil
				},
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
