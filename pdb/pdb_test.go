package pdb

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/branchwise/branchwise/search"
)

// ring is a test space: entries 0..n-1 on a cycle, moves to the two
// neighbours costing 1, and two sub-states per entry that are one class
// (joined at cost 0) at even entries only. Entry i is min(i, n-i) from
// the goal (0, 0).
type ring struct{ n uint64 }

func (r ring) ID() string              { return fmt.Sprintf("ring-%d", r.n) }
func (r ring) Size() uint64            { return r.n }
func (r ring) Subs() int               { return 2 }
func (r ring) Base(uint64) int         { return 0 }
func (r ring) Scale() int              { return 1 }
func (r ring) Goals(b []State) []State { return append(b, State{0, 0}) }
func (r ring) Expand(index, subs uint64, next []State) (uint64, int, []State) {
	class := subs
	if index%2 == 0 {
		class = 3
	}
	for m := class; m != 0; m &= m - 1 {
		sub := uint32(bits.TrailingZeros64(m))
		next = append(next, State{(index + 1) % r.n, sub}, State{(index + r.n - 1) % r.n, sub})
	}
	return class, 0, next
}

func TestBuildRing(t *testing.T) {
	for _, n := range []uint64{1, 2, 7, 28, 29, 1000} {
		sp := ring{n}
		tab, err := Build(context.Background(), sp, Options{Workers: 3})
		if n > 29 {
			if err == nil {
				t.Fatalf("ring %d: distances up to %d stored in 4 bits", n, n/2)
			}
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		for i := uint64(0); i < n; i++ {
			if got, want := tab.Get(i), int(min(i, n-i)); got != want {
				t.Errorf("ring %d entry %d: %d, want %d", n, i, got, want)
			}
		}
	}
}

func TestPlacements(t *testing.T) {
	for _, pl := range []Placements{{4, 2}, {9, 4}, {16, 3}, {6, 6}} {
		seen := map[string]bool{}
		cells := make([]int8, pl.K)
		for r := uint64(0); r < pl.Count(); r++ {
			pl.Unrank(r, cells)
			key := fmt.Sprint(cells)
			if seen[key] {
				t.Fatalf("%v: rank %d repeats %s", pl, r, key)
			}
			seen[key] = true
			if got := pl.Rank(cells); got != r {
				t.Fatalf("%v: rank(unrank(%d)) = %d", pl, r, got)
			}
		}
	}
}

func TestMemoryBudget(t *testing.T) {
	sp := ring{28}
	_, err := Build(context.Background(), sp, Options{Workers: 2, Limits: search.Limits{MaxMem: BuildMemory(sp, 2) - 1}})
	if !errors.Is(err, ErrMemory) {
		t.Fatalf("build over budget: %v, want ErrMemory", err)
	}
	if !errors.Is(err, search.ErrMemLimit) || search.StatusOf(err) != search.MemLimit {
		t.Fatalf("build over budget: %v does not wrap search.ErrMemLimit", err)
	}
	if _, err := Build(context.Background(), sp, Options{Workers: 2, Limits: search.Limits{MaxMem: BuildMemory(sp, 2)}}); err != nil {
		t.Fatal(err)
	}
}

// TestNodeLimit checks that MaxNodes stops a build after the layer that
// reached it, with an error wrapping search.ErrNodeLimit.
func TestNodeLimit(t *testing.T) {
	_, err := Build(context.Background(), ring{28}, Options{Workers: 2, Limits: search.Limits{MaxNodes: 3}})
	if !errors.Is(err, search.ErrNodeLimit) {
		t.Fatalf("build with 3 nodes: %v, want search.ErrNodeLimit", err)
	}
	if _, err := Build(context.Background(), ring{28}, Options{Workers: 2, Limits: search.Limits{MaxNodes: 1 << 40}}); err != nil {
		t.Fatal(err)
	}
}

func TestCanceled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Build(ctx, ring{28}, Options{}); !errors.Is(err, context.Canceled) {
		t.Fatalf("canceled build: %v", err)
	}
}

// TestCacheDamage checks that Open builds a missing table, loads a sound
// one, and detects and rebuilds a corrupt, truncated or foreign one.
func TestCacheDamage(t *testing.T) {
	dir := t.TempDir()
	sp := ring{27}
	ctx := context.Background()
	_, src, err := Open(ctx, dir, sp, Options{})
	if err != nil || !src.Built || src.Rebuilt != nil {
		t.Fatalf("first open: %+v, %v; want built", src, err)
	}
	if _, src, err = Open(ctx, dir, sp, Options{}); err != nil || src.Built {
		t.Fatalf("second open: %+v, %v; want loaded", src, err)
	}
	path := filepath.Join(dir, FileName(sp.ID()))
	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	damage := map[string][]byte{
		"flipped entry":  append(append([]byte(nil), good[:len(good)-3]...), good[len(good)-3]^0x10, good[len(good)-2], good[len(good)-1]),
		"truncated":      good[:len(good)-5],
		"header only":    good[:20],
		"empty":          {},
		"trailing bytes": append(append([]byte(nil), good...), 0),
		"bad magic":      append([]byte("XX"), good[2:]...),
	}
	for name, data := range damage {
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := Load(path, sp); !errors.Is(err, ErrDamaged) {
			t.Errorf("%s: Load gives %v, want ErrDamaged", name, err)
		}
		tab, src, err := Open(ctx, dir, sp, Options{})
		if err != nil || !src.Built || src.Rebuilt == nil {
			t.Errorf("%s: Open gives %+v, %v; want a rebuild", name, src, err)
			continue
		}
		if tab.Get(13) != 13 {
			t.Errorf("%s: rebuilt entry 13 is %d", name, tab.Get(13))
		}
		if again, _ := os.ReadFile(path); string(again) != string(good) {
			t.Errorf("%s: rewritten file differs from the first", name)
		}
	}
	if _, err := Load(path, ring{25}); !errors.Is(err, ErrDamaged) {
		t.Errorf("table of another space: %v, want ErrDamaged", err)
	}
}

func ExamplePlacements() {
	pl := Placements{N: 16, K: 2}
	r := pl.Rank([]int8{5, 3})
	cells := make([]int8, 2)
	pl.Unrank(r, cells)
	fmt.Println(pl.Count(), r, cells)
	// Output: 240 78 [5 3]
}

// cube is a test space large enough for several chunks and groups: the
// entries are the 17-bit strings, a move of cost 1 flips one bit, each
// entry has four sub-states joined at cost 0 in pairs {0,1} and {2,3},
// and a move of cost 1 goes between sub-states 0 and 2 of an entry. State
// (x, s) is popcount(x) + s/2 from the goal (0, 0); the table stores
// popcount(x) above the base max(0, popcount(x)-14).
type cube struct{}

const cubeBits = 17

func (cube) ID() string              { return "cube" }
func (cube) Size() uint64            { return 1 << cubeBits }
func (cube) Subs() int               { return 4 }
func (cube) Scale() int              { return 1 }
func (cube) Goals(b []State) []State { return append(b, State{}) }
func (cube) Base(i uint64) int       { return max(0, bits.OnesCount64(i)-MaxEntry) }
func (c cube) Expand(index, subs uint64, next []State) (uint64, int, []State) {
	var class uint64
	if subs&3 != 0 {
		class |= 3
	}
	if subs&12 != 0 {
		class |= 12
	}
	for m := class; m != 0; m &= m - 1 {
		sub := uint32(bits.TrailingZeros64(m))
		for j := 0; j < cubeBits; j++ {
			next = append(next, State{index ^ 1<<j, sub})
		}
		if sub == 0 || sub == 2 {
			next = append(next, State{index, sub ^ 2})
		}
	}
	return class, c.Base(index), next
}

func TestBuildCube(t *testing.T) {
	for _, workers := range []int{1, 3} {
		var layers []Layer
		tab, err := Build(context.Background(), cube{}, Options{Workers: workers, Progress: func(l Layer) { layers = append(layers, l) }})
		if err != nil {
			t.Fatal(err)
		}
		for i := uint64(0); i < tab.Size(); i++ {
			pc := bits.OnesCount64(i)
			if got := tab.Get(i) + (cube{}).Base(i); got != pc {
				t.Fatalf("%d workers: entry %b: %d, want %d", workers, i, got, pc)
			}
		}
		binom := func(n, k int) int64 {
			if k < 0 || k > n {
				return 0
			}
			r := int64(1)
			for i := 0; i < k; i++ {
				r = r * int64(n-i) / int64(i+1)
			}
			return r
		}
		if len(layers) != cubeBits+2 {
			t.Fatalf("%d workers: %d layers, want %d", workers, len(layers), cubeBits+2)
		}
		for d, l := range layers {
			if want := 2*binom(cubeBits, d) + 2*binom(cubeBits, d-1); l.Depth != d || l.States != want || l.Entries != binom(cubeBits, d) {
				t.Errorf("%d workers: layer %+v, want depth %d, %d states, %d entries", workers, l, d, want, binom(cubeBits, d))
			}
		}
	}
}

// builtRing is a ring whose table a Build method of its own makes (all
// entries 3), as pdb.Builder lets a space do.
type builtRing struct{ ring }

func (r builtRing) Build(context.Context, Options) (*Table, error) {
	t := NewTable(r.ID(), r.Size())
	for i := range t.Words() {
		t.Words()[i] = 0x3333333333333333
	}
	return t, nil
}

// TestOpenUsesBuilder checks that Open builds a Builder's table with its
// own Build.
func TestOpenUsesBuilder(t *testing.T) {
	tab, src, err := Open(context.Background(), t.TempDir(), builtRing{ring{n: 40}}, Options{})
	if err != nil || !src.Built {
		t.Fatalf("Open: %v, built %v", err, src.Built)
	}
	for i := uint64(0); i < 40; i++ {
		if tab.Get(i) != 3 {
			t.Fatalf("entry %d: %d, want the Builder's 3", i, tab.Get(i))
		}
	}
}

// TestOpenAllLargestFirst: OpenAll refuses a budget too small for the
// largest table before building the smaller ones (nothing is written to
// the cache), and returns the tables in the order given (issue 36: pdb78
// built its 7-tile table for 13 to 28 s before refusing the 8-tile one).
func TestOpenAllLargestFirst(t *testing.T) {
	small, large := ring{28}, ring{20000}
	dir := t.TempDir()
	budget := BuildMemory(small, 1)
	if BuildMemory(large, 1) <= budget {
		t.Fatal("the large ring needs no more than the small one")
	}
	_, _, err := OpenAll(context.Background(), dir, []Space{small, large}, Options{Workers: 1, Limits: search.Limits{MaxMem: budget}})
	if !errors.Is(err, ErrMemory) {
		t.Fatalf("over budget: %v, want ErrMemory", err)
	}
	if files, _ := os.ReadDir(dir); len(files) != 0 {
		t.Errorf("the small table was built first: %v", files)
	}
	tabs, srcs, err := OpenAll(context.Background(), dir, []Space{small, ring{29}}, Options{Workers: 1})
	if err != nil || len(tabs) != 2 || tabs[0].ID() != small.ID() || tabs[1].ID() != "ring-29" || !srcs[0].Built {
		t.Fatalf("%v, %+v", err, srcs)
	}
}

// TestOpenAllOneBudget: the budget is for all the tables: a build that
// fits the budget alone but not beside the table opened before it is
// refused before anything is built (issue 36: the 24-puzzle's four tables
// took 1.33 times --max-mem); a budget that holds both builds them.
func TestOpenAllOneBudget(t *testing.T) {
	a, b := ring{28}, ring{29} // b is the larger: opened first
	dir := t.TempDir()
	together := tableBytes(b.Size()) + BuildMemory(a, 1)
	if BuildMemory(b, 1) >= together {
		t.Fatal("the second build fits wherever the first does")
	}
	o := Options{Workers: 1, Limits: search.Limits{MaxMem: together - 1}}
	_, _, err := OpenAll(context.Background(), dir, []Space{a, b}, o)
	if !errors.Is(err, ErrMemory) || !strings.Contains(err.Error(), "beside the") {
		t.Fatalf("the second build over the budget beside the first table: %v, want ErrMemory", err)
	}
	if files, _ := os.ReadDir(dir); len(files) != 0 {
		t.Errorf("a table was built before the refusal: %v", files)
	}
	o.MaxMem = together
	if _, srcs, err := OpenAll(context.Background(), dir, []Space{a, b}, o); err != nil || !srcs[0].Built || !srcs[1].Built {
		t.Errorf("a budget for both: %v, %+v", err, srcs)
	}
}

// TestLoadLarge saves and loads a table of offHeapBytes (outside the Go
// heap on Linux): every word read back, the same entries after the loaded
// tables are collected and their memory unmapped, and a file with one
// byte changed refused (its mapping freed at once).
func TestLoadLarge(t *testing.T) {
	size := uint64(offHeapBytes) * 2 // entries of 4 bits: offHeapBytes bytes
	want := NewTable("large", size)
	for i := range want.Words() {
		want.Words()[i] = uint64(i) * 0x9e3779b97f4a7c15
	}
	path := filepath.Join(t.TempDir(), FileName("large"))
	if err := Save(path, want); err != nil {
		t.Fatal(err)
	}
	for round := 0; round < 3; round++ {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		got, err := LoadID(path, "large", size)
		if err != nil {
			t.Fatal(err)
		}
		runtime.GC()
		runtime.ReadMemStats(&after)
		if grew := int64(after.HeapAlloc) - int64(before.HeapAlloc); runtime.GOOS == "linux" && grew > offHeapBytes/2 {
			t.Errorf("round %d: the live heap grew by %d bytes for a table of %d outside it", round, grew, offHeapBytes)
		}
		if !slices.Equal(got.Words(), want.Words()) {
			t.Fatalf("round %d: words differ", round)
		}
		if got.Get(size-1) != want.Get(size-1) {
			t.Fatalf("round %d: last entry %d, want %d", round, got.Get(size-1), want.Get(size-1))
		}
		// The table of the round before is unreachable: collecting it
		// unmaps its words, which no one reads again.
		runtime.GC()
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	b[len(b)-1] ^= 1
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadID(path, "large", size); !errors.Is(err, ErrDamaged) || !strings.Contains(err.Error(), "checksum mismatch") {
		t.Fatalf("changed byte: %v, want a checksum mismatch", err)
	}
	runtime.GC()
}
