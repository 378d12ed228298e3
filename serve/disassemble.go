package serve

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/branchwise/branchwise/puzzles/polyform"
	"github.com/branchwise/branchwise/puzzles/polyform/disassembly"
	"github.com/branchwise/branchwise/search"
)

// The disassembly view's limits.
const (
	// MaxBurrFileBytes bounds an uploaded BurrTools file (gzipped, as
	// BurrTools writes it): the largest of BurrTools' own examples is a
	// few tens of kilobytes. Its decompressed text is bounded by
	// polyform.MaxBurrBytes.
	MaxBurrFileBytes = 512 << 10
	// DisassemblyTime bounds the search of one request: the assemblies
	// enumerated and taken apart until the one asked for.
	DisassemblyTime = 20 * time.Second
	// MaxDisassemblyPositions bounds the positions of one breadth-first
	// search of the disassembler (disassembly.Disassembler.Limits): each
	// holds every piece's offset, so a million stays within tens of
	// megabytes.
	MaxDisassemblyPositions = 1 << 20
	// MaxDisassemblyFrames bounds the frames of an animation (one a unit
	// step): far more than any puzzle's moves, and small enough to send.
	MaxDisassemblyFrames = 20000
	// MaxDisassemblies bounds the disassembly requests served at once;
	// past it a request is refused with 429, since each may search for
	// DisassemblyTime.
	MaxDisassemblies = 4
)

// DisassemblyRequest asks for a disassembly of an assembly of a BurrTools
// puzzle: the file's bytes (base64 in JSON), the problem (from 1; 0 gives
// 1) and the assembly, counted among those that come apart (from 1; 0
// gives 1).
type DisassemblyRequest struct {
	Name     string `json:"name"`
	Data     []byte `json:"data"`
	Problem  int    `json:"problem"`
	Solution int    `json:"solution"`
}

// BurrProblemInfo names a problem of the file, for the page's choice.
type BurrProblemInfo struct {
	Name string `json:"name"`
}

// DisassemblyPiece is a piece of the assembly: its name (the pack
// command's), colour and voxels where the assembly has them.
type DisassemblyPiece struct {
	Name   string   `json:"name"`
	Colour string   `json:"colour"`
	Cells  [][3]int `json:"cells"`
}

// DisassemblyFrame is one frame of the animation: every piece's offset
// from its place in the assembly, the move it is part of (its number in
// the move list, from 1; 0 for the starting frame) and the part being
// taken apart (an index into Disassembly.Parts).
type DisassemblyFrame struct {
	Offsets [][3]int `json:"offsets"`
	Move    int      `json:"move"`
	Part    int      `json:"part"`
	// Parking is set once a group removed is a unit clear of its part:
	// it slides on only to be out of the way (the page plays such
	// frames faster).
	Parking bool `json:"parking,omitempty"`
}

// Disassembly is the answer of POST /api/burr/disassembly: the file's
// problems, and for the one asked, the assembly and how it comes apart.
// Frames start with the assembly; each next frame moves one piece or
// group by one unit; a group removed slides on until it is clear of
// every other piece.
type Disassembly struct {
	Name     string            `json:"name"`
	Problems []BurrProblemInfo `json:"problems"`
	Problem  int               `json:"problem"`
	Grid     string            `json:"grid"`
	// Assembly is the assembly's number among all those enumerated (as
	// `pack --disassemble --min-level 1` numbers them), Solution among
	// those that come apart.
	Assembly int                `json:"assembly"`
	Solution int                `json:"solution"`
	Level    string             `json:"level"`
	Total    int                `json:"total_moves"`
	Pieces   []DisassemblyPiece `json:"pieces"`
	Moves    []string           `json:"moves"`
	// Parts are the pieces of each separation, the whole assembly first,
	// in the order the frames take them apart.
	Parts  [][]int            `json:"parts"`
	Frames []DisassemblyFrame `json:"frames"`
}

// errNoDisassembly is an answer that is not the request's fault but the
// puzzle's: too few assemblies come apart, or a grid without the view.
type errNoDisassembly struct{ msg string }

func (e errNoDisassembly) Error() string { return e.msg }

func (s *Server) handleDisassembly(w http.ResponseWriter, r *http.Request) {
	var req DisassemblyRequest
	if !readJSON(w, r, &req) {
		return
	}
	select {
	case s.disassembling <- struct{}{}:
		defer func() { <-s.disassembling }()
	default:
		writeError(w, http.StatusTooManyRequests, "serve: %d disassemblies are running, the most at once: wait for one", MaxDisassemblies)
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), DisassemblyTime)
	defer cancel()
	d, err := disassemble(ctx, req)
	var none errNoDisassembly
	switch {
	case errors.As(err, &none):
		writeError(w, http.StatusUnprocessableEntity, "%v", err)
	case err != nil:
		writeError(w, http.StatusBadRequest, "%v", err)
	default:
		writeJSON(w, http.StatusOK, d)
	}
}

// disassemble reads the request's file and finds the disassembly asked.
func disassemble(ctx context.Context, req DisassemblyRequest) (*Disassembly, error) {
	name := req.Name
	if name == "" {
		name = "puzzle.xmpuzzle"
	}
	if len(req.Data) > MaxBurrFileBytes {
		return nil, fmt.Errorf("%s: %d bytes, over the %d a BurrTools file may have here", name, len(req.Data), MaxBurrFileBytes)
	}
	if len(req.Data) == 0 {
		return nil, fmt.Errorf("%s: an empty file", name)
	}
	problem, sol := max(req.Problem, 1), max(req.Solution, 1)
	if req.Problem < 0 || req.Solution < 0 {
		return nil, fmt.Errorf("serve: problem %d, solution %d: want numbers from 1", req.Problem, req.Solution)
	}
	pz, err := polyform.ReadBurr(bytes.NewReader(req.Data), name)
	if err != nil {
		return nil, err
	}
	d := &Disassembly{Name: name, Problem: problem, Grid: pz.Grid.String(), Solution: sol}
	for k, p := range pz.Problems {
		n := p.Name
		if n == "" {
			n = fmt.Sprintf("problem %d", k+1)
		}
		d.Problems = append(d.Problems, BurrProblemInfo{Name: n})
	}
	if problem > len(pz.Problems) {
		return nil, fmt.Errorf("%s: no problem %d: the file has problems 1 to %d", name, problem, len(pz.Problems))
	}
	if pz.Grid != polyform.Cubic {
		return nil, errNoDisassembly{fmt.Sprintf("%s: the puzzle is on the %v grid: the workbench animates disassemblies of the cube grid only (`branchwise pack --disassemble` takes apart the prism grid's too)", name, pz.Grid)}
	}
	// Checked before the packing is built: its placement lists grow with
	// the result's voxels.
	if n := len(pz.Shapes[pz.Problems[problem-1].Result].Cells); n > MaxBoardCells {
		return nil, fmt.Errorf("%s: problem %d's result has %d voxels, more than the %d the workbench takes", name, problem, n, MaxBoardCells)
	}
	pk, err := pz.Packing(problem - 1)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	// As the pack command sets up the search, so that the assemblies come
	// in its order.
	eng, strat, firstEmpty, err := polyform.ParseEngineStrategy("auto", "fewest")
	if err == nil {
		err = pk.UseEngine(name, eng, firstEmpty)
	}
	if err != nil {
		return nil, err
	}
	o := disassembly.Options{Strategy: strat, Limits: search.Limits{MaxNodes: MaxDisassemblyPositions}}
	o.Groups, o.Weights = disassembly.BurrOptions(pz, problem-1)
	n, found := 0, 0
	var kinds []int
	var pieces [][]polyform.Cell
	var sep *disassembly.Separation
	c := disassembly.Solve(ctx, pk, o, func(k []int, p [][]polyform.Cell, s *disassembly.Separation) bool {
		n++
		if s == nil {
			return true
		}
		if found++; found < sol {
			return true
		}
		kinds, pieces, sep = k, p, s
		return false
	})
	if sep == nil {
		if c.Err != nil {
			return nil, errNoDisassembly{fmt.Sprintf("%s: problem %d: stopped after %d assemblies, %d of them coming apart (%v)", name, problem, c.Assemblies, c.Solutions, c.Err)}
		}
		return nil, errNoDisassembly{fmt.Sprintf("%s: problem %d has %d assemblies, %d of them coming apart: no solution %d", name, problem, c.Assemblies, c.Solutions, sol)}
	}
	d.Assembly, d.Level, d.Total = n, sep.LevelText(), sep.TotalMoves()
	names := make([]string, len(pk.Pieces))
	for i, p := range pk.Pieces {
		names[i] = p.Name
	}
	colours := pieceColours(names)
	for i, p := range pieces {
		dp := DisassemblyPiece{Name: names[kinds[i]], Colour: colours[names[kinds[i]]]}
		for _, c := range p {
			dp.Cells = append(dp.Cells, [3]int{c.X, c.Y, c.Z})
		}
		d.Pieces = append(d.Pieces, dp)
	}
	a := newAnimator(pieces, sep)
	if err := a.play(sep, func(p int) string { return d.Pieces[p].Name }); err != nil {
		return nil, errNoDisassembly{fmt.Sprintf("%s: problem %d, solution %d: %v", name, problem, sol, err)}
	}
	d.Moves, d.Parts, d.Frames = a.moves, a.parts, a.frames
	return d, nil
}

// animator turns a separation into frames, replaying its moves one unit
// at a time: the moves of a separation, then those of the part that
// stays, then of the part removed (the order of disassembly.Replay). A
// group removed slides until it is clear of the rest of its part, and
// then on by park units for each removal still to come: the groups
// removed later, which travel less far, stop short of it, and none
// sweeps through another in the common case of removals in one direction.
type animator struct {
	pieces   [][]polyform.Cell
	off      [][3]int
	frames   []DisassemblyFrame
	moves    []string
	parts    [][]int
	removals int // still to come
	park     int
}

// newAnimator starts the frames of a disassembly of pieces with the
// assembly's.
func newAnimator(pieces [][]polyform.Cell, sep *disassembly.Separation) *animator {
	a := &animator{pieces: pieces, off: make([][3]int, len(pieces))}
	// park: more than a group's extent and every move's units, so that a
	// group removed later ends short of one removed earlier.
	lo, hi := [3]int{1 << 30, 1 << 30, 1 << 30}, [3]int{-(1 << 30), -(1 << 30), -(1 << 30)}
	for _, p := range pieces {
		for _, c := range p {
			for i, v := range [3]int{c.X, c.Y, c.Z} {
				lo[i], hi[i] = min(lo[i], v), max(hi[i], v)
			}
		}
	}
	a.park = max(hi[0]-lo[0], hi[1]-lo[1], hi[2]-lo[2]) + parkGap + 3
	var count func(s *disassembly.Separation)
	count = func(s *disassembly.Separation) {
		if s == nil {
			return
		}
		a.removals++
		for _, m := range s.Moves {
			if !m.Away {
				a.park += m.Amount
			}
		}
		count(s.Stay)
		count(s.Removed)
	}
	count(sep)
	a.parts = [][]int{sep.Pieces}
	a.frame(0)
	return a
}

// parkGap is how far a group removed slides past the last layer it had
// to clear: three empty layers between, which show in any view.
const parkGap = 3

func (a *animator) frame(move int) error {
	if len(a.frames) == MaxDisassemblyFrames {
		return fmt.Errorf("serve: more than %d frames", MaxDisassemblyFrames)
	}
	off := make([][3]int, len(a.off))
	copy(off, a.off)
	a.frames = append(a.frames, DisassemblyFrame{Offsets: off, Move: move, Part: len(a.parts) - 1})
	return nil
}

// dirVector is the unit step of a cube grid direction.
func dirVector(d disassembly.Dir) ([3]int, error) {
	if d < disassembly.PlusX || d > disassembly.MinusZ {
		return [3]int{}, fmt.Errorf("serve: direction %v is not the cube grid's", d)
	}
	v := d.Vector()
	return [3]int{v.X, v.Y, v.Z}, nil
}

func (a *animator) play(s *disassembly.Separation, name func(int) string) error {
	if s == nil {
		return nil
	}
	if len(a.frames) > 1 { // the first part is the assembly's, already listed
		a.parts = append(a.parts, s.Pieces)
	}
	for _, m := range s.Moves {
		v, err := dirVector(m.Dir)
		if err != nil {
			return err
		}
		text := ""
		for i, p := range m.Pieces {
			if i > 0 {
				text += " "
			}
			text += name(p)
		}
		amount := fmt.Sprint(m.Amount)
		if m.Away {
			amount = "away"
		}
		a.moves = append(a.moves, fmt.Sprintf("%s %v %s", text, m.Dir, amount))
		steps, clear := m.Amount, m.Amount
		if m.Away {
			a.removals--
			clear = a.clearance(s.Pieces, m.Pieces, v) + parkGap
			steps = clear + a.removals*a.park
		}
		for k := range steps {
			for _, p := range m.Pieces {
				for i := range 3 {
					a.off[p][i] += v[i]
				}
			}
			if err := a.frame(len(a.moves)); err != nil {
				return err
			}
			a.frames[len(a.frames)-1].Parking = k >= clear
		}
	}
	if err := a.play(s.Stay, name); err != nil {
		return err
	}
	return a.play(s.Removed, name)
}

// clearance is the number of unit steps along v after which every voxel
// of the group is beyond every voxel of the other pieces of the part.
func (a *animator) clearance(part, group []int, v [3]int) int {
	in := make([]int, len(a.pieces)) // 1: in the part, 2: in the group
	for _, p := range part {
		in[p] = 1
	}
	for _, p := range group {
		in[p] = 2
	}
	dot := func(p int, c polyform.Cell) int {
		o := a.off[p]
		return (c.X+o[0])*v[0] + (c.Y+o[1])*v[1] + (c.Z+o[2])*v[2]
	}
	hi, lo := -(1 << 30), 1<<30
	for p, cells := range a.pieces {
		for _, c := range cells {
			switch in[p] {
			case 2:
				lo = min(lo, dot(p, c))
			case 1:
				hi = max(hi, dot(p, c))
			}
		}
	}
	return max(hi-lo+1, 1)
}
