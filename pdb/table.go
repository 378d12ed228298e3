package pdb

// Table is a built database: one 4-bit entry per abstract state, sixteen
// to a 64-bit word.
type Table struct {
	id    string
	size  uint64
	words []uint64
}

// Unset marks an entry not reached (yet) while building; a complete table
// has none.
const Unset = 15

// MaxEntry is the largest value an entry can hold.
const MaxEntry = Unset - 1

// EntryBits is the width of an entry.
const EntryBits = 4

// tableBytes is the memory of a table of size entries, 4 bits each.
func tableBytes(size uint64) int64 { return int64((size+15)/16) * 8 }

func newTable(id string, size uint64) *Table {
	t := &Table{id: id, size: size, words: make([]uint64, (size+15)/16)}
	for i := range t.words {
		t.words[i] = ^uint64(0)
	}
	return t
}

// NewTable returns a table of size entries, all Unset, for a builder
// outside this package that fills Words itself (rubik's coset tables,
// whose symmetry-reduced search is not a Space's).
func NewTable(id string, size uint64) *Table { return newTable(id, size) }

// Words returns the entries, sixteen to a word, entry i in bits 4*(i%16)
// of word i/16: a builder writes them, a search reads them through Get.
// The slice is valid while t is reachable: a large table from Load lives
// outside the Go heap and is unmapped when t is collected, so keep t (or
// call runtime.KeepAlive(t)) as long as the slice is used.
func (t *Table) Words() []uint64 { return t.words }

// ID returns the ID of the space the table was built over.
func (t *Table) ID() string { return t.id }

// Size returns the number of entries.
func (t *Table) Size() uint64 { return t.size }

// Bytes returns the memory the entries take.
func (t *Table) Bytes() int64 { return int64(len(t.words)) * 8 }

// Get returns entry i: (distance - Base(i)) / Scale of the space.
func (t *Table) Get(i uint64) int { return int(t.words[i>>4]>>(i&15*4)) & 15 }
