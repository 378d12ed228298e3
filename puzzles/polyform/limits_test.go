package polyform

import (
	"strings"
	"testing"
	"time"
)

// cube draws an n x n x n cubic board with the pieces header given.
func cube(n int, pieces string) string {
	var b strings.Builder
	b.WriteString("grid: cubic\npieces: " + pieces + "\n")
	for range n {
		for range n {
			b.WriteString(strings.Repeat(".", n) + "\n")
		}
		b.WriteString("\n")
	}
	return b.String()
}

// TestBoardLimits (D1): a board too large to search is refused while it
// is read, and a packing whose placement lists would run to gigabytes is
// refused while they are listed, in seconds (before: 80 s for a 40^3
// cube with pentacubes in ranges, ignoring --max-time).
func TestBoardLimits(t *testing.T) {
	if _, _, err := ReadBoardSet(strings.NewReader(cube(41, "pentacubes")), "big.txt"); err == nil || !strings.Contains(err.Error(), "more than 65536 cells") {
		t.Errorf("a 41^3 board: %v", err)
	}
	b, _, err := ReadBoardSet(strings.NewReader(cube(25, "pentacubes")), "cube.txt")
	if err != nil {
		t.Fatal(err)
	}
	_, set, err := PieceSet("pentacubes")
	if err != nil {
		t.Fatal(err)
	}
	ranges := make([]Range, len(set))
	for i := range ranges {
		ranges[i] = Range{0, 1000}
	}
	start := time.Now()
	if _, err := NewPackingRanges(b, set, ranges); err == nil || !strings.Contains(err.Error(), "more than 1048576 placements") {
		t.Errorf("a 25^3 cube with pentacubes in ranges: %v", err)
	}
	t.Logf("refused after %v", time.Since(start))
}
