package dedup

import (
	"bytes"
	"math/bits"

	"github.com/branchwise/branchwise/internal/arena"
)

// Trie is a crit-bit (Patricia) trie Store; see the package documentation.
type Trie struct {
	nodes  arena.Pages[critNode] // pages: grown without copying, so Bytes is what is held
	leaves arena.Pages[trieLeaf]
	keys   arena.Keys
	root   int32 // a child reference; meaningless while leaves is empty
}

// critNode is an internal node. A child reference c >= 0 is an internal
// node; c < 0 is the leaf ^c.
type critNode struct {
	child [2]int32
	// pos is the critical bit: byte pos/9 of the key, bit pos%9 of that
	// byte's 9-bit group (bit 0 the presence bit, 1..8 the data bits from the
	// most significant).
	pos int32
}

type trieLeaf struct {
	off uint64 // arena position of the key
	val uint64
}

// NewTrie returns an empty crit-bit trie.
func NewTrie() Store { return &Trie{} }

// bit returns the key's bit at virtual position pos.
func bit(key []byte, pos int32) int {
	i, b := int(pos/9), pos%9
	if i >= len(key) {
		return 0
	}
	if b == 0 {
		return 1
	}
	return int(key[i]>>(8-b)) & 1
}

// critPos returns the first virtual bit position where a and b differ, or
// -1 when they are equal.
func critPos(a, b []byte) int32 {
	n := min(len(a), len(b))
	for i := 0; i < n; i++ {
		if x := a[i] ^ b[i]; x != 0 {
			return int32(i*9 + 1 + bits.LeadingZeros8(x))
		}
	}
	if len(a) == len(b) {
		return -1
	}
	return int32(n * 9)
}

func (t *Trie) leafKey(l int32) []byte { return t.keys.Get(t.leaves.At(int(l)).off) }

// walk follows key's bits from the root to a leaf.
func (t *Trie) walk(key []byte) int32 {
	c := t.root
	for c >= 0 {
		nd := t.nodes.At(int(c))
		c = nd.child[bit(key, nd.pos)]
	}
	return ^c
}

func (t *Trie) newLeaf(key []byte, v uint64) int32 {
	return int32(t.leaves.Push(trieLeaf{off: t.keys.Add(key), val: v}))
}

// insert returns the leaf of key, adding it with value v if absent.
func (t *Trie) insert(key []byte, v uint64) (int32, bool) {
	if t.leaves.Len() == 0 {
		t.root = ^t.newLeaf(key, v)
		return 0, false
	}
	near := t.walk(key)
	p := critPos(key, t.leafKey(near))
	if p < 0 {
		return near, true
	}
	// The new node goes above the first reference on key's path, from the
	// root down, that is a leaf or a node with a later critical bit; parent
	// and pdir locate that reference (parent -1: the root).
	parent, pdir := int32(-1), 0
	c := t.root
	for c >= 0 {
		nd := t.nodes.At(int(c))
		if nd.pos >= p {
			break
		}
		parent, pdir = c, bit(key, nd.pos)
		c = nd.child[pdir]
	}
	l := t.newLeaf(key, v)
	var nd critNode
	nd.pos = p
	dir := bit(key, p)
	nd.child[dir] = ^l
	nd.child[1-dir] = c
	n := int32(t.nodes.Push(nd))
	if parent < 0 {
		t.root = n
	} else {
		t.nodes.At(int(parent)).child[pdir] = n
	}
	return l, false
}

// Insert implements Store.
func (t *Trie) Insert(key []byte, v uint64) (uint64, bool) {
	l, found := t.insert(key, v)
	return t.leaves.At(int(l)).val, found
}

// Get implements Store.
func (t *Trie) Get(key []byte) (uint64, bool) {
	if t.leaves.Len() == 0 {
		return 0, false
	}
	l := t.walk(key)
	if !bytes.Equal(t.leafKey(l), key) {
		return 0, false
	}
	return t.leaves.At(int(l)).val, true
}

// Set implements Store.
func (t *Trie) Set(key []byte, v uint64) {
	l, _ := t.insert(key, v)
	t.leaves.At(int(l)).val = v
}

// Len implements Store.
func (t *Trie) Len() int { return t.leaves.Len() }

// Bytes implements Store: every page held, so that a memory limit that
// checks it holds at every moment (the arrays grow by pages, never copied).
func (t *Trie) Bytes() int64 {
	return t.nodes.Bytes() + t.leaves.Bytes() + t.keys.Bytes()
}
