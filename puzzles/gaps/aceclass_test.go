package gaps

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/branchwise/branchwise/internal/longtest"
	"github.com/branchwise/branchwise/search"
)

// shuffleClosure returns the row-sorted keys of the positions that ace
// moves between left-edge cells reach from g (g included), by brute force.
func shuffleClosure(g *Game) map[string]bool {
	seen := map[string]bool{}
	h := &Game{k: g.k}
	queue := [][]byte{g.AppendKey(nil)}
	for len(queue) > 0 {
		key := queue[0]
		queue = queue[1:]
		h.SetKey(key)
		ck := string(h.AppendCanonicalKey(nil))
		if seen[ck] {
			continue
		}
		seen[ck] = true
		for _, m := range h.Moves(nil) {
			if m.From()%g.k == 0 && m.To()%g.k == 0 {
				h.Apply(m)
				queue = append(queue, h.AppendKey(nil))
				h.Undo(m)
			}
		}
	}
	return seen
}

// TestAceClassKeys checks AppendClassKey on every position reachable from
// small deals: the positions sharing a class key are exactly those that
// ace moves between left-edge cells (and row permutations) reach from any
// of them; they are all winnable or all lost; and a class key decodes to a
// member.
func TestAceClassKeys(t *testing.T) {
	deals := []Deal{Generate(4, 1), Generate(4, 2), Generate(4, 3), Generate(5, 1)}
	if longtest.Short() {
		deals = deals[:1]
	}
	var positions, classes int
	for _, d := range deals {
		g, err := NewGame(d)
		if err != nil {
			t.Fatal(err)
		}
		dist := winDistances(g)
		h := &Game{k: d.Cols}
		group := map[string]map[string]bool{} // class key -> canonical keys
		won := map[string]bool{}              // class key -> winnable
		for key, n := range dist {
			h.SetKey([]byte(key))
			ck := string(h.AppendClassKey(nil))
			if group[ck] == nil {
				group[ck] = map[string]bool{}
				won[ck] = n >= 0
			} else if won[ck] != (n >= 0) {
				t.Fatalf("%d columns: a class with winnable and lost members:\n%v", d.Cols, h)
			}
			group[ck][string(h.AppendCanonicalKey(nil))] = true
			positions++
		}
		for ck, members := range group {
			h.setClassKey([]byte(ck))
			if got := string(h.AppendClassKey(nil)); got != ck {
				t.Fatalf("%d columns: a class key decodes to a position of another class:\n%v", d.Cols, h)
			}
			cl := shuffleClosure(h)
			if len(cl) != len(members) {
				t.Fatalf("%d columns: %d positions share a class key, ace moves reach %d of\n%v", d.Cols, len(members), len(cl), h)
			}
			for m := range cl {
				if !members[m] {
					t.Fatalf("%d columns: ace moves reach a position of another class from\n%v", d.Cols, h)
				}
			}
		}
		classes += len(group)
	}
	t.Logf("%d positions (row order aside), %d ace classes", positions, classes)
}

// reference returns the deal of k columns and seed and the exhaustive
// decider's decision on it (decide: Berliner et al.'s deadlock test, no
// reachability sets, stubborn sets or classes).
func reference(t *testing.T, k int, seed uint64) (Deal, Decision) {
	t.Helper()
	d := Generate(k, seed)
	ref, err := Decide(context.Background(), d, DecideOptions{Workers: 1, Deadlock: true})
	if err != nil {
		t.Fatal(err)
	}
	return d, ref
}

// decideAs decides deal d (of seed) with o and fails the test unless the
// verdict is ref's and a solution replays to a win.
func decideAs(t *testing.T, d Deal, seed uint64, ref Decision, o DecideOptions) Decision {
	t.Helper()
	dec, err := Decide(context.Background(), d, o)
	if err != nil {
		t.Fatal(err)
	}
	if dec.Verdict != ref.Verdict {
		t.Fatalf("4 x %d seed %d %+v: %v, the decider %v", d.Cols, seed, o, dec.Verdict, ref.Verdict)
	}
	if dec.Verdict == Solvable {
		if ok, err := Replay(d, dec.Path); !ok {
			t.Fatalf("4 x %d seed %d %+v: the solution does not replay (%v)", d.Cols, seed, o, err)
		}
	}
	return dec
}

// TestDecideAces: the deciders on ace classes give the verdicts of the
// exhaustive decider on 150 deals each of 4..6 columns (with
// GAPS_ACES_LONG, 400 each), best-first and depth-first, every
// solution replays, and a best-first proof stores no more classes than the
// decider positions. With -short (the race detector's run) only the
// decider on two workers is compared with the reference; the one-worker
// deciders are checked by the main test run.
func TestDecideAces(t *testing.T) {
	n, hi := uint64(150), 6
	if longtest.Short() {
		n = 30
	}
	if os.Getenv("GAPS_ACES_LONG") != "" {
		n = 400
	}
	opts := []DecideOptions{
		{Deadlock: true, Aces: true, Workers: 1},
		{Reach: true, Aces: true, Workers: 1},
		{Reach: true, Aces: true, DepthFirst: true, Workers: 1},
		{Reach: true, Forced: true, Aces: true, Workers: 1},
		{Reach: true, Forced: true, Aces: true, DepthFirst: true, Workers: 1},
		{Reach: true, Forced: true, Stubborn: true, Aces: true, DepthFirst: true, Workers: 1},
		{Deadlock: true, Aces: true, Workers: 2},
	}
	for k := 4; k <= hi; k++ {
		var verdicts [3]int
		var stored, storedAces int
		for seed := uint64(1); seed <= n; seed++ {
			d, ref := reference(t, k, seed)
			verdicts[ref.Verdict]++
			for i, o := range opts {
				if testing.Short() && o.Workers < 2 {
					continue
				}
				dec := decideAs(t, d, seed, ref, o)
				if i == 0 && ref.Verdict == Unsolvable {
					stored += ref.Stored
					storedAces += dec.Stored
					if dec.Stored > ref.Stored {
						t.Errorf("4 x %d seed %d: %d classes stored, %d positions without", k, seed, dec.Stored, ref.Stored)
					}
				}
			}
		}
		t.Logf("4 x %d: %d solvable, %d unsolvable; the proofs stored %d positions, %d ace classes", k, verdicts[Solvable], verdicts[Unsolvable], stored, storedAces)
	}
	for _, o := range []DecideOptions{{Stubborn: true, Reach: true, Forced: true, Aces: true}, {Suits: true, Aces: true}, {Plain: true, Aces: true}} {
		if _, err := Decide(context.Background(), Generate(4, 1), o); err == nil {
			t.Errorf("%+v: no error", o)
		}
	}
}

// classDistances returns, for every position reachable from g (exact
// keys), the fewest moves other than ace moves between left-edge cells
// to a won position, -1 when it has none: distances in the graph of ace
// classes (a 0-1 breadth-first search backwards from the won positions).
func classDistances(g *Game) map[string]int {
	dist := winDistances(g) // for the reachable set
	keys := make([]string, 0, len(dist))
	idx := map[string]int{}
	for key := range dist {
		idx[key] = len(keys)
		keys = append(keys, key)
	}
	type edge struct{ from, w int }
	pred := make([][]edge, len(keys))
	var deque []int
	d := make([]int, len(keys))
	h := &Game{k: g.k}
	for i, key := range keys {
		d[i] = -1
		h.SetKey([]byte(key))
		if h.Won() {
			d[i] = 0
			deque = append(deque, i)
		}
		for _, m := range h.Moves(nil) {
			w := 1
			if m.From()%g.k == 0 && m.To()%g.k == 0 {
				w = 0
			}
			h.Apply(m)
			j := idx[string(h.AppendKey(nil))]
			pred[j] = append(pred[j], edge{i, w})
			h.Undo(m)
		}
	}
	// Dijkstra on weights 0 and 1, level by level: a 0 edge keeps its
	// source in the level being done, a 1 edge puts it in the next.
	done := make([]bool, len(keys))
	for level := 0; len(deque) > 0; level++ {
		var next []int
		for len(deque) > 0 {
			i := deque[len(deque)-1]
			deque = deque[:len(deque)-1]
			if done[i] || d[i] != level {
				continue
			}
			done[i] = true
			for _, e := range pred[i] {
				if nd := level + e.w; d[e.from] < 0 || nd < d[e.from] {
					d[e.from] = nd
					if e.w == 0 {
						deque = append(deque, e.from)
					} else {
						next = append(next, e.from)
					}
				}
			}
		}
		deque = next
	}
	out := make(map[string]int, len(keys))
	for i, key := range keys {
		out[key] = d[i]
	}
	return out
}

// TestAceClassMovesSound checks the class search's moves on every position
// reachable from small deals, with each reduction: a position whose class
// has a win D moves away (moves between left-edge aces not counted) has a
// move to a position of a class D-1 away, and the lost-position tests cut
// no class with a win.
func TestAceClassMovesSound(t *testing.T) {
	skipSequential(t)
	deals := []Deal{Generate(4, 1), Generate(4, 2), Generate(4, 3), Generate(4, 4), Generate(4, 5), Generate(5, 1)}
	if longtest.Short() {
		deals = deals[:2]
	}
	doms := []Domain{
		{Aces: true},
		{Aces: true, Reach: true, Forced: true},
		{Aces: true, Reach: true, Forced: true, Stubborn: true},
	}
	checked := 0
	for _, d := range deals {
		g, err := NewGame(d)
		if err != nil {
			t.Fatal(err)
		}
		dist := classDistances(g)
		for _, dom := range doms {
			h := &Game{k: d.Cols}
			dom.G = h
			for key, n := range dist {
				if n <= 0 {
					continue
				}
				dom.SetKey([]byte(key))
				ok := false
				for _, m := range dom.Moves(nil) {
					dom.Apply(m)
					ok = ok || dist[string(h.AppendKey(nil))] == n-1
					dom.Undo(m)
					if string(h.AppendKey(nil)) != key {
						t.Fatalf("%d columns: Undo of %x does not restore\n%v", d.Cols, m, h)
					}
				}
				if !ok {
					dom.SetKey([]byte(key))
					t.Fatalf("%d columns %+v: no move towards the win %d class moves away from\n%v", d.Cols, dom, n, h)
				}
				checked++
			}
		}
	}
	t.Logf("%d positions with a win checked", checked)
}

// TestAcesNames: which algorithm and decider names take +aces and +lazy.
func TestAcesNames(t *testing.T) {
	for _, tc := range []struct {
		name string
		ok   bool
	}{
		{"decide+aces", true},
		{"decide-reach+aces", true},
		{"decide-stubborn-dfs+aces", true},
		{"decide-stubborn+aces", false}, // best-first stubborn sets cannot replay through classes
		{"astar+aces", false},
		{"decide,decide-stubborn-dfs+aces", true},
		{"decide-stubborn-dfs+aces+lazy", true},
		{"decide,decide-stubborn-dfs+aces+lazy", true},
		{"decide-stubborn-dfs+lazy", false}, // lazy orders are orders of ace classes
		{"decide+aces+lazy", false},         // and depth-first only
	} {
		if err := CheckAlgorithm(tc.name); (err == nil) != tc.ok {
			t.Errorf("CheckAlgorithm(%q) = %v", tc.name, err)
		}
		o := SurveySizes{ToColumns: 5, SurveyOptions: SurveyOptions{Columns: 5, Deals: 1, Decider: tc.name,
			Solve: SolveOptions{Workers: 1, Store: "hash", Limits: search.Limits{MaxCPU: time.Second}}}}
		if tc.name == "astar+aces" {
			continue // not a decider at all
		}
		if err := o.Check(); (err == nil) != tc.ok {
			t.Errorf("survey --decider %q: %v", tc.name, err)
		}
	}
}
