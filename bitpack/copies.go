package bitpack

import (
	"fmt"
	"slices"
)

// Copies and ranges (Problem.Copies, Problem.Optional). A piece used k
// times is k pieces with the same placements, and the search keeps them
// interchangeable by placing them in order: the pieces a node may place
// (avail) are the unplaced ones whose previous copy is placed, one word
// operation on the unplaced pieces. A cell's children then hold each
// placement of the piece once (as its next copy's), and as the search
// never branches on a piece with copies, every set of placements is
// reached by one path: the count of a packing that uses a piece k times
// is 1, not k!. The node's state is the unplaced pieces' word as before,
// whose copies of a piece say how many of them are used. A range lo..hi
// is hi copies, the last hi-lo optional: a leaf with the board full is a
// solution when every required piece is placed. The dead-region and
// colour tests count every unplaced copy as a piece that may fill a
// region (a necessary condition still, as an optional copy may or may
// not be used).

// compileCopies checks the copies and optional pieces of p and sets
// k.copyOf, k.required and k.branch.
func (k *Kernel) compileCopies(p Problem) error {
	np := len(p.Sizes)
	if len(p.Copies) != 0 && len(p.Copies) != np {
		return fmt.Errorf("bitpack: %d copy flags for %d pieces", len(p.Copies), np)
	}
	if len(p.Optional) != 0 && len(p.Optional) != np {
		return fmt.Errorf("bitpack: %d optional flags for %d pieces", len(p.Optional), np)
	}
	k.required = k.allFree
	byPiece := make([][]Set, np)
	for _, pl := range p.Placements {
		if pl.Piece >= 0 && pl.Piece < np {
			var m Set
			for _, c := range pl.Cells {
				if c >= 0 && c < p.Cells {
					m.add(c)
				}
			}
			byPiece[pl.Piece] = append(byPiece[pl.Piece], m)
		}
	}
	for i := range np {
		if len(p.Optional) > 0 && p.Optional[i] {
			k.required &^= 1 << i
		}
		if len(p.Copies) == 0 || !p.Copies[i] {
			continue
		}
		if i == 0 {
			return fmt.Errorf("bitpack: piece 0 is a copy, of no piece before it")
		}
		if p.Sizes[i] != p.Sizes[i-1] || !slices.Equal(byPiece[i], byPiece[i-1]) {
			return fmt.Errorf("bitpack: piece %d is a copy of piece %d but their sizes or placements differ", i, i-1)
		}
		if p.Optional != nil && p.Optional[i-1] && !p.Optional[i] {
			return fmt.Errorf("bitpack: piece %d, a required copy, follows an optional one", i)
		}
		k.copyOf |= 1 << i
	}
	// Used once and required: not a copy, and no copy follows.
	k.branch = k.required &^ k.copyOf &^ (k.copyOf >> 1)
	for _, pc := range k.lead {
		if k.branch>>pc&1 == 0 {
			return fmt.Errorf("bitpack: piece %d of the scan order has copies or is optional: a search branches on it only if it is used once", pc)
		}
	}
	return nil
}

// hasCopies reports whether some piece has copies or is optional.
func (k *Kernel) hasCopies() bool { return k.copyOf != 0 || k.required != k.allFree }

// avail returns the pieces of free a node may place: those whose
// previous copy, if any, is placed.
func (k *Kernel) avail(free uint64) uint64 { return free &^ (free << 1 & k.copyOf) }
