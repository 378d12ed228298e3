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
//   - Auto runs a pilot (Knuth's probes, then Purdom's of width 2) and from
//     its nodes per depth and cost chooses Purdom's probes of the widest
//     width of which ten fit in a work budget (Options.MaxWork) and the depth
//     from which they count small subtrees exactly (Options.Tail,
//     TailDepth): a sampled top over a counted bottom. Budgeted runs any
//     sampler on such a budget; Meter follows a run for a progress line.
//     A budget fixes the number of probes before the run, from a
//     calibration of their own seed (the mean of probes stopped by the
//     work they spend is biased where one probe can spend much of it), and
//     a run that passes a cap of 4 times the budget is stopped and said
//     capped (its Method says so; its intervals are spreads); auto then
//     falls back to Knuth's probes (width 1).
//
// Agree compares two estimates of one quantity (the solutions under two
// search rules): their ratio and whether their intervals overlap.
//
// Intervals come from replicates (independent estimates: the frontier's
// replications, groups of the other methods' probes): the bootstrap-t
// interval of their mean, which reaches high above a skewed sample's mean.
// It is a 95% confidence interval (KindConfidence) when it rests on at
// least 10 replicates and 10,000 moves, otherwise a spread (KindSpread),
// which the program prints as such. Target is a stop rule over rounds of
// an estimator.
//
// Results are deterministic for a seed whatever the number of workers:
// every sample draws from its own generator, seeded by the seed and the
// sample's number, and samples are combined in the order of their numbers.
//
// Job (job.go) is one estimate as the branchwise command asks for it: a
// method, a time budget or a stop rule's target, checked by Check with the
// command's words; its Report prints itself (WriteTable, WriteSVG).
package estimate
