package logicgrid

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/branchwise/branchwise/search"
	"github.com/branchwise/branchwise/xcover"
)

// The compilation to exact cover with colours (package xcover, Knuth's
// Algorithm C).
//
// Primary items: "C<k>" for every clue (applied by exactly one of its
// ways), "E<e>.<c>" for every entity e and non-key category c (the entity
// has exactly one value of c), and "V<c>.<v>" for every value (exactly one
// entity has it). Secondary items: "e<e>.<c>", coloured by the value of that
// cell, and "v<c>.<v>", coloured by the entity that has the value.
//
// Options: for every cell and value, "E<e>.<c> V<c>.<v> e<e>.<c>:<v>
// v<c>.<v>:<e>" (entity e has value v); for every clue, one option per way
// on the empty grid, "C<k>" and the coloured secondary items of the cells
// the way fixes. A way agrees with the cell options of its cells through
// the colours; since the ways of a clue are disjoint and cover its
// solutions, every solution of the puzzle is exactly one exact cover.
// The cost is in the size: a clue with k operands has up to n^k ways on
// the empty grid, all listed, where the Igarashi et al. (2005) solver enumerates only
// those still consistent with the grid.

// Compiled is a puzzle compiled to exact cover.
type Compiled struct {
	Problem *xcover.Problem
	p       *Puzzle
	cellOpt [][3]int // option -> entity, category, value, for cell options
}

// Compile builds the exact cover problem of p, without bounds (see
// CompileContext).
func Compile(p *Puzzle) (*Compiled, error) {
	return CompileContext(context.Background(), p, search.Limits{})
}

// optionBytes is about what one item of an option costs in the compiled
// problem: its name ("e12.3:7", some 8 bytes, and a 16-byte string header)
// while the option is added, and the node of the dancing-links table.
const optionBytes = 48

// CompileContext builds the exact cover problem of p, bounded by ctx and
// lim: the ways of every clue become options, and a clue naming many
// attributes has very many ways. It returns the context's error,
// ErrMaxNodes or ErrMaxMem when it stops.
func CompileContext(ctx context.Context, p *Puzzle, lim search.Limits) (*Compiled, error) {
	n, m := p.Entities(), len(p.Categories)
	// The clues come first, so that xcover's fixed order takes them in the
	// file's order, as the Igarashi et al. (2005) solver does, before the cells.
	var primary, secondary []string
	for k := range p.Clues {
		primary = append(primary, "C"+strconv.Itoa(k))
	}
	for e := 0; e < n; e++ {
		for c := 1; c < m; c++ {
			primary = append(primary, fmt.Sprintf("E%d.%d", e, c))
			secondary = append(secondary, fmt.Sprintf("e%d.%d", e, c))
		}
	}
	for c := 1; c < m; c++ {
		for v := 0; v < n; v++ {
			primary = append(primary, fmt.Sprintf("V%d.%d", c, v))
			secondary = append(secondary, fmt.Sprintf("v%d.%d", c, v))
		}
	}
	prob, err := xcover.NewProblem(primary, secondary)
	if err != nil {
		return nil, err
	}
	cp := &Compiled{Problem: prob, p: p}
	for e := 0; e < n; e++ {
		for c := 1; c < m; c++ {
			for v := 0; v < n; v++ {
				if _, err := prob.AddOption(fmt.Sprintf("E%d.%d", e, c), fmt.Sprintf("V%d.%d", c, v),
					fmt.Sprintf("e%d.%d:%d", e, c, v), fmt.Sprintf("v%d.%d:%d", c, v, e)); err != nil {
					return nil, err
				}
				cp.cellOpt = append(cp.cellOpt, [3]int{e, c, v})
			}
		}
	}
	g := newGrid(p)
	g.guard = newGuard(ctx, lim)
	var b wayBuf
	for k, cl := range p.Clues {
		g.ways(cl.f, &b)
		if g.guard.err != nil {
			return nil, g.guard.err
		}
		g.guard.held += int64(len(b.at)*2+len(b.end)) * optionBytes
		if lim.MaxMem > 0 && g.guard.held > lim.MaxMem {
			return nil, ErrMaxMem
		}
		for w := range len(b.end) {
			items := []string{"C" + strconv.Itoa(k)}
			for _, a := range b.way(w) {
				e, c, v := int(a.cell)/m, int(a.cell)%m, int(a.val)
				items = append(items, fmt.Sprintf("e%d.%d:%d", e, c, v), fmt.Sprintf("v%d.%d:%d", c, v, e))
			}
			if _, err := prob.AddOption(items...); err != nil {
				return nil, err
			}
		}
	}
	return cp, nil
}

// Solution decodes the options of an exact cover.
func (cp *Compiled) Solution(options []int) Solution {
	n, m := cp.p.Entities(), len(cp.p.Categories)
	sol := make(Solution, n)
	for e := range sol {
		sol[e] = make([]int, m)
		sol[e][0] = e
	}
	for _, o := range options {
		if o < len(cp.cellOpt) {
			c := cp.cellOpt[o]
			sol[c[0]][c[1]] = c[2]
		}
	}
	return sol
}

// SolveXCover solves p by exact cover with strategy s (xcover's item
// choice), keeping up to keep solutions. lim bounds the compilation
// (CompileContext: MaxNodes its enumeration steps, MaxMem the ways it
// holds), then the search (xcover.Solver.Solve: MaxSolutions, 2 to
// decide uniqueness, and MaxNodes the options tried), and the two
// together by MaxTime and MaxCPU. A compilation stopped by them or by
// ctx is a Result with its Status (search.NodeLimit, MemLimit, TimeLimit
// or Interrupted) and no solutions. Nodes are xcover's: the options
// tried.
func SolveXCover(ctx context.Context, p *Puzzle, s Strategy, keep int, lim search.Limits) (Result, error) {
	start := time.Now()
	ctx, cancel := lim.Context(ctx)
	defer cancel()
	lim.MaxTime, lim.MaxCPU = 0, 0 // from here on in ctx
	cp, err := CompileContext(ctx, p, lim)
	if err != nil {
		if cerr := search.ContextErr(ctx); cerr != nil {
			err = cerr // a CPU budget spent: ErrCPULimit, not ctx's Canceled
		}
		if errors.Is(err, search.ErrNodeLimit) || errors.Is(err, search.ErrMemLimit) || ctx.Err() != nil {
			return Result{Strategy: "xcover-" + s.String(), Status: search.StatusOf(err), Elapsed: time.Since(start)}, nil
		}
		return Result{}, err
	}
	var res Result
	res.Strategy = "xcover-" + s.String()
	r := cp.Problem.Compile(s).Solve(ctx, lim, func(opts []int) bool {
		if len(res.Kept) < keep {
			res.Kept = append(res.Kept, cp.Solution(opts))
		}
		return true
	})
	res.Solutions, res.Nodes = r.Solutions, r.Stats.Nodes+1
	res.Status = r.Status
	res.Elapsed = time.Since(start)
	return res, nil
}
