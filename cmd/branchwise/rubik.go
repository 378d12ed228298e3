package main

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"text/tabwriter"
	"time"

	"github.com/branchwise/branchwise/puzzles/rubik"
	"github.com/branchwise/branchwise/render"
	"github.com/branchwise/branchwise/search"
	"github.com/spf13/cobra"
)

func init() { register(newRubikCmd) }

func newRubikCmd(e *env) *cobra.Command {
	c := &cobra.Command{Use: "rubik", Short: "Rubik's Cube: optimal solutions",
		Long: `Rubik's Cube in the face-turn metric: optimal solutions by IDA* with Korf's
pattern databases (corners and two sets of edges, built on first use and
cached) and the move pruning of Edelkamp and Korf.`}
	c.AddCommand(newRubikSolveCmd(e))
	return c
}

type rubikSolveJSON struct {
	Scramble   string             `json:"scramble"`
	Solution   string             `json:"solution"`
	Length     int                `json:"length"`
	Verified   bool               `json:"verified"`
	Status     string             `json:"status"`
	Heuristic  int                `json:"heuristic"`
	Generated  int64              `json:"generated"`
	Iterations []search.Iteration `json:"iterations"`
	Seconds    float64            `json:"seconds"`
	Tables     []pdbSourceJSON    `json:"tables"`
	Predicted  []float64          `json:"predicted_expanded,omitempty"`
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
		lim     limits
		predict int
		svgPath string
	)
	c := &cobra.Command{
		Use:   `solve "SCRAMBLE"`,
		Short: "Solve a scrambled cube optimally (face-turn metric)",
		Long: `Solve the cube that SCRAMBLE (standard notation: U R F D L B, with ' or 2)
makes from the solved cube, optimally in face turns, by IDA* with Korf's
pattern databases (corners, and two sets of --edges edges) and the move
pruning of Edelkamp and Korf. The solution is checked by applying it.
The tables are built on first use (corners 88,179,840 entries, 42 MB; edges
42,577,920 entries, 21 MB, each at 6 edges; 255 MB each at 7) and cached.`,
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
			var scr []int
			if random > 0 {
				r := rand.New(rand.NewPCG(uint64(seed), 0x2b1c))
				for len(scr) < random {
					m := r.IntN(18)
					if len(scr) == 0 || rubik.MayFollow(scr[len(scr)-1]/3, m/3) {
						scr = append(scr, m)
					}
				}
			} else if len(args) == 1 {
				var err error
				if scr, err = rubik.ParseMoves(args[0]); err != nil {
					return fmt.Errorf("scramble: %w", err)
				}
			}
			dir, err := pf.dir()
			if err != nil {
				return err
			}
			ctx, cancel := lim.context(e.ctx)
			defer cancel()
			h, srcs, err := rubik.LoadHeuristic(ctx, dir, edges, pf.options(e, workers, int64(lim.MaxMem)))
			newProgress(e).Done()
			if err != nil {
				return err
			}
			h.Conjugates, h.Inverse = conj, inverse
			cube := rubik.Solved().Apply(scr)
			if state {
				cube = rubik.Random(rand.New(rand.NewPCG(uint64(seed), 0x5eed)))
			}
			start := time.Now()
			res := rubik.Solve(ctx, cube, h, rubik.SolveOptions{Workers: workers, MaxNodes: lim.MaxNodes})
			sol := make([]int, len(res.Path))
			for i, m := range res.Path {
				sol[i] = int(m)
			}
			out := rubikSolveJSON{Scramble: rubik.FormatMoves(scr), Solution: rubik.FormatMoves(sol), Length: res.Cost,
				Verified: res.Status == search.Solved && cube.Apply(sol) == rubik.Solved(), Status: res.Status.String(),
				Heuristic: h.Value(cube), Generated: res.Stats.Generated, Iterations: res.Stats.Iterations,
				Seconds: time.Since(start).Seconds(), Tables: pdbSources(srcs)}
			if state {
				out.Scramble = fmt.Sprintf("random state %d", seed)
			}
			if predict > 0 {
				p := h.HeuristicDistribution(predict, uint64(seed))
				for _, it := range res.Stats.Iterations {
					out.Predicted = append(out.Predicted, rubik.PredictExpanded(p, int(it.Bound)))
				}
				if svgPath != "" {
					if err := writeRubikChart(svgPath, out); err != nil {
						return err
					}
				}
			}
			if res.Status == search.Solved && !out.Verified {
				return errors.New("internal error: the solution does not solve the cube")
			}
			if asJSON {
				return writeJSON(e.stdout, out)
			}
			fmt.Fprintf(e.stdout, "scramble  %s (%d moves)\n", out.Scramble, len(scr))
			if res.Status == search.Solved {
				fmt.Fprintf(e.stdout, "solution  %s (%d moves, optimal, verified)\n", out.Solution, out.Length)
			} else {
				fmt.Fprintf(e.stdout, "stopped: %v\n", res.Err)
			}
			tw := tabwriter.NewWriter(e.stdout, 2, 0, 2, ' ', tabwriter.AlignRight)
			fmt.Fprintf(tw, "bound\tgenerated\texpanded\tpredicted expanded\t\n")
			for i, it := range res.Stats.Iterations {
				pred := "-"
				if i < len(out.Predicted) {
					pred = fmt.Sprintf("%.4g", out.Predicted[i])
				}
				fmt.Fprintf(tw, "%g\t%d\t%d\t%s\t\n", it.Bound, it.Generated, it.Expanded, pred)
			}
			tw.Flush()
			fmt.Fprintf(e.stdout, "h(start) %d, %d nodes generated in %.3g s (%.3g M nodes/s), %d workers\n",
				out.Heuristic, out.Generated, out.Seconds, float64(out.Generated)/out.Seconds/1e6, workers)
			if res.Status != search.Solved {
				return errInterrupted
			}
			return nil
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
	addSeedFlag(fs, &seed)
	addWorkersFlag(fs, &workers)
	addJSONFlag(fs, &asJSON)
	addLimitFlags(fs, &lim)
	return c
}

// writeRubikChart draws the expanded nodes per iteration beside the
// prediction.
func writeRubikChart(path string, out rubikSolveJSON) error {
	var x, act []float64
	for _, it := range out.Iterations {
		x = append(x, it.Bound)
		act = append(act, float64(it.Expanded))
	}
	c := render.Chart{Title: "IDA* on Rubik's Cube: nodes expanded per iteration",
		Subtitle: out.Scramble, XLabel: "bound", YLabel: "nodes expanded", LogY: true,
		Series: []render.Series{{Name: "measured", X: x, Y: act}, {Name: "predicted (Korf, Reid and Edelkamp 2001)", X: x, Y: out.Predicted}}}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := c.WriteSVG(f, 720, 420); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
