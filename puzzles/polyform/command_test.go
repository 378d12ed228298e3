package polyform

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/branchwise/branchwise/estimate"
	"github.com/branchwise/branchwise/internal/opterr"
	"github.com/branchwise/branchwise/render"
	"github.com/branchwise/branchwise/search"
	"github.com/branchwise/branchwise/shard"
	"github.com/branchwise/branchwise/xcover"
)

func TestCountSpecApply(t *testing.T) {
	pk, err := Load("pentomino-3x20", "")
	if err != nil {
		t.Fatal(err)
	}
	CountSpec{CellsOnly: true, DeadRegions: true, LargestRegion: true, ColourCut: true, PieceCut: true}.Apply(pk)
	if !pk.CellsOnly || !pk.DeadRegions || !pk.LargestRegionOnly || !pk.ColourCut || !pk.PieceCut {
		t.Errorf("Apply left a cut off: %+v", pk)
	}
	CountSpec{}.Apply(pk)
	if pk.CellsOnly || pk.DeadRegions || pk.LargestRegionOnly || pk.ColourCut || pk.PieceCut {
		t.Errorf("Apply left a cut on")
	}
}

func TestLoadBurr(t *testing.T) {
	file := filepath.Join("testdata", "burr", "colours.xmpuzzle")
	var notes strings.Builder
	pk, err := LoadBurr(file, 2, &notes)
	if err != nil {
		t.Fatal(err)
	}
	if c := pk.CountUnique(context.Background(), xcover.Fewest, 1, search.Limits{}); c.All != 2 {
		t.Errorf("problem 2: %d solutions, want 2", c.All)
	}
	if _, err := LoadBurr(file, 99, &notes); err == nil || !opterr.Is(err) || !strings.HasPrefix(err.Error(), "--problem 99: "+file+" has problems 1 to ") {
		t.Errorf("problem 3: %v", err)
	}
}

// TestEstimateTree: the tree the estimators walk is the count's (the
// 3x20's 8 solutions, 2 unique with --symmetry), cut to subtrees with a
// path.
func TestEstimateTree(t *testing.T) {
	if testing.Short() {
		t.Skip("one worker (92 s under the race detector): the main test run checks it")
	}
	spec := CountSpec{Puzzle: "pentomino-3x20"}
	count := func(newTree func() estimate.Tree) int64 {
		t.Helper()
		p, err := estimate.Exhaustive(context.Background(), newTree, 100, 1)
		if err != nil {
			t.Fatal(err)
		}
		var n int64
		for _, s := range p.Solutions {
			n += s
		}
		return n
	}
	newTree, pk, strat, err := spec.EstimateTree("xcover", "fewest", nil, false)
	if err != nil || pk == nil || strat != xcover.Fewest {
		t.Fatalf("%v", err)
	}
	if got := count(newTree); got != 8 {
		t.Errorf("%d solutions, want 8", got)
	}
	// Restricted by the board's symmetries, the tree holds the 2 unique
	// solutions.
	sym, _, _, err := spec.EstimateTree("xcover", "fewest", nil, true)
	if err != nil {
		t.Fatal(err)
	}
	if got := count(sym); got != 2 {
		t.Errorf("--symmetry: %d solutions, want 2", got)
	}
	whole, _, _, _ := spec.EstimateTree("xcover", "fewest", nil, false)
	children, _ := whole().Branches()
	var sum int64
	for i := range children {
		sub, _, _, err := spec.EstimateTree("xcover", "fewest", []int{i}, false)
		if err != nil {
			t.Fatal(err)
		}
		sum += count(sub)
	}
	if sum != 8 {
		t.Errorf("the root's subtrees hold %d solutions, want 8", sum)
	}
	if _, _, _, err := spec.EstimateTree("xcover", "fewest", []int{99}, false); err == nil {
		t.Error("a path past the root's children was accepted")
	}
	if _, _, _, err := (CountSpec{Puzzle: "pentomino-3x20", Pieces: "F*0-12,I*0-12,L*0-12,N*0-12,P*0-12,T*0-12"}).EstimateTree("xcover", "fewest", nil, false); !opterr.Is(err) {
		t.Errorf("copies of a piece: %v, want an option error", err)
	}
}

// TestCountWatched: the counts are CountAll's, the progress line shows
// them, the notes give the estimate first.
func TestCountWatched(t *testing.T) {
	pk, err := Load("pentomino-3x20", "")
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var lines []string
	var notes strings.Builder
	// 1,000 probes within a minute: the default second is wall time, which
	// a loaded machine under the race detector can spend before one ends.
	rep := pk.CountWatched(context.Background(), RunOptions{Name: "p", Strategy: xcover.Fewest, Workers: 2},
		CountWatch{Notes: &notes, estimateWithin: time.Minute, estimateProbes: 1000, Printf: func(format string, args ...any) {
			mu.Lock()
			defer mu.Unlock()
			lines = append(lines, fmt.Sprintf(format, args...))
		}})
	if rep.Solutions != 8 || *rep.Unique != 2 {
		t.Errorf("counts %d, %d; want 8, 2", rep.Solutions, *rep.Unique)
	}
	if !strings.HasPrefix(notes.String(), "p: about ") || !strings.Contains(notes.String(), " nodes to search (estimated)\n") {
		t.Errorf("notes %q", notes.String())
	}
	if len(lines) == 0 || !strings.HasPrefix(lines[len(lines)-1], "p: 8 solutions, 2 unique, ") {
		t.Errorf("progress lines %q", lines)
	}
	if pk.Progress != nil {
		t.Error("CountWatched left its progress hook on the packing")
	}
	// No probe finishes in a cancelled context: the notes say so, never
	// "about 0 nodes" (issue 36).
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	notes.Reset()
	pk.CountWatched(ctx, RunOptions{Name: "p", Strategy: xcover.Fewest, Workers: 2}, CountWatch{Notes: &notes, Printf: func(string, ...any) {}})
	if notes.String() != "p: the search's size is not estimated: no probe finished within 1s\n" {
		t.Errorf("notes without a probe %q", notes.String())
	}
	quiet := pk.CountWatched(context.Background(), RunOptions{Strategy: xcover.Fewest, Workers: 1}, CountWatch{})
	if quiet.Solutions != 8 {
		t.Errorf("without progress: %d solutions", quiet.Solutions)
	}
}

// TestCountShards: the 3x20 counted in subtrees below depth 2 has its 8
// solutions, the job's spec is the spec's words, the progress line tells
// the subtrees.
func TestCountShards(t *testing.T) {
	var lines []string
	spec := CountSpec{Puzzle: "pentomino-3x20", Strategy: "fewest"}
	job := shard.CountJob{SplitDepth: "2", MaxDepth: shard.NoDepthLimit, Workers: 1}
	res, err := spec.CountShards(context.Background(), job, func(string) string { return "" }, func(format string, args ...any) {
		lines = append(lines, fmt.Sprintf(format, args...))
	})
	if err != nil {
		t.Fatal(err)
	}
	total := shard.TotalOf(res.File)
	if total.AllSolutions.Int64() != 8 || total.Spec != "pack pentomino-3x20 --strategy fewest" || total.SpecHash == "" {
		t.Errorf("total: %d solutions, spec %q, hash %q", total.AllSolutions.Int64(), total.Spec, total.SpecHash)
	}
	if len(lines) == 0 || !strings.HasPrefix(lines[len(lines)-1], "pack pentomino-3x20 --strategy fewest: ") {
		t.Errorf("progress %q", lines)
	}
	if _, err := (CountSpec{Puzzle: "no-such-board.txt"}).CountShards(context.Background(), job, nil, nil); err == nil {
		t.Error("a missing board file counted")
	}
}

func TestOpenUseEngineWriteDLX(t *testing.T) {
	pk, burr, err := (CountSpec{Puzzle: "pentomino-3x20", DeadRegions: true}).Open(1, nil)
	if err != nil || burr || !pk.DeadRegions || len(pk.Pieces) != 12 {
		t.Fatalf("named: %v, %t, %v", pk, burr, err)
	}
	var notes strings.Builder
	file := filepath.Join("testdata", "burr", "colours.xmpuzzle")
	if bp, burr, err := (CountSpec{Puzzle: file, CellsOnly: true}).Open(1, &notes); err != nil || !burr || !bp.CellsOnly {
		t.Errorf("BurrTools: %v, %t, %v", bp, burr, err)
	}
	if _, _, err := (CountSpec{Puzzle: "no-such-puzzle"}).Open(1, nil); err == nil {
		t.Error("a missing puzzle opened")
	}
	if err := pk.UseEngine("p", XCover, false); err != nil || pk.Engine != XCover {
		t.Errorf("xcover: %v", err)
	}
	// First-empty is the kernel's rule: not with copies and ranges.
	ranges, _, err := (CountSpec{Puzzle: "pentomino-3x20", Pieces: "F*0-12,I*0-12,L*0-12,N*0-12,P*0-12,T*0-12"}).Open(1, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := ranges.UseEngine("r", Bitboard, true); err == nil || !strings.HasPrefix(err.Error(), "r: ") {
		t.Errorf("first-empty with ranges: %v", err)
	}
	var all, restricted strings.Builder
	if err := pk.WriteDLX(&all, false); err != nil {
		t.Fatal(err)
	}
	if err := pk.WriteDLX(&restricted, true); err != nil {
		t.Fatal(err)
	}
	if n, m := strings.Count(all.String(), "\n"), strings.Count(restricted.String(), "\n"); n <= m || m < 2 {
		t.Errorf("the restricted problem has %d lines, the whole %d", m, n)
	}
}

func TestCheckSplit(t *testing.T) {
	pk, err := Load("pentomino-3x20", "")
	if err != nil {
		t.Fatal(err)
	}
	ranges, err := Load("pentomino-3x20", "F*0-12,I*0-12,L*0-12,N*0-12,P*0-12,T*0-12")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		pk          *Packing
		burr, count bool
		ok          bool
	}{
		{pk, false, true, true},
		{pk, false, false, false},
		{pk, true, true, false},
		{ranges, false, true, false},
	} {
		if err := tc.pk.CheckSplit(tc.burr, tc.count); (err == nil) != tc.ok || err != nil && !opterr.Is(err) {
			t.Errorf("burr %t count %t ranges %t: %v", tc.burr, tc.count, tc.pk.Ranges != nil, err)
		}
	}
}

func TestEstimator(t *testing.T) {
	var job estimate.Job
	newTree, err := (CountSpec{Puzzle: "pentomino-3x20", Strategy: "fewest"}).Estimator(&job, "xcover", nil, false)
	if err != nil || newTree == nil || job.Restricted || job.Symmetries != 4 || job.NodeRate == nil {
		t.Fatalf("%v, %+v", err, job)
	}
	if r := job.NodeRate(context.Background()); r <= 0 {
		t.Errorf("node rate %g", r)
	}
	if _, err := (CountSpec{Puzzle: "no-such-puzzle", Strategy: "fewest"}).Estimator(&job, "xcover", nil, false); err == nil {
		t.Error("a missing puzzle made a tree")
	}
}

func TestListDrawn(t *testing.T) {
	pk, err := Load("pentomino-3x20", "")
	if err != nil {
		t.Fatal(err)
	}
	var text, svg strings.Builder
	shown := 0
	rep, pics := pk.ListDrawn(context.Background(), RunOptions{Name: "p", Strategy: xcover.Fewest, Workers: 1, All: true, Show: func([]string) { shown++ }},
		&render.Listing{W: &text, Lead: true})
	if rep.Solutions != 8 || shown != 8 || strings.Count(text.String(), "\n") != 8*4 {
		t.Errorf("%d solutions, %d shown, text:\n%s", rep.Solutions, shown, text.String())
	}
	if err := pics.WriteSVG(&svg); err != nil || !strings.HasPrefix(svg.String(), "<svg") {
		t.Errorf("SVG: %v", err)
	}
	if rep, _ := pk.ListDrawn(context.Background(), RunOptions{Strategy: xcover.Fewest, Workers: 1}, nil); rep.Solutions != 1 {
		t.Errorf("first: %d solutions", rep.Solutions)
	}
}
