package gaps

import (
	"fmt"
	"github.com/branchwise/branchwise/scan"
	"io"
	"math/rand/v2"
	"strings"
)

// Rows is the number of rows of every deal.
const Rows = 4

// MinCols and MaxCols bound the number of columns k of a deal.
const (
	MinCols = 4
	MaxCols = 13
)

// Card is a card: its suit (0..3 for H D S C) times 16 plus its rank (1 for
// the ace .. 13). Hole, the zero Card, is an empty cell.
type Card uint8

// Hole is an empty cell.
const Hole Card = 0

const (
	suitLetters = "HDSC"
	rankLetters = "A23456789TJQK"
)

// NewCard returns the card of suit s (0..3) and rank r (1..13).
func NewCard(s, r int) Card { return Card(s<<4 | r) }

// Suit returns the card's suit, 0..3 for H D S C.
func (c Card) Suit() int { return int(c >> 4) }

// Rank returns the card's rank, 1 for the ace.
func (c Card) Rank() int { return int(c & 15) }

// String returns the card as suit and rank (HA, D7, ST), or ".." for a hole.
func (c Card) String() string {
	if c == Hole {
		return ".."
	}
	return string([]byte{suitLetters[c.Suit()], rankLetters[c.Rank()-1]})
}

// ParseCard parses a card written as suit and rank (HA, D7, ST, CJ, HQ;
// lower case too, and "10" for T).
func ParseCard(s string) (Card, error) {
	u := strings.ToUpper(s)
	if len(u) == 3 && u[1:] == "10" {
		u = u[:1] + "T"
	}
	if len(u) != 2 {
		return Hole, fmt.Errorf("gaps: unknown card %q", s)
	}
	si := strings.IndexByte(suitLetters, u[0])
	ri := strings.IndexByte(rankLetters, u[1])
	if si < 0 || ri < 0 {
		return Hole, fmt.Errorf("gaps: unknown card %q", s)
	}
	return NewCard(si, ri+1), nil
}

// Deal is a position of k columns: Rows*Cols cells row-major, holes as
// Hole. HoleNames names each hole cell (by the card of rank Cols whose
// removal made it) for Shintani's notation; other cells hold Hole there.
type Deal struct {
	Cols      int
	Cells     []Card
	HoleNames []Card
	// Rules are the rule variants the deal is played by (rules.go); the
	// zero value is the standard game.
	Rules Rules
}

// Generate deals the k-column game numbered seed: the deck in the order
// H D S C, ranks A..k within a suit, shuffled by Fisher-Yates (for i from
// the last card down to 1, swap card i with card j = IntN(i+1)) with a PCG
// from math/rand/v2 seeded (seed, k); then the cards of rank k become holes.
// The deal depends only on (seed, k): it is stable across versions.
func Generate(k int, seed uint64) Deal {
	if k < MinCols || k > MaxCols {
		panic(fmt.Sprintf("gaps: %d columns, want %d..%d", k, MinCols, MaxCols))
	}
	r := rand.New(rand.NewPCG(seed, uint64(k)))
	deck := make([]Card, 0, Rows*k)
	for s := range Rows {
		for rk := 1; rk <= k; rk++ {
			deck = append(deck, NewCard(s, rk))
		}
	}
	for i := len(deck) - 1; i > 0; i-- {
		j := r.IntN(i + 1)
		deck[i], deck[j] = deck[j], deck[i]
	}
	d := Deal{Cols: k, Cells: deck, HoleNames: make([]Card, len(deck))}
	for i, c := range deck {
		if c.Rank() == k {
			d.Cells[i], d.HoleNames[i] = Hole, c
		}
	}
	return d
}

// String writes the deal as Rows lines of Cols cells separated by spaces,
// holes as "..", each line ending in a newline: the format Parse reads.
func (d Deal) String() string {
	var b strings.Builder
	for i, c := range d.Cells {
		if i%d.Cols != 0 {
			b.WriteByte(' ')
		}
		b.WriteString(c.String())
		if i%d.Cols == d.Cols-1 {
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// Check reports whether d is a deal of the game: Rows x Cols cells, each
// card of ranks A..Cols-1 once, four holes.
func (d Deal) Check() error {
	if d.Cols < MinCols || d.Cols > MaxCols {
		return fmt.Errorf("gaps: %d columns, want %d..%d", d.Cols, MinCols, MaxCols)
	}
	if err := d.Rules.Check(); err != nil {
		return err
	}
	if len(d.Cells) != Rows*d.Cols {
		return fmt.Errorf("gaps: %d cells, want %d", len(d.Cells), Rows*d.Cols)
	}
	var seen [64]bool
	holes := 0
	for _, c := range d.Cells {
		if c == Hole {
			holes++
			continue
		}
		if c.Rank() < 1 || c.Rank() >= d.Cols || c.Suit() > 3 {
			return fmt.Errorf("gaps: card %v does not belong to a %d-column deal", c, d.Cols)
		}
		if seen[c] {
			return fmt.Errorf("gaps: card %v twice", c)
		}
		seen[c] = true
	}
	if holes != Rows {
		return fmt.Errorf("gaps: %d holes, want %d", holes, Rows)
	}
	return nil
}

// Parse reads a deal: Rows lines of k cells separated by spaces (or commas),
// each a card (HA, D7, ST, CJ, HQ) or a hole, written ".." or as the card of
// rank k that was removed (which names the hole for Shintani's notation).
// Blank lines and text after '#' are ignored. Errors name name:line:col.
func Parse(r io.Reader, name string) (Deal, error) {
	sc := scan.NewLines(r, name)
	var d Deal
	type at struct{ line, col int }
	var where []at
	lineNo, rows := 0, 0
	for sc.Scan() {
		lineNo = sc.Line()
		text := sc.Text()
		if i := strings.IndexByte(text, '#'); i >= 0 {
			text = text[:i]
		}
		if strings.TrimSpace(text) == "" {
			continue
		}
		rows++
		if rows > Rows {
			return Deal{}, scan.Errorf(scan.Position{File: name, Line: lineNo, Col: 1}, "more than %d rows", Rows)
		}
		n := 0
		for col := 0; col < len(text); {
			if text[col] == ' ' || text[col] == '\t' || text[col] == ',' || text[col] == '\r' {
				col++
				continue
			}
			end := col
			for end < len(text) && text[end] != ' ' && text[end] != '\t' && text[end] != ',' && text[end] != '\r' {
				end++
			}
			tok := text[col:end]
			var c Card
			if tok != ".." {
				var err error
				if c, err = ParseCard(tok); err != nil {
					return Deal{}, scan.Errorf(scan.Position{File: name, Line: lineNo, Col: col + 1}, "%v", err)
				}
			}
			d.Cells = append(d.Cells, c)
			d.HoleNames = append(d.HoleNames, 0)
			where = append(where, at{lineNo, col + 1})
			n++
			col = end
		}
		if rows == 1 {
			d.Cols = n
			if n < MinCols || n > MaxCols {
				return Deal{}, scan.Errorf(scan.Position{File: name, Line: lineNo, Col: 1}, "%d cells in a row, want %d..%d", n, MinCols, MaxCols)
			}
		} else if n != d.Cols {
			return Deal{}, scan.Errorf(scan.Position{File: name, Line: lineNo, Col: 1}, "%d cells, but the first row has %d", n, d.Cols)
		}
	}
	if err := sc.Err(); err != nil {
		return Deal{}, err
	}
	if rows != Rows {
		return Deal{}, scan.Errorf(scan.Position{File: name, Line: lineNo + 1, Col: 1}, "%d rows, want %d", rows, Rows)
	}
	k := d.Cols
	var seen [64]int // position+1 of each card seen
	for i, c := range d.Cells {
		if c == Hole {
			continue
		}
		if c.Rank() > k {
			return Deal{}, scan.Errorf(scan.Position{File: name, Line: where[i].line, Col: where[i].col}, "card %v does not belong to a %d-column deal (ranks A..%c)", c, k, rankLetters[k-2])
		}
		if seen[c] != 0 {
			p := where[seen[c]-1]
			return Deal{}, scan.Errorf(scan.Position{File: name, Line: where[i].line, Col: where[i].col}, "card %v twice (also at %d:%d)", c, p.line, p.col)
		}
		seen[c] = i + 1
		if c.Rank() == k {
			d.Cells[i], d.HoleNames[i] = Hole, c
		}
	}
	holes := 0
	for _, c := range d.Cells {
		if c == Hole {
			holes++
		}
	}
	if holes != Rows {
		return Deal{}, scan.Errorf(scan.Position{File: name, Line: where[len(where)-1].line, Col: 1}, "%d holes, want %d", holes, Rows)
	}
	var missing []string
	for s := range Rows {
		for rk := 1; rk < k; rk++ {
			if seen[NewCard(s, rk)] == 0 {
				missing = append(missing, NewCard(s, rk).String())
			}
		}
	}
	if len(missing) > 0 {
		return Deal{}, scan.Errorf(scan.Position{File: name, Line: where[len(where)-1].line, Col: 1}, "missing card(s) %s", strings.Join(missing, " "))
	}
	// Unnamed holes take the names of the rank-k cards not yet used, in suit order.
	for i, c := range d.Cells {
		if c != Hole || d.HoleNames[i] != 0 {
			continue
		}
		for s := range Rows {
			if kc := NewCard(s, k); seen[kc] == 0 {
				d.HoleNames[i], seen[kc] = kc, -1
				break
			}
		}
	}
	return d, nil
}

// ParseString parses a deal from text; see Parse.
func ParseString(text, name string) (Deal, error) { return Parse(strings.NewReader(text), name) }
