package gaps

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/branchwise/branchwise/dedup"
	"github.com/branchwise/branchwise/internal/longtest"
	"github.com/branchwise/branchwise/search"
)

func mustParse(t *testing.T, text string) Deal {
	t.Helper()
	d, err := ParseString(text, "test")
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func mustGame(t *testing.T, text string) *Game {
	t.Helper()
	g, err := NewGame(mustParse(t, text))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// moveStrings lists g's moves as "card>rRcC" strings, sorted.
func moveStrings(g *Game) []string {
	var out []string
	for _, m := range g.Moves(nil) {
		out = append(out, g.cells[m.From()].String()+">"+cellName(g.k, m.To()))
	}
	slices.Sort(out)
	return out
}

func cellName(k, p int) string { return "r" + string(rune('1'+p/k)) + "c" + string(rune('1'+p%k)) }

func TestRules(t *testing.T) {
	for _, tc := range []struct {
		name, deal string
		moves      []string
		won        bool
		dead       int
		leftAces   int
	}{
		{"won: holes after rank k-1 are dead", "HA H2 H3 ..\nDA D2 D3 ..\nSA S2 S3 ..\nCA C2 C3 ..\n",
			nil, true, 4, 4},
		{"won with other suits in other rows", "CA C2 C3 ..\nSA S2 S3 ..\nHA H2 H3 ..\nDA D2 D3 ..\n",
			nil, true, 4, 4},
		{"left-edge hole takes any ace, also one on the left edge", ".. H2 H3 HA\nDA D2 D3 ..\nSA S2 S3 ..\nCA C2 C3 ..\n",
			[]string{"CA>r1c1", "DA>r1c1", "HA>r1c1", "SA>r1c1"}, false, 3, 3},
		{"successor of the left card; hole after a hole is dead", "HA .. .. H2\nDA D2 D3 ..\nSA S2 S3 ..\nCA C2 C3 H3\n",
			[]string{"H2>r1c2"}, false, 3, 4},
		{"no successor after rank k-1", "HA H3 .. H2\nDA D2 D3 ..\nSA S2 S3 ..\nCA C2 C3 ..\n",
			nil, false, 4, 4},
		{"two left-edge holes: eight ace moves", ".. H2 H3 HA\n.. D2 D3 DA\nSA S2 S3 ..\nCA C2 C3 ..\n",
			[]string{"CA>r1c1", "CA>r2c1", "DA>r1c1", "DA>r2c1", "HA>r1c1", "HA>r2c1", "SA>r1c1", "SA>r2c1"}, false, 2, 2},
		{"a card moves next to itself", "HA .. H2 H3\nDA D2 D3 ..\nSA S2 S3 ..\nCA C2 C3 ..\n",
			[]string{"H2>r1c2"}, false, 3, 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := mustGame(t, tc.deal)
			if got := moveStrings(g); !slices.Equal(got, tc.moves) {
				t.Errorf("moves %v, want %v", got, tc.moves)
			}
			if g.Won() != tc.won {
				t.Errorf("won %v, want %v", g.Won(), tc.won)
			}
			if g.DeadHoles() != tc.dead {
				t.Errorf("dead holes %d, want %d", g.DeadHoles(), tc.dead)
			}
			if g.LeftAces() != tc.leftAces {
				t.Errorf("left aces %d, want %d", g.LeftAces(), tc.leftAces)
			}
			for _, m := range g.Moves(nil) {
				if !g.Legal(m) {
					t.Errorf("generated move %v is not Legal", m)
				}
			}
		})
	}
}

func TestApplyUndo(t *testing.T) {
	g := mustGame(t, ".. H2 H3 HA\nDA D2 D3 ..\nSA S2 S3 ..\nCA C2 C3 ..\n")
	before := g.String()
	key := g.AppendKey(nil)
	m := NewMove(3, 0) // HA to the left edge of its own row
	g.Apply(m)
	if got, want := g.String(), "HA H2 H3 ..\nDA D2 D3 ..\nSA S2 S3 ..\nCA C2 C3 ..\n"; got != want {
		t.Fatalf("after HA: %q, want %q", got, want)
	}
	if !g.Won() || g.Misplaced() != 0 {
		t.Errorf("not won after the last move")
	}
	g.Undo(m)
	if g.String() != before || string(g.AppendKey(nil)) != string(key) || g.Misplaced() != 1 {
		t.Errorf("undo: %q, bound %d", g.String(), g.Misplaced())
	}
	// Moving an ace off the left edge to another left-edge hole.
	g = mustGame(t, ".. H2 H3 HA\nDA D2 D3 ..\nSA S2 S3 ..\nCA C2 C3 ..\n")
	g.Apply(NewMove(4, 0))
	if got, want := g.String(), "DA H2 H3 HA\n.. D2 D3 ..\nSA S2 S3 ..\nCA C2 C3 ..\n"; got != want {
		t.Errorf("after DA: %q, want %q", got, want)
	}
	if g.LeftAces() != 3 || !slices.Equal(moveStrings(g), []string{"CA>r2c1", "DA>r2c1", "HA>r2c1", "SA>r2c1"}) {
		t.Errorf("left aces %d, moves %v", g.LeftAces(), moveStrings(g))
	}
}

func TestMisplaced(t *testing.T) {
	for _, tc := range []struct {
		deal string
		want int
	}{
		{"HA H2 H3 ..\nDA D2 D3 ..\nSA S2 S3 ..\nCA C2 C3 ..\n", 0},
		// H2 H3 are at their columns in row 1 with no ace: only the ace must move.
		{".. H2 H3 HA\nDA D2 D3 ..\nSA S2 S3 ..\nCA C2 C3 ..\n", 1},
		// Row 1 holds H2 and D3 at their columns: one of them must move. The
		// best assignment makes row 1 the H row and row 2 the D row: kept =
		// H2 + DA D2 + SA S2 S3 + CA C2 C3 = 9 of 12; HA, D3, H3 must move.
		{".. H2 D3 HA\nDA D2 .. H3\nSA S2 S3 ..\nCA C2 C3 ..\n", 3},
	} {
		if got := mustGame(t, tc.deal).Misplaced(); got != tc.want {
			t.Errorf("%q: Misplaced %d, want %d", tc.deal, got, tc.want)
		}
	}
}

func TestKeys(t *testing.T) {
	d := Generate(7, 3)
	g, _ := NewGame(d)
	key := g.AppendKey(nil)
	if len(key) != KeyLen(7) {
		t.Fatalf("key length %d, want %d", len(key), KeyLen(7))
	}
	h, _ := NewGame(Generate(7, 4))
	h.SetKey(key)
	if h.String() != g.String() || h.Misplaced() != g.Misplaced() || h.LeftAces() != g.LeftAces() {
		t.Errorf("SetKey: %q, want %q", h.String(), g.String())
	}
	// The 24 row permutations share one canonical key; other positions do not.
	canon := string(g.AppendCanonicalKey(nil))
	lines := strings.Split(strings.TrimSpace(d.String()), "\n")
	for _, p := range perms {
		text := ""
		for _, r := range p {
			text += lines[r] + "\n"
		}
		pg := mustGame(t, text)
		if string(pg.AppendCanonicalKey(nil)) != canon {
			t.Errorf("row order %v: another canonical key", p)
		}
	}
	g.Apply(g.Moves(nil)[0])
	if string(g.AppendCanonicalKey(nil)) == canon {
		t.Errorf("a move left the canonical key unchanged")
	}
}

func TestDeadlock(t *testing.T) {
	for _, tc := range []struct {
		name, deal string
		want       bool
	}{
		{"won", "HA H2 H3 ..\nDA D2 D3 ..\nSA S2 S3 ..\nCA C2 C3 ..\n", false},
		{"an ace off the edge: no verdict", ".. H2 H3 HA\nDA D3 D2 ..\nSA S2 S3 ..\nCA C2 C3 ..\n", false},
		// S2 waits for the cell right of SA, held by D2, which waits for the
		// cell right of DA, held by S2: a cycle of two rows.
		{"cycle of two rows", "HA H2 H3 ..\nDA S2 S3 ..\nSA D2 D3 ..\nCA C2 C3 ..\n", true},
		{"a card right of a rank k-1 card that must move", "HA H2 H3 ..\nDA D2 D3 ..\nSA S2 .. S3\nCA C2 C3 ..\n", false},
		{"a hole right of the predecessor", "HA H2 .. ..\nDA D2 D3 ..\nSA S2 S3 ..\nCA C2 C3 H3\n", false},
		{"a hole right of the ace", "HA .. .. H2\nDA D2 D3 ..\nSA S2 S3 ..\nCA C2 C3 H3\n", false},
		{"no left-edge hole, a stuck card in column 0", "H2 H3 .. HA\nDA D2 D3 ..\nSA S2 S3 ..\nCA C2 C3 ..\n", true},
		{"predecessor in the last column", "HA H3 .. H2\nDA D2 D3 ..\nSA S2 S3 ..\nCA C2 C3 ..\n", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := mustGame(t, tc.deal)
			if got := g.Deadlocked(); got != tc.want {
				t.Errorf("Deadlocked = %v, want %v", got, tc.want)
			}
		})
	}
	// k = 5: the H and S trains (2 3 4) sit after each other's aces.
	g := mustGame(t, "HA S2 S3 S4 ..\nDA D2 D3 D4 ..\nSA H2 H3 H4 ..\nCA C2 C3 C4 ..\n")
	if !g.Deadlocked() {
		t.Errorf("swapped trains of two rows not detected")
	}
}

// reachableWins explores every position reachable from g (exact keys,
// breadth-first) and reports whether one is won.
func reachableWins(g *Game) bool {
	seen := map[string]bool{string(g.AppendKey(nil)): true}
	queue := [][]byte{g.AppendKey(nil)}
	h := &Game{k: g.k}
	for len(queue) > 0 {
		h.SetKey(queue[0])
		queue = queue[1:]
		if h.Won() {
			return true
		}
		for _, m := range h.Moves(nil) {
			h.Apply(m)
			if k := h.AppendKey(nil); !seen[string(k)] {
				seen[string(k)] = true
				queue = append(queue, k)
			}
			h.Undo(m)
		}
	}
	return false
}

// skipSequential skips a sequential cross-check with -short, the race
// detector's run in CI (.ci/run): the main test run checks it, and under
// the race detector such a test takes minutes and races nothing (126 s
// for TestAceClassMovesSound, 208 s for TestDecideAgainstBreadthFirst).
func skipSequential(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("sequential: the main test run checks it (-short is the race detector's run)")
	}
}

// TestDeadlockSound checks on every position reachable from small deals
// that a position proved deadlocked has no win among its descendants.
func TestDeadlockSound(t *testing.T) {
	skipSequential(t)
	checked, proved := 0, 0
	for seed := uint64(1); seed <= 12; seed++ {
		g, _ := NewGame(Generate(4, seed))
		seen := map[string]bool{}
		var walk func()
		walk = func() {
			k := string(g.AppendKey(nil))
			if seen[k] {
				return
			}
			seen[k] = true
			checked++
			if g.Deadlocked() {
				proved++
				if reachableWins(g) {
					t.Fatalf("deal %d: deadlocked position has a win:\n%s", seed, g)
				}
				return
			}
			for _, m := range g.Moves(nil) {
				g.Apply(m)
				walk()
				g.Undo(m)
			}
		}
		walk()
	}
	if proved == 0 {
		t.Errorf("no deadlock among %d positions", checked)
	}
	t.Logf("%d positions, %d proved deadlocked", checked, proved)
}

// TestDecideAgainstBreadthFirst compares the decider (canonical keys,
// deadlock cuts, move ordering) with a plain breadth-first search of the
// search core, deal by deal.
func TestDecideAgainstBreadthFirst(t *testing.T) {
	skipSequential(t)
	n := 40
	if longtest.Short() {
		n = 20
	}
	counts := map[Verdict]int{}
	for k := 4; k <= 5; k++ {
		for seed := uint64(1); seed <= uint64(n); seed++ {
			d := Generate(k, seed)
			for i, store := range []func() dedup.Store{dedup.NewHashSet, dedup.NewTrie, dedup.NewHashSet} {
				// The third run has the reachability test and forced moves.
				o := DecideOptions{Workers: 1, Deadlock: true, Store: store()}
				if i == 2 {
					o = DecideOptions{Workers: 1, Reach: true, Forced: true, Store: store()}
				}
				dec, err := Decide(context.Background(), d, o)
				if err != nil {
					t.Fatal(err)
				}
				o.Store, o.DepthFirst = store(), true
				dfs, _ := Decide(context.Background(), d, o)
				if dfs.Verdict != dec.Verdict {
					t.Fatalf("k=%d seed %d: best-first %v, depth-first %v", k, seed, dec.Verdict, dfs.Verdict)
				}
				if ok, _ := Replay(d, dfs.Path); dfs.Verdict == Solvable && !ok {
					t.Fatalf("k=%d seed %d: the depth-first decider's path does not win", k, seed)
				}
				dom, _ := NewDomain(d)
				r := search.BreadthFirst(context.Background(), dom, search.Options{})
				if (r.Status == search.Solved) != (dec.Verdict == Solvable) || dec.Verdict == Unknown {
					t.Fatalf("k=%d seed %d: breadth-first %v, decider %v", k, seed, r.Status, dec.Verdict)
				}
				if dec.Verdict == Solvable {
					if ok, _ := Replay(d, dec.Path); !ok {
						t.Fatalf("k=%d seed %d: the decider's path does not win", k, seed)
					}
					if len(dec.Path) < r.Cost {
						t.Fatalf("k=%d seed %d: path of %d moves, optimum %d", k, seed, len(dec.Path), r.Cost)
					}
				}
				counts[dec.Verdict]++
			}
		}
	}
	if counts[Unsolvable] == 0 || counts[Solvable] == 0 {
		t.Errorf("verdicts %v: want both kinds", counts)
	}
}

// TestEngines runs every engine on a few deals with and without deadlock
// detection: all must agree with the decider, A* and DFID must find the
// breadth-first optimum, and the bound must not exceed it.
func TestEngines(t *testing.T) {
	skipSequential(t)
	type cfg struct {
		name string
		f    search.Func
		o    search.Options
		opt  bool
	}
	cfgs := []cfg{
		{"dfid", search.DFID, search.Options{Increment: 2, Detect: true}, true},
		{"astar", search.AStar, search.Options{}, true},
		{"bf1-1.8", search.BestFirst, search.Options{Eval: BF1(1.8)}, false},
		{"bf1-2.4", search.BestFirst, search.Options{Eval: BF1(2.4)}, false},
		{"bf2", search.BestFirst, search.Options{Eval: Goodness}, false},
		{"priority1", search.PriorityFirst, search.Options{Priority: Priority1}, false},
		{"priority2", search.PriorityFirst, search.Options{Priority: Priority2}, false},
		{"dfs", search.DepthFirst, search.Options{Detect: true}, false},
	}
	for seed := uint64(1); seed <= 6; seed++ {
		d := Generate(4, seed)
		dec, _ := Decide(context.Background(), d, DecideOptions{Workers: 1})
		dom, _ := NewDomain(d)
		bfs := search.BreadthFirst(context.Background(), dom, search.Options{})
		for _, c := range cfgs {
			for _, deadlock := range []bool{false, true} {
				for _, order := range []Order{Natural, AcesFirst, AcesLast} {
					dom, _ := NewDomain(d)
					dom.Deadlock, dom.Order = deadlock, order
					o := c.o
					o.Store = dedup.NewTrie()
					r := c.f(context.Background(), dom, o)
					if (r.Status == search.Solved) != (dec.Verdict == Solvable) {
						t.Fatalf("seed %d %s deadlock=%v: %v, decider %v", seed, c.name, deadlock, r.Status, dec.Verdict)
					}
					if r.Status != search.Solved {
						continue
					}
					if ok, _ := Replay(d, toMoves(r.Path)); !ok {
						t.Fatalf("seed %d %s: path does not win", seed, c.name)
					}
					if c.opt && r.Cost != bfs.Cost {
						t.Errorf("seed %d %s: cost %d, optimum %d", seed, c.name, r.Cost, bfs.Cost)
					}
				}
			}
		}
		if bfs.Status == search.Solved {
			g, _ := NewGame(d)
			if g.Misplaced() > bfs.Cost {
				t.Errorf("seed %d: bound %d above the optimum %d", seed, g.Misplaced(), bfs.Cost)
			}
		}
	}
}

func toMoves(p []search.Move) []Move {
	out := make([]Move, len(p))
	for i, m := range p {
		out[i] = Move(m)
	}
	return out
}

func TestDecideLimits(t *testing.T) {
	d := Generate(8, 1)
	dec, err := Decide(context.Background(), d, DecideOptions{Workers: 1, Limits: search.Limits{MaxNodes: 10}})
	if err != nil || dec.Verdict != Unknown || dec.Generated != 10 || dec.Err != search.ErrNodeLimit || dec.Status != search.NodeLimit {
		t.Errorf("node limit: %v %d %v %v", dec.Verdict, dec.Generated, dec.Err, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	dec, _ = Decide(ctx, Generate(9, 5), DecideOptions{Workers: 1})
	if dec.Verdict == Unknown && dec.Err != context.Canceled {
		t.Errorf("cancelled: %v %v", dec.Verdict, dec.Err)
	}
}

func TestNotation(t *testing.T) {
	d := mustParse(t, "H4 H2 H3 HA\nDA D2 D3 D4\nSA S2 S3 S4\nCA C2 C3 C4\n")
	pairs, cards, err := Notation(d, []Move{NewMove(3, 0)})
	if err != nil || !slices.Equal(pairs, []string{"(HA, H4)"}) || !slices.Equal(cards, []string{"HA"}) {
		t.Errorf("Notation: %v %v %v", pairs, cards, err)
	}
	if _, _, err := Notation(d, []Move{NewMove(5, 0)}); err == nil {
		t.Errorf("an illegal move was accepted")
	}
}

// TestKeptAgainstAssignments checks Kept against the plain maximum over the
// 24 assignments of suits to rows on random kept tables.
func TestKeptAgainstAssignments(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	g := &Game{}
	for i := 0; i < 20000; i++ {
		for row := range Rows {
			for s := range Rows {
				g.kept[row][s] = int8(r.IntN(13))
			}
		}
		want := 0
		for _, p := range perms {
			want = max(want, int(g.kept[0][p[0]])+int(g.kept[1][p[1]])+int(g.kept[2][p[2]])+int(g.kept[3][p[3]]))
		}
		if got := g.Kept(); got != want {
			t.Fatalf("kept %v: Kept %d, want %d", g.kept, got, want)
		}
	}
}
