package xcover

import (
	"context"
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/branchwise/branchwise/internal/numfmt"
	"github.com/branchwise/branchwise/search"
)

// DLXOptions configure RunDLX: what the dlx command asks of a problem.
type DLXOptions struct {
	Strategy Strategy
	// Count counts the solutions on Workers; otherwise the first solution
	// (or with All every one) is found on one worker and shown.
	Count   bool
	All     bool
	Workers int
	// Stats keeps the nodes per depth.
	Stats bool
	// Show, if set, is given each solution shown as its options' lines
	// (OptionString), one call at a time; KeepShown keeps them in the
	// report.
	Show      func(lines []string)
	KeepShown bool
}

// DLXReport is a run of RunDLX as the dlx command prints it.
type DLXReport struct {
	File      string     `json:"file"`
	Strategy  string     `json:"strategy"`
	Solutions int64      `json:"solutions"`
	Nodes     int64      `json:"nodes"`
	Updates   int64      `json:"updates"`
	Seconds   float64    `json:"seconds"`
	Shown     [][]string `json:"shown,omitempty"`
	ByDepth   []int64    `json:"nodes_by_depth,omitempty"`
	// Status is how the search ended (Result.Status): in JSON by its
	// name.
	Status  search.Status `json:"status"`
	Stopped string        `json:"stopped_by,omitempty"`

	shown int
	count bool
	err   error
}

// RunDLX solves the problem read from the file name as o says.
func (p *Problem) RunDLX(ctx context.Context, name string, o DLXOptions) DLXReport {
	start := time.Now()
	rep := DLXReport{File: name, Strategy: o.Strategy.String(), count: o.Count}
	var r Result
	if o.Count {
		r = p.SolveParallel(ctx, o.Strategy, o.Workers, search.Limits{}, nil)
	} else {
		var mu sync.Mutex
		limit := int64(1)
		if o.All {
			limit = 0
		}
		r = p.Compile(o.Strategy).Solve(ctx, search.Limits{MaxSolutions: limit}, func(opts []int) bool {
			mu.Lock()
			defer mu.Unlock()
			var lines []string
			for _, o := range opts {
				lines = append(lines, p.OptionString(o))
			}
			if o.KeepShown {
				rep.Shown = append(rep.Shown, lines)
			}
			rep.shown++
			if o.Show != nil {
				o.Show(lines)
			}
			return true
		})
	}
	rep.Solutions, rep.Nodes, rep.Updates, rep.Status = r.Solutions, r.Stats.Nodes, r.Stats.Updates, r.Status
	rep.Seconds = time.Since(start).Seconds()
	if o.Stats {
		rep.ByDepth = r.Stats.NodesByDepth
	}
	if rep.err = r.Err; r.Err != nil {
		rep.Stopped = r.Err.Error()
	}
	return rep
}

// WriteTable prints the count of solutions, nodes, updates and time
// (after a blank line below solutions shown), and the nodes per depth.
func (rep *DLXReport) WriteTable(w io.Writer) error {
	if !rep.count && rep.shown > 0 {
		fmt.Fprintln(w)
	}
	partial := ""
	if rep.err != nil {
		partial = fmt.Sprintf(", a partial count: stopped by %v", rep.err)
	}
	fmt.Fprintf(w, "%s: %s solutions (%s nodes, %s updates, %.2f s%s)\n", rep.File, numfmt.Count(int64(rep.Solutions)), numfmt.Count(int64(rep.Nodes)), numfmt.Count(int64(rep.Updates)), rep.Seconds, partial)
	for d, n := range rep.ByDepth {
		fmt.Fprintf(w, "%5d %14s\n", d, numfmt.Count(int64(n)))
	}
	return nil
}
