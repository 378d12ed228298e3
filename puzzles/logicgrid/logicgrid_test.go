package logicgrid

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/branchwise/branchwise/search"
	"github.com/branchwise/branchwise/xcover"
)

var strategies = []Strategy{xcover.Fewest, xcover.Sorted, xcover.Fixed}

func load(t testing.TB, name string) *Puzzle {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	p, err := Parse(f, name)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// Igarashi et al. (2005), Table 1: the branching factor of each clue on the empty grid of
// Fig 5. The paper prints 16 for "reading != 13"; we count 12 (4 children
// for reading times 3 ages other than 13): 16 = 4 x 4 counts the pairs
// (reading child, 13-year-old child) with the four where they coincide.
func TestTable1(t *testing.T) {
	p := load(t, "table1.txt")
	want := []int{1, 1, 2, 2, 3, 3, 4, 6, 12, 72}
	if got := BranchingFactors(p); !slices.Equal(got, want) {
		t.Errorf("branching factors %v, want %v", got, want)
	}
	// The 12 ways of "reading != 13" put reading at each child and give
	// that child each age but 13.
	seen := map[string]bool{}
	for _, w := range Ways(p, 8) {
		var s []string
		for _, a := range w {
			s = append(s, p.DescribeAssignment(a))
		}
		if len(w) != 2 || strings.Contains(s[1], "= 13") {
			t.Errorf("way %v", s)
		}
		seen[strings.Join(s, ", ")] = true
	}
	if len(seen) != 12 {
		t.Errorf("%d distinct ways", len(seen))
	}
}

// Fig 5: the text gives the branching factors 1, 1, 3, 4, 72 for its five
// hints; the third, "Mary is younger than 13", has 2 ways (11 and 12), as
// Table 1's "Tom is younger than 13" does. The puzzle has two solutions:
// nothing says whether John or Nancy is the oldest.
func TestFig5(t *testing.T) {
	p := load(t, "fig5.txt")
	if got, want := BranchingFactors(p), []int{1, 1, 2, 4, 72}; !slices.Equal(got, want) {
		t.Errorf("branching factors %v, want %v", got, want)
	}
	for _, s := range strategies {
		r := Solve(context.Background(), p, Options{Strategy: s, Keep: 10})
		if r.Solutions != 2 || r.Unique() {
			t.Errorf("%v: %d solutions", s, r.Solutions)
		}
		checkAgainstBruteForce(t, p, r)
	}
}

func TestEinstein(t *testing.T) {
	p := load(t, "einstein.txt")
	want := "house  colour  nation      pet     drink   smoke\n" +
		"1      yellow  Norwegian   fox     water   Kools\n" +
		"2      blue    Ukrainian   horse   tea     Chesterfield\n" +
		"3      red     Englishman  snails  milk    OldGold\n" +
		"4      ivory   Spaniard    dog     juice   LuckyStrike\n" +
		"5      green   Japanese    zebra   coffee  Parliament\n"
	for _, s := range strategies {
		r := Solve(context.Background(), p, Options{Strategy: s, Keep: 2})
		if !r.Unique() || p.Format(r.Kept[0]) != want {
			t.Errorf("%v: %d solutions, stopped %v", s, r.Solutions, r.Status)
		}
		if rp := Solve(context.Background(), p, Options{Strategy: s, Keep: 2, Propagate: true}); !rp.Unique() || p.Format(rp.Kept[0]) != want {
			t.Errorf("%v with propagation: %d solutions", s, rp.Solutions)
		}
		if ok, _ := p.Check(r.Kept[0]); !ok {
			t.Errorf("%v: the solution violates a clue", s)
		}
	}
}

// bruteForce returns every solution of a small puzzle by trying every
// grid.
func bruteForce(p *Puzzle) []string {
	n, m := p.Entities(), len(p.Categories)
	sol := make(Solution, n)
	for e := range sol {
		sol[e] = make([]int, m)
		sol[e][0] = e
	}
	var out []string
	var rec func(c int)
	rec = func(c int) {
		if c == m {
			if ok, _ := p.Check(sol); ok {
				out = append(out, p.Format(sol))
			}
			return
		}
		perm := make([]int, n)
		for i := range perm {
			perm[i] = i
		}
		var permute func(k int)
		permute = func(k int) {
			if k == n {
				for e := range n {
					sol[e][c] = perm[e]
				}
				rec(c + 1)
				return
			}
			for i := k; i < n; i++ {
				perm[k], perm[i] = perm[i], perm[k]
				permute(k + 1)
				perm[k], perm[i] = perm[i], perm[k]
			}
		}
		permute(0)
	}
	rec(1)
	slices.Sort(out)
	return out
}

func checkAgainstBruteForce(t *testing.T, p *Puzzle, r Result) {
	t.Helper()
	var got []string
	for _, s := range r.Kept {
		got = append(got, p.Format(s))
	}
	slices.Sort(got)
	if want := bruteForce(p); !slices.Equal(got, want) || int64(len(want)) != r.Solutions {
		t.Errorf("%s %s: %d solutions %q, brute force %q", p.Name, r.Strategy, r.Solutions, got, want)
	}
}

// Every clue form of the language, alone and combined, against brute
// force on a 4 x 3 grid: the ways of a clue must neither lose nor repeat a
// solution.
func TestClueFormsBruteForce(t *testing.T) {
	head := "name: John Tom Mary Nancy\nage: 11 12 13 14 (numeric)\nhobby: baseball soccer reading piano\ngroup sports: baseball soccer\n"
	clues := []string{
		"Tom = 12", "Tom != 13", "reading = 13", "reading != 13", "Mary.age < 13", "Tom.age >= Mary.age",
		"reading.age = max", "baseball.age > piano.age", "Tom in sports", "Tom not in {11, 14}",
		"Tom.hobby = reading", "Tom.hobby != reading", "soccer.age = piano.age + 1",
		"|baseball.age - soccer.age| = 1", "(Tom.age - Mary.age) % 2 = 0", "reading.age % 2 = 1",
		"Tom = 12 or Mary = reading", "Tom = soccer xor Mary = piano", "not (Tom = 12 and Mary = reading)",
		"(piano.age = Tom.age - 1 and soccer.age = Tom.age + 1) or (soccer.age = Tom.age - 1 and piano.age = Tom.age + 1)",
		"not Tom in sports", "-Tom.age < -12", "12.age = 12", "hobby:reading = age:12 or John = 11",
	}
	for i, c := range clues {
		for _, extra := range []string{"", clues[(i*7+3)%len(clues)] + "\n" + clues[(i*5+1)%len(clues)]} {
			p, err := ParseString(head+c+"\n"+extra+"\n", fmt.Sprintf("clue%d", i))
			if err != nil {
				t.Fatal(err)
			}
			for _, s := range strategies {
				for _, prop := range []bool{false, true} {
					r := Solve(context.Background(), p, Options{Strategy: s, Keep: 1000, Propagate: prop})
					checkAgainstBruteForce(t, p, r)
				}
			}
		}
	}
}

func TestParseErrors(t *testing.T) {
	head := "name: John Tom Mary Nancy\nage: 11 12 13 14 (numeric)\nhobby: baseball soccer reading piano\n"
	for _, tc := range []struct{ in, want string }{
		{head + "Tom = X9", `f.txt:4:7: logicgrid: unknown value "X9"`},
		{head + "Tom < 13", `f.txt:4:5: < compares numbers, not entities: compare attributes such as Tom.CATEGORY`},
		{head + "Tom.hobby < 3", `f.txt:4:5: category hobby is not numeric`},
		{head + "Tom = 12 and", `f.txt:4:13: want a value, a number or an expression, found the end of the line`},
		{head + "(Tom = 12", `f.txt:4:10: want ")", found the end of the line`},
		{head + "Tom in foo", `f.txt:4:8: unknown group "foo"`},
		{head + "Tom.foo = 1", `f.txt:4:5: unknown category "foo" after "."`},
		{head + "Tom $ 3", `f.txt:4:5: unexpected character '$'`},
		{head + "Tom = 12 12", `f.txt:4:10: unexpected "12" after the clue`},
		{head + "Tom in {11, reading}", `f.txt:4:13: the set mixes categories age and hobby`},
		{head + "reading = max", `f.txt:4:11: max needs an attribute on the other side`},
		{"name: A B\ncol: A C\nA = C\n", `f.txt:3:1: logicgrid: ambiguous value "A": write name:A or col:A`},
		{"name: A B\nage: 1 2 3\n", `f.txt:2:1: logicgrid: category "age" has 3 values, the key name has 2`},
		{"name: A A\n", `f.txt:1:1: logicgrid: category "name" lists "A" twice`},
		{"age: 1 x (numeric)\n", `f.txt:1:1: logicgrid: category "age" is numeric but "x" is not an integer`},
		{"Tom = 1\n", `f.txt:1:1: a clue before any category`},
		{"name: and B\n", `f.txt:1:7: "and" is a keyword`},
		{"name: A B\nx: C D\nA = C\nfoo: E F\n", `f.txt:4:1: category "foo" declared after the clues`},
		{"# nothing\n", `f.txt:1:1: no categories declared`},
	} {
		_, err := ParseString(tc.in, "f.txt")
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want %s", tc.in, err, tc.want)
		}
	}
}

// The file format round-trips through String.
func TestRoundTrip(t *testing.T) {
	for _, name := range []string{"fig5.txt", "einstein.txt", "table1.txt"} {
		p := load(t, name)
		q, err := ParseString(p.String(), name)
		if err != nil {
			t.Fatal(err)
		}
		if q.String() != p.String() || !slices.Equal(BranchingFactors(p), BranchingFactors(q)) {
			t.Errorf("%s does not round-trip", name)
		}
	}
}

func Example() {
	p, _ := ParseString(`name: John Tom Mary Nancy
age: 11 12 13 14 (numeric)
hobby: baseball soccer reading piano
Tom = 12
Mary = soccer
Mary.age < 13
reading.age = max
John.age < Nancy.age
baseball.age > piano.age
`, "fig5")
	fmt.Println(BranchingFactors(p))
	r := Solve(context.Background(), p, Options{Keep: 1, Limits: search.Limits{MaxSolutions: 2}})
	fmt.Print(p.Format(r.Kept[0]))
	fmt.Println("unique:", r.Unique(), "nodes:", r.Nodes)
	// Output:
	// [1 1 2 4 6 72]
	// name   age  hobby
	// John   13   baseball
	// Tom    12   piano
	// Mary   11   soccer
	// Nancy  14   reading
	// unique: true nodes: 13
}

// The exact cover compilation finds the same solutions as the Igarashi et al. (2005)
// solver and brute force.
func TestXCover(t *testing.T) {
	for _, name := range []string{"fig5.txt", "einstein.txt"} {
		p := load(t, name)
		want := Solve(context.Background(), p, Options{Keep: 10})
		for _, s := range strategies {
			r, err := SolveXCover(context.Background(), p, s, 10, search.Limits{})
			if err != nil {
				t.Fatal(err)
			}
			if r.Solutions != want.Solutions {
				t.Errorf("%s %s: %d solutions, want %d", name, r.Strategy, r.Solutions, want.Solutions)
				continue
			}
			got := map[string]bool{}
			for _, s := range r.Kept {
				got[p.Format(s)] = true
			}
			for _, s := range want.Kept {
				if !got[p.Format(s)] {
					t.Errorf("%s %s: misses\n%s", name, r.Strategy, p.Format(s))
				}
			}
		}
	}
}
