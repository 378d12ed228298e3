// Package estimate predicts the size of search trees too large to
// enumerate, and the number of solutions at their leaves, from a small
// part of the tree, with confidence intervals whose coverage is measured
// (docs/estimate.md).
//
// Every estimator walks a Tree one node at a time (Branches, Down, Up), the
// interface that xcover.Walker has and that DomainTree gives the search
// core's depth-first trees. The methods:
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
//   - Stratified is Chen's (1992) stratified sampling: one representative
//     per type and depth (a Typed tree gives its types).
//   - Purdom (1978) is partial backtracking: a probe goes on into Width
//     children of every node, each weighted by the node's children over
//     Width. Cost per probe up to Width^depth; it reaches the clustered
//     solutions of a packing that single paths miss. Above ExactDepth a
//     probe takes every child; with Lookahead it counts the leaf children
//     and goes on among the others.
//   - SampleSearch (after Gogate and Dechter 2007, 2011) is a random-order
//     depth-first search to a first solution, weighted by the product of
//     the live children counts on its path, made exact by searching every
//     untried sibling for a solution: unbiased, dead ends cost work but no
//     variance.
//   - Auto chooses among Knuth's probes (lookahead, a tail, Importance:
//     children drawn in proportion to their own children), the frontier
//     and Purdom's probes of widths 2 to 4 by pilot runs on a share of a
//     work budget (Options.MaxWork), and runs the most promising on the
//     rest; Budgeted runs any sampler on such a budget.
//
// Agree compares two estimates of one quantity (the solutions under two
// search rules): their ratio and whether their intervals overlap.
//
// Intervals come from replicates (independent estimates: the frontier's
// replications, groups of 30 of the other methods' probes). One is a 95%
// confidence interval (KindConfidence) only when the replicates pass the
// Anderson-Darling test of normality (or their logarithms do: Cox's
// interval), and Hill's tail index of the probes, from their largest
// tenth (50 to 500 of them, all positive), is at least 2 (a finite
// variance); otherwise it is a spread
// (KindSpread), which the program prints as such. Target is a stop rule
// over rounds of an estimator.
//
// Results are deterministic for a seed whatever the number of workers:
// every sample draws from its own generator, seeded by the seed and the
// sample's number, and samples are combined in the order of their numbers.
//
// Job (job.go) is one estimate as the branchwise command asks for it: a
// method, a time budget or a stop rule's target, checked by Check with the
// command's words; its Report prints itself (WriteTable, WriteSVG).
package estimate
