package rubik

import (
	"fmt"
	"math/bits"
	"strings"
)

// Coset tables: pattern databases of the kind of Rokicki's nxopt (see
// docs/rubik.md). The abstraction keeps, for the up-down axis, which
// corners are up-layer corners and which down-layer ones (C(8,4) = 70),
// every corner's twist (3^7), which slots hold the four middle-layer edges
// (C(12,4) = 495) and some edge flips: those of the middle-layer edges
// (CosetEO1, 2^4) or those of the eight others (CosetEO2, 2^8). Two cubes
// with the same abstraction differ by an element of a subgroup H that
// holds every U and D turn, so a table value x on a cube also says that
// no solution of length x ends with a U or D turn. Looked up on the
// cube's conjugates that put R-L and F-B on the up-down axis, three values
// all equal to x >= 1 exclude every last turn: the distance is at least
// x+1.
//
// The 16 symmetries of the cube that keep the up-down axis (the rotations
// about it, the half turn that swaps U and D, and the mirror images of
// these) map H to itself, so the table is stored for one corner
// abstraction of each symmetry class (9,930 classes of 153,090) and every
// edge abstraction: index = class * EdgeCoords + the edge coordinate of
// the cube moved by the symmetry that takes its corners to the class's
// representative.

// CosetEO selects the edge flips a coset table keeps.
type CosetEO int

// The edge-flip choices: the middle-layer edges' flips (a table of 78.6 M
// entries, 39 MB), or the other eight edges' (1.26 G entries, 629 MB).
const (
	CosetEO1 CosetEO = 1
	CosetEO2 CosetEO = 2
)

// Sizes of the coordinates.
const (
	cosetSplits  = 70 // C(8,4): which corner slots hold down-layer corners
	cosetCorners = 70 * CornerTwists
	cosetSlices  = 495 // C(12,4): which edge slots hold middle-layer edges
	cosetSyms    = 16
)

// middle reports whether edge cubie e is a middle-layer one (FR FL BL BR).
func middle(e uint8) bool { return e >= 8 }

var (
	// split4of8[mask] ranks an 8-bit mask with four bits set (0..69);
	// slice4of12 ranks a 12-bit mask with four bits set (0..494); the
	// unrank tables invert them.
	split4of8    [256]uint8
	slice4of12   [4096]uint16
	unsplit4of8  [cosetSplits]uint8
	unslice4of12 [cosetSlices]uint16
	// symRot[s] is the rotation of symmetry s (the mirror is applied
	// separately), mirrorCorner and mirrorEdge the slot maps of the
	// mirror that swaps R and L.
	symRot       [cosetSyms / 2]Cube
	symRotInv    [cosetSyms / 2]Cube
	mirrorCorner [8]uint8
	mirrorEdge   [12]uint8
)

func init() {
	n := 0
	for m := 0; m < 256; m++ {
		if bits.OnesCount(uint(m)) == 4 {
			split4of8[m], unsplit4of8[n] = uint8(n), uint8(m)
			n++
		}
	}
	n = 0
	for m := 0; m < 4096; m++ {
		if bits.OnesCount(uint(m)) == 4 {
			slice4of12[m], unslice4of12[n] = uint16(n), uint16(m)
			n++
		}
	}
	// y turns the whole cube about the U-D axis; z2 swaps U and D.
	y := rotationCube(map[byte]byte{'U': 'U', 'D': 'D', 'F': 'L', 'L': 'B', 'B': 'R', 'R': 'F'})
	z2 := rotationCube(map[byte]byte{'U': 'D', 'D': 'U', 'R': 'L', 'L': 'R', 'F': 'F', 'B': 'B'})
	r := Solved()
	for k := 0; k < 4; k++ {
		symRot[k] = r
		symRot[k+4] = z2.Mul(r)
		r = r.Mul(y)
	}
	for k := range symRot {
		symRotInv[k] = symRot[k].Inverse()
	}
	swap := strings.NewReplacer("R", "L", "L", "R")
	for i, s := range cornerFacelets {
		im := swap.Replace(s)
		for j, t := range cornerFacelets {
			if sameFaces(im, t) {
				mirrorCorner[i] = uint8(j)
			}
		}
	}
	for i, s := range edgeFacelets {
		im := swap.Replace(s)
		for j, t := range edgeFacelets {
			if sameFaces(im, t) {
				mirrorEdge[i] = uint8(j)
			}
		}
	}
}

// sameFaces reports whether a and b name the same faces.
func sameFaces(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		if !strings.Contains(b, a[i:i+1]) {
			return false
		}
	}
	return true
}

// mirror returns the mirror image of c in the plane between R and L: the
// cube that the mirrored turns (R for L', U for U', ...) solve. Reference
// facelets (U, D, F, B) stay in place, so flips are kept and twists
// change direction.
func mirror(c Cube) Cube {
	var r Cube
	for i := range c.CP {
		r.CP[mirrorCorner[i]] = mirrorCorner[c.CP[i]]
		r.CO[mirrorCorner[i]] = (3 - c.CO[i]) % 3
	}
	for i := range c.EP {
		r.EP[mirrorEdge[i]] = mirrorEdge[c.EP[i]]
		r.EO[mirrorEdge[i]] = c.EO[i]
	}
	return r
}

// symConj returns the image of c under symmetry s (0..15): conjugated by
// rotation s/2, mirrored when s is odd.
func symConj(c Cube, s int) Cube {
	c = symRotInv[s/2].Mul(c).Mul(symRot[s/2])
	if s&1 == 1 {
		c = mirror(c)
	}
	return c
}

// cornerCoord returns c's corner abstraction: split * 3^7 + twist.
func cornerCoord(c *Cube) uint32 {
	m, t := 0, uint32(0)
	for i := 7; i >= 0; i-- {
		m = m<<1 | int(c.CP[i]>>2)
		if i < 7 {
			t = 3*t + uint32(c.CO[i])
		}
	}
	return uint32(split4of8[m])*CornerTwists + t
}

// edgeCoord returns c's edge abstraction under eo: slice * flips + the
// flips kept, in slot order.
func edgeCoord(c *Cube, eo CosetEO) uint32 {
	mask, f := 0, uint32(0)
	for i := 11; i >= 0; i-- {
		if middle(c.EP[i]) {
			mask |= 1 << i
			if eo == CosetEO1 {
				f = f<<1 | uint32(c.EO[i])
			}
		} else if eo == CosetEO2 {
			f = f<<1 | uint32(c.EO[i])
		}
	}
	return uint32(slice4of12[mask])*eo.flips() + f
}

// flips is the number of flip patterns eo keeps.
func (eo CosetEO) flips() uint32 {
	if eo == CosetEO2 {
		return 256
	}
	return 16
}

// edgeCoords is the number of edge abstractions.
func (eo CosetEO) edgeCoords() uint32 { return cosetSlices * eo.flips() }

// cornerCube returns a cube with corner abstraction x.
func cornerCube(x uint32) Cube {
	c := Solved()
	m := unsplit4of8[x/CornerTwists]
	up, down := uint8(0), uint8(4)
	for i := 0; i < 8; i++ {
		if m>>i&1 == 1 {
			c.CP[i], down = down, down+1
		} else {
			c.CP[i], up = up, up+1
		}
	}
	setTwist(&c, int(x%CornerTwists))
	return c
}

// edgeCube returns a cube with edge abstraction x under eo (its flips may
// not sum to 0: the abstraction does not care, nor do the tables built on
// it).
func edgeCube(x uint32, eo CosetEO) Cube {
	c := Solved()
	m := unslice4of12[x/eo.flips()]
	f := x % eo.flips()
	mid, other := uint8(8), uint8(0)
	for i := 0; i < 12; i++ {
		if m>>i&1 == 1 {
			c.EP[i], mid = mid, mid+1
			if eo == CosetEO1 {
				c.EO[i], f = uint8(f&1), f>>1
			}
		} else {
			c.EP[i], other = other, other+1
			if eo == CosetEO2 {
				c.EO[i], f = uint8(f&1), f>>1
			}
		}
	}
	return c
}

// CosetSpace holds the coordinate tables of a coset table: the moves and
// symmetries of both abstractions and the corners' symmetry classes.
type CosetSpace struct {
	EO CosetEO
	// Classes is the number of corner classes, and Rows the table's rows
	// (one per class).
	Classes int
	// A turn moves the corners' slots and twists them by slot, and the
	// 16 symmetries move slots and keep or mirror every twist, so both
	// act on a corner abstraction's split and twist separately:
	// splitMoves[split*18+m] and twistMoves[twist*18+m] are the parts
	// after turn m. edgeMoves[e*18+m] is edge abstraction e after turn m
	// (the turns of one e adjacent: the children of a node read one or
	// two cache lines).
	splitMoves [cosetSplits * 18]uint8
	twistMoves [CornerTwists * 18]uint16
	edgeMoves  []uint32
	// The edge abstraction e = slice*flips + f under symmetry s is
	// sliceSym[s][slice]*flips + flipSym[s][e]: a symmetry moves the
	// middle edges' slots by the slice alone, and the new flips fit a
	// byte (a 2 MB table for EO2, not 8 MB of whole abstractions).
	sliceSym [cosetSyms][cosetSlices]uint16
	flipSym  [cosetSyms][]uint8
	flipBits uint32 // log2 of EO.flips()
	// classSym[x] = class<<4 | s: symmetry s takes corner abstraction x
	// to its class's representative.
	classSym []uint32
	// rep[class] is the representative (least) corner abstraction, and
	// stab[class] the mask of symmetries that fix it.
	rep  []uint32
	stab []uint16
}

// NewCosetSpace computes the tables of eo's coset space.
func NewCosetSpace(eo CosetEO) (*CosetSpace, error) {
	if eo != CosetEO1 && eo != CosetEO2 {
		return nil, fmt.Errorf("rubik: coset table %d: want 1 or 2", eo)
	}
	sp := &CosetSpace{EO: eo}
	turns := faceTurns()
	ne := eo.edgeCoords()
	sp.edgeMoves = make([]uint32, ne*18)
	var splitSym [cosetSyms][cosetSplits]uint8
	var twistSym [cosetSyms][CornerTwists]uint16
	var edgeSym [cosetSyms][]uint32
	for s := 0; s < cosetSyms; s++ {
		edgeSym[s] = make([]uint32, ne)
	}
	for x := uint32(0); x < cosetSplits; x++ {
		c := cornerCube(x * CornerTwists)
		for m := 0; m < 18; m++ {
			d := c.Mul(turns[m])
			sp.splitMoves[x*18+uint32(m)] = uint8(cornerCoord(&d) / CornerTwists)
		}
		for s := 0; s < cosetSyms; s++ {
			d := symConj(c, s)
			splitSym[s][x] = uint8(cornerCoord(&d) / CornerTwists)
		}
	}
	for x := uint32(0); x < CornerTwists; x++ {
		c := cornerCube(x)
		for m := 0; m < 18; m++ {
			d := c.Mul(turns[m])
			sp.twistMoves[x*18+uint32(m)] = uint16(cornerCoord(&d) % CornerTwists)
		}
		for s := 0; s < cosetSyms; s++ {
			d := symConj(c, s)
			twistSym[s][x] = uint16(cornerCoord(&d) % CornerTwists)
		}
	}
	cornerSym := func(s int, x uint32) uint32 {
		return uint32(splitSym[s][x/CornerTwists])*CornerTwists + uint32(twistSym[s][x%CornerTwists])
	}
	// Only the edges' quarter turns and generating symmetries are
	// computed on cubes; the other turns and symmetries are composed
	// from them (about a fifth of the work of computing each on cubes).
	for x := uint32(0); x < ne; x++ {
		c := edgeCube(x, eo)
		for m := 0; m < 18; m += 3 {
			d := c.Mul(turns[m])
			sp.edgeMoves[x*18+uint32(m)] = edgeCoord(&d, eo)
		}
		for _, s := range symGens {
			d := symConj(c, s)
			edgeSym[s][x] = edgeCoord(&d, eo)
		}
	}
	t := sp.edgeMoves
	for x := 0; x < len(t); x += 18 {
		for m := 0; m < 18; m += 3 {
			t[x+m+1] = t[int(t[x+m])*18+m]
			t[x+m+2] = t[int(t[x+m+1])*18+m]
		}
	}
	for x := range edgeSym[0] {
		edgeSym[0][x] = uint32(x)
	}
	for _, st := range symOrder {
		for x := range edgeSym[0] {
			edgeSym[st.t][x] = edgeSym[st.g][edgeSym[st.s][x]]
		}
	}
	fl := eo.flips()
	sp.flipBits = uint32(bits.TrailingZeros32(fl))
	for s := range edgeSym {
		sp.flipSym[s] = make([]uint8, ne)
		for x, y := range edgeSym[s] {
			sp.sliceSym[s][uint32(x)/fl] = uint16(y / fl)
			sp.flipSym[s][x] = uint8(y % fl)
		}
	}
	sp.classSym = make([]uint32, cosetCorners)
	done := make([]bool, cosetCorners)
	for x := uint32(0); x < cosetCorners; x++ {
		if done[x] {
			continue
		}
		// x is the least of its orbit: the representative.
		class := uint32(len(sp.rep))
		var stab uint16
		for s := 0; s < cosetSyms; s++ {
			y := cornerSym(s, x)
			if y == x {
				stab |= 1 << s
			}
			if !done[y] {
				done[y] = true
				// The inverse of s takes y to x.
				sp.classSym[y] = class<<4 | uint32(symInverse(s))
			}
		}
		sp.rep = append(sp.rep, x)
		sp.stab = append(sp.stab, stab)
	}
	sp.Classes = len(sp.rep)
	return sp, nil
}

// symInverse returns the symmetry that undoes s: each rotation in symRot
// is its own class of 8 (the rotations about U-D by 0, 90, 180, 270
// degrees, then each after the half turn swapping U and D); the inverse is
// found by composing on a test cube.
func symInverse(s int) int { return symInv[s] }

var symInv [cosetSyms]int

// symGens generate the 16 symmetries: the mirror (1), the quarter turn
// about U-D (2) and the half turn swapping U and D (8). symOrder lists
// every other symmetry t as g after s, s before it in the list (or the
// identity, 0), for composing tables: image under t = image under g of the
// image under s.
var (
	symGens  = []int{1, 2, 8}
	symOrder []struct{ t, s, g int }
)

func init() {
	// A cube with no symmetry: its images under the 16 symmetries differ.
	// (faceTurns, not Turn: moves is filled by rubik.go's init, after
	// this file's.)
	turns := faceTurns()
	c := Solved()
	for _, m := range []int{0, 4, 7, 10, 14, 16, 2, 5} {
		c = c.Mul(turns[m])
	}
	for s := 0; s < cosetSyms; s++ {
		d := symConj(c, s)
		for t := 0; t < cosetSyms; t++ {
			if symConj(d, t) == c {
				symInv[s] = t
			}
		}
	}
	// Breadth first from the identity over the generators.
	known := map[int]bool{0: true}
	for _, g := range symGens {
		known[g] = true
	}
	for q := []int{0, 1, 2, 8}; len(q) > 0; q = q[1:] {
		s := q[0]
		for _, g := range symGens {
			d := symConj(symConj(c, s), g)
			for t := 0; t < cosetSyms; t++ {
				if symConj(c, t) == d && !known[t] {
					known[t] = true
					symOrder = append(symOrder, struct{ t, s, g int }{t, s, g})
					q = append(q, t)
				}
			}
		}
	}
}

// cornerMove returns corner abstraction x turned by m.
func (sp *CosetSpace) cornerMove(x uint32, m int) uint32 {
	return uint32(sp.splitMoves[int(x/CornerTwists)*18+m])*CornerTwists + uint32(sp.twistMoves[int(x%CornerTwists)*18+m])
}

// edgeMove returns edge abstraction e turned by m.
func (sp *CosetSpace) edgeMove(e uint32, m int) uint32 { return sp.edgeMoves[int(e)*18+m] }

// edgeSym returns edge abstraction e under symmetry s.
func (sp *CosetSpace) edgeSym(s int, e uint32) uint32 {
	return uint32(sp.sliceSym[s&(cosetSyms-1)][e>>sp.flipBits])<<sp.flipBits | uint32(sp.flipSym[s][e])
}

// Size returns the number of table entries.
func (sp *CosetSpace) Size() uint64 { return uint64(sp.Classes) * uint64(sp.EO.edgeCoords()) }

// ID names the space for the table cache.
func (sp *CosetSpace) ID() string {
	return fmt.Sprintf("rubik-coset-eo%d-%dx%d", sp.EO, sp.Classes, sp.EO.edgeCoords())
}

// index returns the table index of the abstraction (corner x, edge e).
func (sp *CosetSpace) index(x, e uint32) uint64 {
	cs := sp.classSym[x]
	return uint64(cs>>4)*uint64(sp.EO.edgeCoords()) + uint64(sp.edgeSym(int(cs&15), e))
}

// Index returns the table index of cube c (up-down axis).
func (sp *CosetSpace) Index(c *Cube) uint64 {
	return sp.index(cornerCoord(c), edgeCoord(c, sp.EO))
}

// axisSums holds, for each rotation r of Cube.Conjugate, each slot k of
// a cube c and each cubie with its twist or flip there, what that slot
// adds to the abstraction of the conjugate y = S^-1 c S, as in Rokicki's
// nxopt: y's slot i holds the image under S^-1 of the cubie in c's slot
// k = S.CP[i] (S.EP[i]), a down one or not, twisted (flipped) by S^-1's
// twist of the cubie, c's and S's of slot i. Corners add the down bit at
// 12+i and the twist digit times 3^i (for i < 7); edges the middle bit at
// i and the flip at 12+i. The sums make the abstraction with small
// tables and no branch. Indexes are 3*cubie+twist and 2*cubie+flip, the
// rows 32 long so that a mask proves them in range.
var axisSums [MaxConjugates]struct {
	corner [8][32]uint32
	edge   [12][32]uint32
}

// pext6[keep][bits] packs the bits of bits (6) where keep is set into the
// low bits, in order.
var pext6 [64][64]uint8

func init() {
	for keep := range pext6 {
		for b := range pext6[keep] {
			v, n := uint8(0), 0
			for i := 0; i < 6; i++ {
				if keep>>i&1 == 1 {
					v |= uint8(b>>i&1) << n
					n++
				}
			}
			pext6[keep][b] = v
		}
	}
	// rotations is filled by sym.go's init, which runs after this file's.
	rot, s := rotationCube(diagonal), Solved()
	pow3 := [8]uint32{1, 3, 9, 27, 81, 243, 729, 0}
	for r := range axisSums {
		a := &axisSums[r]
		si := s.Inverse()
		for i := 0; i < 8; i++ {
			k := s.CP[i]
			for p := 0; p < 8; p++ {
				for tw := 0; tw < 3; tw++ {
					digit := (int(si.CO[p]) + tw + int(s.CO[i])) % 3
					a.corner[k][3*p+tw] = uint32(si.CP[p]>>2)<<(12+i) | uint32(digit)*pow3[i]
				}
			}
		}
		for i := 0; i < 12; i++ {
			k := s.EP[i]
			for p := 0; p < 12; p++ {
				var mid uint32
				if middle(si.EP[p]) {
					mid = 1
				}
				for fl := 0; fl < 2; fl++ {
					a.edge[k][2*p+fl] = mid<<i | uint32(int(si.EO[p])^fl^int(s.EO[i]))<<(12+i)
				}
			}
		}
		s = s.Mul(rot)
	}
}

// axisIndex returns sp.Index(c.Conjugate(r)) without making the
// conjugate.
func (sp *CosetSpace) axisIndex(c *Cube, r int) uint64 {
	return sp.index(axisCoords(c, r, sp.EO))
}

// axisCoords returns the corner and edge abstractions (under eo) of
// c.Conjugate(r).
func axisCoords(c *Cube, r int, eo CosetEO) (uint32, uint32) {
	a := &axisSums[r]
	var sc, se uint32
	for k := 0; k < 8; k++ {
		sc += a.corner[k][(3*c.CP[k]+c.CO[k])&31]
	}
	for k := 0; k < 12; k++ {
		se += a.edge[k][(2*c.EP[k]+c.EO[k])&31]
	}
	x := uint32(split4of8[sc>>12&255])*CornerTwists + sc&(1<<12-1)
	mask := se & (1<<12 - 1)
	keep, fl := mask^(1<<12-1), se>>12
	if eo == CosetEO1 {
		keep = mask
	}
	f := uint32(pext6[keep&63][fl&63]) | uint32(pext6[keep>>6&63][fl>>6&63])<<bits.OnesCount32(keep&63)
	return x, uint32(slice4of12[mask])*eo.flips() + f
}
