package logicgrid

import (
	"context"
	"fmt"
	"github.com/branchwise/branchwise/internal/numfmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/branchwise/branchwise/internal/opterr"
	"github.com/branchwise/branchwise/render"
	"github.com/branchwise/branchwise/search"
	"github.com/branchwise/branchwise/xcover"
)

// formatDuration prints a search's time in ms below a second.
func formatDuration(d time.Duration) string {
	switch {
	case d < time.Millisecond:
		return fmt.Sprintf("%.3f ms", d.Seconds()*1e3)
	case d < time.Second:
		return fmt.Sprintf("%.1f ms", d.Seconds()*1e3)
	}
	return fmt.Sprintf("%.2f s", d.Seconds())
}

// ReportOptions configure SolveReport: the search's Options (Strategy,
// limits, Trace, Propagate, CountGenerated) and what to report.
type ReportOptions struct {
	Options
	// All finds every solution; otherwise the search stops at the second,
	// which decides uniqueness.
	All bool
	// XCover solves by exact cover with colours (SolveXCoverLimits).
	XCover bool
	// Show, with All, is given each solution as it is found (numbered
	// from 1) instead of keeping it.
	Show func(n int, s Solution)
	// Grids keeps the solutions' names in the report (Report.Grids).
	Grids bool
	// Explain says that an explanation of the search is asked for (Trace
	// prints it, when set).
	Explain bool
	// Text, if set, is given what the solve command prints above the
	// report's table: with All each solution as it is found (unless Show
	// is set), and with Explain the explanation (unless Trace is set), cut
	// after ExplainLines lines (0: no limit).
	Text         io.Writer
	ExplainLines int
}

// Check reports options that exclude each other.
func (o ReportOptions) Check() error {
	if o.XCover && (o.Explain || o.Trace != nil || o.CountGenerated || o.Propagate) {
		return opterr.Errorf("--xcover", "--xcover excludes --explain, --generated and --propagate")
	}
	return nil
}

// Report is a solve of one puzzle as the logic solve command prints it.
type Report struct {
	Puzzle    string  `json:"puzzle"`
	Strategy  string  `json:"strategy"`
	Entities  int     `json:"entities"`
	Cats      int     `json:"categories"`
	Clues     int     `json:"clues"`
	Solutions int64   `json:"solutions"`
	Unique    *bool   `json:"unique,omitempty"`
	Nodes     int64   `json:"nodes"`
	Generated int64   `json:"generated,omitempty"`
	Seconds   float64 `json:"seconds"`
	// Status is how the search ended (Result.Status): in JSON by its
	// name.
	Status  search.Status `json:"status"`
	Stopped string        `json:"stopped_by,omitempty"`
	Grids   [][][]string  `json:"grids,omitempty"`

	p         *Puzzle
	kept      []Solution
	all       bool
	generated bool
	elapsed   time.Duration
}

// SolveReport solves p (named name in the report) as o says.
func SolveReport(ctx context.Context, p *Puzzle, name string, o ReportOptions) (Report, error) {
	if err := o.Check(); err != nil {
		return Report{}, err
	}
	if o.Text != nil && o.Explain && o.Trace == nil {
		o.Trace = p.Explainer(o.Text, o.ExplainLines)
	}
	if o.Text != nil && o.Show == nil {
		o.Show = func(n int, s Solution) { fmt.Fprintf(o.Text, "solution %d:\n%s\n", n, p.Format(s)) }
	}
	opt := o.Options
	opt.Keep, opt.MaxSolutions = 2, 2
	if o.All {
		opt.MaxSolutions, opt.Keep = 0, 1000
	}
	if o.All && o.Show != nil {
		opt.Keep = 0 // shown as they come rather than kept
		n := 0
		opt.Visit = func(s Solution) bool {
			n++
			o.Show(n, s)
			return true
		}
	}
	var r Result
	if o.XCover {
		keep := 2
		if o.All {
			keep = 1000
		}
		var err error
		if r, err = SolveXCover(ctx, p, opt.Strategy, keep, search.Limits{MaxMem: opt.MaxMem, MaxSolutions: opt.MaxSolutions}); err != nil {
			return Report{}, err
		}
		if opt.Visit != nil {
			for _, s := range r.Kept {
				opt.Visit(s)
			}
		}
	} else {
		r = Solve(ctx, p, opt)
	}
	if o.Propagate {
		r.Strategy += "+propagate"
	}
	rep := Report{Puzzle: name, Strategy: r.Strategy, Entities: p.Entities(), Cats: len(p.Categories),
		Clues: len(p.Clues), Solutions: r.Solutions, Nodes: r.Nodes, Seconds: r.Elapsed.Seconds(),
		Status: r.Status, p: p, kept: r.Kept, all: o.All, generated: o.CountGenerated, elapsed: r.Elapsed}
	if o.CountGenerated {
		rep.Generated = r.Generated
	}
	if r.Complete() {
		u := r.Solutions == 1
		rep.Unique = &u
	}
	if r.Status != search.SolutionLimit {
		rep.Stopped = search.StoppedBy(r.Status, nil)
	}
	if o.Grids {
		for _, s := range r.Kept {
			rep.Grids = append(rep.Grids, p.Names(s))
		}
	}
	return rep, nil
}

// WriteTable prints the solution (or two, or none after the solutions
// shown as found) and the verdict: unique or not, the nodes and the time.
func (rep *Report) WriteTable(w io.Writer) error {
	p := rep.p
	switch {
	case rep.all:
	case rep.Solutions == 0:
	case rep.Solutions == 1:
		fmt.Fprint(w, p.Format(rep.kept[0]))
	default:
		fmt.Fprintf(w, "solution 1:\n%s\nsolution 2:\n%s", p.Format(rep.kept[0]), p.Format(rep.kept[1]))
	}
	var verdict string
	switch {
	case rep.Unique == nil:
		verdict = fmt.Sprintf("search stopped (%s) after %s solution(s)", rep.Stopped, numfmt.Count(int64(rep.Solutions)))
	case rep.Solutions == 0:
		verdict = "no solution"
	case rep.Solutions == 1:
		verdict = "the solution is unique"
	case rep.all:
		verdict = fmt.Sprintf("%s solutions: not unique", numfmt.Count(int64(rep.Solutions)))
	default:
		verdict = "several solutions (two shown): not unique"
	}
	gen := ""
	if rep.generated {
		gen = fmt.Sprintf(" (%s generated)", numfmt.Count(rep.Generated))
	}
	_, err := fmt.Fprintf(w, "%s; %s strategy, %s nodes%s, %s\n", verdict, rep.Strategy, numfmt.Count(rep.Nodes), gen, formatDuration(rep.elapsed))
	return err
}

// ClueWays is one clue's branching factor: its ways on the empty grid.
type ClueWays struct {
	Clue int    `json:"clue"`
	Line int    `json:"line"`
	Text string `json:"text"`
	Ways int    `json:"ways"`
}

// BFReport lists every clue's ways on the empty grid.
type BFReport struct {
	Clues  []ClueWays `json:"clues"`
	Puzzle string     `json:"puzzle"`
}

// BranchingReport counts every clue's ways on the empty grid within lim
// (BranchingFactorsContext): the clues not counted when a limit or ctx
// stopped it show 0 ways, and the error says what stopped it.
func BranchingReport(ctx context.Context, p *Puzzle, name string, lim search.Limits) (BFReport, error) {
	bf, stopped := BranchingFactorsContext(ctx, p, lim)
	rep := BFReport{Puzzle: name}
	for i, cl := range p.Clues {
		rep.Clues = append(rep.Clues, ClueWays{i + 1, cl.Line, cl.Text, bf[i]})
	}
	return rep, stopped
}

// WriteTable prints one line per clue: number, line, ways, text.
func (r *BFReport) WriteTable(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "clue\tline\tways\ttext")
	for _, c := range r.Clues {
		fmt.Fprintf(tw, "%d\t%d\t%d\t%s\n", c.Clue, c.Line, c.Ways, c.Text)
	}
	return tw.Flush()
}

// num prints a count or a median in full, with decimals only when it has
// them (the median of an even number of counts may end in .5).
func num(x float64) string {
	if x == math.Trunc(x) && math.Abs(x) < 1<<53 {
		return numfmt.Count(int64(x))
	}
	return strconv.FormatFloat(x, 'f', -1, 64)
}

// WriteQuint writes the quint-t puzzles in the logic-grid format: to w,
// each after a comment naming it (dir ""), or one file per puzzle into
// dir, named after the puzzle.
func WriteQuint(w io.Writer, dir string, qs []QuintPuzzle) error {
	if dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
	}
	for _, q := range qs {
		text := q.Puzzle.String()
		if dir == "" {
			fmt.Fprintf(w, "# %s (level %d)\n%s\n", q.Name, q.Level, text)
			continue
		}
		name := strings.NewReplacer("/", "_", "#", "_").Replace(q.Name)
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			return err
		}
	}
	if dir != "" {
		fmt.Fprintf(w, "%d puzzles written to %s\n", len(qs), dir)
	}
	return nil
}

// CorpusReport is a check of a corpus with one or more strategies.
type CorpusReport struct {
	Puzzles    int           `json:"puzzles"`
	Strategies []CorpusStats `json:"strategies"`
	bySize     bool
}

// ParseStrategies reads import --check's --strategy: a strategy's name
// (xcover.ParseStrategy), or "all" for fewest, sorted and fixed in turn.
func ParseStrategies(name string) ([]Strategy, error) {
	if name == "all" {
		return []Strategy{xcover.Fewest, xcover.Sorted, xcover.Fixed}, nil
	}
	s, err := xcover.ParseStrategy(name)
	if err != nil {
		return nil, err
	}
	return []Strategy{s}, nil
}

// CheckCorpora checks the corpus with each strategy in turn (CheckCorpus;
// o.Strategy and o.Progress are set for each); progress, if set, is
// called before each puzzle, else o.Printf, if set, gets a line.
func CheckCorpora(ctx context.Context, qs []QuintPuzzle, strats []Strategy, o CheckOptions, progress func(s Strategy, i int, q QuintPuzzle)) (CorpusReport, error) {
	rep := CorpusReport{Puzzles: len(qs), bySize: o.BySize}
	for _, s := range strats {
		o.Strategy = s
		switch {
		case progress != nil:
			o.Progress = func(i int, q QuintPuzzle) { progress(s, i, q) }
		case o.Printf != nil:
			o.Progress = func(i int, q QuintPuzzle) { o.Printf("%s: %d/%d %s", s, i+1, len(qs), q.Name) }
		}
		st, err := CheckCorpus(ctx, qs, o)
		if err != nil {
			return rep, err
		}
		rep.Strategies = append(rep.Strategies, st)
	}
	return rep, nil
}

// WriteTable prints a line per strategy, the node counts per size (when
// checked by size), the worst puzzles and the failures.
func (r *CorpusReport) WriteTable(w io.Writer) error {
	all := r.Strategies
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "strategy\tpuzzles\tcorrect+unique\tstopped\tmedian nodes\tmean nodes\tworst\tseconds")
	for _, st := range all {
		worst := "-"
		if len(st.Worst) > 0 {
			w := st.Worst[0]
			worst = fmt.Sprintf("%s (%s, %s level %d)", numfmt.Count(int64(w.Nodes)), w.Name, w.Size, w.Level)
		}
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%s\t%s\t%s\t%.2f\n", st.Strategy, st.Puzzles, st.Correct, st.Stopped, num(st.Median), numfmt.Count(int64(math.Round(st.Mean))), worst, st.Seconds)
	}
	tw.Flush()
	for _, st := range all {
		if st.Unchecked > 0 {
			fmt.Fprintf(w, "%s: %d puzzles have no published answer: unique, but not checked\n", st.Strategy, st.Unchecked)
		}
	}
	if r.bySize {
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "\nsize\tpuzzles\tstrategy\tmedian\tworst\tstopped")
		for k := range all[0].BySize {
			for _, st := range all {
				b := st.BySize[k]
				fmt.Fprintf(tw, "%s\t%d\t%s\t%s\t%s\t%d\n", b.Size, b.Puzzles, st.Strategy, num(b.Median), numfmt.Count(int64(b.Worst)), b.Over)
			}
		}
		tw.Flush()
	}
	for _, st := range all {
		var ws []string
		for _, w := range st.Worst {
			ws = append(ws, fmt.Sprintf("%s %s", w.Name, numfmt.Count(int64(w.Nodes))))
		}
		fmt.Fprintf(w, "%s worst: %s\n", st.Strategy, strings.Join(ws, ", "))
		for _, fl := range st.Failures {
			fmt.Fprintf(w, "%s FAILED %s\n", st.Strategy, fl)
		}
	}
	return nil
}

// Err is an error when puzzles failed (another solution or several).
func (r *CorpusReport) Err() error {
	for _, st := range r.Strategies {
		if len(st.Failures) > 0 {
			return fmt.Errorf("logicgrid: %d puzzles failed with the %s strategy", len(st.Failures), st.Strategy)
		}
	}
	return nil
}

// ExperimentReport is Experiment's table with its settings.
type ExperimentReport struct {
	Count     int               `json:"count"`
	Groups    []ExperimentGroup `json:"groups"`
	NodeLimit int64             `json:"max_nodes"` // ExperimentOptions.MaxNodes
	Seed      int64             `json:"seed"`
	o         ExperimentOptions
}

// RunExperiment runs Experiment and keeps its settings for the table.
func RunExperiment(ctx context.Context, o ExperimentOptions) (ExperimentReport, error) {
	groups, err := Experiment(ctx, o)
	return ExperimentReport{Count: o.Count, Seed: o.Seed, NodeLimit: o.MaxNodes, Groups: groups, o: o}, err
}

// WriteDisagreements writes the puzzles (by seed) on which clingo found
// other solutions than ours, one a line.
func (r *ExperimentReport) WriteDisagreements(w io.Writer) error {
	for _, g := range r.Groups {
		if g.Clingo == nil {
			continue
		}
		for _, d := range g.Clingo.Disagree {
			if _, err := fmt.Fprintln(w, d); err != nil {
				return err
			}
		}
	}
	return nil
}

// WriteTable prints a line per group: the median nodes and times of each
// strategy and the winners, then clingo's times beside ours.
func (r *ExperimentReport) WriteTable(w io.Writer) error {
	groups := r.Groups
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	head := "size\td\tclues\tfewest nodes\tfewest gen.\tsorted\tfixed\tfewest ms\tsorted ms\tfixed ms\tfewest gen. wins\tfastest\t"
	if r.o.Propagate {
		head += "propagate nodes\tpropagate ms\t"
	}
	fmt.Fprintln(tw, head)
	for _, g := range groups {
		s := g.Strategies
		stop := func(st StrategyStats) string {
			if st.Stopped > 0 {
				return fmt.Sprintf(" (%d>)", st.Stopped)
			}
			return ""
		}
		fmt.Fprintf(tw, "%s\t%d\t%.1f\t%s%s\t%s\t%s%s\t%s%s\t%.3f\t%.3f\t%.3f\t%s\t%s\t", g.Size, g.Difficulty, g.MeanClues,
			num(s[0].MedianNodes), stop(s[0]), num(s[0].MedianGenerated), num(s[1].MedianNodes), stop(s[1]), num(s[2].MedianNodes), stop(s[2]),
			s[0].MedianMs, s[1].MedianMs, s[2].MedianMs, g.WinGenerated, g.WinTime)
		if len(s) > 3 {
			fmt.Fprintf(tw, "%s%s\t%.3f\t", num(s[3].MedianNodes), stop(s[3]), s[3].MedianMs)
		}
		fmt.Fprintln(tw)
	}
	tw.Flush()
	if r.o.Clingo != "" {
		fmt.Fprintln(w)
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintf(tw, "size\td\tagree\t%s median ms\tmax ms\tclingo median ms (wall)\tclingo max ms (wall)\tclingo median ms (own)\t\n", groups[0].Clingo.Ours)
		for _, g := range groups {
			c := g.Clingo
			fmt.Fprintf(tw, "%s\t%d\t%d/%d\t%.3f\t%.3f\t%.1f\t%.1f\t%.1f\t\n", g.Size, g.Difficulty, c.Agree, g.Puzzles, c.MedianOursMs, c.MaxOursMs, c.MedianWallMs, c.MaxWallMs, c.MedianOwnMs)
		}
		tw.Flush()
	}
	_, err := fmt.Fprintf(w, "medians over %d puzzles per row, seeds %d..%d; fewest gen. counts the nodes generated to measure branching factors; (k>) k searches stopped at %d nodes\n",
		r.Count, r.Seed, r.Seed+int64(r.Count)-1, r.NodeLimit)
	return err
}

// WriteSVG draws the median nodes per strategy and group.
func (r *ExperimentReport) WriteSVG(w io.Writer) error {
	ch := render.Chart{Title: "Igarashi et al. (2005), Table 2 on generated puzzles: median nodes per strategy",
		Subtitle: fmt.Sprintf("groups (size, difficulty) in order: %d puzzles each", r.Count),
		XLabel:   "group", YLabel: "median nodes (log)", LogY: true}
	names := []string{"fewest (tree)", "fewest (generated)", "sorted", "fixed"}
	var labels []string
	for k := range names {
		s := render.Series{Name: names[k]}
		for i, g := range r.Groups {
			var v float64
			switch k {
			case 0:
				v = g.Strategies[0].MedianNodes
			case 1:
				v = g.Strategies[0].MedianGenerated
			default:
				v = g.Strategies[k-1].MedianNodes
			}
			s.X, s.Y = append(s.X, float64(i+1)), append(s.Y, v)
			if k == 0 {
				labels = append(labels, fmt.Sprintf("%d=%s d%d", i+1, g.Size, g.Difficulty))
			}
		}
		ch.Series = append(ch.Series, s)
	}
	ch.Subtitle += "; " + strings.Join(labels, ", ")
	return ch.WriteSVG(w, 1300, 520)
}
