package pdb

import "math/bits"

// Placements ranks the placements of k distinct objects in n cells (n <=
// 64): which cell each object is in, in order. There are n!/(n-k)! of
// them; rank r in 0..n!/(n-k)!-1 is the mixed-radix number whose digit i
// is object i's cell counted among the cells objects 0..i-1 left free.
type Placements struct {
	N, K int
}

// Count returns n!/(n-k)!.
func (p Placements) Count() uint64 {
	c := uint64(1)
	for i := 0; i < p.K; i++ {
		c *= uint64(p.N - i)
	}
	return c
}

// Rank returns the rank of cells[0:k], the cells of objects 0..k-1, which
// must be distinct and below n.
func (p Placements) Rank(cells []int8) uint64 {
	var used uint64
	r := uint64(0)
	for i, c := range cells[:p.K] {
		below := used & (uint64(1)<<uint(c) - 1)
		r = r*uint64(p.N-i) + uint64(int(c)-bits.OnesCount64(below))
		used |= 1 << uint(c)
	}
	return r
}

// Unrank writes into cells[0:k] the placement of rank r and returns the
// mask of the cells used.
func (p Placements) Unrank(r uint64, cells []int8) uint64 {
	var digit [64]int
	for i := p.K - 1; i >= 0; i-- {
		base := uint64(p.N - i)
		digit[i] = int(r % base)
		r /= base
	}
	var used uint64
	for i := 0; i < p.K; i++ {
		c := selectFree(used, digit[i])
		cells[i] = int8(c)
		used |= 1 << uint(c)
	}
	return used
}

// selectFree returns the j-th (from 0) cell whose bit is clear in used.
func selectFree(used uint64, j int) int {
	free := ^used
	for ; j > 0; j-- {
		free &= free - 1
	}
	return bits.TrailingZeros64(free)
}

// SelectFree returns the j-th (from 0) cell whose bit is clear in used.
func SelectFree(used uint64, j int) int { return selectFree(used, j) }
