package branching

import (
	"fmt"

	"github.com/branchwise/branchwise/search"
)

// Automaton is a move filter over an alphabet of any size (Taylor and Korf
// 1993): the Aho-Corasick automaton of a set of forbidden move strings,
// which rejects every move sequence containing one of them. Moves are the
// numbers 0..Alphabet()-1 (search.Move), a forbidden string one byte per
// move. It implements search.Automaton; state 0 is the start.
type Automaton struct {
	alphabet int
	// next[alphabet*s+m] is the state after move m from state s, or -1 when
	// the move completes a forbidden string.
	next []int32
	// Forbidden are the forbidden move strings, one byte per move, in the
	// order they were given (learned).
	Forbidden []string
	// Length is the length up to which every string was examined when the
	// automaton was learned (see LearnAutomaton); 0 when it was compiled
	// from a given list.
	Length int
}

// MaxAlphabet is the largest alphabet: a move is one byte of a forbidden
// string.
const MaxAlphabet = 256

// Spec names the automaton in a run's spec (spec.Specer): its forbidden
// strings, which make it.
func (a *Automaton) Spec() string {
	return fmt.Sprintf("fsm of %d moves, learned to length %d: %q", a.alphabet, a.Length, a.Forbidden)
}

// States returns the number of states of the automaton.
func (a *Automaton) States() int { return len(a.next) / a.alphabet }

// Alphabet returns the number of moves.
func (a *Automaton) Alphabet() int { return a.alphabet }

// Step implements search.Automaton.
func (a *Automaton) Step(s int32, m search.Move) int32 { return a.next[a.alphabet*int(s)+int(m)] }

var _ search.Automaton = (*Automaton)(nil)

// CompileAutomaton builds the automaton of the forbidden strings over moves
// 0..alphabet-1: trie states, failure links by breadth-first search, and a
// full transition table in which a move that completes a forbidden string
// (at a state or any of its suffixes) leads to -1; states inside forbidden
// strings are dropped. Cost: O(alphabet x total length of the strings).
func CompileAutomaton(alphabet int, forbidden []string) (*Automaton, error) {
	if alphabet < 1 || alphabet > MaxAlphabet {
		return nil, fmt.Errorf("branching: alphabet of %d moves: want 1 to %d", alphabet, MaxAlphabet)
	}
	A := alphabet
	// child[A*s+m] is the trie child, then the full transition.
	child := make([]int32, A)
	for i := range child {
		child[i] = -1
	}
	fail := []int32{0}
	bad := []bool{false}
	for _, f := range forbidden {
		if f == "" {
			return nil, fmt.Errorf("branching: an empty forbidden string forbids everything")
		}
		s := int32(0)
		for i := 0; i < len(f); i++ {
			m := int(f[i])
			if m >= A {
				return nil, fmt.Errorf("branching: forbidden string %q: move %d outside the alphabet of %d", f, m, A)
			}
			if child[A*int(s)+m] < 0 {
				n := int32(len(fail))
				fail, bad = append(fail, 0), append(bad, false)
				for range A {
					child = append(child, -1)
				}
				child[A*int(s)+m] = n
			}
			s = child[A*int(s)+m]
		}
		bad[s] = true
	}
	// Failure links and full transitions, breadth-first.
	var queue []int32
	for m := range A {
		if c := child[m]; c >= 0 {
			fail[c] = 0
			queue = append(queue, c)
		} else {
			child[m] = 0
		}
	}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		if bad[fail[s]] {
			bad[s] = true
		}
		for m := range A {
			c := child[A*int(s)+m]
			f := child[A*int(fail[s])+m]
			if c >= 0 {
				fail[c] = f
				queue = append(queue, c)
			} else {
				child[A*int(s)+m] = f
			}
		}
	}
	// Renumber the good states, the start first.
	id := make([]int32, len(fail))
	n := int32(0)
	for i := range fail {
		id[i] = -1
		if !bad[i] {
			id[i] = n
			n++
		}
	}
	a := &Automaton{alphabet: A, next: make([]int32, A*int(n)), Forbidden: forbidden}
	for i := range fail {
		if bad[i] {
			continue
		}
		for m := range A {
			a.next[A*int(id[i])+m] = id[child[A*i+m]]
		}
	}
	return a, nil
}
