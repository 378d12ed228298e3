package logicgrid

import (
	"context"
	"testing"

	"github.com/branchwise/branchwise/search"
	"github.com/branchwise/branchwise/xcover"
)

func benchSolve(b *testing.B, name string, opt Options) {
	p := load(b, name)
	opt.MaxSolutions = 2
	b.ReportAllocs()
	var nodes int64
	for b.Loop() {
		nodes = Solve(context.Background(), p, opt).Nodes
	}
	b.ReportMetric(float64(nodes), "nodes")
}

func BenchmarkEinsteinFewest(b *testing.B) { benchSolve(b, "einstein.txt", Options{}) }
func BenchmarkEinsteinFixed(b *testing.B) {
	benchSolve(b, "einstein.txt", Options{Strategy: xcover.Fixed})
}
func BenchmarkEinsteinPropagate(b *testing.B) {
	benchSolve(b, "einstein.txt", Options{Propagate: true})
}

// BenchmarkQuint5x5 solves the 200 5 x 5 puzzles of quint-t with the
// fewest strategy.
func BenchmarkQuint5x5(b *testing.B) {
	var ps []*Puzzle
	for _, q := range loadQuint(b) {
		if q.Puzzle.Entities() == 5 && len(q.Puzzle.Categories) == 6 {
			ps = append(ps, q.Puzzle)
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, p := range ps {
			Solve(context.Background(), p, Options{Limits: search.Limits{MaxSolutions: 2}})
		}
	}
}
