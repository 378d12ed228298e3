package rubik

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/branchwise/branchwise/internal/numfmt"
	"github.com/branchwise/branchwise/internal/workpool"
	"github.com/branchwise/branchwise/search"
	"io"
	"math/rand/v2"
	"text/tabwriter"
	"time"

	"github.com/branchwise/branchwise/pdb"
	"github.com/branchwise/branchwise/render"
)

// RandomScramble returns n face turns drawn from seed, never the same face
// twice in a row (the scramble of rubik solve --random).
func RandomScramble(n int, seed uint64) []int {
	r := rand.New(rand.NewPCG(seed, 0x2b1c))
	var scr []int
	for len(scr) < n {
		m := r.IntN(18)
		if len(scr) == 0 || MayFollow(scr[len(scr)-1]/3, m/3) {
			scr = append(scr, m)
		}
	}
	return scr
}

// RandomState returns the cube drawn uniformly from all reachable ones by
// seed (the cube of rubik solve --random-state).
func RandomState(seed uint64) Cube {
	return Random(rand.New(rand.NewPCG(seed, 0x5eed)))
}

// ReportOptions configure SolveReport.
type ReportOptions struct {
	// Start, if set, is the cube to solve instead of the scramble's, and
	// Label names it in the report.
	Start   *Cube
	Label   string
	Workers int // search.Workers: 0 is every CPU
	// Limits bound the search (SolveOptions.Limits).
	search.Limits
	// Predict > 0 predicts each iteration's expanded nodes (Korf, Reid
	// and Edelkamp 2001) from the heuristic values of this many random
	// cubes drawn from Seed.
	Predict int
	Seed    uint64
	// Tables say where the heuristic's tables came from, for the report.
	Tables []pdb.Source
}

// Report is an optimal solve as the rubik solve command prints it.
type Report struct {
	Scramble   string             `json:"scramble"`
	Solution   string             `json:"solution"`
	Length     int                `json:"length"`
	Verified   bool               `json:"verified"`
	Status     search.Status      `json:"status"`
	Heuristic  int                `json:"heuristic"`
	Generated  int64              `json:"generated"`
	Iterations []search.Iteration `json:"iterations"`
	Seconds    float64            `json:"seconds"`
	Tables     []pdb.Source       `json:"tables"`
	Predicted  []float64          `json:"predicted_expanded,omitempty"`

	moves   int   // of the scramble
	err     error // what stopped the search
	workers int
	solved  bool
}

// SolveReport solves the cube the scramble makes from the solved cube
// optimally, verifies the solution by applying it, and predicts the
// iterations when asked. Its error is an internal one: a solution that
// does not solve the cube (the report comes with it).
func SolveReport(ctx context.Context, scramble []int, h *Heuristic, o ReportOptions) (Report, error) {
	cube, label := Solved().Apply(scramble), FormatMoves(scramble)
	if o.Start != nil {
		cube, label = *o.Start, o.Label
	}
	start := time.Now()
	res := Solve(ctx, cube, h, SolveOptions{Workers: o.Workers, Limits: o.Limits})
	sol := make([]int, len(res.Path))
	for i, m := range res.Path {
		sol[i] = int(m)
	}
	rep := Report{Scramble: label, Solution: FormatMoves(sol), Length: res.Cost,
		Verified: res.Status == search.Solved && cube.Apply(sol) == Solved(), Status: res.Status,
		Heuristic: h.Value(cube), Generated: res.Stats.Generated, Iterations: res.Stats.Iterations,
		Seconds: time.Since(start).Seconds(), Tables: o.Tables, moves: len(scramble), err: res.Err, workers: o.Workers, solved: res.Status == search.Solved}
	if o.Predict > 0 {
		p := h.HeuristicDistribution(o.Predict, o.Seed)
		for _, it := range res.Stats.Iterations {
			rep.Predicted = append(rep.Predicted, PredictExpanded(p, int(it.Bound)))
		}
	}
	if res.Status == search.Solved && !rep.Verified {
		return rep, errors.New("rubik: internal error: the solution does not solve the cube")
	}
	return rep, nil
}

// MarshalJSON writes the report with its status by name ("solved",
// "stopped"), as the other commands' reports do.
func (r Report) MarshalJSON() ([]byte, error) {
	type fields Report // without this method
	return json.Marshal(struct {
		fields
		Status string `json:"status"` // shadows fields.Status
	}{fields(r), r.Status.String()})
}

// Solved reports whether the search found the optimal solution.
func (r *Report) Solved() bool { return r.solved }

// WriteTable prints the scramble, the solution (or what stopped the
// search), the iterations with their predictions, and the speed.
func (r *Report) WriteTable(w io.Writer) error {
	fmt.Fprintf(w, "scramble  %s (%d moves)\n", r.Scramble, r.moves)
	if r.Solved() {
		fmt.Fprintf(w, "solution  %s (%d moves, optimal, verified)\n", r.Solution, r.Length)
	} else {
		fmt.Fprintf(w, "stopped: %v\n", r.err)
	}
	tw := tabwriter.NewWriter(w, 2, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "bound\tgenerated\texpanded\tpredicted expanded\t\n")
	for i, it := range r.Iterations {
		pred := "-"
		if i < len(r.Predicted) {
			pred = numfmt.Estimate(r.Predicted[i])
		}
		fmt.Fprintf(tw, "%g\t%s\t%s\t%s\t\n", it.Bound, numfmt.Count(int64(it.Generated)), numfmt.Count(int64(it.Expanded)), pred)
	}
	tw.Flush()
	_, err := fmt.Fprintf(w, "h(start) %d, %s nodes generated in %.3g s (%s nodes/s), %s\n",
		r.Heuristic, numfmt.Count(r.Generated), r.Seconds, numfmt.Estimate(float64(r.Generated)/r.Seconds), workpool.Describe(r.workers))
	return err
}

// WriteSVG draws the expanded nodes per iteration beside the prediction
// (when made).
func (r *Report) WriteSVG(w io.Writer) error {
	var x, act []float64
	for _, it := range r.Iterations {
		x = append(x, it.Bound)
		act = append(act, float64(it.Expanded))
	}
	c := render.Chart{Title: "IDA* on Rubik's Cube: nodes expanded per iteration",
		Subtitle: r.Scramble, XLabel: "bound", YLabel: "nodes expanded", LogY: true,
		Series: []render.Series{{Name: "measured", X: x, Y: act}}}
	if len(r.Predicted) > 0 {
		c.Series = append(c.Series, render.Series{Name: "predicted (Korf, Reid and Edelkamp 2001)", X: x, Y: r.Predicted})
	}
	return c.WriteSVG(w, 720, 420)
}
