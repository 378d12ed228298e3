// Package pdb builds, stores and loads pattern databases: tables of exact
// distances in an abstraction of a puzzle's state space, used as
// admissible heuristics (Culberson and Schaeffer 1998; Korf 1997; Korf and
// Felner 2002; Felner, Korf and Hanan 2004). It is an engine: it knows no
// puzzle, only the Space interface a domain's abstraction implements.
//
// # Building
//
// Build runs a breadth-first search backwards from the goals over the
// abstract space. A state is an entry (Index) and a sub-state (Sub) that
// the table forgets: for an additive sliding-tile database the entry is
// where the pattern tiles are and the sub-state where the blank is; moves
// of the other tiles cost 0, moves of pattern tiles 1, and the table keeps
// the least distance over the blank's cells. The search is a 0-1
// breadth-first search by layers: a state's whole class under zero-cost
// moves (for tiles, the region the blank can reach without moving a
// pattern tile) settles at the layer's depth, and the states one costly
// move away go to the next layer.
//
// Each layer is a scan of the table in chunks of entries that the workers
// take from a shared counter. For each entry with states in the layer the
// builder calls Expand once with all of them, so that a space decodes an
// entry once a layer; a chunk's entries are its worker's alone, so that
// settling them needs no lock. Successors land anywhere: they are gathered
// per group of the bitmaps and marked a batch at a time under the group's
// lock with plain stores, rather than with one atomic operation each.
// Three bitmaps over all states (reached, even layers, odd layers),
// interleaved word by word so that the two bits a successor's mark reads
// share a cache line, drive the search; a summary bit per 512 states of a
// layer lets the scan skip what the layer does not touch. Memory is 3 bits
// a state plus 4 bits an entry and the workers' batches (BuildMemory);
// Options.MaxMem refuses a build that would exceed it before anything is
// allocated. The context is looked at between chunks.
//
// # Entries
//
// Entries take 4 bits, 16 to a word (the table is half a byte an entry).
// A Space may store its distances relative to a cheap lower bound with a
// step (Base and Scale): the sliding tiles store (distance - the pattern's
// Manhattan distance) / 2, which fits 4 bits for patterns of up to 8 tiles
// of the fifteen-puzzle, where the plain distances would not. A distance
// that does not fit fails the build rather than being clipped.
//
// # Cache
//
// Open loads a table from a cache directory (DefaultDir:
// $BRANCHWISE_CACHE, else branchwise under os.UserCacheDir) or builds and
// saves it. A file holds a magic string with a version, the space's ID
// (every parameter that changes the table), the number of entries and the
// CRC-32C of the entries, then the entries. Load checks all of them and the
// file's length; a file that fails any check is rebuilt and replaced
// (written to a temporary file and renamed), never trusted.
package pdb
