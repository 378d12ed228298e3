package dedup_test

import (
	"encoding/binary"
	"runtime"
	"testing"

	"github.com/branchwise/branchwise/dedup"
	"github.com/branchwise/branchwise/dedup/deduptest"
)

func TestHashSet(t *testing.T) { deduptest.Run(t, dedup.NewHashSet) }
func TestTrie(t *testing.T)    { deduptest.Run(t, dedup.NewTrie) }

// TestSpill runs the suite on a spilling store that spills every 1,024 keys
// (and merges every 16 spills).
func TestSpill(t *testing.T) { deduptest.Run(t, newTestSpill(t, 1024)) }

func newTestSpill(t *testing.T, minKeys int) func() dedup.Store {
	return func() dedup.Store {
		s, err := dedup.NewSpillForTest(t.TempDir(), minKeys)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() {
			if err := s.Err(); err != nil {
				t.Error(err)
			}
			if err := s.Close(); err != nil {
				t.Error(err)
			}
		})
		return s
	}
}

// FuzzStores drives both stores and a map with the same operations: each
// record of the input is an opcode byte, a length byte and that many key bytes.
func FuzzStores(f *testing.F) {
	f.Add([]byte{0, 2, 'a', 'b', 0, 1, 'a', 2, 2, 'a', 'b', 1, 0})
	f.Add([]byte{0, 0, 0, 1, 0, 0, 2, 0, 0, 0, 0, 3, 0, 0, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		stores := []dedup.Store{dedup.NewHashSet(), dedup.NewTrie(), newTestSpill(t, 4)()}
		ref := map[string]uint64{}
		for v := uint64(1); len(data) >= 2; v++ {
			op, n := data[0]%3, int(data[1])%16
			data = data[2:]
			n = min(n, len(data))
			k := data[:n]
			data = data[n:]
			for _, s := range stores {
				switch op {
				case 0:
					old, found := s.Insert(k, v)
					want, ok := ref[string(k)]
					if !ok {
						want = v
					}
					if found != ok || old != want {
						t.Fatalf("%T Insert(%x) = %d, %v; want %d, %v", s, k, old, found, want, ok)
					}
				case 1:
					s.Set(k, v)
				case 2:
					got, found := s.Get(k)
					want, ok := ref[string(k)]
					if found != ok || got != want {
						t.Fatalf("%T Get(%x) = %d, %v; want %d, %v", s, k, got, found, want, ok)
					}
				}
			}
			switch _, ok := ref[string(k)]; {
			case op == 0 && !ok, op == 1:
				ref[string(k)] = v
			}
			for _, s := range stores {
				if s.Len() != len(ref) {
					t.Fatalf("%T Len %d, want %d", s, s.Len(), len(ref))
				}
			}
		}
	})
}

// TestGrowthBytes checks that the growth a memory check counts is the one
// the next inserts bring: none while the table has room for them, the new
// table (twice the slots, 16 bytes each) when they fill it past 3/4.
func TestGrowthBytes(t *testing.T) {
	s := dedup.NewHashSet().(*dedup.HashSet)
	check := func(inserts int, want int64) {
		t.Helper()
		if got := s.GrowthBytes(inserts); got != want {
			t.Fatalf("with %d keys, GrowthBytes(%d) = %d, want %d", s.Len(), inserts, got, want)
		}
	}
	// The table starts with 1,024 slots and grows at the 769th key.
	check(0, 0)
	check(768, 0)
	check(769, 2048*16)
	for i := range 769 {
		s.Insert([]byte{byte(i), byte(i >> 8)}, 1)
	}
	// 2,048 slots now: room for 1,536 keys.
	check(0, 0)
	check(1536-769, 0)
	check(1536-769+1, 4096*16)
}

// TestTrieHoldsWhatItCounts: the trie allocates, over its whole growth, no
// more than the Bytes it reports, so that nothing is ever copied and a
// memory limit that checks Bytes holds at every moment. Its arrays grew by
// append before (issue 36): the copies made at each growth came to about
// 1.5 times what it then held, and the search it served went 15% over
// --max-mem.
func TestTrieHoldsWhatItCounts(t *testing.T) {
	const n = 300_000
	keys := make([]byte, 8*n)
	for i := range n {
		binary.LittleEndian.PutUint64(keys[8*i:], uint64(i)*0x9e3779b97f4a7c15)
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	s := dedup.NewTrie()
	for i := range n {
		s.Insert(keys[8*i:8*i+8], uint64(i))
	}
	runtime.ReadMemStats(&after)
	allocated := int64(after.TotalAlloc - before.TotalAlloc)
	if held := s.Bytes(); allocated > held+held/50 {
		t.Errorf("the trie allocated %d bytes to hold %d (Bytes): its arrays were copied as they grew", allocated, held)
	}
	if s.Len() != n {
		t.Fatalf("Len %d, want %d", s.Len(), n)
	}
}
