package dedup_test

import (
	"encoding/binary"
	"flag"
	"fmt"
	"math/rand/v2"
	"runtime"
	"testing"
	"time"

	"github.com/branchwise/branchwise/dedup"
)

var big = flag.Bool("dedup.big", false, "also benchmark 10^7 keys (several GB, minutes)")

func keyOf(buf []byte, i uint64, n int) []byte {
	// Distinct keys from i: its 8 bytes mixed and repeated to length n.
	x := i*0x9e3779b97f4a7c15 + 1
	buf = buf[:0]
	for len(buf) < n {
		x ^= x >> 29
		x *= 0xbf58476d1ce4e5b9
		buf = binary.LittleEndian.AppendUint64(buf, x^i)
	}
	return buf[:n]
}

// BenchmarkStores fills each store with N keys of L bytes, then measures
// inserts (the fill), hit lookups and miss lookups per second, and the
// store's bytes per key.
func BenchmarkStores(b *testing.B) {
	sizes := []int{1e6}
	if *big {
		sizes = append(sizes, 1e7)
	}
	for _, st := range []struct {
		name string
		new  func() dedup.Store
	}{{"hash", dedup.NewHashSet}, {"trie", dedup.NewTrie}, {"spill-8MB", func() dedup.Store {
		// A table of 8 MB holds about a tenth of 10^6 keys: the rest
		// are looked up on disk (the files in the page cache).
		s, err := dedup.NewSpill(b.TempDir(), 8<<20)
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(func() { s.Close() })
		return s
	}}} {
		for _, n := range sizes {
			for _, l := range []int{8, 16, 32} {
				b.Run(fmt.Sprintf("%s/n=%.0e/len=%d", st.name, float64(n), l), func(b *testing.B) {
					benchStore(b, st.new, n, l)
				})
			}
		}
	}
}

func benchStore(b *testing.B, newStore func() dedup.Store, n, l int) {
	var s dedup.Store
	buf := make([]byte, 0, 64)
	var insertNs, hitNs, missNs float64
	r := rand.New(rand.NewPCG(1, 2))
	for b.Loop() {
		s = newStore()
		runtime.GC()
		t0 := time.Now()
		for i := 0; i < n; i++ {
			s.Insert(keyOf(buf, uint64(i), l), uint64(i))
		}
		t1 := time.Now()
		for i := 0; i < n; i++ {
			if _, ok := s.Get(keyOf(buf, uint64(r.IntN(n)), l)); !ok {
				b.Fatal("a stored key is missing")
			}
		}
		t2 := time.Now()
		for i := 0; i < n; i++ {
			if _, ok := s.Get(keyOf(buf, uint64(n+i), l)); ok {
				b.Fatal("a key never stored was found")
			}
		}
		t3 := time.Now()
		insertNs = float64(t1.Sub(t0).Nanoseconds()) / float64(n)
		hitNs = float64(t2.Sub(t1).Nanoseconds()) / float64(n)
		missNs = float64(t3.Sub(t2).Nanoseconds()) / float64(n)
	}
	b.ReportMetric(float64(s.Bytes())/float64(n), "bytes/key")
	b.ReportMetric(1e3/insertNs, "Minserts/s")
	b.ReportMetric(1e3/hitNs, "Mhits/s")
	b.ReportMetric(1e3/missNs, "Mmisses/s")
}

// BenchmarkTrieOps measures one insert of a new 16-byte key and one hit
// lookup per operation on a trie that grows to b.N keys: the time, and the
// allocations (only when a page of nodes, leaves or keys fills: a few per
// 8,192 operations).
func BenchmarkTrieOps(b *testing.B) {
	s := dedup.NewTrie()
	buf := make([]byte, 0, 16)
	var i uint64
	for b.Loop() {
		k := keyOf(buf, i, 16)
		s.Insert(k, i)
		if _, ok := s.Get(k); !ok {
			b.Fatal("a key just stored is missing")
		}
		i++
	}
}
