package search_test

import (
	"context"
	"encoding/binary"
	"fmt"

	"github.com/branchwise/branchwise/search"
)

// doubling is a search.Domain written from scratch: from 1, reach a target
// number by the moves "add one" and "double". The current state is one
// number; Undo needs no memory because both moves can be reversed.
type doubling struct {
	n, target uint64
}

const (
	addOne search.Move = iota
	double
)

func (d *doubling) Moves(buf []search.Move) []search.Move {
	if d.n >= d.target {
		return buf // never past the target: both moves only grow
	}
	buf = append(buf, addOne)
	if 2*d.n <= d.target {
		buf = append(buf, double)
	}
	return buf
}

func (d *doubling) Apply(m search.Move) int {
	if m == double {
		d.n *= 2
	} else {
		d.n++
	}
	return 1 // every move costs one
}

func (d *doubling) Undo(m search.Move) {
	if m == double {
		d.n /= 2
	} else {
		d.n--
	}
}

// Heuristic: doubling at most reaches the target in log2(target/n) moves,
// a lower bound on the moves left (admissible).
func (d *doubling) Heuristic() int {
	h := 0
	for x := d.n; x < d.target; x *= 2 {
		h++
	}
	return h
}

func (d *doubling) IsGoal() bool                { return d.n == d.target }
func (d *doubling) AppendKey(dst []byte) []byte { return binary.AppendUvarint(dst, d.n) }
func (d *doubling) SetKey(key []byte)           { d.n, _ = binary.Uvarint(key) }

// A search.Domain written inside the example, as container/heap's
// priority-queue example writes its heap: any type with these seven
// methods can be searched by every engine of the package. Third-party
// engines and domains can check themselves with package searchtest.
// The fewest moves are as many doublings as binary digits after the
// first, and as many additions as ones after the first: 5 + 2 for 37
// (100101), 9 + 5 for 1000 (1111101000).
func Example_domain() {
	for _, target := range []uint64{37, 1000} {
		d := &doubling{n: 1, target: target}
		r := search.AStar(context.Background(), d, search.Options{})
		var moves []string
		for _, m := range r.Path {
			moves = append(moves, [...]string{"+1", "x2"}[m])
		}
		fmt.Println(target, r.Status, r.Cost, moves)
	}
	// Output:
	// 37 solved 7 [+1 x2 x2 +1 x2 x2 +1]
	// 1000 solved 14 [+1 +1 x2 +1 x2 +1 x2 +1 x2 x2 +1 x2 x2 x2]
}
