package rubik

import (
	"strings"
	"testing"
)

func TestParseMoves(t *testing.T) {
	for _, tc := range []struct {
		in, out, err string
	}{
		{"R U R' U'", "R U R' U'", ""},
		{"F2 B2,L’ D", "F2 B2 L' D", ""},
		{"UR2F'", "U R2 F'", ""},
		{"", "", ""},
		{"U2'", "U2", ""},
		{"R X", "", "offset 2: 'X' is not a face"},
		{"R3", "", "offset 1: turn count '3'"},
		{"r", "", "offset 0: 'r' is not a face"},
	} {
		m, err := ParseMoves(tc.in)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%q: error %v, want %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil || FormatMoves(m) != tc.out {
			t.Errorf("%q: %q, %v; want %q", tc.in, FormatMoves(m), err, tc.out)
		}
	}
}

// FuzzParseMoves checks that parsing never panics and that what parses
// prints to text that parses to the same moves.
func FuzzParseMoves(f *testing.F) {
	for _, s := range []string{"R U R' U'", "F2 B2 L’ D", "U2'", "X", "R3", "", "D,,L`"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParseMoves(s)
		if err != nil {
			return
		}
		again, err := ParseMoves(FormatMoves(m))
		if err != nil || FormatMoves(again) != FormatMoves(m) {
			t.Fatalf("%q -> %q -> %v", s, FormatMoves(m), err)
		}
	})
}
