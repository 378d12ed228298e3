package main

import (
	"fmt"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/branchwise/branchwise/puzzles/polyform"
	"github.com/branchwise/branchwise/render"
	"github.com/branchwise/branchwise/xcover"
	"github.com/spf13/cobra"
)

func init() { register(newPackCmd) }

func newPackCmd(e *env) *cobra.Command {
	var pieces, strategy, svg string
	var first, count, all, unique, asJSON bool
	var workers int
	c := &cobra.Command{
		Use:   "pack NAME|BOARDFILE",
		Short: "Packing puzzles: first solution, all solutions, or counts, with pictures",
		Long: `Pack pieces into a board by exact cover, branching on the cell or piece with
the fewest remaining placements.

NAME is a built-in puzzle: ` + strings.Join(polyform.NamedPuzzles(), ", ") + `.
A BOARDFILE draws a square-grid board, one line per row: '.' a cell to fill,
a space or '#' outside; the pieces are the pentominoes, or those named by
--pieces (letters F I L N P T U V W X Y Z), and must cover the board's area.

--first (the default) prints one solution as a grid of piece letters;
--count counts all solutions and the unique ones (rotations and reflections
of the whole board removed); --all prints every solution (--unique: only the
unique ones). --svg FILE draws the solutions found (at most 60) on one sheet.
--count runs on -j workers (all cores by default).`,
		Example: `  branchwise pack pentomino-6x10 --svg solution.svg
  branchwise pack pentomino-8x8 --count --json
  branchwise pack board.txt --pieces LNPUVY --all`,
		Args: argsUsage(cobra.ExactArgs(1)),
		RunE: func(c *cobra.Command, args []string) error {
			modes := 0
			for _, m := range []bool{first, count, all} {
				if m {
					modes++
				}
			}
			if modes > 1 {
				return usagef("--first, --count and --all exclude each other")
			}
			strat, err := xcover.ParseStrategy(strategy)
			if err != nil {
				return usageError{err}
			}
			board, set, ok := polyform.Named(args[0])
			if !ok {
				f, err := os.Open(args[0])
				if err != nil {
					return fmt.Errorf("%s: not a built-in puzzle (%s) nor a readable board file: %v", args[0], strings.Join(polyform.NamedPuzzles(), ", "), err)
				}
				board, err = polyform.ReadBoard(f, args[0])
				f.Close()
				if err != nil {
					return err
				}
				set = polyform.Pentominoes()
			}
			ps, err := polyform.SelectPieces(set, pieces)
			if err != nil {
				return err
			}
			pk, err := polyform.NewPacking(board, ps)
			if err != nil {
				return fmt.Errorf("%s: %v", args[0], err)
			}
			if workers < 1 {
				return usagef("-j must be at least 1")
			}
			if count {
				return runPackCount(e, pk, args[0], strat, workers, asJSON)
			}
			return runPack(e, pk, args[0], strat, all, unique, asJSON, svg)
		},
	}
	fs := c.Flags()
	fs.StringVar(&pieces, "pieces", "", "the pieces, by letter (default: the puzzle's set)")
	fs.BoolVar(&first, "first", false, "print the first solution (the default)")
	fs.BoolVar(&count, "count", false, "count all solutions and the unique ones")
	fs.BoolVar(&all, "all", false, "print every solution")
	fs.BoolVar(&unique, "unique", false, "with --all: only solutions that are not a rotation or reflection of another")
	fs.StringVar(&strategy, "strategy", "fewest", "item choice: fewest, fixed or sorted")
	fs.StringVar(&svg, "svg", "", "draw the solutions found to this SVG file")
	addJSONFlag(fs, &asJSON)
	addWorkersFlag(fs, &workers)
	return c
}

type packReport struct {
	Puzzle    string     `json:"puzzle"`
	Strategy  string     `json:"strategy"`
	Solutions int64      `json:"solutions"`
	Unique    *int64     `json:"unique,omitempty"`
	Nodes     int64      `json:"nodes"`
	Seconds   float64    `json:"seconds"`
	Shown     [][]string `json:"shown,omitempty"`
	Stopped   string     `json:"stopped_by,omitempty"`
}

// runPackCount counts all and unique solutions on workers goroutines.
func runPackCount(e *env, pk *polyform.Packing, name string, strat xcover.Strategy, workers int, asJSON bool) error {
	syms := pk.Board.Symmetries()
	start := time.Now()
	prog := newProgress(e)
	var mu sync.Mutex
	var all, uniq int64
	r := pk.SolveParallel(e.ctx, strat, workers, func(_ int, assign []int) bool {
		canon := polyform.IsCanonical(assign, syms)
		mu.Lock()
		all++
		if canon {
			uniq++
		}
		prog.Printf("%s: %d solutions, %d unique, %s", name, all, uniq, time.Since(start).Round(time.Second))
		mu.Unlock()
		return true
	})
	prog.Done()
	rep := packReport{Puzzle: name, Strategy: strat.String(), Solutions: r.Solutions, Unique: &uniq,
		Nodes: r.Stats.Nodes, Seconds: time.Since(start).Seconds()}
	if r.Err != nil {
		rep.Stopped = r.Err.Error()
	}
	if asJSON {
		if err := writeJSON(e.stdout, rep); err != nil {
			return err
		}
	} else {
		fmt.Fprintf(e.stdout, "%s: %d solutions, %d unique (strategy %s, %d nodes, %d workers, %.2f s)\n", name, rep.Solutions, uniq, rep.Strategy, rep.Nodes, workers, rep.Seconds)
	}
	if e.ctx.Err() != nil {
		return errInterrupted
	}
	return nil
}

func runPack(e *env, pk *polyform.Packing, name string, strat xcover.Strategy, all, unique, asJSON bool, svg string) error {
	syms := pk.Board.Symmetries()
	rep := packReport{Puzzle: name, Strategy: strat.String()}
	var pictures [][]render.Square
	var uniq int64
	start := time.Now()
	limit := int64(1)
	if all {
		limit = 0
	}
	r := pk.Solve(e.ctx, strat, limit, func(assign []int) bool {
		canon := polyform.IsCanonical(assign, syms)
		if canon {
			uniq++
		}
		if unique && !canon {
			return true
		}
		rows := packRows(pk, assign)
		if asJSON {
			rep.Shown = append(rep.Shown, rows)
		} else {
			if len(pictures) > 0 || all {
				fmt.Fprintln(e.stdout)
			}
			for _, row := range rows {
				fmt.Fprintln(e.stdout, row)
			}
		}
		if svg != "" && len(pictures) < 60 {
			var pic []render.Square
			for i, c := range pk.Board.Cells {
				pic = append(pic, render.Square{X: c.X, Y: c.Y, Label: pk.Pieces[assign[i]].Name})
			}
			pictures = append(pictures, pic)
		}
		return true
	})
	rep.Solutions = r.Solutions
	rep.Nodes = r.Stats.Nodes
	rep.Seconds = time.Since(start).Seconds()
	if r.Err != nil {
		rep.Stopped = r.Err.Error()
	}
	if svg != "" {
		if err := writePackSVG(svg, name, pictures); err != nil {
			return err
		}
	}
	if asJSON {
		if err := writeJSON(e.stdout, rep); err != nil {
			return err
		}
	} else {
		switch {
		case rep.Solutions == 0:
			fmt.Fprintf(e.stdout, "%s: no solution (%d nodes, %.2f s)\n", name, rep.Nodes, rep.Seconds)
		case all && unique:
			fmt.Fprintf(e.stdout, "\n%s: %d solutions, the %d unique ones shown (%d nodes, %.2f s)\n", name, rep.Solutions, uniq, rep.Nodes, rep.Seconds)
		case all:
			fmt.Fprintf(e.stdout, "\n%s: %d solutions (%d nodes, %.2f s)\n", name, rep.Solutions, rep.Nodes, rep.Seconds)
		}
	}
	if e.ctx.Err() != nil {
		return errInterrupted
	}
	return nil
}

// packRows draws a solution as rows of piece letters, '.' outside.
func packRows(pk *polyform.Packing, assign []int) []string {
	w, h := 0, 0
	for _, c := range pk.Board.Cells {
		w, h = max(w, c.X+1), max(h, c.Y+1)
	}
	grid := make([][]byte, h)
	for y := range grid {
		grid[y] = []byte(strings.Repeat(" ", w))
	}
	for i, c := range pk.Board.Cells {
		grid[c.Y][c.X] = pk.Pieces[assign[i]].Name[0]
	}
	rows := make([]string, h)
	for y, g := range grid {
		rows[y] = strings.TrimRight(string(g), " ")
	}
	return rows
}

func writePackSVG(name, title string, pictures [][]render.Square) error {
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	cols := 1
	if len(pictures) > 1 {
		cols = 3
	}
	if err := (render.Grid{Title: title, Pictures: pictures, Columns: cols}).WriteSVG(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
