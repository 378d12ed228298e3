package pdb

import "context"

// State is a state of the search space a database is built over: Index
// names the table entry it belongs to and Sub tells apart the states that
// share it (for tiles, where the blank is), whose distances the table
// keeps the least of.
type State struct {
	Index uint64
	Sub   uint32
}

// MaxSubs is the largest number of sub-states an entry may have: their
// closure under zero-cost moves is returned as a 64-bit mask.
const MaxSubs = 64

// Space is the abstraction a database is built over. Its methods must be
// safe for concurrent use: the builder calls them from all workers.
//
// Moves cost 0 or 1, and moves of cost 0 never change Index (they move what
// the abstraction does not count, such as the blank among the tiles outside
// a pattern). The abstract moves must be their own inverses' images (the
// abstract graph undirected): the builder searches backwards from the goals
// with the forward moves.
type Space interface {
	// ID names the abstraction with every parameter that changes the
	// table; it goes in the cache file's header and its name.
	ID() string
	// Size is the number of table entries; indexes are 0..Size-1.
	Size() uint64
	// Subs is the number of sub-states of an entry, 1..MaxSubs.
	Subs() int
	// Goals appends the goal states to buf.
	Goals(buf []State) []State
	// Expand returns the states reachable by moves of cost 0 from the
	// sub-states subs (a mask over Sub, not empty) of entry index: their
	// union, subs included, as a mask. It appends to next the states one
	// move of cost 1 away from any of them and returns Base(index), which
	// it has at hand. The builder calls it once per entry and layer, with
	// all of the entry's sub-states the layer reached, so that a space can
	// decode the entry once.
	Expand(index, subs uint64, next []State) (class uint64, base int, _ []State)
	// Base is a lower bound on the distance of entry i that the table
	// stores relative to, and Scale the step of the distances above it:
	// the table holds (distance - Base(i)) / Scale, so that 4 bits reach
	// far. Base 0 and Scale 1 store plain distances.
	Base(i uint64) int
	Scale() int
}

// Builder is a Space that builds its own table faster than Build's
// generic search (the sliding-tile patterns, by blocks of states): Open
// builds with it. Its table must equal Build's entry for entry.
type Builder interface {
	Space
	Build(ctx context.Context, o Options) (*Table, error)
}
