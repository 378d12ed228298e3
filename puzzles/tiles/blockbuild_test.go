package tiles

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/branchwise/branchwise/internal/longtest"
	"github.com/branchwise/branchwise/pdb"
	"github.com/branchwise/branchwise/search"
)

// TestBlockBuildMatchesGeneric checks Pattern.Build, the block search,
// against pdb.Build's generic search over (placement, blank cell) states,
// every entry, on patterns of square and oblong boards, other goals, and 1
// to 2 workers.
func TestBlockBuildMatchesGeneric(t *testing.T) {
	other, err := ParseBoard("1 2 3 4 5 6 7 8 0", 3, 3)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		goal  Board
		tiles []uint8
	}{
		{Goal(3, 3), []uint8{1, 2, 3}},
		{Goal(3, 3), []uint8{4, 5, 6, 7, 8}},
		{other, []uint8{1, 2, 4, 5}},
		{Goal(2, 4), []uint8{1, 3, 5, 7}},
		{Goal(3, 4), []uint8{1, 2, 3, 4, 5}},
		{Goal(4, 3), []uint8{6, 7, 9, 10, 11}},
		{Goal(4, 4), []uint8{1, 2, 3, 6, 7}},
		{Goal(4, 4), []uint8{10, 11, 13, 14, 15}},
		{Goal(3, 4), []uint8{2, 3, 6, 7, 10, 11}},
		{Goal(5, 5), []uint8{1, 2, 5, 6}},
		{Goal(5, 5), []uint8{18, 19, 23, 24}},
		{Goal(5, 5), []uint8{6, 7, 8, 12, 16}}, // vertical moves over 4 cells: order shifts of 4
		{Goal(4, 5), []uint8{1}},
	} {
		p, err := NewPattern(tc.goal, tc.tiles)
		if err != nil {
			t.Fatal(err)
		}
		if (raceEnabled || longtest.Short()) && p.Size() > raceMaxEntries {
			continue // compared in the plain run with -tags long
		}
		if raceEnabled && p.Size() > raceOnlyMaxEntries {
			continue // compared in the plain run
		}
		want, err := pdb.Build(context.Background(), p, pdb.Options{Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range []int{1, 2} {
			var layers []pdb.Layer
			got, err := p.Build(context.Background(), pdb.Options{Workers: w, Progress: func(l pdb.Layer) { layers = append(layers, l) }})
			if err != nil {
				t.Fatal(err)
			}
			if got.ID() != want.ID() || got.Size() != want.Size() || !slices.Equal(got.Words(), want.Words()) {
				t.Fatalf("%v: block build differs from the generic build", p.ID())
			}
			if l := layers[len(layers)-1]; l.Filled != p.Size() {
				t.Fatalf("%v: last layer %+v, want %d filled", p.ID(), l, p.Size())
			}
		}
	}
}

// raceMaxEntries is the largest pattern compared under the race detector
// and without -tags long.
const raceMaxEntries = 1 << 20

// raceOnlyMaxEntries is the largest pattern the race detector's run
// compares: the 3x4 and 4x3 boards' 5-tile patterns (665,280 entries)
// took most of the test's 152 s under it, and the parallel paths are
// raced on the smaller ones.
const raceOnlyMaxEntries = 1 << 17

// TestBlockBuildLimits checks the memory budget (refused before
// allocating), the node limit and cancellation.
func TestBlockBuildLimits(t *testing.T) {
	p, err := NewPattern(Goal(4, 4), []uint8{1, 2, 3, 6, 7})
	if err != nil {
		t.Fatal(err)
	}
	need, err := p.BlockMemory()
	if err != nil {
		t.Fatal(err)
	}
	o := pdb.Options{Limits: search.Limits{MaxMem: need - 1}}
	if _, err := p.Build(context.Background(), o); !errors.Is(err, pdb.ErrMemory) {
		t.Fatalf("budget below the need: %v, want ErrMemory", err)
	}
	if _, err := p.Build(context.Background(), pdb.Options{Limits: search.Limits{MaxNodes: 1000}}); !errors.Is(err, search.ErrNodeLimit) {
		t.Fatalf("node limit: %v", err)
	}
	big, err := NewPattern(Goal(8, 8), []uint8{1, 2, 3, 4, 5, 6, 7, 8})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := big.BlockMemory(); !errors.Is(err, errTooManyMasks) {
		t.Fatalf("8 tiles of 64 cells: %v, want errTooManyMasks (Build falls back to pdb.Build)", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := p.Build(ctx, pdb.Options{}); !errors.Is(err, context.Canceled) {
		t.Fatalf("canceled: %v", err)
	}
}
