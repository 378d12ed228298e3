package estimate

// Stater is a Tree whose nodes have a state that predicts their subtrees
// better than their number of children does: for a packing, the sizes of
// the empty regions and the pieces left. With Options.Strata, Stratified
// puts nodes into one stratum only when their states are equal, so that
// its representative stands for nodes whose subtrees are alike.
type Stater interface {
	Tree
	// State returns a key of the current node's state at a level of
	// detail: StrataRegions or StrataPieces. Equal states give equal keys;
	// unequal states give unequal keys but for hash collisions, which
	// merge two strata and cost variance, not bias.
	State(detail int) uint64
}

// The levels of detail of a Stater's state (Options.Strata).
const (
	// StrataChildren: a node's stratum is its number of children (or
	// its Type, on a Typed tree), the default.
	StrataChildren = 0
	// StrataRegions adds a packing's region profile: the multiset of the
	// sizes of its empty regions.
	StrataRegions = 1
	// StrataPieces adds, to the region profile, which pieces are left.
	StrataPieces = 2
)

// mixKey combines a stratum key with a state key (the finalizer of
// SplitMix64: a change in any bit of either changes about half the bits).
func mixKey(key, state uint64) uint64 {
	x := key*0x9e3779b97f4a7c15 ^ state
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}
