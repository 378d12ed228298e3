package polyform

import (
	"context"
	"fmt"
	"io"
	"sync"
	"sync/atomic"
	"time"

	"github.com/branchwise/branchwise/estimate"
	"github.com/branchwise/branchwise/internal/numfmt"
	"github.com/branchwise/branchwise/internal/opterr"
	"github.com/branchwise/branchwise/render"
	"github.com/branchwise/branchwise/shard"
	"github.com/branchwise/branchwise/xcover"
)

// Apply sets the spec's cuts on pk: the choice of cells only, the
// dead-region test and its variants.
func (s CountSpec) Apply(pk *Packing) {
	pk.CellsOnly, pk.DeadRegions, pk.LargestRegionOnly = s.CellsOnly, s.DeadRegions, s.LargestRegion
	pk.ColourCut, pk.PieceCut = s.ColourCut, s.PieceCut
}

// Open loads the packing the pack command names: problem k (from 1) of a
// BurrTools .xmpuzzle file (LoadBurr, its notes to notes), or a named
// puzzle or board file with the spec's pieces (Load); the spec's cuts
// set (Apply). burr says which.
func (s CountSpec) Open(k int, notes io.Writer) (pk *Packing, burr bool, err error) {
	if burr = IsBurrFile(s.Puzzle); burr {
		pk, err = LoadBurr(s.Puzzle, k, notes)
	} else {
		pk, err = Load(s.Puzzle, s.Pieces)
	}
	if err != nil {
		return nil, burr, err
	}
	s.Apply(pk)
	return pk, burr, nil
}

// UseEngine sets the engine and the first-empty rule (as
// ParseEngineStrategy returns them) and checks that they fit the packing
// (CheckEngine); name labels the error.
func (pk *Packing) UseEngine(name string, e Engine, firstEmpty bool) error {
	pk.Engine, pk.FirstEmpty = e, firstEmpty
	if err := pk.CheckEngine(); err != nil {
		return fmt.Errorf("%s: %v", name, err)
	}
	return nil
}

// CheckSplit reports a count that cannot be split into subtrees
// (--split-depth, --shard, --checkpoint, --resume, --subtree): those walk Algorithm
// C's tree, which copies and ranges of pieces and BurrTools files (burr)
// do not have, and are counts (count).
func (pk *Packing) CheckSplit(burr, count bool) error {
	switch {
	case pk.Ranges != nil || burr:
		return opterr.Errorf("--split-depth", "--split-depth, --shard, --checkpoint, --resume and --subtree walk Algorithm C's tree: not for copies and ranges of pieces or .xmpuzzle files")
	case !count:
		return opterr.Errorf("--split-depth", "--split-depth, --shard, --checkpoint, --resume and --subtree are for --count")
	}
	return nil
}

// WriteDLX writes the exact cover problem in Knuth's DLX format (pack
// --dlx): with unique, the problem restricted to one solution of each
// symmetry class (RestrictedProblem), an option error when no piece can
// be restricted (Restrict: with copies and ranges, none used exactly
// once).
func (pk *Packing) WriteDLX(w io.Writer, unique bool) error {
	prob := pk.Problem()
	if unique {
		r := pk.Restrict()
		if r.Kept == nil {
			return opterr.Errorf("--unique", "--dlx --unique restricts a piece that every symmetry maps onto itself and, with copies and ranges, that is used exactly once: this puzzle has none")
		}
		prob = pk.RestrictedProblem(r)
	}
	return prob.WriteDLX(w)
}

// LoadBurr reads problem k (from 1) of a BurrTools .xmpuzzle file and
// writes to notes what of it branchwise leaves out (BurrPuzzle.About).
func LoadBurr(file string, k int, notes io.Writer) (*Packing, error) {
	pz, err := OpenBurr(file)
	if err != nil {
		return nil, err
	}
	if k < 1 || k > len(pz.Problems) {
		return nil, opterr.Errorf("--problem", "--problem %d: %s has problems 1 to %d", k, file, len(pz.Problems))
	}
	pk, err := pz.Packing(k - 1)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", file, err)
	}
	fmt.Fprint(notes, pz.About(file, k-1))
	return pk, nil
}

// EstimateTree loads the spec's packing on the engine and makes the tree
// of strategy that the estimators walk: restricted to one solution of each
// symmetry class with symmetry, below the path of child numbers subtree
// when that is not empty. It returns the packing and the strategy too.
func (s CountSpec) EstimateTree(engineName, strategy string, subtree []int, symmetry bool) (func() estimate.Tree, *Packing, xcover.Strategy, error) {
	newTree, pk, strat, _, err := s.estimateTree(engineName, strategy, subtree, symmetry)
	return newTree, pk, strat, err
}

// estimateTree is EstimateTree, also returning the restricted search
// with symmetry: the symmetric classes outside its tree belong to the
// whole tree's counts, not to a subtree's.
func (s CountSpec) estimateTree(engineName, strategy string, subtree []int, symmetry bool) (func() estimate.Tree, *Packing, xcover.Strategy, Restricted, error) {
	var r Restricted
	engine, strat, firstEmpty, err := ParseEngineStrategy(engineName, strategy)
	if err != nil {
		return nil, nil, 0, r, err
	}
	pk, err := Load(s.Puzzle, s.Pieces)
	if err != nil {
		return nil, nil, 0, r, err
	}
	if pk.Ranges != nil {
		return nil, nil, 0, r, opterr.Errorf("--pieces", "copies and ranges of pieces are searched by Algorithm M, whose tree the estimators do not walk: use pack --count")
	}
	s.Apply(pk)
	if err := pk.UseEngine(s.Puzzle, engine, firstEmpty); err != nil {
		return nil, nil, 0, r, err
	}
	newTree := pk.Tree(strat)
	if symmetry {
		if r, err = pk.SymmetricTrees(strat); err != nil {
			return nil, nil, 0, r, fmt.Errorf("%s: --symmetry: %w", s.Puzzle, err)
		}
		newTree = r.New
	}
	if len(subtree) > 0 {
		if err := estimate.CheckPath(newTree, subtree); err != nil {
			return nil, nil, 0, r, err
		}
		newTree = estimate.Subtree(newTree, subtree)
	}
	return newTree, pk, strat, r, nil
}

// nodeRateTime is how long Estimator's node rate times a search: enough
// for a steady rate, short beside an estimate.
const nodeRateTime = 500 * time.Millisecond

// Estimator makes the tree the estimators walk (EstimateTree, with the
// spec's strategy) and readies job for it: whether it is restricted by
// symmetry, the board's symmetries, and the node rate of a search by the
// strategy, which tells the time an exhaustive count would take.
func (s CountSpec) Estimator(job *estimate.Job, engine string, subtree []int, symmetry bool) (func() estimate.Tree, error) {
	newTree, pk, strat, r, err := s.estimateTree(engine, s.Strategy, subtree, symmetry)
	if err != nil {
		return nil, err
	}
	job.Restricted, job.Symmetries = symmetry, len(pk.Symmetries())
	if len(subtree) == 0 {
		job.SymmetricClasses, job.SymmetricSolutions = r.SymmetricClasses, r.SymmetricSolutions
	}
	job.NodeRate = func(ctx context.Context) float64 { return pk.NodeRate(ctx, strat, nodeRateTime) }
	return newTree, nil
}

// ListDrawn lists as List does, printing each solution shown with list
// (unless list is nil) as the board's rows, and drawing it into the
// pictures it returns (for an SVG file).
func (pk *Packing) ListDrawn(ctx context.Context, o RunOptions, list *render.Listing) (Report, *Pictures) {
	pics := NewPictures(pk.Board, o.Name)
	show := o.Show
	o.Show = func(labels []string) {
		if list != nil {
			list.Write(pk.Board.Rows(labels))
		}
		pics.Add(labels)
		if show != nil {
			show(labels)
		}
	}
	return pk.List(ctx, o), pics
}

// CountWatch is what CountWatched shows of a count as it goes.
type CountWatch struct {
	// Printf replaces the progress line: the solutions and nodes so far
	// and the time left. Nil shows nothing and skips the first estimate.
	Printf func(format string, args ...any)
	// Notes is told the estimated size of the search and, for a large
	// one, the hint to count one solution of each class.
	Notes io.Writer

	// Tests bound the first estimate by probes rather than by wall time,
	// which a loaded machine may spend before a probe ends: 0 means
	// estimateFirst and estimateProbes.
	estimateWithin time.Duration
	estimateProbes int
}

// uniqueHintNodes is the estimated tree size from which CountWatched
// suggests --unique: below it the count takes seconds anyway.
const uniqueHintNodes = 1e8

// estimateFirst is how long CountWatched's Knuth probes run before the
// count: a few per cent on the puzzles worth estimating.
const estimateFirst = time.Second

// CountWatched is CountAll with the progress of w. With a progress line
// it first estimates the search's size (EstimateNodes, except for
// o.Unique and copies and ranges of pieces, whose trees the estimator does
// not walk), then shows the nodes searched, the solutions and the time
// left as the count goes.
func (pk *Packing) CountWatched(ctx context.Context, o RunOptions, w CountWatch) Report {
	if w.Printf == nil {
		return pk.CountAll(ctx, o)
	}
	var est float64
	if !o.Unique && pk.Ranges == nil {
		within, probes := w.estimateWithin, w.estimateProbes
		if within <= 0 {
			within, probes = estimateFirst, estimateProbes
		}
		est = pk.estimateNodes(ctx, o.Strategy, o.Workers, within, probes)
		if est >= 1 {
			fmt.Fprintf(w.Notes, "%s: about %s nodes to search (estimated)\n", o.Name, numfmt.Estimate(est))
		} else {
			fmt.Fprintf(w.Notes, "%s: the search's size is not estimated: no probe finished within %v\n", o.Name, within)
		}
		if n := len(pk.Symmetries()); n > 1 && est >= uniqueHintNodes {
			fmt.Fprintf(w.Notes, "%s: hint: --count --unique gives the same counts from a search up to %d times smaller (one solution of each symmetry class)\n", o.Name, n)
		}
	}
	start := time.Now()
	var done atomic.Int64
	var all, uniq int64
	show := func() {
		n, elapsed := done.Load(), time.Since(start)
		w.Printf("%s: %s solutions, %s unique, %s nodes, %s%s", o.Name, numfmt.Count(all), numfmt.Count(uniq), numfmt.Count(n), elapsed.Round(time.Second), estimate.TimeLeft(est, float64(n), elapsed))
	}
	var mu sync.Mutex // for all, uniq and w.Printf: Found and Progress come from several workers
	found := o.Found
	o.Found = func(a, u int64) {
		mu.Lock()
		defer mu.Unlock()
		all, uniq = a, u
		if found != nil {
			found(a, u)
		}
		show()
	}
	progress := pk.Progress
	defer func() { pk.Progress = progress }()
	pk.Progress = func(n int64) {
		done.Add(n)
		if progress != nil {
			progress(n)
		}
		mu.Lock()
		defer mu.Unlock()
		show()
	}
	return pk.CountAll(ctx, o)
}

// CountShards counts the spec's tree as job says (shard.CountJob.Run: one
// shard to its file, a checkpointed count, or the whole count), the board
// file's text read into the spec and the job's spec, hash and symmetries
// the spec's (Build).
// printf, if set, is given a progress line after each subtree.
func (s CountSpec) CountShards(ctx context.Context, job shard.CountJob, getenv func(string) string, printf func(format string, args ...any)) (*shard.CountResult, error) {
	if err := job.Check(getenv); err != nil {
		return nil, err
	}
	newTree, sj, err := s.Prepare()
	if err != nil {
		return nil, err
	}
	job.Spec, job.SpecHash, job.Symmetry = sj.Spec, sj.SpecHash, sj.Symmetry
	if printf != nil {
		start := time.Now()
		job.Progress = func(done, total int) {
			printf("%s: %s of %s subtrees, %s", job.Spec, numfmt.Count(int64(done)), numfmt.Count(int64(total)), time.Since(start).Round(time.Second))
		}
	}
	return job.Run(ctx, newTree, getenv)
}
