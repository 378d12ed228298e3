package serve

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/branchwise/branchwise/puzzles/gaps"
	"github.com/branchwise/branchwise/search"
)

// GapsRequest names a Superpuzz position: a deal as text (as `gaps deal`
// writes it) and the moves played from it, each [from, to] as cell
// numbers (row * columns + column).
type GapsRequest struct {
	Deal  string   `json:"deal"`
	Moves [][2]int `json:"moves,omitempty"`
	// MaxSeconds bounds a decide request (0: 5 s).
	MaxSeconds float64 `json:"max_seconds,omitempty"`
}

// GapsState is a position: its cells row by row ("" for a hole), the legal
// moves, and whether it is won or proved lost by the deadlock test.
type GapsState struct {
	Deal       string   `json:"deal"`
	Columns    int      `json:"columns"`
	Cells      []string `json:"cells"`
	Legal      [][2]int `json:"legal"`
	Won        bool     `json:"won"`
	Deadlocked bool     `json:"deadlocked"`
	Misplaced  int      `json:"misplaced"`
}

// GapsVerdict is the decider's answer for a position: solvable with the
// moves that win from it, unsolvable, or unknown within the time.
type GapsVerdict struct {
	Verdict   string   `json:"verdict"`
	Solution  [][2]int `json:"solution,omitempty"`
	Generated int64    `json:"generated"`
	Reason    string   `json:"reason,omitempty"`
}

// gapsDefaultTime is a decide request's time limit unless it names one.
const gapsDefaultTime = 5 * time.Second

// handleGapsDeal deals a game: {"columns": k, "seed": n}.
func (s *Server) handleGapsDeal(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Columns int    `json:"columns"`
		Seed    uint64 `json:"seed"`
	}
	if !readJSON(w, r, &req) {
		return
	}
	if req.Columns < gaps.MinCols || req.Columns > gaps.MaxCols {
		writeError(w, http.StatusBadRequest, "columns %d: want %d..%d", req.Columns, gaps.MinCols, gaps.MaxCols)
		return
	}
	s.writeGapsState(w, gaps.Generate(req.Columns, req.Seed), nil)
}

// gamePosition replays a request's moves on its deal.
func gamePosition(req GapsRequest) (gaps.Deal, *gaps.Game, error) {
	d, err := gaps.ParseString(req.Deal, "deal")
	if err != nil {
		return d, nil, err
	}
	g, err := gaps.NewGame(d)
	if err != nil {
		return d, nil, fmt.Errorf("serve: deal: %v", err)
	}
	for i, mv := range req.Moves {
		n := gaps.Rows * d.Cols
		if mv[0] < 0 || mv[0] >= n || mv[1] < 0 || mv[1] >= n {
			return d, nil, fmt.Errorf("serve: move %d: cells %v outside the %d cells", i+1, mv, n)
		}
		m := gaps.NewMove(mv[0], mv[1])
		if !g.Legal(m) {
			return d, nil, fmt.Errorf("serve: move %d: %s from cell %d to cell %d is not legal", i+1, g.Cell(mv[0]), mv[0], mv[1])
		}
		g.Apply(m)
	}
	return d, g, nil
}

func (s *Server) handleGapsState(w http.ResponseWriter, r *http.Request) {
	var req GapsRequest
	if !readJSON(w, r, &req) {
		return
	}
	d, g, err := gamePosition(req)
	if err != nil {
		writeBoardError(w, err)
		return
	}
	s.writeGapsState(w, d, g)
}

func (s *Server) writeGapsState(w http.ResponseWriter, d gaps.Deal, g *gaps.Game) {
	if g == nil {
		var err error
		if g, err = gaps.NewGame(d); err != nil {
			writeError(w, http.StatusBadRequest, "deal: %v", err)
			return
		}
	}
	st := GapsState{Deal: d.String(), Columns: d.Cols, Won: g.Won(), Deadlocked: g.Deadlocked(), Misplaced: g.Misplaced()}
	for p := range gaps.Rows * d.Cols {
		if c := g.Cell(p); c != gaps.Hole {
			st.Cells = append(st.Cells, c.String())
		} else {
			st.Cells = append(st.Cells, "")
		}
	}
	st.Legal = [][2]int{}
	for _, m := range g.Moves(nil) {
		st.Legal = append(st.Legal, [2]int{m.From(), m.To()})
	}
	writeJSON(w, http.StatusOK, st)
}

// handleGapsDecide decides the position: the hint is the first move of
// the solution.
func (s *Server) handleGapsDecide(w http.ResponseWriter, r *http.Request) {
	var req GapsRequest
	if !readJSON(w, r, &req) {
		return
	}
	limit, err := limitDuration(req.MaxSeconds, gapsDefaultTime)
	if err != nil {
		writeError(w, http.StatusBadRequest, "%v", err)
		return
	}
	_, g, err := gamePosition(req)
	if err != nil {
		writeBoardError(w, err)
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), limit)
	defer cancel()
	dec, err := gaps.Decide(ctx, g.Deal(), gaps.DecideOptions{Deadlock: true, Workers: 1, Limits: search.Limits{MaxMem: 1 << 30}})
	if err != nil {
		writeError(w, http.StatusBadRequest, "%v", err)
		return
	}
	v := GapsVerdict{Verdict: dec.Verdict.String(), Generated: dec.Generated}
	if dec.Err != nil {
		v.Reason = dec.Err.Error()
	}
	for _, m := range dec.Path {
		v.Solution = append(v.Solution, [2]int{m.From(), m.To()})
	}
	writeJSON(w, http.StatusOK, v)
}
