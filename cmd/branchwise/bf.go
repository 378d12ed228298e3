package main

import (
	"fmt"
	"io"
	"strconv"
	"text/tabwriter"

	"github.com/branchwise/branchwise/branching"
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
