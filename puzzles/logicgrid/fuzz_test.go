package logicgrid

import (
	"context"
	"regexp"
	"testing"

	"github.com/branchwise/branchwise/search"
)

var errPlace = regexp.MustCompile(`^f\.txt:[0-9]+:[0-9]+: `)

// FuzzParse: any input parses, or fails with an error naming the file, line
// and column; a parsed puzzle prints as a file that parses again, and
// searching it panics nowhere.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"name: John Tom Mary Nancy\nage: 11 12 13 14 (numeric)\nhobby: baseball soccer reading piano\ngroup sports: baseball soccer\nTom = 12\nMary.age < 13\nTom in sports\n",
		"house: 1 2 3 (numeric)\ncol: red green blue\n|red.house - blue.house| = 1\ngreen.house % 2 = 0 xor red = 1\n",
		"n: a b\nc: x y\nnot (a = x and b = y) or (a.c = x)\n",
		"n: a b\nc: x y\n(a = x\n",
		"n: 1 2 (numeric)\nm: 3 4 (numeric)\n1.n = max\n(1.m - 2.m) % 2 = 1\n",
		"p: a-b c&d\nq: 7up x\np:a-b = q:7up\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseString(s, "f.txt")
		if err != nil {
			if !errPlace.MatchString(err.Error()) {
				t.Fatalf("error without file:line:col: %v", err)
			}
			return
		}
		q, err := ParseString(p.String(), "f.txt")
		if err != nil {
			t.Fatalf("the printed puzzle does not parse: %v\n%s", err, p.String())
		}
		if len(q.Clues) != len(p.Clues) || len(q.Categories) != len(p.Categories) {
			t.Fatalf("the printed puzzle differs")
		}
		// The ways of a clue with k operands take up to n^k steps: search
		// only small clues.
		small := p.Entities() <= 5 && len(p.Categories) <= 4 && len(p.Clues) <= 20
		for _, c := range p.Clues {
			small = small && len(c.Text) <= 40
		}
		if small {
			r := Solve(context.Background(), p, Options{Limits: search.Limits{MaxNodes: 2000}, Keep: 1})
			if len(r.Kept) > 0 {
				if ok, _ := p.Check(r.Kept[0]); !ok {
					t.Fatalf("a solution violates a clue")
				}
			}
		}
	})
}
