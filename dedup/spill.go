package dedup

import (
	"bufio"
	"bytes"
	"cmp"
	"container/heap"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"os"
	"path/filepath"
	"slices"
)

// The spilling store's constants. A spill writes the older part of the
// in-memory table to a run file sorted by hash; a lookup that misses the
// table asks each run's filter, and reads one block of a run only when the
// filter says the key may be there.
const (
	// spillBlock records make a block, the unit a lookup reads: with the
	// 20- to 30-byte keys of the searches here a block is 2 to 3 KB, one
	// read from the page cache, and the index holds 16 bytes per block
	// (a quarter byte per key).
	spillBlock = 64
	// spillMaxRuns runs are merged into one: every lookup that misses the
	// table tests each run's filter (one cache line each), so runs must
	// stay few; a merge rewrites what is on disk, so not too often.
	spillMaxRuns = 16
	// bloomBitsPerKey and bloomProbes give a filter that answers "maybe"
	// for about 1% of the keys it does not hold (a blocked filter: all of
	// a key's bits in one 512-bit block), so about one new key in a
	// hundred per run costs a block read.
	bloomBitsPerKey = 10
	bloomProbes     = 7
	// spillKeep is the share of the table's keys that stay in memory after
	// a spill, the newest: a search meets again mostly the states it has
	// just made (a depth-first search's siblings and cousins), so they are
	// the most valuable entries to keep at hand.
	spillKeep = 4 // one in four
	// spillMinKeys: no spill while the table holds fewer keys (a limit
	// below an empty table's size would spill at every insertion).
	spillMinKeys = 1 << 12
)

// Spill is a Store whose in-memory table stays under a byte budget: when
// it would pass it, the oldest three quarters of its keys move to a run file
// on disk, sorted by hash, with a filter and a block index in memory (about
// 1.5 bytes a key). Nothing is ever forgotten: a key on disk is found as one
// in memory is, so a search that uses a Spill visits exactly the states it
// would with a HashSet, only more slowly once it spills, and a long proof
// is not cut short by a memory limit. A Set of a key on disk keeps the new
// value in memory; lookups take the newest value. The files live in a
// directory of their own, removed by Close.
//
// A spill holds briefly 24 bytes a key of the table more than Bytes says,
// and the kept quarter's new table. An I/O error stops spilling (the table
// then grows as a HashSet does, and a memory limit stops the search) and
// is kept for Err; a read error makes a lookup miss, which costs a search
// a repeated visit, never a wrong answer.
type Spill struct {
	dir     string
	limit   int64
	minKeys int
	mem     *HashSet
	runs    []*spillRun // oldest first
	n       int         // distinct keys, in memory and on disk
	next    int         // number of the next run file
	spills  int
	err     error
	buf     []byte // a lookup's block
}

// spillRun is one sorted run file: records of (hash, value, key length,
// key) in increasing (hash, key) order, a key at most once.
type spillRun struct {
	f      *os.File
	size   int64
	n      int      // records
	first  []uint64 // the hash of each block's first record
	offset []int64  // where each block starts
	filter []uint64 // blocked Bloom filter, 8 words a block
}

// NewSpill returns an empty spilling store that keeps at most about limit
// bytes in memory and its runs in a new directory made inside dir (the
// system's temporary directory when dir is "").
func NewSpill(dir string, limit int64) (*Spill, error) {
	d, err := os.MkdirTemp(dir, "branchwise-spill-")
	if err != nil {
		return nil, fmt.Errorf("dedup: spill directory: %w", err)
	}
	return &Spill{dir: d, limit: limit, minKeys: spillMinKeys, mem: newHashSet()}, nil
}

// Insert implements Store.
func (s *Spill) Insert(key []byte, v uint64) (uint64, bool) {
	h := hashKey(key)
	i, ok := s.mem.find(key, h)
	if ok {
		return s.mem.slots[i].val, true
	}
	if old, ok := s.diskGet(key, h); ok {
		return old, true
	}
	s.mem.add(i, key, h, v)
	s.n++
	s.maybeSpill()
	return v, false
}

// Get implements Store.
func (s *Spill) Get(key []byte) (uint64, bool) {
	h := hashKey(key)
	if i, ok := s.mem.find(key, h); ok {
		return s.mem.slots[i].val, true
	}
	return s.diskGet(key, h)
}

// Set implements Store.
func (s *Spill) Set(key []byte, v uint64) {
	h := hashKey(key)
	i, ok := s.mem.find(key, h)
	if ok {
		s.mem.slots[i].val = v
		return
	}
	if _, ok := s.diskGet(key, h); !ok {
		s.n++
	}
	s.mem.add(i, key, h, v)
	s.maybeSpill()
}

// Len implements Store.
func (s *Spill) Len() int { return s.n }

// Bytes implements Store: the table, the filters and the block indexes.
func (s *Spill) Bytes() int64 {
	b := s.mem.Bytes() + int64(cap(s.buf))
	for _, r := range s.runs {
		b += int64(cap(r.filter))*8 + int64(cap(r.first))*8 + int64(cap(r.offset))*8
	}
	return b
}

// GrowthBytes is 0: the table spills rather than grow past the budget.
func (s *Spill) GrowthBytes(int) int64 { return 0 }

// SpillStats says how much a Spill has moved to disk.
type SpillStats struct {
	Spills    int   // spills so far
	Runs      int   // run files now
	DiskKeys  int   // records in them (a key set again may be in two)
	DiskBytes int64 // their size
	MemKeys   int   // keys in the table
}

// Stats returns what the store holds where.
func (s *Spill) Stats() SpillStats {
	st := SpillStats{Spills: s.spills, Runs: len(s.runs), MemKeys: s.mem.n}
	for _, r := range s.runs {
		st.DiskKeys += r.n
		st.DiskBytes += r.size
	}
	return st
}

// Err returns the first I/O error the store met, if any.
func (s *Spill) Err() error { return s.err }

// Close closes and removes the run files and their directory. The store
// must not be used after.
func (s *Spill) Close() error {
	var errs []error
	for _, r := range s.runs {
		errs = append(errs, r.f.Close())
	}
	s.runs = nil
	errs = append(errs, os.RemoveAll(s.dir))
	return errors.Join(errs...)
}

func (s *Spill) fail(err error) {
	switch {
	case s.err != nil:
	case errors.Is(err, errCorruptRun):
		s.err = err
	default:
		s.err = fmt.Errorf("dedup: spill: %w", err)
	}
}

// diskGet looks key up in the runs, newest first.
func (s *Spill) diskGet(key []byte, h uint64) (uint64, bool) {
	for i := len(s.runs) - 1; i >= 0; i-- {
		r := s.runs[i]
		if !r.mayHold(h) {
			continue
		}
		v, ok, err := r.find(key, h, &s.buf)
		if err != nil {
			s.fail(err)
			continue
		}
		if ok {
			return v, true
		}
	}
	return 0, false
}

func (s *Spill) maybeSpill() {
	if s.err != nil || s.mem.n < s.minKeys || s.Bytes()+s.mem.GrowthBytes(1) <= s.limit {
		return
	}
	if err := s.spill(); err != nil {
		s.fail(err)
	}
}

// spillEntry is a table entry on its way out: its full hash, its value
// and its place in the key arena (the order of insertion).
type spillEntry struct {
	h, v, pos uint64
}

// spill moves all but the newest quarter of the table to a new run.
func (s *Spill) spill() error {
	old := s.mem
	es := make([]spillEntry, 0, old.n)
	for _, sl := range old.slots {
		if sl.meta != 0 {
			pos := sl.meta&posMask - 1
			es = append(es, spillEntry{hashKey(old.keys.Get(pos)), sl.val, pos})
		}
	}
	slices.SortFunc(es, func(a, b spillEntry) int { return cmp.Compare(a.pos, b.pos) })
	cut := len(es) - len(es)/spillKeep
	kept, out := es[cut:], es[:cut]
	slices.SortFunc(out, func(a, b spillEntry) int {
		if c := cmp.Compare(a.h, b.h); c != 0 {
			return c
		}
		return bytes.Compare(old.keys.Get(a.pos), old.keys.Get(b.pos))
	})
	w, err := s.newRunWriter(len(out))
	if err != nil {
		return err
	}
	for _, e := range out {
		w.add(e.h, e.v, old.keys.Get(e.pos))
	}
	r, err := w.finish()
	if err != nil {
		return err
	}
	mem := newHashSet()
	for _, e := range kept {
		key := old.keys.Get(e.pos)
		i, _ := mem.find(key, e.h)
		mem.add(i, key, e.h, e.v)
	}
	s.mem = mem
	s.runs = append(s.runs, r)
	s.spills++
	if len(s.runs) >= spillMaxRuns {
		return s.merge()
	}
	return nil
}

// runWriter writes a run file and builds its filter and index.
type runWriter struct {
	r   *spillRun
	w   *bufio.Writer
	hdr [2*8 + binary.MaxVarintLen64]byte
}

func (s *Spill) newRunWriter(n int) (*runWriter, error) {
	f, err := os.Create(filepath.Join(s.dir, fmt.Sprintf("run-%d", s.next)))
	if err != nil {
		return nil, err
	}
	s.next++
	blocks := max(1, (n*bloomBitsPerKey+511)/512)
	r := &spillRun{f: f, filter: make([]uint64, 8*blocks)}
	return &runWriter{r: r, w: bufio.NewWriterSize(f, 1<<20)}, nil
}

func (w *runWriter) add(h, v uint64, key []byte) {
	r := w.r
	if r.n%spillBlock == 0 {
		r.first = append(r.first, h)
		r.offset = append(r.offset, r.size)
	}
	r.n++
	r.addToFilter(h)
	binary.LittleEndian.PutUint64(w.hdr[0:], h)
	binary.LittleEndian.PutUint64(w.hdr[8:], v)
	m := 16 + binary.PutUvarint(w.hdr[16:], uint64(len(key)))
	w.w.Write(w.hdr[:m]) // errors are sticky: Flush reports them
	w.w.Write(key)
	r.size += int64(m + len(key))
}

func (w *runWriter) finish() (*spillRun, error) {
	if err := w.w.Flush(); err != nil {
		w.r.f.Close()
		return nil, err
	}
	return w.r, nil
}

// filterBits returns the filter block of hash h and the second hash whose
// 9-bit fields pick the bits in it.
func (r *spillRun) filterBits(h uint64) (block int, g uint64) {
	hi, _ := bits.Mul64(h, uint64(len(r.filter)/8))
	return int(hi) * 8, h*0x9e3779b97f4a7c15 ^ h>>29
}

func (r *spillRun) addToFilter(h uint64) {
	b, g := r.filterBits(h)
	for range bloomProbes {
		bit := g & 511
		r.filter[b+int(bit>>6)] |= 1 << (bit & 63)
		g >>= 9
	}
}

func (r *spillRun) mayHold(h uint64) bool {
	b, g := r.filterBits(h)
	for range bloomProbes {
		bit := g & 511
		if r.filter[b+int(bit>>6)]&(1<<(bit&63)) == 0 {
			return false
		}
		g >>= 9
	}
	return true
}

// find reads the blocks where records of hash h are, from the last block
// that starts below h (records of h may begin at the end of the block
// before the first block that starts at h).
func (r *spillRun) find(key []byte, h uint64, buf *[]byte) (uint64, bool, error) {
	b, _ := slices.BinarySearch(r.first, h)
	b = max(b-1, 0)
	for ; b < len(r.offset); b++ {
		end := r.size
		if b+1 < len(r.offset) {
			end = r.offset[b+1]
		}
		n := int(end - r.offset[b])
		if cap(*buf) < n {
			*buf = make([]byte, n)
		}
		p := (*buf)[:n]
		if _, err := r.f.ReadAt(p, r.offset[b]); err != nil {
			return 0, false, err
		}
		for len(p) > 0 {
			rh, rv, rk, rest, err := parseRecord(p)
			if err != nil {
				return 0, false, err
			}
			if rh > h {
				return 0, false, nil
			}
			if rh == h && bytes.Equal(rk, key) {
				return rv, true, nil
			}
			p = rest
		}
	}
	return 0, false, nil
}

var errCorruptRun = errors.New("dedup: spill: corrupt run file")

func parseRecord(p []byte) (h, v uint64, key, rest []byte, err error) {
	if len(p) < 17 {
		return 0, 0, nil, nil, errCorruptRun
	}
	h, v = binary.LittleEndian.Uint64(p), binary.LittleEndian.Uint64(p[8:])
	n, m := binary.Uvarint(p[16:])
	if m <= 0 || uint64(len(p)-16-m) < n {
		return 0, 0, nil, nil, errCorruptRun
	}
	key = p[16+m : 16+m+int(n)]
	return h, v, key, p[16+m+int(n):], nil
}

// merge rewrites every run as one, keeping each key's newest record.
func (s *Spill) merge() error {
	total := 0
	var h mergeHeap
	for i, r := range s.runs {
		total += r.n
		c := &runCursor{run: i, r: bufio.NewReaderSize(io.NewSectionReader(r.f, 0, r.size), 1<<16)}
		ok, err := c.advance()
		if err != nil {
			return err
		}
		if ok {
			h = append(h, c)
		}
	}
	heap.Init(&h)
	w, err := s.newRunWriter(total)
	if err != nil {
		return err
	}
	var lastH uint64
	var lastKey []byte
	for len(h) > 0 {
		c := h[0]
		if w.r.n == 0 || c.h != lastH || !bytes.Equal(c.key, lastKey) {
			// The heap gives equal keys newest run first.
			w.add(c.h, c.v, c.key)
			lastH, lastKey = c.h, append(lastKey[:0], c.key...)
		}
		ok, err := c.advance()
		if err != nil {
			w.r.f.Close()
			return err
		}
		if ok {
			heap.Fix(&h, 0)
		} else {
			heap.Pop(&h)
		}
	}
	r, err := w.finish()
	if err != nil {
		return err
	}
	var errs []error
	for _, old := range s.runs {
		errs = append(errs, old.f.Close(), os.Remove(old.f.Name()))
	}
	s.runs = []*spillRun{r}
	return errors.Join(errs...)
}

// runCursor reads a run's records in order during a merge.
type runCursor struct {
	run  int // the run's age: higher is newer
	r    *bufio.Reader
	h, v uint64
	key  []byte
	hdr  [16]byte
}

func (c *runCursor) advance() (bool, error) {
	if _, err := io.ReadFull(c.r, c.hdr[:]); err != nil {
		if err == io.EOF {
			return false, nil
		}
		return false, err
	}
	c.h, c.v = binary.LittleEndian.Uint64(c.hdr[:]), binary.LittleEndian.Uint64(c.hdr[8:])
	n, err := binary.ReadUvarint(c.r)
	if err != nil {
		return false, err
	}
	if n > 1<<30 {
		return false, errCorruptRun
	}
	c.key = slices.Grow(c.key[:0], int(n))[:n]
	_, err = io.ReadFull(c.r, c.key)
	return err == nil, err
}

// mergeHeap orders cursors by (hash, key), the newest run first on ties.
type mergeHeap []*runCursor

func (m mergeHeap) Len() int { return len(m) }
func (m mergeHeap) Less(i, j int) bool {
	a, b := m[i], m[j]
	if a.h != b.h {
		return a.h < b.h
	}
	if c := bytes.Compare(a.key, b.key); c != 0 {
		return c < 0
	}
	return a.run > b.run
}
func (m mergeHeap) Swap(i, j int) { m[i], m[j] = m[j], m[i] }
func (m *mergeHeap) Push(x any)   { *m = append(*m, x.(*runCursor)) }
func (m *mergeHeap) Pop() any {
	old := *m
	x := old[len(old)-1]
	*m = old[:len(old)-1]
	return x
}
