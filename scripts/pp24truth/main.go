// Command pp24truth counts subtrees of Korekawa et al.'s PP-24 tree (cells
// only, dead regions cut by the largest-region test) exactly and sets each
// beside the estimator's prediction for the same subtree: the first ground
// truths at the scale of the paper's tree.
//
// The subtrees are fixed: of the F nodes at split depth -depth, numbered
// depth-first as `--split-depth` numbers them, it takes -sample evenly
// spaced ones (k = i*F/sample), sizes each by Knuth probes, and counts the
// smallest of at least -min nodes exactly (with -j workers and a time limit each) until -want
// have finished. A full subtree averages about 2e10 nodes at depth 4, far
// beyond one machine, so these are the smallest of a fixed sample: small
// subtrees, not typical ones, and said so beside the table. For each it
// then runs the estimator as `branchwise estimate` does by default
// (frontier, exact depth 2, 20 probes per frontier node, lookahead) with
// seed 1, and reports whether its interval holds the exact count.
//
// Usage: go run ./scripts/pp24truth [-depth 4] [-sample 400] [-want 10] [-min 1e4] [-budget 3e6] [-limit 10m] [-j 2]
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/branchwise/branchwise/estimate"
	"github.com/branchwise/branchwise/puzzles/polyform"
	"github.com/branchwise/branchwise/shard"
	"github.com/branchwise/branchwise/xcover"
)

func main() {
	depth := flag.Int("depth", 4, "split depth of the subtrees")
	sample := flag.Int("sample", 400, "evenly spaced subtrees to size")
	want := flag.Int("want", 10, "subtrees to count exactly")
	budget := flag.Float64("budget", 3e6, "count only subtrees whose Knuth size estimate is at most this")
	least := flag.Float64("min", 1e4, "and at least this (smaller subtrees say little of an estimator)")
	probes := flag.Int("probes", 20, "Knuth probes to size a subtree")
	limit := flag.Duration("limit", 10*time.Minute, "time limit of one exact count")
	workers := flag.Int("j", 2, "workers of the exact counts and estimates")
	flag.Parse()
	fail := func(err error) {
		fmt.Fprintln(os.Stderr, "pp24truth:", err)
		os.Exit(1)
	}
	b, ps, _ := polyform.Named("heptiamond-pp24")
	pk, err := polyform.NewPacking(b, ps)
	if err != nil {
		fail(err)
	}
	pk.CellsOnly, pk.DeadRegions, pk.LargestRegionOnly = true, true, true
	newTree := pk.Tree(xcover.Fewest)
	fr, err := shard.NewFrontier(newTree, *depth, shard.NoDepthLimit)
	if err != nil {
		fail(err)
	}
	n := min(*sample, fr.Len())
	type cand struct {
		k    int
		size float64
	}
	var cands []cand
	start := time.Now()
	for i := 0; i < n; i++ {
		k := i * fr.Len() / n
		r := estimate.Knuth(context.Background(), estimate.Subtree(newTree, fr.Path(k)),
			estimate.Options{Seed: uint64(k), Samples: *probes, Workers: 1, Lookahead: true})
		cands = append(cands, cand{k, r.Nodes.Estimate})
	}
	sort.SliceStable(cands, func(a, b int) bool { return cands[a].size < cands[b].size })
	for _, lim := range []float64{1e2, 1e4, 1e6, 1e8, 1e10, 1e12} {
		m := sort.Search(len(cands), func(i int) bool { return cands[i].size > lim })
		fmt.Fprintf(os.Stderr, "pp24truth: %d of %d sampled subtrees sized at most %.0e\n", m, len(cands), lim)
	}
	fmt.Printf("# PP-24 (cells only, largest dead region cut): %d of the %d subtrees at depth %d sized by %d Knuth probes in %.0f s; %s\n\n",
		n, fr.Len(), *depth, *probes, time.Since(start).Seconds(), time.Now().UTC().Format(time.RFC3339))
	fmt.Println("| subtree k | path | exact nodes | solutions | deepest | count s | frontier estimate | interval | kind | holds | sizing estimate |")
	fmt.Println("|---|---|---|---|---|---|---|---|---|---|---|")
	done := 0
	for _, c := range cands {
		if done >= *want || c.size > *budget {
			break
		}
		if c.size < *least {
			continue
		}
		tree := estimate.Subtree(newTree, fr.Path(c.k))
		ctx, cancel := context.WithTimeout(context.Background(), *limit)
		t0 := time.Now()
		p, err := estimate.Exhaustive(ctx, tree, shard.NoDepthLimit, *workers)
		cancel()
		secs := time.Since(t0).Seconds()
		if err != nil {
			fmt.Fprintf(os.Stderr, "pp24truth: subtree %d not finished in %v (sized %.3g)\n", c.k, *limit, c.size)
			continue
		}
		var nodes, sols int64
		deepest := 0
		for d, x := range p.Nodes {
			nodes += x
			if x > 0 {
				deepest = d
			}
		}
		for _, x := range p.Solutions {
			sols += x
		}
		r := estimate.Frontier(context.Background(), tree,
			estimate.Options{Seed: 1, Samples: 20, Workers: *workers, ExactDepth: 2, Lookahead: true})
		iv := r.Nodes
		holds := iv.Low <= float64(nodes) && float64(nodes) <= iv.High
		path := strings.Trim(strings.Join(strings.Fields(fmt.Sprint(fr.Path(c.k))), ","), "[]")
		fmt.Printf("| %d | %s | %d | %d | %d | %.1f | %.4g | %.4g..%.4g | %s | %v | %.3g |\n",
			c.k, path, nodes, sols, *depth+deepest, secs, iv.Estimate, iv.Low, iv.High, iv.Kind, holds, c.size)
		fmt.Printf("<!-- subtree %d nodes by depth below it: %v -->\n", c.k, p.Nodes)
		done++
	}
	if done < *want {
		fmt.Fprintf(os.Stderr, "pp24truth: %d of the %d subtrees wanted were counted\n", done, *want)
		os.Exit(1)
	}
}
