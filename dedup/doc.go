// Package dedup detects duplicate states in searches: a set of packed state
// keys (byte strings), each with a 64-bit value, behind the Store interface.
//
// Two stores, with the same semantics and one conformance suite (dedup/deduptest):
//
// HashSet is open addressing with linear probing over 16-byte slots. A slot
// holds the key's position in a byte slab (40 bits, so up to 1 TiB of keys)
// with 24 bits of its hash, and the value. Keys live in the slab, each after
// a one- to three-byte length prefix; nothing is allocated per key. The table
// doubles when three quarters full, so a lookup probes about 1.5 slots for a
// hit and 2.5 for a miss on average, and a key costs 16/0.56 ≈ 29 bytes of
// table (between 21 and 43 depending on where in its doubling the table is)
// plus its length and prefix in the slab.
//
// Trie is a crit-bit (Patricia) trie, as Shintani used to store every visited
// Superpuzz state (seed 004). An internal node is 12 bytes: two child
// references and the critical bit position; a leaf is 16 bytes: the key's slab
// position and the value. A lookup walks one node per critical bit (about
// log2 n for random keys) and compares one key at the end; an insert walks
// twice. The trie keeps its keys in sorted order and never rehashes, so its
// memory grows smoothly, about 28 bytes per key besides the key itself.
//
// Keys of different lengths coexist: the trie reads a key as the bit string
// in which every byte is preceded by a 1 "present" bit and which is all zeros
// after its end, so that no key is a prefix of another.
package dedup
