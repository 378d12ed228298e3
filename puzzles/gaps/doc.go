// Package gaps is Superpuzz, the card solitaire of Berliner et al. and Shintani (also
// known as Gaps One Deal): deals from a seed or from text, the rules, the
// search.Domain every engine of package search runs on (with canonical keys,
// the 24 row permutations of a position as one, and the move orders of
// Shintani and of the decider), Berliner et al.'s deadlock detection, a
// stronger reachability test with forced moves (reach.go), stubborn sets, a
// partial-order reduction that keeps every win reachable (stubborn.go), and the
// exhaustive deciders, configurations of package search (see decide.go),
// that answer solvable (with a solution), unsolvable (a proof by exhaustion)
// or unknown (a limit). DecideOptions.Workers runs the best-first decider on
// several goroutines (search.ParallelPriorityFirst, hash-distributed
// best-first search) with the same verdicts.
//
// # The game
//
// A deal of k columns (4 <= k <= 13) uses the cards A..k of four suits,
// dealt in 4 rows of k; the four cards of rank k are removed and leave holes.
// A card moves into a hole, leaving a hole where it was:
//
//   - a hole on the left edge takes any ace (an ace already on the left edge
//     may move to another left-edge hole);
//   - any other hole takes the same-suit successor of the card on its left;
//     a hole right of another hole or right of a rank k-1 card is dead.
//
// The deal is won when each row holds one suit A..k-1 from the left (any
// suit in any row); it is lost when no move is left.
//
// # Notation
//
// A card is its suit and rank: HA, D7, ST, CJ, HQ (suits H D S C, ranks
// A 2..9 T J Q). A deal is 4 lines of k cells, a hole written "..". Moves are
// printed as Shintani's (card, hole) pairs, a hole named by the card of rank
// k whose removal made it ((H3, S6): H3 into the hole S6 left), or as the
// sequence of moving cards.
//
// report.go holds what the gaps commands print: NewReport for a solve, and
// SurveyAll, the survey of several sizes as one job that a checkpoint
// keeps and shards split (deal k of the job in shard k mod n).
package gaps
