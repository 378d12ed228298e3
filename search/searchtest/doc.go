// Package searchtest is the conformance suite of the search engines: every
// algorithm of package search, with every duplicate store of package dedup,
// must pass Run. The oracles are computed here independently of package
// search: Dijkstra's algorithm on grids, breadth-first search over all
// pancake stacks, closed-form node counts on complete trees.
package searchtest
