// Command estimatevalidate measures the estimators of package estimate on
// packing puzzles whose trees are known exactly: for every puzzle, method
// and sample size it runs 100 seeded repetitions and reports the median
// relative error of the solution and node estimates, the empirical coverage
// of their 95% intervals, and the work spent as a share of the exhaustive
// search's nodes. It prints a markdown table and writes an SVG chart of
// relative error against work.
//
//	go run ./scripts/estimatevalidate [-reps 100] [-j 2] [-svg docs/estimate-validation.svg] [-puzzles pentomino-6x10,...]
//
// The validation set (testdata/trees.tsv, issue 30) has modes of its own:
//
//	go run ./scripts/estimatevalidate -count < testdata/trees.tsv   # recount every tree
//	go run ./scripts/estimatevalidate -set scripts/estimatevalidate/testdata/trees.tsv [-trees PREFIX,...] [-methods auto,frontier,knuth,purdom] [-reps 100] [-first-seed 1] [-share 0.01] [-raw FILE] [-chart FILE]
//	go run ./scripts/estimatevalidate -set scripts/estimatevalidate/testdata/trees.tsv -chart-from RAW,... [-chart FILE]
//
// -set runs every method on every tree, reps seeded repetitions on a work
// budget of -share of the tree's nodes, and prints per tree the median
// estimate/truth, the median relative error and the coverage of the
// printed confidence intervals, then per method whether the goals of
// issue 30 are met.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/branchwise/branchwise/estimate"
	"github.com/branchwise/branchwise/internal/cliflag"
	"github.com/branchwise/branchwise/puzzles/polyform"
	"github.com/branchwise/branchwise/puzzles/tiles"
	"github.com/branchwise/branchwise/render"
	"github.com/branchwise/branchwise/xcover"
)

type config struct {
	method  string
	samples int
	depth   int
	tail    int
	look    bool
	exact   int // purdom: the depth above which every child is taken
}

func (c config) String() string {
	s := fmt.Sprintf("%s n=%d", c.method, c.samples)
	if c.method == "frontier" || c.method == "paper" {
		s += fmt.Sprintf(" d=%d", c.depth)
	}
	if c.method == "purdom" {
		s += fmt.Sprintf(" width=%d", c.depth)
		if c.exact > 0 {
			s += fmt.Sprintf(" exact=%d", c.exact)
		}
	}
	if c.tail > 0 {
		s += fmt.Sprintf(" tail=%d", c.tail)
	}
	if c.look {
		s += " lookahead"
	}
	return s
}

var configs = []config{
	{"knuth", 10000, 0, 0, false, 0},
	{"knuth", 1000, 0, 0, true, 0},
	{"stratified", 100, 0, 0, false, 0},
	{"frontier", 20, 2, 0, false, 0},
	{"frontier", 20, 2, 0, true, 0},
	{"paper", 20, 3, 0, false, 0},
}

func main() {
	reps := flag.Int("reps", 100, "seeded repetitions per configuration")
	flag.IntVar(&firstSeed, "first-seed", 1, "with -set: the first repetition's seed (the others follow), for repetitions independent of an earlier run's")
	workers := flag.Int("j", 2, "workers")
	svg := flag.String("svg", "", "write the chart of relative error against work here")
	truthSVG := flag.String("truth-svg", "", "write the chart of estimated against true solutions, with intervals, per method, here")
	puzzles := flag.String("puzzles", "pentomino-6x10,pentomino-5x12,pentomino-4x15,pentomino-8x8,hexiamond-6x6", "puzzles")
	only := flag.String("methods", "", "comma-separated methods to run (default all)")
	raw := flag.String("raw", "", "append every repetition's intervals and diagnostics to this CSV file")
	fromRaw := flag.String("chart-from", "", "instead: draw -truth-svg from the -raw CSV files given here, comma-separated; with -set, print the tables of -set (and draw -chart) from them")
	custom := flag.String("configs", "", "instead of the built-in configurations: METHOD:SAMPLES[:DEPTH|WIDTH[:look][:xEXACT][:tTAIL]],... e.g. knuth:100000,frontier:20:3:look,purdom:10:4:look:x1:t50")
	deadRegions := flag.Bool("dead-regions", false, "estimate the tree whose nodes with an empty region no remaining pieces fill are cut (the fewest-options rule)")
	firstEmpty := flag.Bool("first-empty", false, "estimate the first-empty-cell tree (the kernel's FirstEmpty rule) instead of the fewest-options tree")
	pp24 := flag.Bool("pp24", false, "instead of -puzzles: the ten depth-4 subtrees of Korekawa et al.'s PP-24 tree (--cells-only --dead-regions --largest-region) counted exactly in docs/distributed.md")
	korf := flag.Int64("korf", 0, "instead: predict IDA*'s penultimate iteration on the Korf instances with at most this many generated nodes")
	count := flag.Bool("count", false, "instead: count exactly the trees of the NAME<TAB>SPEC lines on standard input, printing validation-set lines")
	set := flag.String("set", "", "instead: measure the budgeted methods on the validation set in this file (e.g. "+treesFile+")")
	share := flag.Float64("share", 0.01, "with -set: each estimate's work, a share of the tree's nodes")
	trees := flag.String("trees", "", "with -set: only these trees, comma-separated names (NAME* for the names that start with NAME)")
	chart := flag.String("chart", "", "with -set: write the chart of estimate/truth per tree and method here")
	variance := flag.Bool("variance", false, "with -set: instead of sampling, compute on each tree the exact relative standard errors of the nodes and solutions of Knuth's probes with a counted bottom, per way of choosing a child, at -share of its nodes")
	tails := flag.String("tails", "0,1024", "with -variance: the counted bottoms, comma-separated subtree sizes (0: none)")
	subBoards := flag.String("pp24-boards", "", "instead: write PP-24's ten counted subtrees as sub-boards (four pieces fixed) in this directory, and their lines under four rules on standard output")
	flag.Parse()
	ctx := context.Background()
	switch {
	case *subBoards != "":
		if err := writeSubBoards(*subBoards, os.Stdout); err != nil {
			fail(err)
		}
		return
	case *set != "" && *fromRaw != "":
		reportFromRaw(strings.Split(*fromRaw, ","), *chart, os.Stdout)
		return
	case *set != "":
		f, err := os.Open(*set)
		if err != nil {
			fail(err)
		}
		all, err := readTrees(f, *set)
		f.Close()
		if err != nil {
			fail(err)
		}
		var picked []countedTree
		for _, t := range all {
			if *trees == "" || slices.ContainsFunc(strings.Split(*trees, ","), func(p string) bool {
				pre, ok := strings.CutSuffix(p, "*")
				return t.name == p || ok && strings.HasPrefix(t.name, pre)
			}) {
				picked = append(picked, t)
			}
		}
		if *variance {
			sizes, ok := cliflag.ParseInts(*tails, 0)
			if !ok {
				fail(fmt.Errorf("-tails %q: want subtree sizes, e.g. 0,64,1024", *tails))
			}
			var bottoms []float64
			for _, n := range sizes {
				bottoms = append(bottoms, float64(n))
			}
			varianceReport(picked, *share, bottoms, os.Stdout)
			return
		}
		var rawW io.Writer
		if *raw != "" {
			rf, err := os.OpenFile(*raw, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
			if err != nil {
				fail(err)
			}
			defer rf.Close()
			rawW = rf
		}
		methods := pickMethods(*only)
		scores := validateSet(ctx, picked, methods, *reps, *share, os.Stdout, rawW)
		summarize(os.Stdout, scores, methods)
		if *chart != "" {
			var names []string
			for _, m := range methods {
				names = append(names, m.name)
			}
			ratioChart(*chart, scores, names)
		}
		return
	case *count:
		if err := countSpecs(ctx, os.Stdin, os.Stdout); err != nil {
			fail(err)
		}
		return
	}
	if *fromRaw != "" {
		chartFromRaw(strings.Split(*fromRaw, ","), *truthSVG)
		return
	}
	if *custom != "" {
		configs = nil
		for _, f := range strings.Split(*custom, ",") {
			parts := strings.Split(f, ":")
			var c config
			c.method = parts[0]
			if len(parts) > 1 {
				fmt.Sscan(parts[1], &c.samples)
			}
			if len(parts) > 2 {
				fmt.Sscan(parts[2], &c.depth)
			}
			for _, o := range parts[min(3, len(parts)):] {
				c.look = c.look || o == "look"
				if strings.HasPrefix(o, "x") {
					fmt.Sscan(o[1:], &c.exact)
				}
				if strings.HasPrefix(o, "t") {
					fmt.Sscan(o[1:], &c.tail)
				}
			}
			configs = append(configs, c)
		}
	}
	if *korf > 0 {
		predictKorf(ctx, *korf, *workers)
		return
	}
	var series []render.Series
	// Per configuration: the true solutions of each puzzle, and the
	// medians over repetitions of the estimate and of its bounds.
	vsTruth := map[string]*render.Series{}
	var vsOrder []string
	var rawOut *os.File
	if *raw != "" {
		var err error
		if rawOut, err = os.OpenFile(*raw, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644); err != nil {
			log.Fatal(err)
		}
		defer rawOut.Close()
	}
	fmt.Println("| puzzle | method | work (% of exhaustive) | solutions: median rel. error | confidence intervals: printed, covering | nodes: median rel. error | confidence intervals: printed, covering | seconds per estimate |")
	fmt.Println("|---|---|---|---|---|---|---|---|")
	names := strings.Split(*puzzles, ",")
	if *pp24 {
		names = nil
		for _, t := range pp24Truths {
			names = append(names, "heptiamond-pp24/"+t.path)
		}
	}
	for _, name := range names {
		// NAME, NAME@PIECES or BOARD-FILE[@PIECES], as the pack command
		// takes them; or heptiamond-pp24/PATH, a subtree of known counts.
		var subtree string
		if rest, ok := strings.CutPrefix(name, "heptiamond-pp24/"); ok {
			name, subtree = "heptiamond-pp24", rest
		}
		file, pieces, _ := strings.Cut(name, "@")
		name = strings.TrimSuffix(filepath.Base(file), ".txt")
		if pieces != "" {
			name += "@" + pieces
		}
		for _, paperTree := range []bool{false, true} {
			if !slices.ContainsFunc(configs, func(c config) bool { return (c.method == "paper") == paperTree }) {
				continue // no configuration on this tree: do not count it
			}
			pk, err := polyform.Load(file, pieces)
			if err != nil {
				log.Fatal(err)
			}
			if pk.Ranges != nil {
				log.Fatalf("%s: copies and ranges of pieces are searched by Algorithm M, whose tree the estimators do not walk: name the pieces by letter", name)
			}
			pk.CellsOnly, pk.DeadRegions = paperTree, paperTree
			pk.FirstEmpty = *firstEmpty && !paperTree
			pk.DeadRegions = pk.DeadRegions || *deadRegions
			newTree := pk.Tree(xcover.Fewest)
			var tNodes, tSols float64
			if subtree != "" {
				// Korekawa et al.'s tree below a node of known counts.
				pk.CellsOnly, pk.DeadRegions, pk.LargestRegionOnly = true, true, true
				t := pp24Truths[slices.IndexFunc(pp24Truths, func(t pp24Truth) bool { return t.path == subtree })]
				path, _ := cliflag.ParseInts(t.path, 0)
				newTree = estimate.Subtree(pk.Tree(xcover.Fewest), path)
				tNodes, tSols = t.nodes, t.solutions
				name += "/" + subtree
			} else {
				// The truth: the whole tree, counted.
				truth, err := estimate.Exhaustive(ctx, newTree, 1000, *workers)
				if err != nil {
					log.Fatal(err)
				}
				for d := range truth.Nodes {
					tNodes += float64(truth.Nodes[d])
					tSols += float64(truth.Solutions[d])
				}
			}
			fmt.Fprintf(os.Stderr, "%s (first-empty %v, dead regions %v, paper's tree %v): %.0f nodes, %.0f solutions\n", name, pk.FirstEmpty, pk.DeadRegions, paperTree, tNodes, tSols)
			for _, c := range configs {
				if (c.method == "paper") != paperTree || *only != "" && !slices.Contains(strings.Split(*only, ","), c.method) {
					continue
				}
				var solErr, nodeErr, solEst, solLow, solHigh []float64
				var sol, node coverage
				var work float64
				start := time.Now()
				for seed := 1; seed <= *reps; seed++ {
					opt := estimate.Options{Seed: uint64(seed), Samples: c.samples, Workers: *workers, ExactDepth: c.depth, Tail: c.tail, Lookahead: c.look,
						CutP: 0.7, CutFrom: 2, CutTo: len(pk.Pieces) - 5}
					var r estimate.Result
					switch c.method {
					case "knuth":
						r = estimate.Knuth(ctx, newTree, opt)
					case "stratified":
						r = estimate.Stratified(ctx, newTree, opt)
					case "purdom":
						opt.Width, opt.ExactDepth = c.depth, c.exact
						r = estimate.Purdom(ctx, newTree, opt)
					case "samplesearch":
						r = estimate.SampleSearch(ctx, newTree, opt)
					case "frontier":
						r = estimate.Frontier(ctx, newTree, opt)
					case "paper":
						exact, _ := estimate.Exhaustive(ctx, newTree, c.depth, *workers)
						r, err = estimate.Cut(ctx, newTree, exact, opt)
						if err != nil {
							log.Fatal(err)
						}
						for _, n := range exact.Nodes {
							r.Work += n
						}
					}
					if rawOut != nil {
						fmt.Fprintf(rawOut, "%s,%v,%d,solutions,%g,%g,%g,%g,%s,%g,%d,%d\n", name, c, seed, tSols, r.Solutions.Estimate, r.Solutions.Low, r.Solutions.High, r.Solutions.Kind, r.Replicates.SolutionTail, r.Replicates.Hits, len(r.Replicates.Solutions))
						fmt.Fprintf(rawOut, "%s,%v,%d,nodes,%g,%g,%g,%g,%s,%g,%d,%d\n", name, c, seed, tNodes, r.Nodes.Estimate, r.Nodes.Low, r.Nodes.High, r.Nodes.Kind, r.Replicates.NodeTail, r.Replicates.Hits, len(r.Replicates.Nodes))
					}
					solErr = append(solErr, math.Abs(r.Solutions.Estimate/tSols-1))
					solEst, solLow, solHigh = append(solEst, r.Solutions.Estimate), append(solLow, r.Solutions.Low), append(solHigh, r.Solutions.High)
					nodeErr = append(nodeErr, math.Abs(r.Nodes.Estimate/tNodes-1))
					sol.add(r.Solutions, tSols)
					node.add(r.Nodes, tNodes)
					work += float64(r.Work)
				}
				work /= float64(*reps)
				secs := time.Since(start).Seconds() / float64(*reps)
				ms, mn := median(solErr), median(nodeErr)
				fmt.Printf("| %s | %v | %.2f | %.3f | %s | %.3f | %s | %.3f |\n", name, c, 100*work/tNodes, ms, sol, mn, node, secs)
				key := c.String()
				if vsTruth[key] == nil {
					vsTruth[key] = &render.Series{Name: key}
					vsOrder = append(vsOrder, key)
				}
				v := vsTruth[key]
				v.X, v.Y = append(v.X, math.Log10(tSols)), append(v.Y, median(solEst))
				v.Low, v.High = append(v.Low, median(solLow)), append(v.High, median(solHigh))
				if name == "pentomino-6x10" {
					series = append(series, render.Series{Name: c.String(), X: []float64{100 * work / tNodes}, Y: []float64{ms}})
				}
			}
		}
	}
	if *truthSVG != "" {
		ch := render.Chart{Title: "Estimated against true solutions", Subtitle: "medians over seeded repetitions of the estimate and of its interval's bounds",
			XLabel: "log10 true solutions", YLabel: "estimated solutions", LogY: true}
		var truth render.Series
		for _, key := range vsOrder {
			ch.Series = append(ch.Series, sortByX(*vsTruth[key]))
			truth.X = append(truth.X, vsTruth[key].X...)
		}
		slices.Sort(truth.X)
		truth.X = slices.Compact(truth.X)
		for _, x := range truth.X {
			truth.Y = append(truth.Y, math.Pow(10, x))
		}
		truth.Name = "truth"
		ch.Series = append(ch.Series, truth)
		writeChart(*truthSVG, ch)
	}
	if *svg != "" {
		// One point per configuration; methods joined into lines by sample size.
		byMethod := map[string]*render.Series{}
		var order []string
		for _, s := range series {
			m := strings.Fields(s.Name)[0]
			if strings.Contains(s.Name, "lookahead") {
				m += " lookahead"
			}
			if strings.Contains(s.Name, "tail") {
				m += " tail"
			}
			if strings.Contains(s.Name, "d=3") {
				m += " d=3"
			}
			if byMethod[m] == nil {
				byMethod[m] = &render.Series{Name: m}
				order = append(order, m)
			}
			byMethod[m].X = append(byMethod[m].X, math.Log10(s.X[0]))
			byMethod[m].Y = append(byMethod[m].Y, s.Y[0])
		}
		ch := render.Chart{Title: "Estimating the solutions of pentomino-6x10", Subtitle: "median relative error over seeded repetitions",
			XLabel: "log10 work, % of the exhaustive search's nodes", YLabel: "median |relative error|"}
		for _, m := range order {
			ch.Series = append(ch.Series, *byMethod[m])
		}
		writeChart(*svg, ch)
	}
}

// chartFromRaw draws the chart of estimated against true solutions from
// the rows that -raw wrote: PUZZLE,CONFIG,SEED,QUANTITY,TRUTH,ESTIMATE,LOW,HIGH,...
func chartFromRaw(files []string, out string) {
	type key struct{ config, puzzle string }
	rows := map[key][][3]float64{}
	truths := map[key]float64{}
	var configs []string
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			log.Fatal(err)
		}
		for i, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
			f := strings.Split(line, ",")
			if len(f) < 8 {
				log.Fatalf("%s:%d: want at least 8 fields, have %d", name, i+1, len(f))
			}
			if f[3] != "solutions" {
				continue
			}
			var v [4]float64
			for j := range v {
				if _, err := fmt.Sscan(f[4+j], &v[j]); err != nil {
					log.Fatalf("%s:%d: field %d: %v", name, i+1, 5+j, err)
				}
			}
			k := key{f[1], f[0]}
			if !slices.Contains(configs, f[1]) {
				configs = append(configs, f[1])
			}
			truths[k] = v[0]
			rows[k] = append(rows[k], [3]float64{v[1], v[2], v[3]})
		}
	}
	ch := render.Chart{Title: "Estimated against true solutions", Subtitle: "medians over seeded repetitions of the estimate and of its interval's bounds",
		XLabel: "log10 true solutions", YLabel: "estimated solutions", LogY: true}
	var truth render.Series
	for _, c := range configs {
		s := render.Series{Name: c}
		for k, rs := range rows {
			if k.config != c {
				continue
			}
			col := func(j int) []float64 {
				var xs []float64
				for _, r := range rs {
					xs = append(xs, r[j])
				}
				return xs
			}
			s.X, s.Y = append(s.X, math.Log10(truths[k])), append(s.Y, median(col(0)))
			s.Low, s.High = append(s.Low, median(col(1))), append(s.High, median(col(2)))
			truth.X = append(truth.X, math.Log10(truths[k]))
		}
		ch.Series = append(ch.Series, sortByX(s))
	}
	slices.Sort(truth.X)
	truth.X = slices.Compact(truth.X)
	for _, x := range truth.X {
		truth.Y = append(truth.Y, math.Pow(10, x))
	}
	truth.Name = "truth"
	ch.Series = append(ch.Series, truth)
	writeChart(out, ch)
}

// writeChart writes ch to the file name.
func writeChart(name string, ch render.Chart) {
	f, err := os.Create(name)
	if err != nil {
		log.Fatal(err)
	}
	if err := ch.WriteSVG(f, 720, 440); err != nil {
		log.Fatal(err)
	}
	if err := f.Close(); err != nil {
		log.Fatal(err)
	}
}

// sortByX orders a series' points by X, with their intervals.
func sortByX(s render.Series) render.Series {
	idx := make([]int, len(s.X))
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(a, b int) int { return cmpFloat(s.X[a], s.X[b]) })
	out := render.Series{Name: s.Name}
	for _, i := range idx {
		out.X, out.Y = append(out.X, s.X[i]), append(out.Y, s.Y[i])
		out.Low, out.High = append(out.Low, s.Low[i]), append(out.High, s.High[i])
	}
	return out
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// predictKorf compares, on Korf's instances up to a size, the predicted
// number of nodes of IDA*'s last complete iteration (bound = optimal - 2)
// with the count IDA* makes, for stratified sampling and Knuth's probes.
func predictKorf(ctx context.Context, maxGenerated int64, workers int) {
	type method struct {
		name string
		run  func(newTree func() estimate.Tree, seed uint64) estimate.Result
	}
	methods := []method{
		{"stratified n=100", func(nt func() estimate.Tree, seed uint64) estimate.Result {
			return estimate.Stratified(ctx, nt, estimate.Options{Seed: seed, Samples: 100, Workers: workers})
		}},
		{"knuth n=10000", func(nt func() estimate.Tree, seed uint64) estimate.Result {
			return estimate.Knuth(ctx, nt, estimate.Options{Seed: seed, Samples: 10000, Workers: workers})
		}},
	}
	ratios := make([][]float64, len(methods))
	works := make([]float64, len(methods))
	covers := make([]coverage, len(methods))
	fmt.Println("| instance | bound | expanded by IDA* | " + methods[0].name + " | " + methods[1].name + " |")
	fmt.Println("|---|---|---|---|---|")
	for i, k := range tiles.Korf100() {
		if k.Generated > maxGenerated {
			continue
		}
		p, _ := tiles.NewPuzzle(k.Board, tiles.Goal(4, 4), false)
		res := tiles.IDA(ctx, p, tiles.IDAOptions{})
		var actual int64
		bound := k.Optimal - 2
		for _, it := range res.Stats.Iterations {
			if int(it.Bound) == bound {
				actual = it.Expanded
			}
		}
		if actual == 0 {
			continue
		}
		newTree := func() estimate.Tree {
			q, _ := tiles.NewPuzzle(k.Board, tiles.Goal(4, 4), false)
			return estimate.NewDomainTree(q, bound)
		}
		row := fmt.Sprintf("| %d | %d | %d |", i+1, bound, actual)
		for m, me := range methods {
			r := me.run(newTree, uint64(i+1))
			ratio := r.Nodes.Estimate / float64(actual)
			ratios[m] = append(ratios[m], ratio)
			works[m] += float64(r.Work) / float64(actual)
			covers[m].add(r.Nodes, float64(actual))
			row += fmt.Sprintf(" %.3f |", ratio)
		}
		fmt.Println(row)
	}
	fmt.Println()
	fmt.Println("| method | instances | ratio predicted / actual: min | 25% | median | 75% | max | work, % of the iteration | confidence intervals: printed, covering |")
	fmt.Println("|---|---|---|---|---|---|---|---|---|")
	for m, me := range methods {
		r := slices.Clone(ratios[m])
		slices.Sort(r)
		q := func(f float64) float64 { return r[int(f*float64(len(r)-1))] }
		fmt.Printf("| %s | %d | %.3f | %.3f | %.3f | %.3f | %.3f | %.2f | %s |\n", me.name, len(r), r[0], q(0.25), q(0.5), q(0.75), r[len(r)-1], 100*works[m]/float64(len(r)), covers[m])
	}
}

// coverage counts, over repetitions, the intervals printed as
// confidence intervals and those of them that hold the truth; spreads are
// counted apart (and how often they held it, for the record).
type coverage struct{ reps, confidence, covered, spreadCovered int }

func (c *coverage) add(iv estimate.Interval, truth float64) {
	c.reps++
	in := iv.Low <= truth && truth <= iv.High
	switch iv.Kind {
	case estimate.KindConfidence, estimate.KindExact:
		c.confidence++
		if in {
			c.covered++
		}
	default:
		if in {
			c.spreadCovered++
		}
	}
}

// String: "printed/reps, covering%" (spreads' coverage in brackets).
func (c coverage) String() string {
	s := fmt.Sprintf("%d/%d", c.confidence, c.reps)
	if c.confidence > 0 {
		s += fmt.Sprintf(", %.1f%%", 100*float64(c.covered)/float64(c.confidence))
	}
	if sp := c.reps - c.confidence; sp > 0 {
		s += fmt.Sprintf(" (spreads %.0f%%)", 100*float64(c.spreadCovered)/float64(sp))
	}
	return s
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s) == 0 {
		return math.NaN()
	}
	return s[len(s)/2]
}

// pp24Truth is a subtree of Korekawa et al.'s PP-24 tree counted exactly
// (docs/distributed.md, scripts/pp24truth): the path of child numbers
// from the root, and the subtree's nodes (its root included) and
// solutions.
type pp24Truth struct {
	path             string
	nodes, solutions float64
}

var pp24Truths = []pp24Truth{
	{"13,25,2,32", 18055597, 3478},
	{"13,34,3,13", 15763388, 3370},
	{"19,1,12,5", 27430353, 8547},
	{"14,35,2,13", 15726397, 3370},
	{"14,25,1,32", 18119448, 3478},
	{"13,34,0,9", 71059040, 19203},
	{"13,25,3,8", 30829524, 3210},
	{"14,39,28,10", 45252295, 4798},
	{"13,38,30,10", 45118011, 4798},
	{"13,12,6,7", 52056439, 4921},
}
