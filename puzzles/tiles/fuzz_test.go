package tiles

import (
	"strings"
	"testing"
)

// FuzzReadInstances: any input either parses into valid boards or gives an
// error naming the file; nothing panics.
func FuzzReadInstances(f *testing.F) {
	f.Add("1 14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3\n")
	f.Add("8 7 6 5 4 3 2 1 0")
	f.Add("0,1,2,3\n# comment\n3 2 1 0\n")
	f.Add("1 2 3 x")
	f.Add("1 1 2 3")
	f.Fuzz(func(t *testing.T, s string) {
		insts, err := ReadInstances(strings.NewReader(s), "f.txt", 0, 0)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "f.txt") {
				t.Fatalf("error does not name the file: %v", err)
			}
			return
		}
		for _, in := range insts {
			if err := in.Board.Check(); err != nil {
				t.Fatalf("accepted an invalid board: %v", err)
			}
			if in.Board.Solvable(Goal(in.Board.Rows, in.Board.Cols)) {
				if _, err := NewPuzzle(in.Board, Goal(in.Board.Rows, in.Board.Cols), true); err != nil {
					t.Fatal(err)
				}
			}
		}
	})
}
