package main

import (
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/branchwise/branchwise/puzzles/logicgrid"
	"github.com/branchwise/branchwise/render"
	"github.com/branchwise/branchwise/search"
	"github.com/branchwise/branchwise/xcover"
	"github.com/spf13/cobra"
)

func init() { register(newLogicCmd) }

func newLogicCmd(e *env) *cobra.Command {
	c := &cobra.Command{
		Use:   "logic",
		Short: "Logic-grid (zebra) puzzles: solve, branching factors, import, generate",
		Long: `Logic-grid ("zebra", "Einstein") puzzles, solved as Igarashi et al. (2005) does: at
every node apply the clue with the fewest ways to be applied to the current
grid (--strategy fewest), or the clues in the file's order (fixed), or in
the order of their ways on the empty grid (sorted).

A puzzle file declares categories, the first being the key, then one clue
per line (docs/logicgrid.md):

  name: John Tom Mary Nancy
  age: 11 12 13 14 (numeric)
  hobby: baseball soccer reading piano
  group sports: baseball soccer
  Tom = 12
  Mary.age < 13
  reading.age = max
  baseball.age > piano.age`,
	}
	c.AddCommand(newLogicSolveCmd(e), newLogicBFCmd(e), newLogicImportCmd(e), newLogicGenerateCmd(e), newLogicExperimentCmd(e))
	return c
}

func loadLogic(file string) (*logicgrid.Puzzle, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return logicgrid.Parse(f, file)
}

type logicSolveFlags struct {
	strategy        string
	all, explain    bool
	asJSON          bool
	explainMaxLines int
	xc, generated   bool
	propagate       bool
	lim             limits
}

func newLogicSolveCmd(e *env) *cobra.Command {
	var f logicSolveFlags
	c := &cobra.Command{
		Use:   "solve FILE",
		Short: "Solve a logic-grid puzzle and check that its solution is unique",
		Long: `Solve a logic-grid puzzle. Without --all the search stops at the second
solution: it prints the solution and says whether it is unique, or shows
two solutions. --all prints every solution. --explain prints the chain of
choices and forced deductions. Nodes are counted as Igarashi et al. (2005) counts them:
the root, one per clue chosen, one per way tried.`,
		Example: `  branchwise logic solve puzzles/logicgrid/testdata/einstein.txt
  branchwise logic solve puzzles/logicgrid/testdata/fig5.txt --all --explain
  branchwise logic solve puzzle.txt --strategy fixed --max-nodes 1000000 --json`,
		Args: argsUsage(cobra.ExactArgs(1)),
		RunE: func(c *cobra.Command, args []string) error { return runLogicSolve(e, args[0], f) },
	}
	fs := c.Flags()
	fs.StringVar(&f.strategy, "strategy", "fewest", "clue choice: fewest, sorted or fixed")
	fs.BoolVar(&f.all, "all", false, "find and print every solution")
	fs.BoolVar(&f.explain, "explain", false, "print the chain of choices and deductions")
	fs.IntVar(&f.explainMaxLines, "explain-lines", 2000, "cut --explain after this many lines (0: no limit)")
	fs.BoolVar(&f.xc, "xcover", false, "solve by exact cover with colours (package xcover) instead")
	fs.BoolVar(&f.propagate, "propagate", false, "narrow the grid at every node by what all ways of each clue agree on (beyond Igarashi et al. (2005))")
	fs.BoolVar(&f.generated, "generated", false, "also count, as the paper does, the nodes generated to measure branching factors")
	addJSONFlag(fs, &f.asJSON)
	addLimitFlags(fs, &f.lim)
	return c
}

type logicReport struct {
	Puzzle    string       `json:"puzzle"`
	Strategy  string       `json:"strategy"`
	Entities  int          `json:"entities"`
	Cats      int          `json:"categories"`
	Clues     int          `json:"clues"`
	Solutions int64        `json:"solutions"`
	Unique    *bool        `json:"unique,omitempty"`
	Nodes     int64        `json:"nodes"`
	Generated int64        `json:"generated,omitempty"`
	Seconds   float64      `json:"seconds"`
	Stopped   string       `json:"stopped_by,omitempty"`
	Grids     [][][]string `json:"grids,omitempty"`
}

func runLogicSolve(e *env, file string, f logicSolveFlags) error {
	strat, err := xcover.ParseStrategy(f.strategy)
	if err != nil {
		return usageError{err}
	}
	p, err := loadLogic(file)
	if err != nil {
		return err
	}
	ctx, cancel := f.lim.context(e.ctx)
	defer cancel()
	opt := logicgrid.Options{Strategy: strat, MaxNodes: f.lim.MaxNodes, Keep: 2, MaxSolutions: 2}
	if f.all {
		opt.MaxSolutions, opt.Keep = 0, 1000
	}
	if f.explain && !f.asJSON {
		opt.Trace = p.Explainer(e.stdout, f.explainMaxLines)
	}
	if f.all && !f.asJSON {
		// print the solutions as they come rather than keeping them
		opt.Keep = 0
		n := 0
		opt.Visit = func(s logicgrid.Solution) bool {
			n++
			fmt.Fprintf(e.stdout, "solution %d:\n%s\n", n, p.Format(s))
			return true
		}
	}
	opt.CountGenerated, opt.Propagate = f.generated, f.propagate
	var r logicgrid.Result
	if f.xc {
		if f.explain || f.generated || f.propagate {
			return usagef("--xcover excludes --explain, --generated and --propagate")
		}
		keep := 2
		if f.all {
			keep = 1000
		}
		if r, err = logicgrid.SolveXCover(ctx, p, strat, opt.MaxSolutions, keep); err != nil {
			return err
		}
		if opt.Visit != nil {
			for _, s := range r.Kept {
				opt.Visit(s)
			}
		}
	} else {
		prog := newProgress(e)
		r = logicgrid.Solve(ctx, p, opt)
		prog.Done()
	}
	if f.propagate {
		r.Strategy += "+propagate"
	}
	rep := logicReport{Puzzle: file, Strategy: r.Strategy, Entities: p.Entities(), Cats: len(p.Categories),
		Clues: len(p.Clues), Solutions: r.Solutions, Nodes: r.Nodes, Seconds: r.Elapsed.Seconds()}
	if f.generated {
		rep.Generated = r.Generated
	}
	complete := r.Complete()
	if complete {
		u := r.Solutions == 1
		rep.Unique = &u
	}
	if r.Status != search.SolutionLimit {
		rep.Stopped = stoppedBy(r.Status, nil)
	}
	if f.asJSON {
		for _, s := range r.Kept {
			rep.Grids = append(rep.Grids, logicGridStrings(p, s))
		}
		if err := writeJSON(e.stdout, rep); err != nil {
			return err
		}
	} else {
		w := e.stdout
		switch {
		case f.all:
		case r.Solutions == 0:
		case r.Solutions == 1:
			fmt.Fprint(w, p.Format(r.Kept[0]))
		default:
			fmt.Fprintf(w, "solution 1:\n%s\nsolution 2:\n%s", p.Format(r.Kept[0]), p.Format(r.Kept[1]))
		}
		var verdict string
		switch {
		case !complete:
			verdict = fmt.Sprintf("search stopped (%s) after %d solution(s)", rep.Stopped, r.Solutions)
		case r.Solutions == 0:
			verdict = "no solution"
		case r.Solutions == 1:
			verdict = "the solution is unique"
		case f.all:
			verdict = fmt.Sprintf("%d solutions: not unique", r.Solutions)
		default:
			verdict = "several solutions (two shown): not unique"
		}
		gen := ""
		if f.generated {
			gen = fmt.Sprintf(" (%d generated)", r.Generated)
		}
		fmt.Fprintf(w, "%s; %s strategy, %d nodes%s, %s\n", verdict, r.Strategy, r.Nodes, gen, fmtDuration(r.Elapsed))
	}
	if e.ctx.Err() != nil {
		return errInterrupted
	}
	return nil
}

func logicGridStrings(p *logicgrid.Puzzle, s logicgrid.Solution) [][]string {
	out := make([][]string, len(s))
	for e := range s {
		for c, v := range s[e] {
			out[e] = append(out[e], p.Categories[c].Values[v])
		}
	}
	return out
}

func fmtDuration(d time.Duration) string {
	switch {
	case d < time.Millisecond:
		return fmt.Sprintf("%.3f ms", d.Seconds()*1e3)
	case d < time.Second:
		return fmt.Sprintf("%.1f ms", d.Seconds()*1e3)
	}
	return fmt.Sprintf("%.2f s", d.Seconds())
}

func newLogicBFCmd(e *env) *cobra.Command {
	var asJSON bool
	c := &cobra.Command{
		Use:   "bf FILE",
		Short: "Each clue's branching factor (number of ways) on the empty grid",
		Long: `Print every clue's number of ways on the empty grid: Igarashi et al.'s branching
factor, by which the sorted strategy orders the clues.`,
		Example: `  branchwise logic bf puzzles/logicgrid/testdata/table1.txt`,
		Args:    argsUsage(cobra.ExactArgs(1)),
		RunE: func(c *cobra.Command, args []string) error {
			p, err := loadLogic(args[0])
			if err != nil {
				return err
			}
			bf := logicgrid.BranchingFactors(p)
			if asJSON {
				type row struct {
					Clue int    `json:"clue"`
					Line int    `json:"line"`
					Text string `json:"text"`
					Ways int    `json:"ways"`
				}
				var rows []row
				for i, cl := range p.Clues {
					rows = append(rows, row{i + 1, cl.Line, cl.Text, bf[i]})
				}
				return writeJSON(e.stdout, map[string]any{"puzzle": args[0], "clues": rows})
			}
			tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
			fmt.Fprintln(tw, "clue\tline\tways\ttext")
			for i, cl := range p.Clues {
				fmt.Fprintf(tw, "%d\t%d\t%d\t%s\n", i+1, cl.Line, bf[i], cl.Text)
			}
			return tw.Flush()
		},
	}
	addJSONFlag(c.Flags(), &asJSON)
	return c
}

type logicImportFlags struct {
	out, strategy string
	check, asJSON bool
	bySize, xc    bool
	propagate     bool
	lim           limits
}

func newLogicImportCmd(e *env) *cobra.Command {
	var f logicImportFlags
	c := &cobra.Command{
		Use:   "import FILE|DIR...",
		Short: "Import quint-t puzzles; with --check solve them all against their answers",
		Long: `Read puzzles in the clue format of the quint-t generator (files of puzzles
framed by lines of '=', "Attribute:value" operands, positions 1..O from the
left) and rewrite them in the logic-grid format, the position being the key.
A DIR is read for its *.txt files, recursively.

Without flags the puzzles are printed, each preceded by a comment naming its
file and line. --out DIR writes one file per puzzle instead. --check solves
every puzzle with --strategy (fewest, sorted, fixed, or all three), checks
that the solution is the published answer and unique, and prints the node
counts: median, mean, worst, and the worst puzzles by name.`,
		Example: `  branchwise logic import ../shared/data/logicgrid/quint-t/puzzles/23_5x5.txt --out /tmp/q
  branchwise logic import ../shared/data/logicgrid/quint-t --check --strategy all --max-nodes 5000000`,
		Args: argsUsage(cobra.MinimumNArgs(1)),
		RunE: func(c *cobra.Command, args []string) error { return runLogicImport(e, args, f) },
	}
	fs := c.Flags()
	fs.StringVar(&f.out, "out", "", "write one puzzle file per puzzle into this directory")
	fs.BoolVar(&f.check, "check", false, "solve every puzzle and compare with its published answer")
	fs.StringVar(&f.strategy, "strategy", "fewest", "with --check: fewest, sorted, fixed or all")
	fs.BoolVar(&f.bySize, "by-size", false, "with --check: node counts per size too")
	fs.BoolVar(&f.xc, "xcover", false, "with --check: solve by exact cover with colours instead")
	fs.BoolVar(&f.propagate, "propagate", false, "with --check: narrow the grid at every node (beyond Igarashi et al. (2005))")
	addJSONFlag(fs, &f.asJSON)
	addLimitFlags(fs, &f.lim)
	return c
}

// quintFiles lists the files named or under the directories named, each
// with its name for messages: relative to the directory it was found in.
func quintFiles(args []string) (files, names []string, err error) {
	for _, a := range args {
		st, err := os.Stat(a)
		if err != nil {
			return nil, nil, err
		}
		if !st.IsDir() {
			files, names = append(files, a), append(names, a)
			continue
		}
		var found []string
		err = filepath.WalkDir(a, func(path string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(path, ".txt") && filepath.Base(path) != "SOURCE.txt" {
				found = append(found, path)
			}
			return err
		})
		if err != nil {
			return nil, nil, err
		}
		sort.Strings(found)
		for _, f := range found {
			rel, _ := filepath.Rel(a, f)
			files, names = append(files, f), append(names, rel)
		}
	}
	return files, names, nil
}

// pn is a puzzle's index and node count.
type pn struct {
	i     int
	nodes int64
}

func (p pn) get() (int, int64) { return p.i, p.nodes }

// quintStats are the node counts of one strategy over the imported
// puzzles.
type quintStats struct {
	Strategy string       `json:"strategy"`
	Puzzles  int          `json:"puzzles"`
	Correct  int          `json:"correct_and_unique"`
	Stopped  int          `json:"stopped"`
	Median   int64        `json:"median_nodes"`
	Mean     float64      `json:"mean_nodes"`
	Worst    []quintWorst `json:"worst"`
	Seconds  float64      `json:"seconds"`
	Failures []string     `json:"failures,omitempty"`
	BySize   []sizeStats  `json:"by_size,omitempty"`
}

// sizeStats are the node counts of one size (attributes x positions).
type sizeStats struct {
	Size    string `json:"size"`
	Puzzles int    `json:"puzzles"`
	Median  int64  `json:"median_nodes"`
	Worst   int64  `json:"worst_nodes"`
	Over    int    `json:"stopped"`
}

type quintWorst struct {
	Name  string `json:"name"`
	Level int    `json:"level"`
	Size  string `json:"size"`
	Nodes int64  `json:"nodes"`
}

func runLogicImport(e *env, args []string, f logicImportFlags) error {
	var strats []xcover.Strategy
	if f.strategy == "all" {
		strats = []xcover.Strategy{xcover.Fewest, xcover.Sorted, xcover.Fixed}
	} else {
		s, err := xcover.ParseStrategy(f.strategy)
		if err != nil {
			return usageError{err}
		}
		strats = []xcover.Strategy{s}
	}
	files, names, err := quintFiles(args)
	if err != nil {
		return err
	}
	var qs []logicgrid.QuintPuzzle
	for i, file := range files {
		r, err := os.Open(file)
		if err != nil {
			return err
		}
		got, err := logicgrid.ReadQuint(r, names[i])
		r.Close()
		if err != nil {
			return err
		}
		qs = append(qs, got...)
	}
	if !f.check {
		if f.out != "" {
			if err := os.MkdirAll(f.out, 0o755); err != nil {
				return err
			}
		}
		for _, q := range qs {
			text := q.Puzzle.String()
			if f.out == "" {
				fmt.Fprintf(e.stdout, "# %s (level %d)\n%s\n", q.Name, q.Level, text)
				continue
			}
			name := strings.NewReplacer("/", "_", "#", "_").Replace(q.Name)
			if err := os.WriteFile(filepath.Join(f.out, name), []byte(text), 0o644); err != nil {
				return err
			}
		}
		if f.out != "" {
			fmt.Fprintf(e.stdout, "%d puzzles written to %s\n", len(qs), f.out)
		}
		return nil
	}
	ctx, cancel := f.lim.context(e.ctx)
	defer cancel()
	prog := newProgress(e)
	var all []quintStats
	for _, s := range strats {
		st := quintStats{Strategy: s.String(), Puzzles: len(qs)}
		if f.xc {
			st.Strategy = "xcover-" + st.Strategy
		}
		if f.propagate {
			st.Strategy += "+propagate"
		}
		start := time.Now()
		var nodes []pn
		var sum float64
		for i, q := range qs {
			if ctx.Err() != nil {
				break
			}
			prog.Printf("%s: %d/%d %s", s, i+1, len(qs), q.Name)
			var r logicgrid.Result
			if f.xc {
				if r, err = logicgrid.SolveXCover(ctx, q.Puzzle, s, 2, 1); err != nil {
					return fmt.Errorf("%s: %v", q.Name, err)
				}
			} else {
				r = logicgrid.Solve(ctx, q.Puzzle, logicgrid.Options{Strategy: s, Keep: 1, MaxSolutions: 2, MaxNodes: f.lim.MaxNodes, Propagate: f.propagate})
			}
			nodes = append(nodes, pn{i, r.Nodes})
			sum += float64(r.Nodes)
			switch {
			case !r.Complete():
				st.Stopped++
			case !r.Unique():
				st.Failures = append(st.Failures, fmt.Sprintf("%s: %d solutions", q.Name, r.Solutions))
			case q.Answer != nil && !slices.EqualFunc(r.Kept[0], q.Answer, slices.Equal):
				st.Failures = append(st.Failures, q.Name+": not the published answer")
			default:
				st.Correct++
			}
		}
		st.Seconds = time.Since(start).Seconds()
		sort.SliceStable(nodes, func(a, b int) bool { return nodes[a].nodes < nodes[b].nodes })
		if len(nodes) > 0 {
			st.Median = nodes[len(nodes)/2].nodes
			st.Mean = sum / float64(len(nodes))
		}
		for k := len(nodes) - 1; k >= 0 && k >= len(nodes)-5; k-- {
			q := qs[nodes[k].i]
			st.Worst = append(st.Worst, quintWorst{q.Name, q.Level, fmt.Sprintf("%dx%d", len(q.Puzzle.Categories)-1, q.Puzzle.Entities()), nodes[k].nodes})
		}
		if f.bySize {
			st.BySize = quintBySize(qs, nodesOf(nodes, len(qs)), f.lim.MaxNodes)
		}
		all = append(all, st)
	}
	prog.Done()
	if f.asJSON {
		if err := writeJSON(e.stdout, map[string]any{"puzzles": len(qs), "strategies": all}); err != nil {
			return err
		}
	} else {
		tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "strategy\tpuzzles\tcorrect+unique\tstopped\tmedian nodes\tmean nodes\tworst\tseconds")
		for _, st := range all {
			w := st.Worst[0]
			fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%.0f\t%d (%s, %s level %d)\t%.2f\n", st.Strategy, st.Puzzles, st.Correct, st.Stopped, st.Median, st.Mean, w.Nodes, w.Name, w.Size, w.Level, st.Seconds)
		}
		tw.Flush()
		if f.bySize {
			tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
			fmt.Fprintln(tw, "\nsize\tpuzzles\tstrategy\tmedian\tworst\tstopped")
			for k := range all[0].BySize {
				for _, st := range all {
					b := st.BySize[k]
					fmt.Fprintf(tw, "%s\t%d\t%s\t%d\t%d\t%d\n", b.Size, b.Puzzles, st.Strategy, b.Median, b.Worst, b.Over)
				}
			}
			tw.Flush()
		}
		for _, st := range all {
			var ws []string
			for _, w := range st.Worst {
				ws = append(ws, fmt.Sprintf("%s %d", w.Name, w.Nodes))
			}
			fmt.Fprintf(e.stdout, "%s worst: %s\n", st.Strategy, strings.Join(ws, ", "))
			for _, fl := range st.Failures {
				fmt.Fprintf(e.stdout, "%s FAILED %s\n", st.Strategy, fl)
			}
		}
	}
	if e.ctx.Err() != nil {
		return errInterrupted
	}
	for _, st := range all {
		if len(st.Failures) > 0 {
			return fmt.Errorf("%d puzzles failed with the %s strategy", len(st.Failures), st.Strategy)
		}
	}
	return nil
}

// nodesOf returns the node counts of the sorted pairs in puzzle order.
func nodesOf[T interface{ get() (int, int64) }](ps []T, n int) []int64 {
	out := make([]int64, n)
	for _, p := range ps {
		i, v := p.get()
		out[i] = v
	}
	return out
}

func quintBySize(qs []logicgrid.QuintPuzzle, nodes []int64, limit int64) []sizeStats {
	groups := map[string][]int64{}
	var keys []string
	for i, q := range qs {
		k := fmt.Sprintf("%dx%d", len(q.Puzzle.Categories)-1, q.Puzzle.Entities())
		if _, ok := groups[k]; !ok {
			keys = append(keys, k)
		}
		groups[k] = append(groups[k], nodes[i])
	}
	sort.Strings(keys)
	var out []sizeStats
	for _, k := range keys {
		g := groups[k]
		slices.Sort(g)
		s := sizeStats{Size: k, Puzzles: len(g), Median: g[len(g)/2], Worst: g[len(g)-1]}
		for _, v := range g {
			if limit > 0 && v >= limit {
				s.Over++
			}
		}
		out = append(out, s)
	}
	return out
}

// parseLogicSize reads NxM: N entities, M categories besides the position.
func parseLogicSize(s string) (n, m int, err error) {
	n, m, ok := splitRxC(s)
	if !ok || n < 2 || n > logicgrid.MaxGenEntities || m < 1 || m > logicgrid.MaxGenCategories {
		return 0, 0, usagef("size %q: want NxM, N = 2..%d entities, M = 1..%d categories besides the position", s, logicgrid.MaxGenEntities, logicgrid.MaxGenCategories)
	}
	return n, m, nil
}

type logicGenFlags struct {
	size, out         string
	seed              int64
	difficulty, count int
	maxClues          int
	solution, asJSON  bool
	maxNodes          int64
}

func newLogicGenerateCmd(e *env) *cobra.Command {
	var f logicGenFlags
	c := &cobra.Command{
		Use:   "generate --size NxM",
		Short: "Random logic-grid puzzles with one solution and no redundant clue",
		Long: `Generate random puzzles of N entities (positions 1..N, the key) and M other
categories: a random hidden solution, random clues true of it until it is
the only solution, then every redundant clue removed (in random order), so
that each clue is needed. --difficulty picks the clue types: 1 same entity,
fixed position, immediately left; 2 adds different, next to, somewhere
left, parity; 3 only the weak types (different, next to, somewhere left,
parity, not left of, or, xor, somewhere between, at an end). --max-clues
retries until the puzzle needs no more clues. The same --seed gives the
same puzzles; puzzle i of --count uses seed S+i.`,
		Example: `  branchwise logic generate --size 5x5 --seed 7 --difficulty 3
  branchwise logic generate --size 8x6 --count 20 --out /tmp/gen`,
		Args: argsUsage(cobra.NoArgs),
		RunE: func(c *cobra.Command, args []string) error { return runLogicGenerate(e, f) },
	}
	fs := c.Flags()
	fs.StringVar(&f.size, "size", "5x5", "NxM: N entities x M categories besides the position")
	addSeedFlag(fs, &f.seed)
	fs.IntVar(&f.difficulty, "difficulty", 2, "clue types: 1, 2 or 3 (weak clues only)")
	fs.IntVar(&f.count, "count", 1, "number of puzzles")
	fs.IntVar(&f.maxClues, "max-clues", 0, "retry until the puzzle needs at most this many clues (0: any)")
	fs.Int64Var(&f.maxNodes, "max-nodes", 1_000_000, "bound of each uniqueness check during generation")
	fs.StringVar(&f.out, "out", "", "write puzzle files gen-NxM-dD-sS.txt into this directory")
	fs.BoolVar(&f.solution, "solution", false, "print the hidden solution after each puzzle, as comments")
	addJSONFlag(fs, &f.asJSON)
	return c
}

func runLogicGenerate(e *env, f logicGenFlags) error {
	n, m, err := parseLogicSize(f.size)
	if err != nil {
		return err
	}
	if f.difficulty < 1 || f.difficulty > 3 {
		return usagef("--difficulty %d: want 1, 2 or 3", f.difficulty)
	}
	if f.count < 1 {
		return usagef("--count must be at least 1")
	}
	if f.out != "" {
		if err := os.MkdirAll(f.out, 0o755); err != nil {
			return err
		}
	}
	type genJSON struct {
		Seed     int64      `json:"seed"`
		Clues    int        `json:"clues"`
		Text     string     `json:"text"`
		Solution [][]string `json:"solution"`
	}
	var js []genJSON
	for i := 0; i < f.count; i++ {
		seed := f.seed + int64(i)
		p, sol, err := logicgrid.Generate(e.ctx, n, m, logicgrid.GenOptions{Difficulty: f.difficulty, Seed: uint64(seed), MaxClues: f.maxClues, MaxNodes: f.maxNodes})
		if err != nil {
			if e.ctx.Err() != nil {
				return errInterrupted
			}
			return err
		}
		head := fmt.Sprintf("# branchwise logic generate --size %dx%d --difficulty %d --seed %d: %d clues\n", n, m, f.difficulty, seed, len(p.Clues))
		text := head + p.String()
		if f.solution {
			for _, l := range strings.Split(strings.TrimSpace(p.Format(sol)), "\n") {
				text += "# " + l + "\n"
			}
		}
		switch {
		case f.asJSON:
			js = append(js, genJSON{seed, len(p.Clues), p.String(), logicGridStrings(p, sol)})
		case f.out != "":
			name := filepath.Join(f.out, fmt.Sprintf("gen-%dx%d-d%d-s%d.txt", n, m, f.difficulty, seed))
			if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
				return err
			}
		default:
			if i > 0 {
				fmt.Fprintln(e.stdout)
			}
			fmt.Fprint(e.stdout, text)
		}
	}
	if f.asJSON {
		return writeJSON(e.stdout, map[string]any{"size": f.size, "difficulty": f.difficulty, "puzzles": js})
	}
	if f.out != "" {
		fmt.Fprintf(e.stdout, "%d puzzles written to %s\n", f.count, f.out)
	}
	return nil
}

type logicExpFlags struct {
	sizes, difficulties, svg, clingo string
	count                            int
	seed                             int64
	maxNodes                         int64
	asJSON, propagate                bool
}

func newLogicExperimentCmd(e *env) *cobra.Command {
	var f logicExpFlags
	c := &cobra.Command{
		Use:   "experiment",
		Short: "Igarashi et al.'s Table 2 on generated puzzles: the three strategies side by side, and clingo",
		Long: `Generate --count puzzles for every size and difficulty and solve each with
the three strategies (fewest, sorted, fixed) to the proof of uniqueness.
For every group it prints the median nodes of each strategy, counted as
the paper's tree (clue and way levels) and, for fewest, with the nodes it
generates to measure branching factors (the paper's cost), and the median
times; "wins" names the strategy with the fewest generated nodes and the
fastest. A search stopped at --max-nodes counts as that many nodes.

--clingo PATH (or "clingo" from the PATH) also solves every puzzle with
clingo on the encoding of docs/logicgrid.md, checks that it finds the same
single solution, and reports its times (wall time of the process, and its
own grounding + solving time) next to the fewest strategy's.
--svg FILE draws the median generated nodes per strategy.`,
		Example: `  branchwise logic experiment --sizes 4x3,5x5,6x5 --difficulty 1,2,3 --count 20
  branchwise logic experiment --sizes 8x6 --difficulty 1,2 --count 10 --clingo clingo --svg t2.svg`,
		Args: argsUsage(cobra.NoArgs),
		RunE: func(c *cobra.Command, args []string) error { return runLogicExperiment(e, f) },
	}
	fs := c.Flags()
	fs.StringVar(&f.sizes, "sizes", "4x3,5x4,5x5,6x5", "comma-separated sizes NxM")
	fs.StringVar(&f.difficulties, "difficulty", "1,2,3", "comma-separated difficulties")
	fs.IntVar(&f.count, "count", 10, "puzzles per size and difficulty")
	addSeedFlag(fs, &f.seed)
	fs.Int64Var(&f.maxNodes, "max-nodes", 2_000_000, "node limit of every search")
	fs.StringVar(&f.clingo, "clingo", "", "also run this clingo program and compare")
	fs.BoolVar(&f.propagate, "propagate", false, "add fewest with propagation (beyond Igarashi et al. (2005)), and compare it with clingo")
	fs.StringVar(&f.svg, "svg", "", "draw the median nodes per strategy to this SVG file")
	addJSONFlag(fs, &f.asJSON)
	return c
}

// expStrat is one strategy's results on one group of puzzles.
type expStrat struct {
	Strategy        string  `json:"strategy"`
	MedianNodes     int64   `json:"median_nodes"`
	MedianGenerated int64   `json:"median_generated"`
	MaxNodes        int64   `json:"max_nodes"`
	Stopped         int     `json:"stopped"`
	MedianMs        float64 `json:"median_ms"`
	TotalMs         float64 `json:"total_ms"`
}

type expGroup struct {
	Size         string     `json:"size"`
	Difficulty   int        `json:"difficulty"`
	Puzzles      int        `json:"puzzles"`
	MeanClues    float64    `json:"mean_clues"`
	Strategies   []expStrat `json:"strategies"`
	WinGenerated string     `json:"fewest_generated_nodes"`
	WinTime      string     `json:"fastest"`
	Clingo       *expClingo `json:"clingo,omitempty"`
}

type expClingo struct {
	Ours         string  `json:"ours"`
	Agree        int     `json:"agree"`
	MedianWallMs float64 `json:"median_wall_ms"`
	MedianOwnMs  float64 `json:"median_own_ms"`
	MaxWallMs    float64 `json:"max_wall_ms"`
	MedianOursMs float64 `json:"median_fewest_ms"`
	MaxOursMs    float64 `json:"max_fewest_ms"`
}

func medianF(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[len(s)/2]
}

func medianI(xs []int64) int64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[len(s)/2]
}

func runLogicExperiment(e *env, f logicExpFlags) error {
	type size struct{ n, m int }
	var sizes []size
	for _, s := range strings.Split(f.sizes, ",") {
		n, m, err := parseLogicSize(strings.TrimSpace(s))
		if err != nil {
			return err
		}
		sizes = append(sizes, size{n, m})
	}
	var diffs []int
	for _, s := range strings.Split(f.difficulties, ",") {
		d, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || d < 1 || d > 3 {
			return usagef("--difficulty %q: want a list of 1, 2, 3", f.difficulties)
		}
		diffs = append(diffs, d)
	}
	if f.count < 1 {
		return usagef("--count must be at least 1")
	}
	clingo := f.clingo
	if clingo != "" {
		p, err := exec.LookPath(clingo)
		if err != nil {
			return fmt.Errorf("--clingo: %v", err)
		}
		clingo = p
	}
	strats := []xcover.Strategy{xcover.Fewest, xcover.Sorted, xcover.Fixed}
	names := []string{"fewest", "sorted", "fixed"}
	if f.propagate {
		strats = append(strats, xcover.Fewest)
		names = append(names, "fewest+propagate")
	}
	ours := len(strats) - 1 // compared with clingo
	if !f.propagate {
		ours = 0
	}
	prog := newProgress(e)
	var groups []expGroup
	ctx := e.ctx
	for _, sz := range sizes {
		for _, d := range diffs {
			g := expGroup{Size: fmt.Sprintf("%dx%d", sz.n, sz.m), Difficulty: d, Puzzles: f.count}
			nodes := make([][]int64, len(strats))
			gen := make([][]int64, len(strats))
			ms := make([][]float64, len(strats))
			stopped := make([]int, len(strats))
			var cw, co, oursMs []float64
			agree := 0
			clues := 0
			for i := 0; i < f.count; i++ {
				seed := f.seed + int64(i)
				prog.Printf("%s d%d: puzzle %d/%d", g.Size, d, i+1, f.count)
				p, sol, err := logicgrid.Generate(ctx, sz.n, sz.m, logicgrid.GenOptions{Difficulty: d, Seed: uint64(seed)})
				if err != nil {
					if ctx.Err() != nil {
						return errInterrupted
					}
					return err
				}
				clues += len(p.Clues)
				for k, s := range strats {
					// timed without the extra counting, then counted
					prop := names[k] == "fewest+propagate"
					r := logicgrid.Solve(ctx, p, logicgrid.Options{Strategy: s, MaxSolutions: 2, MaxNodes: f.maxNodes, Keep: 1, Propagate: prop})
					if ctx.Err() != nil {
						return errInterrupted
					}
					if r.Status == search.NodeLimit {
						stopped[k]++
					} else if !r.Unique() || !slices.EqualFunc(r.Kept[0], sol, slices.Equal) {
						return fmt.Errorf("%s d%d seed %d: %s finds %d solutions", g.Size, d, seed, names[k], r.Solutions)
					}
					nodes[k] = append(nodes[k], r.Nodes)
					ms[k] = append(ms[k], r.Elapsed.Seconds()*1e3)
					if k == ours {
						oursMs = append(oursMs, r.Elapsed.Seconds()*1e3)
					}
					if s == xcover.Fewest {
						rg := logicgrid.Solve(ctx, p, logicgrid.Options{Strategy: s, MaxSolutions: 2, MaxNodes: f.maxNodes, CountGenerated: true, Propagate: prop})
						gen[k] = append(gen[k], rg.Generated)
					} else {
						gen[k] = append(gen[k], r.Generated)
					}
				}
				if clingo != "" {
					c, err := logicgrid.RunClingo(ctx, p, clingo, 2)
					if err != nil {
						return err
					}
					if len(c.Solutions) == 1 && slices.EqualFunc(c.Solutions[0], sol, slices.Equal) {
						agree++
					} else {
						fmt.Fprintf(e.stderr, "%s d%d seed %d: clingo finds %d solutions\n", g.Size, d, seed, len(c.Solutions))
					}
					cw = append(cw, c.Elapsed.Seconds()*1e3)
					co = append(co, c.Time*1e3)
				}
			}
			g.MeanClues = float64(clues) / float64(f.count)
			bestG, bestT := math.Inf(1), math.Inf(1)
			for k := range strats {
				var total float64
				for _, x := range ms[k] {
					total += x
				}
				st := expStrat{Strategy: names[k], MedianNodes: medianI(nodes[k]), MedianGenerated: medianI(gen[k]),
					MaxNodes: slices.Max(nodes[k]), Stopped: stopped[k], MedianMs: medianF(ms[k]), TotalMs: total}
				g.Strategies = append(g.Strategies, st)
				if k < 3 { // the paper's three
					if v := float64(st.MedianGenerated); v < bestG {
						bestG, g.WinGenerated = v, st.Strategy
					}
					if total < bestT {
						bestT, g.WinTime = total, st.Strategy
					}
				}
			}
			if clingo != "" {
				g.Clingo = &expClingo{Agree: agree, MedianWallMs: medianF(cw), MedianOwnMs: medianF(co), MaxWallMs: slices.Max(cw),
					MedianOursMs: medianF(oursMs), MaxOursMs: slices.Max(oursMs), Ours: names[ours]}
			}
			groups = append(groups, g)
		}
	}
	prog.Done()
	if f.svg != "" {
		if err := logicExperimentChart(f, groups); err != nil {
			return err
		}
	}
	if f.asJSON {
		return writeJSON(e.stdout, map[string]any{"count": f.count, "seed": f.seed, "max_nodes": f.maxNodes, "groups": groups})
	}
	tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	head := "size\td\tclues\tfewest nodes\tfewest gen.\tsorted\tfixed\tfewest ms\tsorted ms\tfixed ms\tfewest gen. wins\tfastest\t"
	if f.propagate {
		head += "propagate nodes\tpropagate ms\t"
	}
	fmt.Fprintln(tw, head)
	for _, g := range groups {
		s := g.Strategies
		stop := func(st expStrat) string {
			if st.Stopped > 0 {
				return fmt.Sprintf(" (%d>)", st.Stopped)
			}
			return ""
		}
		fmt.Fprintf(tw, "%s\t%d\t%.1f\t%d%s\t%d\t%d%s\t%d%s\t%.3f\t%.3f\t%.3f\t%s\t%s\t", g.Size, g.Difficulty, g.MeanClues,
			s[0].MedianNodes, stop(s[0]), s[0].MedianGenerated, s[1].MedianNodes, stop(s[1]), s[2].MedianNodes, stop(s[2]),
			s[0].MedianMs, s[1].MedianMs, s[2].MedianMs, g.WinGenerated, g.WinTime)
		if len(s) > 3 {
			fmt.Fprintf(tw, "%d%s\t%.3f\t", s[3].MedianNodes, stop(s[3]), s[3].MedianMs)
		}
		fmt.Fprintln(tw)
	}
	tw.Flush()
	if clingo != "" {
		fmt.Fprintln(e.stdout)
		tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintf(tw, "size\td\tagree\t%s median ms\tmax ms\tclingo median ms (wall)\tclingo max ms (wall)\tclingo median ms (own)\t\n", names[ours])
		for _, g := range groups {
			c := g.Clingo
			fmt.Fprintf(tw, "%s\t%d\t%d/%d\t%.3f\t%.3f\t%.1f\t%.1f\t%.1f\t\n", g.Size, g.Difficulty, c.Agree, g.Puzzles, c.MedianOursMs, c.MaxOursMs, c.MedianWallMs, c.MaxWallMs, c.MedianOwnMs)
		}
		tw.Flush()
	}
	fmt.Fprintf(e.stdout, "medians over %d puzzles per row, seeds %d..%d; fewest gen. counts the nodes generated to measure branching factors; (k>) k searches stopped at %d nodes\n",
		f.count, f.seed, f.seed+int64(f.count)-1, f.maxNodes)
	return nil
}

func logicExperimentChart(f logicExpFlags, groups []expGroup) error {
	ch := render.Chart{Title: "Igarashi et al. (2005), Table 2 on generated puzzles: median nodes per strategy",
		Subtitle: fmt.Sprintf("groups (size, difficulty) in order: %d puzzles each", f.count),
		XLabel:   "group", YLabel: "median nodes (log)", LogY: true}
	names := []string{"fewest (tree)", "fewest (generated)", "sorted", "fixed"}
	var labels []string
	for k := range names {
		s := render.Series{Name: names[k]}
		for i, g := range groups {
			var v int64
			switch k {
			case 0:
				v = g.Strategies[0].MedianNodes
			case 1:
				v = g.Strategies[0].MedianGenerated
			default:
				v = g.Strategies[k-1].MedianNodes
			}
			s.X, s.Y = append(s.X, float64(i+1)), append(s.Y, float64(v))
			if k == 0 {
				labels = append(labels, fmt.Sprintf("%d=%s d%d", i+1, g.Size, g.Difficulty))
			}
		}
		ch.Series = append(ch.Series, s)
	}
	ch.Subtitle += "; " + strings.Join(labels, ", ")
	file, err := os.Create(f.svg)
	if err != nil {
		return err
	}
	if err := ch.WriteSVG(file, 1300, 520); err != nil {
		file.Close()
		return err
	}
	return file.Close()
}
