// Command shardplan predicts how evenly a count splits into shards: for each
// split depth it cuts the tree (the PP-24 tree of Korekawa et al. by
// default: cells only, dead regions cut by the largest-region test), gives
// every subtree of the frontier a size (with -exact its node count, else
// estimated by Knuth's probes with lookahead from its root), and prints for
// n shards (subtrees k mod n == i) the largest shard over the mean: the
// wall time of a sharded count is the largest shard's, so this ratio is
// what n machines lose to imbalance. Estimated sizes are noisy, and noise
// only raises a maximum: with few probes the ratios are upper bounds.
//
// With -heaviest B it does not size every subtree, for the depths whose
// frontier is too large for that: it sizes the root's children, keeps the
// B heaviest, sizes their children, keeps the B heaviest of those, and so
// on down to the deepest of -depths (a beam search for heavy subtrees).
// The heaviest subtree found at depth D over the mean T/F (T the tree's
// estimated size, the sum of the root's children's; F the number of nodes
// at depth D, counted) bounds the imbalance from below: the shard that
// holds that subtree and F/n - 1 others, of the mean size on average,
// holds 1 + (heaviest/mean - 1) n/F mean shards, and the largest shard at
// least as much. The beam may miss heavier subtrees elsewhere: lower
// bounds, where the all-subtree rows above are upper ones.
//
// Usage: go run ./scripts/shardplan [-puzzle NAME] [-depths 2,3] [-probes 20] [-plain] [-exact] [-heaviest B]
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/branchwise/branchwise/estimate"
	"github.com/branchwise/branchwise/puzzles/polyform"
	"github.com/branchwise/branchwise/shard"
	"github.com/branchwise/branchwise/xcover"
)

func main() {
	name := flag.String("puzzle", "heptiamond-pp24", "a built-in packing puzzle")
	depths := flag.String("depths", "2,3", "split depths")
	probes := flag.Int("probes", 20, "Knuth probes per subtree")
	plain := flag.Bool("plain", false, "the plain tree of pack --count instead of Korekawa et al.'s")
	exact := flag.Bool("exact", false, "count every subtree exactly instead of estimating it")
	beam := flag.Int("heaviest", 0, "instead: follow the this many heaviest subtrees down, depth by depth (see the doc)")
	flag.Parse()
	b, ps, ok := polyform.Named(*name)
	if !ok {
		fmt.Fprintf(os.Stderr, "shardplan: no puzzle %s\n", *name)
		os.Exit(2)
	}
	pk, err := polyform.NewPacking(b, ps)
	if err != nil {
		fmt.Fprintln(os.Stderr, "shardplan:", err)
		os.Exit(1)
	}
	if !*plain {
		pk.CellsOnly, pk.DeadRegions, pk.LargestRegionOnly = true, true, true
	}
	newTree := pk.Tree(xcover.Fewest)
	how := fmt.Sprintf("%d Knuth probes with lookahead per subtree", *probes)
	if *exact {
		how = "subtrees counted exactly"
	}
	if *beam > 0 {
		heaviest(newTree, *depths, *beam, *probes)
		return
	}
	fmt.Printf("# %s, %s; %s\n", *name, how, time.Now().UTC().Format(time.RFC3339))
	fmt.Println("| split depth | subtrees F | est. nodes | subtree max/mean | shards n | shard max/mean | seconds |")
	fmt.Println("|---|---|---|---|---|---|---|")
	for _, ds := range strings.Split(*depths, ",") {
		d, err := strconv.Atoi(ds)
		if err != nil {
			fmt.Fprintln(os.Stderr, "shardplan: bad depth", ds)
			os.Exit(2)
		}
		start := time.Now()
		fr, err := shard.NewFrontier(newTree, d, shard.NoDepthLimit)
		if err != nil {
			fmt.Fprintln(os.Stderr, "shardplan:", err)
			os.Exit(1)
		}
		size := make([]float64, fr.Len())
		var total float64
		if *exact {
			ks := shard.Mine(fr.Len(), 0, 1)
			err := shard.Count(context.Background(), newTree, fr, ks, shard.NoDepthLimit, 2, func(k int, p *estimate.Profile) {
				for _, n := range p.Nodes {
					size[k] += float64(n)
				}
			})
			if err != nil {
				fmt.Fprintln(os.Stderr, "shardplan:", err)
				os.Exit(1)
			}
		} else {
			for k := range size {
				r := estimate.Knuth(context.Background(), estimate.Subtree(newTree, fr.Path(k)),
					estimate.Options{Seed: uint64(k), Samples: *probes, Workers: 1, Lookahead: true})
				size[k] = r.Nodes.Estimate
			}
		}
		for _, s := range size {
			total += s
		}
		for _, n := range []int{fr.Len() / 64, fr.Len() / 8, fr.Len()} {
			if n < 1 {
				continue
			}
			shards := make([]float64, n)
			for k, s := range size {
				shards[k%n] += s
			}
			fmt.Printf("| %d | %d | %.3g | %.1f | %d | %.2f | %.0f |\n", d, fr.Len(), total, maxOverMean(size), n, maxOverMean(shards), time.Since(start).Seconds())
		}
	}
}

func maxOverMean(xs []float64) float64 {
	var m, s float64
	for _, x := range xs {
		m = max(m, x)
		s += x
	}
	return m / (s / float64(len(xs)))
}

// heaviest prints, for each depth of depths, the heaviest subtree that a
// beam of width beam finds (see the doc), and the bounds it gives.
func heaviest(newTree func() estimate.Tree, depths string, beam, probes int) {
	var want []int
	deepest := 0
	for _, ds := range strings.Split(depths, ",") {
		d, err := strconv.Atoi(ds)
		if err != nil || d < 1 {
			fmt.Fprintln(os.Stderr, "shardplan: bad depth", ds)
			os.Exit(2)
		}
		want = append(want, d)
		deepest = max(deepest, d)
	}
	start := time.Now()
	counts, err := estimate.Exhaustive(context.Background(), newTree, deepest, 2)
	if err != nil {
		fmt.Fprintln(os.Stderr, "shardplan:", err)
		os.Exit(1)
	}
	type node struct {
		path []int
		size float64
	}
	sizeOf := func(path []int) float64 {
		r := estimate.Knuth(context.Background(), estimate.Subtree(newTree, path),
			estimate.Options{Seed: 1, Samples: probes, Workers: 2, Lookahead: true})
		return r.Nodes.Estimate
	}
	fmt.Printf("# the heaviest subtrees by depth, a beam of %d, each child sized by %d Knuth probes with lookahead; %s\n",
		beam, probes, time.Now().UTC().Format(time.RFC3339))
	fmt.Println("| split depth D | subtrees F (counted) | heaviest found (est. nodes) | its path | heaviest / mean | shard max/mean at least, n = F/64 | n = F/8 | seconds |")
	fmt.Println("|---|---|---|---|---|---|---|---|")
	level := []node{{}}
	total := 0.0
	for d := 1; d <= deepest; d++ {
		var next []node
		for _, p := range level {
			t := estimate.Subtree(newTree, p.path)()
			n, _ := t.Branches()
			for c := range n {
				path := append(append([]int(nil), p.path...), c)
				next = append(next, node{path, sizeOf(path)})
			}
		}
		sort.Slice(next, func(a, b int) bool { return next[a].size > next[b].size })
		if d == 1 {
			for _, x := range next {
				total += x.size
			}
		}
		level = next[:min(beam, len(next))]
		if !slices.Contains(want, d) {
			continue
		}
		f := float64(counts.Nodes[d])
		r := level[0].size / (total / f)
		path := strings.Trim(strings.Join(strings.Fields(fmt.Sprint(level[0].path)), ","), "[]")
		fmt.Printf("| %d | %d | %.3g | %s | %.0f | %.2f | %.2f | %.0f |\n", d, counts.Nodes[d], level[0].size, path, r,
			1+(r-1)/64, 1+(r-1)/8, time.Since(start).Seconds())
	}
	fmt.Printf("\nThe tree's size, the sum of the root's children's estimates: %.3g nodes.\n", total)
}
