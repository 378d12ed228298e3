package serve

import (
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/branchwise/branchwise/puzzles/logicgrid"
	"github.com/branchwise/branchwise/search"
	"github.com/branchwise/branchwise/xcover"
)

// LogicRequest asks to solve a logic-grid puzzle given as the text of a
// puzzle file (docs/logicgrid.md).
type LogicRequest struct {
	Text       string  `json:"text"`
	MaxSeconds float64 `json:"max_seconds,omitempty"`
}

// LogicAnswer is a logic-grid puzzle's solution: the categories, the grid
// (one row per entity, the value of every category), whether it is
// unique, and the solver's explanation step by step.
type LogicAnswer struct {
	Categories []string   `json:"categories"`
	Grid       [][]string `json:"grid,omitempty"`
	Solutions  int64      `json:"solutions"`
	Unique     bool       `json:"unique"`
	Complete   bool       `json:"complete"`
	Nodes      int64      `json:"nodes"`
	Steps      []string   `json:"steps"`
}

// logicExplainLines bounds an explanation: a hard puzzle's search writes a
// line per node, and a page of this many lines is already long.
const logicExplainLines = 2000

// logicDefaultTime is a logic-grid request's time limit unless it names one.
const logicDefaultTime = 10 * time.Second

func (s *Server) handleLogic(w http.ResponseWriter, r *http.Request) {
	var req LogicRequest
	if !readJSON(w, r, &req) {
		return
	}
	limit, err := limitDuration(req.MaxSeconds, logicDefaultTime)
	if err != nil {
		writeError(w, http.StatusBadRequest, "%v", err)
		return
	}
	p, err := logicgrid.ParseString(req.Text, "puzzle")
	if err != nil {
		writeBoardError(w, err)
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), limit)
	defer cancel()
	var explain strings.Builder
	res := logicgrid.Solve(ctx, p, logicgrid.Options{
		Strategy: xcover.Fewest, Limits: search.Limits{MaxSolutions: 2}, Keep: 1, Trace: p.Explainer(&explain, logicExplainLines),
	})
	ans := LogicAnswer{Solutions: res.Solutions, Unique: res.Unique(), Complete: res.Complete(), Nodes: res.Nodes}
	for _, c := range p.Categories {
		ans.Categories = append(ans.Categories, c.Name)
	}
	if len(res.Kept) > 0 {
		for _, row := range res.Kept[0] {
			var cells []string
			for c, v := range row {
				if v < 0 {
					cells = append(cells, "?")
				} else {
					cells = append(cells, p.Categories[c].Values[v])
				}
			}
			ans.Grid = append(ans.Grid, cells)
		}
	}
	ans.Steps = strings.Split(strings.TrimRight(explain.String(), "\n"), "\n")
	writeJSON(w, http.StatusOK, ans)
}
