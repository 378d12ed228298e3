package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/branchwise/branchwise/estimate"
	"github.com/branchwise/branchwise/internal/cliflag"
	"github.com/branchwise/branchwise/puzzles/gaps"
	"github.com/branchwise/branchwise/puzzles/polyform"
	"github.com/branchwise/branchwise/puzzles/tiles"
)

// treesFile is the validation set: trees counted exactly, one a line.
const treesFile = "scripts/estimatevalidate/testdata/trees.tsv"

// countedTree is a line of the validation set: a name, the tree's spec
// (see buildTree), its exact nodes (root included) and solutions, and
// the CPU seconds the count took on one worker (the machine loaded).
type countedTree struct {
	name, spec       string
	nodes, solutions float64
	seconds          float64
}

// readTrees reads the validation set: NAME<TAB>SPEC<TAB>NODES<TAB>SOLUTIONS<TAB>SECONDS
// lines; '#' starts a comment line.
func readTrees(r io.Reader, file string) ([]countedTree, error) {
	var out []countedTree
	sc := bufio.NewScanner(r)
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if strings.TrimSpace(text) == "" || strings.HasPrefix(text, "#") {
			continue
		}
		f := strings.Split(text, "\t")
		if len(f) != 5 {
			return nil, fmt.Errorf("%s:%d: want 5 tab-separated fields (name, spec, nodes, solutions, seconds), have %d", file, line, len(f))
		}
		if strings.ContainsAny(f[0], ", ") {
			return nil, fmt.Errorf("%s:%d: name %q: no commas or spaces (the -raw files are comma-separated)", file, line, f[0])
		}
		t := countedTree{name: f[0], spec: f[1]}
		for i, p := range []*float64{&t.nodes, &t.solutions, &t.seconds} {
			v, err := strconv.ParseFloat(f[2+i], 64)
			if err != nil || v < 0 {
				return nil, fmt.Errorf("%s:%d: field %d: want a count, have %q", file, line, 3+i, f[2+i])
			}
			*p = v
		}
		if t.nodes < 1 {
			return nil, fmt.Errorf("%s:%d: a tree has at least its root", file, line)
		}
		out = append(out, t)
	}
	return out, sc.Err()
}

// buildTree makes the tree of a spec, a command line of one of the forms
//
//	pack PUZZLE [--pieces P] [--strategy S] [--cells-only] [--dead-regions] [--largest-region] [--subtree PATH]
//	ida korf100-N --bound B
//	gaps COLUMNS DEAL --bound B
//
// pack's tree is `branchwise estimate`'s with the same flags (its
// engine: auto); ida's the iteration of IDA* with threshold B on Korf's
// instance N (1..100); gaps' the depth-first tree of Superpuzz deal
// gaps.Generate(COLUMNS, DEAL) within cost B (moves plus cards
// misplaced), the tree of one iteration of IDA* on the deal.
func buildTree(spec string) (func() estimate.Tree, error) {
	words := strings.Fields(spec)
	if len(words) < 2 {
		return nil, fmt.Errorf("spec %q: want KIND ARG [flags]", spec)
	}
	fs := flag.NewFlagSet(words[0], flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	pieces := fs.String("pieces", "", "")
	strategy := fs.String("strategy", "fewest", "")
	cellsOnly := fs.Bool("cells-only", false, "")
	dead := fs.Bool("dead-regions", false, "")
	largest := fs.Bool("largest-region", false, "")
	subtree := fs.String("subtree", "", "")
	bound := fs.Int("bound", -1, "")
	var args []string
	rest := words[1:]
	for len(rest) > 0 {
		if err := fs.Parse(rest); err != nil {
			return nil, fmt.Errorf("spec %q: %v", spec, err)
		}
		rest = fs.Args()
		if len(rest) > 0 {
			args, rest = append(args, rest[0]), rest[1:]
		}
	}
	var newTree func() estimate.Tree
	switch words[0] {
	case "pack":
		if len(args) != 1 {
			return nil, fmt.Errorf("spec %q: pack takes one puzzle", spec)
		}
		engine, strat, firstEmpty, err := polyform.ParseEngineStrategy("auto", *strategy)
		if err != nil {
			return nil, fmt.Errorf("spec %q: %v", spec, err)
		}
		pk, err := polyform.Load(args[0], *pieces)
		if err != nil {
			return nil, fmt.Errorf("spec %q: %v", spec, err)
		}
		pk.CellsOnly, pk.DeadRegions, pk.LargestRegionOnly = *cellsOnly, *dead, *largest
		pk.Engine, pk.FirstEmpty = engine, firstEmpty
		newTree = pk.Tree(strat)
	case "ida":
		n, ok := strings.CutPrefix(args[0], "korf100-")
		k, err := strconv.Atoi(n)
		all := tiles.Korf100()
		if !ok || err != nil || k < 1 || k > len(all) || len(args) != 1 || *bound < 0 {
			return nil, fmt.Errorf("spec %q: want ida korf100-N --bound B, N in 1..%d", spec, len(all))
		}
		board := all[k-1].Board
		newTree = func() estimate.Tree {
			p, _ := tiles.NewPuzzle(board, tiles.Goal(4, 4), false)
			return estimate.NewDomainTree(p, *bound)
		}
	case "gaps":
		if len(args) != 2 || *bound < 0 {
			return nil, fmt.Errorf("spec %q: want gaps COLUMNS DEAL --bound B", spec)
		}
		cols, err1 := strconv.Atoi(args[0])
		deal, err2 := strconv.ParseUint(args[1], 10, 64)
		if err1 != nil || err2 != nil || cols < gaps.MinCols || cols > gaps.MaxCols {
			return nil, fmt.Errorf("spec %q: want %d..%d columns and a deal number", spec, gaps.MinCols, gaps.MaxCols)
		}
		d := gaps.Generate(cols, deal)
		if _, err := gaps.NewDomain(d); err != nil {
			return nil, fmt.Errorf("spec %q: %v", spec, err)
		}
		newTree = func() estimate.Tree {
			dom, _ := gaps.NewDomain(d)
			return estimate.NewDomainTree(dom, *bound)
		}
	default:
		return nil, fmt.Errorf("spec %q: unknown kind %q (want pack, ida or gaps)", spec, words[0])
	}
	if *subtree != "" {
		path, ok := cliflag.ParseInts(*subtree, 0)
		if !ok {
			return nil, fmt.Errorf("spec %q: --subtree wants child numbers, e.g. 0,3,1", spec)
		}
		if err := estimate.CheckPath(newTree, path); err != nil {
			return nil, fmt.Errorf("spec %q: %v", spec, err)
		}
		newTree = estimate.Subtree(newTree, path)
	}
	return newTree, nil
}

// countTree counts a spec's tree exactly on one worker.
func countTree(ctx context.Context, name, spec string) (countedTree, error) {
	newTree, err := buildTree(spec)
	if err != nil {
		return countedTree{}, err
	}
	start := time.Now()
	p, err := estimate.Exhaustive(ctx, newTree, 1<<30, 1)
	if err != nil {
		return countedTree{}, err
	}
	t := countedTree{name: name, spec: spec, seconds: time.Since(start).Seconds()}
	for d := range p.Nodes {
		t.nodes += float64(p.Nodes[d])
		t.solutions += float64(p.Solutions[d])
	}
	return t, nil
}

// line is the tree's line in the validation set's format.
func (t countedTree) line() string {
	return fmt.Sprintf("%s\t%s\t%.0f\t%.0f\t%.1f", t.name, t.spec, t.nodes, t.solutions, t.seconds)
}

// countSpecs counts every NAME<TAB>SPEC line of r (further fields are
// ignored: a validation set is recounted) and prints its line.
func countSpecs(ctx context.Context, r io.Reader, w io.Writer) error {
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		text := sc.Text()
		if strings.TrimSpace(text) == "" || strings.HasPrefix(text, "#") {
			continue
		}
		f := strings.Split(text, "\t")
		if len(f) < 2 {
			return fmt.Errorf("want NAME<TAB>SPEC, have %q", text)
		}
		t, err := countTree(ctx, f[0], f[1])
		if err != nil {
			return err
		}
		fmt.Fprintln(w, t.line())
	}
	return sc.Err()
}

// fail prints an error and exits.
func fail(err error) {
	fmt.Fprintln(os.Stderr, "estimatevalidate:", err)
	os.Exit(1)
}
