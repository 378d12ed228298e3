package dedup

import "fmt"

// Names lists the stores New makes.
var Names = []string{"hash", "trie"}

// New returns a new, empty store by name: "hash" (HashSet, also for "")
// or "trie" (Trie).
func New(name string) (Store, error) {
	switch name {
	case "", "hash":
		return NewHashSet(), nil
	case "trie":
		return NewTrie(), nil
	}
	return nil, fmt.Errorf("dedup: unknown store %q (want hash or trie)", name)
}
