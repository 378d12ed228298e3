// Package dedup detects duplicate states in searches: a set of packed state
// keys (byte strings), each with a 64-bit value, behind the Store interface.
//
// Three stores, with the same semantics and one conformance suite (dedup/deduptest):
//
// HashSet is open addressing with linear probing over 16-byte slots. A slot
// holds the key's position in a paged key arena (36 bits, up to 64 GiB of
// keys) with the top 28 bits of its hash, and the value. Keys live in the
// arena after a one-byte length prefix (for keys under 128 bytes); nothing is
// allocated per key and nothing stored is ever copied. The home slot is given
// by the top bits of the hash, so that up to 2^28 slots the table doubles by
// moving slots without reading keys. It doubles when three quarters full: a
// lookup probes about 1.5 slots for a hit and 2.5 for a miss on average, and
// a key costs 16/0.56 ≈ 29 bytes of table (21 to 43 depending on where in
// its doubling the table is) plus its length and prefix in the arena. A hit
// costs two cache misses (the slot, then the key); a miss usually one.
//
// Trie is a crit-bit (Patricia) trie, as Shintani used to store every visited
// Superpuzz state (Shintani). An internal node is 12 bytes: two child
// references and the critical bit position; a leaf is 16 bytes: the key's
// arena position and the value. A lookup walks one node per critical bit
// (about log2 n for random keys: 20 at 10^6) and compares one key at the end;
// an insert walks twice. Each step of the walk is a likely cache miss, so the
// trie is several times slower than the hash set; in exchange it keeps its
// keys in order, never rehashes, and its memory grows smoothly, 28 bytes per
// key besides the key itself.
//
// Spill is a HashSet that keeps its table under a byte budget by moving its
// oldest keys to sorted run files on disk, each with a Bloom filter and a
// block index in memory (about 1.5 bytes a key); it forgets nothing, so a
// search that uses it visits the states it would with a HashSet. It passes
// the same suite, except that its memory falls at each spill.
//
// Keys of different lengths coexist: the trie reads a key as the bit string
// in which every byte is preceded by a 1 "present" bit and which is all zeros
// after its end, so that no key is a prefix of another.
package dedup
