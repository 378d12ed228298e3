package polyform

import (
	"slices"
	"strings"
)

// bedlamSolution is a solution of the Bedlam cube, its four layers side
// by side, each piece a letter: the 13 pieces (12 pentacubes and a
// tetracube) are read off it.
var bedlamSolution = []string{
	"eeev Dvvv wwzz fggz",
	"DeBv DeCh Dwgg ffgz",
	"ACBB DCCh fwCh fwxh",
	"AAAB AyyB yyxh yxxx",
}

// tetrisCubeSolution lists the 12 pieces of the Tetris cube (Kadon /
// Tetris Holding's 4 x 4 x 4 puzzle): one line per piece, its cubes as
// x,y,z triples.
var tetrisCubeShapes = []string{
	"000 100 200 010 020",
	"000 010 110 020 030",
	"000 001 100 010 110",
	"000 001 010 110 210 120",
	"000 100 200 010 011",
	"000 100 200 110 111",
	"000 100 110 111 211",
	"010 110 120 210 101 111",
	"000 100 200 010 020 011",
	"000 100 200 010 020 021",
	"000 001 100 110 210",
	"000 010 110 120 130",
}

// piecesFromLayers reads pieces from a solution drawn as rows of layers
// side by side (separated by a space), each letter a piece.
func piecesFromLayers(rows []string) []Piece {
	cells := map[string][]Cell{}
	var order []string
	for y, row := range rows {
		for z, layer := range strings.Fields(row) {
			for x, ch := range layer {
				name := string(ch)
				if cells[name] == nil {
					order = append(order, name)
				}
				cells[name] = append(cells[name], Cell{x, y, z})
			}
		}
	}
	slices.Sort(order)
	var out []Piece
	for _, name := range order {
		out = append(out, Piece{Name: name, Shape: Cubic.normalize(cells[name]), OneSided: true})
	}
	return out
}

// BedlamPieces returns the 13 pieces of the Bedlam cube.
func BedlamPieces() []Piece { return piecesFromLayers(bedlamSolution) }

// TetrisCubePieces returns the 12 pieces of the Tetris cube, named A to L.
func TetrisCubePieces() []Piece {
	var out []Piece
	for k, line := range tetrisCubeShapes {
		var cells []Cell
		for _, f := range strings.Fields(line) {
			cells = append(cells, Cell{int(f[0] - '0'), int(f[1] - '0'), int(f[2] - '0')})
		}
		out = append(out, Piece{Name: string(labels[k]), Shape: Cubic.normalize(cells), OneSided: true})
	}
	return out
}
