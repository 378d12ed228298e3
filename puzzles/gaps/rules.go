package gaps

// Rule variants: fixed suits and redeals (docs/gaps.md, "Rule variants").
//
// Fixed suits: row r must end as suit r's run (H D S C from the top), and
// an ace enters a left-edge hole only in its own suit's row. Every move of
// this game is a move of the standard one and every win of it is a win of
// the standard one, so whatever the standard game's tests prove lost
// (Deadlocked, Unwinnable) is lost here too, and a card that can never
// move in the standard game never moves here; forced moves and stubborn
// sets, built on those facts and on moves that each read and write fixed
// cells, stay sound when they are formed from this game's legal moves. Row
// permutations are no longer a symmetry (rows are labelled), so the
// canonical key is the exact one; suit renaming and ace classes do not
// apply (Decide refuses them).
//
// Redeals: while the deal's redeals are not all used, the player may at
// any time (with WhenStuck: when no card can move) gather the cards that are not in a run (an ace in column 0, of
// the row's suit under fixed suits, followed by its 2, 3, ... in order),
// shuffle them, and deal them back with one hole right after each row's
// run (at column 0 of a row without one). The shuffle is fixed by the deal,
// so that a deal's outcome is a question with an answer: the gathered cards
// are taken in card order (suits H D S C, ranks up), and the j-th redeal
// (j = 1, 2, ...) permutes them by Fisher-Yates (for i from the last card
// down to 1, swap card i with card IntN(i+1)) with a PCG from math/rand/v2
// seeded (h, j), h the 64-bit FNV-1a hash of the deal's text (Deal.String,
// holes as ".."), so a deal read from a file and the same deal generated
// from its seed have the same shuffles. The cards are then dealt into the
// rows with a run first, in the suit order of their aces, then into the
// rows without one, top to bottom, each row left to right after its hole.
// That order makes a redeal of a row permutation of a position a row
// permutation of the redeal of the position (rows without a run all get
// k-1 cards), so the canonical keys with sorted rows stay sound. A deal
// with redeals is decided "with this sequence of shuffles", not against
// every shuffle. The state is the position and the redeals used (the key's
// last byte). While redeals are left no position is proved lost, and no
// move forced or stubborn set is taken: a redeal reads every cell.

import (
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"strings"

	"github.com/spf13/pflag"
)

// MaxRedeals bounds Rules.Redeals.
const MaxRedeals = 5

// Rules are the rule variants of a deal; the zero value is the standard
// game.
type Rules struct {
	// FixedSuits makes row r end as suit r's run (H D S C from the top);
	// an ace enters a left-edge hole of its own row only.
	FixedSuits bool `json:"fixed_suits,omitempty"`
	// Redeals is how many times, at any point, the cards not in a run may
	// be gathered and dealt again (0..MaxRedeals).
	Redeals int `json:"redeals,omitempty"`
	// WhenStuck allows a redeal only when no card can move (as some
	// rule books put it), instead of at any time.
	WhenStuck bool `json:"redeal_when_stuck,omitempty"`
}

// Standard reports whether r is the standard game.
func (r Rules) Standard() bool { return r == Rules{} }

// String names the variant: "standard", "fixed suits", "2 redeals",
// "fixed suits, 1 redeal".
func (r Rules) String() string {
	var parts []string
	if r.FixedSuits {
		parts = append(parts, "fixed suits")
	}
	switch {
	case r.Redeals == 1:
		parts = append(parts, "1 redeal")
	case r.Redeals > 1:
		parts = append(parts, fmt.Sprintf("%d redeals", r.Redeals))
	}
	if r.Redeals > 0 && r.WhenStuck {
		parts[len(parts)-1] += " when stuck"
	}
	if len(parts) == 0 {
		return "standard"
	}
	return strings.Join(parts, ", ")
}

// Check reports rules out of range.
func (r Rules) Check() error {
	if r.Redeals < 0 || r.Redeals > MaxRedeals {
		return fmt.Errorf("gaps: %d redeals, want 0..%d", r.Redeals, MaxRedeals)
	}
	if r.WhenStuck && r.Redeals == 0 {
		return fmt.Errorf("gaps: redeals when stuck, but no redeals")
	}
	return nil
}

// Redeal is the move that gathers the cards not in a run and deals them
// again. Its cells (63, 63) are no cells of a deal.
const Redeal Move = 63<<6 | 63

// redealSeed is the first word of the PCG seeds of a deal's shuffles.
func (d Deal) redealSeed() uint64 {
	h := fnv.New64a()
	h.Write([]byte(d.String()))
	return h.Sum64()
}

// shufflePerms returns, for redeal j (1..n) and every number of gathered
// cards m, the permutation of the m cards (entry i: the index of the card
// dealt i-th): Fisher-Yates with a PCG seeded (seed, j), fresh for each m.
func shufflePerms(seed uint64, n, k int) *[MaxRedeals][Rows * MaxCols][]int8 {
	var t [MaxRedeals][Rows * MaxCols][]int8
	for j := 1; j <= n; j++ {
		for m := 0; m <= Rows*(k-1); m++ {
			r := rand.New(rand.NewPCG(seed, uint64(j)))
			p := make([]int8, m)
			for i := range p {
				p[i] = int8(i)
			}
			for i := m - 1; i > 0; i-- {
				x := r.IntN(i + 1)
				p[i], p[x] = p[x], p[i]
			}
			t[j-1][m] = p
		}
	}
	return &t
}

// runLen returns the length of row r's run: Prefix, when the row's ace is
// of the row's suit under fixed suits.
func (g *Game) runLen(r int) int {
	if g.fixed && g.cells[r*g.k] != NewCard(r, 1) {
		return 0
	}
	return g.Prefix(r)
}

// applyRedeal makes the next redeal (see the top of this file).
func (g *Game) applyRedeal() {
	k := g.k
	g.saved[g.used] = g.cells
	var run [Rows]int
	for r := range Rows {
		run[r] = g.runLen(r)
	}
	var gathered [Rows * MaxCols]Card
	m := 0
	for s := range Rows {
		for rk := 1; rk < k; rk++ {
			c := NewCard(s, rk)
			p := int(g.pos[c])
			if p%k >= run[p/k] {
				gathered[m] = c
				m++
			}
		}
	}
	perm := g.shuffles[g.used][m]
	// Rows with a run in the suit order of their aces, then the others.
	var order [Rows]int
	n := 0
	for s := range Rows {
		if p := int(g.pos[NewCard(s, 1)]); p%k == 0 && run[p/k] > 0 {
			order[n] = p / k
			n++
		}
	}
	for r := range Rows {
		if run[r] == 0 {
			order[n] = r
			n++
		}
	}
	var cells [Rows * MaxCols]Card
	next := 0
	for _, r := range order {
		copy(cells[r*k:r*k+run[r]], g.cells[r*k:r*k+run[r]])
		for col := run[r] + 1; col < k; col++ {
			cells[r*k+col] = gathered[perm[next]]
			next++
		}
	}
	used := g.used
	g.set(k, cells[:Rows*k])
	g.used = used + 1
}

// undoRedeal takes back the last redeal.
func (g *Game) undoRedeal() {
	used := g.used - 1
	g.set(g.k, g.saved[used][:Rows*g.k])
	g.used = used
}

// redealsLeft reports whether a redeal may still be made: then no test
// may call the position lost, and no move is forced.
func (g *Game) redealsLeft() bool { return g.used < g.redeals }

// RedealsUsed returns the redeals made to reach the position.
func (g *Game) RedealsUsed() int { return int(g.used) }

// AddRuleFlags adds the gaps commands' flags of the rule variants,
// --fixed-suits and --redeals N, setting r.
func AddRuleFlags(fs *pflag.FlagSet, r *Rules) {
	fs.BoolVar(&r.FixedSuits, "fixed-suits", false, "row r must end as suit r (H D S C from the top); an ace enters its own row only")
	fs.IntVar(&r.Redeals, "redeals", 0, fmt.Sprintf("redeals allowed at any time, each with the deal's fixed shuffle (0..%d)", MaxRedeals))
	fs.BoolVar(&r.WhenStuck, "redeal-when-stuck", false, "allow a redeal only when no card can move")
}
