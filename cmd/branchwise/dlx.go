package main

import (
	"fmt"
	"os"
	"sync"
	"time"

	"github.com/branchwise/branchwise/xcover"
	"github.com/spf13/cobra"
)

func init() { register(newDLXCmd) }

func newDLXCmd(e *env) *cobra.Command {
	var strategy string
	var count, all, asJSON, stats bool
	var workers int
	c := &cobra.Command{
		Use:   "dlx FILE",
		Short: "Solve an exact cover problem in Knuth's DLX format",
		Long: `Solve an exact cover problem with colours given in the text format of Knuth's
DLX programs ('-' reads standard input): lines starting with '|' are
comments; the first other line names the primary items, then '|' and the
secondary items; every later line is an option, its items separated by
spaces, a secondary item optionally followed by ":colour".

Without flags the first solution is printed, one option per line; --all
prints every solution, --count only counts them (on -j workers). The same
file fed to Knuth's DLX1 (or DLX2 with colours) must give the same count.
"branchwise pack NAME --dlx FILE" writes a packing puzzle in this format.`,
		Example: `  branchwise pack pentomino-6x10 --dlx 6x10.dlx
  branchwise dlx 6x10.dlx --count -j 1`,
		Args: argsUsage(cobra.ExactArgs(1)),
		RunE: func(c *cobra.Command, args []string) error {
			if count && all {
				return usagef("--count and --all exclude each other")
			}
			strat, err := xcover.ParseStrategy(strategy)
			if err != nil {
				return usageError{err}
			}
			if workers < 1 {
				return usagef("-j must be at least 1")
			}
			in, name := os.Stdin, "<stdin>"
			if args[0] != "-" {
				f, err := os.Open(args[0])
				if err != nil {
					return err
				}
				defer f.Close()
				in, name = f, args[0]
			}
			p, err := xcover.ReadDLX(in, name)
			if err != nil {
				return err
			}
			start := time.Now()
			rep := struct {
				File      string     `json:"file"`
				Strategy  string     `json:"strategy"`
				Solutions int64      `json:"solutions"`
				Nodes     int64      `json:"nodes"`
				Updates   int64      `json:"updates"`
				Seconds   float64    `json:"seconds"`
				Shown     [][]string `json:"shown,omitempty"`
				ByDepth   []int64    `json:"nodes_by_depth,omitempty"`
				Stopped   string     `json:"stopped_by,omitempty"`
			}{File: name, Strategy: strat.String()}
			var r xcover.Result
			show := func(opts []int) {
				var lines []string
				for _, o := range opts {
					lines = append(lines, p.OptionString(o))
				}
				if asJSON {
					rep.Shown = append(rep.Shown, lines)
					return
				}
				if len(rep.Shown) > 0 || all {
					fmt.Fprintln(e.stdout)
				}
				for _, l := range lines {
					fmt.Fprintln(e.stdout, l)
				}
				rep.Shown = append(rep.Shown, nil)
			}
			if count {
				r = p.SolveParallel(e.ctx, strat, workers, nil)
			} else {
				var mu sync.Mutex
				limit := int64(1)
				if all {
					limit = 0
				}
				r = p.Compile(strat).Solve(e.ctx, limit, func(opts []int) bool {
					mu.Lock()
					defer mu.Unlock()
					show(opts)
					return true
				})
			}
			rep.Solutions, rep.Nodes, rep.Updates = r.Solutions, r.Stats.Nodes, r.Stats.Updates
			rep.Seconds = time.Since(start).Seconds()
			if stats {
				rep.ByDepth = r.Stats.NodesByDepth
			}
			if r.Err != nil {
				rep.Stopped = r.Err.Error()
			}
			if asJSON {
				if err := writeJSON(e.stdout, rep); err != nil {
					return err
				}
			} else {
				if !count && len(rep.Shown) > 0 {
					fmt.Fprintln(e.stdout)
				}
				partial := ""
				if r.Err != nil {
					partial = fmt.Sprintf(", a partial count: stopped by %v", r.Err)
				}
				fmt.Fprintf(e.stdout, "%s: %d solutions (%d nodes, %d updates, %.2f s%s)\n", name, rep.Solutions, rep.Nodes, rep.Updates, rep.Seconds, partial)
				if stats {
					for d, n := range rep.ByDepth {
						fmt.Fprintf(e.stdout, "%5d %14d\n", d, n)
					}
				}
			}
			if e.ctx.Err() != nil {
				return errInterrupted
			}
			return nil
		},
	}
	fs := c.Flags()
	fs.BoolVar(&count, "count", false, "count the solutions")
	fs.BoolVar(&all, "all", false, "print every solution")
	fs.BoolVar(&stats, "stats", false, "print the nodes per depth")
	fs.StringVar(&strategy, "strategy", "fewest", "item choice: fewest, fixed or sorted")
	addJSONFlag(fs, &asJSON)
	addWorkersFlag(fs, &workers)
	return c
}
