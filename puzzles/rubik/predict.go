package rubik

import (
	"math/rand/v2"
)

// TreeSizes returns the number of nodes at depths 0..d of the tree of
// face turns under the pruning of Edelkamp and Korf: after a turn of U, R
// or F (the first face of an opposite pair) 15 turns follow, after D, L or
// B 12; by type, a' = 6a + 6b and b' = 9a + 6b from a = b = 9 at depth 1
// (1, 18, 243, 3240, 43254, ...; the asymptotic branching factor is
// 6 + sqrt(54) = 13.348).
func TreeSizes(d int) []float64 {
	out := []float64{1}
	a, b := 9.0, 9.0
	for i := 1; i <= d; i++ {
		out = append(out, a+b)
		a, b = 6*a+6*b, 9*a+6*b
	}
	return out
}

// Random returns a cube drawn uniformly from the 4.3 * 10^19 reachable
// ones.
func Random(r *rand.Rand) Cube {
	c := Solved()
	for i, p := range r.Perm(8) {
		c.CP[i] = uint8(p)
	}
	for i, p := range r.Perm(12) {
		c.EP[i] = uint8(p)
	}
	tw, fl := 0, 0
	for i := 0; i < 7; i++ {
		c.CO[i] = uint8(r.IntN(3))
		tw += int(c.CO[i])
	}
	c.CO[7] = uint8((3 - tw%3) % 3)
	for i := 0; i < 11; i++ {
		c.EO[i] = uint8(r.IntN(2))
		fl += int(c.EO[i])
	}
	c.EO[11] = uint8(fl % 2)
	if c.Check() != nil {
		// The permutations' parities differ: swapping two edges fixes it.
		c.EP[0], c.EP[1] = c.EP[1], c.EP[0]
	}
	return c
}

// HeuristicDistribution returns, from samples random cubes, the fraction
// of cubes whose heuristic is at most x, for x = 0, 1, ...: the
// equilibrium distribution P of Korf, Reid and Edelkamp (2001).
func (h *Heuristic) HeuristicDistribution(samples int, seed uint64) []float64 {
	r := rand.New(rand.NewPCG(seed, 0x4b5245))
	var count []float64
	for i := 0; i < samples; i++ {
		v := h.Value(Random(r))
		for len(count) <= v {
			count = append(count, 0)
		}
		count[v]++
	}
	cum := 0.0
	for x := range count {
		cum += count[x]
		count[x] = cum / float64(samples)
	}
	return count
}

// PredictExpanded returns Korf, Reid and Edelkamp's prediction of the
// nodes IDA* expands in the iteration with bound d: the sum over depths
// i <= d of the tree's nodes at depth i, N_i, times P(d-i), the fraction of
// states whose heuristic is at most d-i.
func PredictExpanded(p []float64, d int) float64 {
	n := TreeSizes(d)
	total := 0.0
	for i := 0; i <= d; i++ {
		x := d - i
		if x >= len(p) {
			total += n[i]
		} else {
			total += n[i] * p[x]
		}
	}
	return total
}
