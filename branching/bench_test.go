package branching

import "testing"

// BenchmarkCounts counts the nodes of a 400-type ring graph exactly to depth
// 1000 (numbers of about 300 digits) after reducing it.
func BenchmarkCounts(b *testing.B) {
	ring := func(x int) []int { return []int{(x + 1) % 400, (x + 399) % 400, (x + 7) % 400} }
	name := func(int) string { return "" }
	for b.Loop() {
		g := Explore(0, ring, name)
		q, _ := g.Reduce()
		q.Counts(1000)
	}
}
