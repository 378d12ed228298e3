package branching

import "testing"

// BenchmarkCounts10x10 builds the 10 x 10 type graph, reduces it, and
// counts its nodes exactly to depth 1000 (numbers of about 450 digits).
func BenchmarkCounts10x10(b *testing.B) {
	for b.Loop() {
		g, _ := Tiles(10, 10, 0, false)
		q, _ := g.Reduce()
		q.Counts(1000)
	}
}

// BenchmarkAnalyze10x10 iterates the 10 x 10 recurrence to equilibrium and
// runs the power iteration on the unreduced graph (360 types).
func BenchmarkAnalyze10x10(b *testing.B) {
	g, _ := Tiles(10, 10, 0, false)
	for b.Loop() {
		g.Analyze(1000000)
	}
}
