package rubik

import "strings"

// Whole-cube rotations, for looking the edge tables up on conjugates of a
// cube. A rotation S (turning the whole cube in space) maps face turns to
// face turns: S^-1 m S is again one of the 18 turns. So if moves m1..mk
// solve x, the conjugate S^-1 x S is solved by the k conjugated turns and
// has the same distance, and an edge table's value on it is another lower
// bound on x's distance, about edges that the table, on x itself, does not
// track. The conjugate of x*m is (S^-1 x S)(S^-1 m S): a search keeps the
// conjugate's coordinates up to date with the same move tables, by the
// conjugated turn.

// cornerFacelets and edgeFacelets name each slot's faces in Kociemba's
// order: the reference facelet (U or D; for the middle edges F or B)
// first, then clockwise for the corners.
var (
	cornerFacelets = [8]string{"URF", "UFL", "ULB", "UBR", "DFR", "DLF", "DBL", "DRB"}
	edgeFacelets   = [12]string{"UR", "UF", "UL", "UB", "DR", "DF", "DL", "DB", "FR", "FL", "BL", "BR"}
)

// MaxConjugates is the number of rotations about the URF-DBL diagonal: the
// identity and the turns by 120 and 240 degrees, which take the U face to
// R and F. They carry an edge pattern made of a face's edges to patterns
// of other faces' edges.
const MaxConjugates = 3

// diagonal maps each face to the face the rotation by 120 degrees about the
// URF-DBL diagonal takes it to.
var diagonal = map[byte]byte{'U': 'R', 'R': 'F', 'F': 'U', 'D': 'L', 'L': 'B', 'B': 'D'}

var (
	// rotations[r] is the rotation by r*120 degrees about the diagonal,
	// rotInverse[r] its inverse, and conjMove[r][m] the turn S^-1 m S.
	rotations  [MaxConjugates]Cube
	rotInverse [MaxConjugates]Cube
	conjMove   [MaxConjugates][18]uint8
	// faceAxis[f] is the rotation whose conjugate turns face f on the U-D
	// axis.
	faceAxis [6]uint8
)

func init() {
	turns := faceTurns()
	rot := rotationCube(diagonal)
	rotations[0] = Solved()
	for r := 1; r < MaxConjugates; r++ {
		rotations[r] = rotations[r-1].Mul(rot)
	}
	for r, s := range rotations {
		rotInverse[r] = s.Inverse()
		for m := range turns {
			c := rotInverse[r].Mul(turns[m]).Mul(s)
			conjMove[r][m] = 255
			for k := range turns {
				if turns[k] == c {
					conjMove[r][m] = uint8(k)
				}
			}
			if f := conjMove[r][m] / 3; f == 0 || f == 3 {
				faceAxis[m/3] = uint8(r)
			}
		}
	}
}

// faceTurns returns the 18 turns as cubes, made here from the quarter
// turns rather than read from moves, which another file's init fills,
// perhaps after this one.
func faceTurns() [18]Cube {
	var turns [18]Cube
	for f, q := range quarter {
		c := q
		for k := 0; k < 3; k++ {
			turns[3*f+k] = c
			c = c.Mul(q)
		}
	}
	return turns
}

// rotationCube returns the rotation that takes each face f to face[f], as
// a cube: the cubie of slot j goes to the slot on the image faces, its
// reference facelet to the image of its face.
func rotationCube(face map[byte]byte) Cube {
	var c Cube
	image := func(s string) string {
		b := []byte(s)
		for i := range b {
			b[i] = face[b[i]]
		}
		return string(b)
	}
	for j, s := range cornerFacelets {
		im := image(s)
		for k, t := range cornerFacelets {
			// The same three faces in the same clockwise order: t is a
			// rotation of im, and the reference facelet lands at p.
			if p := strings.IndexByte(t, im[0]); p >= 0 && strings.Contains(t+t, im) {
				c.CP[k] = uint8(j)
				c.CO[k] = uint8(p)
			}
		}
	}
	for j, s := range edgeFacelets {
		im := image(s)
		for k, t := range edgeFacelets {
			switch im {
			case t:
				c.EP[k] = uint8(j)
			case t[1:] + t[:1]:
				c.EP[k], c.EO[k] = uint8(j), 1
			}
		}
	}
	return c
}

// Inverse returns the cube c^-1: c * c^-1 is the solved cube.
func (c Cube) Inverse() Cube {
	var r Cube
	for i, p := range c.CP {
		r.CP[p] = uint8(i)
		r.CO[p] = (3 - c.CO[i]) % 3
	}
	for i, p := range c.EP {
		r.EP[p] = uint8(i)
		r.EO[p] = c.EO[i]
	}
	return r
}

// Conjugate returns S^-1 c S for the rotation S by r*120 degrees about the
// URF-DBL diagonal (r in 0..MaxConjugates-1): a cube as far from solved as
// c.
func (c Cube) Conjugate(r int) Cube { return rotInverse[r].Mul(c).Mul(rotations[r]) }
