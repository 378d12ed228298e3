package rubik

// Rubik's Cube for package branching: its node-type graph under Edelkamp
// and Korf's rules (1998), and its duplicate move strings (Taylor and Korf
// 1993) learned into a branching.Automaton over the 18 face turns, the move
// filter of a depth-first search on an Unpruned Domain.

import (
	"context"
	"fmt"

	"github.com/branchwise/branchwise/branching"
	"github.com/branchwise/branchwise/search"
)

// Moves is the number of face turns: the alphabet of the automata.
const Moves = 18

// TypeGraph returns the type graph of Rubik's Cube with the 18 face turns,
// never the same face twice in a row, and opposite faces turned in one
// fixed order (MayFollow). A type is the last face turned.
func TypeGraph() *branching.Graph {
	children := func(last int) []int {
		var out []int
		for f := range 6 {
			if MayFollow(last, f) {
				out = append(out, f, f, f)
			}
		}
		return out
	}
	name := func(last int) string {
		if last < 0 {
			return "start"
		}
		return Faces[last : last+1]
	}
	return branching.Explore(-1, children, name)
}

// LearnFSM learns the duplicate move strings of Rubik's Cube up to length
// maxLen: a string is forbidden when an earlier one (shorter, or of the same
// length and earlier in move order) turns the solved cube into the same
// cube; every turn is legal everywhere. Length 2 finds Edelkamp and Korf's
// rules: the same face twice, and the turns of D, L, B followed by U, R, F.
// A limit of lim or ctx stops it with the automaton of the strings learned
// so far and the limit's error (see branching.LearnAutomaton).
func LearnFSM(ctx context.Context, maxLen int, lim search.Limits) (*branching.Automaton, error) {
	if maxLen < 1 || maxLen > branching.MaxLearnLen {
		return nil, fmt.Errorf("rubik: FSM learning length %d: want 1 to %d", maxLen, branching.MaxLearnLen)
	}
	return branching.LearnAutomaton(ctx, branching.Learner{
		Alphabet: Moves,
		MaxLen:   maxLen,
		Effect: func(dst, seq []byte) []byte {
			c := Solved()
			for _, m := range seq {
				c = c.Turn(int(m))
			}
			return c.appendKey(dst)
		},
	}, lim)
}

// TypeGraphFSM returns the type graph of Rubik's Cube searched with a as the
// move filter over all 18 turns: a type is the automaton's state.
func TypeGraphFSM(ctx context.Context, a *branching.Automaton, lim search.Limits) (*branching.Graph, error) {
	if a.Alphabet() != Moves {
		return nil, fmt.Errorf("rubik: an automaton over %d moves, want %d", a.Alphabet(), Moves)
	}
	children := func(s int32) []int32 {
		var out []int32
		for m := range Moves {
			if n := a.Step(s, search.Move(m)); n >= 0 {
				out = append(out, n)
			}
		}
		return out
	}
	name := func(s int32) string { return fmt.Sprintf("s%d", s) }
	return branching.ExploreContext(ctx, lim, int32(0), children, name)
}
