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
// Usage: go run ./scripts/shardplan [-puzzle NAME] [-depths 2,3] [-probes 20] [-plain] [-exact]
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
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
