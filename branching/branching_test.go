package branching

import (
	"context"
	"errors"
	"math"
	"math/big"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/branchwise/branchwise/search"
)

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

func totals(c []*big.Int) []int64 {
	out := make([]int64, len(c))
	for i, v := range c {
		out[i] = v.Int64()
	}
	return out
}

// TestFivePuzzleMatrix: the Five Puzzle's matrix of Figure 4 of Edelkamp and
// Korf (1998), b^4 - b - 2 and 1.35321. (The same from the explored puzzle
// is tested in package tiles.)
func TestFivePuzzleMatrix(t *testing.T) {
	f, err := os.Open("testdata/fivepuzzle.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	m, err := ReadMatrix(f, "fivepuzzle.txt")
	if err != nil {
		t.Fatal(err)
	}
	if p := PolyString(CharPoly(m.Matrix())); p != "b^4 - b - 2" {
		t.Errorf("matrix file: %s", p)
	}
	// From a cs root, by hand from Figure 4: cs; ss sc; sc sc cc; cc cc cs; ...
	if got, want := totals(m.Counts(5)), []int64{1, 2, 3, 3, 4, 7}; !slices.Equal(got, want) {
		t.Errorf("matrix file counts %v, want %v", got, want)
	}
	if a := m.Analyze(10000); !near(a.Asymptotic, 1.35321, 5e-6) || !near(a.Eigenvalue, 1.3532099641993, 1e-12) {
		t.Errorf("matrix file: %.12f (eigenvalue %.12f), want 1.35321", a.Asymptotic, a.Eigenvalue)
	}
}

// cycle is the cyclic group Z_n with moves +1 (0), -1 (1) and +2 (2): the
// learner must find the inverse pairs, +1+1 = +2, and the commutations.
func cycleLearner(n, maxLen int) Learner {
	step := [3]int{1, n - 1, 2}
	return Learner{Alphabet: 3, MaxLen: maxLen, Effect: func(dst, seq []byte) []byte {
		v := 0
		for _, m := range seq {
			v = (v + step[m]) % n
		}
		return append(dst, byte(v))
	}}
}

// TestLearnAutomaton checks the learner and the compiled automaton on the
// cycle Z_7 against a brute-force oracle: the sequences of length d that
// the automaton accepts are exactly the shortlex-first sequences of their
// effect, so they count the group elements at distance d, each once.
func TestLearnAutomaton(t *testing.T) {
	const n = 7
	a, err := LearnAutomaton(context.Background(), cycleLearner(n, 4), search.Limits{})
	if err != nil || a.Length != 4 {
		t.Fatalf("length %d, %v", a.Length, err)
	}
	want := []string{"\x00\x01", "\x01\x00", "\x01\x02", "\x02\x01"}
	var got []string
	for _, f := range a.Forbidden {
		if len(f) == 2 && f != "\x00\x00" {
			got = append(got, f)
		}
	}
	// +1 +1 = +2 (found first), +1 -1 = -1 +1 = 0, -1 +2 = +2 -1 = +1,
	// +1 +2 = +2 +1 = 3 (the later forbidden).
	if !slices.Contains(a.Forbidden, "\x00\x00") || !slices.Equal(got[:2], want[:2]) {
		t.Errorf("forbidden %q", a.Forbidden)
	}
	// Breadth-first over the accepted sequences reaches each element once.
	type node struct {
		v int
		s int32
	}
	seen := map[int]bool{0: true}
	level := []node{{0, 0}}
	step := [3]int{1, n - 1, 2}
	for d := 1; d <= 3; d++ {
		var next []node
		for _, x := range level {
			for m := range 3 {
				s := a.Step(x.s, search.Move(m))
				if s < 0 {
					continue
				}
				v := (x.v + step[m]) % n
				if seen[v] {
					t.Errorf("depth %d: element %d reached twice", d, v)
				}
				seen[v] = true
				next = append(next, node{v, s})
			}
		}
		level = next
	}
	if len(seen) != n {
		t.Errorf("reached %d elements of Z_%d", len(seen), n)
	}
}

func TestCompileAutomatonErrors(t *testing.T) {
	for _, tc := range []struct {
		alphabet  int
		forbidden []string
		want      string
	}{
		{0, nil, "alphabet of 0 moves"},
		{257, nil, "alphabet of 257 moves"},
		{2, []string{""}, "empty forbidden string"},
		{2, []string{"\x00\x02"}, "move 2 outside the alphabet of 2"},
	} {
		if _, err := CompileAutomaton(tc.alphabet, tc.forbidden); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("CompileAutomaton(%d, %q) = %v, want %q", tc.alphabet, tc.forbidden, err, tc.want)
		}
	}
}

// TestLimits: learning and exploring stop on a node limit, a memory limit
// and a cancelled context.
func TestLimits(t *testing.T) {
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	// The binary counter: moves 0 and 1 append a bit; no duplicates, so
	// everything grows as 2^length.
	bits := Learner{Alphabet: 2, MaxLen: MaxLearnLen, Effect: func(dst, seq []byte) []byte {
		dst = append(dst, byte(len(seq)))
		return append(dst, seq...)
	}}
	tree := func(x uint32) []uint32 { return []uint32{2 * x, 2*x + 1} }
	name := func(uint32) string { return "" }
	for _, tc := range []struct {
		name string
		ctx  context.Context
		lim  search.Limits
		want error
	}{
		{"nodes", context.Background(), search.Limits{MaxNodes: 5000}, search.ErrNodeLimit},
		{"memory", context.Background(), search.Limits{MaxMem: 1 << 20}, search.ErrMemLimit},
		{"cancelled", cancelled, search.Limits{}, context.Canceled},
	} {
		a, err := LearnAutomaton(tc.ctx, bits, tc.lim)
		if !errors.Is(err, tc.want) || a == nil || a.Length >= MaxLearnLen {
			t.Errorf("learning, %s: %v, want %v and a partial automaton", tc.name, err, tc.want)
		}
		if g, err := ExploreContext(tc.ctx, tc.lim, uint32(1), tree, name); !errors.Is(err, tc.want) || g != nil {
			t.Errorf("exploring, %s: %v, want %v", tc.name, err, tc.want)
		}
	}
}

func TestReadMatrixErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", "m.txt: no types"},
		{"# only a comment\n", "m.txt: no types"},
		{"a: 1 -1\nb: 0 0\n", "m.txt:1: negative entry -1"},
		{"a: 1 x\nb: 0 0\n", `m.txt:1: "x" is not a whole number`},
		{"a: 1.5 0\nb: 0 0\n", `m.txt:1: "1.5" is not a whole number`},
		{"a: 1 0\nb: 0\n", "m.txt:2: row b has 1 entries, want 2"},
		{"a: 1\na: 1\n", `m.txt:2: type "a" defined twice`},
		{"start: z\na: 1\n", `m.txt:1: start type "z" is not defined`},
		{"1 2 3\n", `m.txt:1: want "NAME: n n ..."`},
		// Issue 19: a second start: line and an empty one were accepted.
		{"start: a\nstart: b\na: 1 0\nb: 0 1\n", "m.txt:2: a second start: line (the first is line 1)"},
		{"start:\na: 1\n", `m.txt:1: want "start: NAME", one type name`},
		{"a: 99999999999999999999\n", "m.txt:1: entry 99999999999999999999 too large (at most 2^40)"},
		// CR-only line ends, a BOM.
		{"\xEF\xBB\xBFa: 1 0\rb: 0\r", "m.txt:2: row b has 1 entries, want 2"},
	} {
		_, err := ReadMatrix(strings.NewReader(tc.in), "m.txt")
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("ReadMatrix(%q) = %v, want %q", tc.in, err, tc.want)
		}
	}
}

func FuzzReadMatrix(f *testing.F) {
	f.Add("start: cs\ncc: 0 1 0 0\ncs: 0 0 1 1\nss: 0 0 0 2\nsc: 1 0 0 0\n")
	f.Add("a: 2\n")
	f.Add("a: 0 1\nb: 0 0\n")
	f.Fuzz(func(t *testing.T, s string) {
		g, err := ReadMatrix(strings.NewReader(s), "f")
		if err != nil {
			return
		}
		if len(g.Names) > 12 {
			return
		}
		q, _ := g.Reduce()
		q.Counts(5)
		a := q.Analyze(200)
		CharPoly(q.RecurrentMatrix(a.Recurrent))
	})
}
