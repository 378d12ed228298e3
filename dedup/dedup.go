package dedup

// Store is a set of packed state keys, each carrying a 64-bit value (a best-first
// search keeps the index of the node's record there). Keys are byte strings;
// a store copies the bytes it keeps, so callers may reuse their buffers.
type Store interface {
	// Insert adds key with value v if key is absent, and returns (v, false).
	// If key is present it changes nothing and returns its value and true.
	Insert(key []byte, v uint64) (old uint64, found bool)
	// Get returns the value of key and whether key is present.
	Get(key []byte) (v uint64, found bool)
	// Set gives key the value v, adding key if it is absent.
	Set(key []byte, v uint64)
	// Len returns the number of keys stored.
	Len() int
	// Bytes returns the memory the store holds, in bytes.
	Bytes() int64
}
