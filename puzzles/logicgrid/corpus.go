package logicgrid

import (
	"cmp"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/branchwise/branchwise/internal/stats"
	"github.com/branchwise/branchwise/search"
	"github.com/branchwise/branchwise/xcover"
)

// ReadQuintFiles reads the quint-t puzzles of the files named and of the
// *.txt files under the directories named (recursively, SOURCE.txt
// excepted, in name order). Each puzzle is named by its file, relative to
// the directory it was found in, and its number in the file. Finding none
// is an error.
func ReadQuintFiles(paths []string) ([]QuintPuzzle, error) {
	var out []QuintPuzzle
	for _, a := range paths {
		st, err := os.Stat(a)
		if err != nil {
			return nil, err
		}
		files, names := []string{a}, []string{a}
		if st.IsDir() {
			files, names = nil, nil
			err = filepath.WalkDir(a, func(path string, d os.DirEntry, err error) error {
				if err == nil && !d.IsDir() && strings.HasSuffix(path, ".txt") && filepath.Base(path) != "SOURCE.txt" {
					rel, _ := filepath.Rel(a, path)
					files, names = append(files, path), append(names, rel)
				}
				return err
			})
			if err != nil {
				return nil, err
			}
		}
		for i, file := range files {
			r, err := os.Open(file)
			if err != nil {
				return nil, err
			}
			got, err := ReadQuint(r, names[i])
			r.Close()
			if err != nil {
				return nil, err
			}
			out = append(out, got...)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no quint-t puzzles found", strings.Join(paths, " "))
	}
	return out, nil
}

// CheckOptions configure CheckCorpus.
type CheckOptions struct {
	Strategy xcover.Strategy
	// XCover solves by exact cover (SolveXCover) instead of Solve.
	XCover bool
	// Propagate narrows the grid at every node (Options.Propagate).
	Propagate bool
	// Limits bound every search.
	search.Limits
	// BySize adds the node counts per size.
	BySize bool
	// Progress, if set, is called before each puzzle.
	Progress func(i int, q QuintPuzzle)
	// Printf, if set, is given CheckCorpora's progress line before each
	// puzzle: the strategy, the puzzle's number and name.
	Printf func(format string, args ...any)
}

// CorpusStats are the node counts of one strategy over a corpus.
type CorpusStats struct {
	Strategy string `json:"strategy"`
	// Puzzles counts the puzzles checked (all unless ctx ended).
	Puzzles int `json:"puzzles"`
	Correct int `json:"correct_and_unique"`
	// Unchecked counts the unique solutions of puzzles without a
	// published answer: they are not counted as correct.
	Unchecked int           `json:"unique_without_answer"`
	Stopped   int           `json:"stopped"`
	Median    float64       `json:"median_nodes"`
	Mean      float64       `json:"mean_nodes"`
	Worst     []CorpusWorst `json:"worst"` // the five largest searches, largest first
	Seconds   float64       `json:"seconds"`
	Failures  []string      `json:"failures,omitempty"`
	BySize    []SizeStats   `json:"by_size,omitempty"`
}

// CorpusWorst is one of the largest searches of a corpus.
type CorpusWorst struct {
	Name  string `json:"name"`
	Level int    `json:"level"`
	Size  string `json:"size"`
	Nodes int64  `json:"nodes"`
}

// SizeStats are the node counts of the puzzles of one size (attributes x
// positions).
type SizeStats struct {
	Size    string  `json:"size"`
	Puzzles int     `json:"puzzles"`
	Median  float64 `json:"median_nodes"`
	Worst   int64   `json:"worst_nodes"`
	Over    int     `json:"stopped"`
}

// quintSize names a quint-t puzzle's size: attributes x positions.
func quintSize(q QuintPuzzle) string {
	return fmt.Sprintf("%dx%d", len(q.Puzzle.Categories)-1, q.Puzzle.Entities())
}

// CheckCorpus solves every puzzle with one strategy to the proof of
// uniqueness, checks the solution against the published answer, and sums
// up the node counts. A puzzle with several solutions or another answer is
// a failure; one stopped by MaxNodes is counted as stopped. When ctx ends
// the puzzles checked so far are summed up.
func CheckCorpus(ctx context.Context, qs []QuintPuzzle, o CheckOptions) (CorpusStats, error) {
	st := CorpusStats{Strategy: o.Strategy.String()}
	unique := o.Limits
	unique.MaxSolutions = 2 // enough to prove uniqueness
	if o.XCover {
		st.Strategy = "xcover-" + st.Strategy
	}
	if o.Propagate {
		st.Strategy += "+propagate"
	}
	start := time.Now()
	type run struct {
		i     int
		nodes int64
	}
	var runs []run
	for i, q := range qs {
		if ctx.Err() != nil {
			break
		}
		if o.Progress != nil {
			o.Progress(i, q)
		}
		var r Result
		if o.XCover {
			var err error
			if r, err = SolveXCover(ctx, q.Puzzle, o.Strategy, 1, search.Limits{MaxSolutions: 2}); err != nil {
				return st, fmt.Errorf("%s: %v", q.Name, err)
			}
		} else {
			r = Solve(ctx, q.Puzzle, Options{Strategy: o.Strategy, Keep: 1, Limits: unique, Propagate: o.Propagate})
		}
		if ctx.Err() != nil {
			break // cut by ctx: not checked
		}
		runs = append(runs, run{i, r.Nodes})
		switch {
		case !r.Complete():
			st.Stopped++
		case !r.Unique():
			st.Failures = append(st.Failures, fmt.Sprintf("%s: %d solutions", q.Name, r.Solutions))
		case q.Answer == nil: // unique, but nothing to check it against (issue 19 S4)
			st.Unchecked++
		case !slices.EqualFunc(r.Kept[0], q.Answer, slices.Equal):
			st.Failures = append(st.Failures, q.Name+": not the published answer")
		default:
			st.Correct++
		}
	}
	st.Seconds = time.Since(start).Seconds()
	st.Puzzles = len(runs)
	nodes := make([]int64, len(runs))
	for k, r := range runs {
		nodes[k] = r.nodes
	}
	st.Median, st.Mean = stats.Median(nodes), stats.Mean(nodes)
	slices.SortStableFunc(runs, func(a, b run) int { return cmp.Compare(b.nodes, a.nodes) })
	for _, r := range runs[:min(5, len(runs))] {
		q := qs[r.i]
		st.Worst = append(st.Worst, CorpusWorst{q.Name, q.Level, quintSize(q), r.nodes})
	}
	if o.BySize {
		groups := map[string][]int64{}
		slices.SortFunc(runs, func(a, b run) int { return cmp.Compare(a.i, b.i) })
		for _, r := range runs {
			k := quintSize(qs[r.i])
			groups[k] = append(groups[k], r.nodes)
		}
		keys := make([]string, 0, len(groups))
		for k := range groups {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			g := groups[k]
			s := SizeStats{Size: k, Puzzles: len(g), Median: stats.Median(g), Worst: slices.Max(g)}
			for _, v := range g {
				if o.MaxNodes > 0 && v >= o.MaxNodes {
					s.Over++
				}
			}
			st.BySize = append(st.BySize, s)
		}
	}
	return st, nil
}
