package main

import (
	"testing"

	"github.com/branchwise/branchwise/branching"
	"github.com/branchwise/branchwise/dedup"
	"github.com/branchwise/branchwise/estimate"
	"github.com/branchwise/branchwise/internal/cliflag"
	"github.com/branchwise/branchwise/internal/opterr"
	"github.com/branchwise/branchwise/puzzles/gaps"
	"github.com/branchwise/branchwise/puzzles/logicgrid"
	"github.com/branchwise/branchwise/puzzles/polyform"
	"github.com/branchwise/branchwise/puzzles/tiles"
	"github.com/branchwise/branchwise/search"
	"github.com/branchwise/branchwise/shard"
	"github.com/branchwise/branchwise/xcover"
)

// TestLibraryOptionErrors: the library's checks of a setting return an
// *opterr.Error, which run maps to exit status 2, and a run that fails
// for any other reason exits 1.
func TestLibraryOptionErrors(t *testing.T) {
	second := func(_ any, err error) error { return err }
	third := func(_, _ any, err error) error { return err }
	for name, err := range map[string]error{
		"xcover.ParseStrategy":       second(xcover.ParseStrategy("best")),
		"polyform.ParseEngine":       second(polyform.ParseEngine("gpu")),
		"search.ByName":              second(search.ByName("nope")),
		"dedup.New":                  second(dedup.New("list")),
		"branching.CheckLearnLen":    branching.CheckLearnLen(99),
		"gaps.CheckAlgorithm":        gaps.CheckAlgorithm("nope"),
		"gaps.SurveySizes.Check":     gaps.SurveySizes{ToColumns: 5, SurveyOptions: gaps.SurveyOptions{Columns: 4}}.Check(),
		"estimate.Job.Check":         estimate.Job{Method: "nope"}.Check(),
		"estimate.CheckCut":          estimate.CheckCut(estimate.Options{CutP: 2}),
		"shard.ParseSlot":            second(shard.ParseSlot("3/2", 0, nil)),
		"shard.CountJob.Check":       shard.CountJob{SplitDepth: "x"}.Check(nil),
		"logicgrid.ReportOptions":    logicgrid.ReportOptions{XCover: true, Explain: true}.Check(),
		"logicgrid.ParseSize":        third(logicgrid.ParseSize("1x1")),
		"tiles.HeuristicName":        second(tiles.HeuristicName("pdb")),
		"tiles.ParseSize":            third(tiles.ParseSize("1x9")),
		"tiles.SolveOptions.Check":   tiles.SolveOptions{Algorithm: "nope"}.Check(),
		"cliflag.ParseSelection":     second(cliflag.ParseSelection("instances", "0", 100)),
		"shard.Checkpointing.Slot":   second(shard.Checkpointing{Shard: "0/2"}.Slot(nil)),
		"shard.Checkpointing.Check":  shard.Checkpointing{Checkpoint: "a", Resume: "b"}.Check(),
		"estimate.Job.Check(target)": estimate.Job{Method: "frontier", Target: "x", Options: estimate.Options{Width: 1, Workers: 1, Samples: 1}}.Check(),
	} {
		if !opterr.Is(err) {
			t.Errorf("%s: %v (%T), want an *opterr.Error", name, err, err)
		}
	}
}
