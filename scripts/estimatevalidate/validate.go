package main

import (
	"context"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/branchwise/branchwise/estimate"
	"github.com/branchwise/branchwise/render"
)

// A budgetMethod is an estimator run on a work budget: a method of
// estimate.Run with its options (MaxWork set per tree).
type budgetMethod struct {
	name, method string
	opt          estimate.Options
	// strataDiv, when not 0, bounds the strata of a level to the
	// budget's moves over strataDiv (Options.MaxStrata).
	strataDiv int64
	// tailDiv, when not 0, counts the subtrees of at most the budget's
	// moves over tailDiv nodes exactly (Options.Tail).
	tailDiv int64
}

// budgetMethods are the estimators the validation set measures: the
// automatic choice, and the methods as the branchwise command runs them by
// default (frontier, knuth with lookahead, purdom of width 3), each on the
// same budget.
var budgetMethods = []budgetMethod{
	{"auto", "auto", estimate.Options{}, 0, 0},
	{"frontier", "frontier", estimate.Options{ExactDepth: 2, Lookahead: true}, 0, 0},
	{"knuth", "knuth", estimate.Options{Lookahead: true}, 0, 0},
	{"purdom", "purdom", estimate.Options{Width: 3}, 0, 0},
	// Chen's stratified sampling, its strata the number of children, then
	// refined by the packing's state (issue 30): run by -methods only.
	{"ss", "stratified", estimate.Options{}, 0, 0},
	{"ss-regions", "stratified", estimate.Options{Strata: estimate.StrataRegions}, 0, 0},
	{"ss-pieces", "stratified", estimate.Options{Strata: estimate.StrataPieces}, 0, 0},
	{"ss-pieces/100", "stratified", estimate.Options{Strata: estimate.StrataPieces}, 100, 0},
	{"ss-pieces/300", "stratified", estimate.Options{Strata: estimate.StrataPieces}, 300, 0},
	{"ss-pieces/1000", "stratified", estimate.Options{Strata: estimate.StrataPieces}, 1000, 0},
	// Knuth's probes with lookahead, the mixture draw and a counted
	// bottom of at most a tailDiv-th of the budget (issue 30, fourth pass).
	{"knuth-mix", "knuth", estimate.Options{Lookahead: true, Importance: true}, 0, 0},
	{"knuth-mix/10", "knuth", estimate.Options{Lookahead: true, Importance: true}, 0, 10},
	{"knuth-mix/30", "knuth", estimate.Options{Lookahead: true, Importance: true}, 0, 30},
	{"knuth-mix/100", "knuth", estimate.Options{Lookahead: true, Importance: true}, 0, 100},
	{"knuth-look/30", "knuth", estimate.Options{Lookahead: true}, 0, 30},
	// auto on a typed tree's nodes with its types hidden (untypedTree),
	// so that it takes Purdom's probes; and auto whose probes of width 1
	// look at every child and draw by the mixture (Options.Importance).
	{"auto-untyped", "auto", estimate.Options{}, 0, 0},
	{"auto-is", "auto", estimate.Options{Importance: true}, 0, 0},
	// auto whose probes of width 1 draw half uniformly, half among the
	// children the kernel calls viable (Options.Viable).
	{"auto-viable", "auto", estimate.Options{Importance: true, Viable: true}, 0, 0},
	// auto whose main run is Chen's stratified sampling over the same
	// counted bottom, strata by the number of children, the region
	// profile, the pieces left (issue 30, seventh pass); /N bounds a
	// level's strata to the budget over N.
	{"auto-ss", "auto", estimate.Options{Stratify: true}, 0, 0},
	{"auto-ss-regions", "auto", estimate.Options{Stratify: true, Strata: estimate.StrataRegions}, 0, 0},
	{"auto-ss-pieces", "auto", estimate.Options{Stratify: true, Strata: estimate.StrataPieces}, 0, 0},
	{"auto-ss-pieces/1000", "auto", estimate.Options{Stratify: true, Strata: estimate.StrataPieces}, 1000, 0},
}

// treeScore is one method's record on one tree over the repetitions.
type treeScore struct {
	tree, method             string
	nodeErr, solErr          float64 // median relative errors
	nodeRatio, solRatio      float64 // median estimate / truth
	nodeCI, solCI            coverage
	workShare                float64 // mean work, share of the tree's nodes
	seconds                  float64 // per estimate
	choices                  map[string]int
	solZero                  int // estimates of 0 solutions where there are some
	reps                     int
	nodeRatios, solRatioList []float64
}

// firstSeed is the seed of validateSet's first repetition (-first-seed).
var firstSeed = 1

// validateSet runs every method on every tree of the set, reps seeded
// repetitions each on share of the tree's nodes, and prints a table per
// tree and a summary; rawOut, if not nil, gets every repetition.
func validateSet(ctx context.Context, trees []countedTree, methods []budgetMethod, reps int, share float64, w, rawOut io.Writer) []treeScore {
	var scores []treeScore
	fmt.Fprintf(w, "| tree | nodes | solutions | method | work %% | nodes: median est/truth | median rel. err | CIs printed, covering | solutions: median est/truth | median rel. err | CIs printed, covering | zero | s per estimate |\n")
	fmt.Fprintf(w, "|---|---|---|---|---|---|---|---|---|---|---|---|---|\n")
	for _, t := range trees {
		newTree, err := buildTree(t.spec)
		if err != nil {
			fail(err)
		}
		for _, m := range methods {
			s := treeScore{tree: t.name, method: m.name, choices: map[string]int{}}
			var nErr, sErr []float64
			start := time.Now()
			for seed := firstSeed; seed < firstSeed+reps; seed++ {
				o := m.opt
				o.Seed, o.Workers, o.MaxWork = uint64(seed), 1, int64(share*t.nodes)
				o.Samples = max(o.Samples, 1)
				if m.tailDiv > 0 {
					o.Tail = int(max(o.MaxWork/m.tailDiv, 1))
				}
				if m.strataDiv > 0 {
					o.MaxStrata = int(max(o.MaxWork/m.strataDiv, 1))
				}
				nt := newTree
				if m.name == "auto-untyped" {
					nt = untyped(newTree)
				}
				r, err := estimate.Run(ctx, m.method, nt, o)
				if err != nil {
					fail(err)
				}
				s.choices[r.Method]++
				nErr = append(nErr, relErr(r.Nodes.Estimate, t.nodes))
				sErr = append(sErr, relErr(r.Solutions.Estimate, t.solutions))
				s.nodeRatios = append(s.nodeRatios, ratio(r.Nodes.Estimate, t.nodes))
				s.solRatioList = append(s.solRatioList, ratio(r.Solutions.Estimate, t.solutions))
				s.nodeCI.add(r.Nodes, t.nodes)
				s.solCI.add(r.Solutions, t.solutions)
				if t.solutions > 0 && r.Solutions.Estimate == 0 {
					s.solZero++
				}
				s.workShare += float64(r.Work) / t.nodes / float64(reps)
				if rawOut != nil {
					rp := r.Replicates
					fmt.Fprintf(rawOut, "%s,%s,%d,solutions,%g,%g,%g,%g,%s,%d,%d,%d,%d\n", t.name, m.name, seed, t.solutions, r.Solutions.Estimate, r.Solutions.Low, r.Solutions.High, r.Solutions.Kind, r.Work, rp.Hits, len(rp.Solutions), positive(rp.Solutions))
					fmt.Fprintf(rawOut, "%s,%s,%d,nodes,%g,%g,%g,%g,%s,%d,%d,%d,%d\n", t.name, m.name, seed, t.nodes, r.Nodes.Estimate, r.Nodes.Low, r.Nodes.High, r.Nodes.Kind, r.Work, rp.Hits, len(rp.Nodes), positive(rp.Nodes))
				}
			}
			s.seconds = time.Since(start).Seconds() / float64(reps)
			s.nodeErr, s.solErr = median(nErr), median(sErr)
			s.nodeRatio, s.solRatio = median(s.nodeRatios), median(s.solRatioList)
			fmt.Fprintf(w, "| %s | %.0f | %.0f | %s | %.2f | %.3f | %.3f | %s | %.3f | %.3f | %s | %d | %.2f |\n", t.name, t.nodes, t.solutions, m.name,
				100*s.workShare, s.nodeRatio, s.nodeErr, s.nodeCI, s.solRatio, s.solErr, s.solCI, s.solZero, s.seconds)
			if m.method == "auto" {
				fmt.Fprintf(os.Stderr, "%s: auto chose %v\n", t.name, s.choices)
			}
			scores = append(scores, s)
		}
	}
	return scores
}

// positive counts the replicates above 0.
func positive(xs []float64) (n int) {
	for _, x := range xs {
		if x > 0 {
			n++
		}
	}
	return n
}

// relErr is |est/truth - 1|, and for a truth of 0 the estimate itself
// (0 when it is 0 too).
func relErr(est, truth float64) float64 {
	if truth == 0 {
		return math.Abs(est)
	}
	return math.Abs(est/truth - 1)
}

// ratio is est/truth, 1 when both are 0.
func ratio(est, truth float64) float64 {
	if truth == 0 {
		if est == 0 {
			return 1
		}
		return math.Inf(1)
	}
	return est / truth
}

// summarize prints, per method, the goals of issue 30: the median
// relative error on every tree within a factor 2 (a median ratio within
// 0.5..2), on the median tree within 10%, and the confidence intervals'
// coverage.
func summarize(w io.Writer, scores []treeScore, methods []budgetMethod) {
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| method | trees | nodes: trees within x2 | median tree's rel. err | worst ratio | CIs printed, covering | solutions: trees within x2 | median tree's rel. err | worst ratio | CIs printed, covering | mean work % |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|---|---|---|")
	for _, m := range methods {
		var nErr, sErr []float64
		var nIn, sIn, trees int
		var nCI, sCI coverage
		worstN, worstS := 1.0, 1.0
		var work float64
		for _, s := range scores {
			if s.method != m.name {
				continue
			}
			trees++
			nErr, sErr = append(nErr, s.nodeErr), append(sErr, s.solErr)
			if within2(s.nodeRatio) {
				nIn++
			}
			if within2(s.solRatio) {
				sIn++
			}
			worstN, worstS = worse(worstN, s.nodeRatio), worse(worstS, s.solRatio)
			nCI.merge(s.nodeCI)
			sCI.merge(s.solCI)
			work += s.workShare
		}
		if trees == 0 {
			continue
		}
		fmt.Fprintf(w, "| %s | %d | %d | %.3f | %.3g | %s | %d | %.3f | %.3g | %s | %.2f |\n", m.name, trees, nIn, median(nErr), worstN, nCI, sIn, median(sErr), worstS, sCI, 100*work/float64(trees))
	}
}

func within2(r float64) bool { return r >= 0.5 && r <= 2 }

// worse keeps the ratio farther from 1 (by factor).
func worse(a, b float64) float64 {
	f := func(x float64) float64 {
		if x <= 0 {
			return math.Inf(1)
		}
		return math.Abs(math.Log(x))
	}
	if f(b) > f(a) {
		return b
	}
	return a
}

func (c *coverage) merge(o coverage) {
	c.reps += o.reps
	c.confidence += o.confidence
	c.covered += o.covered
	c.spreadCovered += o.spreadCovered
}

// ratioChart draws the median estimate/truth per tree and method, nodes
// and solutions, on a log scale: 1 is the truth.
func ratioChart(file string, scores []treeScore, methods []string) {
	var trees []string
	for _, s := range scores {
		if !slices.Contains(trees, s.tree) {
			trees = append(trees, s.tree)
		}
	}
	var charts []render.Chart
	for _, q := range []string{"nodes", "solutions"} {
		ch := render.Chart{Title: "Median estimate / truth of the " + q + ", per tree of the validation set",
			Subtitle: "at most 1% of each tree's nodes of work; trees numbered as in the table of docs/estimate.md",
			XLabel:   "tree", YLabel: "estimate / truth", LogY: true}
		for _, m := range methods {
			ser := render.Series{Name: m, Points: true}
			for i, tr := range trees {
				for _, s := range scores {
					if s.tree == tr && s.method == m {
						r := s.nodeRatio
						if q == "solutions" {
							r = s.solRatio
						}
						if r > 0 && !math.IsInf(r, 0) {
							ser.X, ser.Y = append(ser.X, float64(i+1)), append(ser.Y, r)
						}
					}
				}
			}
			ch.Series = append(ch.Series, ser)
		}
		across := []float64{1, float64(len(trees))}
		const red = "#d62728"
		ch.Series = append(ch.Series,
			render.Series{Name: "truth", X: across, Y: []float64{1, 1}, Color: red},
			render.Series{Name: "a factor 2", X: across, Y: []float64{0.5, 0.5}, Color: red, Dashed: true},
			render.Series{X: across, Y: []float64{2, 2}, Color: red, Dashed: true}) // no name: one legend line for both
		charts = append(charts, ch)
	}
	f, err := os.Create(file)
	if err != nil {
		fail(err)
	}
	if err := render.WriteStackSVG(f, charts, 760, 380); err != nil {
		fail(err)
	}
	if err := f.Close(); err != nil {
		fail(err)
	}
}

// pickMethods keeps the methods named in list (all if empty).
func pickMethods(list string) []budgetMethod {
	if list == "" {
		return budgetMethods[:4]
	}
	var out []budgetMethod
	for _, m := range budgetMethods {
		if slices.Contains(strings.Split(list, ","), m.name) {
			out = append(out, m)
		}
	}
	return out
}

// scoresFromRaw reads the -raw files of -set runs (TREE,METHOD,SEED,
// QUANTITY,TRUTH,ESTIMATE,LOW,HIGH,KIND,WORK lines, and in later files
// HITS,REPLICATES,POSITIVE REPLICATES) into each method's
// record on each tree, in the order met, and the methods' names.
func scoresFromRaw(files []string, nodesOf map[string]float64) ([]treeScore, []string) {
	type key struct{ tree, method string }
	type acc struct {
		s          treeScore
		nErr, sErr []float64
		reps       int
	}
	accs := map[key]*acc{}
	var order []key
	var methods []string
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			fail(err)
		}
		for i, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
			f := strings.Split(line, ",")
			if len(f) < 10 {
				fail(fmt.Errorf("%s:%d: want at least 10 fields, have %d", name, i+1, len(f)))
			}
			var v [5]float64 // truth, estimate, low, high, work
			for j, field := range []string{f[4], f[5], f[6], f[7], f[9]} {
				if _, err := fmt.Sscan(field, &v[j]); err != nil {
					fail(fmt.Errorf("%s:%d: %q: %v", name, i+1, field, err))
				}
			}
			k := key{f[0], f[1]}
			a := accs[k]
			if a == nil {
				a = &acc{s: treeScore{tree: f[0], method: f[1]}}
				accs[k] = a
				order = append(order, k)
			}
			if !slices.Contains(methods, f[1]) {
				methods = append(methods, f[1])
			}
			iv := estimate.Interval{Estimate: v[1], Low: v[2], High: v[3], Kind: f[8]}
			if f[3] == "nodes" {
				a.s.nodeRatios = append(a.s.nodeRatios, ratio(v[1], v[0]))
				a.nErr = append(a.nErr, relErr(v[1], v[0]))
				a.s.nodeCI.add(iv, v[0])
				a.s.workShare += v[4] / v[0]
				a.reps++
				continue
			}
			a.s.solRatioList = append(a.s.solRatioList, ratio(v[1], v[0]))
			a.sErr = append(a.sErr, relErr(v[1], v[0]))
			a.s.solCI.add(iv, v[0])
			if v[0] > 0 && v[1] == 0 {
				a.s.solZero++
			}
		}
	}
	var scores []treeScore
	for _, k := range order {
		a := accs[k]
		a.s.nodeRatio, a.s.solRatio = median(a.s.nodeRatios), median(a.s.solRatioList)
		a.s.nodeErr, a.s.solErr = median(a.nErr), median(a.sErr)
		a.s.workShare /= float64(max(a.reps, 1))
		a.s.reps = a.reps
		scores = append(scores, a.s)
	}
	return scores, methods
}

// reportFromRaw prints the per-tree table and the summary of -raw files,
// and with chart the chart of ratios.
func reportFromRaw(files []string, chart string, w io.Writer) {
	scores, methods := scoresFromRaw(files, nil)
	fmt.Fprintf(w, "| # | tree | method | reps | work %% | nodes: median est/truth | median rel. err | CIs printed, covering | solutions: median est/truth | median rel. err | CIs printed, covering | zero |\n")
	fmt.Fprintf(w, "|---|---|---|---|---|---|---|---|---|---|---|---|\n")
	var trees []string
	for _, s := range scores {
		if !slices.Contains(trees, s.tree) {
			trees = append(trees, s.tree)
		}
	}
	for i, tr := range trees {
		for _, s := range scores {
			if s.tree == tr {
				fmt.Fprintf(w, "| %d | %s | %s | %d | %.2f | %.3f | %.3f | %s | %.3f | %.3f | %s | %d |\n", i+1, s.tree, s.method, s.reps,
					100*s.workShare, s.nodeRatio, s.nodeErr, s.nodeCI, s.solRatio, s.solErr, s.solCI, s.solZero)
			}
		}
	}
	var bm []budgetMethod
	for _, m := range methods {
		bm = append(bm, budgetMethod{name: m})
	}
	summarize(w, scores, bm)
	if chart != "" {
		ratioChart(chart, scores, methods)
	}
}
