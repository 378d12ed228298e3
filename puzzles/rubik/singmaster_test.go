package rubik

import (
	"strings"
	"testing"
)

// TestSingmaster checks the notation on the solved cube, on the cubes of
// U and R worked out by hand (U: the UR edge comes to UF, the URB corner
// to UFR; R: the FR edge comes to UR with its F colour up, the DFR corner
// to UFR with its F colour up and its D colour front), and that parsing
// undoes formatting on random cubes.
func TestSingmaster(t *testing.T) {
	for _, tc := range []struct{ moves, want string }{
		{"", SolvedSingmaster},
		{"U", "UR UB UL UF DF DR DB DL FR FL BR BL URB UBL ULF UFR DRF DFL DLB DBR"},
	} {
		m, err := ParseMoves(tc.moves)
		if err != nil {
			t.Fatal(err)
		}
		if got := FormatSingmaster(Solved().Apply(m)); got != tc.want {
			t.Errorf("%q: %s, want %s", tc.moves, got, tc.want)
		}
	}
	r := strings.Fields(FormatSingmaster(Solved().Turn(3)))
	if r[1] != "FR" || r[12] != "FDR" {
		t.Errorf("R: UR %s, UFR %s; want FR, FDR", r[1], r[12])
	}
	for k := 0; k < 200; k++ {
		c := RandomState(uint64(k))
		got, err := ParseSingmaster(FormatSingmaster(c))
		if err != nil || got != c {
			t.Fatalf("cube %d: %v, %v", k, got, err)
		}
	}
}

// TestParseSingmasterErrors checks that bad input gets an error naming
// the slot.
func TestParseSingmasterErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"UF UR", "2 slots"},
		{strings.Replace(SolvedSingmaster, "UR", "UX", 1), "slot 2 (UR): \"X\" is not a colour"},
		{strings.Replace(SolvedSingmaster, "UR", "UD", 1), "no cubie"},
		{strings.Replace(SolvedSingmaster, "UR", "UFR", 1), "3 colours, want 2"},
		{strings.Replace(SolvedSingmaster, "UR", "UF", 1), "edge UF twice"},
		{strings.Replace(SolvedSingmaster, "UFR", "URF", 1), "order no turn makes"},
		{strings.Replace(SolvedSingmaster, "UR", "RU", 1), "unreachable"},
	} {
		_, err := ParseSingmaster(tc.in)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want %q", tc.in, err, tc.want)
		}
	}
}

// FuzzParseSingmaster checks that parsing never panics and that a cube
// it accepts formats back to an equivalent string.
func FuzzParseSingmaster(f *testing.F) {
	f.Add(SolvedSingmaster)
	f.Add("UR UB UL UF DF DR DB DL FR FL BR BL URB UBL ULF UFR DRF DFL DLB DBR")
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseSingmaster(s)
		if err != nil {
			return
		}
		if d, err := ParseSingmaster(FormatSingmaster(c)); err != nil || d != c {
			t.Fatalf("%q: round trip %v, %v", s, d, err)
		}
	})
}
