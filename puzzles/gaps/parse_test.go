package gaps

import (
	"strings"
	"testing"
)

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"HA H2 H3 ..\nDA D2 D3 ..\nSA S2 S3 ..\n", "d:4:1: 3 rows, want 4"},
		{"HA H2 H3 ..\nDA D2 D3 ..\nSA S2 S3 ..\nCA C2 C3 ..\nHA\n", "d:5:1: more than 4 rows"},
		{"HA H2 H3 ..\nDA D2 D3\nSA S2 S3 ..\nCA C2 C3 ..\n", "d:2:1: 3 cells, but the first row has 4"},
		{"HA H2 ..\n", "d:1:1: 3 cells in a row, want 4..13"},
		{"HA H2 H3 ..\nDA D2 D3 ..\nSA S2 X9 ..\nCA C2 C3 ..\n", `d:3:7: gaps: unknown card "X9"`},
		{"HA H2 H3 ..\nDA D2 D3 ..\nSA S2 S3 ..\nCA C2 H2 ..\n", "d:4:7: card H2 twice (also at 1:4)"},
		{"HA H2 H3 ..\nDA D2 D3 ..\nSA S2 S3 ..\nCA C2 C7 ..\n", "d:4:7: card C7 does not belong to a 4-column deal (ranks A..3)"},
		{"HA H2 H3 ..\nDA D2 D3 ..\nSA S2 S3 ..\nCA C2 .. ..\n", "d:4:1: 5 holes, want 4"},
		{"HA H2 H3 ..\nDA D2 D3 ..\nSA S2 S3 ..\nCA C2 H4 C4\n", "d:4:1: 5 holes, want 4"},
		{"HA H2 H3 ..\nDA D2 D3 ..\nSA S2 S3 ..\nCA C2 C3 C3\n", "d:4:10: card C3 twice (also at 4:7)"},
		// Issue 19: CR-only line ends were one line; a BOM is skipped.
		{"\xEF\xBB\xBFHA H2 H3 ..\rDA D2 D3 ..\rSA S2 X9 ..\rCA C2 C3 ..\r", `d:3:7: gaps: unknown card "X9"`},
		{"HA H2 H3 ..\r\nDA D2 D3 ..\r\nSA S2 X9 ..\r\nCA C2 C3 ..\r\n", `d:3:7: gaps: unknown card "X9"`},
		{"HA H2 H3 ..\n" + strings.Repeat("x", 20<<20), "d:2: line longer than 16777216 bytes"},
	} {
		_, err := ParseString(tc.text, "d")
		if err == nil || err.Error() != tc.want {
			t.Errorf("%q: error %v, want %q", tc.text, err, tc.want)
		}
	}
}

func TestParseRoundTrip(t *testing.T) {
	for k := MinCols; k <= MaxCols; k++ {
		d := Generate(k, uint64(k)*7)
		if err := d.Check(); err != nil {
			t.Fatalf("k=%d: %v", k, err)
		}
		p, err := ParseString("# a comment\n\n"+d.String(), "rt")
		if err != nil {
			t.Fatalf("k=%d: %v", k, err)
		}
		if p.String() != d.String() {
			t.Errorf("k=%d: %q, want %q", k, p.String(), d.String())
		}
	}
	// Holes named by their rank-k card, lower case and commas accepted.
	d, err := ParseString("h4,h2,h3,ha\nDA D2 D3 D4\nSA S2 S3 S4\nCA C2 C3 C4\n", "n")
	if err != nil || d.HoleNames[0] != NewCard(0, 4) || d.HoleNames[7] != NewCard(1, 4) {
		t.Errorf("named holes: %v %v", d.HoleNames, err)
	}
}

// TestGenerateStable pins the generator: these deals must never change.
func TestGenerateStable(t *testing.T) {
	for _, tc := range []struct {
		k    int
		seed uint64
		want string
	}{
		{6, 1, "H3 C4 D2 D4 .. HA\nC5 DA C3 C2 D5 H4\nS2 S5 SA .. .. D3\nH5 S4 H2 .. S3 CA\n"},
		{4, 7, "D3 .. D2 ..\nC3 C2 H2 ..\n.. SA DA S2\nS3 CA HA H3\n"},
	} {
		if got := Generate(tc.k, tc.seed).String(); got != tc.want {
			t.Errorf("Generate(%d, %d) = %q, want %q", tc.k, tc.seed, got, tc.want)
		}
	}
}

// FuzzParse: any input parses into a valid deal whose printing parses back
// to the same deal, or gives an error naming the file and a line.
func FuzzParse(f *testing.F) {
	f.Add("HA H2 H3 ..\nDA D2 D3 ..\nSA S2 S3 ..\nCA C2 C3 ..\n")
	f.Add(Generate(6, 1).String())
	f.Add(Generate(13, 1).String())
	f.Add("h4,h2,h3,ha\nDA D2 D3 D4\nSA S2 S3 S4\nCA C2 C3 C4\n")
	f.Add("HA H2 ..\n")
	f.Add("HA H2 H3 ..\nDA D2 D3 ..\nSA S2 X9 ..\nCA C2 C3 ..\n")
	f.Fuzz(func(t *testing.T, s string) {
		d, err := ParseString(s, "f.txt")
		if err != nil {
			if !strings.HasPrefix(err.Error(), "f.txt:") {
				t.Fatalf("error does not name the file: %v", err)
			}
			return
		}
		if err := d.Check(); err != nil {
			t.Fatalf("accepted an invalid deal: %v", err)
		}
		p, err := ParseString(d.String(), "again")
		if err != nil || p.String() != d.String() {
			t.Fatalf("printing does not parse back: %q: %v", d.String(), err)
		}
		if _, err := NewGame(d); err != nil {
			t.Fatal(err)
		}
	})
}
