// Package rubik is Rubik's Cube at the cubie level: the permutation and
// orientation of its 8 corners and 12 edges, the 18 face turns, a
// search.Domain over them, and for package branching its node-type graph
// (TypeGraph) and the learner of its duplicate move strings (LearnFSM), whose
// automaton prunes a search of all 18 turns (Domain.Unpruned).
//
// Cubies are numbered as in Kociemba's cube explorer: corners URF, UFL, ULB,
// UBR, DFR, DLF, DBL, DRB; edges UR, UF, UL, UB, DR, DF, DL, DB, FR, FL, BL,
// BR. A cube is a "replaced by" map: corner slot i holds cubie CP[i] twisted
// by CO[i] (0..2), edge slot i holds cubie EP[i] flipped by EO[i] (0..1). A
// turn is the cube it makes from the solved cube, and making turn m on cube
// a is the product a*m: (a*m).CP[i] = a.CP[m.CP[i]], (a*m).CO[i] =
// a.CO[m.CP[i]] + m.CO[i] mod 3, and the same for edges mod 2.
package rubik

import (
	"fmt"

	"github.com/branchwise/branchwise/search"
)

// Cube is a cube position.
type Cube struct {
	CP, CO [8]uint8
	EP, EO [12]uint8
}

// Faces names the faces in move order: move m turns face m/3 by a quarter
// turn clockwise (m%3 = 0), a half turn (1) or a quarter turn
// anticlockwise (2). Faces f and f+3 are opposite.
const Faces = "URFDLB"

// Solved returns the solved cube.
func Solved() Cube {
	var c Cube
	for i := range c.CP {
		c.CP[i] = uint8(i)
	}
	for i := range c.EP {
		c.EP[i] = uint8(i)
	}
	return c
}

// The six clockwise quarter turns, as cubes.
var quarter = [6]Cube{
	{ // U
		CP: [8]uint8{3, 0, 1, 2, 4, 5, 6, 7},
		EP: [12]uint8{3, 0, 1, 2, 4, 5, 6, 7, 8, 9, 10, 11},
	},
	{ // R
		CP: [8]uint8{4, 1, 2, 0, 7, 5, 6, 3}, CO: [8]uint8{2, 0, 0, 1, 1, 0, 0, 2},
		EP: [12]uint8{8, 1, 2, 3, 11, 5, 6, 7, 4, 9, 10, 0},
	},
	{ // F
		CP: [8]uint8{1, 5, 2, 3, 0, 4, 6, 7}, CO: [8]uint8{1, 2, 0, 0, 2, 1, 0, 0},
		EP: [12]uint8{0, 9, 2, 3, 4, 8, 6, 7, 1, 5, 10, 11}, EO: [12]uint8{0, 1, 0, 0, 0, 1, 0, 0, 1, 1, 0, 0},
	},
	{ // D
		CP: [8]uint8{0, 1, 2, 3, 5, 6, 7, 4},
		EP: [12]uint8{0, 1, 2, 3, 5, 6, 7, 4, 8, 9, 10, 11},
	},
	{ // L
		CP: [8]uint8{0, 2, 6, 3, 4, 1, 5, 7}, CO: [8]uint8{0, 1, 2, 0, 0, 2, 1, 0},
		EP: [12]uint8{0, 1, 10, 3, 4, 5, 9, 7, 8, 2, 6, 11},
	},
	{ // B
		CP: [8]uint8{0, 1, 3, 7, 4, 5, 2, 6}, CO: [8]uint8{0, 0, 1, 2, 0, 0, 2, 1},
		EP: [12]uint8{0, 1, 2, 11, 4, 5, 6, 10, 8, 9, 3, 7}, EO: [12]uint8{0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1, 1},
	},
}

// moves holds the 18 turns as cubes: quarter, half, three quarters.
var moves [18]Cube

func init() {
	for f, q := range quarter {
		c := q
		for k := 0; k < 3; k++ {
			moves[3*f+k] = c
			c = c.Mul(q)
		}
	}
}

// Mul returns the cube a*b: b's permutation applied after a's.
func (a Cube) Mul(b Cube) Cube {
	var r Cube
	for i := range r.CP {
		r.CP[i] = a.CP[b.CP[i]]
		r.CO[i] = (a.CO[b.CP[i]] + b.CO[i]) % 3
	}
	for i := range r.EP {
		r.EP[i] = a.EP[b.EP[i]]
		r.EO[i] = (a.EO[b.EP[i]] + b.EO[i]) % 2
	}
	return r
}

// Turn returns the cube after move m (0..17).
func (a Cube) Turn(m int) Cube { return a.Mul(moves[m]) }

// MoveName returns a move in the usual notation: U, U2, U'.
func MoveName(m int) string { return Faces[m/3:m/3+1] + [3]string{"", "2", "'"}[m%3] }

// MayFollow reports whether face f may be turned right after face last
// (-1: at the start) under Edelkamp and Korf's pruning: never the same face twice
// in a row, and after D, L or B never U, R or F respectively, so that
// turns of opposite faces, which commute, come in one order only.
func MayFollow(last, f int) bool { return f != last && (last < 3 || f != last-3) }

// Domain is Rubik's Cube as a search.Domain: moves 0..17, each costing 1,
// with the pruning of Edelkamp and Korf (1998) built into Moves (never the same face twice
// in a row; after D, L or B never U, R or F respectively). Its heuristic is
// 0: it serves tree enumeration and duplicate counting, not optimal solving.
type Domain struct {
	// Unpruned makes Moves list all 18 turns, for a search pruned by an
	// automaton (LearnFSM, search.Options.Filter) instead of MayFollow.
	Unpruned bool
	cube     Cube
	last     []int8 // faces turned, for Undo and the pruning rule
}

// NewDomain returns a domain at cube c.
func NewDomain(c Cube) *Domain { return &Domain{cube: c} }

// Cube returns the current cube.
func (d *Domain) Cube() Cube { return d.cube }

// Moves implements search.Domain.
func (d *Domain) Moves(buf []search.Move) []search.Move {
	last := -1
	if n := len(d.last); n > 0 {
		last = int(d.last[n-1])
	}
	for f := 0; f < 6; f++ {
		if !d.Unpruned && !MayFollow(last, f) {
			continue
		}
		buf = append(buf, search.Move(3*f), search.Move(3*f+1), search.Move(3*f+2))
	}
	return buf
}

// Apply implements search.Domain.
func (d *Domain) Apply(m search.Move) int {
	d.cube = d.cube.Turn(int(m))
	d.last = append(d.last, int8(m/3))
	return 1
}

// Undo implements search.Domain.
func (d *Domain) Undo(m search.Move) {
	d.cube = d.cube.Turn(int(m/3*3 + 2 - m%3))
	d.last = d.last[:len(d.last)-1]
}

// Heuristic implements search.Domain.
func (d *Domain) Heuristic() int { return 0 }

// IsGoal implements search.Domain: the solved cube.
func (d *Domain) IsGoal() bool { return d.cube == Solved() }

// AppendKey implements search.Domain: 40 bytes.
func (d *Domain) AppendKey(dst []byte) []byte { return d.cube.appendKey(dst) }

// appendKey appends the 40 bytes of c.
func (c *Cube) appendKey(dst []byte) []byte {
	dst = append(dst, c.CP[:]...)
	dst = append(dst, c.CO[:]...)
	dst = append(dst, c.EP[:]...)
	return append(dst, c.EO[:]...)
}

// SetKey implements search.Domain. The move history is forgotten, so the
// pruning rule restarts from the state set.
func (d *Domain) SetKey(k []byte) {
	copy(d.cube.CP[:], k[0:8])
	copy(d.cube.CO[:], k[8:16])
	copy(d.cube.EP[:], k[16:28])
	copy(d.cube.EO[:], k[28:40])
	d.last = d.last[:0]
}

// Check returns an error unless c is a legal cube: permutations, twists
// summing to 0 mod 3, flips to 0 mod 2, and equal corner and edge parity.
func (c Cube) Check() error {
	parity := func(p []uint8) (int, bool) {
		seen := make([]bool, len(p))
		par := 0
		for i := range p {
			if int(p[i]) >= len(p) {
				return 0, false
			}
			if seen[i] {
				continue
			}
			l := 0
			for j := i; !seen[j]; j = int(p[j]) {
				seen[j] = true
				l++
			}
			par += l - 1
		}
		for _, s := range seen {
			if !s {
				return 0, false
			}
		}
		return par % 2, true
	}
	cp, ok1 := parity(c.CP[:])
	ep, ok2 := parity(c.EP[:])
	if !ok1 || !ok2 {
		return fmt.Errorf("rubik: not a permutation of the cubies")
	}
	tw, fl := 0, 0
	for _, o := range c.CO {
		tw += int(o)
	}
	for _, o := range c.EO {
		fl += int(o)
	}
	if tw%3 != 0 || fl%2 != 0 || cp != ep {
		return fmt.Errorf("rubik: unreachable cube (twist %d, flip %d, parities %d and %d)", tw%3, fl%2, cp, ep)
	}
	return nil
}
