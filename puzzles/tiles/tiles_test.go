package tiles

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/branchwise/branchwise/internal/longtest"
	"github.com/branchwise/branchwise/search"
)

func loadKorf(t testing.TB) ([]Instance, map[string]korfResult) {
	t.Helper()
	var insts []Instance
	res := map[string]korfResult{}
	for _, k := range Korf100() {
		insts = append(insts, k.Instance)
		res[k.Name] = korfResult{k.Optimal, k.Manhattan, k.Generated}
	}
	return insts, res
}

type korfResult struct {
	optimal, manhattan int
	generated          int64
}

func TestKorfData(t *testing.T) {
	insts, res := loadKorf(t)
	if len(insts) != 100 || len(res) != 100 {
		t.Fatalf("%d instances, %d results; want 100 of each", len(insts), len(res))
	}
	goal := Goal(4, 4)
	sum := 0
	for i, in := range insts {
		if in.Name != strconv.Itoa(i+1) {
			t.Errorf("instance %d is named %s", i+1, in.Name)
		}
		p, err := NewPuzzle(in.Board, goal, false)
		if err != nil {
			t.Fatalf("#%s: %v", in.Name, err)
		}
		if want := res[in.Name].manhattan; p.Manhattan() != want {
			t.Errorf("#%s: Manhattan distance %d, want %d", in.Name, p.Manhattan(), want)
		}
		sum += res[in.Name].optimal
	}
	if sum != 5305 {
		t.Errorf("optimal lengths sum to %d, want 5305", sum)
	}
}

// TestKorfCheap checks IDA* against Korf's generated-node counts and the
// optimal lengths on the cheap instances (all 100: scripts/korf100).
func TestKorfCheap(t *testing.T) {
	insts, res := loadKorf(t)
	for _, in := range insts {
		want := res[in.Name]
		if want.generated > 3_000_000 && in.Name != "9" {
			continue
		}
		p, _ := NewPuzzle(in.Board, Goal(4, 4), false)
		r := IDA(context.Background(), p, IDAOptions{})
		if r.Status != search.Solved || r.Cost != want.optimal || r.Stats.Generated != want.generated {
			t.Errorf("#%s: %v, length %d, generated %d; want length %d, generated %d",
				in.Name, r.Status, r.Cost, r.Stats.Generated, want.optimal, want.generated)
		}
		checkPath(t, in.Board, r.Path, r.Cost)
	}
}

// checkPath replays path on b and checks that it is legal, of the given
// length, and ends at the goal.
func checkPath(t *testing.T, b Board, path []search.Move, length int) {
	t.Helper()
	p, err := NewPuzzle(b, Goal(b.Rows, b.Cols), false)
	if err != nil {
		t.Fatal(err)
	}
	var buf []search.Move
	for i, m := range path {
		buf = p.Moves(buf[:0])
		legal := false
		for _, l := range buf {
			legal = legal || l == m
		}
		if !legal {
			t.Fatalf("move %d (%c) is illegal", i, MoveLetters[m])
		}
		p.Apply(m)
	}
	if !p.IsGoal() || len(path) != length {
		t.Fatalf("path of %d moves (want %d) ends at %v, not the goal", len(path), length, p.Board())
	}
}

// TestGenericIDAMatchesFast checks that the generic IDA* of package search
// on the Puzzle domain generates exactly the same nodes as the specialised
// one: the same conventions, two implementations.
func TestGenericIDAMatchesFast(t *testing.T) {
	insts, _ := loadKorf(t)
	for _, name := range []string{"12", "55", "79"} {
		var in Instance
		for _, x := range insts {
			if x.Name == name {
				in = x
			}
		}
		p, _ := NewPuzzle(in.Board, Goal(4, 4), false)
		fast := IDA(context.Background(), p, IDAOptions{})
		generic := search.IDAStar(context.Background(), p, search.Options{})
		if generic.Cost != fast.Cost || generic.Stats.Generated != fast.Stats.Generated || generic.Stats.Expanded != fast.Stats.Expanded {
			t.Errorf("#%s: generic IDA* length %d, %d generated, %d expanded; specialised %d, %d, %d", name,
				generic.Cost, generic.Stats.Generated, generic.Stats.Expanded, fast.Cost, fast.Stats.Generated, fast.Stats.Expanded)
		}
	}
}

// TestAStarAgreesWithIDA: A* (generic engine) and IDA* (specialised) find
// paths of equal length on 200 random 8-puzzles and on 200 fifteen-puzzles
// made by random walks of 40 moves; linear conflicts change nodes, not
// lengths.
func TestAStarAgreesWithIDA(t *testing.T) {
	n := 200
	if longtest.Short() {
		n = 40
	}
	for _, tc := range []struct {
		rows, cols int
		walk       int
	}{{3, 3, 0}, {4, 4, 40}} {
		goal := Goal(tc.rows, tc.cols)
		for seed := uint64(0); seed < uint64(n); seed++ {
			b := Random(goal, seed)
			if tc.walk > 0 {
				b = RandomWalk(goal, tc.walk, seed)
			}
			p, err := NewPuzzle(b, goal, false)
			if err != nil {
				t.Fatal(err)
			}
			ida := IDA(context.Background(), p, IDAOptions{})
			astar := search.AStar(context.Background(), p, search.Options{})
			plc, _ := NewPuzzle(b, goal, true)
			astarLC := search.AStar(context.Background(), plc, search.Options{})
			if ida.Status != search.Solved || astar.Cost != ida.Cost || astarLC.Cost != ida.Cost {
				t.Fatalf("%v: IDA* %d, A* %d, A*+LC %d", b, ida.Cost, astar.Cost, astarLC.Cost)
			}
			checkPath(t, b, astar.Path, astar.Cost)
			checkPath(t, b, ida.Path, ida.Cost)
		}
	}
}

// TestLinearConflictsIncremental compares the incremental heuristic with a
// fresh computation along random walks, and checks admissibility against
// IDA*'s optimal lengths.
func TestLinearConflictsIncremental(t *testing.T) {
	for _, size := range [][2]int{{3, 3}, {4, 4}, {3, 5}, {5, 5}} {
		goal := Goal(size[0], size[1])
		p, _ := NewPuzzle(Random(goal, 3), goal, true)
		var buf []search.Move
		for step := 0; step < 2000; step++ {
			buf = p.Moves(buf[:0])
			p.Apply(buf[step*7%len(buf)])
			fresh, _ := NewPuzzle(p.Board(), goal, true)
			if fresh.Heuristic() != p.Heuristic() || fresh.Manhattan() != p.Manhattan() {
				t.Fatalf("%dx%d step %d: incremental h %d (md %d), fresh %d (md %d)", size[0], size[1], step,
					p.Heuristic(), p.Manhattan(), fresh.Heuristic(), fresh.Manhattan())
			}
		}
	}
	goal := Goal(3, 3)
	for seed := uint64(0); seed < 100; seed++ {
		p, _ := NewPuzzle(Random(goal, seed), goal, true)
		h := p.Heuristic()
		r := IDA(context.Background(), p, IDAOptions{})
		if h > r.Cost || h < p.Manhattan() {
			t.Fatalf("seed %d: linear conflicts %d, Manhattan %d, optimum %d", seed, h, p.Manhattan(), r.Cost)
		}
	}
}

func TestSolvable(t *testing.T) {
	goal := Goal(4, 4)
	b, _ := ParseBoard("1 0 2 3 4 5 6 7 8 9 10 11 12 13 14 15", 0, 0)
	if !b.Solvable(goal) {
		t.Error("one move from the goal reported unsolvable")
	}
	b, _ = ParseBoard("0 2 1 3 4 5 6 7 8 9 10 11 12 13 14 15", 0, 0)
	if b.Solvable(goal) {
		t.Error("two tiles swapped reported solvable")
	}
	for seed := uint64(0); seed < 50; seed++ {
		for _, g := range []Board{Goal(3, 3), Goal(4, 4), Goal(2, 5), Goal(3, 4)} {
			if w := RandomWalk(g, 31, seed); !w.Solvable(g) {
				t.Fatalf("a random walk from %v reported unsolvable: %v", g, w)
			}
		}
	}
}

// TestTwoByTwo: breadth-first search solves every solvable 2x2 board,
// and the generic engines agree with the specialised IDA* there.
func TestTwoByTwo(t *testing.T) {
	goal := Goal(2, 2)
	for seed := uint64(0); seed < 30; seed++ {
		b := Random(goal, seed)
		p, err := NewPuzzle(b, goal, false)
		if err != nil {
			t.Fatal(err)
		}
		r := search.BreadthFirst(context.Background(), p, search.Options{})
		p.SetKey(p.AppendKey(nil))
		p2, _ := NewPuzzle(b, goal, false)
		ida := IDA(context.Background(), p2, IDAOptions{})
		if r.Status != search.Solved || r.Cost != ida.Cost {
			t.Fatalf("%v: BFS %v length %d, IDA* length %d", b, r.Status, r.Cost, ida.Cost)
		}
	}
}

// Issue 19: a 9x9 board said "tile 64 out of range"; a number past int64
// said it was not a number; CR-only line ends were one line.
func TestReadInstancesErrors(t *testing.T) {
	nine := make([]string, 81)
	for i := range nine {
		nine[i] = strconv.Itoa(i)
	}
	for _, tc := range []struct{ in, want string }{
		{strings.Join(nine, " ") + "\n", "i.txt:1: tiles: a 9x9 board has 81 cells; the largest board has 64 (8x8)"},
		{"1 2 3 99999999999999999999\n", "i.txt:1: tiles: 99999999999999999999 is past the largest tile number"},
		{"1 0 2 3\r1 2 3 x\r", `i.txt:2: tiles: "x" is not a number`},
		{"\xEF\xBB\xBF1 0 2 3\r\n1 2 3 x\r\n", `i.txt:2: tiles: "x" is not a number`},
		{"1 0 2 7\n", "i.txt:1: tiles: tile 7 out of range 0..3"},
		{"# nothing\n", "i.txt: no instances"},
	} {
		_, err := ReadInstances(strings.NewReader(tc.in), "i.txt", 0, 0)
		if err == nil || err.Error() != tc.want {
			t.Errorf("%.40q: %v, want %q", tc.in, err, tc.want)
		}
	}
}
