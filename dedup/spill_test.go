package dedup_test

import (
	"encoding/binary"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/branchwise/branchwise/dedup"
)

// TestSpillAgainstMap drives a spilling store through many spills and
// merges with inserts, sets (of keys in memory and on disk) and lookups of
// keys present and absent, against a map; keys of many lengths, some
// sharing a hash's neighbourhood by sharing prefixes.
func TestSpillAgainstMap(t *testing.T) {
	s, err := dedup.NewSpillForTest(t.TempDir(), 500)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ref := map[string]uint64{}
	rng := rand.New(rand.NewPCG(1, 2))
	key := func() []byte {
		id := rng.IntN(60_000)
		k := make([]byte, id%40)
		for i := range k {
			k[i] = byte(id>>(8*(i%3))) ^ byte(i)
		}
		return k
	}
	for step := range 100_000 {
		k := key()
		v := uint64(step + 1)
		want, ok := ref[string(k)]
		switch rng.IntN(4) {
		case 0, 1:
			old, found := s.Insert(k, v)
			if !ok {
				want = v
				ref[string(k)] = v
			}
			if found != ok || old != want {
				t.Fatalf("step %d: Insert(%x) = %d, %v; want %d, %v", step, k, old, found, want, ok)
			}
		case 2:
			s.Set(k, v)
			ref[string(k)] = v
		case 3:
			got, found := s.Get(k)
			if found != ok || got != want {
				t.Fatalf("step %d: Get(%x) = %d, %v; want %d, %v", step, k, got, found, want, ok)
			}
		}
		if s.Len() != len(ref) {
			t.Fatalf("step %d: Len %d, want %d", step, s.Len(), len(ref))
		}
	}
	for k, want := range ref {
		if got, ok := s.Get([]byte(k)); !ok || got != want {
			t.Fatalf("Get(%x) = %d, %v at the end; want %d", k, got, ok, want)
		}
	}
	st := s.Stats()
	if st.Spills < 2*16 || st.Runs < 1 || st.Runs >= 16 || st.DiskKeys < len(ref)/2 {
		t.Fatalf("stats %+v: want many spills and a merge", st)
	}
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
}

// TestSpillBudget: with a real byte budget the table stays under it while
// the store holds many times that, and Close removes every file.
func TestSpillBudget(t *testing.T) {
	dir := t.TempDir()
	const budget = 4 << 20
	s, err := dedup.NewSpill(dir, budget)
	if err != nil {
		t.Fatal(err)
	}
	var k [24]byte
	const n = 500_000
	for i := range n {
		binary.LittleEndian.PutUint64(k[:], uint64(i)*0x9e3779b97f4a7c15)
		binary.LittleEndian.PutUint64(k[16:], uint64(i))
		if _, found := s.Insert(k[:], uint64(i)); found {
			t.Fatalf("key %d found before insertion", i)
		}
		if b := s.Bytes(); b > budget+budget/2 {
			t.Fatalf("after %d keys the store holds %d bytes in memory, budget %d", i, b, budget)
		}
	}
	for i := 0; i < n; i += 997 {
		binary.LittleEndian.PutUint64(k[:], uint64(i)*0x9e3779b97f4a7c15)
		binary.LittleEndian.PutUint64(k[16:], uint64(i))
		if v, ok := s.Get(k[:]); !ok || v != uint64(i) {
			t.Fatalf("key %d: %d %v", i, v, ok)
		}
	}
	if st := s.Stats(); st.Spills == 0 || s.Len() != n {
		t.Fatalf("stats %+v, Len %d", st, s.Len())
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if es, err := os.ReadDir(dir); err != nil || len(es) != 0 {
		t.Fatalf("after Close the directory holds %d entries (%v)", len(es), err)
	}
}
