package gaps

import (
	"reflect"
	"strings"
	"testing"

	"github.com/branchwise/branchwise/internal/spec"
)

// TestSurveySpec checks that the ledger's spec holds every option that
// changes the results: the fields left out are exactly those known not
// to (a new field is in the spec unless it is added here too), and
// changing any option written in it changes the spec.
func TestSurveySpec(t *testing.T) {
	wantOut := []string{"SurveyOptions.Workers", "SurveyOptions.Solve.Progress", "SurveyOptions.Solve.Workers", "SurveyOptions.Solve.Rules",
		"SurveyOptions.Done", "SurveyOptions.Resumed", "SurveyOptions.Keep", "Ledger", "ShardI", "ShardN", "Report", "Progress", "SizeDone", "Printf", "Verbose", "Tables"}
	if got := spec.Excluded(SurveySizes{}); !reflect.DeepEqual(got, wantOut) {
		t.Errorf("fields left out of the spec: %v, want %v", got, wantOut)
	}
	base := SurveySizes{ToColumns: 5, SurveyOptions: SurveyOptions{Columns: 4, Deals: 10, Decider: "decide", Algorithms: []string{"astar"}}}
	spec, err := base.LedgerSpec()
	if err != nil || !strings.HasPrefix(spec, "gaps survey ") {
		t.Fatalf("spec %q, %v", spec, err)
	}
	for name, change := range map[string]func(o *SurveySizes){
		"to columns": func(o *SurveySizes) { o.ToColumns = 6 },
		"columns":    func(o *SurveySizes) { o.Columns = 5 },
		"seed":       func(o *SurveySizes) { o.Seed = 2 },
		"deals":      func(o *SurveySizes) { o.Deals = 11 },
		"decider":    func(o *SurveySizes) { o.Decider = "decide-reach" },
		"algorithms": func(o *SurveySizes) { o.Algorithms = []string{"astar", "bfs"} },
		"time":       func(o *SurveySizes) { o.Solve.MaxTime = 5 },
		"max nodes":  func(o *SurveySizes) { o.Solve.MaxNodes = 5 },
		"max mem":    func(o *SurveySizes) { o.Solve.MaxMem = 5 },
		"max cpu":    func(o *SurveySizes) { o.Solve.MaxCPU = 5 },
		"store":      func(o *SurveySizes) { o.Solve.Store = "trie" },
		"fixed":      func(o *SurveySizes) { o.Solve.Rules.FixedSuits = true },
		"redeals":    func(o *SurveySizes) { o.Solve.Rules.Redeals = 2 },
		"when stuck": func(o *SurveySizes) { o.Solve.Rules.Redeals, o.Solve.Rules.WhenStuck = 2, true },
	} {
		o := base
		change(&o)
		s, err := o.LedgerSpec()
		if err != nil || s == spec {
			t.Errorf("%s: spec %q, %v: unchanged", name, s, err)
		}
	}
}
