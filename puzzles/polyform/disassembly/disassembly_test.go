package disassembly

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/branchwise/branchwise/puzzles/polyform"
)

type C = polyform.Cell

// cells turns coordinate triples into pieces.
func cells(pieces [][][3]int) [][]C {
	out := make([][]C, len(pieces))
	for i, p := range pieces {
		out[i] = []C{}
		for _, v := range p {
			out[i] = append(out[i], C{X: v[0], Y: v[1], Z: v[2]})
		}
	}
	return out
}

func TestLevels(t *testing.T) {
	tests := []struct {
		name   string
		pieces [][][3]int
		level  string // "" if it does not come apart
	}{
		{"two cubes", [][][3]int{{{0, 0, 0}}, {{1, 0, 0}}}, "1"},
		// A hook around a post: the post must first slide along the hook's
		// slot, which is closed at one end, before it leaves upwards.
		{"hook", [][][3]int{
			{{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {0, 1, 0}, {2, 1, 0}, {0, 2, 0}, {1, 2, 0}, {2, 2, 0}}, // a ring in the z=0 plane
			{{1, 1, 0}, {1, 1, 1}, {1, 1, -1}}, // a post through it, along z
		}, "1"},
		// A ring with a post that has a knob on each side: locked.
		{"locked", [][][3]int{
			{{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {0, 1, 0}, {2, 1, 0}, {0, 2, 0}, {1, 2, 0}, {2, 2, 0}},
			{{1, 1, 0}, {1, 1, 1}, {1, 1, -1}, {2, 1, 1}, {0, 1, -1}},
		}, ""},
		// An L in a U-shaped slot: slide it one unit sideways, then out.
		{"slot", [][][3]int{
			{{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {0, 1, 0}, {2, 1, 0}}, // a U: base y=0, arms up at x=0 and x=2, open at y=2
			{{1, 1, 0}, {1, 1, 1}, {2, 1, 1}},                       // in the U's gap, with an arm over the right post
		}, "1"},
	}
	for _, tc := range tests {
		pieces := cells(tc.pieces)
		d, err := New(pieces)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		sep, err := d.Disassemble(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		got := ""
		if sep != nil {
			got = sep.LevelText()
			if err := Replay(pieces, nil, sep); err != nil {
				t.Errorf("%s: replay: %v", tc.name, err)
			}
		}
		if got != tc.level {
			t.Errorf("%s: level %q, want %q", tc.name, got, tc.level)
		}
	}
}

func TestNewErrors(t *testing.T) {
	if _, err := New(cells([][][3]int{{{0, 0, 0}}, {{0, 0, 0}}})); err == nil {
		t.Error("overlap accepted")
	}
	if _, err := New(cells([][][3]int{{}, {{0, 0, 0}}})); err == nil {
		t.Error("empty piece accepted")
	}
	if _, err := New(cells([][][3]int{{{0, 0, 1 << 20}}, {{0, 0, 0}}})); err == nil {
		t.Error("far voxel accepted")
	}
}

// randomAssembly cuts a w x h x l box into n connected pieces grown from
// random cells: non-convex pieces that often interlock.
func randomAssembly(r *rand.Rand, w, h, l, n int) [][]C {
	owner := map[C]int{}
	var pieces [][]C
	var cells []C
	for x := range w {
		for y := range h {
			for z := range l {
				cells = append(cells, C{X: x, Y: y, Z: z})
			}
		}
	}
	r.Shuffle(len(cells), func(i, j int) { cells[i], cells[j] = cells[j], cells[i] })
	for i := range n {
		owner[cells[i]] = i
		pieces = append(pieces, []C{cells[i]})
	}
	for len(owner) < len(cells) {
		p := r.IntN(n)
		c := pieces[p][r.IntN(len(pieces[p]))]
		e := Dir(r.IntN(6)).step(c, 1)
		if _, taken := owner[e]; taken || e.X < 0 || e.Y < 0 || e.Z < 0 || e.X >= w || e.Y >= h || e.Z >= l {
			continue
		}
		owner[e] = p
		pieces[p] = append(pieces[p], e)
	}
	return pieces
}

// caged shifts the pieces into a 5 x 5 x 5 box whose top is open over
// x >= 2: its walls, floor and half lid become a piece of their own, the
// first, under which the others must slide before they leave.
func caged(pieces [][]C) [][]C {
	var cage []C
	for x := range 5 {
		for y := range 5 {
			for z := range 5 {
				if x == 0 || y == 0 || z == 0 || x == 4 || y == 4 || z == 4 && x < 2 {
					cage = append(cage, C{X: x, Y: y, Z: z})
				}
			}
		}
	}
	out := [][]C{cage}
	for _, p := range pieces {
		q := make([]C, len(p))
		for i, c := range p {
			q[i] = C{X: c.X + 1, Y: c.Y + 1, Z: c.Z + 1}
		}
		out = append(out, q)
	}
	return out
}

// bruteLevel is the depth of the first separation by an independent
// breadth-first search: every nonempty proper subset of the pieces, slid
// unit by unit in each direction as far as it goes (a removal when it
// clears the others); -1 if no position lets a group out.
func bruteLevel(pieces [][]C, maxDepth int) int {
	n := len(pieces)
	type state [][3]int
	key := func(s state) string {
		b := []byte{}
		for _, o := range s {
			for a := range 3 {
				b = append(b, byte(o[a]-s[0][a]+128))
			}
		}
		return string(b)
	}
	start := make(state, n)
	seen := map[string]bool{key(start): true}
	front := []state{start}
	for depth := 1; depth <= maxDepth && len(front) > 0; depth++ {
		var next []state
		for _, s := range front {
			for set := 1; set < 1<<n-1; set++ {
				for dir := range Dir(6) {
					occ := map[C]bool{}
					for i, p := range pieces {
						if set&(1<<i) == 0 {
							for _, c := range p {
								occ[C{X: c.X + s[i][0], Y: c.Y + s[i][1], Z: c.Z + s[i][2]}] = true
							}
						}
					}
					for amount := 1; ; amount++ {
						hit := false
						for i, p := range pieces {
							if set&(1<<i) == 0 {
								continue
							}
							for _, c := range p {
								if occ[dir.step(C{X: c.X + s[i][0], Y: c.Y + s[i][1], Z: c.Z + s[i][2]}, amount)] {
									hit = true
								}
							}
						}
						if hit {
							break
						}
						if amount > 40 { // beyond every other piece: a removal
							return depth
						}
						t := slices.Clone(s)
						for i := range n {
							if set&(1<<i) != 0 {
								t[i][dir.axis()] += amount * dir.sign()
							}
						}
						if k := key(t); !seen[k] {
							seen[k] = true
							next = append(next, t)
						}
					}
				}
			}
		}
		front = next
	}
	return -1
}

// TestRandomAssemblies takes apart random assemblies: every separation
// found replays, its first level is the shortest of an independent
// search, and its moves in another order are refused.
func TestRandomAssemblies(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	found := map[int]int{}
	for range 300 {
		pieces := caged(randomAssembly(r, 3, 3, 3, 5+r.IntN(2))[2:]) // two pieces less: room to move
		d, err := New(pieces)
		if err != nil {
			t.Fatal(err)
		}
		sep, err := d.Disassemble(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		brute := bruteLevel(pieces, 12)
		if sep == nil {
			// BurrTools' rule: none, or the first separation leaves a part
			// that does not come apart; only found levels are compared.
			found[0]++
			continue
		}
		found[sep.Level()]++
		if sep.Level() != brute {
			t.Errorf("%v: level %d, independent search %d", pieces, sep.Level(), brute)
		}
		if err := Replay(pieces, nil, sep); err != nil {
			t.Fatalf("%v: replay: %v", pieces, err)
		}
		if len(sep.Moves) < 2 {
			continue
		}
		// The removal first: it would have been found at level 1.
		bad := *sep
		bad.Moves = append([]Move{sep.Moves[len(sep.Moves)-1]}, sep.Moves[:len(sep.Moves)-1]...)
		if Replay(pieces, nil, &bad) == nil {
			t.Errorf("%v: the moves with the removal first replay", pieces)
		}
		// Any order whose last move is not the removal, as a removal.
		for range 5 {
			moves := slices.Clone(sep.Moves)
			r.Shuffle(len(moves), func(i, j int) { moves[i], moves[j] = moves[j], moves[i] })
			if moves[len(moves)-1].Away {
				continue
			}
			for i := range moves {
				moves[i].Away = i == len(moves)-1
			}
			bad.Moves = moves
			if Replay(pieces, nil, &bad) == nil {
				t.Errorf("%v: shuffled moves %v replay", pieces, moves)
			}
		}
	}
	t.Logf("solutions per first level (0: none): %v", found)
	if found[2]+found[3]+found[4] == 0 {
		t.Error("no assembly needed more than one move: the test does not test much")
	}
}
