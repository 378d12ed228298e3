package polyform

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/branchwise/branchwise/search"
	"github.com/branchwise/branchwise/xcover"
)

func readBurrFile(t *testing.T, name string) *BurrPuzzle {
	t.Helper()
	f, err := os.Open("testdata/burr/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	p, err := ReadBurr(f, name)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestReadBurr(t *testing.T) {
	tests := []struct {
		file        string
		problem     int
		all, unique int64
	}{
		{"soma.xmpuzzle", 0, 11520, 240}, // gzipped; BurrTools' 240 assemblies
		{"ranges.xmpuzzle", 0, 80, 22},   // as TestRangesBruteForce's L*0-2,P*0-2,Y*0-2,U*0-1
		{"colours.xmpuzzle", 0, 1, 1},    // the blue monocube must lie on the blue voxel
		{"colours.xmpuzzle", 1, 2, 2},    // blue may lie on red too; no symmetries with colours
		// Made for the prism and sphere grids: a hexagonal prism two
		// layers high of four pieces; the triangle of 15 spheres in a
		// hexagonal layer, of five pieces that must be turned out of the
		// square layers they are given in. burrTxt: 2 and 4 assemblies.
		{"prism.xmpuzzle", 0, 48, 2},
		{"sphere.xmpuzzle", 0, 21, 4},
	}
	for _, tc := range tests {
		p := readBurrFile(t, tc.file)
		pk, err := p.Packing(tc.problem)
		if err != nil {
			t.Fatalf("%s: %v", tc.file, err)
		}
		c := pk.CountUnique(context.Background(), xcover.Fewest, 1, search.Limits{})
		if c.All != tc.all || c.Unique != tc.unique {
			t.Errorf("%s problem %d: %d solutions, %d unique; want %d, %d", tc.file, tc.problem+1, c.All, c.Unique, tc.all, tc.unique)
		}
	}
	if p := readBurrFile(t, "soma.xmpuzzle"); p.Problems[0].Assemblies != 240 || len(p.Problems[0].Notes) != 0 {
		t.Errorf("soma: assemblies %d, notes %q", p.Problems[0].Assemblies, p.Problems[0].Notes)
	}
}

func TestReadBurrErrors(t *testing.T) {
	const head = "<?xml version=\"1.0\"?>\n<puzzle version=\"2\">\n"
	tests := []struct{ in, want string }{
		{head + "<gridType type=\"5\"/>\n</puzzle>\n", "x.xmpuzzle:3:21: unknown grid type \"5\": BurrTools' grids are 0 (cubes) to 4 (tetrahedra and octahedra)"},
		{head + "<gridType type=\"2\"/>\n<shapes>\n<voxel x=\"2\" y=\"1\" z=\"1\">_#</voxel>\n</shapes></puzzle>", "x.xmpuzzle:5:26: shape 1: polyform: voxel 2 (1, 0, 0) is filled but no cell of the sphere grid (x + y + z odd)"},
		{head + "<gridType type=\"3\"/>\n<shapes>\n<voxel x=\"5\" y=\"1\" z=\"1\">_#</voxel>\n</shapes></puzzle>", "x.xmpuzzle:5:26: shape 1: polyform: voxel 2 (1, 0, 0) is filled but no cell of the rhombic grid (in each 5 x 5 x 5 block"},
		{head + "<gridType type=\"4\"/>\n<shapes>\n<voxel x=\"2\" y=\"1\" z=\"1\">#_</voxel>\n</shapes></puzzle>", "x.xmpuzzle:5:26: shape 1: polyform: voxel 1 (0, 0, 0) is filled but no cell of the tetra-octa grid (in each 3 x 3 x 3 block"},
		{head + "<shapes>\n<voxel x=\"2\" y=\"1\" z=\"1\">#</voxel>\n", "x.xmpuzzle:4:"},
		{head + "<shapes>\n<voxel x=\"2\" y=\"1\" z=\"1\">#_</voxel>\n</shapes>\n<problems>\n", "x.xmpuzzle:7: not BurrTools XML: unexpected EOF"},
		{head + "<shapes>\n<voxel x=\"2\" y=\"1\" z=\"1\">#_#</voxel>\n</shapes></puzzle>", "x.xmpuzzle:4:26: shape 1: polyform: more than the 2 x 1 x 1 = 2 voxels of its size"},
		{head + "<shapes>\n<voxel x=\"2\" y=\"1\" z=\"1\">#x</voxel>\n</shapes></puzzle>", "x.xmpuzzle:4:26: shape 1: polyform: voxel 2: unknown character 'x'"},
		{head + "<shapes>\n<voxel x=\"2\" y=\"1\" z=\"1\">##</voxel>\n</shapes>\n<problems><problem><shapes><shape id=\"3\" count=\"1\"/></shapes><result id=\"0\"/></problem></problems></puzzle>", "x.xmpuzzle:6:20: problem 1: polyform: piece: no shape \"3\""},
		{"<html></html>", "x.xmpuzzle:1:7: the root element is <html>"},
		// Two roots (issue 36, D19): the second is refused, not merged.
		{head + "<shapes>\n<voxel x=\"1\" y=\"1\" z=\"1\">#</voxel>\n</shapes>\n<problems><problem><shapes><shape id=\"0\" count=\"1\"/></shapes><result id=\"0\"/></problem></problems></puzzle>\n" + head + "</puzzle>\n",
			"x.xmpuzzle:8:21: a second root element <puzzle> after </puzzle>: a BurrTools file holds one puzzle"},
		{head + "<shapes>\n<voxel x=\"65536\" y=\"65536\" z=\"4294967296\">#</voxel>\n", "x.xmpuzzle:4:43: shape 1: polyform: size 65536 x 65536 x 4294967296"},
		{head + "</puzzle>", "x.xmpuzzle: the puzzle defines no problem"},
		{head + "<shapes>\n<voxel x=\"1\" y=\"1\" z=\"1\">_</voxel>\n</shapes>\n<problems><problem><shapes><shape id=\"0\" count=\"1\"/></shapes><result id=\"0\"/></problem></problems></puzzle>", "x.xmpuzzle:6: problem 1: shape 1 has no filled voxel"},
	}
	for _, tc := range tests {
		_, err := ReadBurr(strings.NewReader(tc.in), "x.xmpuzzle")
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%q:\n got %v\nwant %s...", tc.in, err, tc.want)
		}
	}
	// Gzipped: positions are the decompressed text's.
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write([]byte(tests[0].in))
	zw.Close()
	if _, err := ReadBurr(&b, "x.xmpuzzle"); err == nil || !strings.HasPrefix(err.Error(), "x.xmpuzzle (gzipped XML):3:21: unknown grid type \"5\"") {
		t.Errorf("gzipped: %v", err)
	}
}

func FuzzReadBurr(f *testing.F) {
	for _, name := range []string{"soma.xmpuzzle", "ranges.xmpuzzle", "colours.xmpuzzle", "prism.xmpuzzle", "sphere.xmpuzzle", "rhombic.xmpuzzle", "tetra-octa.xmpuzzle"} {
		data, err := os.ReadFile("testdata/burr/" + name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := ReadBurr(bytes.NewReader(data), "f")
		if err != nil {
			if !strings.HasPrefix(err.Error(), "f") {
				t.Fatalf("error without the file name: %v", err)
			}
			return
		}
		for k := range p.Problems {
			pk, err := p.Packing(k)
			if err != nil || len(pk.Board.Cells) > 30 {
				continue
			}
			ctx, cancel := context.WithTimeout(context.Background(), 100e6)
			pk.Count(ctx, xcover.Fewest, 1, search.Limits{})
			cancel()
		}
	})
}

func TestBurrVariableVoxels(t *testing.T) {
	// A result "+#+" (the middle voxel must be filled, the ends may stay
	// empty) and pieces given by the test.
	const in = `<puzzle><gridType type="0"/><shapes><voxel x="3" y="1" z="1">+#+</voxel>%s</shapes>
<problems><problem><shapes>%s</shapes><result id="0"/></problem></problems></puzzle>`
	tests := []struct {
		shapes, pieces string
		all, unique    int64
	}{
		{`<voxel x="1" y="1" z="1">#</voxel>`, `<shape id="1" count="1"/>`, 1, 1},                                                             // on the middle
		{`<voxel x="2" y="1" z="1">##</voxel>`, `<shape id="1" count="1"/>`, 2, 1},                                                            // either end left empty
		{`<voxel x="1" y="1" z="1">#</voxel>`, `<shape id="1" min="1" max="3"/>`, 0, 3},                                                       // 1, 2 or 3 monocubes: middle; middle and one end; all
		{`<voxel x="1" y="1" z="1">#</voxel><voxel x="2" y="1" z="1">##</voxel>`, `<shape id="1" count="1"/><shape id="2" count="1"/>`, 2, 1}, // the full row
	}
	for _, tc := range tests {
		p, err := ReadBurr(strings.NewReader(fmt.Sprintf(in, tc.shapes, tc.pieces)), "v.xmpuzzle")
		if err != nil {
			t.Fatal(err)
		}
		pk, err := p.Packing(0)
		if err != nil {
			t.Fatalf("%s: %v", tc.pieces, err)
		}
		c := pk.CountUnique(context.Background(), xcover.Fewest, 1, search.Limits{})
		if pk.Ranges != nil {
			c.All = 0 // Algorithm M counts sets of copies: checked through unique
		}
		if c.Unique != tc.unique || c.All != tc.all && pk.Ranges == nil {
			t.Errorf("%s: %d solutions, %d unique; want %d, %d", tc.pieces, c.All, c.Unique, tc.all, tc.unique)
		}
		var n int64
		pk.EachUnique(context.Background(), xcover.Fewest, func([]int, [][]Cell) bool { n++; return true })
		if n != tc.unique {
			t.Errorf("%s: EachUnique gave %d, want %d", tc.pieces, n, tc.unique)
		}
	}
}

// TestEachUniqueRanges checks that EachUnique, which restricts a piece
// used once, visits as many solutions as CountUnique counts without the
// restriction, on packings with copies and with a piece used once.
func TestEachUniqueRanges(t *testing.T) {
	_, set, err := PieceSet("pentominoes")
	if err != nil {
		t.Fatal(err)
	}
	total := int64(0)
	for _, spec := range []string{"L*2,P*1-3,N*0-2,V,U*0-1", "L,P*2,Y,N*0-2,U*1-2", "F,I,L,P*2"} {
		pieces, ranges, err := ParsePieces(set, spec)
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range []*Board{Rectangle(5, 6), Rectangle(5, 5)} {
			pk, err := NewPackingRanges(b, pieces, ranges)
			if err != nil {
				continue
			}
			want := pk.Count(context.Background(), xcover.Fewest, 1, search.Limits{}).Unique
			total += want
			if pk.restrict(func(p int) bool { return pk.Ranges[p] == Range{1, 1} }, false).Kept == nil {
				t.Errorf("%s in %d cells: no piece restricted", spec, len(b.Cells))
			}
			var n int64
			c := pk.EachUnique(context.Background(), xcover.Fewest, func([]int, [][]Cell) bool { n++; return true })
			if n != want || c.Unique != want {
				t.Errorf("%s in %d cells: EachUnique visited %d (counted %d), CountUnique %d", spec, len(b.Cells), n, c.Unique, want)
			}
		}
	}
	if total != 60+10+20+1 {
		t.Errorf("%d unique solutions in all, want 91 (60, 10, 20, 1 and 0)", total)
	}
}

// TestBurrNamedFiles checks the BurrTools files written for branchwise
// from its built-in 3D puzzles (to count them with burrTxt side by
// side): each gives the built-in puzzle's board and pieces, so the same
// placements, piece by piece.
func TestBurrNamedFiles(t *testing.T) {
	if testing.Short() {
		t.Skip("sequential (35 s under the race detector): the main test run checks it")
	}
	for _, name := range []string{"soma", "bedlam", "tetris-cube", "pentomino-2x3x10", "pentomino-2x5x6", "pentomino-3x4x5"} {
		p := readBurrFile(t, name+".xmpuzzle")
		got, err := p.Packing(0)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		board, pieces, ok := Named(name)
		if !ok {
			t.Fatalf("%s: not a built-in puzzle", name)
		}
		want, err := NewPacking(board, pieces)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(got.Board.Cells) != len(want.Board.Cells) || len(got.Pieces) != len(want.Pieces) {
			t.Fatalf("%s: %d cells, %d pieces; want %d, %d", name, len(got.Board.Cells), len(want.Board.Cells), len(got.Pieces), len(want.Pieces))
		}
		for i := range want.Pieces {
			g, w := placementsOf(got, i), placementsOf(want, i)
			if g != w || got.Pieces[i].Name != want.Pieces[i].Name {
				t.Errorf("%s: piece %d %s has %d placements; want %s with %d", name, i, got.Pieces[i].Name, g, want.Pieces[i].Name, w)
			}
		}
	}
	p := readBurrFile(t, "pentomino-2x3x10.xmpuzzle")
	pk, err := p.Packing(0)
	if err != nil {
		t.Fatal(err)
	}
	if c := pk.CountUnique(context.Background(), xcover.Fewest, 1, search.Limits{}); c.All != 96 || c.Unique != 12 {
		t.Errorf("pentomino-2x3x10.xmpuzzle: %d solutions, %d unique; want 96, 12 (burrTxt: 12 assemblies)", c.All, c.Unique)
	}
}

// placementsOf returns how many placements piece i has in pk.
func placementsOf(pk *Packing, i int) int {
	n := 0
	for _, pl := range pk.Placements {
		if pl.Piece == i {
			n++
		}
	}
	return n
}
