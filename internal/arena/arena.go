// Package arena stores byte strings in fixed-size pages: appending never
// copies what is already stored (a growing slice would copy it all at every
// doubling, which costs a quarter of a best-first search's time), and the
// pages hold no pointers for the garbage collector to scan.
package arena

import "encoding/binary"

const (
	pageBits = 20
	pageSize = 1 << pageBits
	// MaxKey is the longest string a Keys holds.
	MaxKey = pageSize - binary.MaxVarintLen64
)

// Keys is an append-only store of byte strings, each addressed by the
// position Add returned: page<<20 | offset, well under 2^40 for any store
// that fits in memory.
type Keys struct {
	pages [][]byte
}

// Add stores a copy of key and returns its position. It panics if key is
// longer than MaxKey.
func (k *Keys) Add(key []byte) uint64 {
	if len(key) > MaxKey {
		panic("arena: key too long")
	}
	need := len(key) + binary.MaxVarintLen64
	if len(k.pages) == 0 || len(k.pages[len(k.pages)-1])+need > pageSize {
		k.pages = append(k.pages, make([]byte, 0, pageSize))
	}
	last := len(k.pages) - 1
	p := k.pages[last]
	pos := uint64(last)<<pageBits | uint64(len(p))
	p = binary.AppendUvarint(p, uint64(len(key)))
	k.pages[last] = append(p, key...)
	return pos
}

// Get returns the string stored at pos. The result aliases the store.
func (k *Keys) Get(pos uint64) []byte {
	p := k.pages[pos>>pageBits][pos&(pageSize-1):]
	n, w := binary.Uvarint(p)
	return p[w : w+int(n)]
}

// Bytes returns the memory held.
func (k *Keys) Bytes() int64 { return int64(len(k.pages)) * pageSize }
