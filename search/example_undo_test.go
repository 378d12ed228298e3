package search_test

import (
	"context"
	"encoding/binary"
	"fmt"

	"github.com/branchwise/branchwise/search"
)

// halving is a domain with a move that cannot be reversed from the move
// alone: from n, reach a target by "halve, rounding down" and "subtract
// one". Halving 7 and halving 6 both give 3, so Undo(halve) cannot know
// which number to go back to. The domain keeps its own history: Apply
// pushes the number it is about to change, Undo pops it. The engines call
// Undo for the last move applied and in reverse order (a stack), and the
// history grows to the deepest path once and is then reused, so the
// search still allocates nothing per node.
type halving struct {
	n, target uint64
	history   []uint64 // the numbers before each move on the current path
}

const (
	halve search.Move = iota
	minusOne
)

func (h *halving) Moves(buf []search.Move) []search.Move {
	if h.n <= h.target {
		return buf // never below the target: both moves only shrink
	}
	if h.n/2 >= h.target {
		buf = append(buf, halve)
	}
	return append(buf, minusOne)
}

func (h *halving) Apply(m search.Move) int {
	h.history = append(h.history, h.n)
	if m == halve {
		h.n /= 2
	} else {
		h.n--
	}
	return 1
}

// Undo restores the number from before the last move: the move itself
// (m) is not enough to compute it.
func (h *halving) Undo(m search.Move) {
	last := len(h.history) - 1
	h.n, h.history = h.history[last], h.history[:last]
}

// Heuristic: halving at best, a lower bound on the moves left.
func (h *halving) Heuristic() int {
	k := 0
	for x := h.n; x > h.target; x /= 2 {
		k++
	}
	return k
}

func (h *halving) IsGoal() bool                { return h.n == h.target }
func (h *halving) AppendKey(dst []byte) []byte { return binary.AppendUvarint(dst, h.n) }

// SetKey makes a stored state current (best-first searches): it has no
// path behind it, so the history starts again.
func (h *halving) SetKey(key []byte) {
	h.n, _ = binary.Uvarint(key)
	h.history = h.history[:0]
}

// A puzzle whose moves lose information (a halving that rounds down, a
// merge of tiles, a card that leaves the table) keeps what Undo needs in
// its own history, pushed by Apply and popped by Undo. Depth-first (IDA*)
// and best-first (A*) searches find the same shortest path, and after the
// depth-first search every move has been undone: the number is 1000 again.
func ExampleDomain_irreversibleMoves() {
	h := &halving{n: 1000, target: 6}
	r := search.IDAStar(context.Background(), h, search.Options{})
	fmt.Println("IDA*", r.Status, r.Cost, path(r.Path), "then at", h.n)
	r = search.AStar(context.Background(), &halving{n: 1000, target: 6}, search.Options{})
	fmt.Println("A*  ", r.Status, r.Cost, path(r.Path))
	// Output:
	// IDA* solved 8 [/2 /2 /2 /2 /2 /2 /2 -1] then at 1000
	// A*   solved 8 [/2 /2 /2 /2 /2 /2 /2 -1]
}

func path(ms []search.Move) []string {
	var out []string
	for _, m := range ms {
		out = append(out, [...]string{"/2", "-1"}[m])
	}
	return out
}
