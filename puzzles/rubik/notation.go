package rubik

import (
	"fmt"
	"strings"
)

// MaxScramble is the most moves ParseMoves accepts: far beyond any
// scramble (God's number is 20), small enough that input cannot make it
// allocate much.
const MaxScramble = 1000

// ParseMoves parses a sequence of face turns in standard notation: a face
// letter U, R, F, D, L or B, optionally followed by 2 (half turn) or '
// (anticlockwise; ’ and ` are accepted too), separated by spaces, commas
// or nothing. Errors name the byte offset of the problem.
func ParseMoves(s string) ([]int, error) {
	var out []int
	for i := 0; i < len(s); {
		c := s[i]
		if c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ',' {
			i++
			continue
		}
		f := strings.IndexByte(Faces, c)
		if f < 0 {
			return nil, fmt.Errorf("rubik: offset %d: %q is not a face (want one of U R F D L B)", i, rune(s[i]))
		}
		i++
		m := 3 * f
		switch {
		case i < len(s) && s[i] == '2':
			m++
			i++
			if i < len(s) && (s[i] == '\'' || s[i] == '`') {
				i++ // U2' is U2
			}
		case i < len(s) && (s[i] == '\'' || s[i] == '`'):
			m += 2
			i++
		case strings.HasPrefix(s[i:], "’"):
			m += 2
			i += len("’")
		}
		if i < len(s) && s[i] >= '0' && s[i] <= '9' {
			return nil, fmt.Errorf("rubik: offset %d: turn count %q (want nothing, 2 or ')", i, s[i])
		}
		if len(out) == MaxScramble {
			return nil, fmt.Errorf("rubik: offset %d: more than %d moves", i, MaxScramble)
		}
		out = append(out, m)
	}
	return out, nil
}

// FormatMoves writes moves in standard notation separated by spaces.
func FormatMoves(moves []int) string {
	var sb strings.Builder
	for i, m := range moves {
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(MoveName(m))
	}
	return sb.String()
}

// Apply returns c after the moves.
func (c Cube) Apply(moves []int) Cube {
	for _, m := range moves {
		c = c.Turn(m)
	}
	return c
}
