package rubik

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/branchwise/branchwise/pdb"
)

// CosetTable is a built coset table with its space: Table with 4-bit
// entries, or Packed with 2-bit ones (coset2.go), the other nil.
type CosetTable struct {
	Space  *CosetSpace
	Table  *pdb.Table
	Packed *pdb.Table
}

// Bytes returns the memory of the table's entries.
func (ct *CosetTable) Bytes() int64 {
	if ct.Packed != nil {
		return ct.Packed.Bytes()
	}
	return ct.Table.Bytes()
}

// nibbles is a word with every 4-bit entry set to 1: times d, a word of d.
const nibbles = 0x1111111111111111

// pushShare: a layer is expanded forwards (each state of the frontier
// marks its unreached neighbours, on one core) while the frontier is
// below this share of the unreached entries, and backwards (each unreached
// entry looks for a neighbour in the frontier, on all cores) after.
const pushShare = 8

// rowsPerTake is the number of rows a worker takes at a time in a
// backward layer: a row is 495 (EO1) or 7,920 (EO2) words.
const rowsPerTake = 4

// BuildCoset builds the table of sp by a breadth-first search from the
// solved cube over the symmetry-reduced entries. An entry of a class whose
// representative has symmetries stands for the same cosets as its images
// under them, so it is filled with them (forwards) or found by the same
// search (backwards).
func BuildCoset(ctx context.Context, sp *CosetSpace, o pdb.Options) (*pdb.Table, error) {
	size := sp.Size()
	need := int64(size/2 + size/8)
	if o.MaxMem > 0 && need > o.MaxMem {
		return nil, fmt.Errorf("%w: coset table %s needs %d bytes, limit %d", pdb.ErrMemory, sp.ID(), need, o.MaxMem)
	}
	workers := o.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	start := time.Now()
	t := pdb.NewTable(sp.ID(), size)
	w := t.Words()
	ne := uint64(sp.EO.edgeCoords())
	rowWords := ne / 16
	// rowMove[class*18+m]: class and symmetry of the representative
	// turned by m.
	rowMove := make([]uint32, sp.Classes*18)
	for c, x := range sp.rep {
		for m := 0; m < 18; m++ {
			rowMove[c*18+m] = sp.classSym[sp.cornerMove(x, m)]
		}
	}
	get := func(i uint64) uint64 { return w[i>>4] >> (i & 15 * 4) & 15 }
	set := func(i, d uint64) { w[i>>4] &^= (15 ^ d) << (i & 15 * 4) }
	// fill sets entry (class, e) and its images under the class's
	// symmetries to d, returning the number newly set.
	fill := func(class uint32, e uint32, d uint64) int64 {
		n := int64(0)
		for s := 0; s < cosetSyms; s++ {
			if sp.stab[class]>>s&1 == 1 {
				i := uint64(class)*ne + uint64(sp.edgeSym(s, e))
				if get(i) == pdb.Unset {
					set(i, d)
					n++
				}
			}
		}
		return n
	}
	// fillAtomic is fill for concurrent workers.
	fillAtomic := func(class uint32, e uint32, d uint64) int64 {
		n := int64(0)
		for s := 0; s < cosetSyms; s++ {
			if sp.stab[class]>>s&1 == 0 {
				continue
			}
			i := uint64(class)*ne + uint64(sp.edgeSym(s, e))
			p, sh := &w[i>>4], i&15*4
			for {
				x := atomic.LoadUint64(p)
				if x>>sh&15 != pdb.Unset {
					break
				}
				if atomic.CompareAndSwapUint64(p, x, x&^((15^d)<<sh)) {
					n++
					break
				}
			}
		}
		return n
	}
	solved := Solved()
	cs := sp.classSym[cornerCoord(&solved)]
	frontier := fill(cs>>4, sp.edgeSym(int(cs&15), edgeCoord(&solved, sp.EO)), 0)
	filled := uint64(frontier)
	next := make([]uint16, 0)
	report := func(d int, n int64) {
		if o.Progress != nil {
			o.Progress(pdb.Layer{Depth: d, States: n, Entries: n, Filled: filled, Size: size, Elapsed: time.Since(start)})
		}
	}
	report(0, frontier)
	for d := uint64(0); frontier > 0 && d+1 < pdb.Unset; d++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		var found int64
		if uint64(frontier)*pushShare < size-filled {
			// Forwards: the workers scan rows for entries at d and mark
			// their neighbours with compare-and-swap (another worker may
			// be marking the same word).
			found = eachRows(ctx, workers, sp.Classes, func(r0, r1 int) (n int64) {
				for wi := uint64(r0) * rowWords; wi < uint64(r1)*rowWords; wi++ {
					x := atomic.LoadUint64(&w[wi])
					if x == ^uint64(0) {
						continue
					}
					for k := uint64(0); k < 16; k++ {
						if x>>(4*k)&15 != d {
							continue
						}
						i := wi*16 + k
						class, e := uint32(i/ne), uint32(i%ne)
						for m := 0; m < 18; m++ {
							cs := rowMove[int(class)*18+m]
							n += fillAtomic(cs>>4, sp.edgeSym(int(cs&15), sp.edgeMove(e, m)), d+1)
						}
					}
				}
				return n
			})
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		} else {
			// Backwards: every unreached entry looks for a neighbour at d;
			// marks go to next and are applied after, so that no word is
			// written while another worker may read it.
			if len(next) == 0 {
				next = make([]uint16, len(w))
			}
			found = eachRows(ctx, workers, sp.Classes, func(r0, r1 int) (n int64) {
				for r := r0; r < r1; r++ {
					moves := rowMove[r*18 : r*18+18]
					for wi := uint64(r) * rowWords; wi < uint64(r+1)*rowWords; wi++ {
						x := w[wi]
						if x&(x>>1)&(x>>2)&(x>>3)&nibbles == 0 {
							continue // no entry unreached
						}
						var mark uint16
						for k := uint64(0); k < 16; k++ {
							if x>>(4*k)&15 != pdb.Unset {
								continue
							}
							e := uint32((wi-uint64(r)*rowWords)*16 + k)
							for m, cs := range moves {
								j := uint64(cs>>4)*ne + uint64(sp.edgeSym(int(cs&15), sp.edgeMove(e, m)))
								if get(j) == d {
									mark |= 1 << k
									n++
									break
								}
							}
						}
						next[wi] = mark
					}
				}
				return n
			})
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			for wi, mk := range next {
				if mk == 0 {
					continue
				}
				for k := uint64(0); k < 16; k++ {
					if mk>>k&1 == 1 {
						w[wi] &^= (15 ^ (d + 1)) << (4 * k)
					}
				}
				next[wi] = 0
			}
		}
		filled += uint64(found)
		frontier = found
		report(int(d+1), found)
	}
	return t, nil
}

// LoadCoset loads the coset table of eo from the cache directory dir, or
// builds it (and saves it there; "" caches nothing).
func LoadCoset(ctx context.Context, dir string, eo CosetEO, o pdb.Options) (*CosetTable, pdb.Source, error) {
	begin := time.Now()
	sp, err := NewCosetSpace(eo)
	if err != nil {
		return nil, pdb.Source{}, err
	}
	t, src, err := cachedTable(begin, dir, sp.ID(), sp.Size(), func() (*pdb.Table, error) { return BuildCoset(ctx, sp, o) })
	if err != nil {
		return nil, src, err
	}
	return &CosetTable{Space: sp, Table: t}, src, nil
}

// cachedTable loads the table of this ID and size from the cache
// directory dir, or makes it with build and saves it there ("" caches
// nothing); the source's time counts from begin.
func cachedTable(begin time.Time, dir, id string, size uint64, build func() (*pdb.Table, error)) (*pdb.Table, pdb.Source, error) {
	src := pdb.Source{}
	if dir != "" {
		src.Path = filepath.Join(dir, pdb.FileName(id))
		t, err := pdb.LoadID(src.Path, id, size)
		if err == nil {
			src.Elapsed = time.Since(begin)
			return t, src, nil
		}
		if !errors.Is(err, os.ErrNotExist) {
			src.Rebuilt = err
		}
	}
	t, err := build()
	if err != nil {
		return nil, src, err
	}
	src.Built = true
	if src.Path != "" {
		if err := pdb.Save(src.Path, t); err != nil {
			return nil, src, fmt.Errorf("rubik: saving %s: %w", src.Path, err)
		}
	}
	src.Elapsed = time.Since(begin)
	return t, src, nil
}

// axisValues returns the table's values on the three conjugates of c that
// put the U-D, R-L and F-B axes up (Cube.Conjugate).
func (ct *CosetTable) axisValues(c *Cube) [MaxConjugates]int {
	var v [MaxConjugates]int
	for r := 0; r < MaxConjugates; r++ {
		v[r] = ct.exactAt(axisCoords(c, r, ct.Space.EO))
	}
	return v
}

// bound combines the three axes' values: their largest, plus one when all
// three are the same x >= 1 (no solution of length x can end with a turn
// of any axis).
func bound(v [MaxConjugates]int) int {
	b := max(v[0], v[1], v[2])
	if v[0] == v[1] && v[1] == v[2] && b >= 1 {
		b++
	}
	return b
}

// Value returns the lower bound the table gives on c's distance: from the
// three axes of c and, with inverse, of c^-1.
func (ct *CosetTable) Value(c Cube, inverse bool) int {
	b := bound(ct.axisValues(&c))
	if inverse {
		ci := c.Inverse()
		b = max(b, bound(ct.axisValues(&ci)))
	}
	return b
}

// eachRows hands the rows 0..rows-1 to workers goroutines in batches of
// rowsPerTake, calling do with each batch's rows r0..r1-1, until ctx ends,
// and returns the sum of what do returns.
func eachRows(ctx context.Context, workers, rows int, do func(r0, r1 int) int64) int64 {
	var take, total atomic.Int64
	var wg sync.WaitGroup
	for k := 0; k < workers; k++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			n := int64(0)
			for {
				r0 := int(take.Add(rowsPerTake)) - rowsPerTake
				if r0 >= rows || ctx.Err() != nil {
					break
				}
				n += do(r0, min(r0+rowsPerTake, rows))
			}
			total.Add(n)
		}()
	}
	wg.Wait()
	return total.Load()
}
