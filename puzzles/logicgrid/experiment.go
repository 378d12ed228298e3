package logicgrid

import (
	"context"
	"fmt"
	"math"
	"os/exec"
	"slices"

	"github.com/branchwise/branchwise/internal/opterr"
	"github.com/branchwise/branchwise/internal/stats"
	"github.com/branchwise/branchwise/search"
	"github.com/branchwise/branchwise/xcover"
)

// ExperimentOptions configure Experiment: Igarashi et al.'s Table 2 on
// generated puzzles.
type ExperimentOptions struct {
	Sizes        [][2]int // entities x categories besides the position
	Difficulties []int    // GenOptions.Difficulty
	Count        int      // puzzles per size and difficulty
	Seed         int64    // puzzle i of a group has seed Seed+i
	// Limits bound every search; a stopped search counts as its nodes.
	search.Limits
	// Propagate adds a fourth strategy, fewest with propagation, which is
	// then the one compared with clingo.
	Propagate bool
	// Clingo, if not empty, is a clingo program that solves every puzzle
	// too: a path, or a name looked up in PATH.
	Clingo string
	// Progress, if set, is called before each puzzle.
	Progress func(size string, difficulty, i int)
}

// StrategyStats are one strategy's results on a group of puzzles.
type StrategyStats struct {
	Strategy        string  `json:"strategy"`
	MedianNodes     float64 `json:"median_nodes"`
	MedianGenerated float64 `json:"median_generated"`
	MostNodes       int64   `json:"max_nodes"` // of the group's searches
	Stopped         int     `json:"stopped"`
	MedianMs        float64 `json:"median_ms"`
	TotalMs         float64 `json:"total_ms"`
}

// ExperimentGroup is one row of the table: the puzzles of one size and
// difficulty.
type ExperimentGroup struct {
	Size       string          `json:"size"`
	Difficulty int             `json:"difficulty"`
	Puzzles    int             `json:"puzzles"`
	MeanClues  float64         `json:"mean_clues"`
	Strategies []StrategyStats `json:"strategies"` // fewest, sorted, fixed[, fewest+propagate]
	// WinGenerated and WinTime name the paper's strategy with the fewest
	// median generated nodes and the least total time.
	WinGenerated string       `json:"fewest_generated_nodes"`
	WinTime      string       `json:"fastest"`
	Clingo       *ClingoStats `json:"clingo,omitempty"`
}

// ClingoStats compare clingo with one of our strategies on a group.
type ClingoStats struct {
	Ours         string  `json:"ours"`
	Agree        int     `json:"agree"`
	MedianWallMs float64 `json:"median_wall_ms"`
	MedianOwnMs  float64 `json:"median_own_ms"`
	MaxWallMs    float64 `json:"max_wall_ms"`
	MedianOursMs float64 `json:"median_fewest_ms"`
	MaxOursMs    float64 `json:"max_fewest_ms"`
	// Disagree names the puzzles (by seed) where clingo found another
	// number of solutions or another solution.
	Disagree []string `json:"disagree,omitempty"`
}

// Experiment generates o.Count puzzles for every size and difficulty,
// solves each with the three strategies to the proof of uniqueness (and
// with clingo), and sums up each group. A strategy that finds another
// solution than the generator's is an error.
func Experiment(ctx context.Context, o ExperimentOptions) ([]ExperimentGroup, error) {
	if o.Count < 1 {
		return nil, fmt.Errorf("logicgrid: %d puzzles per group: want at least 1", o.Count)
	}
	if o.Clingo != "" {
		var err error
		if o.Clingo, err = exec.LookPath(o.Clingo); err != nil {
			return nil, fmt.Errorf("--clingo: %v", err)
		}
	}
	strats := []xcover.Strategy{xcover.Fewest, xcover.Sorted, xcover.Fixed}
	names := []string{"fewest", "sorted", "fixed"}
	if o.Propagate {
		strats = append(strats, xcover.Fewest)
		names = append(names, "fewest+propagate")
	}
	ours := 0 // the strategy compared with clingo
	if o.Propagate {
		ours = len(strats) - 1
	}
	unique := o.Limits
	unique.MaxSolutions = 2 // enough to decide uniqueness
	var groups []ExperimentGroup
	for _, sz := range o.Sizes {
		for _, d := range o.Difficulties {
			g := ExperimentGroup{Size: fmt.Sprintf("%dx%d", sz[0], sz[1]), Difficulty: d, Puzzles: o.Count}
			nodes := make([][]int64, len(strats))
			gen := make([][]int64, len(strats))
			ms := make([][]float64, len(strats))
			stopped := make([]int, len(strats))
			var cl *ClingoStats
			var wall, own []float64
			if o.Clingo != "" {
				cl = &ClingoStats{Ours: names[ours]}
			}
			clues := 0
			for i := range o.Count {
				seed := o.Seed + int64(i)
				if o.Progress != nil {
					o.Progress(g.Size, d, i)
				}
				p, sol, err := Generate(ctx, sz[0], sz[1], GenOptions{Difficulty: d, Seed: uint64(seed)})
				if err != nil {
					return groups, err
				}
				clues += len(p.Clues)
				for k, s := range strats {
					// timed without the extra counting, then counted
					prop := names[k] == "fewest+propagate"
					r := Solve(ctx, p, Options{Strategy: s, Limits: unique, Keep: 1, Propagate: prop})
					if err := ctx.Err(); err != nil {
						return groups, err
					}
					if r.Status == search.NodeLimit {
						stopped[k]++
					} else if !r.Unique() || !slices.EqualFunc(r.Kept[0], sol, slices.Equal) {
						return groups, fmt.Errorf("logicgrid: %s d%d seed %d: %s finds %d solutions", g.Size, d, seed, names[k], r.Solutions)
					}
					nodes[k] = append(nodes[k], r.Nodes)
					ms[k] = append(ms[k], r.Elapsed.Seconds()*1e3)
					if s == xcover.Fewest {
						rg := Solve(ctx, p, Options{Strategy: s, Limits: unique, CountGenerated: true, Propagate: prop})
						gen[k] = append(gen[k], rg.Generated)
					} else {
						gen[k] = append(gen[k], r.Generated)
					}
				}
				if cl != nil {
					c, err := RunClingo(ctx, p, o.Clingo, 2)
					if err != nil {
						return groups, err
					}
					if len(c.Solutions) == 1 && slices.EqualFunc(c.Solutions[0], sol, slices.Equal) {
						cl.Agree++
					} else {
						cl.Disagree = append(cl.Disagree, fmt.Sprintf("%s d%d seed %d: clingo finds %d solutions", g.Size, d, seed, len(c.Solutions)))
					}
					wall = append(wall, c.Elapsed.Seconds()*1e3)
					own = append(own, c.Time*1e3)
				}
			}
			g.MeanClues = float64(clues) / float64(o.Count)
			bestG, bestT := math.Inf(1), math.Inf(1)
			for k := range strats {
				var total float64
				for _, x := range ms[k] {
					total += x
				}
				st := StrategyStats{Strategy: names[k], MedianNodes: stats.Median(nodes[k]), MedianGenerated: stats.Median(gen[k]),
					MostNodes: slices.Max(nodes[k]), Stopped: stopped[k], MedianMs: stats.Median(ms[k]), TotalMs: total}
				g.Strategies = append(g.Strategies, st)
				if k < 3 { // the paper's three
					if st.MedianGenerated < bestG {
						bestG, g.WinGenerated = st.MedianGenerated, st.Strategy
					}
					if total < bestT {
						bestT, g.WinTime = total, st.Strategy
					}
				}
			}
			if cl != nil {
				cl.MedianWallMs, cl.MedianOwnMs, cl.MaxWallMs = stats.Median(wall), stats.Median(own), slices.Max(wall)
				cl.MedianOursMs, cl.MaxOursMs = stats.Median(ms[ours]), slices.Max(ms[ours])
				g.Clingo = cl
			}
			groups = append(groups, g)
		}
	}
	return groups, nil
}

// Check reports difficulties other than 1, 2 or 3 (text is how they were
// written) or a count below 1, named as the experiment command's flags.
func (o ExperimentOptions) Check(text string) error {
	switch {
	case len(o.Difficulties) == 0 || slices.ContainsFunc(o.Difficulties, func(d int) bool { return d < 1 || d > 3 }):
		return opterr.Errorf("--difficulty", "--difficulty %q: want a list of 1, 2, 3", text)
	case o.Count < 1:
		return opterr.Errorf("--count", "--count must be at least 1")
	}
	return nil
}
