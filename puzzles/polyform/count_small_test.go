package polyform

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/branchwise/branchwise/bitpack"
	"github.com/branchwise/branchwise/estimate"
	"github.com/branchwise/branchwise/xcover"
)

// walkProfile counts the subtree below s's node to maxDepth through
// Branches, Down and Up: the general path of the kernel's tree, which
// the one-word CountSubtree (boards of at most 64 cells, FirstEmpty)
// must match node for node.
func walkProfile(s *bitpack.Search, p *estimate.Profile, maxDepth int) {
	d := s.Depth()
	p.Grow(d)
	p.Nodes[d]++
	if d == maxDepth {
		return
	}
	n, sol := s.Branches()
	p.Branches[d] += int64(n)
	if sol {
		p.Solutions[d]++
	}
	if d+1 == maxDepth {
		p.Grow(d + 1)
		p.Nodes[d+1] += int64(n)
		return
	}
	for i := 0; i < n; i++ {
		s.Down(i)
		walkProfile(s, p, maxDepth)
		s.Up()
	}
}

// checkCountSmall compares CountSubtree with walkProfile on pk's
// FirstEmpty kernel, with and without the dead-region test, below the
// root and below the nodes that the paths of first, middle and last
// children reach, to the depths given (relative to the node; 100 is the
// whole subtree). It returns the nodes compared.
func checkCountSmall(t *testing.T, name string, pk *Packing, below [][2]int) int64 {
	t.Helper()
	var nodes int64
	for _, dead := range []bool{false, true} {
		pk.Engine, pk.FirstEmpty, pk.DeadRegions = Bitboard, true, dead
		k, _, err := pk.Kernel(xcover.Fewest, nil)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, b := range below { // b[0]: the node's depth, b[1]: the depth counted below it
			for _, pick := range []int{0, 1, 2} {
				s := k.NewSearch()
				for s.Depth() < b[0] {
					n, _ := s.Branches()
					if n == 0 {
						break
					}
					s.Down([]int{0, n / 2, n - 1}[pick])
				}
				base := s.Depth()
				var own, walked estimate.Profile
				s.CountSubtree(&own, base+b[1], func() bool { return false })
				if s.Depth() != base {
					t.Fatalf("%s: CountSubtree left the search at depth %d, not %d", name, s.Depth(), base)
				}
				walkProfile(s, &walked, base+b[1])
				if !reflect.DeepEqual(own, walked) {
					t.Errorf("%s, dead regions %v, below depth %d to +%d: CountSubtree %+v, walk %+v", name, dead, base, b[1], own, walked)
				}
				for _, n := range own.Nodes {
					nodes += n
				}
			}
		}
	}
	return nodes
}

// TestCountSubtreeSmall: on every built-in board of at most 64 cells
// that the kernel takes, and on random boards of the square, triangle
// and hexagon grids, the one-word CountSubtree counts the nodes,
// branching factors and solutions per depth that a walk of the general
// path counts.
func TestCountSubtreeSmall(t *testing.T) {
	boards := 0
	for _, np := range namedPuzzles {
		b, ps, _ := Named(np.name)
		if len(b.Cells) > 64 {
			continue
		}
		pk, err := NewPacking(b, ps)
		if err != nil {
			t.Fatal(err)
		}
		if pk.kernelFits() != nil {
			continue
		}
		boards++
		checkCountSmall(t, np.name, pk, [][2]int{{0, 3}, {2, 3}, {5, 4}, {8, 100}})
	}
	if boards < 10 {
		t.Errorf("%d built-in boards of at most 64 cells", boards)
	}
	rng := rand.New(rand.NewPCG(11, 64))
	trials := 150
	if testing.Short() {
		trials = 30
	}
	for trial := range trials {
		g := []Grid{Square, Triangle, Hexagon}[trial%3]
		pk, err := randomPacking(rng, g)
		if err != nil {
			continue
		}
		checkCountSmall(t, "random", pk, [][2]int{{0, 100}, {1, 2}, {2, 100}})
	}
}

// TestCountSubtreeSmallStops: the one-word CountSubtree stops when told
// and leaves the search at its node.
func TestCountSubtreeSmallStops(t *testing.T) {
	s := firstEmpty6x10(t)
	s.Down(0)
	asked := 0
	var p estimate.Profile
	s.CountSubtree(&p, 100, func() bool { asked++; return asked == 3 })
	var nodes int64
	for _, n := range p.Nodes {
		nodes += n
	}
	if asked != 3 || s.Depth() != 1 || nodes < 2*1024 || nodes > 4*1024 {
		t.Errorf("asked %d times, depth %d, %d nodes", asked, s.Depth(), nodes)
	}
}
