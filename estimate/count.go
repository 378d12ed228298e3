package estimate

// CountBelow adds to p the nodes, branching-factor sums and solutions of
// the subtree below t's current node, each at its depth as t.Depth reports
// it, down to maxDepth (the nodes at maxDepth are counted, not expanded),
// with t's own loop when t is a Counter. It returns soon after stop
// reports true, with p partial, and leaves t where it started. It is the
// walk of Exhaustive, for callers that cut the tree into subtrees of
// their own (shards, checkpoints, work queues).
func CountBelow(t Tree, maxDepth int, p *Profile, stop func() bool) {
	walkExhaustive(t, maxDepth, p, stop)
}
