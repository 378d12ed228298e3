package logicgrid

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/branchwise/branchwise/internal/stats"
	"github.com/branchwise/branchwise/search"
	"github.com/branchwise/branchwise/xcover"
)

// generatedCorpus makes n puzzles of 4 entities and 3 categories with
// their answers, as a quint-t corpus.
func generatedCorpus(t *testing.T, n int) []QuintPuzzle {
	t.Helper()
	var qs []QuintPuzzle
	for i := range n {
		p, sol, err := Generate(context.Background(), 4, 3, GenOptions{Difficulty: 2, Seed: uint64(i + 1)})
		if err != nil {
			t.Fatal(err)
		}
		qs = append(qs, QuintPuzzle{Name: fmt.Sprintf("gen#%d", i+1), Level: i, Puzzle: p, Answer: sol})
	}
	return qs
}

func TestCheckCorpus(t *testing.T) {
	qs := generatedCorpus(t, 6)
	var nodes []int64
	for _, q := range qs {
		r := Solve(context.Background(), q.Puzzle, Options{Strategy: xcover.Fewest, Keep: 1, Limits: search.Limits{MaxSolutions: 2}})
		nodes = append(nodes, r.Nodes)
	}
	st, err := CheckCorpus(context.Background(), qs, CheckOptions{Strategy: xcover.Fewest, BySize: true})
	if err != nil {
		t.Fatal(err)
	}
	if st.Strategy != "fewest" || st.Puzzles != 6 || st.Correct != 6 || st.Stopped != 0 || len(st.Failures) != 0 {
		t.Fatalf("%+v", st)
	}
	if st.Median != stats.Median(nodes) || st.Mean != stats.Mean(nodes) {
		t.Errorf("median %v, mean %v; want %v, %v", st.Median, st.Mean, stats.Median(nodes), stats.Mean(nodes))
	}
	if len(st.Worst) != 5 || st.Worst[0].Nodes != slices.Max(nodes) || st.Worst[0].Nodes < st.Worst[4].Nodes {
		t.Errorf("worst %+v, nodes %v", st.Worst, nodes)
	}
	if len(st.BySize) != 1 || st.BySize[0].Size != "3x4" || st.BySize[0].Puzzles != 6 || st.BySize[0].Median != st.Median {
		t.Errorf("by size %+v", st.BySize)
	}
	// A wrong published answer is a failure, not a success.
	qs[2].Answer = qs[3].Answer
	st, _ = CheckCorpus(context.Background(), qs, CheckOptions{Strategy: xcover.Sorted, XCover: true})
	if st.Strategy != "xcover-sorted" || st.Correct != 5 || len(st.Failures) != 1 || st.Failures[0] != "gen#3: not the published answer" {
		t.Errorf("%+v", st)
	}
	// A node limit stops searches, counted as stopped.
	st, _ = CheckCorpus(context.Background(), qs[:2], CheckOptions{Strategy: xcover.Fixed, Limits: search.Limits{MaxNodes: 2}})
	if st.Stopped != 2 || st.Correct != 0 {
		t.Errorf("limit 2 nodes: %+v", st)
	}
	// Cancelled before the first puzzle: nothing checked.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	st, _ = CheckCorpus(ctx, qs, CheckOptions{})
	if st.Puzzles != 0 || st.Median != 0 || len(st.Worst) != 0 {
		t.Errorf("cancelled: %+v", st)
	}
}

func TestExperiment(t *testing.T) {
	gs, err := Experiment(context.Background(), ExperimentOptions{Sizes: [][2]int{{4, 3}}, Difficulties: []int{1, 2},
		Count: 4, Seed: 1, Limits: search.Limits{MaxNodes: 1_000_000}, Propagate: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(gs) != 2 || gs[0].Size != "4x3" || gs[1].Difficulty != 2 || gs[0].Puzzles != 4 {
		t.Fatalf("%+v", gs)
	}
	for _, g := range gs {
		if len(g.Strategies) != 4 || g.Strategies[3].Strategy != "fewest+propagate" || g.Clingo != nil {
			t.Fatalf("%+v", g)
		}
		// Re-derive the fixed strategy's median from the same puzzles.
		var nodes []int64
		for i := range 4 {
			p, _, err := Generate(context.Background(), 4, 3, GenOptions{Difficulty: g.Difficulty, Seed: uint64(1 + i)})
			if err != nil {
				t.Fatal(err)
			}
			nodes = append(nodes, Solve(context.Background(), p, Options{Strategy: xcover.Fixed, Limits: search.Limits{MaxSolutions: 2}, Keep: 1}).Nodes)
		}
		if got := g.Strategies[2]; got.Strategy != "fixed" || got.MedianNodes != stats.Median(nodes) || got.MostNodes != slices.Max(nodes) {
			t.Errorf("d%d fixed %+v, nodes %v", g.Difficulty, got, nodes)
		}
		best := slices.MinFunc(g.Strategies[:3], func(a, b StrategyStats) int {
			return cmp.Compare(a.MedianGenerated, b.MedianGenerated)
		})
		if g.WinGenerated != best.Strategy && best.MedianGenerated != medianGenOf(g, g.WinGenerated) {
			t.Errorf("d%d: wins %s, least median generated %s", g.Difficulty, g.WinGenerated, best.Strategy)
		}
	}
	if _, err := Experiment(context.Background(), ExperimentOptions{Sizes: [][2]int{{4, 3}}, Difficulties: []int{1}}); err == nil {
		t.Error("0 puzzles per group accepted")
	}
}

func medianGenOf(g ExperimentGroup, name string) float64 {
	for _, s := range g.Strategies {
		if s.Strategy == name {
			return s.MedianGenerated
		}
	}
	return -1
}
