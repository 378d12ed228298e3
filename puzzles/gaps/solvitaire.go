package gaps

import (
	"fmt"
	"strconv"
	"strings"
)

// Solvitaire writes d as a deal of Solvitaire's Gaps (JSON, "sequences"
// rows left to right), whose decks run 2..k with the aces removed: every
// rank is shifted up by one (our A is its 2) and a hole is "".
func (d Deal) Solvitaire() string {
	var b strings.Builder
	b.WriteString(`{"sequences": [`)
	for r := range Rows {
		if r > 0 {
			b.WriteString(", ")
		}
		b.WriteByte('[')
		for col := range d.Cols {
			if col > 0 {
				b.WriteString(", ")
			}
			c := d.Cells[r*d.Cols+col]
			name := ""
			if c != Hole {
				rk := c.Rank() + 1
				name = strconv.Itoa(rk)
				switch rk {
				case 11:
					name = "J"
				case 12:
					name = "Q"
				case 13:
					name = "K"
				}
				name += c.String()[:1]
			}
			b.WriteString(strconv.Quote(name))
		}
		b.WriteByte(']')
	}
	b.WriteString("]}")
	return b.String()
}

// SolvitaireRules writes the rules file of Solvitaire's Gaps for d's size
// and rules: the same as scripts/gaps-solvitaire writes, with "fixed
// suit" true under fixed suits. (Redeals are not among the rules it
// writes; WriteDeal refuses them.)
func (d Deal) SolvitaireRules() string {
	return fmt.Sprintf(`{"foundations": {"present": false}, "tableau piles": {"count": 0}, "sequences": {"count": 4, "direction": "L", "build policy": "same-suit", "fixed suit": %t}, "max rank": %d}`,
		d.Rules.FixedSuits, d.Cols)
}
