package main

import (
	"fmt"

	"github.com/branchwise/branchwise/internal/cliflag"
	"github.com/branchwise/branchwise/puzzles/rubik"
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
		pf      pdbFlags
		edges   int
		conj    int
		inverse bool
		state   bool
		workers int
		random  int
		seed    int64
		asJSON  bool
		lim     cliflag.Limits
		predict int
		svgPath string
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
			if len(args) == 1 && (random > 0 || state) || len(args) == 0 && (random > 0) == state {
				return usagef("give a scramble or --random N or --random-state, one of them")
			}
			if edges < 1 || edges > rubik.MaxPatternEdges || conj < 1 || conj > rubik.MaxConjugates {
				return usagef("--edges %d --conjugates %d: want 1..%d and 1..%d", edges, conj, rubik.MaxPatternEdges, rubik.MaxConjugates)
			}
			scr := rubik.RandomScramble(random, uint64(seed))
			if len(args) == 1 {
				var err error
				if scr, err = rubik.ParseMoves(args[0]); err != nil {
					return fmt.Errorf("scramble: %w", err)
				}
			}
			dir, err := pf.dir()
			if err != nil {
				return err
			}
			ctx, cancel := lim.Context(e.ctx)
			defer cancel()
			h, srcs, err := rubik.LoadHeuristic(ctx, dir, edges, pf.options(e, workers, int64(lim.MaxMem)))
			cliflag.NewProgress(e.stderr).Done()
			if err != nil {
				return err
			}
			h.Conjugates, h.Inverse = conj, inverse
			o := rubik.ReportOptions{Workers: workers, MaxNodes: lim.MaxNodes, Predict: predict, Seed: uint64(seed), Tables: srcs}
			if state {
				cube := rubik.RandomState(uint64(seed))
				o.Start, o.Label = &cube, fmt.Sprintf("random state %d", seed)
			}
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
	fs.IntVar(&edges, "edges", 6, "edges in each of the two edge pattern databases (6: 21 MB each, 7: 255 MB each)")
	fs.IntVar(&conj, "conjugates", rubik.MaxConjugates, "look the edge tables up on this many conjugates of the cube by rotations (1: the cube alone)")
	fs.BoolVar(&inverse, "inverse", true, "also look the tables up on the inverse cube")
	fs.BoolVar(&state, "random-state", false, "solve a cube drawn uniformly from all reachable ones (by --seed) instead")
	fs.IntVar(&random, "random", 0, "solve a random scramble of this many turns (no face twice in a row) instead")
	fs.IntVar(&predict, "predict", 0, "predict each iteration's expanded nodes (Korf, Reid and Edelkamp 2001) from this many random cubes' heuristic values")
	fs.StringVar(&svgPath, "svg", "", "with --predict, write a chart of expanded and predicted nodes per iteration to this SVG file")
	cliflag.AddSeed(fs, &seed)
	cliflag.AddWorkers(fs, &workers)
	cliflag.AddJSON(fs, &asJSON)
	lim.Add(fs)
	return c
}
