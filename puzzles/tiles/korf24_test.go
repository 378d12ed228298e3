package tiles

import "testing"

func TestKorf24Data(t *testing.T) {
	insts := Korf24()
	if len(insts) != 50 {
		t.Fatalf("%d instances, want 50", len(insts))
	}
	sum, md := 0, 0
	for i, in := range insts {
		if in.Index != i+1 {
			t.Errorf("row %d has index %d", i+1, in.Index)
		}
		p, err := NewPuzzle(in.Board, Goal(5, 5), false)
		if err != nil {
			t.Fatalf("#%d: %v", in.Index, err)
		}
		if (in.Optimal-p.Manhattan())%2 != 0 || in.Optimal < p.Manhattan() {
			t.Errorf("#%d: optimal %d, Manhattan %d", in.Index, in.Optimal, p.Manhattan())
		}
		sum += in.Optimal
		md += p.Manhattan()
	}
	if sum != 5039 || md != 3775 {
		t.Errorf("sums of optimal lengths %d and Manhattan distances %d, want 5039 and 3775", sum, md)
	}
}
