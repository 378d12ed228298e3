// Package deduptest is the conformance suite of the dedup stores: every
// implementation of dedup.Store must pass Run, which cross-checks it against
// a Go map.
package deduptest

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/branchwise/branchwise/dedup"
)

// Run checks the Store semantics of the stores newStore makes.
func Run(t *testing.T, newStore func() dedup.Store) {
	t.Run("empty", func(t *testing.T) {
		s := newStore()
		if _, ok := s.Get([]byte("x")); ok || s.Len() != 0 {
			t.Fatal("a new store is not empty")
		}
		if _, ok := s.Get(nil); ok {
			t.Fatal("a new store has the empty key")
		}
	})
	t.Run("semantics", func(t *testing.T) {
		s := newStore()
		if v, found := s.Insert([]byte("abc"), 7); found || v != 7 {
			t.Fatalf("Insert new = %d, %v", v, found)
		}
		if v, found := s.Insert([]byte("abc"), 9); !found || v != 7 {
			t.Fatalf("Insert again = %d, %v; want 7, true", v, found)
		}
		s.Set([]byte("abc"), 11)
		if v, ok := s.Get([]byte("abc")); !ok || v != 11 {
			t.Fatalf("Get after Set = %d, %v", v, ok)
		}
		s.Set([]byte("new"), 3)
		if v, ok := s.Get([]byte("new")); !ok || v != 3 || s.Len() != 2 {
			t.Fatalf("Set of a new key: %d %v, len %d", v, ok, s.Len())
		}
		buf := []byte("zzz")
		s.Insert(buf, 5)
		buf[0] = 'q' // the store must have copied the key
		if _, ok := s.Get([]byte("zzz")); !ok {
			t.Fatal("the store did not copy the key")
		}
	})
	t.Run("prefixes", func(t *testing.T) {
		// Keys that are prefixes of each other, zero bytes, the empty key.
		s := newStore()
		keys := [][]byte{{}, {0}, {0, 0}, {0, 0, 0}, {1}, {1, 0}, {0, 1}, {255}, {255, 255}, {128}, []byte("ab"), []byte("abc"), []byte("abcd")}
		for i, k := range keys {
			if _, found := s.Insert(k, uint64(i)); found {
				t.Fatalf("key %v reported present before insertion", k)
			}
		}
		for i, k := range keys {
			if v, ok := s.Get(k); !ok || v != uint64(i) {
				t.Fatalf("Get(%v) = %d, %v; want %d", k, v, ok, i)
			}
		}
		if s.Len() != len(keys) {
			t.Fatalf("Len %d, want %d", s.Len(), len(keys))
		}
		for _, k := range [][]byte{{2}, {0, 0, 0, 0}, []byte("a"), []byte("abce"), {1, 1}} {
			if _, ok := s.Get(k); ok {
				t.Fatalf("Get(%v) found a key never inserted", k)
			}
		}
	})
	t.Run("random", func(t *testing.T) {
		for _, lens := range [][2]int{{8, 8}, {16, 16}, {1, 3}, {0, 40}} {
			t.Run(fmt.Sprintf("len%d-%d", lens[0], lens[1]), func(t *testing.T) {
				r := rand.New(rand.NewPCG(uint64(lens[0]), uint64(lens[1])))
				s := newStore()
				ref := map[string]uint64{}
				var lastBytes int64
				for op := 0; op < 60000; op++ {
					k := make([]byte, lens[0]+r.IntN(lens[1]-lens[0]+1))
					for i := range k {
						k[i] = byte(r.IntN(4)) * 85 // few byte values: many shared prefixes
					}
					if lens[1] > 4 {
						for i := range k {
							k[i] = byte(r.Uint32())
						}
						if len(k) > 0 && r.IntN(3) == 0 {
							k[len(k)-1] = 0
						}
					}
					v := r.Uint64()
					switch r.IntN(4) {
					case 0, 1:
						old, found := s.Insert(k, v)
						want, ok := ref[string(k)]
						if !ok {
							ref[string(k)], want = v, v
						}
						if found != ok || old != want {
							t.Fatalf("op %d Insert(%x) = %d, %v; want %d, %v", op, k, old, found, want, ok)
						}
					case 2:
						s.Set(k, v)
						ref[string(k)] = v
					case 3:
						got, found := s.Get(k)
						want, ok := ref[string(k)]
						if found != ok || got != want {
							t.Fatalf("op %d Get(%x) = %d, %v; want %d, %v", op, k, got, found, want, ok)
						}
					}
					if s.Len() != len(ref) {
						t.Fatalf("op %d: Len %d, want %d", op, s.Len(), len(ref))
					}
					// A Spill's memory falls at each spill, by design.
					if _, spills := s.(*dedup.Spill); spills {
						continue
					}
					if b := s.Bytes(); b < lastBytes {
						t.Fatalf("op %d: Bytes fell from %d to %d", op, lastBytes, b)
					} else {
						lastBytes = b
					}
				}
				for k, want := range ref {
					if got, ok := s.Get([]byte(k)); !ok || got != want {
						t.Fatalf("final Get(%x) = %d, %v; want %d", k, got, ok, want)
					}
				}
			})
		}
	})
}
