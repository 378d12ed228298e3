package rubik

import (
	"fmt"
	"sync"

	"github.com/branchwise/branchwise/pdb"
)

// Corner and edge coordinates. The corners' state is the permutation of
// CP (8! = 40,320 ranks) and the twists CO[0..6] in base 3 (3^7 = 2,187;
// CO[7] follows): 88,179,840 in all. Under a turn each part changes by
// itself ((a*m).CP depends on a.CP only, (a*m).CO on a.CO only), so two
// small tables per turn move them.
const (
	CornerPerms  = 40320
	CornerTwists = 2187
	CornerStates = CornerPerms * CornerTwists
)

var (
	cornerPerms = pdb.Placements{N: 8, K: 8}
	permMove    [CornerPerms][18]uint16
	twistMove   [CornerTwists][18]uint16
	// edgeTo[m][s] is the slot the edge in slot s goes to under turn m,
	// and edgeFlip[m][s] the flip it takes on arriving in slot s.
	edgeTo   [18][12]int8
	edgeFlip [18][12]uint8
	// coordOnce builds the corner tables on first use (moveTables): their
	// 765,126 cube products take 40 to 300 ms, which every branchwise
	// command paid at start when they were built in init.
	coordOnce sync.Once
)

// moveTables builds the corner move tables once; the searches and the
// corner space call it before they read them.
func moveTables() { coordOnce.Do(buildMoveTables) }

func buildMoveTables() {
	turns := faceTurns()
	for p := 0; p < CornerPerms; p++ {
		var cells [8]int8
		cornerPerms.Unrank(uint64(p), cells[:])
		c := Solved()
		for i := range c.CP {
			c.CP[i] = uint8(cells[i])
		}
		for m := 0; m < 18; m++ {
			permMove[p][m] = uint16(cornerPerm(c.Mul(turns[m])))
		}
	}
	for tw := 0; tw < CornerTwists; tw++ {
		c := Solved()
		setTwist(&c, tw)
		for m := 0; m < 18; m++ {
			twistMove[tw][m] = uint16(cornerTwist(c.Mul(turns[m])))
		}
	}
}

// The edge tables are small: init builds them.
func init() {
	turns := faceTurns()
	for m := 0; m < 18; m++ {
		for i := 0; i < 12; i++ {
			edgeTo[m][turns[m].EP[i]] = int8(i)
			edgeFlip[m][i] = turns[m].EO[i]
		}
	}
}

func cornerPerm(c Cube) int {
	var cells [8]int8
	for i, x := range c.CP {
		cells[i] = int8(x)
	}
	return int(cornerPerms.Rank(cells[:]))
}

func cornerTwist(c Cube) int {
	t := 0
	for i := 6; i >= 0; i-- {
		t = 3*t + int(c.CO[i])
	}
	return t
}

func setTwist(c *Cube, t int) {
	sum := 0
	for i := 0; i < 7; i++ {
		c.CO[i] = uint8(t % 3)
		sum += t % 3
		t /= 3
	}
	c.CO[7] = uint8((3 - sum%3) % 3)
}

// CornerIndex returns the corner coordinate of c: perm * 2187 + twist.
func CornerIndex(c Cube) uint64 { return uint64(cornerPerm(c))*CornerTwists + uint64(cornerTwist(c)) }

// CornerSpace is the corners' abstraction of the cube for a pattern
// database: 88,179,840 states, the 18 turns each costing 1. Its table
// holds the number of turns that solve the corners.
type CornerSpace struct{}

// ID implements pdb.Space.
func (CornerSpace) ID() string { return "rubik-corners" }

// Size implements pdb.Space.
func (CornerSpace) Size() uint64 { return CornerStates }

// Subs implements pdb.Space.
func (CornerSpace) Subs() int { return 1 }

// Base implements pdb.Space.
func (CornerSpace) Base(uint64) int { return 0 }

// Scale implements pdb.Space.
func (CornerSpace) Scale() int { return 1 }

// Goals implements pdb.Space.
func (CornerSpace) Goals(b []pdb.State) []pdb.State { return append(b, pdb.State{}) }

// Expand implements pdb.Space.
func (CornerSpace) Expand(index, _ uint64, next []pdb.State) (uint64, int, []pdb.State) {
	moveTables()
	p, t := index/CornerTwists, index%CornerTwists
	for m := 0; m < 18; m++ {
		next = append(next, pdb.State{Index: uint64(permMove[p][m])*CornerTwists + uint64(twistMove[t][m])})
	}
	return 1, 0, next
}

// EdgeSpace is the abstraction of the cube onto some of its edges: where
// they are and how they are flipped, 12!/(12-k)! * 2^k states for k edges.
// Its table holds the number of turns that bring those edges home.
type EdgeSpace struct {
	Edges []uint8
	pl    pdb.Placements
}

// MaxPatternEdges is the most edges an EdgeSpace tracks: 8 edges are
// 5.1 billion states, beyond a 4-bit table in a few GB.
const MaxPatternEdges = 7

// NewEdgeSpace returns the space of the given edges (distinct, 0..11).
func NewEdgeSpace(edges []uint8) (*EdgeSpace, error) {
	if len(edges) < 1 || len(edges) > MaxPatternEdges {
		return nil, fmt.Errorf("rubik: edge pattern of %d edges: want 1..%d", len(edges), MaxPatternEdges)
	}
	seen := map[uint8]bool{}
	for _, e := range edges {
		if e > 11 || seen[e] {
			return nil, fmt.Errorf("rubik: edge %d: want distinct edges 0..11", e)
		}
		seen[e] = true
	}
	return &EdgeSpace{Edges: append([]uint8(nil), edges...), pl: pdb.Placements{N: 12, K: len(edges)}}, nil
}

// ID implements pdb.Space.
func (e *EdgeSpace) ID() string { return fmt.Sprintf("rubik-edges%v", e.Edges) }

// Size implements pdb.Space.
func (e *EdgeSpace) Size() uint64 { return e.pl.Count() << uint(len(e.Edges)) }

// Subs implements pdb.Space.
func (e *EdgeSpace) Subs() int { return 1 }

// Base implements pdb.Space.
func (e *EdgeSpace) Base(uint64) int { return 0 }

// Scale implements pdb.Space.
func (e *EdgeSpace) Scale() int { return 1 }

// Goals implements pdb.Space.
func (e *EdgeSpace) Goals(b []pdb.State) []pdb.State {
	var slots [MaxPatternEdges]int8
	for i, x := range e.Edges {
		slots[i] = int8(x)
	}
	return append(b, pdb.State{Index: e.index(slots[:], 0)})
}

func (e *EdgeSpace) index(slots []int8, flips uint64) uint64 {
	return e.pl.Rank(slots)<<uint(len(e.Edges)) | flips
}

// Expand implements pdb.Space.
func (e *EdgeSpace) Expand(index, _ uint64, next []pdb.State) (uint64, int, []pdb.State) {
	k := len(e.Edges)
	var slots, to [MaxPatternEdges]int8
	e.pl.Unrank(index>>uint(k), slots[:])
	flips := index & (1<<uint(k) - 1)
	for m := 0; m < 18; m++ {
		nf := uint64(0)
		for i := 0; i < k; i++ {
			to[i] = edgeTo[m][slots[i]]
			nf |= (flips>>uint(i)&1 ^ uint64(edgeFlip[m][to[i]])) << uint(i)
		}
		next = append(next, pdb.State{Index: e.index(to[:k], nf)})
	}
	return 1, 0, next
}

// Index returns the coordinate of c's edges in e.
func (e *EdgeSpace) Index(c Cube) uint64 {
	var slots [MaxPatternEdges]int8
	var flips uint64
	for s, x := range c.EP {
		for i, y := range e.Edges {
			if x == y {
				slots[i] = int8(s)
				flips |= uint64(c.EO[s]) << uint(i)
			}
		}
	}
	return e.index(slots[:len(e.Edges)], flips)
}
