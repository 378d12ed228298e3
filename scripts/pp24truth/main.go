// Command pp24truth counts subtrees of Korekawa et al.'s PP-24 tree (cells
// only, dead regions cut by the largest-region test) exactly and sets each
// beside the estimator's prediction for the same subtree: the first ground
// truths at the scale of the paper's tree.
//
// The subtrees are fixed: node i is where a random descent from the root
// with seed i (a uniform child at every level) arrives at depth -depth.
// Of -sample such nodes, each sized by Knuth probes, it counts exactly
// (with -j workers and a time limit each) those sized between -min and
// -budget nodes, smallest first, until -want have finished. A subtree
// averages about 2e10 nodes at depth 4 and 1.5e9 at depth 5, beyond this
// machine for typical ones; the sizing picks small subtrees, not typical
// ones, as is said beside the table. With -scan L the nodes are instead
// all those of the depth (numbered k in the frontier's depth-first order,
// as shards number them): each is first sized by the nodes L levels
// below it, and the -keep smallest by that are sized by the probes; this
// finds the rare small subtrees that random descents miss. For each it
// then runs the estimator as `branchwise estimate` does by default
// (frontier, exact depth 2, 20 probes per frontier node, lookahead) with
// seed 1, and reports whether its interval holds the exact count.
//
// Usage: go run ./scripts/pp24truth [-depth 7] [-sample 200 | -scan L -keep N] [-want 10] [-min 1e4] [-budget 3e6] [-limit 10m] [-j 2]
package main

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
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
	depth := flag.Int("depth", 7, "depth of the subtrees' roots")
	sample := flag.Int("sample", 200, "random descents to that depth")
	want := flag.Int("want", 10, "subtrees to count exactly")
	budget := flag.Float64("budget", 3e6, "count only subtrees whose Knuth size estimate is at most this")
	least := flag.Float64("min", 1e4, "and at least this (smaller subtrees say little of an estimator)")
	probes := flag.Int("probes", 20, "Knuth probes to size a subtree")
	limit := flag.Duration("limit", 10*time.Minute, "time limit of one exact count")
	workers := flag.Int("j", 2, "workers of the exact counts and estimates")
	scan := flag.Int("scan", 0, "take every node of the depth, not random descents, and size each first by its nodes this many levels down")
	keep := flag.Int("keep", 1000, "with -scan: size by probes the nodes with the fewest nodes -scan levels down, this many")
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
	type cand struct {
		seed int
		path []int
		size float64
	}
	var cands []cand
	start := time.Now()
	size := func(seed int, path []int) float64 {
		r := estimate.Knuth(context.Background(), estimate.Subtree(newTree, path),
			estimate.Options{Seed: uint64(seed), Samples: *probes, Workers: 1, Lookahead: true})
		return r.Nodes.Estimate
	}
	if *scan > 0 {
		// Every node of the depth: the nodes *scan levels below each are
		// a cheap first sizing; the *keep smallest by it are sized by
		// the probes.
		fr, err := shard.NewFrontier(newTree, *depth, shard.NoDepthLimit)
		if err != nil {
			fail(err)
		}
		type near struct {
			k     int
			below int64
		}
		all := make([]near, fr.Len())
		ks := shard.Mine(fr.Len(), 0, 1)
		err = shard.Count(context.Background(), newTree, fr, ks, *depth+*scan, *workers, func(k int, p *estimate.Profile) {
			all[k] = near{k: k}
			if d := *depth + *scan; d < len(p.Nodes) {
				all[k].below = p.Nodes[d]
			}
		})
		if err != nil {
			fail(err)
		}
		sort.SliceStable(all, func(a, b int) bool { return all[a].below < all[b].below })
		fmt.Fprintf(os.Stderr, "pp24truth: %d nodes at depth %d scanned %d levels down in %.0f s\n", len(all), *depth, *scan, time.Since(start).Seconds())
		for _, x := range all {
			if len(cands) == *keep {
				break
			}
			if x.below == 0 {
				continue // no node *scan levels down: a tiny subtree
			}
			cands = append(cands, cand{x.k, fr.Path(x.k), size(x.k, fr.Path(x.k))})
		}
	}
	for i := 0; i < *sample && *scan == 0; i++ {
		rng := rand.New(rand.NewPCG(uint64(i), 24))
		t := newTree()
		var path []int
		for len(path) < *depth {
			n, _ := t.Branches()
			if n == 0 {
				break
			}
			c := rng.IntN(n)
			t.Down(c)
			path = append(path, c)
		}
		if len(path) < *depth {
			continue // a dead end above the depth
		}
		cands = append(cands, cand{i, path, size(i, path)})
	}
	sort.SliceStable(cands, func(a, b int) bool { return cands[a].size < cands[b].size })
	for _, lim := range []float64{1e2, 1e4, 1e6, 1e8, 1e10, 1e12} {
		m := sort.Search(len(cands), func(i int) bool { return cands[i].size > lim })
		fmt.Fprintf(os.Stderr, "pp24truth: %d of %d sampled subtrees sized at most %.0e\n", m, len(cands), lim)
	}
	how, id := "reached by seeded random descents", "seed"
	if *scan > 0 {
		how = fmt.Sprintf("with the fewest nodes %d levels below them, of all nodes of the depth", *scan)
		id = "subtree k" // its number in the frontier's depth-first order
	}
	fmt.Printf("# PP-24 (cells only, largest dead region cut): %d nodes at depth %d %s, sized by %d Knuth probes in %.0f s; %s\n\n",
		len(cands), *depth, how, *probes, time.Since(start).Seconds(), time.Now().UTC().Format(time.RFC3339))
	fmt.Println("| " + id + " | path | exact nodes | solutions | count s | nodes estimated | interval (kind) | holds | solutions estimated | interval (kind) | holds |")
	fmt.Println("|---|---|---|---|---|---|---|---|---|---|---|")
	done := 0
	for _, c := range cands {
		if done >= *want || c.size > *budget {
			break
		}
		if c.size < *least {
			continue
		}
		tree := estimate.Subtree(newTree, c.path)
		ctx, cancel := context.WithTimeout(context.Background(), *limit)
		t0 := time.Now()
		p, err := estimate.Exhaustive(ctx, tree, shard.NoDepthLimit, *workers)
		cancel()
		secs := time.Since(t0).Seconds()
		if err != nil {
			fmt.Fprintf(os.Stderr, "pp24truth: subtree of %s %d not finished in %v (sized %.3g)\n", id, c.seed, *limit, c.size)
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
		holds := func(iv estimate.Interval, x int64) bool { return iv.Low <= float64(x) && float64(x) <= iv.High }
		path := strings.Trim(strings.Join(strings.Fields(fmt.Sprint(c.path)), ","), "[]")
		fmt.Printf("| %d | %s | %d | %d | %.1f | %.4g | %.4g..%.4g (%s) | %v | %.4g | %.4g..%.4g (%s) | %v |\n",
			c.seed, path, nodes, sols, secs, r.Nodes.Estimate, r.Nodes.Low, r.Nodes.High, r.Nodes.Kind, holds(r.Nodes, nodes),
			r.Solutions.Estimate, r.Solutions.Low, r.Solutions.High, r.Solutions.Kind, holds(r.Solutions, sols))
		fmt.Printf("<!-- %s %d: sized %.3g by the probes; deepest level %d; nodes by depth below it: %v -->\n", id, c.seed, c.size, *depth+deepest, p.Nodes)
		done++
	}
	if done < *want {
		fmt.Fprintf(os.Stderr, "pp24truth: %d of the %d subtrees wanted were counted\n", done, *want)
		os.Exit(1)
	}
}
