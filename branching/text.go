package branching

import (
	"context"
	"fmt"
	"github.com/branchwise/branchwise/internal/numfmt"
	"io"
	"strconv"
	"text/tabwriter"

	"github.com/branchwise/branchwise/internal/opterr"
	"github.com/branchwise/branchwise/render"
	"github.com/branchwise/branchwise/search"
)

// WriteTable prints the report: the graph's description, its types, the
// asymptotic branching factor (per residue when periodic), the dominant
// eigenvalue, the characteristic polynomial, then the nodes and the
// branching factor per depth.
func (rep *Report) WriteTable(w io.Writer) error {
	fmt.Fprintf(w, "%s\n", rep.Graph)
	fmt.Fprintf(w, "node types      %d (%d after merging equivalent types, %d recurrent)\n", rep.Types, rep.Reduced, rep.Recurrent)
	switch {
	case rep.Recurrent == 0:
		fmt.Fprintln(w, "the tree is finite: no asymptotic branching factor")
	case rep.Period > 1:
		fmt.Fprintf(w, "asymptotic      period %d:", rep.Period)
		for i, l := range rep.Limits {
			fmt.Fprintf(w, " %.7g (N(d+1)/N(d), d = %d mod %d)", l, i, rep.Period)
		}
		fmt.Fprintf(w, "; geometric mean %.7g\n", rep.Asymptotic)
	default:
		fmt.Fprintf(w, "asymptotic      %.7g\n", rep.Asymptotic)
	}
	if rep.Recurrent > 0 {
		fmt.Fprintf(w, "eigenvalue      %.12g (dominant eigenvalue of the type matrix)\n", rep.Eigenvalue)
		if !rep.Irreducible {
			fmt.Fprintln(w, "                the recurrent types form several components: the matrix is reducible")
		}
	}
	if rep.Polynomial != "" {
		fmt.Fprintf(w, "polynomial      %s = 0\n", rep.Polynomial)
	}
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "depth\tnodes\tbranching factor\t")
	for _, r := range rep.Depths {
		bf := ""
		if r.Branching > 0 {
			bf = strconv.FormatFloat(r.Branching, 'f', 6, 64)
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t\n", r.Depth, numfmt.Digits(r.Nodes), bf)
	}
	return tw.Flush()
}

// WriteSVG draws the branching factor per depth and its asymptote.
func (rep *Report) WriteSVG(w io.Writer) error {
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
	return c.WriteSVG(w, 720, 420)
}

// CheckLearnLen reports an FSM length (--fsm) outside 0..MaxLearnLen.
func CheckLearnLen(n int) error {
	if n < 0 || n > MaxLearnLen {
		return opterr.Errorf("--fsm", "--fsm %d: want 1 to %d (0: none)", n, MaxLearnLen)
	}
	return nil
}

// LearnFunc is a puzzle's learner of duplicate move strings: tiles.LearnFSM
// or rubik.LearnFSM.
type LearnFunc func(ctx context.Context, maxLen int, lim search.Limits) (*Automaton, error)

// LearnWithNote learns the automaton of duplicate strings up to length n
// within lim and ctx. A limit or a cancellation leaves the automaton
// learned so far, which prunes less but correctly: note then says so, and
// err is the limit's.
func LearnWithNote(ctx context.Context, learn LearnFunc, n int, lim search.Limits) (a *Automaton, note string, err error) {
	a, err = learn(ctx, n, lim)
	if a == nil {
		return nil, "", err
	}
	if err != nil {
		how := "stopped by the " + search.StatusOf(err).String()
		if search.StatusOf(err) == search.Interrupted {
			how = "interrupted"
		}
		note = fmt.Sprintf("FSM learning %s: complete to length %d of %d, %d strings", how, a.Length, n, len(a.Forbidden))
	}
	return a, note, err
}

// Describe sums up the automaton: its strings, their length, its states.
func (a *Automaton) Describe() string {
	return fmt.Sprintf("%d duplicate strings up to length %d, %d states", len(a.Forbidden), a.Length, a.States())
}

// ExploreFunc explores a puzzle's type graph under the pruning of an
// automaton: tiles.TypeGraphFSM (bound to a board) or rubik.TypeGraphFSM.
type ExploreFunc func(ctx context.Context, a *Automaton, lim search.Limits) (*Graph, error)

// Learned is what LearnGraph made: the type graph, what to say of its
// pruning, the learning's note (LearnWithNote: non-empty when a limit cut
// the learning short), and whether the learning ended within ctx (so that
// a failure came from the exploration).
type Learned struct {
	Graph   *Graph
	What    string
	Note    string
	Learned bool
}

// LearnGraph learns the automaton of duplicate strings up to length n
// within lim (LearnWithNote) and explores the type graph it prunes with
// explore. What reads "FSM pruning (" Describe ")", then the note. A
// learning that ctx stopped returns the note and ctx's error; an
// exploration that failed returns its error, with the note.
func LearnGraph(ctx context.Context, learn LearnFunc, n int, lim search.Limits, explore ExploreFunc) (Learned, error) {
	fsm, note, err := LearnWithNote(ctx, learn, n, lim)
	if fsm == nil {
		return Learned{}, err
	}
	r := Learned{Note: note}
	if err := ctx.Err(); err != nil {
		return r, err
	}
	r.Learned = true
	if r.Graph, err = explore(ctx, fsm, lim); err != nil {
		return Learned{Note: note, Learned: true}, fmt.Errorf("branching: exploring the type graph: %w", err)
	}
	r.What = "FSM pruning (" + fsm.Describe() + ")"
	if note != "" {
		r.What += "; " + note
	}
	return r, nil
}
