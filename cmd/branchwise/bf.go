package main

import (
	"context"
	"fmt"

	"github.com/branchwise/branchwise/branching"
	"github.com/branchwise/branchwise/internal/cliflag"
	"github.com/branchwise/branchwise/puzzles/rubik"
	"github.com/branchwise/branchwise/puzzles/tiles"
	"github.com/branchwise/branchwise/search"
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
	cliflag.AddJSON(c.Flags(), &f.asJSON)
	c.Flags().StringVar(&f.svg, "svg", "", "write a chart of the branching factor per depth to this SVG file")
}

func newBFCmd(e *env) *cobra.Command {
	c := &cobra.Command{
		Use:   "bf",
		Short: "Exact node counts and asymptotic branching factors of regular search trees",
		Long: `Exact node counts per depth of a puzzle's depth-first search tree, the
branching factor per depth and its limit (both values when it alternates),
the type matrix's dominant eigenvalue and characteristic polynomial, after
Edelkamp and Korf (1998). docs/branching.md.`,
	}
	c.AddCommand(newBFTilesCmd(e), newBFRubikCmd(e), newBFMatrixCmd(e))
	return c
}

func reportBF(e *env, f *bfFlags, what string, g *branching.Graph) error {
	if err := branching.CheckDepth(f.depth); err != nil {
		return err
	}
	rep := branching.NewReport(what, g, f.depth)
	return cliflag.OutputSVG(e.stdout, f.asJSON, &rep, f.svg)
}

func newBFTilesCmd(e *env) *cobra.Command {
	var f bfFlags
	var keepParent bool
	var start, fsmLen int
	var lim search.Limits
	c := &cobra.Command{
		Use:   "tiles RxC",
		Short: "Branching factors of the r x c sliding-tile puzzle",
		Long: `Branching factors of the r x c sliding-tile puzzle (2x2 to 400 cells), the
blank starting in cell --start. Without --keep-parent the move back to the
parent is not generated. --fsm L filters the moves by the learned automaton
of duplicate move strings up to length L (Taylor and Korf 1993); the limit
flags bound the learning and the exploration, and a stopped learning leaves
a smaller automaton, still correct (docs/branching.md).`,
		Example: `  branchwise bf tiles 4x4 --fsm 12`,
		Args:    cliflag.ArgsUsage(cobra.ExactArgs(1)),
		RunE: func(c *cobra.Command, args []string) error {
			rows, cols, ok := cliflag.SplitRxC(args[0])
			if !ok {
				return usagef("bf tiles %q: want RxC, e.g. 4x4", args[0])
			}
			b := tiles.TypeBoard{Rows: rows, Cols: cols, Start: start, KeepParent: keepParent}
			if err := b.Check(); err != nil {
				return err
			}
			if fsmLen > 0 && keepParent {
				return usagef("--fsm and --keep-parent exclude each other")
			}
			if err := branching.CheckLearnLen(fsmLen); err != nil {
				return err
			}
			g, what, err := b.TypeGraph()
			if err != nil {
				return err
			}
			if fsmLen > 0 {
				ctx, cancel := cliflag.Bound(e.ctx, lim, 1)
				defer cancel()
				if g, what, err = fsmGraph(e, ctx, tiles.LearnFSM, fsmLen, lim, true, f.asJSON, b.Explore); err != nil || g == nil {
					return err
				}
			}
			return reportBF(e, &f, b.Name()+what, g)
		},
	}
	f.add(c)
	c.Flags().BoolVar(&keepParent, "keep-parent", false, "generate the parent as a child")
	c.Flags().IntVar(&start, "start", 0, "the blank's starting cell, row-major")
	c.Flags().IntVar(&fsmLen, "fsm", 0, "prune with a learned FSM of duplicate move strings up to this length (1-24)")
	cliflag.AddLimits(c.Flags(), &lim)
	return c
}

func newBFRubikCmd(e *env) *cobra.Command {
	var f bfFlags
	var fsmLen int
	var lim search.Limits
	c := &cobra.Command{
		Use:   "rubik",
		Short: "Branching factors of Rubik's Cube (18 moves, Edelkamp and Korf's pruning)",
		Long: `Branching factors of Rubik's Cube with the 18 face turns, Edelkamp and
Korf's pruning (13.34847), or with --fsm L the learned automaton of duplicate
move strings up to length L (Taylor and Korf 1993); limits as for bf tiles.`,
		Example: `  branchwise bf rubik --fsm 4 --depth 8`,
		Args:    cliflag.ArgsUsage(cobra.NoArgs),
		RunE: func(c *cobra.Command, args []string) error {
			if err := branching.CheckLearnLen(fsmLen); err != nil {
				return err
			}
			if fsmLen == 0 {
				return reportBF(e, &f, "Rubik's Cube, 18 moves, same face and opposite-face order pruned", rubik.TypeGraph())
			}
			ctx, cancel := cliflag.Bound(e.ctx, lim, 1)
			defer cancel()
			g, what, err := fsmGraph(e, ctx, rubik.LearnFSM, fsmLen, lim, false, f.asJSON, rubik.TypeGraphFSM)
			if err != nil || g == nil {
				return err
			}
			return reportBF(e, &f, "Rubik's Cube, 18 moves, "+what, g)
		},
	}
	f.add(c)
	c.Flags().IntVar(&fsmLen, "fsm", 0, "prune with a learned FSM of duplicate move strings up to this length (1-24)")
	cliflag.AddLimits(c.Flags(), &lim)
	return c
}

func newBFMatrixCmd(e *env) *cobra.Command {
	var f bfFlags
	c := &cobra.Command{
		Use:   "matrix FILE",
		Short: "Branching factors of a node-type matrix given in a file",
		Long: `Branching factors of a node-type graph written as a matrix: one line per
type, "NAME: n n ... n", entry j the children of type j of a node of type
NAME; "start: NAME" names the root's type (default: the first); '#' starts
a comment. Example and format: docs/branching.md.`,
		Args: cliflag.ArgsUsage(cobra.ExactArgs(1)),
		RunE: func(c *cobra.Command, args []string) error {
			g, err := cliflag.ReadFile(args[0], nil, branching.ReadMatrix)
			if err != nil {
				return err
			}
			return reportBF(e, &f, args[0], g)
		},
	}
	f.add(c)
	return c
}

// heapLimited is learn with the heap kept within --max-mem while it runs:
// the learner's tables are all the command holds.
func heapLimited(learn branching.LearnFunc) branching.LearnFunc {
	return func(ctx context.Context, n int, lim search.Limits) (*branching.Automaton, error) {
		defer cliflag.LimitHeap(lim)()
		return learn(ctx, n, lim)
	}
}

// fsmGraph learns an automaton and explores the type graph it prunes
// (branching.LearnGraph); it returns the graph and what to say of the
// pruning. A learning that ctx stopped prints its note (with asJSON, as
// the one JSON object) and returns no graph, and ErrInterrupted after
// Ctrl-C: a limit is no failure; a failed exploration with noteOnFail
// prints the note too.
func fsmGraph(e *env, ctx context.Context, learn branching.LearnFunc, n int, lim search.Limits, noteOnFail, asJSON bool, explore branching.ExploreFunc) (*branching.Graph, string, error) {
	r, err := branching.LearnGraph(ctx, heapLimited(learn), n, lim, explore)
	if err == nil {
		return r.Graph, r.What, nil
	}
	stopped := ctx.Err() != nil
	switch {
	case stopped && asJSON:
		cliflag.WriteJSON(e.stdout, map[string]string{"status": "stopped", "stopped_by": search.StatusOf(ctx.Err()).String(), "note": r.Note})
	case r.Note != "" && (noteOnFail || !r.Learned):
		fmt.Fprintln(e.stdout, r.Note)
	}
	if stopped {
		return nil, "", interrupted(e)
	}
	return nil, "", err
}
