package render

import (
	"fmt"
	"io"
	"strings"
)

// WriteANSI writes a board's rows of piece letters to a terminal, each
// letter black on a light 256-colour background of its own, the same
// for the same letter in every picture; spaces stay blank.
func WriteANSI(w io.Writer, rows []string) error {
	for _, row := range rows {
		var b strings.Builder
		for _, ch := range row {
			if ch == ' ' {
				b.WriteByte(' ')
				continue
			}
			fmt.Fprintf(&b, "\x1b[30;48;5;%dm%c\x1b[0m", letterColour(ch), ch)
		}
		if _, err := fmt.Fprintln(w, b.String()); err != nil {
			return err
		}
	}
	return nil
}

// letterColour picks one of 24 light backgrounds of the 256-colour
// palette, on which black letters stay readable.
func letterColour(ch rune) int {
	palette := [...]int{210, 114, 227, 111, 215, 177, 87, 219, 156, 224, 73, 183,
		180, 230, 174, 158, 143, 223, 147, 250, 216, 122, 189, 229}
	return palette[int(ch)%len(palette)]
}
