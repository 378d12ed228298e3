package polyform

import (
	"context"
	"math/rand/v2"
	"time"

	"github.com/branchwise/branchwise/bitpack"
	"github.com/branchwise/branchwise/internal/cputime"
	"github.com/branchwise/branchwise/search"
	"github.com/branchwise/branchwise/xcover"
)

// autoDeadLook is the CPU time of deadGain, the kernels' compiling (10 to
// 20 ms on the PP-24 part) and the samples: a few dozen subtrees of a
// thousand nodes or more, each counted twice.
const autoDeadLook = 60 * time.Millisecond

// autoDeadGain: countRace switches the dead-region test on in its
// first-empty count when the samples put the count with the test at
// most this share of the count without it. Measured (docs/benchmarks.md,
// sixth pass): 0.11 to 0.35 on the PP-24 part, where the test pays (the
// whole trees' CPU ratio 0.43 to 0.47); 0.84 to 1.37 on hexiamond 6x6 and
// 0.91 and 1.13 on heptiamond 6x14, where it does not (0.89 to 1.8, and
// 0.97). A switch
// that does not pay costs at most the test's price per node on what is
// left, so the bound sits between the two, nearer the boards it pays on.
const autoDeadGain = 0.7

// autoDeadLeft, autoDeadMin and autoDeadCap set deadGain's subtrees: they
// hang at the depth where autoDeadLeft pieces are left to begin with; the
// depth moves up one when autoDeadBatch samples have counted fewer than
// autoDeadMin nodes each on average (too few to time), and down one when
// a subtree has more than autoDeadCap nodes (too many for the look).
const (
	autoDeadLeft  = 3
	autoDeadMin   = 2000
	autoDeadCap   = 1 << 15
	autoDeadBatch = 8
)

// deadGain compares the cost of pk's count by the first empty cell's rule
// (the tree of bitpack.SolveSplit, restricted to the placements keep
// accepts) with the dead-region test and without it, on the same
// subtrees: it goes down the tree without the test to random nodes,
// counts each one's subtree without the test and then with it (a search
// of a copy of the kernel with the test on, moved to the same node:
// bitpack.Kernel.WithDeadRegions), and returns the CPU time of the counts
// with the test over those without (below 1: the test pays), and the
// subtrees counted. The subtrees are not weighed as Knuth's estimator
// weighs its probes: on the PP-24 part, heptiamond 6x14 and hexiamond 6x6
// the weighed nodes put the test's saving at 0.75, 0.64 and 0.65 of the
// nodes where the whole trees have 0.30, 0.57 and 0.59 (the sums were
// a few heavy probes'), and the plain sums at 0.39, 0.57 and 0.56.
// Paired on the same subtrees, the ratio is steadier than that of two
// independent estimates of the two trees, which on the PP-24 part sized
// them 2 to 6 times off (docs/benchmarks.md).
func (pk *Packing) deadGain(ctx context.Context, keep func(int) bool, budget time.Duration) (float64, int, error) {
	clock := cputime.Clock() // the kernels' compiling is in the look's budget
	off := *pk
	off.FirstEmpty, off.DeadRegions, off.ColourCut, off.Progress, off.deadSwitch, off.tracker = true, false, false, nil, nil, nil
	var ks []*bitpack.Kernel
	var s, sd []*bitpack.Search // per kernel, without the test and with it
	for _, reverse := range []bool{false, true} {
		k, _, err := off.kernel(xcover.Fewest, keep, reverse)
		if err != nil {
			return 0, 0, err
		}
		kd, err := k.WithDeadRegions()
		if err != nil {
			return 0, 0, err
		}
		ks, s, sd = append(ks, k), append(s, k.NewSearch()), append(sd, kd.NewSearch())
	}
	tree, err := bitpack.NewSplitTree(ks)
	if err != nil {
		return 0, 0, err
	}
	rng := rand.New(rand.NewPCG(1, 2)) // the same samples every run: the choice is reproducible
	depth := max(len(pk.Pieces)-autoDeadLeft, 1)
	var (
		nodesOff, nodesOn int64
		cpuOff, cpuOn     time.Duration
		samples, batch    int
		batchNodes        int64
	)
	for clock() < budget {
		if err := ctx.Err(); err != nil {
			return 0, samples, err
		}
		for tree.Depth() > 0 {
			tree.Up()
		}
		for tree.Depth() < depth {
			n, _ := tree.Branches()
			if n == 0 {
				break
			}
			tree.Down(rng.IntN(n))
		}
		path, j := tree.Path()
		if j < 0 {
			break // the root has no children
		}
		s, sd := s[j], sd[j]
		s.Goto(path)
		t0 := clock()
		r := s.Solve(ctx, search.Limits{MaxNodes: autoDeadCap}, nil)
		t1 := clock()
		if r.Err != nil {
			if ctx.Err() != nil {
				return 0, samples, ctx.Err()
			}
			depth++ // a subtree too large for the look
			batch, batchNodes = 0, 0
			continue
		}
		n := r.Stats.Nodes + 1 // the subtree's root too
		m := int64(1)          // with the test, a root that fails it is all there is
		sd.Goto(path)
		if sd.RegionsOK() {
			m += sd.Solve(ctx, search.Limits{}, nil).Stats.Nodes
		}
		t2 := clock()
		nodesOff, nodesOn = nodesOff+n, nodesOn+m
		cpuOff, cpuOn = cpuOff+t1-t0, cpuOn+t2-t1
		samples++
		batch++
		batchNodes += n
		if batch == autoDeadBatch {
			if batchNodes < autoDeadMin*autoDeadBatch && depth > 1 {
				depth--
			}
			batch, batchNodes = 0, 0
		}
	}
	if samples == 0 || cpuOff <= 0 {
		return 1, samples, nil // nothing measured: no reason to switch
	}
	return cpuOn.Seconds() / cpuOff.Seconds(), samples, nil
}
