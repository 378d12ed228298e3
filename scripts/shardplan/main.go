// Command shardplan predicts how evenly a count splits into shards: for each
// split depth it cuts the tree (the PP-24 tree of Korekawa et al. by
// default: cells only, dead regions cut by the largest-region test), gives
// every subtree of the frontier an estimated size (the mean of Knuth's
// probes from its root), and prints for n shards (subtrees k mod n == i)
// the largest shard over the mean: the wall time of a sharded count is the
// largest shard's, so this ratio is what n machines lose to imbalance.
//
// Usage: go run ./scripts/shardplan [-puzzle NAME] [-depths 2,3] [-probes 20] [-plain]
package main

import (
	"flag"
	"fmt"
	"math/rand/v2"
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
	newTree := func() estimate.Tree {
		w := pk.Compile(xcover.Fewest).Walker()
		w.SkipPruned = pk.DeadRegions
		return w
	}
	fmt.Printf("# %s, %d Knuth probes per subtree; %s\n", *name, *probes, time.Now().UTC().Format(time.RFC3339))
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
		t := newTree()
		rng := rand.New(rand.NewPCG(1, uint64(d)))
		size := make([]float64, fr.Len())
		var total float64
		for k := range size {
			for t.Depth() > 0 {
				t.Up()
			}
			for _, c := range fr.Path(k) {
				t.Down(c)
			}
			size[k] = knuth(t, rng, *probes)
			total += size[k]
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

// knuth is the mean of probes of Knuth's estimator of the subtree below
// t's node: each probe walks down choosing children at random and sums the
// products of the branching factors met.
func knuth(t estimate.Tree, rng *rand.Rand, probes int) float64 {
	base := t.Depth()
	var sum float64
	for p := 0; p < probes; p++ {
		w, est := 1.0, 1.0
		for {
			n, _ := t.Branches()
			if n == 0 {
				break
			}
			w *= float64(n)
			est += w
			t.Down(rng.IntN(n))
		}
		for t.Depth() > base {
			t.Up()
		}
		sum += est
	}
	return sum / float64(probes)
}

func maxOverMean(xs []float64) float64 {
	var m, s float64
	for _, x := range xs {
		m = max(m, x)
		s += x
	}
	return m / (s / float64(len(xs)))
}
