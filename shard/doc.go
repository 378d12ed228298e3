// Package shard splits an exhaustive count of a search tree (any
// estimate.Tree) into pieces that separate processes, machines or job
// engines count independently, and puts the pieces back together exactly.
//
// The split: the tree is cut at a split depth D; the nodes at depth D,
// numbered 0..F-1 in depth-first order of child numbers, are the subtrees.
// The numbering depends only on the tree, so every process that builds the
// same puzzle with the same options finds the same frontier. Shard i of n
// counts the subtrees k with k mod n == i (interleaving spreads the heavy
// and light regions of the tree over the shards) and writes one JSON file
// (File): the job's identity (a SHA-256 of the canonical puzzle and
// options, the branchwise version, D, F, i, n), the nodes, branching-factor
// sums and solutions per depth, each subtree's totals, and a checksum over
// all counts. Merge refuses files of different jobs, lists missing and
// conflicting shards, and sums with math/big. A retried shard writes the
// same counts, so a duplicate is harmless.
//
// Checkpoint appends one checksummed line per finished subtree to a file,
// so that a single long run killed at any moment resumes with the same
// totals: a line cut short by the kill is dropped and its subtree counted
// again; a subtree cut short by Ctrl-C is dropped, never half counted.
//
// Costs: building the frontier walks the top D levels (every shard does
// it, a small fraction of the count when D is chosen from an estimate);
// counting is estimate.CountBelow on each subtree (the tree's own loop
// when it is an estimate.Counter). Package shard/queue hands the same
// subtrees out through a NATS JetStream work queue instead.
//
// CountJob is such a count as a command asks for it (--split-depth,
// --shard, --checkpoint, --resume); Checkpointing is the same for a job of
// independent instances (Korf's puzzles, deals of a survey), whose Ledger
// keeps one result per instance.
package shard

const (
	// SubtreesPerShard is what --split-depth auto asks of each shard. The
	// subtrees of a packing tree are very uneven (on 6x10 pentominoes the
	// largest of the 12,674 at depth 4 is 76 times the mean), and a shard
	// lasts as long as its heaviest subtrees: measured on 6x10, 8 subtrees
	// per shard leave the largest shard 7 to 13 times the mean, 64 leave
	// it 2 to 3 times (docs/distributed.md). Every shard walks the top D
	// levels to build the frontier, a cost that is small on trees worth
	// sharding.
	SubtreesPerShard = 64
	// MinAutoSubtrees is the fewest subtrees --split-depth auto makes even
	// for one shard: a checkpointed run loses at most the subtrees in
	// progress to a kill, about a 1024th of the count per worker.
	MinAutoSubtrees = 1024
	// MaxSplitDepth bounds D: deeper frontiers are too large to list.
	MaxSplitDepth = 64
	// MaxFrontier bounds the subtrees of one frontier (F*D int32s in
	// memory): 50 million at depth 6 is 1.2 GB.
	MaxFrontier = 50_000_000
	// MaxShards bounds n: a Slurm array or an Indexed Job beyond a million
	// tasks is a mistake in the command line.
	MaxShards = 1 << 20
	// NoDepthLimit is the depth limit of a full count.
	NoDepthLimit = 1 << 16
)
