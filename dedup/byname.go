package dedup

import "github.com/branchwise/branchwise/internal/opterr"

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
	return nil, opterr.Errorf("--dedup", "unknown duplicate store %q (want hash or trie)", name)
}
