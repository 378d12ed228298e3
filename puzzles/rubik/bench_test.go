package rubik

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/branchwise/branchwise/pdb"
)

// cachedHeuristic loads the corner table and the two k-edge tables from
// the cache directory (pdb.DefaultDir), skipping the benchmark when one is
// missing: building them is a job for the CLI, not a benchmark.
func cachedHeuristic(b *testing.B, k int) *Heuristic {
	b.Helper()
	dir, err := pdb.DefaultDir()
	if err != nil {
		b.Skip(err)
	}
	load := func(sp pdb.Space) *pdb.Table {
		path := filepath.Join(dir, pdb.FileName(sp.ID()))
		if _, err := os.Stat(path); err != nil {
			b.Skipf("no cached table %s (run branchwise rubik solve --edges %d once)", path, k)
		}
		t, err := pdb.Load(path, sp)
		if err != nil {
			b.Fatal(err)
		}
		return t
	}
	h := &Heuristic{Corners: load(CornerSpace{})}
	for i, edges := range EdgePatterns(k) {
		sp, err := NewEdgeSpace(edges)
		if err != nil {
			b.Fatal(err)
		}
		h.EdgeSpaces[i], h.Edges[i] = sp, load(sp)
	}
	return h
}

// BenchmarkSolve solves the 14-move scramble of docs/rubik.md on one
// worker with the cached tables (6 edges; RUBIK_EDGES=7 for 7), plain, with
// the conjugate lookups, the inverse ones, and both;
// generated nodes per second as a metric.
func BenchmarkSolve(b *testing.B) {
	k := 6
	if s := os.Getenv("RUBIK_EDGES"); s != "" {
		k, _ = strconv.Atoi(s)
	}
	h := cachedHeuristic(b, k)
	scr, err := ParseMoves("B R U2 L2 F R' L2 F L2 F2 R D' B' R'")
	if err != nil {
		b.Fatal(err)
	}
	c := Solved().Apply(scr)
	for _, cfg := range []struct {
		name    string
		conj    int
		inverse bool
	}{{"plain", 1, false}, {"conjugates", MaxConjugates, false}, {"inverse", 1, true}, {"conjugates+inverse", MaxConjugates, true}} {
		b.Run(cfg.name, func(b *testing.B) {
			hh := *h
			hh.Conjugates, hh.Inverse = cfg.conj, cfg.inverse
			var nodes int64
			for i := 0; i < b.N; i++ {
				res := Solve(context.Background(), c, &hh, SolveOptions{Workers: 1})
				if res.Cost != 14 {
					b.Fatalf("length %d, want 14", res.Cost)
				}
				nodes += res.Stats.Generated
			}
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
		})
	}
}

// BenchmarkSolveCoset solves the 14-move scramble of docs/rubik.md on one
// worker with the cached corner table and coset table (RUBIK_COSET=1 or
// 2, default 1), inverse lookups on; skipped when a table is not cached.
func BenchmarkSolveCoset(b *testing.B) {
	eo := 1
	if s := os.Getenv("RUBIK_COSET"); s != "" {
		eo, _ = strconv.Atoi(s)
	}
	dir, err := pdb.DefaultDir()
	if err != nil {
		b.Skip(err)
	}
	sp, err := NewCosetSpace(CosetEO(eo))
	if err != nil {
		b.Fatal(err)
	}
	path := filepath.Join(dir, pdb.FileName(sp.ID()))
	if _, err := os.Stat(path); err != nil {
		b.Skipf("no cached table %s (run branchwise rubik solve --coset %d once)", path, eo)
	}
	t, err := pdb.LoadID(path, sp.ID(), sp.Size())
	if err != nil {
		b.Fatal(err)
	}
	corners, err := pdb.Load(filepath.Join(dir, pdb.FileName(CornerSpace{}.ID())), CornerSpace{})
	if err != nil {
		b.Skip(err)
	}
	h := &Heuristic{Corners: corners, Coset: &CosetTable{Space: sp, Table: t}, Inverse: true}
	// RUBIK_COSET_BITS=2 takes the 2-bit table (cached by rubik solve
	// --coset N --coset-bits 2).
	if os.Getenv("RUBIK_COSET_BITS") == "2" {
		p, err := pdb.LoadID(filepath.Join(dir, pdb.FileName(packedID(sp))), packedID(sp), packedWords(sp.Size())*16)
		if err != nil {
			b.Skip(err)
		}
		h.Coset = &CosetTable{Space: sp, Packed: p}
	}
	if os.Getenv("RUBIK_NOCORNERS") != "" {
		h.Corners = nil
	}
	// RUBIK_SCRAMBLE and RUBIK_LENGTH give another scramble and its
	// optimal length.
	text, want := "B R U2 L2 F R' L2 F L2 F2 R D' B' R'", 14
	if s := os.Getenv("RUBIK_SCRAMBLE"); s != "" {
		text, want = s, 0
		want, _ = strconv.Atoi(os.Getenv("RUBIK_LENGTH"))
	}
	scr, err := ParseMoves(text)
	if err != nil {
		b.Fatal(err)
	}
	c := Solved().Apply(scr)
	b.ResetTimer()
	var nodes int64
	for i := 0; i < b.N; i++ {
		res := Solve(context.Background(), c, h, SolveOptions{Workers: 1})
		if res.Cost != want {
			b.Fatalf("length %d, want %d", res.Cost, want)
		}
		nodes += res.Stats.Generated
	}
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
}
