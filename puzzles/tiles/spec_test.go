package tiles

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/branchwise/branchwise/internal/spec"
	"github.com/branchwise/branchwise/search"
)

// TestKorf100Spec checks that the ledger's spec holds every option that
// changes the results: the fields left out are exactly those known not
// to (a new field is in the spec unless it is added here too), and
// changing any option written in it changes the spec.
func TestKorf100Spec(t *testing.T) {
	wantOut := []string{"Solve.Progress", "Solve.Workers", "Instances", "Workers", "Done", "Printf", "Resumed", "Ledger"}
	if got := spec.Excluded(Korf100Options{}); !reflect.DeepEqual(got, wantOut) {
		t.Errorf("fields left out of the spec: %v, want %v", got, wantOut)
	}
	fsm, err := LearnFSM(context.Background(), 2, search.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	base := Korf100Options{Solve: SolveOptions{Algorithm: "ida"}}
	spec, err := base.LedgerSpec()
	if err != nil || !strings.HasPrefix(spec, "tiles korf100 ") {
		t.Fatalf("spec %q, %v", spec, err)
	}
	for name, change := range map[string]func(o *SolveOptions){
		"algorithm":        func(o *SolveOptions) { o.Algorithm = "astar" },
		"linear conflicts": func(o *SolveOptions) { o.LinearConflicts = true },
		"weight":           func(o *SolveOptions) { o.Weight = 2 },
		"increment":        func(o *SolveOptions) { o.Increment = 2 },
		"store":            func(o *SolveOptions) { o.Store = "trie" },
		"filter":           func(o *SolveOptions) { o.Filter = fsm },
		"max nodes":        func(o *SolveOptions) { o.MaxNodes = 5 },
		"max mem":          func(o *SolveOptions) { o.MaxMem = 5 },
		"max time":         func(o *SolveOptions) { o.MaxTime = 5 },
		"max cpu":          func(o *SolveOptions) { o.MaxCPU = 5 },
		"pdb":              func(o *SolveOptions) { o.PDB = &PDBHeuristic{Name: "pdb555"} },
	} {
		o := base
		change(&o.Solve)
		s, err := o.LedgerSpec()
		if err != nil || s == spec {
			t.Errorf("%s: spec %q, %v: unchanged", name, s, err)
		}
	}
	o := base
	o.Solve.Workers, o.Workers, o.Instances = 4, 3, []int{1, 2}
	if s, _ := o.LedgerSpec(); s != spec {
		t.Errorf("workers and instances changed the spec: %q", s)
	}
}
