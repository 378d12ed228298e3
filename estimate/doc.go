// Package estimate predicts the size of search trees too large to
// enumerate, and the number of solutions at their leaves, from a small
// part of the tree, with confidence intervals whose coverage is measured
// (docs/estimate.md).
//
// Every estimator walks a Tree one node at a time (Branches, Down, Up), the
// interface that xcover.Walker has and that DomainTree gives the search
// core's depth-first trees. Four methods:
//
//   - Exhaustive counts the nodes of every depth to a threshold depth, and
//     the branching factors seen there: Korekawa et al.'s Table b.
//   - Knuth (1975) follows random paths from the root, choosing every child
//     with equal probability; the product of the branching factors met is an
//     unbiased estimate of the number of nodes at each depth. Its samples are
//     heavy-tailed: a rare deep path carries a huge weight. Cost per probe:
//     one walk from the root to a leaf.
//   - Frontier stratifies Knuth's probes: the tree is counted exactly to a
//     depth F, and every node of that frontier gets R probes of its own. One
//     replication is one probe from every frontier node, so replications are
//     independent sums of many small terms, close to normal by the central
//     limit theorem, and a t interval over them stays honest. Cost: the
//     exhaustive prefix once plus R probes per frontier node.
//   - Cut is Korekawa et al.'s method: repeated depth-first runs in which a node at
//     a depth in a range is dropped with probability p; the mean minimum
//     branching factor per depth (Table a) extends the exhaustive counts
//     (Table b) depth by depth into nodes per depth and solutions (Table c).
//     It is a product of ratio means, not unbiased; its interval is the
//     spread of the per-run estimates, which says nothing of the bias.
//
// Results are deterministic for a seed whatever the number of workers:
// every sample draws from its own generator, seeded by the seed and the
// sample's number, and samples are combined in the order of their numbers.
package estimate
