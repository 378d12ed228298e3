package branching

import (
	"os"
	"testing"
)

// TestReport: the Five Puzzle of Figure 4 of Edelkamp and Korf (1998).
func TestReport(t *testing.T) {
	f, err := os.Open("testdata/fivepuzzle.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	g, err := ReadMatrix(f, "fivepuzzle.txt")
	if err != nil {
		t.Fatal(err)
	}
	r := NewReport("five", g, 5)
	if r.Graph != "five" || r.Types != 4 || r.Recurrent != 4 || !r.Irreducible || r.Period != 1 ||
		r.Polynomial != "b^4 - b - 2" || !near(r.Asymptotic, 1.35321, 5e-6) || !near(r.Eigenvalue, 1.3532099641993, 1e-12) {
		t.Fatalf("%+v", r)
	}
	want := []string{"1", "2", "3", "3", "4", "7"}
	for d, row := range r.Depths {
		if row.Depth != d || row.Nodes != want[d] {
			t.Errorf("depth %d: %+v, want %s nodes", d, row, want[d])
		}
	}
	if r.Depths[0].Branching != 0 || r.Depths[2].Branching != 1.5 || r.Depths[5].Branching != 1.75 {
		t.Errorf("branching factors %+v", r.Depths)
	}
	var sum float64
	for _, fr := range r.Fractions {
		sum += fr
	}
	if len(r.Fractions) != 4 || !near(sum, 1, 1e-9) {
		t.Errorf("fractions %v", r.Fractions)
	}
}
