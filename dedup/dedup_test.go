package dedup_test

import (
	"testing"

	"github.com/branchwise/branchwise/dedup"
	"github.com/branchwise/branchwise/dedup/deduptest"
)

func TestHashSet(t *testing.T) { deduptest.Run(t, dedup.NewHashSet) }
func TestTrie(t *testing.T)    { deduptest.Run(t, dedup.NewTrie) }

// FuzzStores drives both stores and a map with the same operations: each
// record of the input is an opcode byte, a length byte and that many key bytes.
func FuzzStores(f *testing.F) {
	f.Add([]byte{0, 2, 'a', 'b', 0, 1, 'a', 2, 2, 'a', 'b', 1, 0})
	f.Add([]byte{0, 0, 0, 1, 0, 0, 2, 0, 0, 0, 0, 3, 0, 0, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		stores := []dedup.Store{dedup.NewHashSet(), dedup.NewTrie()}
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
