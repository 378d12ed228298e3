package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/branchwise/branchwise/puzzles/polyform"
	"github.com/branchwise/branchwise/render"
	"github.com/branchwise/branchwise/xcover"
	"github.com/spf13/cobra"
	"golang.org/x/term"
)

func init() { register(newPackCmd) }

type packFlags struct {
	pieces, svg, dlx string
	engineFlags
	first, count, all, unique, asJSON    bool
	stats, cellsOnly, deadRegions, color bool
	largestRegion                        bool
	workers, problem                     int
	shard                                shardFlags
	maxTime                              time.Duration
}

func newPackCmd(e *env) *cobra.Command {
	var f packFlags
	c := &cobra.Command{
		Use:   "pack NAME|BOARDFILE|FILE.xmpuzzle",
		Short: "Packing puzzles: first solution, all solutions, or counts, with pictures",
		Long: `Pack pieces into a board by exact cover, branching on the cell or piece with
the fewest remaining placements.

NAME is a built-in puzzle: ` + strings.Join(polyform.NamedPuzzles(), ", ") + `.
A BOARDFILE draws a board in text (docs/pack.md): optional header lines
"grid: square|triangle|hexagon|cubic" and "pieces: SET", then one line per row,
'.' a cell to fill, a space or '#' outside; on the cubic grid the layers follow
each other, separated by blank lines or "layer:" lines. A BurrTools .xmpuzzle
file (cube grid) gives the board and pieces of its problem --problem N.

--pieces names a piece set (` + strings.Join(polyform.SetNames(), ", ") + `)
or picks pieces of the puzzle's set by letter (pentominoes: F I L N P T U V W
X Y Z), or lists copies and ranges: "L*2,T,I*0-1" (two L, one T, at most one
I; copies are identical and counted once). Without it the puzzle's set is used;
a board file on the square grid without a "pieces:" header takes the pentominoes.

--first (the default) prints one solution; --all prints every solution;
--count counts all solutions and the unique ones (rotations and reflections
of the whole board removed). With --unique, --all prints one solution of
each class and --count searches only for those, one piece restricted so that
symmetric copies are never generated: about |G| times less work.
--stats adds the nodes per depth and the mean minimum branching factor.
--cells-only branches on cells only (Korekawa et al.'s rule) and --dead-regions
cuts nodes with an empty region that no remaining pieces can fill.
--svg FILE draws the solutions found (at most 60) on one sheet.
--count and --all --unique run on -j workers (all cores by default).
--count with --split-depth, --shard i/n, --checkpoint or --resume counts the
search tree's nodes per depth and its solutions in subtrees: one shard of
many (merge them with branchwise merge), or checkpointed to survive a crash
(docs/distributed.md).`,
		Example: `  branchwise pack pentomino-6x10 --svg solution.svg
  branchwise pack pentomino-8x8 --count --json
  branchwise pack pentomino-6x10 --count --unique -j 2
  branchwise pack heptiamond-pp24 --svg pp24.svg
  branchwise pack board.txt --pieces LNPUVY --all
  branchwise pack soma --count --unique --svg soma.svg
  branchwise pack board.txt --pieces "L*2,P*0-2,Y*0-2,U*0-1" --count
  branchwise pack puzzle.xmpuzzle --problem 2 --count`,
		Args: argsUsage(cobra.ExactArgs(1)),
		RunE: func(c *cobra.Command, args []string) error {
			return runPackCmd(e, args[0], f)
		},
	}
	fs := c.Flags()
	fs.StringVar(&f.pieces, "pieces", "", "a piece set by name, or pieces of the puzzle's set by letter")
	fs.BoolVar(&f.first, "first", false, "print the first solution (the default)")
	fs.BoolVar(&f.count, "count", false, "count all solutions and the unique ones")
	fs.BoolVar(&f.all, "all", false, "print every solution")
	fs.BoolVar(&f.unique, "unique", false, "only solutions that are not a rotation or reflection of another")
	addEngineFlags(fs, &f.engineFlags)
	fs.StringVar(&f.svg, "svg", "", "draw the solutions found to this SVG file")
	fs.BoolVar(&f.stats, "stats", false, "print nodes and mean minimum branching factor per depth")
	fs.BoolVar(&f.cellsOnly, "cells-only", false, "branch on cells only, never on pieces")
	fs.BoolVar(&f.deadRegions, "dead-regions", false, "cut nodes with an empty region no remaining pieces fill")
	fs.DurationVar(&f.maxTime, "max-time", 0, "stop the search after this long, e.g. 60s, with partial counts (0: no limit)")
	fs.StringVar(&f.dlx, "dlx", "", "write the exact cover problem (with --unique: restricted) in Knuth's DLX format to this file and stop")
	fs.BoolVar(&f.largestRegion, "largest-region", false, "with --dead-regions: test the largest empty region only, as Korekawa et al.'s program does")
	fs.IntVar(&f.problem, "problem", 1, "the problem of a BurrTools .xmpuzzle file, from 1")
	fs.BoolVar(&f.color, "color", false, "colour the pictures (the default when standard output is a terminal)")
	addJSONFlag(fs, &f.asJSON)
	addWorkersFlag(fs, &f.workers)
	addShardFlags(fs, &f.shard)
	return c
}

func runPackCmd(e *env, arg string, f packFlags) error {
	modes := 0
	for _, m := range []bool{f.first, f.count, f.all} {
		if m {
			modes++
		}
	}
	if modes > 1 {
		return usagef("--first, --count and --all exclude each other")
	}
	engine, strat, firstEmpty, err := f.engineFlags.parse()
	if err != nil {
		return err
	}
	if f.workers < 1 {
		return usagef("-j must be at least 1")
	}
	var pk *polyform.Packing
	if strings.HasSuffix(arg, ".xmpuzzle") {
		pk, err = loadBurr(e, arg, f.problem)
	} else {
		pk, err = polyform.Load(arg, f.pieces)
	}
	if err != nil {
		return err
	}
	if pk.Ranges != nil && f.unique {
		return usagef("--unique restricts one piece, which copies and ranges rule out: use --count, which counts the unique solutions too")
	}
	pk.CellsOnly, pk.DeadRegions, pk.LargestRegionOnly = f.cellsOnly, f.deadRegions, f.largestRegion
	if f.shard.active() {
		if pk.Ranges != nil || strings.HasSuffix(arg, ".xmpuzzle") {
			return usagef("--split-depth, --shard, --checkpoint and --resume walk Algorithm C's tree: not for copies and ranges of pieces or .xmpuzzle files")
		}
		return runPackSharded(e, arg, f)
	}
	pk.Engine, pk.FirstEmpty = engine, firstEmpty
	if err := pk.CheckEngine(); err != nil {
		return fmt.Errorf("%s: %v", arg, err)
	}
	if f.dlx != "" {
		prob := pk.Problem()
		if f.unique {
			prob = pk.RestrictedProblem(pk.Restrict())
		}
		return writeDLXFile(f.dlx, prob)
	}
	if !f.color {
		if file, ok := e.stdout.(*os.File); ok && term.IsTerminal(int(file.Fd())) && os.Getenv("NO_COLOR") == "" {
			f.color = true
		}
	}
	ctx, cancel := e.ctx, context.CancelFunc(func() {})
	if f.maxTime > 0 {
		ctx, cancel = context.WithTimeout(e.ctx, f.maxTime)
	}
	defer cancel()
	p := &packRun{e: e, ctx: ctx, pk: pk, name: arg, strat: strat, f: f,
		rep: packReport{Puzzle: arg, Strategy: f.strategy, Engine: engine.String(), Symmetries: len(pk.Symmetries())}}
	if f.count {
		return p.count()
	}
	return p.list()
}

type packReport struct {
	Puzzle     string              `json:"puzzle"`
	Strategy   string              `json:"strategy"`
	Engine     string              `json:"engine"`
	Symmetries int                 `json:"symmetries"`
	Solutions  int64               `json:"solutions"`
	Unique     *int64              `json:"unique,omitempty"`
	Nodes      int64               `json:"nodes"`
	Pruned     int64               `json:"pruned,omitempty"`
	Seconds    float64             `json:"seconds"`
	Workers    int                 `json:"workers,omitempty"`
	Shown      [][]string          `json:"shown,omitempty"`
	ByDepth    []xcover.DepthStats `json:"by_depth,omitempty"`
	Stopped    string              `json:"stopped_by,omitempty"`
}

type packRun struct {
	e        *env
	ctx      context.Context // the search's: e.ctx with --max-time
	pk       *polyform.Packing
	name     string
	strat    xcover.Strategy
	f        packFlags
	rep      packReport
	pictures [][]render.Cell
	cubes    [][]string // the labels of 3D solutions to draw
	start    time.Time
}

// list prints the first solution, or all, or one of each class.
func (p *packRun) list() error {
	p.start = time.Now()
	var uniq int64
	show := func(assign []int) bool {
		labels := make([]string, len(assign))
		for i, a := range assign {
			labels[i] = p.pk.Pieces[a].Name
		}
		rows := p.pk.Board.Rows(labels)
		if p.f.asJSON {
			p.rep.Shown = append(p.rep.Shown, rows)
		} else {
			if len(p.rep.Shown) > 0 || p.f.all {
				fmt.Fprintln(p.e.stdout)
			}
			writeRows(p.e.stdout, rows, p.f.color)
			p.rep.Shown = append(p.rep.Shown, nil) // counts the solutions shown
		}
		if p.f.svg != "" && len(p.cubes) < 12 && p.pk.Board.Grid == polyform.Cubic {
			p.cubes = append(p.cubes, labels)
		} else if p.f.svg != "" && len(p.pictures) < 60 && p.pk.Board.Grid != polyform.Cubic {
			var pic []render.Cell
			for i, c := range p.pk.Board.Cells {
				pic = append(pic, render.Cell{Polygon: p.pk.Board.Grid.Polygon(c), Label: labels[i]})
			}
			p.pictures = append(p.pictures, pic)
		}
		return true
	}
	var r xcover.Result
	var all int64
	switch {
	case p.f.all && p.f.unique:
		var mu sync.Mutex
		r = p.pk.SolveUnique(p.ctx, p.strat, p.f.workers, p.pk.Restrict(), func(_ int, assign []int, class int) bool {
			mu.Lock()
			defer mu.Unlock()
			all += int64(class)
			uniq++
			return show(assign)
		})
		p.rep.Unique = &uniq
	case p.f.all:
		r = p.pk.Solve(p.ctx, p.strat, 0, func(assign []int) bool {
			all++
			if p.pk.IsCanonical(assign) {
				uniq++
			}
			return show(assign)
		})
		p.rep.Unique = &uniq
	default:
		// The first solution, or with --unique the first that is the
		// smallest of its images.
		r = p.pk.Solve(p.ctx, p.strat, 0, func(assign []int) bool {
			all++
			if p.f.unique && !p.pk.IsCanonical(assign) {
				return true
			}
			show(assign)
			return false
		})
	}
	p.rep.Solutions = all
	if p.pk.Ranges != nil {
		p.rep.Unique = nil
	}
	p.finish(r)
	if p.f.svg != "" && p.pk.Board.Grid == polyform.Cubic {
		if err := writeCubeSVG(p.f.svg, p.name, p.pk.Board, p.cubes); err != nil {
			return err
		}
	} else if p.f.svg != "" {
		if err := writePackSVG(p.f.svg, p.name, p.pictures); err != nil {
			return err
		}
	}
	if !p.f.asJSON {
		shown := len(p.rep.Shown)
		switch {
		case shown == 0:
			fmt.Fprintf(p.e.stdout, "%s: no solution (%d nodes, %.2f s)\n", p.name, p.rep.Nodes, p.rep.Seconds)
		case p.f.all && p.f.unique:
			fmt.Fprintf(p.e.stdout, "\n%s: %d unique solutions shown, %d in all (%d nodes, %.2f s)\n", p.name, shown, all, p.rep.Nodes, p.rep.Seconds)
		case p.f.all && p.pk.Ranges != nil: // copies: --count tells the unique ones apart
			fmt.Fprintf(p.e.stdout, "\n%s: %d solutions (%d nodes, %.2f s)\n", p.name, p.rep.Solutions, p.rep.Nodes, p.rep.Seconds)
		case p.f.all:
			fmt.Fprintf(p.e.stdout, "\n%s: %d solutions, %d unique (%d nodes, %.2f s)\n", p.name, p.rep.Solutions, uniq, p.rep.Nodes, p.rep.Seconds)
		}
		p.rep.Shown = nil
	}
	return p.report()
}

// finish records a search's statistics.
func (p *packRun) finish(r xcover.Result) {
	p.rep.Nodes, p.rep.Pruned = r.Stats.Nodes, r.Stats.Pruned
	p.rep.Seconds = time.Since(p.start).Seconds()
	if r.Err != nil {
		p.rep.Stopped = r.Err.Error()
		switch {
		case errors.Is(r.Err, context.DeadlineExceeded):
			p.rep.Stopped = "time limit"
		case errors.Is(r.Err, context.Canceled):
			p.rep.Stopped = "interrupt"
		}
	}
	if p.f.stats {
		p.rep.ByDepth = r.Stats.ByDepth()
	}
}

// report writes the JSON report or the --stats table, and turns an
// interruption into its exit status.
func (p *packRun) report() error {
	if p.f.asJSON {
		if err := writeJSON(p.e.stdout, p.rep); err != nil {
			return err
		}
	} else if p.f.stats {
		fmt.Fprintf(p.e.stdout, "\n%5s %14s %12s %10s\n", "depth", "nodes", "mean min bf", "sd")
		for _, d := range p.rep.ByDepth {
			fmt.Fprintf(p.e.stdout, "%5d %14d %12.5f %10.5f\n", d.Depth, d.Nodes, d.MeanMinB, d.SDMinB)
		}
		if p.rep.Pruned > 0 {
			fmt.Fprintf(p.e.stdout, "%d nodes cut by the dead-region test\n", p.rep.Pruned)
		}
	}
	if !p.f.asJSON && p.rep.Stopped != "" {
		fmt.Fprintf(p.e.stdout, "stopped by the %s after %d nodes: the counts are partial\n", p.rep.Stopped, p.rep.Nodes)
	}
	if p.e.ctx.Err() != nil {
		return errInterrupted
	}
	return nil
}

// writeRows prints a solution's rows, in colour on a terminal.
func writeRows(w io.Writer, rows []string, color bool) {
	if color {
		render.WriteANSI(w, rows)
		return
	}
	for _, row := range rows {
		fmt.Fprintln(w, row)
	}
}

func writePackSVG(name, title string, pictures [][]render.Cell) error {
	cols := 1
	if len(pictures) > 1 {
		cols = 3
	}
	return createFile(name, render.Sheet{Title: title, Pictures: pictures, Columns: cols}.WriteSVG)
}

// writeDLXFile writes a packing's exact cover problem for DLX1: items are
// the pieces by name and the cells as rRcC (text-format row and column),
// options the placements (with --unique, the restricted piece's kept ones).
func writeDLXFile(name string, prob *xcover.Problem) error { return createFile(name, prob.WriteDLX) }
