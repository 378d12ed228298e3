package bitpack

import "github.com/branchwise/branchwise/estimate"

// State implements estimate.Stater: a key of the current node's packing
// state for stratified sampling. At estimate.StrataRegions it is the
// multiset of the sizes of the empty regions (the region profile: nodes
// with equal profiles have to fill alike holes); at estimate.StrataPieces
// it adds which pieces are left. The multiset is hashed by a sum of
// mixed sizes, which needs no sorting and allocates nothing.
func (s *Search) State(detail int) uint64 {
	k := s.k
	var key uint64
	rest := s.empty
	if k.adj == nil {
		// No neighbours given (Problem.Adjacency): one region of all the
		// empty cells.
		key, rest = mix64(uint64(rest.count())), Set{}
	}
	for !rest.isEmpty() {
		var region Set
		region.add(rest.first())
		grow := region
		for {
			nb := k.neighbours(grow).and(rest).andNot(region)
			if nb.isEmpty() {
				break
			}
			region = region.or(nb)
			grow = nb
		}
		rest = rest.andNot(region)
		key += mix64(uint64(region.count()))
	}
	if detail >= estimate.StrataPieces {
		key = mix64(key ^ mix64(s.free+1))
	}
	return key
}

// mix64 is SplitMix64's finalizer: nearby inputs give unrelated outputs,
// so that sums of them rarely collide.
func mix64(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}
