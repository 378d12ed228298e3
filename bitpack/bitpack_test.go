package bitpack

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/branchwise/branchwise/estimate"
	"github.com/branchwise/branchwise/search"
)

// rectangle returns the cells' neighbours of a w x h rectangle (cell
// y*w+x) and the placements of the given polyominoes (cells as x, y
// pairs, every rotation and reflection) on it.
// setRectangle is rectangle of width 4 (3 when 4 does not divide the
// area) and the area of shapes.
func setRectangle(shapes [][][2]int) Problem {
	area := 0
	for _, s := range shapes {
		area += len(s)
	}
	w := 4
	if area%w != 0 {
		w = 3
	}
	return rectangle(w, area/w, shapes)
}

func rectangle(w, h int, shapes [][][2]int) Problem {
	p := Problem{Cells: w * h}
	for c := 0; c < w*h; c++ {
		x, y := c%w, c/w
		var nb []int
		for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			if u, v := x+d[0], y+d[1]; u >= 0 && u < w && v >= 0 && v < h {
				nb = append(nb, v*w+u)
			}
		}
		p.Adjacency = append(p.Adjacency, nb)
	}
	for pi, s := range shapes {
		p.Sizes = append(p.Sizes, len(s))
		seen := map[string]bool{}
		for t := 0; t < 8; t++ {
			o := make([][2]int, len(s))
			for i, c := range s {
				x, y := c[0], c[1]
				for r := 0; r < t%4; r++ {
					x, y = -y, x
				}
				if t >= 4 {
					x = -x
				}
				o[i] = [2]int{x, y}
			}
			for dy := -h; dy < 2*h; dy++ {
				for dx := -w; dx < 2*w; dx++ {
					var cells []int
					mask := make([]bool, w*h)
					for _, c := range o {
						x, y := c[0]+dx, c[1]+dy
						if x < 0 || x >= w || y < 0 || y >= h {
							cells = nil
							break
						}
						cells = append(cells, y*w+x)
						mask[y*w+x] = true
					}
					if len(cells) == len(s) && !seen[fmt.Sprint(mask)] {
						seen[fmt.Sprint(mask)] = true
						p.Placements = append(p.Placements, Placement{Piece: pi, Cells: cells})
					}
				}
			}
		}
	}
	return p
}

var (
	domino   = [][2]int{{0, 0}, {1, 0}}
	tromino  = [][2]int{{0, 0}, {1, 0}, {2, 0}}
	lTromino = [][2]int{{0, 0}, {1, 0}, {0, 1}}
	square   = [][2]int{{0, 0}, {1, 0}, {0, 1}, {1, 1}}
	lTetro   = [][2]int{{0, 0}, {1, 0}, {2, 0}, {0, 1}}
)

// Example counts the ways to pack two dominoes into a 2 x 2 square.
func Example() {
	k, err := Compile(Problem{Cells: 4, Sizes: []int{2, 2}, Rule: FirstEmpty,
		Placements: []Placement{{0, []int{0, 1}}, {0, []int{2, 3}}, {0, []int{0, 2}}, {0, []int{1, 3}},
			{1, []int{0, 1}}, {1, []int{2, 3}}, {1, []int{0, 2}}, {1, []int{1, 3}}}})
	if err != nil {
		fmt.Println(err)
		return
	}
	r := k.NewSearch().Solve(context.Background(), search.Limits{}, func(p []int32) bool {
		fmt.Println(p)
		return true
	})
	fmt.Println(r.Solutions, "solutions,", r.Stats.Nodes, "nodes")
	// Output:
	// [0 5]
	// [2 7]
	// [4 1]
	// [6 3]
	// 4 solutions, 8 nodes
}

func TestCompileErrors(t *testing.T) {
	ok := Placement{0, []int{0, 1}}
	for _, tc := range []struct {
		p    Problem
		want string
	}{
		{Problem{Cells: 0, Sizes: []int{1}}, "no cells"},
		{Problem{Cells: MaxCells + 1, Sizes: []int{1}}, "more than the kernel's limit of 256"},
		{Problem{Cells: 4}, "no pieces"},
		{Problem{Cells: 70, Sizes: make([]int, MaxPieces+1)}, "65 pieces, more than the kernel's limit of 64"},
		{Problem{Cells: 4, Sizes: []int{5}}, "piece 0 has 5 cells, more than the board's 4"},
		{Problem{Cells: 4, Sizes: []int{0}}, "piece 0 has size 0"},
		{Problem{Cells: 4, Sizes: []int{2}, Placements: []Placement{{1, []int{0, 1}}}}, "placement 0 has piece 1"},
		{Problem{Cells: 4, Sizes: []int{2}, Placements: []Placement{{0, []int{0}}}}, "placement 0 has 1 cells but piece 0 has 2"},
		{Problem{Cells: 4, Sizes: []int{2}, Placements: []Placement{{0, []int{0, 4}}}}, "covers cell 4, not one of 0..3"},
		{Problem{Cells: 4, Sizes: []int{2}, Placements: []Placement{{0, []int{1, 1}}}}, "covers cell 1 twice"},
		{Problem{Cells: 4, Sizes: []int{2}, Placements: []Placement{ok}, DeadRegions: true}, "needs the neighbours of all 4 cells"},
		{Problem{Cells: 4, Sizes: []int{2}, Placements: []Placement{ok}, Rule: Ordered, Order: []int{9}}, "item 9 of the order"},
		{Problem{Cells: 4, Sizes: []int{2}, Placements: []Placement{ok}, Rule: FirstEmpty, Order: []int{1, 2}}, "the scan order lists 2 of the 4 cells"},
		{Problem{Cells: 4, Sizes: []int{2}, Placements: []Placement{ok}, Rule: Rule(9)}, "unknown rule"},
	} {
		_, err := Compile(tc.p)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: error %v, want %q", tc.p.Sizes, err, tc.want)
		}
	}
}

// TestSmallAgreesWithGeneric: the one-word FirstEmpty search and the
// four-word one give the same solutions and statistics, with random scan
// orders, leading pieces and dead-region tests.
func TestSmallAgreesWithGeneric(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	sets := [][][][2]int{
		{square, lTetro, lTetro, lTetro, domino, domino},
		{tromino, lTromino, lTromino, tromino, domino, square},
		{lTetro, lTetro, square, square},
	}
	for trial := 0; trial < 60; trial++ {
		set := sets[trial%len(sets)]
		area := 0
		for _, s := range set {
			area += len(s)
		}
		w := 3
		for _, v := range []int{4, 5, 6} {
			if area%v == 0 && (trial%2 == 0 || w == 3) {
				w = v
			}
		}
		p := rectangle(w, area/w, set)
		p.Rule = FirstEmpty
		p.DeadRegions = trial%2 == 0
		p.LargestRegionOnly = trial%4 == 0
		if trial%3 != 0 {
			p.Order = []int{rng.IntN(len(set))}
			for _, c := range rng.Perm(p.Cells) {
				p.Order = append(p.Order, len(set)+c)
			}
		}
		k, err := Compile(p)
		if err != nil {
			t.Fatal(err)
		}
		if k.small == nil {
			t.Fatal("no one-word tables for a small board")
		}
		// The whole tree, then stopped by a limit and by the visitor:
		// the statistics count the nodes visited before the stop.
		for _, stop := range []struct{ limit, visits int64 }{{0, 0}, {1, 0}, {3, 0}, {0, 2}} {
			sm := k.small
			var sols [2][]string
			var res [2]Result
			for i := range res {
				s := k.NewSearch()
				res[i] = s.Solve(context.Background(), search.Limits{MaxSolutions: stop.limit}, func(pl []int32) bool {
					sols[i] = append(sols[i], fmt.Sprint(pl))
					return stop.visits == 0 || int64(len(sols[i])) < stop.visits
				})
				k.small = nil // the second run: the generic search
			}
			k.small = sm
			if res[0].Solutions == 0 || !reflect.DeepEqual(sols[0], sols[1]) || !reflect.DeepEqual(res[0], res[1]) {
				t.Fatalf("trial %d, stop %+v: one word %d solutions %+v, four words %d %+v", trial, stop, res[0].Solutions, res[0].Stats, res[1].Solutions, res[1].Stats)
			}
		}
	}
}

// TestCounterMatchesWalk: CountSubtree's own loop counts what a walk
// through Branches, Down and Up counts, for every rule.
func TestCounterMatchesWalk(t *testing.T) {
	p := rectangle(5, 4, [][][2]int{square, lTetro, lTetro, tromino, lTromino, domino})
	for _, rule := range []Rule{FirstEmpty, Fewest, FewestCells} {
		for _, dead := range []bool{false, true} {
			p.Rule, p.DeadRegions = rule, dead
			k, err := Compile(p)
			if err != nil {
				t.Fatal(err)
			}
			var own, walked estimate.Profile
			k.NewSearch().CountSubtree(&own, 7, func() bool { return false })
			walk(k.NewSearch(), &walked, 7)
			if !reflect.DeepEqual(own, walked) || own.Solutions[6] == 0 {
				t.Errorf("%v, dead regions %v: CountSubtree %+v, walk %+v", rule, dead, own, walked)
			}
		}
	}
}

func walk(s *Search, p *estimate.Profile, maxDepth int) {
	d := s.Depth()
	p.Grow(maxDepth)
	p.Nodes[d]++
	if d == maxDepth {
		return
	}
	n, sol := s.Branches()
	p.Branches[d] += int64(n)
	if sol {
		p.Solutions[d]++
	}
	for i := 0; i < n; i++ {
		s.Down(i)
		walk(s, p, maxDepth)
		s.Up()
	}
}

// TestNoAllocationPerNode: a search allocates a fixed amount (the
// statistics' per-depth slices, about 30 allocations), however many nodes
// it visits.
func TestNoAllocationPerNode(t *testing.T) {
	p := rectangle(5, 4, [][][2]int{square, lTetro, lTetro, tromino, lTromino, domino})
	for i, rule := range []Rule{FirstEmpty, Fewest, FewestCells, FewestCells} {
		p.Rule, p.DeadRegions, p.LargestRegionOnly = rule, true, i == 3
		k, _ := Compile(p)
		s := k.NewSearch()
		var prof estimate.Profile
		nodes := int64(0)
		allocs := testing.AllocsPerRun(5, func() {
			prof = estimate.Profile{}
			s.CountSubtree(&prof, 8, func() bool { return false })
			r := s.Solve(context.Background(), search.Limits{}, nil)
			nodes = r.Stats.Nodes
		})
		if allocs > 40 || nodes < 1000 {
			t.Errorf("%v: %.0f allocations for %d nodes", rule, allocs, nodes)
		}
	}
}

// TestParallelMatchesSerial: two workers count what one does.
func TestParallelMatchesSerial(t *testing.T) {
	p := rectangle(5, 4, [][][2]int{square, lTetro, lTetro, tromino, lTromino, domino})
	for _, rule := range []Rule{FirstEmpty, Fewest, FewestCells} {
		p.Rule, p.DeadRegions = rule, rule != Fewest
		k, _ := Compile(p)
		one := k.NewSearch().Solve(context.Background(), search.Limits{}, nil)
		two := k.SolveParallel(context.Background(), 2, search.Limits{}, nil)
		if one.Solutions != two.Solutions || !reflect.DeepEqual(one.Stats, two.Stats) {
			t.Errorf("%v: one worker %d %+v, two %d %+v", rule, one.Solutions, one.Stats, two.Solutions, two.Stats)
		}
	}
}

// TestCopyStateAgreesWithTrail: the fewest rules give the same solutions,
// statistics and counted subtrees whether the sets are copied per depth
// or the kills undone from the trail (the mode of kernels too large to
// copy).
func TestCopyStateAgreesWithTrail(t *testing.T) {
	sets := [][][][2]int{
		{square, lTetro, lTetro, lTetro, domino, domino},
		{tromino, lTromino, lTromino, tromino, domino, square},
		{lTetro, lTetro, square, square},
	}
	for trial := 0; trial < 24; trial++ {
		p := setRectangle(sets[trial%len(sets)])
		p.Rule = []Rule{Fewest, FewestCells}[trial%2]
		p.DeadRegions = trial%4 >= 2
		p.LargestRegionOnly = trial%8 >= 6
		k, err := Compile(p)
		if err != nil {
			t.Fatal(err)
		}
		if !k.copyState {
			t.Fatal("a small kernel does not copy its sets")
		}
		var sols [2][]string
		var res [2]Result
		var prof [2]estimate.Profile
		for i, copyState := range []bool{true, false} {
			k.copyState = copyState
			res[i] = k.NewSearch().Solve(context.Background(), search.Limits{}, func(pl []int32) bool {
				sols[i] = append(sols[i], fmt.Sprint(pl))
				return true
			})
			k.NewSearch().CountSubtree(&prof[i], 100, func() bool { return false })
		}
		if res[0].Solutions == 0 || !reflect.DeepEqual(sols[0], sols[1]) || !reflect.DeepEqual(res[0], res[1]) || !reflect.DeepEqual(prof[0], prof[1]) {
			t.Fatalf("trial %d: copied %d solutions %+v %+v, trail %d %+v %+v", trial, res[0].Solutions, res[0].Stats, prof[0], res[1].Solutions, res[1].Stats, prof[1])
		}
	}
}

// TestStatus checks Result.Status for each way an enumeration ends: the
// whole tree, the solution limit, a visitor's stop and a cancelled
// context, on one worker and on two.
func TestStatus(t *testing.T) {
	k, err := Compile(Problem{Cells: 4, Sizes: []int{2, 2}, Rule: FirstEmpty,
		Placements: []Placement{{0, []int{0, 1}}, {0, []int{2, 3}}, {0, []int{0, 2}}, {0, []int{1, 3}},
			{1, []int{0, 1}}, {1, []int{2, 3}}, {1, []int{0, 2}}, {1, []int{1, 3}}}})
	if err != nil {
		t.Fatal(err)
	}
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	bg := context.Background()
	for _, tc := range []struct {
		name string
		r    Result
		want search.Status
	}{
		{"all", k.NewSearch().Solve(bg, search.Limits{}, nil), search.Solved},
		{"limit", k.NewSearch().Solve(bg, search.Limits{MaxSolutions: 2}, nil), search.SolutionLimit},
		{"visitor", k.NewSearch().Solve(bg, search.Limits{}, func([]int32) bool { return false }), search.VisitorStop},
		{"parallel", k.SolveParallel(bg, 2, search.Limits{}, nil), search.Solved},
		{"parallel visitor", k.SolveParallel(bg, 2, search.Limits{}, func(int, []int32) bool { return false }), search.VisitorStop},
		{"parallel cancelled", k.SolveParallel(cancelled, 2, search.Limits{}, nil), search.Interrupted},
	} {
		if tc.r.Status != tc.want {
			t.Errorf("%s: status %v, want %v", tc.name, tc.r.Status, tc.want)
		}
	}
}

// TestLimits: Solve obeys the limits of search.Limits: MaxNodes stops it
// within checkEvery nodes past the limit with search.ErrNodeLimit (and a
// limit past the tree's size stops nothing), MaxTime stops it with
// TimeLimit, for the one-word search and the generic ones.
func TestLimits(t *testing.T) {
	p := rectangle(5, 4, [][][2]int{square, lTetro, lTetro, tromino, lTromino, domino})
	const maxNodes = 1000
	for _, rule := range []Rule{FirstEmpty, Fewest, FewestCells} {
		p.Rule, p.DeadRegions = rule, true
		k, err := Compile(p)
		if err != nil {
			t.Fatal(err)
		}
		bg := context.Background()
		all := k.NewSearch().Solve(bg, search.Limits{}, nil)
		if all.Stats.Nodes < maxNodes+checkEvery {
			t.Fatalf("%v: a tree of %d nodes, too small to test a node limit", rule, all.Stats.Nodes)
		}
		r := k.NewSearch().Solve(bg, search.Limits{MaxNodes: maxNodes}, nil)
		if r.Status != search.NodeLimit || !errors.Is(r.Err, search.ErrNodeLimit) ||
			r.Stats.Nodes < maxNodes || r.Stats.Nodes >= maxNodes+checkEvery || r.Solutions > all.Solutions {
			t.Errorf("%v, --max-nodes %d: %v (%v), %d nodes, %d solutions", rule, maxNodes, r.Status, r.Err, r.Stats.Nodes, r.Solutions)
		}
		if r := k.NewSearch().Solve(bg, search.Limits{MaxNodes: all.Stats.Nodes + 1}, nil); r.Status != search.Solved || !reflect.DeepEqual(r, all) {
			t.Errorf("%v: a node limit past the whole tree's %d nodes: %v, %d nodes", rule, all.Stats.Nodes, r.Status, r.Stats.Nodes)
		}
		if r := k.NewSearch().Solve(bg, search.Limits{MaxTime: time.Nanosecond}, nil); r.Status != search.TimeLimit || r.Stats.Nodes >= all.Stats.Nodes {
			t.Errorf("%v, --max-time 1ns: %v (%v), %d nodes", rule, r.Status, r.Err, r.Stats.Nodes)
		}
	}
}

// TestListModeAgreesWithBitSets: the fewest rules' list mode (sparse.go)
// gives the same solutions in the same order, the same statistics and the
// same counted subtrees as the bit sets alone (listMax 0), whether the
// search switches at the root or part way down (small listMax), lists
// again more compactly on the way (lists of more than compactWords
// words), keeps the bit sets by copies or by a trail, and with or
// without the dead-region test, the largest region only and the piece
// test.
func TestListModeAgreesWithBitSets(t *testing.T) {
	if testing.Short() {
		t.Skip("sequential: the main test run checks it")
	}
	sets := [][][][2]int{
		{square, lTetro, lTetro, lTetro, domino, domino},
		{tromino, lTromino, lTromino, tromino, domino, square},
	}
	compacted := false
	for trial := 0; trial < 32; trial++ {
		p := setRectangle(sets[trial%len(sets)])
		p.Rule = []Rule{Fewest, FewestCells}[trial/4%2]
		p.DeadRegions = trial/8%2 == 1
		p.LargestRegionOnly = trial/16%2 == 1
		p.PieceCut = trial%3 == 0
		k, err := Compile(p)
		if err != nil {
			t.Fatal(err)
		}
		copyState := trial%5 != 0
		var sols [][]string
		var res []Result
		var prof []estimate.Profile
		for _, listMax := range []int{0, 7, 60, len(k.mask) / 2, sparseMax} {
			k.listMax, k.copyState = listMax, copyState
			var sol []string
			s := k.NewSearch()
			r := s.Solve(context.Background(), search.Limits{}, func(pl []int32) bool {
				sol = append(sol, fmt.Sprint(pl))
				return true
			})
			var pr estimate.Profile
			k.NewSearch().CountSubtree(&pr, 100, func() bool { return false })
			sols, res, prof = append(sols, sol), append(res, r), append(prof, pr)
			compacted = compacted || listMax > compactWords*64 && len(k.mask) > compactWords*64
		}
		for i := 1; i < len(res); i++ {
			if res[0].Solutions == 0 || !reflect.DeepEqual(sols[0], sols[i]) || !reflect.DeepEqual(res[0], res[i]) || !reflect.DeepEqual(prof[0], prof[i]) {
				t.Fatalf("trial %d (%v): bit sets %d solutions %+v, list mode %d: %d %+v", trial, p.Rule, res[0].Solutions, res[0].Stats.Nodes, i, res[i].Solutions, res[i].Stats.Nodes)
			}
		}
	}
	if !compacted {
		t.Error("no trial has lists long enough to be listed again")
	}
}
