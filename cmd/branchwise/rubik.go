package main

import (
	"github.com/branchwise/branchwise/internal/cliflag"
	"github.com/branchwise/branchwise/puzzles/rubik"
	"github.com/branchwise/branchwise/search"
	"github.com/spf13/cobra"
)

func init() { register(newRubikCmd) }

func newRubikCmd(e *env) *cobra.Command {
	c := &cobra.Command{Use: "rubik", Short: "Rubik's Cube: optimal solutions",
		Long: `Rubik's Cube in the face-turn metric: optimal solutions by IDA* with Korf's
pattern databases and Edelkamp and Korf's move pruning (docs/rubik.md).`}
	c.AddCommand(newRubikSolveCmd(e))
	return c
}

func newRubikSolveCmd(e *env) *cobra.Command {
	var (
		t                rubik.Task
		pf               pdbFlags
		seed             int64
		workers, predict int
		asJSON           bool
		svgPath          string
		lim              search.Limits
	)
	c := &cobra.Command{
		Use:   `solve "SCRAMBLE"`,
		Short: "Solve a scrambled cube optimally (face-turn metric)",
		Long: `Solve the cube that SCRAMBLE (U R F D L B, with ' or 2) makes, optimally in
face turns, by IDA* with Korf's pattern databases (corners and two sets of
--edges edges, built on first use and cached: 42 + 2x21 MB at 6 edges,
255 MB each at 7) and Edelkamp and Korf's move pruning; the solution is
checked by applying it.`,
		Example: `  branchwise rubik solve "R U R' U' F2 D B'"
  branchwise rubik solve --random 14 --seed 3 -j 2`,
		Args: cobra.RangeArgs(0, 1),
		RunE: func(c *cobra.Command, args []string) error {
			if len(args) == 1 {
				t.Scramble = args[0]
			}
			t.Seed = uint64(seed)
			if err := t.Check(); err != nil {
				return err
			}
			scr, err := t.Moves()
			if err != nil {
				return err
			}
			dir, err := pf.dir()
			if err != nil {
				return err
			}
			ctx, cancel := cliflag.Context(e.ctx, lim)
			defer cancel()
			h, srcs, err := rubik.LoadHeuristic(ctx, dir, t.Edges, pf.options(e, workers, lim.MaxMem))
			cliflag.NewProgress(e.stderr).Done()
			if err != nil {
				return err
			}
			h.Conjugates, h.Inverse = t.Conjugates, t.Inverse
			o := t.Options(rubik.ReportOptions{Workers: workers, Limits: lim, Predict: predict, Tables: srcs})
			rep, err := rubik.SolveReport(ctx, scr, h, o)
			if predict > 0 && svgPath != "" {
				if err := cliflag.CreateFile(svgPath, rep.WriteSVG); err != nil {
					return err
				}
			}
			switch {
			case err != nil:
				return err
			case asJSON:
				return cliflag.WriteJSON(e.stdout, rep)
			}
			if err := rep.WriteTable(e.stdout); err != nil || rep.Solved() {
				return err
			}
			return errInterrupted
		},
	}
	fs := c.Flags()
	pf.add(fs)
	fs.IntVar(&t.Edges, "edges", 6, "edges in each of the two edge pattern databases (6: 21 MB each, 7: 255 MB each)")
	fs.IntVar(&t.Conjugates, "conjugates", rubik.MaxConjugates, "look the edge tables up on this many conjugates of the cube by rotations (1: the cube alone)")
	fs.BoolVar(&t.Inverse, "inverse", true, "also look the tables up on the inverse cube")
	fs.BoolVar(&t.RandomState, "random-state", false, "solve a cube drawn uniformly from all reachable ones (by --seed) instead")
	fs.IntVar(&t.Random, "random", 0, "solve a random scramble of this many turns (no face twice in a row) instead")
	fs.IntVar(&predict, "predict", 0, "predict each iteration's expanded nodes (Korf, Reid and Edelkamp 2001) from this many random cubes' heuristic values")
	fs.StringVar(&svgPath, "svg", "", "with --predict, write a chart of expanded and predicted nodes per iteration to this SVG file")
	cliflag.AddSeed(fs, &seed)
	cliflag.AddWorkers(fs, &workers)
	cliflag.AddJSON(fs, &asJSON)
	cliflag.AddLimits(fs, &lim)
	return c
}
