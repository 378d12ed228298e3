package rubik

import (
	"testing"

	"github.com/branchwise/branchwise/internal/opterr"
)

func TestTaskCheck(t *testing.T) {
	const one = "give a scramble or --random N or --random-state, one of them"
	for _, tc := range []struct {
		t    Task
		want string
	}{
		{Task{Scramble: "R U", Edges: 6, Conjugates: 3}, ""},
		{Task{Random: 14, Edges: 7, Conjugates: 1}, ""},
		{Task{RandomState: true, Edges: 6, Conjugates: 3}, ""},
		{Task{Edges: 6, Conjugates: 3}, one},
		{Task{Scramble: "R", Random: 3, Edges: 6, Conjugates: 3}, one},
		{Task{Scramble: "R", RandomState: true, Edges: 6, Conjugates: 3}, one},
		{Task{Random: 3, RandomState: true, Edges: 6, Conjugates: 3}, one},
		{Task{Scramble: "R", Edges: 8, Conjugates: 3}, "--edges 8 --conjugates 3: want 1..7 and 1..3"},
		{Task{Scramble: "R", Edges: 6, Conjugates: 0}, "--edges 6 --conjugates 0: want 1..7 and 1..3"},
	} {
		err := tc.t.Check()
		if (err == nil) != (tc.want == "") || err != nil && (err.Error() != tc.want || !opterr.Is(err)) {
			t.Errorf("%+v: %v, want %q", tc.t, err, tc.want)
		}
	}
}

func TestTaskMoves(t *testing.T) {
	m, err := Task{Scramble: "R U2 F'"}.Moves()
	if err != nil || len(m) != 3 {
		t.Errorf("R U2 F': %v %v", m, err)
	}
	if _, err := (Task{Scramble: "R Q"}).Moves(); err == nil || err.Error() != "rubik: offset 2: 'Q' is not a face (want one of U R F D L B) (in the scramble)" {
		t.Errorf("R Q: %v", err)
	}
	a, _ := Task{Random: 14, Seed: 3}.Moves()
	b, _ := Task{Random: 14, Seed: 3}.Moves()
	if len(a) != 14 || FormatMoves(a) != FormatMoves(b) {
		t.Errorf("random scrambles of one seed: %v, %v", a, b)
	}
	o := Task{RandomState: true, Seed: 5}.Options(ReportOptions{Workers: 2})
	if o.Start == nil || o.Label != "random state 5" || o.Seed != 5 || o.Workers != 2 {
		t.Errorf("RandomState options: %+v", o)
	}
}
