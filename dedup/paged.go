package dedup

import "unsafe"

// pageBits sets the length of a paged array's pages: 2^13 entries, 96 KB of
// trie nodes or 128 KB of leaves. Pages this size cost a small store little
// and a large one nothing measurable (one page header of 24 bytes per 8,192
// entries).
const (
	pageBits = 13
	pageLen  = 1 << pageBits
	pageMask = pageLen - 1
)

// paged is an array that grows by whole pages of fixed length and never
// copies what it holds. A slice grown by append copies everything at each
// growth and holds the old and the new array together until a collection
// frees the old one: a 100 MB array growing briefly takes some 225 MB, which
// put a search with the trie 15 to 27% over its --max-mem (issue 36).
// Growing by pages, the memory held is the memory accounted (bytes).
type paged[T any] struct {
	pages []*[pageLen]T // fixed-size pages: an index masked to a page needs no bounds check
	n     int32
}

// at returns entry i, which must be below len.
func (p *paged[T]) at(i int32) *T { return &p.pages[i>>pageBits][i&pageMask] }

// push appends v and returns its index. It allocates only when a page
// fills.
func (p *paged[T]) push(v T) int32 {
	if int(p.n)>>pageBits == len(p.pages) {
		p.pages = append(p.pages, new([pageLen]T))
	}
	i := p.n
	p.pages[i>>pageBits][i&pageMask] = v
	p.n++
	return i
}

// len returns the number of entries.
func (p *paged[T]) len() int { return int(p.n) }

// bytes returns the memory held: the pages and the page table.
func (p *paged[T]) bytes() int64 {
	var zero T
	return int64(len(p.pages))*pageLen*int64(unsafe.Sizeof(zero)) + int64(cap(p.pages))*int64(unsafe.Sizeof(&zero))
}
