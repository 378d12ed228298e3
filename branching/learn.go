package branching

import (
	"context"
	"fmt"

	"github.com/branchwise/branchwise/search"
)

// Learning duplicate move strings (Taylor and Korf 1993).
//
// Move strings are examined breadth-first, shortest first and in the order
// of the moves within a length, each extending a string that no forbidden
// string ends. A string is forbidden when an earlier string had the same
// effect (Learner.Effect) and is legal wherever the later one is
// (Learner.Covers). Every path that contains a forbidden string can then be
// replaced by one that is no longer, earlier in that order, and legal: so a
// depth-first search pruned by the automaton of any set of learned strings
// stays complete, and IDA* optimal. That is also why a learning stopped by a
// limit still gives a valid automaton: the strings found so far.
//
// Costs: one Effect call per string examined, about alphabet x (the strings
// kept at the previous length); memory: the first string of every effect
// seen and the strings kept at the current length, counted for the memory
// limit at learnEntryBytes each besides their bytes.

// Learner is what LearnAutomaton needs of a puzzle.
type Learner struct {
	// Alphabet is the number of moves (1..MaxAlphabet); move m is the byte m
	// of a string.
	Alphabet int
	// MaxLen is the longest string examined (1..MaxLearnLen).
	MaxLen int
	// Effect appends to dst a key of what the move string seq does: two
	// strings with the same key lead from any state where both are legal
	// to the same state.
	Effect func(dst, seq []byte) []byte
	// Covers reports whether old, the first string seen with the same
	// effect as seq, is legal wherever seq is; nil means that every string
	// is legal everywhere (as on Rubik's Cube).
	Covers func(old string, seq []byte) bool
}

// MaxLearnLen is the longest string a Learner may examine: the number of
// strings grows about as the branching factor to this power, far past any
// memory at this length already for the sliding-tile puzzles.
const MaxLearnLen = 24

// learnCheckEvery is how many strings pass between checks of the context
// and the memory: well under a millisecond of work.
const learnCheckEvery = 1 << 12

// learnEntryBytes is the overhead of a stored string or effect besides its
// bytes: a map slot of two string headers at the map's load factor of 7/8,
// its control byte, and slack for the map's growth.
const learnEntryBytes = 64

// allocBytes is the heap taken by an allocation of n bytes: Go's small size
// classes are multiples of 16 bytes up to 256.
func allocBytes(n int) int64 { return int64(n+15) &^ 15 }

// LearnAutomaton learns the duplicate move strings of l up to length
// l.MaxLen and compiles them into an automaton. A limit of lim or the
// context stops it with the limit's error (search.ErrNodeLimit,
// search.ErrMemLimit, search.ErrCPULimit or the context's); MaxNodes
// counts the strings examined, MaxMem the bytes of the tables and the automaton of the strings
// learned so far, which is valid (Automaton.Length says up to which length
// it is complete).
func LearnAutomaton(ctx context.Context, l Learner, lim search.Limits) (*Automaton, error) {
	if l.Alphabet < 1 || l.Alphabet > MaxAlphabet {
		return nil, fmt.Errorf("branching: alphabet of %d moves: want 1 to %d", l.Alphabet, MaxAlphabet)
	}
	if l.MaxLen < 1 || l.MaxLen > MaxLearnLen {
		return nil, fmt.Errorf("branching: learning length %d: want 1 to %d", l.MaxLen, MaxLearnLen)
	}
	if l.Effect == nil {
		return nil, fmt.Errorf("branching: a Learner needs an Effect")
	}
	ctx, cancel := lim.Context(ctx)
	defer cancel()
	seen := map[string]string{}
	key := l.Effect(nil, nil)
	seen[string(key)] = ""
	forbidden := map[string]bool{}
	var order []string
	level := []string{""}
	var nodes, bytes int64
	done := 0
	buf := make([]byte, 0, l.MaxLen)
	stop := func(err error) (*Automaton, error) {
		a, cerr := CompileAutomaton(l.Alphabet, order)
		if cerr != nil {
			return nil, cerr
		}
		a.Length = done
		return a, err
	}
	for n := 1; n <= l.MaxLen; n++ {
		var next []string
		for _, s := range level {
			for m := range l.Alphabet {
				t := append(append(buf[:0], s...), byte(m))
				if endsForbidden(t, forbidden) {
					continue
				}
				nodes++
				if lim.MaxNodes > 0 && nodes > lim.MaxNodes {
					return stop(search.ErrNodeLimit)
				}
				if nodes%learnCheckEvery == 0 {
					if err := search.ContextErr(ctx); err != nil {
						return stop(err)
					}
					if lim.MaxMem > 0 && bytes > lim.MaxMem {
						return stop(search.ErrMemLimit)
					}
				}
				key = l.Effect(key[:0], t)
				str := string(t)
				if old, ok := seen[string(key)]; ok {
					if l.Covers == nil || l.Covers(old, t) {
						forbidden[str] = true
						order = append(order, str)
						bytes += 2*learnEntryBytes + allocBytes(len(t))
						continue
					}
				} else {
					seen[string(key)] = str
					bytes += learnEntryBytes + allocBytes(len(key))
				}
				if len(next) == cap(next) {
					bytes += 16 * int64(cap(next)) // the copy append makes
				}
				next = append(next, str)
				bytes += allocBytes(len(t))
			}
		}
		for _, s := range level {
			bytes -= allocBytes(len(s))
		}
		bytes -= 16 * int64(cap(level))
		level = next
		done = n
	}
	return stop(nil)
}

// endsForbidden reports whether a suffix of t is forbidden (every other
// substring was checked when t's prefixes were accepted).
func endsForbidden(t []byte, forbidden map[string]bool) bool {
	for i := range t {
		if forbidden[string(t[i:])] {
			return true
		}
	}
	return false
}
