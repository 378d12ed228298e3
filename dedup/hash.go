package dedup

import (
	"bytes"
	"encoding/binary"
	"math/bits"

	"github.com/branchwise/branchwise/internal/arena"
)

// HashSet is a Store on open addressing; see the package documentation.
type HashSet struct {
	slots []slot
	keys  arena.Keys
	n     int
	shift uint // 64 - log2(len(slots)): a key's home slot is hash >> shift
}

// slot is empty when meta is 0; otherwise meta holds the key's arena
// position plus one in its low 36 bits and the top 28 bits of its hash above
// them. The home slot is taken from the top bits of the hash too, so up to
// 2^28 slots the table grows by moving slots without reading a key.
type slot struct {
	meta uint64
	val  uint64
}

const (
	posBits  = 36
	posMask  = 1<<posBits - 1
	tagShift = posBits
	tagBits  = 64 - posBits
)

// NewHashSet returns an empty hash set.
func NewHashSet() Store { return newHashSet() }

func newHashSet() *HashSet {
	const logInitial = 10
	return &HashSet{slots: make([]slot, 1<<logInitial), shift: 64 - logInitial}
}

// hashKey is a 64-bit hash of key: 8 bytes at a time, each word multiplied
// into the state and folded (a multiply-xorshift mix), then a final
// avalanche so that the low bits (the probe start) and the high bits (the
// tag) are both well mixed.
func hashKey(key []byte) uint64 {
	const m1, m2 = 0x9e3779b97f4a7c15, 0xbf58476d1ce4e5b9
	h := uint64(len(key)) * m1
	for len(key) >= 8 {
		w := binary.LittleEndian.Uint64(key)
		hi, lo := bits.Mul64(h^w, m2)
		h = hi ^ lo
		key = key[8:]
	}
	if len(key) > 0 {
		var w uint64
		for i, c := range key {
			w |= uint64(c) << (8 * i)
		}
		hi, lo := bits.Mul64(h^w^m1, m2)
		h = hi ^ lo
	}
	h ^= h >> 33
	h *= 0xff51afd7ed558ccd
	h ^= h >> 33
	h *= 0xc4ceb9fe1a85ec53
	h ^= h >> 33
	return h
}

func (s *HashSet) mask() uint64 { return uint64(len(s.slots) - 1) }

// find returns the slot index of key, or of the empty slot where it belongs.
func (s *HashSet) find(key []byte, h uint64) (int, bool) {
	tag, mask := h>>tagShift, s.mask()
	for i := h >> s.shift; ; i = (i + 1) & mask {
		m := s.slots[i].meta
		if m == 0 {
			return int(i), false
		}
		if m>>tagShift == tag && bytes.Equal(s.keys.Get(m&posMask-1), key) {
			return int(i), true
		}
	}
}

func (s *HashSet) add(i int, key []byte, h, v uint64) {
	pos := s.keys.Add(key) + 1
	if pos > posMask {
		panic("dedup: more than 64 GiB of keys in one hash set")
	}
	s.slots[i] = slot{meta: pos | h>>tagShift<<tagShift, val: v}
	s.n++
	if s.n*4 > len(s.slots)*3 {
		s.grow()
	}
}

func (s *HashSet) grow() {
	old := s.slots
	s.slots = make([]slot, 2*len(old))
	s.shift--
	mask := s.mask()
	for _, sl := range old {
		if sl.meta == 0 {
			continue
		}
		var i uint64
		if 64-s.shift <= tagBits {
			i = sl.meta >> tagShift >> (tagBits - (64 - s.shift))
		} else {
			i = hashKey(s.keys.Get(sl.meta&posMask-1)) >> s.shift
		}
		for s.slots[i].meta != 0 {
			i = (i + 1) & mask
		}
		s.slots[i] = sl
	}
}

// Insert implements Store.
func (s *HashSet) Insert(key []byte, v uint64) (uint64, bool) {
	h := hashKey(key)
	i, ok := s.find(key, h)
	if ok {
		return s.slots[i].val, true
	}
	s.add(i, key, h, v)
	return v, false
}

// Get implements Store.
func (s *HashSet) Get(key []byte) (uint64, bool) {
	i, ok := s.find(key, hashKey(key))
	if !ok {
		return 0, false
	}
	return s.slots[i].val, true
}

// Set implements Store.
func (s *HashSet) Set(key []byte, v uint64) {
	h := hashKey(key)
	i, ok := s.find(key, h)
	if ok {
		s.slots[i].val = v
		return
	}
	s.add(i, key, h, v)
}

// Len implements Store.
func (s *HashSet) Len() int { return s.n }

// Bytes implements Store.
func (s *HashSet) Bytes() int64 { return int64(cap(s.slots))*16 + s.keys.Bytes() }

// GrowthBytes is what the table's growth allocates, while the old table is
// still held, if it grows within the next inserts insertions; 0 if it does
// not. A memory limit that should hold at every moment counts it (issue 19:
// A* with --max-mem 300MB reached 420 MB) but only when the growth is near:
// counted all the time, it would stop a search at the start of each
// doubling, with the table a little over a third full (issue 18: the
// depth-first decider kept half the positions the limit allows).
func (s *HashSet) GrowthBytes(inserts int) int64 {
	if (s.n+inserts)*4 <= len(s.slots)*3 {
		return 0
	}
	return int64(len(s.slots)) * 2 * 16
}
