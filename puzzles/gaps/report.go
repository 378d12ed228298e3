package gaps

import (
	"context"
	"encoding/json"
	"fmt"
	"github.com/branchwise/branchwise/internal/numfmt"
	"io"
	"math"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/branchwise/branchwise/internal/opterr"
	"github.com/branchwise/branchwise/internal/spec"
	"github.com/branchwise/branchwise/search"
)

// Report is a solve of one deal as the gaps solve command prints it.
type Report struct {
	Deal      string `json:"deal"`
	Source    string `json:"source"`
	Algorithm string `json:"algorithm"`
	// Rules names the rule variant (Rules.String); empty, and left out of
	// the JSON, for the standard game.
	Rules string `json:"rules,omitempty"`
	// Verdict is the deal's: solvable, unsolvable or unknown (under the
	// JSON key "status", as before Status was a search.Status).
	Verdict string `json:"status"`
	// Status is how the search ended (Outcome.Status); in JSON, Verdict
	// and Reason say it.
	Status    search.Status `json:"-"`
	Reason    string        `json:"stopped_by,omitempty"`
	Length    int           `json:"length"`
	Moves     []string      `json:"moves,omitempty"`
	Cards     []string      `json:"cards,omitempty"`
	Generated int64         `json:"generated"`
	Expanded  int64         `json:"expanded,omitempty"`
	Stored    int           `json:"stored"`
	Rejected  int64         `json:"deadlocks_rejected"`
	Bytes     int64         `json:"bytes"`
	Seconds   float64       `json:"seconds"`
	// CPUSeconds is the process's CPU time during the search.
	CPUSeconds float64 `json:"cpu_seconds"`
	// Quiet leaves the moves out of the table.
	Quiet bool `json:"-"`
}

// NewReport sums up the outcome of algo on deal d, named src (a file, or
// the seed and columns): with the moves in Shintani's notation and as the
// moving cards when solvable.
func NewReport(d Deal, src, algo string, out Outcome) (Report, error) {
	s := Report{Deal: d.String(), Source: src, Algorithm: algo, Verdict: out.Verdict.String(), Status: out.Status,
		Reason: search.StoppedBy(out.Status, nil), Length: len(out.Path), Generated: out.Generated, Expanded: out.Expanded,
		Stored: out.Stored, Rejected: out.Rejected, Bytes: out.Bytes, Seconds: out.Elapsed.Seconds(), CPUSeconds: out.CPU.Seconds()}
	if !d.Rules.Standard() {
		s.Rules = d.Rules.String()
	}
	if out.Verdict == Solvable {
		var err error
		if s.Moves, s.Cards, err = Notation(d, out.Path); err != nil {
			return s, fmt.Errorf("gaps: internal error: %v", err)
		}
	}
	return s, nil
}

// WriteTable prints the deal, the verdict and counts, and (unless Quiet)
// the moves, eight a line, then the moving cards.
func (s *Report) WriteTable(w io.Writer) error {
	fmt.Fprint(w, s.Deal)
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	reason := ""
	if s.Reason != "" {
		reason = " (" + s.Reason + ")"
	}
	fmt.Fprintf(tw, "status\t%s%s\n", s.Verdict, reason)
	if s.Verdict == "solvable" {
		fmt.Fprintf(tw, "length\t%d\n", s.Length)
	}
	fmt.Fprintf(tw, "algorithm\t%s\n", s.Algorithm)
	if s.Rules != "" {
		fmt.Fprintf(tw, "rules\t%s\n", s.Rules)
	}
	fmt.Fprintf(tw, "generated\t%s\n", numfmt.Count(s.Generated))
	fmt.Fprintf(tw, "stored\t%s\n", numfmt.Count(int64(s.Stored)))
	fmt.Fprintf(tw, "deadlocks\t%s\n", numfmt.Count(int64(s.Rejected)))
	fmt.Fprintf(tw, "seconds\t%.3f (%.3f of CPU)\n", s.Seconds, s.CPUSeconds)
	tw.Flush()
	if s.Verdict == "solvable" && !s.Quiet {
		fmt.Fprintln(w)
		for i := 0; i < len(s.Moves); i += 8 {
			fmt.Fprintln(w, strings.Join(s.Moves[i:min(i+8, len(s.Moves))], " "))
		}
		fmt.Fprintln(w)
		fmt.Fprintln(w, strings.Join(s.Cards, " "))
	}
	return nil
}

// NamedHoles returns the deal's text with every hole named by the card of
// rank Cols removed from it (the deal file format of 'gaps deal').
func (d Deal) NamedHoles() string {
	e := d
	e.Cells = append([]Card(nil), d.Cells...)
	for i, h := range d.HoleNames {
		if h != Hole {
			e.Cells[i] = h
		}
	}
	return e.String()
}

// Line sums up a survey's deal of k columns on one line: seed, verdict,
// nodes, length and time, then each algorithm's verdict and nodes.
func (r DealOutcome) Line(k int) string {
	v := r.Decision
	line := fmt.Sprintf("k=%d seed=%d %s nodes=%d stored=%d len=%d %.3fs cpu=%.3fs", k, r.Seed, v.Verdict, v.Generated, v.Stored, len(v.Path), v.Elapsed.Seconds(), v.CPU.Seconds())
	for _, o := range r.Runs {
		line += fmt.Sprintf(" %s:%s/%d", o.Algorithm, o.Verdict, o.Generated)
	}
	return line
}

// WriteTable prints the verdict counts with the Wilson interval, the
// unknown seeds, and a line per algorithm.
func (sz *SurveyResult) WriteTable(w io.Writer) error {
	if sz.Rules != "" {
		fmt.Fprintf(w, "rules: %s\n", sz.Rules)
	}
	fmt.Fprintf(w, "%d columns: %s deals: %s solvable, %s unsolvable, %s unknown; solvable %.1f%% (95%% CI %.1f-%.1f%%); decider %.1fs in all, at most %.2fs a deal\n",
		sz.Columns, numfmt.Count(int64(sz.Deals)), numfmt.Count(int64(sz.Solvable)), numfmt.Count(int64(sz.Unsolvable)), numfmt.Count(int64(sz.Unknown)), sz.SolvablePct, sz.CILow, sz.CIHigh, sz.Seconds, sz.MaxSeconds)
	fmt.Fprintf(w, "  decider CPU: %.1fs in all, at most %.2fs a deal, median %.2fs a decided deal\n", sz.CPUSeconds, sz.MaxCPUSeconds, sz.MedianCPUDecided)
	if a := sz.OfAll; a != nil {
		fmt.Fprintf(w, "  of all deals: solvable %.1f%% (95%% CI %.1f-%.1f%%), unknown %.1f%% (95%% CI %.1f-%.1f%%); can be won: %.1f-%.1f%% of these, %.1f-%.1f%% of all deals (95%%)\n",
			a.SolvablePct, a.SolvableLow, a.SolvableHi, a.UnknownPct, a.UnknownLow, a.UnknownHi, a.SolvablePct, a.SolvablePct+a.UnknownPct, a.WinnableLow, a.WinnableHi)
	}
	if sz.Prefix > 0 {
		fmt.Fprintf(w, "  finished in the ledger: %s deals, all of the first %s\n", numfmt.Count(int64(sz.Deals)), numfmt.Count(int64(sz.Prefix)))
	}
	if len(sz.UnknownSeeds) > 0 {
		fmt.Fprintf(w, "  unknown seeds: %v\n", sz.UnknownSeeds)
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	if len(sz.ByCPU) > 0 {
		fmt.Fprintln(w, "  decided within a CPU time (this run's deals):")
		fmt.Fprintln(tw, "  CPU\tsolvable\tunsolvable\tundecided\tsolvable of decided\t95% CI\t")
		for _, st := range sz.ByCPU {
			fmt.Fprintf(tw, "  %.4gs\t%s\t%s\t%s\t%.1f%%\t%.1f-%.1f%%\t\n", st.CPUSeconds, numfmt.Count(int64(st.Solvable)), numfmt.Count(int64(st.Unsolvable)), numfmt.Count(int64(st.Undecided)), st.SolvablePct, st.CILow, st.CIHigh)
		}
		tw.Flush()
	}
	fmt.Fprintln(tw, "  algorithm\tsolved\tunknown\tmean nodes\tmedian nodes\tmean stored\tmean length\tlength/opt\tdeadlocks\tseconds\t")
	for _, a := range sz.Algorithms {
		ratio := "-"
		if a.LengthRatio > 0 {
			ratio = fmt.Sprintf("%.3f", a.LengthRatio)
		}
		fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\t%s\t%s\t%.1f\t%s\t%s\t%.1f\t\n", a.Name, numfmt.Count(int64(a.Solved)), numfmt.Count(int64(a.Unknown)), numfmt.Count(int64(math.Round(a.MeanNodes))), numfmt.Count(int64(math.Round(a.MedianNodes))), numfmt.Count(int64(math.Round(a.MeanStored))), a.MeanLength, ratio, numfmt.Count(int64(a.Rejected)), a.Seconds)
	}
	tw.Flush()
	_, err := fmt.Fprintln(w)
	return err
}

// Checkpoint is where a survey keeps its finished deals, by number, as
// JSON: a shard.Ledger.
type Checkpoint interface {
	Done() map[int]json.RawMessage
	// Add records deal i's outcome; the ledger keeps its first error.
	Add(i int, result any) error
}

// SurveySizes configure SurveyAll: a Survey of each number of columns
// from Columns to ToColumns, as one job of (ToColumns-Columns+1)*Deals
// deals numbered size by size, which a checkpoint keeps and shards split.
type SurveySizes struct {
	SurveyOptions
	ToColumns int
	// Ledger, if set, holds the deals finished by earlier runs, which are
	// not run again, and gets every deal this run finishes.
	Ledger Checkpoint `spec:"-"`
	// ShardI and ShardN pick the deals k (in the job's numbering) with k
	// mod ShardN == ShardI; ShardN 0 runs every deal.
	ShardI, ShardN int `spec:"-"`
	// Report runs no deal: each size sums up the Ledger's finished deals
	// alone, and says how many from the first are all finished
	// (SurveyResult.Prefix). It is how a merged, sharded survey is read
	// before it ends.
	Report bool `spec:"-"`
	// Progress, if set, is told after each deal how many of its size are
	// done (resumed ones included), one call at a time.
	Progress func(columns, done int, r DealOutcome) `spec:"-"`
	// SizeDone, if set, is given each size's survey as it ends.
	SizeDone func(SurveyResult) `spec:"-"`
	// Printf, if set, is given a progress line after each deal: the
	// deals of its size done. Verbose, if set, is told each deal's
	// outcome (DealOutcome.Line). Tables, if set, gets each size's table
	// (SurveyResult.WriteTable) as the size ends.
	Printf  func(format string, args ...any) `spec:"-"`
	Verbose io.Writer                        `spec:"-"`
	Tables  io.Writer                        `spec:"-"`
}

// LedgerSpec is the spec (internal/spec) a ledger of the survey is tied to:
// every option that changes the results, so that a resumed run cannot
// mix settings.
//
// The rule variant is written last, as rules="...", and only for a
// variant (see SolveOptions.Rules).
func (s SurveySizes) LedgerSpec() (string, error) {
	text, err := spec.Of("gaps survey", s)
	if err == nil && !s.Solve.Rules.Standard() {
		text += " rules=" + strconv.Quote(s.Solve.Rules.String())
	}
	return text, err
}

// replays reports whether a deal's outcome read from a checkpoint holds up:
// a solvable verdict must come with a solution that wins the deal when
// replayed. The ledger's checksums catch a damaged line; this catches a
// wrong solution written by another build. A deal that does not replay is
// decided again, so every solvable deal a resumed survey counts has a
// checked solution.
func replays(k int, rules Rules, r DealOutcome) bool {
	if r.Decision.Verdict != Solvable {
		return true
	}
	d := Generate(k, r.Seed)
	d.Rules = rules
	won, err := Replay(d, r.Decision.Path)
	return won && err == nil
}

// SurveyAll surveys the sizes in turn until the last or until ctx ends.
func SurveyAll(ctx context.Context, o SurveySizes) []SurveyResult {
	var sizes []SurveyResult
	n := max(o.ShardN, 1)
	for k := o.Columns; k <= o.ToColumns && ctx.Err() == nil; k++ {
		first := (k - o.Columns) * o.Deals
		opt := o.SurveyOptions
		opt.Columns, opt.Resumed = k, map[int]DealOutcome{}
		if o.Ledger != nil {
			for j, raw := range o.Ledger.Done() {
				var r DealOutcome
				if j >= first && j < first+o.Deals && json.Unmarshal(raw, &r) == nil && r.Seed == o.Seed+uint64(j-first) && replays(k, o.Solve.Rules, r) {
					opt.Resumed[j-first] = r
				}
			}
		}
		done := len(opt.Resumed)
		var verdicts [3]int // by Verdict, for the progress line
		for _, r := range opt.Resumed {
			verdicts[r.Decision.Verdict]++
		}
		opt.Keep = func(i int) bool { return (first+i)%n == o.ShardI && !o.Report }
		opt.Done = func(r DealOutcome) {
			done++
			verdicts[r.Decision.Verdict]++
			if o.Progress != nil {
				o.Progress(k, done, r)
			}
			if o.Printf != nil {
				o.Printf("%d columns: %s/%s deals: %s solvable, %s unsolvable, %s unknown", k, numfmt.Count(int64(done)), numfmt.Count(int64(o.Deals)),
					numfmt.Count(int64(verdicts[Solvable])), numfmt.Count(int64(verdicts[Unsolvable])), numfmt.Count(int64(verdicts[Unknown])))
			}
			if o.Verbose != nil {
				fmt.Fprintln(o.Verbose, r.Line(k))
			}
			if o.Ledger != nil {
				o.Ledger.Add(first+int(r.Seed-o.Seed), r)
			}
		}
		sz := Survey(ctx, opt)
		if o.Report {
			for {
				if _, ok := opt.Resumed[sz.Prefix]; !ok {
					break
				}
				sz.Prefix++
			}
		}
		sizes = append(sizes, sz)
		if o.SizeDone != nil {
			o.SizeDone(sz)
		}
		if o.Tables != nil {
			sz.WriteTable(o.Tables)
		}
	}
	return sizes
}

// MaxSurveyDeals bounds a survey's deals per number of columns: the
// survey holds a result per deal from the start (about 200 bytes each,
// 200 MB at this bound), and a million deals is already days of CPU at
// the larger sizes. More is a mistake in the command line (D7 of issue 36:
// --deals 99999999999999 panicked in makeslice).
const MaxSurveyDeals = 1 << 20

// Check reports settings of the survey that are out of range or unknown,
// naming them as the gaps survey command's flags.
func (o SurveySizes) Check() error {
	switch {
	case o.Columns < MinCols || o.ToColumns > MaxCols || o.Columns > o.ToColumns:
		return opterr.Errorf("--columns", "columns %d..%d: want K or K1..K2 within %d..%d", o.Columns, o.ToColumns, MinCols, MaxCols)
	case o.Deals < 1 || o.Deals > MaxSurveyDeals:
		return opterr.Errorf("--deals", "--deals %d: want 1 to %d per number of columns", o.Deals, MaxSurveyDeals)
	}
	for _, a := range o.Algorithms {
		if err := CheckAlgorithm(a); err != nil {
			return err
		}
	}
	if err := CheckRules(o.Solve.Rules, o.Decider+","+strings.Join(o.Algorithms, ",")); err != nil {
		return err
	}
	deciders := strings.Split(o.Decider, ",")
	for _, d := range deciders {
		switch strings.TrimSuffix(strings.TrimSuffix(d, "+lazy"), "+aces") {
		case "decide", "decide-reach", "decide-stubborn", "decide-stubborn-dfs":
			if err := CheckAlgorithm(d); err != nil {
				return err
			}
		case Auto, "":
			if len(deciders) > 1 {
				return opterr.Errorf("--decider", "--decider %q: auto is a portfolio already, give it alone", o.Decider)
			}
		default:
			return opterr.Errorf("--decider", "--decider %q: want auto, decide, decide-reach, decide-stubborn or decide-stubborn-dfs (+aces: on ace classes; +aces+lazy: with lazy ace orders), or several of them comma-separated (a portfolio)", o.Decider)
		}
	}
	switch {
	case len(deciders) > 1 && o.Solve.MaxTime <= 0 && o.Solve.MaxCPU <= 0:
		return opterr.Errorf("--decider", "the portfolio %q needs --max-cpu or --max-time, which it shares out", o.Decider)
	case o.Solve.MaxCPU > 0 && o.Workers > 1:
		return opterr.Errorf("--max-cpu", "--max-cpu counts the CPU time of the whole process, so it needs -j 1 (one deal at a time; run shards for more cores)")
	}
	return checkStore(o.Solve.Store, o.Solve.MaxMem)
}
