package arena

import "unsafe"

// PageLen is the number of entries in a page of Pages: 2^13, 96 KB of
// 12-byte trie nodes or 32 KB of int32s. Pages this size cost a small
// array little and a large one nothing measurable (a pointer per 8,192
// entries).
const (
	pageLenBits = 13
	PageLen     = 1 << pageLenBits
	pageLenMask = PageLen - 1
)

// Pages is an array that grows by whole pages of fixed length and never
// copies what it holds. A slice grown by append copies everything at each
// growth and holds the old and the new array together until a collection
// frees the old one: a 100 MB array growing briefly takes some 225 MB, which
// put a search with the dedup trie 15 to 27% over its --max-mem, and the
// listing of a deep split depth's subtrees 48% over (issue 36). Growing by
// pages, the memory held is the memory accounted (Bytes), and an index
// masked to a page of fixed size needs no bounds check.
type Pages[T any] struct {
	pages []*[PageLen]T
	n     int
}

// At returns entry i, which must be below Len.
func (p *Pages[T]) At(i int) *T { return &p.pages[i>>pageLenBits][i&pageLenMask] }

// Push appends v and returns its index. It allocates only when a page
// fills.
func (p *Pages[T]) Push(v T) int {
	if p.n>>pageLenBits == len(p.pages) {
		p.pages = append(p.pages, new([PageLen]T))
	}
	i := p.n
	p.pages[i>>pageLenBits][i&pageLenMask] = v
	p.n++
	return i
}

// Len returns the number of entries.
func (p *Pages[T]) Len() int { return p.n }

// Bytes returns the memory held: the pages and the page table.
func (p *Pages[T]) Bytes() int64 {
	var zero T
	return int64(len(p.pages))*PageLen*int64(unsafe.Sizeof(zero)) + int64(cap(p.pages))*int64(unsafe.Sizeof(&zero))
}
