package bitpack

import (
	"context"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/branchwise/branchwise/estimate"
	"github.com/branchwise/branchwise/search"
)

// withHoles returns p with the given cells taken off the board: the
// others renumbered in order, the placements over a hole dropped.
func withHoles(p Problem, holes map[int]bool) Problem {
	num := make([]int, p.Cells)
	n := 0
	for c := range num {
		num[c] = -1
		if !holes[c] {
			num[c] = n
			n++
		}
	}
	q := Problem{Cells: n, Sizes: p.Sizes, Rule: p.Rule, DeadRegions: p.DeadRegions}
	for c, nb := range p.Adjacency {
		if num[c] < 0 {
			continue
		}
		var out []int
		for _, d := range nb {
			if num[d] >= 0 {
				out = append(out, num[d])
			}
		}
		q.Adjacency = append(q.Adjacency, out)
	}
	for _, pl := range p.Placements {
		cells := make([]int, 0, len(pl.Cells))
		for _, c := range pl.Cells {
			if num[c] < 0 {
				break
			}
			cells = append(cells, num[c])
		}
		if len(cells) == len(pl.Cells) {
			q.Placements = append(q.Placements, Placement{Piece: pl.Piece, Cells: cells})
		}
	}
	return q
}

// randomTileProblem is a FirstEmpty problem with the dead-region test:
// a rectangle less holes, packed with distinct pieces of one size (the
// five tetrominoes or the twelve pentominoes, drawn at random) whose
// area is the cells left, or less (the count is then 0 and the tests
// still walk a tree).
func randomTileProblem(rng *rand.Rand) Problem {
	shapes := [][][2]int{square, lTetro, {{0, 0}, {1, 0}, {2, 0}, {3, 0}}, {{0, 0}, {1, 0}, {2, 0}, {1, 1}}, {{0, 0}, {1, 0}, {1, 1}, {2, 1}}}
	pieces := 3 + rng.IntN(3)
	if rng.IntN(2) == 0 {
		shapes, pieces = pentominoes, 4+rng.IntN(4)
	}
	size := len(shapes[0])
	area := pieces * size
	w := 4 + rng.IntN(3)
	if rng.IntN(2) == 0 {
		for _, v := range []int{4, 5, 6} {
			if area%v == 0 {
				w = v // a rectangle without holes
			}
		}
	}
	h := (area + w - 1) / w
	if rng.IntN(3) == 0 {
		h++
	}
	if rng.IntN(4) == 0 {
		pieces-- // holes of a piece's size somewhere
	}
	holes := map[int]bool{}
	for len(holes) < w*h-pieces*size {
		holes[rng.IntN(w*h)] = true
	}
	var set [][][2]int
	for _, i := range rng.Perm(len(shapes))[:pieces] {
		set = append(set, shapes[i])
	}
	p := rectangle(w, h, set)
	p.Rule, p.DeadRegions = FirstEmpty, true
	return withHoles(p, holes)
}

// TestTileRegionsExact: the tiling test never changes a count, for every
// bound from 1 to MaxTilePieces on random boards with holes: Solve's
// solutions, and CountSubtree's profile of solutions by depth; the tree
// is never larger; a walk through Branches, Down and Up counts what
// CountSubtree does.
func TestTileRegionsExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(29, 1))
	trials, cut, solved := 200, 0, 0
	for trial := range trials {
		p := randomTileProblem(rng)
		base, err := Compile(p)
		if err != nil {
			t.Fatal(err)
		}
		want := base.NewSearch().Solve(context.Background(), search.Limits{}, nil)
		if want.Solutions > 0 {
			solved++
		}
		var wantProf estimate.Profile
		base.NewSearch().CountSubtree(&wantProf, p.Cells, func() bool { return false })
		for _, n := range []int{1, 2, 3, 5, 8, MaxTilePieces} {
			p.TileRegions = n
			k, err := Compile(p)
			if err != nil {
				t.Fatal(err)
			}
			got := k.NewSearch().Solve(context.Background(), search.Limits{}, nil)
			if got.Solutions != want.Solutions || got.Stats.Nodes > want.Stats.Nodes {
				t.Fatalf("trial %d, %d pieces: %d solutions in %d nodes, want %d in at most %d", trial, n, got.Solutions, got.Stats.Nodes, want.Solutions, want.Stats.Nodes)
			}
			if got.Stats.Nodes < want.Stats.Nodes {
				cut++
			}
			var prof, walked estimate.Profile
			k.NewSearch().CountSubtree(&prof, p.Cells, func() bool { return false })
			walk(k.NewSearch(), &walked, p.Cells)
			if !reflect.DeepEqual(trim(prof.Solutions), trim(wantProf.Solutions)) || !reflect.DeepEqual(trim(prof.Nodes), trim(walked.Nodes)) ||
				!reflect.DeepEqual(trim(prof.Branches), trim(walked.Branches)) || !reflect.DeepEqual(trim(prof.Solutions), trim(walked.Solutions)) {
				t.Fatalf("trial %d, %d pieces: profile %+v, walked %+v, want solutions %v", trial, n, prof, walked, wantProf.Solutions)
			}
			if sum(prof.Nodes) > sum(wantProf.Nodes) {
				t.Fatalf("trial %d, %d pieces: %d nodes, more than %d without the test", trial, n, sum(prof.Nodes), sum(wantProf.Nodes))
			}
		}
		p.TileRegions = 0
	}
	if cut == 0 || solved < trials/40 {
		t.Errorf("the test cut %d trees; %d of %d boards have solutions", cut, solved, trials)
	}
	t.Logf("%d trees cut of %d; %d boards with solutions", cut, 6*trials, solved)
}

// trim returns xs without its trailing zeros.
func trim(xs []int64) []int64 {
	for len(xs) > 0 && xs[len(xs)-1] == 0 {
		xs = xs[:len(xs)-1]
	}
	return xs
}

func sum(xs []int64) int64 {
	t := int64(0)
	for _, x := range xs {
		t += x
	}
	return t
}

// TestTileRegionsParallel: workers, which reach their subtrees by
// replaying paths (with no regions listed), count what one search does.
func TestTileRegionsParallel(t *testing.T) {
	p := rectangle(6, 4, [][][2]int{lTetro, lTetro, lTetro, lTetro, lTetro, lTetro})
	p.Rule, p.DeadRegions, p.TileRegions = FirstEmpty, true, 4
	k, err := Compile(p)
	if err != nil {
		t.Fatal(err)
	}
	one := k.NewSearch().Solve(context.Background(), search.Limits{}, nil)
	two := k.SolveParallel(context.Background(), 2, search.Limits{}, nil)
	if one.Solutions == 0 || one.Solutions != two.Solutions {
		t.Errorf("one worker %d solutions, two %d", one.Solutions, two.Solutions)
	}
}

// TestTileRegionsErrors: the bound is checked, and the test is refused
// where it does not apply.
func TestTileRegionsErrors(t *testing.T) {
	p := rectangle(5, 4, [][][2]int{square, lTetro, lTetro, tromino, lTromino, domino})
	p.Rule, p.DeadRegions, p.TileRegions = FirstEmpty, true, 2
	if _, err := Compile(p); err == nil {
		t.Error("pieces of several sizes: no error")
	}
	q := rectangle(4, 4, [][][2]int{square, lTetro, lTetro, square})
	for _, c := range []struct {
		rule  Rule
		dead  bool
		tiles int
	}{{FirstEmpty, true, -1}, {FirstEmpty, true, MaxTilePieces + 1}, {FirstEmpty, false, 2}, {Fewest, true, 2}} {
		q.Rule, q.DeadRegions, q.TileRegions = c.rule, c.dead, c.tiles
		if _, err := Compile(q); err == nil {
			t.Errorf("%+v: no error", c)
		}
	}
}

// TestTileRegionsNoAllocation: the tiling test allocates nothing per
// node.
func TestTileRegionsNoAllocation(t *testing.T) {
	p := rectangle(8, 5, pentominoes[:8])
	p.Rule, p.DeadRegions, p.TileRegions = FirstEmpty, true, 4
	k, _ := Compile(p)
	s := k.NewSearch()
	nodes := int64(0)
	allocs := testing.AllocsPerRun(5, func() {
		var prof estimate.Profile
		s.CountSubtree(&prof, p.Cells, func() bool { return false })
		nodes = s.Solve(context.Background(), search.Limits{}, nil).Stats.Nodes
	})
	if allocs > 40 || nodes < 1000 {
		t.Errorf("%.0f allocations for %d nodes", allocs, nodes)
	}
}
