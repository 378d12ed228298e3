package polyform

import (
	"context"
	"errors"
	"slices"
	"sync/atomic"

	"github.com/branchwise/branchwise/estimate"
	"github.com/branchwise/branchwise/search"
	"github.com/branchwise/branchwise/xcover"
)

// Restriction is how the unique search avoids generating symmetric copies
// of a solution: one piece is allowed only one placement of each orbit
// under the board's symmetry group G. A solution's class (its images under
// G) then meets the restricted search in the solutions whose restricted
// piece sits on the orbit's representative r; these form one orbit of
// r's stabilizer H, a single solution when H is trivial. When H is not,
// only the smallest of them (as a list of pieces cell by cell) is kept.
// So every class is found exactly once, and the number of all solutions
// follows as the sum over classes of |G| / |stabilizer of the solution|.
type Restriction struct {
	Piece int // index in Pieces
	// Kept are the placements of the piece that remain, one per orbit.
	Kept []int
	// Stabilizer[k] lists the symmetries (indices into the board's
	// symmetries) other than the identity that fix kept placement k; nil
	// for most.
	Stabilizer map[int][]int
}

// Restrict chooses the piece whose restriction leaves the fewest
// placements, preferring pieces whose kept placements have no symmetry,
// among the pieces that every symmetry of the packing maps onto
// themselves and, with copies and ranges, that are used exactly once (a
// piece that may appear twice or not at all cannot stand for its
// solution's class).
func (pk *Packing) Restrict() Restriction {
	if pk.Ranges != nil {
		return pk.restrict(func(p int) bool { return pk.Ranges[p] == Range{1, 1} }, false)
	}
	return pk.restrict(nil, false)
}

// restrict is Restrict among the pieces ok accepts (all if nil); with
// free, it prefers the pieces whose kept placements have no symmetry
// (first by that, then by the fewest kept), as SymmetricTrees needs.
func (pk *Packing) restrict(ok func(p int) bool, free bool) Restriction {
	// The keys are placementKey's: with fmt.Sprint's, this was three
	// quarters of a count's start (20 ms on hexiamond 6x6, paid by each
	// count of strategy auto's race).
	index := map[string]int{}
	for k, pl := range pk.Placements {
		index[placementKey(pl.Piece, pl.Cells)] = k
	}
	var best Restriction
	bestScore := [2]int{-1, -1}
	img := make([]int, 0, 16)
	for p := range pk.Pieces {
		if !pk.fixedPiece(p) || ok != nil && !ok(p) {
			continue // a symmetry maps it onto another piece: no orbits of its own
		}
		r := Restriction{Piece: p, Stabilizer: map[int][]int{}}
		seen := map[int]bool{}
		symmetric := 0
		for k, pl := range pk.Placements {
			if pl.Piece != p || seen[k] {
				continue
			}
			r.Kept = append(r.Kept, k)
			for gi, perm := range pk.syms {
				img = img[:0]
				for _, c := range pl.Cells {
					img = append(img, perm[c])
				}
				slices.Sort(img)
				j := index[placementKey(p, img)]
				seen[j] = true
				if j == k && gi > 0 {
					r.Stabilizer[k] = append(r.Stabilizer[k], gi)
				}
			}
			if len(r.Stabilizer[k]) > 0 {
				symmetric++
			}
		}
		score := [2]int{len(r.Kept), symmetric}
		if free {
			score = [2]int{symmetric, len(r.Kept)}
		}
		if bestScore[0] < 0 || score[0] < bestScore[0] || score[0] == bestScore[0] && score[1] < bestScore[1] {
			best, bestScore = r, score
		}
	}
	return best
}

// SolveUnique enumerates one solution of every class of solutions under
// the board's symmetries, with the restriction r (from Restrict) and
// workers goroutines. visit gets the worker, the solution as in Solve, and
// the size of its class (the number of distinct solutions among its
// images); it returns false to stop. The result counts the classes. lim
// bounds the search as it bounds SolveParallel, but MaxSolutions counts
// classes (exactly: visit is called that many times at most, status
// search.SolutionLimit), not the solutions the restricted tree rejects.
func (pk *Packing) SolveUnique(ctx context.Context, s xcover.Strategy, workers int, lim search.Limits, r Restriction, visit func(worker int, assign []int, class int) bool) xcover.Result {
	if visit == nil {
		return pk.solveUnique(ctx, s, workers, lim, r, nil)
	}
	return pk.solveUnique(ctx, s, workers, lim, r, func(w int, assign, _ []int, class int) bool { return visit(w, assign, class) })
}

// solveUnique is SolveUnique, visit also given the placements.
func (pk *Packing) solveUnique(ctx context.Context, s xcover.Strategy, workers int, lim search.Limits, r Restriction, visit func(worker int, assign, placements []int, class int) bool) xcover.Result {
	workers = search.Workers(workers) // 0: every CPU
	kept := map[int]bool{}
	for _, k := range r.Kept {
		kept[k] = true
	}
	type scratch struct{ assign, img []int }
	bufs := make([]scratch, workers)
	for i := range bufs {
		bufs[i] = scratch{make([]int, len(pk.Board.Cells)), make([]int, len(pk.Board.Cells))}
	}
	var rejected []int64 = make([]int64, len(bufs))
	// The engine's MaxSolutions would count the rejected solutions too:
	// the classes are counted here, shared by the workers.
	maxClasses := lim.MaxSolutions
	lim.MaxSolutions = 0
	var classes atomic.Int64
	keep := func(k int) bool { return pk.Placements[k].Piece != r.Piece || kept[k] }
	res := pk.run(ctx, s, keep, workers, lim, func(w int, pls []int) bool {
		b := bufs[w]
		pk.fillPlacements(b.assign, pls)
		var at int
		for _, pl := range pls {
			if pk.Placements[pl].Piece == r.Piece {
				at = pl
			}
		}
		for _, gi := range r.Stabilizer[at] {
			pk.imageOf(b.img, b.assign, gi)
			if slices.Compare(b.img, b.assign) < 0 {
				rejected[w]++
				return true // another member of the class is kept
			}
		}
		more := true
		if maxClasses > 0 {
			n := classes.Add(1)
			if n > maxClasses {
				return false // another worker took the last one
			}
			more = n < maxClasses
		}
		// The class has |G| / |stabilizer of the solution| members.
		fixed := pk.fixedBy(b.assign, b.img)
		if visit != nil && !visit(w, b.assign, pls, len(pk.syms)/fixed) {
			return false
		}
		return more
	})
	for _, n := range rejected {
		res.Solutions -= n
	}
	if maxClasses > 0 && classes.Load() >= maxClasses {
		res.Solutions = maxClasses
		if res.Status == search.VisitorStop {
			res.Status, res.Err = search.SolutionLimit, nil
		}
	}
	return res
}

// CountUnique counts the classes of solutions under the board's symmetries
// (Unique) and all solutions (All) by the restricted search of
// SolveUnique, about |G| times faster than Count. With copies and ranges
// of pieces the piece restricted is one used exactly once, on one
// worker, the classes told apart by their keys (see eachRanges); with
// no such piece it is Count. lim bounds it as it bounds SolveUnique
// (MaxSolutions counts Unique), or Count where it is Count; a count
// stopped early has the counts so far and the limit's Status and Err.
func (pk *Packing) CountUnique(ctx context.Context, s xcover.Strategy, workers int, lim search.Limits) Counts {
	workers = search.Workers(workers) // 0: every CPU
	if pk.Ranges != nil {
		return pk.eachRanges(ctx, s, lim, true, nil)
	}
	r := pk.Restrict()
	if r.Kept == nil {
		return pk.Count(ctx, s, workers, lim) // no piece to restrict
	}
	all := make([]int64, workers)
	res := pk.SolveUnique(ctx, s, workers, lim, r, func(w int, _ []int, class int) bool {
		all[w] += int64(class)
		return true
	})
	c := Counts{Unique: res.Solutions, Stats: res.Stats, Status: res.Status, Err: res.Err}
	for _, n := range all {
		c.All += n
	}
	return c
}

// restricted is the exact cover problem with r's piece restricted, and
// the placement of each of its options.
func (pk *Packing) restricted(r Restriction) (*xcover.Problem, []int) {
	return pk.problem(r.keep(pk))
}

// RestrictedProblem returns the exact cover problem with r's piece
// restricted: each class of solutions appears once, or a few times when
// a kept placement has symmetries of its own (see Restriction).
func (pk *Packing) RestrictedProblem(r Restriction) *xcover.Problem {
	p, _ := pk.restricted(r)
	return p
}

// ErrStabilizer is SymmetricTrees' error for a packing whose chain of
// restrictions cannot go on: the symmetries that fix the pinned placements
// map no piece left onto itself, or the chain grows past
// maxSymmetricParts parts.
var ErrStabilizer = errors.New("polyform: the restricted tree cannot hold each class once (the symmetries that fix its pinned placements map no remaining piece onto itself): count the whole tree, or use pack --count --unique without shards (it checks each solution)")

// Restricted is the search restricted by a packing's symmetries
// (SymmetricTrees): a tree that holds one solution of each class of
// |G| = Symmetries members, and the classes of fewer members, which lie
// outside it. Its counts: Unique and All.
type Restricted struct {
	// New makes the tree.
	New func() estimate.Tree
	// Symmetries is |G|, the number of the packing's symmetries: each
	// solution of the tree stands for a class of that many.
	Symmetries int
	// SymmetricClasses are the classes whose solutions a symmetry maps
	// onto themselves, found while the tree was built, and
	// SymmetricSolutions their solutions in all (|G|/|S| for a member
	// with S symmetries of its own).
	SymmetricClasses, SymmetricSolutions int64
}

// Unique is the number of classes for a tree with treeSolutions
// solutions: the tree's, and the symmetric classes.
func (r Restricted) Unique(treeSolutions int64) int64 { return treeSolutions + r.SymmetricClasses }

// All is the number of solutions for a tree with treeSolutions
// solutions: |G| for each of the tree's, and the symmetric classes'.
func (r Restricted) All(treeSolutions int64) int64 {
	return treeSolutions*int64(r.Symmetries) + r.SymmetricSolutions
}

// SymmetricTrees returns the restricted search for the estimators and
// exhaustive counts: trees as Trees makes, with one piece kept to one
// placement of each orbit under the board's symmetries, so that each
// class of solutions appears in the tree exactly once, and the classes
// that a symmetry maps onto themselves listed apart (see Restricted).
// Where a kept placement has symmetries of its own, the tree is the union
// of a chain of restricted parts joined at the root (see symmetricParts).
// It fails when no piece can be restricted or the chain cannot go on
// (ErrStabilizer).
func (pk *Packing) SymmetricTrees(s xcover.Strategy) (Restricted, error) {
	r, _, err := pk.symmetricTrees(s)
	return r, err
}

// symmetricTrees is SymmetricTrees, also describing the chain for the
// hash of a count's spec (describeParts).
func (pk *Packing) symmetricTrees(s xcover.Strategy) (Restricted, string, error) {
	switch {
	case pk.Ranges != nil:
		return Restricted{}, "", errors.New("polyform: copies and ranges of pieces rule out the restricted search")
	case len(pk.syms) < 2:
		return Restricted{}, "", errors.New("polyform: the board has no symmetry that a piece can be restricted by")
	}
	if r := pk.restrict(nil, true); r.Kept == nil {
		return Restricted{}, "", errors.New("polyform: the board has no symmetry that a piece can be restricted by")
	}
	parts, classes, err := pk.symmetricParts()
	if err != nil {
		return Restricted{}, "", err
	}
	newTree, err := pk.partTrees(s, parts)
	if err != nil {
		return Restricted{}, "", err
	}
	r := Restricted{New: newTree, Symmetries: len(pk.syms), SymmetricClasses: int64(len(classes))}
	for _, c := range classes {
		r.SymmetricSolutions += c.solutions
	}
	return r, describeParts(parts, classes), nil
}
