package main

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"text/tabwriter"

	"github.com/branchwise/branchwise/branching"
	"github.com/branchwise/branchwise/puzzles/rubik"
	"github.com/branchwise/branchwise/puzzles/tiles"
	"github.com/branchwise/branchwise/render"
	"github.com/spf13/cobra"
)

func init() { register(newBFCmd) }

// bfFlags are the output settings of the bf commands.
type bfFlags struct {
	depth  int
	asJSON bool
	svg    string
}

func (f *bfFlags) add(c *cobra.Command) {
	c.Flags().IntVar(&f.depth, "depth", 20, "print exact node counts to this depth")
	addJSONFlag(c.Flags(), &f.asJSON)
	c.Flags().StringVar(&f.svg, "svg", "", "write a chart of the branching factor per depth to this SVG file")
}

func newBFCmd(e *env) *cobra.Command {
	c := &cobra.Command{
		Use:   "bf",
		Short: "Exact node counts and asymptotic branching factors of regular search trees",
		Long: `Compute, from a puzzle's node types, the exact number of nodes at every
depth of its depth-first search tree, the branching factor per depth, the
asymptotic branching factor (both values when it alternates between even and
odd depths, with their geometric mean), the dominant eigenvalue of the type
matrix, and for small type graphs its characteristic polynomial, as in
Edelkamp and Korf, "The branching factor of regular search spaces" (1998).`,
	}
	c.AddCommand(newBFTilesCmd(e), newBFRubikCmd(e), newBFMatrixCmd(e))
	return c
}

func newBFTilesCmd(e *env) *cobra.Command {
	var f bfFlags
	var keepParent bool
	var start, fsmLen int
	var lim limits
	c := &cobra.Command{
		Use:   "tiles RxC",
		Short: "Branching factors of the r x c sliding-tile puzzle",
		Long: `Branching factors of the r x c sliding-tile puzzle, from 2x2 up to 400 cells,
the blank starting in cell --start (row-major; default 0, the top-left
corner). Without --keep-parent the move back to the parent is not generated
(predecessor elimination). With --fsm L the moves are filtered by the
automaton of the duplicate move strings of length up to L (Taylor and Korf
1993), learned first; its size is printed. --max-time, --max-mem and
--max-nodes (move strings examined, node types explored) bound the learning
and the exploration of the type graph: a learning stopped by a limit leaves
a smaller automaton, still correct, whose analysis is printed with a note.`,
		Example: `  branchwise bf tiles 4x4
  branchwise bf tiles 4x4 --fsm 12
  branchwise bf tiles 2x3 --keep-parent
  branchwise bf tiles 10x10 --depth 1000 --json`,
		Args: argsUsage(cobra.ExactArgs(1)),
		RunE: func(c *cobra.Command, args []string) error {
			rows, cols, ok := splitRxC(args[0])
			if !ok {
				return usagef("bf tiles %q: want RxC, e.g. 4x4", args[0])
			}
			if rows < 2 || cols < 2 || rows*cols > 400 {
				return fmt.Errorf("board %dx%d: want at least 2x2 and at most 400 cells", rows, cols)
			}
			if fsmLen > 0 && keepParent {
				return usagef("--fsm and --keep-parent exclude each other")
			}
			if err := checkFSMLen(fsmLen); err != nil {
				return err
			}
			g, err := tiles.TypeGraph(rows, cols, start, keepParent)
			if err != nil {
				return err
			}
			what := fmt.Sprintf("%dx%d sliding-tile puzzle, blank starting in cell %d, ", rows, cols, start)
			switch {
			case fsmLen > 0:
				lim.setGCLimit(1)
				ctx, cancel := lim.context(e.ctx)
				defer cancel()
				fsm, note, err := learnFSM(ctx, tiles.LearnFSM, fsmLen, lim)
				if fsm == nil {
					return err
				}
				if ctx.Err() != nil {
					fmt.Fprintln(e.stdout, note)
					return stopError(e, ctx)
				}
				if g, err = tiles.TypeGraphFSM(ctx, rows, cols, start, fsm, lim.branching()); err != nil {
					if note != "" {
						fmt.Fprintln(e.stdout, note)
					}
					if ctx.Err() != nil {
						return stopError(e, ctx)
					}
					return fmt.Errorf("exploring the type graph: %w", err)
				}
				what += fmt.Sprintf("FSM pruning (%d duplicate strings up to length %d, %d states)", len(fsm.Forbidden), fsm.Length, fsm.States())
				if note != "" {
					what += "; " + note
				}
			case keepParent:
				what += "parent generated"
			default:
				what += "predecessor elimination"
			}
			return reportBF(e, &f, what, g)
		},
	}
	f.add(c)
	c.Flags().BoolVar(&keepParent, "keep-parent", false, "generate the parent as a child")
	c.Flags().IntVar(&start, "start", 0, "the blank's starting cell, row-major")
	c.Flags().IntVar(&fsmLen, "fsm", 0, "prune with a learned FSM of duplicate move strings up to this length (1-24)")
	addLimitFlags(c.Flags(), &lim)
	return c
}

func newBFRubikCmd(e *env) *cobra.Command {
	var f bfFlags
	var fsmLen int
	var lim limits
	c := &cobra.Command{
		Use:   "rubik",
		Short: "Branching factors of Rubik's Cube (18 moves, Edelkamp and Korf's pruning)",
		Long: `Branching factors of Rubik's Cube with the 18 face turns, never the same
face twice in a row, and opposite faces turned in one fixed order. With
--fsm L the 18 turns are filtered instead by the automaton of the duplicate
move strings of length up to L (Taylor and Korf 1993), learned first: L = 2
finds Edelkamp and Korf's rules (13.34847), longer strings prune more. The
limit flags bound the learning and the exploration, as for 'bf tiles'.`,
		Example: `  branchwise bf rubik
  branchwise bf rubik --fsm 4 --depth 8`,
		Args: argsUsage(cobra.NoArgs),
		RunE: func(c *cobra.Command, args []string) error {
			if err := checkFSMLen(fsmLen); err != nil {
				return err
			}
			if fsmLen == 0 {
				return reportBF(e, &f, "Rubik's Cube, 18 moves, same face and opposite-face order pruned", rubik.TypeGraph())
			}
			lim.setGCLimit(1)
			ctx, cancel := lim.context(e.ctx)
			defer cancel()
			fsm, note, err := learnFSM(ctx, rubik.LearnFSM, fsmLen, lim)
			if fsm == nil {
				return err
			}
			if ctx.Err() != nil {
				fmt.Fprintln(e.stdout, note)
				return stopError(e, ctx)
			}
			g, err := rubik.TypeGraphFSM(ctx, fsm, lim.branching())
			if err != nil {
				if ctx.Err() != nil {
					return stopError(e, ctx)
				}
				return fmt.Errorf("exploring the type graph: %w", err)
			}
			what := fmt.Sprintf("Rubik's Cube, 18 moves, FSM pruning (%d duplicate strings up to length %d, %d states)", len(fsm.Forbidden), fsm.Length, fsm.States())
			if note != "" {
				what += "; " + note
			}
			return reportBF(e, &f, what, g)
		},
	}
	f.add(c)
	c.Flags().IntVar(&fsmLen, "fsm", 0, "prune with a learned FSM of duplicate move strings up to this length (1-24)")
	addLimitFlags(c.Flags(), &lim)
	return c
}

func newBFMatrixCmd(e *env) *cobra.Command {
	var f bfFlags
	c := &cobra.Command{
		Use:   "matrix FILE",
		Short: "Branching factors of a node-type matrix given in a file",
		Long: `Branching factors of a node-type graph written as a matrix: one line per
type, "NAME: n n ... n", entry j the number of children of type j (in the
order of the lines) of a node of type NAME; "start: NAME" names the root's
type (default: the first); '#' starts a comment. Entries are whole numbers
>= 0.

  # The Five Puzzle without the parent as a child (Edelkamp and Korf (1998), Figure 4)
  start: cs
  cc: 0 1 0 0
  cs: 0 0 1 1
  ss: 0 0 0 2
  sc: 1 0 0 0`,
		Args: argsUsage(cobra.ExactArgs(1)),
		RunE: func(c *cobra.Command, args []string) error {
			r, err := os.Open(args[0])
			if err != nil {
				return err
			}
			defer r.Close()
			g, err := branching.ReadMatrix(r, args[0])
			if err != nil {
				return err
			}
			return reportBF(e, &f, args[0], g)
		},
	}
	f.add(c)
	return c
}

func reportBF(e *env, f *bfFlags, what string, g *branching.Graph) error {
	if f.depth < 0 || f.depth > 100000 {
		return usagef("--depth must be between 0 and 100000")
	}
	rep := branching.NewReport(what, g, f.depth)
	if f.svg != "" {
		if err := writeBFChart(f.svg, &rep); err != nil {
			return err
		}
	}
	if f.asJSON {
		return writeJSON(e.stdout, rep)
	}
	fmt.Fprintf(e.stdout, "%s\n", what)
	fmt.Fprintf(e.stdout, "node types      %d (%d after merging equivalent types, %d recurrent)\n", rep.Types, rep.Reduced, rep.Recurrent)
	switch {
	case rep.Recurrent == 0:
		fmt.Fprintln(e.stdout, "the tree is finite: no asymptotic branching factor")
	case rep.Period > 1:
		fmt.Fprintf(e.stdout, "asymptotic      period %d:", rep.Period)
		for i, l := range rep.Limits {
			fmt.Fprintf(e.stdout, " %.7g (N(d+1)/N(d), d = %d mod %d)", l, i, rep.Period)
		}
		fmt.Fprintf(e.stdout, "; geometric mean %.7g\n", rep.Asymptotic)
	default:
		fmt.Fprintf(e.stdout, "asymptotic      %.7g\n", rep.Asymptotic)
	}
	if rep.Recurrent > 0 {
		fmt.Fprintf(e.stdout, "eigenvalue      %.12g (dominant eigenvalue of the type matrix)\n", rep.Eigenvalue)
		if !rep.Irreducible {
			fmt.Fprintln(e.stdout, "                the recurrent types form several components: the matrix is reducible")
		}
	}
	if rep.Polynomial != "" {
		fmt.Fprintf(e.stdout, "polynomial      %s = 0\n", rep.Polynomial)
	}
	fmt.Fprintln(e.stdout)
	tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "depth\tnodes\tbranching factor\t")
	for _, r := range rep.Depths {
		bf := ""
		if r.Branching > 0 {
			bf = strconv.FormatFloat(r.Branching, 'f', 6, 64)
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t\n", r.Depth, r.Nodes, bf)
	}
	return tw.Flush()
}

func writeBFChart(name string, rep *branching.Report) error {
	s := render.Series{Name: "N(d)/N(d-1)"}
	for _, r := range rep.Depths {
		if r.Branching > 0 {
			s.X = append(s.X, float64(r.Depth))
			s.Y = append(s.Y, r.Branching)
		}
	}
	c := render.Chart{Title: "Branching factor per depth", Subtitle: rep.Graph, XLabel: "depth", YLabel: "branching factor", Series: []render.Series{s}}
	if rep.Asymptotic > 0 && len(s.X) > 0 {
		c.Series = append(c.Series, render.Series{Name: fmt.Sprintf("asymptotic %.6g", rep.Asymptotic),
			X: []float64{s.X[0], s.X[len(s.X)-1]}, Y: []float64{rep.Asymptotic, rep.Asymptotic}})
	}
	return createFile(name, func(w io.Writer) error { return c.WriteSVG(w, 720, 420) })
}
