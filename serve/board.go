package serve

import (
	"cmp"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/branchwise/branchwise/puzzles/polyform"
	"github.com/branchwise/branchwise/render"
)

// PuzzleInfo describes a built-in puzzle for the editor.
type PuzzleInfo struct {
	Name  string `json:"name"`
	About string `json:"about"`
	// Board is the puzzle's board as a board file's text.
	Board string `json:"board,omitempty"`
}

func (s *Server) handlePuzzles(w http.ResponseWriter, r *http.Request) {
	var out []PuzzleInfo
	for _, name := range polyform.NamedPuzzles() {
		out = append(out, PuzzleInfo{Name: name, About: polyform.AboutPuzzle(name)})
	}
	writeJSON(w, http.StatusOK, map[string]any{"puzzles": out, "piece_sets": polyform.SetNames()})
}

// handlePuzzle gives a built-in puzzle's board as the text of a board
// file, so that the editor can start from it.
func (s *Server) handlePuzzle(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("name")
	board, pieces, ok := polyform.Named(name)
	if !ok {
		writeError(w, http.StatusNotFound, "no built-in puzzle %q", name)
		return
	}
	writeJSON(w, http.StatusOK, PuzzleInfo{Name: name, About: polyform.AboutPuzzle(name), Board: BoardText(board, setOf(name, pieces))})
}

// setNameOf remembers setOf's answers: building a set of many pieces (the
// heptacubes) takes seconds.
var setNameOf sync.Map

// setOf names the piece set of a built-in puzzle. The sets whose names
// begin the puzzle's are tried first (soma, pentomino-6x10).
func setOf(name string, pieces []polyform.Piece) string {
	if s, ok := setNameOf.Load(name); ok {
		return s.(string)
	}
	s := findSet(name, pieces)
	setNameOf.Store(name, s)
	return s
}

func findSet(name string, pieces []polyform.Piece) string {
	sets := polyform.SetNames()
	slices.SortStableFunc(sets, func(a, b string) int {
		return cmp.Compare(boolInt(!strings.HasPrefix(name, a)), boolInt(!strings.HasPrefix(name, b)))
	})
	for _, set := range sets {
		g, ps, err := polyform.PieceSet(set)
		if err != nil || len(ps) != len(pieces) || g == polyform.Square && !strings.HasPrefix(name, "pentomino") {
			continue
		}
		same := true
		for i := range ps {
			if ps[i].Name != pieces[i].Name || len(ps[i].Shape) != len(pieces[i].Shape) {
				same = false
				break
			}
		}
		if same {
			return set
		}
	}
	return ""
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// BoardText writes a board as the text of a board file: the grid and
// pieces headers, then '.' for every cell.
func BoardText(b *polyform.Board, set string) string {
	labels := make([]string, len(b.Cells))
	for i := range labels {
		labels[i] = "."
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "grid: %s\n", b.Grid)
	if set != "" {
		fmt.Fprintf(&sb, "pieces: %s\n", set)
	}
	for _, row := range b.Rows(labels) {
		sb.WriteString(row)
		sb.WriteByte('\n')
	}
	return sb.String()
}

// GridCell is one place of the editor's canvas: its row and column in the
// board file's text, and its polygon in the plane.
type GridCell struct {
	Row     int          `json:"row"`
	Col     int          `json:"col"`
	Polygon [][2]float64 `json:"polygon"`
}

// handleGrid gives the polygons of every place of a rows x cols window
// of a grid's text format: GET /api/grid?grid=triangle&rows=6&cols=20.
func (s *Server) handleGrid(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	g, err := polyform.ParseGrid(q.Get("grid"))
	if err != nil {
		writeError(w, http.StatusBadRequest, "%v", err)
		return
	}
	rows, err1 := strconv.Atoi(q.Get("rows"))
	cols, err2 := strconv.Atoi(q.Get("cols"))
	if err1 != nil || err2 != nil || rows < 1 || cols < 1 || rows > MaxEditorCells || cols > MaxEditorCells || rows*cols > MaxEditorCells {
		writeError(w, http.StatusBadRequest, "rows and cols: want positive whole numbers with rows x cols at most %d", MaxEditorCells)
		return
	}
	out := []GridCell{}
	for row := range rows {
		for col := range cols {
			if c, ok := g.FromPos(row, col); ok {
				out = append(out, GridCell{Row: row, Col: col, Polygon: g.Polygon(c)})
			}
		}
	}
	writeJSON(w, http.StatusOK, map[string]any{"grid": g.String(), "cells": out})
}

// BoardInfo is what POST /api/board says of a board text: its grid, its
// cells and the area of its pieces, or where the text is wrong.
type BoardInfo struct {
	Grid       string     `json:"grid"`
	Cells      []GridCell `json:"cells"`
	Pieces     []string   `json:"pieces"`
	PieceArea  int        `json:"piece_area"`
	Placements int        `json:"placements"`
	Symmetries int        `json:"symmetries"`
}

func (s *Server) handleBoard(w http.ResponseWriter, r *http.Request) {
	var req JobRequest
	if !readJSON(w, r, &req) {
		return
	}
	pk, _, err := loadPacking(req)
	if err != nil {
		writeBoardError(w, err)
		return
	}
	info := BoardInfo{Grid: pk.Board.Grid.String(), Placements: len(pk.Placements), Symmetries: len(pk.Symmetries())}
	polys := pk.Board.Polygons()
	for i, c := range pk.Board.Cells {
		row, col := pk.Board.Grid.Pos(c)
		info.Cells = append(info.Cells, GridCell{Row: row, Col: col, Polygon: polys[i]})
	}
	for _, p := range pk.Pieces {
		info.Pieces = append(info.Pieces, p.Name)
		info.PieceArea += len(p.Shape)
	}
	writeJSON(w, http.StatusOK, info)
}

// positionRE finds the line and column of a reader's error ("board:3:5:").
var positionRE = regexp.MustCompile(`^[^:]*:(\d+)(?::(\d+))?: `)

// writeBoardError answers 400 with a board or puzzle error and its
// position, when it has one.
func writeBoardError(w http.ResponseWriter, err error) {
	e := apiError{Error: err.Error()}
	if m := positionRE.FindStringSubmatch(e.Error); m != nil {
		e.Line, _ = strconv.Atoi(m[1])
		e.Col, _ = strconv.Atoi(m[2])
	}
	writeJSON(w, http.StatusBadRequest, e)
}

// PaletteInfo is a piece set as the editor's palette shows it: each
// piece drawn alone, in the colour its solutions give it.
type PaletteInfo struct {
	Set    string         `json:"set"`
	Grid   string         `json:"grid"`
	Pieces []PalettePiece `json:"pieces"`
}

// PalettePiece is one piece of a palette: its name (the letter --pieces
// takes), its cells, its colour and its picture.
type PalettePiece struct {
	Name   string `json:"name"`
	Cells  int    `json:"cells"`
	Colour string `json:"colour"`
	SVG    string `json:"svg"`
}

// paletteScale is the palette's pixels per cell edge: small enough for a
// set of 35 hexominoes to fit a few rows.
const paletteScale = 10

// handleSet draws a piece set for the editor's palette: GET
// /api/sets/pentominoes.
func (s *Server) handleSet(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("name")
	g, pieces, err := polyform.PieceSet(name)
	if err != nil {
		writeError(w, http.StatusNotFound, "%v", err)
		return
	}
	names := make([]string, len(pieces))
	for i, p := range pieces {
		names[i] = p.Name
	}
	colours := pieceColours(names)
	out := PaletteInfo{Set: name, Grid: g.String()}
	for _, p := range pieces {
		var b strings.Builder
		if g == polyform.Cubic {
			vs := make([]render.Voxel, len(p.Shape))
			for i, c := range p.Shape {
				vs[i] = render.Voxel{X: c.X, Y: c.Y, Z: c.Z, Label: p.Name}
			}
			render.CubeSheet{Solutions: [][]render.Voxel{vs}, Scale: paletteScale, Colours: colours}.WriteSVG(&b)
		} else {
			pic := make([]render.Cell, len(p.Shape))
			for i, c := range p.Shape {
				pic[i] = render.Cell{Polygon: g.Polygon(c), Label: p.Name}
			}
			render.Sheet{Pictures: [][]render.Cell{pic}, Columns: 1, Scale: paletteScale, Colours: colours}.WriteSVG(&b)
		}
		out.Pieces = append(out.Pieces, PalettePiece{Name: p.Name, Cells: len(p.Shape), Colour: colours[p.Name], SVG: b.String()})
	}
	writeJSON(w, http.StatusOK, out)
}
