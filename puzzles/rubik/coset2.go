package rubik

import (
	"context"
	"fmt"
	"runtime"
	"time"

	"github.com/branchwise/branchwise/pdb"
)

// Packed coset tables: 2 bits an entry, half the memory of the 4-bit
// table (325 MB for CosetEO2, nxopt's size). Each block of packEntries
// entries keeps its least distance lo (4 bits): 62 entries and lo fill
// 128 bits, as in Rokicki's nxopt (which keeps distances relative to a
// base there). An entry of distance d holds d mod 3, except that code 3
// stands for d >= lo+3 with d congruent to lo: every code names the
// residue of d mod 3. Distances are recovered two ways, both giving a
// value congruent to d and at most d:
//
//   - anchored: lo+3 for code 3, else the least value >= lo of the code's
//     residue; it is d when d <= lo+3, else d less a multiple of 3;
//   - relative to a neighbour: a turn moves an abstraction to one whose
//     distance differs by at most one, so from the exact distance p of the
//     abstraction before the turn the residue decides d among p-1, p, p+1
//     (Kociemba's optimal solver keeps distances mod 3 for this). From a
//     value p' = p - 3k below p it gives d - 3k: still a lower bound.
//
// The search keeps the larger of the two, so a value known exactly at the
// root (descending the table, exactAt) stays exact along the turns that
// move an axis's coordinates; lookups made from scratch (the side of the
// cube a turn multiplies on the left) are anchored.

// packEntries is the number of entries in a block of two words: the
// first word holds lo in bits 0..3 and entries 0..29 in bits 4 up, the
// second entries 30..61.
const packEntries = 62

// packLow is the number of entries in a block's first word.
const packLow = 30

// refRows is the rows of decodeTab: no neighbour (-1), then the
// neighbour values 0..15 (a coset distance is at most 15, the 4-bit
// table's limit), rounded up to a power of two for a mask.
const refRows = 32

// decodeTab[ref+1][lo][code] is the value of an entry (the larger of the
// anchored and the relative value; the anchored alone for ref -1), and
// residueTab[lo][code] the residue mod 3 the code names.
var (
	decodeTab  [refRows][16][4]int8
	residueTab [16][4]int8
)

func init() {
	for lo := 0; lo < 16; lo++ {
		for c := 0; c < 4; c++ {
			res, a := c, lo+(c-lo%3+3)%3
			if c == 3 {
				res, a = lo%3, lo+3
			}
			residueTab[lo][c] = int8(res)
			decodeTab[0][lo][c] = int8(a)
			for p := 0; p+1 < refRows; p++ {
				rel := p - 1 + (res-(p+2)%3+3)%3
				decodeTab[p+1][lo][c] = int8(max(a, rel))
			}
		}
	}
}

// packedWords is the number of words of a packed table of size entries.
func packedWords(size uint64) uint64 { return (size + packEntries - 1) / packEntries * 2 }

// packedID names a packed table for the cache.
func packedID(sp *CosetSpace) string { return sp.ID() + "-2bit" }

// packedCode returns entry i's distance mod 3 and its block's least
// distance.
func packedCode(w []uint64, i uint64) (c, lo int) {
	b := i / packEntries
	r := i - b*packEntries
	w0 := w[2*b]
	lo = int(w0 & 15)
	if r < packLow {
		return int(w0>>(4+2*r)) & 3, lo
	}
	return int(w[2*b+1]>>(2*(r-packLow))) & 3, lo
}

// packedValue returns entry i's value: anchored, or the larger of that and
// the value relative to ref, a neighbour's value, when ref >= 0.
func packedValue(w []uint64, i uint64, ref int) int {
	c, lo := packedCode(w, i)
	return int(decodeTab[(ref+1)&(refRows-1)][lo][c])
}

// packCode returns the code of distance d in a block of least distance lo.
func packCode(d, lo int) uint64 {
	if d >= lo+3 && (d-lo)%3 == 0 {
		return 3
	}
	return uint64(d % 3)
}

// packStats counts what packing lost: the entries whose anchored value is
// not their distance (d > lo+3 in their block), of all.
type packStats struct {
	Entries, Inexact uint64
}

// packCoset writes the 2-bit form of the first size entries of the 4-bit
// table t into a table of packedWords words named id, on workers
// goroutines.
func packCoset(ctx context.Context, id string, size uint64, t *pdb.Table, workers int) (*pdb.Table, packStats, error) {
	nw := packedWords(size)
	p := pdb.NewTable(id, nw*16)
	w := p.Words()
	blocks := int(nw / 2)
	// chunkBlocks is the blocks a worker takes at a time.
	const chunkBlocks = 1 << 14
	chunks := (blocks + chunkBlocks - 1) / chunkBlocks
	var st packStats
	bad := eachRows(ctx, workers, chunks, func(c0, c1 int) int64 {
		n := int64(0)
		for b := c0 * chunkBlocks; b < min(c1*chunkBlocks, blocks); b++ {
			i0 := uint64(b) * packEntries
			i1 := min(i0+packEntries, size)
			lo := pdb.MaxEntry
			for i := i0; i < i1; i++ {
				lo = min(lo, t.Get(i))
			}
			w0, w1 := uint64(lo), uint64(0)
			for i := i0; i < i1; i++ {
				d := t.Get(i)
				if d > lo+3 {
					n++
				}
				r := i - i0
				if r < packLow {
					w0 |= packCode(d, lo) << (4 + 2*r)
				} else {
					w1 |= packCode(d, lo) << (2 * (r - packLow))
				}
			}
			w[2*b], w[2*b+1] = w0, w1
		}
		return n
	})
	if err := ctx.Err(); err != nil {
		return nil, st, err
	}
	st.Entries, st.Inexact = size, uint64(bad)
	return p, st, nil
}

// LoadPackedCoset loads the 2-bit coset table of eo from the cache
// directory dir, or makes it from the 4-bit one (LoadCoset, which loads or
// builds that) on all cores and saves it there ("" caches nothing).
func LoadPackedCoset(ctx context.Context, dir string, eo CosetEO, o pdb.Options) (*CosetTable, pdb.Source, error) {
	begin := time.Now()
	sp, err := NewCosetSpace(eo)
	if err != nil {
		return nil, pdb.Source{}, err
	}
	nw := packedWords(sp.Size())
	t, src, err := cachedTable(begin, dir, packedID(sp), nw*16, func() (*pdb.Table, error) {
		if o.MaxMem > 0 && int64(nw*8) > o.MaxMem {
			return nil, fmt.Errorf("%w: coset table %s needs %d bytes, limit %d", pdb.ErrMemory, packedID(sp), nw*8, o.MaxMem)
		}
		full, _, err := LoadCoset(ctx, dir, eo, o)
		if err != nil {
			return nil, err
		}
		workers := o.Workers
		if workers <= 0 {
			workers = runtime.GOMAXPROCS(0)
		}
		t, _, err := packCoset(ctx, packedID(sp), sp.Size(), full.Table, workers)
		return t, err
	})
	if err != nil {
		return nil, src, err
	}
	return &CosetTable{Space: sp, Packed: t}, src, nil
}

// get returns the value of entry i: the 4-bit table's, or the packed
// one's (packedValue, with ref a neighbour's value or -1).
func (ct *CosetTable) get(i uint64, ref int) int {
	if ct.Packed == nil {
		return ct.Table.Get(i)
	}
	return packedValue(ct.Packed.Words(), i, ref)
}

// exactAt returns the distance of abstraction (x, e). A packed table is
// descended: from distance d > 0 some turn leads to d-1, and the only
// neighbour congruent to d-1 mod 3 is at d-1 (neighbours are at d-1, d or
// d+1), so the steps down to the solved abstraction count d.
func (ct *CosetTable) exactAt(x, e uint32) int {
	sp := ct.Space
	i := sp.index(x, e)
	if ct.Packed == nil {
		return ct.Table.Get(i)
	}
	w := ct.Packed.Words()
	sol := Solved()
	goal := sp.index(cornerCoord(&sol), edgeCoord(&sol, sp.EO))
	c, lo := packedCode(w, i)
	res := residueTab[lo][c]
	i0, d := i, 0
	for i != goal {
		want := (res + 2) % 3
		found := false
		for m := 0; m < 18; m++ {
			x2, e2 := sp.cornerMove(x, m), sp.edgeMove(e, m)
			i2 := sp.index(x2, e2)
			if c2, lo2 := packedCode(w, i2); residueTab[lo2][c2] == want {
				x, e, i, res, found = x2, e2, i2, want, true
				break
			}
		}
		if !found || d > pdb.MaxEntry {
			// Not a table of distances (it passed its checksum, so a
			// bug): the anchored value is still a lower bound.
			return packedValue(w, i0, -1)
		}
		d++
	}
	return d
}
