package disassembly

import (
	"fmt"
	"slices"

	"github.com/branchwise/branchwise/puzzles/polyform"
)

// Replay checks a disassembly of the assembly on grid g whose pieces have
// the given voxels, independently of the search: it slides every group
// one unit at a time, checking that no voxel ever meets a voxel of a
// piece that stays (on the prism grid, that no prism crosses one on its
// way sideways: the triangle holding its centre halfway), that the last
// move of each separation takes its group clear of the
// others for good, and that the parts cover the pieces; a part left
// whole must be a single piece or pieces of one group (groups as in
// Disassembler.Groups; nil for none). It returns the first problem found,
// nil if the disassembly is sound.
func Replay(g polyform.Grid, pieces [][]polyform.Cell, groups []int, s *Separation) error {
	first, last, err := dirs(g)
	if err != nil {
		return err
	}
	if s == nil {
		return fmt.Errorf("disassembly: no separation")
	}
	all := make([]int, len(pieces))
	for i := range all {
		all[i] = i
	}
	if !slices.Equal(sorted(s.Pieces), all) {
		return fmt.Errorf("disassembly: the separation has pieces %v, the assembly %d", s.Pieces, len(pieces))
	}
	pos := map[int][]polyform.Cell{}
	for i, p := range pieces {
		pos[i] = slices.Clone(p)
	}
	r := replayer{g, first, last, groups}
	return r.replay(pos, s)
}

type replayer struct {
	g           polyform.Grid
	first, last Dir
	groups      []int
}

func sorted(s []int) []int {
	s = slices.Clone(s)
	slices.Sort(s)
	return s
}

// replay plays s on the pieces at pos (moved in place).
func (r *replayer) replay(pos map[int][]polyform.Cell, s *Separation) error {
	in := map[int]bool{}
	for _, p := range s.Pieces {
		if in[p] {
			return fmt.Errorf("disassembly: piece %d twice in %v", p, s.Pieces)
		}
		in[p] = true
	}
	if len(s.Moves) == 0 {
		return fmt.Errorf("disassembly: separation of %v has no moves", s.Pieces)
	}
	for k, m := range s.Moves {
		last := k == len(s.Moves)-1
		if m.Away != last {
			return fmt.Errorf("disassembly: move %d (%v) of %v: only the last move takes a group away", k+1, m, s.Pieces)
		}
		group := map[int]bool{}
		for _, p := range m.Pieces {
			if !in[p] || group[p] {
				return fmt.Errorf("disassembly: move %d (%v): piece %d is not one of %v, or twice", k+1, m, p, s.Pieces)
			}
			group[p] = true
		}
		if len(group) == 0 || len(group) == len(s.Pieces) {
			return fmt.Errorf("disassembly: move %d (%v): moves no piece or all of %v", k+1, m, s.Pieces)
		}
		if m.Dir < r.first || m.Dir >= r.last {
			return fmt.Errorf("disassembly: move %d: direction %d is not one of the %v grid's", k+1, m.Dir, r.g)
		}
		// The voxels that stay, and how far along the direction (the dot
		// product with its step) the group must go to be clear of them.
		still := map[polyform.Cell]bool{}
		v := m.Dir.vector()
		dot := func(c polyform.Cell) int { return c.X*v.X + c.Y*v.Y + c.Z*v.Z }
		hi := -(1 << 30)
		for _, p := range s.Pieces {
			if !group[p] {
				for _, c := range pos[p] {
					still[c] = true
					hi = max(hi, dot(c))
				}
			}
		}
		beyond := func() bool {
			for p := range group {
				for _, c := range pos[p] {
					if dot(c) <= hi {
						return false
					}
				}
			}
			return true
		}
		steps := m.Amount
		if !m.Away && steps < 1 {
			return fmt.Errorf("disassembly: move %d (%v): amount below 1", k+1, m)
		}
		// A removal goes on until every voxel of the group is beyond the
		// others, from where it meets nothing more.
		n := 0
		for ; n < steps || m.Away && (n == 0 || !beyond()); n++ {
			if n == maxSteps {
				return fmt.Errorf("disassembly: move %d (%v): not clear after %d steps", k+1, m, n)
			}
			for p := range group {
				for i, c := range pos[p] {
					if x, ok := crossed(r.g, c, m.Dir); ok && still[x] {
						return fmt.Errorf("disassembly: move %d (%v): piece %d crosses another at %v", k+1, m, p, x)
					}
					c = add(c, v)
					if still[c] {
						return fmt.Errorf("disassembly: move %d (%v): piece %d runs into another at %v", k+1, m, p, c)
					}
					pos[p][i] = c
				}
			}
		}
		steps = n
		if !last {
			continue
		}
		// Now split: the group is gone; put it back where it was before
		// the removal so that its own separation starts there.
		var stay, removed []int
		for _, p := range s.Pieces {
			if group[p] {
				removed = append(removed, p)
				for i, c := range pos[p] {
					pos[p][i] = m.Dir.step(c, -steps)
				}
			} else {
				stay = append(stay, p)
			}
		}
		for _, part := range []struct {
			pcs []int
			sep *Separation
		}{{stay, s.Stay}, {removed, s.Removed}} {
			if len(part.pcs) == 1 {
				if part.sep != nil {
					return fmt.Errorf("disassembly: a separation of the single piece %v", part.pcs)
				}
				continue
			}
			if part.sep == nil && (&Disassembler{Groups: r.groups}).oneGroup(part.pcs) {
				continue
			}
			if part.sep == nil {
				return fmt.Errorf("disassembly: the part %v of %v is not taken apart", part.pcs, s.Pieces)
			}
			if !slices.Equal(sorted(part.sep.Pieces), sorted(part.pcs)) {
				return fmt.Errorf("disassembly: the separation of %v has pieces %v", part.pcs, part.sep.Pieces)
			}
			if err := r.replay(pos, part.sep); err != nil {
				return err
			}
		}
	}
	return nil
}

// maxSteps bounds a removal's steps: far beyond any assembly of New's
// coordinates.
const maxSteps = 4 * limit

// crossed returns the cell of the prism grid that a prism at c crosses
// when it moves one step sideways in direction d: the triangle holding
// its centre halfway, found by locating that point in the lattice (not
// from the search's table). ok is false for moves that cross no cell
// (on the cube grid, between layers).
func crossed(g polyform.Grid, c polyform.Cell, d Dir) (polyform.Cell, bool) {
	v := d.vector()
	if g != polyform.Prism || v.Z != 0 {
		return polyform.Cell{}, false
	}
	// In sixths of a lattice unit: c is three times the centroid in
	// thirds, the step three thirds.
	x, y := 2*c.X+v.X, 2*c.Y+v.Y
	i, j := floorDiv(x, 6), floorDiv(y, 6)
	if mod(x, 6)+mod(y, 6) < 6 { // the lower left half of the rhombus: up
		return polyform.Cell{X: 3*i + 1, Y: 3*j + 1, Z: c.Z}, true
	}
	return polyform.Cell{X: 3*i + 2, Y: 3*j + 2, Z: c.Z}, true
}
