package gaps

// The best-first decider (the default of Decide).
//
// Best-first search on f = 2.4N + D (N the lower bound Misplaced, D the
// depth; Berliner et al.'s BF1 with its mu for the hardest deals, computed in
// integers as 12N + 5D), each position expanded once: a position is stored
// (canonical key) the first time it is generated and never reopened, so an
// open list that runs empty proves the deal unsolvable, exactly as the
// depth-first decider does, while a solvable deal is won after far fewer
// nodes (on 40 deals of 4 x 7: a mean of 20,492 nodes against 530,759
// depth-first). Deadlocked positions are cut before they are stored.
//
// Storage: the canonical keys in one flat slab (3k bytes each, fixed
// length), a parent index and the depth per position (8 bytes), the store
// mapping keys to indices, and a bucket queue of indices (LIFO within a
// bucket: the newest, deepest first). The solution is rebuilt by walking the
// parents from the goal to the root and replaying: at each step the move of
// the actual position (whose rows may be permuted with respect to the stored
// canonical one) that reaches the next stored key.

import (
	"context"

	"github.com/branchwise/branchwise/dedup"
)

func decideBest(ctx context.Context, g *Game, store dedup.Store, o DecideOptions) (Decision, error) {
	var dec Decision
	L := KeyLen(g.k)
	orig := g.AppendKey(nil)
	root := g.AppendCanonicalKey(nil)
	slab := append([]byte(nil), root...)
	parents := []int32{-1}
	store.Insert(root, 0)
	var buckets [][]int32
	push := func(f int, idx int32) {
		for len(buckets) <= f {
			buckets = append(buckets, nil)
		}
		buckets[f] = append(buckets[f], idx)
	}
	depth := []int32{0}
	mu := o.Mu
	if mu <= 0 {
		mu = DefaultMu
	}
	push(bestEval(g, mu, 0), 0)
	lowest := 0
	key := make([]byte, 0, L)
	var moves []Move
	next := int64(1 << 14)
	bytes := func() int64 {
		return int64(cap(slab)) + int64(cap(parents))*4 + int64(cap(depth))*4 + store.Bytes()
	}
	for {
		for lowest < len(buckets) && len(buckets[lowest]) == 0 {
			lowest++
		}
		if lowest == len(buckets) {
			dec.Verdict = Unsolvable
			dec.Bytes = bytes()
			return dec, nil
		}
		b := buckets[lowest]
		idx := b[len(b)-1]
		buckets[lowest] = b[:len(b)-1]
		g.SetKey(slab[int(idx)*L : int(idx+1)*L])
		d := int(depth[idx]) + 1
		moves = g.Moves(moves[:0])
		for _, m := range moves {
			g.Apply(m)
			dec.Generated++
			if g.Won() {
				dec.Verdict = Solvable
				dec.Path = rebuildPath(g, orig, slab, parents, L, idx)
				dec.Bytes = bytes()
				return dec, nil
			}
			if dec.Generated >= next {
				next += 1 << 14
				if err := ctx.Err(); err != nil {
					dec.Verdict, dec.Err, dec.Bytes = Unknown, err, bytes()
					return dec, nil
				}
				if o.MaxMem > 0 && bytes() > o.MaxMem {
					dec.Verdict, dec.Err, dec.Bytes = Unknown, ErrMemLimit, bytes()
					return dec, nil
				}
			}
			if o.MaxNodes > 0 && dec.Generated >= o.MaxNodes {
				dec.Verdict, dec.Err, dec.Bytes = Unknown, ErrNodeLimit, bytes()
				return dec, nil
			}
			key = g.AppendCanonicalKey(key[:0])
			n := int32(len(parents))
			if _, found := store.Get(key); found {
				g.Undo(m)
				continue
			}
			if o.Deadlock && g.Deadlocked() {
				dec.Rejected++
				g.Undo(m)
				continue
			}
			store.Insert(key, uint64(n))
			slab = append(slab, key...)
			parents = append(parents, idx)
			depth = append(depth, int32(d))
			f := bestEval(g, mu, d)
			push(f, n)
			if f < lowest {
				lowest = f
			}
			g.Undo(m)
		}
	}
}

// rebuildPath returns the moves from the deal (exact key orig) to a win
// one move after stored position idx. The game g is left at the win.
func rebuildPath(g *Game, orig, slab []byte, parents []int32, L int, idx int32) []Move {
	var chain []int32
	for i := idx; i >= 0; i = parents[i] {
		chain = append(chain, i)
	}
	// chain runs from idx back to the root; replay it forwards from the
	// deal itself, matching canonical keys.
	g.SetKey(orig)
	var path []Move
	key := make([]byte, 0, L)
	for j := len(chain) - 2; j >= 0; j-- {
		want := slab[int(chain[j])*L : int(chain[j]+1)*L]
		for _, m := range g.Moves(nil) {
			g.Apply(m)
			key = g.AppendCanonicalKey(key[:0])
			if string(key) == string(want) {
				path = append(path, m)
				break
			}
			g.Undo(m)
		}
	}
	// The last move is named in the frame of the stored position; find
	// the move of the actual position that wins.
	for _, m := range g.Moves(nil) {
		g.Apply(m)
		if g.Won() {
			return append(path, m)
		}
		g.Undo(m)
	}
	return path
}

// bestEval is the decider's f = mu*N + D in tenths of a move. (Tried on 100
// deals each of 4 x 7 and 4 x 8: a bonus for sorted-prefix cards, a cost per
// ace off the left edge or per dead hole changed the mean nodes to the first
// solution by -26% to +11%, no more.)
func bestEval(g *Game, mu, d int) int { return mu*g.Misplaced() + 10*d }
