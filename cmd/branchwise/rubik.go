package main

import (
	"strconv"

	"github.com/branchwise/branchwise/internal/cliflag"
	"github.com/branchwise/branchwise/puzzles/rubik"
	"github.com/spf13/cobra"
)

func init() { register(newRubikCmd) }

func newRubikCmd(e *env) *cobra.Command {
	c := &cobra.Command{Use: "rubik", Short: "Rubik's Cube: optimal solutions",
		Long: `Rubik's Cube in the face-turn metric: optimal solutions by IDA* with Korf's
pattern databases and Edelkamp and Korf's move pruning (docs/rubik.md).`}
	c.AddCommand(newRubikSolveCmd(e), newRubikStatesCmd(e))
	return c
}

func newRubikSolveCmd(e *env) *cobra.Command {
	var (
		j       rubik.Job
		pf      pdbFlags
		seed    int64
		asJSON  bool
		svgPath string
		batch   string
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
				j.Scramble = args[0]
			}
			j.Seed, j.Batch = uint64(seed), batch != ""
			if j.Batch {
				var err error
				if j.Cubes, err = cliflag.ReadFile(batch, nil, rubik.ReadBatch); err != nil {
					return err
				}
			}
			if err := j.Check(); err != nil {
				return err
			}
			var err error
			if j.Dir, err = pf.dir(); err != nil {
				return err
			}
			ctx, cancel := cliflag.Context(e.ctx, j.Limits)
			defer cancel()
			j.Build, j.Built = pf.options(e, j.Workers, j.MaxMem), pf.done
			if j.Batch {
				return j.WriteBatch(ctx, e.stdout)
			}
			rep, err := j.Run(ctx)
			if err != nil {
				return err
			}
			if j.Predict == 0 {
				svgPath = ""
			}
			// A search its limit stopped says so and exits 0; Ctrl-C, 130.
			if err := cliflag.OutputSVG(e.stdout, asJSON, &rep, svgPath); err != nil {
				return err
			}
			return interrupted(e)
		},
	}
	fs := c.Flags()
	pf.add(fs)
	fs.IntVar(&j.Edges, "edges", 6, "edges in each of the two edge pattern databases (6: 21 MB each, 7: 255 MB each)")
	fs.IntVar(&j.Coset, "coset", 0, "add a coset table of Rokicki's nxopt kind: 1 (20 MB) or 2 (325 MB) (docs/rubik.md); --edges 0 then drops the edge tables")
	fs.IntVar(&j.CosetBits, "coset-bits", 2, "bits per coset table entry: 2 (distances mod 3), or 4 (twice the memory)")
	fs.IntVar(&j.Conjugates, "conjugates", rubik.MaxConjugates, "look the edge tables up on this many conjugates of the cube by rotations (1: the cube alone)")
	fs.BoolVar(&j.Inverse, "inverse", true, "also look the tables up on the inverse cube")
	fs.BoolVar(&j.RandomState, "random-state", false, "solve a cube drawn uniformly from all reachable ones (by --seed) instead")
	fs.IntVar(&j.Random, "random", 0, "solve a random scramble of this many turns (no face twice in a row) instead")
	fs.StringVar(&batch, "batch", "", "solve the cubes of this file (Singmaster notation, one a line) one after another, printing each and the cubes per CPU-hour")
	fs.DurationVar(&j.CubeCPU, "cube-cpu", 0, "with --batch, give up a cube after this much CPU time (0: never)")
	fs.IntVar(&j.Predict, "predict", 0, "predict each iteration's expanded nodes (Korf, Reid and Edelkamp 2001) from this many random cubes' heuristic values")
	fs.StringVar(&svgPath, "svg", "", "with --predict, write a chart of expanded and predicted nodes per iteration to this SVG file")
	cliflag.AddSeed(fs, &seed)
	cliflag.AddWorkers(fs, &j.Workers)
	cliflag.AddJSON(fs, &asJSON)
	cliflag.AddLimits(fs, &j.Limits)
	return c
}

func newRubikStatesCmd(e *env) *cobra.Command {
	var seed int64
	c := &cobra.Command{
		Use:   "states N",
		Short: "Print N cubes drawn uniformly from all reachable ones, in Singmaster notation",
		Long: `Print N random states (those of rubik solve --random-state with seeds
--seed, --seed+1, ...), one a line in Singmaster notation, for rubik solve
--batch and other solvers.`,
		Args: cobra.ExactArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			n, err := strconv.Atoi(args[0])
			if err != nil || n < 0 {
				return usagef("N %q: want a count", args[0])
			}
			return rubik.WriteStates(e.stdout, n, uint64(seed))
		},
	}
	cliflag.AddSeed(c.Flags(), &seed)
	return c
}
