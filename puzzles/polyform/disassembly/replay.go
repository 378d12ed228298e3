package disassembly

import (
	"fmt"
	"slices"

	"github.com/branchwise/branchwise/puzzles/polyform"
)

// Replay checks a disassembly of the assembly whose pieces have the given
// voxels, independently of the search: it slides every group one unit at
// a time, checking that no voxel ever meets a voxel of a piece that stays,
// that the last move of each separation takes its group clear of the
// others for good, and that the parts cover the pieces; a part left
// whole must be a single piece or pieces of one group (groups as in
// Disassembler.Groups; nil for none). It returns the first problem found,
// nil if the disassembly is sound.
func Replay(pieces [][]polyform.Cell, groups []int, s *Separation) error {
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
	return replay(pos, groups, s)
}

func sorted(s []int) []int {
	s = slices.Clone(s)
	slices.Sort(s)
	return s
}

// replay plays s on the pieces at pos (moved in place).
func replay(pos map[int][]polyform.Cell, groups []int, s *Separation) error {
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
		if m.Dir < 0 || m.Dir > MinusZ {
			return fmt.Errorf("disassembly: move %d: bad direction %d", k+1, m.Dir)
		}
		// The voxels that stay, and how far the group must go to be clear
		// of them.
		still := map[polyform.Cell]bool{}
		lo, hi := 1<<30, -(1 << 30)
		for _, p := range s.Pieces {
			for _, c := range pos[p] {
				v := coord(c, m.Dir.axis()) * m.Dir.sign()
				if group[p] {
					lo = min(lo, v)
				} else {
					still[c] = true
					hi = max(hi, v)
				}
			}
		}
		steps := m.Amount
		if m.Away {
			steps = max(hi-lo+1, 1) // then every voxel of the group is beyond the others
		} else if steps < 1 {
			return fmt.Errorf("disassembly: move %d (%v): amount below 1", k+1, m)
		}
		for range steps {
			for p := range group {
				for i, c := range pos[p] {
					c = m.Dir.step(c, 1)
					if still[c] {
						return fmt.Errorf("disassembly: move %d (%v): piece %d runs into another at %v", k+1, m, p, c)
					}
					pos[p][i] = c
				}
			}
		}
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
			if part.sep == nil && (&Disassembler{Groups: groups}).oneGroup(part.pcs) {
				continue
			}
			if part.sep == nil {
				return fmt.Errorf("disassembly: the part %v of %v is not taken apart", part.pcs, s.Pieces)
			}
			if !slices.Equal(sorted(part.sep.Pieces), sorted(part.pcs)) {
				return fmt.Errorf("disassembly: the separation of %v has pieces %v", part.pcs, part.sep.Pieces)
			}
			if err := replay(pos, groups, part.sep); err != nil {
				return err
			}
		}
	}
	return nil
}

func coord(c polyform.Cell, a int) int {
	switch a {
	case 0:
		return c.X
	case 1:
		return c.Y
	}
	return c.Z
}
