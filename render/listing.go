package render

import (
	"fmt"
	"io"
)

// Listing prints solutions one after another as lines of text: a blank
// line between two, and before the first when Lead is set (a listing of
// every solution, whose first follows a heading); in ANSI colours
// (WriteANSI) when Color is set. The zero Listing with W set prints plain
// text.
type Listing struct {
	W           io.Writer
	Lead, Color bool
	n           int // solutions printed
}

// Write prints one solution's lines.
func (l *Listing) Write(lines []string) error {
	if l.n > 0 || l.Lead {
		if _, err := fmt.Fprintln(l.W); err != nil {
			return err
		}
	}
	l.n++
	if l.Color {
		return WriteANSI(l.W, lines)
	}
	for _, s := range lines {
		if _, err := fmt.Fprintln(l.W, s); err != nil {
			return err
		}
	}
	return nil
}
