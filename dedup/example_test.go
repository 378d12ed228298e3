package dedup_test

import (
	"fmt"

	"github.com/branchwise/branchwise/dedup"
)

// A store maps packed states to a value (a best-first search keeps a node
// record's index there): Insert reports a duplicate and its value. Both
// stores behave the same; the trie shares the keys' common prefixes.
func Example() {
	for _, name := range dedup.Names {
		s, err := dedup.New(name)
		if err != nil {
			panic(err)
		}
		for i, state := range []string{"ABCD", "ABCE", "ABCD", "XYZ"} {
			if old, dup := s.Insert([]byte(state), uint64(i)); dup {
				fmt.Printf("%s: %s again, first seen as state %d\n", name, state, old)
			}
		}
		v, ok := s.Get([]byte("ABCE"))
		fmt.Println(name, s.Len(), "states; ABCE is", v, ok)
	}
	// Output:
	// hash: ABCD again, first seen as state 0
	// hash 3 states; ABCE is 1 true
	// trie: ABCD again, first seen as state 0
	// trie 3 states; ABCE is 1 true
}
