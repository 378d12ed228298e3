package serve

import (
	"archive/zip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"net/http"
	"path"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode"

	"github.com/branchwise/branchwise/estimate"
	"github.com/branchwise/branchwise/puzzles/polyform"
	"github.com/branchwise/branchwise/render"
	"github.com/branchwise/branchwise/search"
	"github.com/branchwise/branchwise/xcover"
)

// JobRequest asks for a packing search. Puzzle names a built-in puzzle;
// otherwise Board is a board file's text, as `branchwise pack FILE` reads
// it. Pieces, as --pieces, names a set or picks pieces by letter.
type JobRequest struct {
	Puzzle string `json:"puzzle,omitempty"`
	Board  string `json:"board,omitempty"`
	Pieces string `json:"pieces,omitempty"`
	// Mode is first (the default), all, count or estimate.
	Mode string `json:"mode,omitempty"`
	// Unique keeps one solution of each symmetry class (all, first) or
	// searches only for those (count).
	Unique bool `json:"unique,omitempty"`
	// MaxSeconds stops the job after this long (0: no limit).
	MaxSeconds float64 `json:"max_seconds,omitempty"`
}

// JobState is a job's snapshot, as GET /api/jobs/ID and the progress
// events give it.
type JobState struct {
	ID      string     `json:"id"`
	Request JobRequest `json:"request"`
	Name    string     `json:"name"`
	// Grid is the board's grid: square, triangle, hexagon or cubic.
	Grid string `json:"grid"`
	// Status is running, done, stopped (cancelled or out of time) or
	// failed.
	Status    string `json:"status"`
	Error     string `json:"error,omitempty"`
	Nodes     int64  `json:"nodes"`
	Solutions int64  `json:"solutions"`
	Unique    int64  `json:"unique"`
	Kept      int    `json:"kept"`
	// KeptUnique counts the kept solutions that stand for their symmetry
	// class (?unique=1 on a solution's address numbers those).
	KeptUnique int     `json:"kept_unique"`
	Seconds    float64 `json:"seconds"`
	// EstimatedNodes is the size of the search tree estimated before a
	// count (0 if not estimated); SecondsLeft follows from it and the
	// node rate.
	EstimatedNodes float64 `json:"estimated_nodes,omitempty"`
	SecondsLeft    float64 `json:"seconds_left,omitempty"`
	// Phase says what a running job does besides its search: "estimating"
	// while the estimate of a count's tree runs beside it.
	Phase string `json:"phase,omitempty"`
	// Estimate is the result of an estimate job.
	Estimate *EstimateSummary `json:"estimate,omitempty"`
	// NodesByDepth and MeanBranching (the mean minimum branching factor
	// per depth) come with a finished search.
	NodesByDepth  []int64   `json:"nodes_by_depth,omitempty"`
	MeanBranching []float64 `json:"mean_branching,omitempty"`
	Version       uint64    `json:"version"`
}

// EstimateSummary is an estimate job's result: the tree's nodes and
// solutions with 95% intervals.
type EstimateSummary struct {
	Method        string    `json:"method"`
	Nodes         jsonFloat `json:"nodes"`
	NodesLow      jsonFloat `json:"nodes_low"`
	NodesHigh     jsonFloat `json:"nodes_high"`
	Solutions     jsonFloat `json:"solutions"`
	SolutionsLow  jsonFloat `json:"solutions_low"`
	SolutionsHigh jsonFloat `json:"solutions_high"`
	// NodesKind and SolutionsKind say how to read each interval:
	// "confidence" (95%), "spread" (the replicates' spread, not a
	// confidence interval) or "exact".
	NodesKind       string    `json:"nodes_kind"`
	SolutionsKind   string    `json:"solutions_kind"`
	Samples         int       `json:"samples"`
	SecondsExpected jsonFloat `json:"seconds_expected"`
}

// jsonFloat is a number that JSON writes as null when it is not finite
// (an interval without an upper bound).
type jsonFloat float64

// MarshalJSON writes the number, or null for an infinity or NaN.
func (f jsonFloat) MarshalJSON() ([]byte, error) {
	if math.IsInf(float64(f), 0) || math.IsNaN(float64(f)) {
		return []byte("null"), nil
	}
	return strconv.AppendFloat(nil, float64(f), 'g', -1, 64), nil
}

// job is one packing search.
type job struct {
	id     string
	req    JobRequest
	name   string
	pk     *polyform.Packing
	cancel context.CancelFunc
	done   chan struct{}
	start  time.Time

	nodes atomic.Int64

	mu        sync.Mutex
	state     JobState
	solutions [][]int // kept solutions: the piece of every cell
	reps      []int   // the kept solutions that stand for their symmetry class
}

func (j *job) finished() bool {
	select {
	case <-j.done:
		return true
	default:
		return false
	}
}

// snapshot returns the job's state now.
func (j *job) snapshot() JobState {
	j.mu.Lock()
	defer j.mu.Unlock()
	st := j.state
	st.Kept = len(j.solutions)
	st.KeptUnique = len(j.reps)
	if st.Status == "running" {
		st.Nodes = j.nodes.Load()
		st.Seconds = time.Since(j.start).Seconds()
		if st.EstimatedNodes > 0 && st.Nodes > 0 {
			st.SecondsLeft = max(0, (st.EstimatedNodes-float64(st.Nodes))/float64(st.Nodes)*st.Seconds)
		}
		// Progress without a new solution still counts as a change.
		st.Version += uint64(st.Nodes)
	}
	return st
}

// record counts a solution of a count, unique when canon, and keeps it.
func (j *job) record(assign []int, canon bool) {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.state.Solutions++
	if canon {
		j.state.Unique++
	}
	j.keep(assign, canon)
}

// keep records a solution, copying it, while fewer than MaxKeptSolutions
// are kept.
// With rep set, the solution stands for its symmetry class: the unique-only
// view of the gallery shows those.
func (j *job) keep(assign []int, rep bool) {
	if len(j.solutions) < MaxKeptSolutions {
		if rep {
			j.reps = append(j.reps, len(j.solutions))
		}
		j.solutions = append(j.solutions, append([]int(nil), assign...))
	}
	j.state.Version++
}

// loadPacking builds the packing of a request, as the pack command does
// (polyform.Load): a built-in puzzle or a board text, with the pieces
// named, copies and ranges too. A board text is first checked for its
// size.
func loadPacking(req JobRequest) (*polyform.Packing, string, error) {
	if req.Puzzle != "" {
		if _, _, ok := polyform.Named(req.Puzzle); !ok {
			return nil, "", fmt.Errorf("serve: unknown puzzle %q (want one of %s)", req.Puzzle, strings.Join(polyform.NamedPuzzles(), ", "))
		}
		pk, err := polyform.Load(req.Puzzle, req.Pieces)
		return pk, jobName(req.Puzzle, req.Pieces), err
	}
	if strings.TrimSpace(req.Board) == "" {
		return nil, "", errors.New("serve: no board: give a puzzle name or a board text")
	}
	board, _, err := polyform.ReadBoardSet(strings.NewReader(req.Board), "board")
	if err != nil {
		return nil, "", err
	}
	if len(board.Cells) > MaxBoardCells {
		return nil, "", fmt.Errorf("serve: board: %d cells, at most %d", len(board.Cells), MaxBoardCells)
	}
	pk, err := polyform.LoadBoard(strings.NewReader(req.Board), "board", req.Pieces)
	return pk, jobName("board", req.Pieces), err
}

// jobName is a job's name before the board's own (boardName): the
// puzzle, and the pieces when named.
func jobName(name, pieces string) string {
	if pieces != "" {
		name += ", pieces " + pieces
	}
	return name
}

func (s *Server) handleNewJob(w http.ResponseWriter, r *http.Request) {
	var req JobRequest
	if !readJSON(w, r, &req) {
		return
	}
	switch req.Mode {
	case "":
		req.Mode = "first"
	case "first", "all", "count", "estimate":
	default:
		writeError(w, http.StatusBadRequest, "mode %q: want first, all, count or estimate", req.Mode)
		return
	}
	limit, err := limitOrNone(req.MaxSeconds)
	if err != nil {
		writeError(w, http.StatusBadRequest, "%v", err)
		return
	}
	pk, name, err := loadPacking(req)
	if err != nil {
		writeBoardError(w, err)
		return
	}
	if req.Puzzle == "" {
		name = strings.Replace(name, "board", boardName(req.Board), 1)
	}
	ctx, cancel := context.WithCancel(context.Background())
	if limit > 0 {
		ctx, cancel = context.WithTimeout(context.Background(), limit)
	}
	j := &job{req: req, name: name, pk: pk, cancel: cancel, done: make(chan struct{}), start: time.Now()}
	j.state = JobState{Request: req, Name: name, Grid: pk.Board.Grid.String(), Status: "running"}
	if err := s.jobs.add(j); err != nil {
		cancel()
		writeError(w, http.StatusTooManyRequests, "%v", err)
		return
	}
	j.state.ID = j.id
	s.jobs.wg.Add(1)
	go func() {
		defer s.jobs.wg.Done()
		defer close(j.done)
		defer cancel()
		s.run(ctx, j)
	}()
	writeJSON(w, http.StatusAccepted, j.snapshot())
}

// limitOrNone reads a job's time limit: 0 is none.
func limitOrNone(seconds float64) (time.Duration, error) {
	if seconds == 0 {
		return 0, nil
	}
	// Below a nanosecond the duration would be 0, which means no limit.
	if !(seconds >= 1e-9) || seconds > 1e9 {
		return 0, fmt.Errorf("serve: max_seconds %v: want a number of seconds from 1e-9 to 1e9", seconds)
	}
	return time.Duration(seconds * float64(time.Second)), nil
}

// run searches j's packing as its mode asks, recording what it finds.
func (s *Server) run(ctx context.Context, j *job) {
	pk := j.pk
	pk.Progress = func(n int64) { j.nodes.Add(n) }
	var r xcover.Result
	switch j.req.Mode {
	case "estimate":
		s.runEstimate(ctx, j)
		return
	case "count":
		if !j.req.Unique && pk.Ranges == nil { // the estimator does not walk Algorithm M's tree
			s.estimateAlongside(ctx, j)
		}
		if pk.Ranges != nil {
			s.countRanges(ctx, j)
			return
		} else if j.req.Unique {
			var mu sync.Mutex
			r = pk.SolveUnique(ctx, xcover.Fewest, s.opt.Workers, search.Limits{}, pk.Restrict(), func(_ int, assign []int, class int) bool {
				mu.Lock()
				defer mu.Unlock()
				j.mu.Lock()
				defer j.mu.Unlock()
				j.state.Solutions += int64(class)
				j.state.Unique++
				j.keep(assign, true)
				return true
			})
			r.Solutions = 0 // the restricted search's own count is not the number of all solutions
		} else {
			r = pk.SolveParallel(ctx, xcover.Fewest, s.opt.Workers, search.Limits{}, func(_ int, assign []int) bool {
				j.record(assign, pk.IsCanonical(assign)) // IsCanonical relabels the pieces a symmetry exchanges
				return true
			})
		}
	default: // first, all
		r = pk.Solve(ctx, xcover.Fewest, search.Limits{}, func(assign []int) bool {
			// IsCanonical relabels the pieces a symmetry exchanges; with copies
			// it cannot tell them apart, and the classes are counted after.
			canon := pk.IsCanonical(assign) && pk.Ranges == nil
			j.mu.Lock()
			defer j.mu.Unlock()
			j.state.Solutions++
			if canon {
				j.state.Unique++
			}
			if canon || !j.req.Unique {
				j.keep(assign, canon || j.req.Mode == "first")
				if j.req.Mode == "first" {
					j.state.Unique = 1 // one solution is one class, canonical or not
				}
				return j.req.Mode == "all"
			}
			return true
		})
	}
	if pk.Ranges != nil && j.req.Mode == "all" && r.Err == nil {
		c := pk.Count(ctx, xcover.Fewest, 1, search.Limits{})
		j.mu.Lock()
		j.state.Unique = c.Unique
		j.mu.Unlock()
	}
	j.finish(r.Stats, r.Err)
}

// countRanges counts a packing with copies or ranges of pieces as the pack
// command does (Algorithm M, one worker, Packing.Count), then keeps one
// solution of each class (EachUnique, which tells copies apart) for the
// gallery.
func (s *Server) countRanges(ctx context.Context, j *job) {
	pk := j.pk
	c := pk.Count(ctx, xcover.Fewest, 1, search.Limits{})
	j.mu.Lock()
	j.state.Solutions, j.state.Unique = c.All, c.Unique
	j.mu.Unlock()
	if c.Err == nil {
		index := map[polyform.Cell]int{}
		for i, cell := range pk.Board.Cells {
			index[cell] = i
		}
		assign := make([]int, len(pk.Board.Cells))
		pk.EachUnique(ctx, xcover.Fewest, func(kinds []int, pieces [][]polyform.Cell) bool {
			for k, cells := range pieces {
				for _, cell := range cells {
					assign[index[cell]] = kinds[k]
				}
			}
			j.mu.Lock()
			defer j.mu.Unlock()
			j.keep(assign, true)
			return len(j.solutions) < MaxKeptSolutions
		})
	}
	j.finish(c.Stats, c.Err)
}

// finish records a finished search's statistics and status.
func (j *job) finish(st xcover.Stats, err error) {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.state.Nodes = max(st.Nodes, j.nodes.Load())
	j.state.Seconds = time.Since(j.start).Seconds()
	j.state.NodesByDepth = st.NodesByDepth
	for d := range st.Branches {
		j.state.MeanBranching = append(j.state.MeanBranching, st.MeanMinBranching(d))
	}
	j.state.SecondsLeft = 0
	j.state.Phase = ""
	j.state.Status = "done"
	if err != nil {
		j.state.Status = "stopped"
		j.state.Error = stopReason(err)
	}
	j.state.Version++
}

func stopReason(err error) string {
	switch {
	case errors.Is(err, context.Canceled):
		return "stopped by the user"
	case errors.Is(err, context.DeadlineExceeded):
		return "stopped by its time limit"
	}
	return err.Error()
}

func (j *job) setEstimate(nodes float64) {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.state.Phase = ""
	if j.state.Status == "running" && !math.IsInf(nodes, 0) && !math.IsNaN(nodes) {
		j.state.EstimatedNodes = nodes
	}
	j.state.Version++
}

// estimateAlongside estimates the size of a count's tree on one goroutine
// beside the count, so that the count's progress shows from its start and
// its time left once the estimate is in. The estimate ends with the job.
func (s *Server) estimateAlongside(ctx context.Context, j *job) {
	quiet := *j.pk
	quiet.Progress = nil // the probes' nodes are not the count's
	j.mu.Lock()
	j.state.Phase = "estimating"
	j.mu.Unlock()
	s.jobs.wg.Add(1)
	go func() {
		defer s.jobs.wg.Done()
		ctx, cancel := context.WithCancel(ctx)
		defer cancel()
		go func() {
			select {
			case <-j.done:
				cancel()
			case <-ctx.Done():
			}
		}()
		j.setEstimate(estimateNodes(ctx, &quiet, 1))
	}()
}

// estimateNodes estimates the size of a packing's search tree by Knuth's
// probes with lookahead for at most a second, as `pack --count` does on a
// terminal.
func estimateNodes(ctx context.Context, pk *polyform.Packing, workers int) float64 {
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	r := estimate.Knuth(ctx, pk.Tree(xcover.Fewest), estimate.Options{Seed: 1, Samples: 1 << 30, Workers: workers, Lookahead: true})
	return r.Nodes.Estimate
}

// runEstimate runs the frontier estimator for the job's time (10 s by
// default), with 95% intervals.
func (s *Server) runEstimate(ctx context.Context, j *job) {
	if j.req.MaxSeconds == 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
	}
	start := time.Now()
	r := estimate.Knuth(ctx, j.pk.Tree(xcover.Fewest), estimate.Options{Seed: 1, Samples: 1 << 30, Workers: s.opt.Workers, Lookahead: true})
	sum := &EstimateSummary{
		Method: r.Method, Nodes: jsonFloat(r.Nodes.Estimate), NodesLow: jsonFloat(r.Nodes.Low), NodesHigh: jsonFloat(r.Nodes.High),
		Solutions: jsonFloat(r.Solutions.Estimate), SolutionsLow: jsonFloat(r.Solutions.Low), SolutionsHigh: jsonFloat(r.Solutions.High),
		NodesKind: r.Nodes.Kind, SolutionsKind: r.Solutions.Kind, Samples: r.Samples,
	}
	if r.Work > 0 {
		sum.SecondsExpected = jsonFloat(r.Nodes.Estimate / float64(r.Work) * time.Since(start).Seconds())
	}
	j.mu.Lock()
	j.state.Estimate = sum
	j.mu.Unlock()
	j.finish(xcover.Stats{}, nil)
}

func (s *Server) handleJobs(w http.ResponseWriter, r *http.Request) {
	out := []JobState{}
	for _, j := range s.jobs.list() {
		out = append(out, j.snapshot())
	}
	writeJSON(w, http.StatusOK, map[string]any{"jobs": out})
}

func (s *Server) jobOf(w http.ResponseWriter, r *http.Request) *job {
	j := s.jobs.get(r.PathValue("id"))
	if j == nil {
		writeError(w, http.StatusNotFound, "no job %q", r.PathValue("id"))
	}
	return j
}

func (s *Server) handleJob(w http.ResponseWriter, r *http.Request) {
	if j := s.jobOf(w, r); j != nil {
		writeJSON(w, http.StatusOK, j.snapshot())
	}
}

func (s *Server) handleCancel(w http.ResponseWriter, r *http.Request) {
	j := s.jobOf(w, r)
	if j == nil {
		return
	}
	j.cancel()
	select {
	case <-j.done:
	case <-time.After(5 * time.Second):
	}
	writeJSON(w, http.StatusOK, j.snapshot())
}

// handleEvents streams a job's state as Server-Sent Events: a "state"
// event when it changed, at most every ProgressInterval, and a last one
// when the job ends.
func (s *Server) handleEvents(w http.ResponseWriter, r *http.Request) {
	j := s.jobOf(w, r)
	if j == nil {
		return
	}
	flusher, ok := w.(http.Flusher)
	if !ok {
		writeError(w, http.StatusInternalServerError, "streaming is not supported by this connection")
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	tick := time.NewTicker(ProgressInterval)
	defer tick.Stop()
	last := ^uint64(0)
	for {
		finished := j.finished()
		st := j.snapshot()
		if st.Version != last || finished {
			last = st.Version
			if err := writeEvent(w, "state", st); err != nil {
				return
			}
			flusher.Flush()
		}
		if finished {
			fmt.Fprint(w, "event: end\ndata: {}\n\n")
			flusher.Flush()
			return
		}
		select {
		case <-r.Context().Done():
			return
		case <-j.done:
		case <-tick.C:
		}
	}
}

// handleSolution gives kept solution k of a job: K.svg draws it (on the
// cubic grid layer by layer and in an isometric view), K.json gives every
// cell's place and piece, for the page's 3D view.
func (s *Server) handleSolution(w http.ResponseWriter, r *http.Request) {
	j := s.jobOf(w, r)
	if j == nil {
		return
	}
	name, asJSON := strings.CutSuffix(r.PathValue("k"), ".json")
	k, err := strconv.Atoi(strings.TrimSuffix(name, ".svg"))
	j.mu.Lock()
	n := len(j.solutions)
	if r.URL.Query().Get("unique") == "1" && err == nil {
		if k >= 0 && k < len(j.reps) {
			k = j.reps[k] // the k-th solution of the unique-only view
		} else {
			k = -1
		}
	}
	var assign []int
	if err == nil && k >= 0 && k < n {
		assign = j.solutions[k]
	}
	j.mu.Unlock()
	if assign == nil {
		writeError(w, http.StatusNotFound, "job %s keeps %d solutions; no solution %q", j.id, n, r.PathValue("k"))
		return
	}
	if asJSON {
		writeJSON(w, http.StatusOK, j.solutionCells(assign))
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	if r.URL.Query().Has("download") {
		w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", fmt.Sprintf("%s-%s-%d.svg", fileName(j.name), j.id, k+1)))
	}
	_ = j.writeSolutionSVG(w, k, assign)
}

// SolutionCell is one board cell of a solution: its grid coordinates
// (X, Y, Z; layer Z on the cubic grid), its place in the board file's text
// and the piece on it.
type SolutionCell struct {
	X     int    `json:"x"`
	Y     int    `json:"y"`
	Z     int    `json:"z"`
	Row   int    `json:"row"`
	Col   int    `json:"col"`
	Piece string `json:"piece"`
}

// Solution is a solution as JSON: the grid, every cell's piece, and the
// colour of every piece as the cubic grid's pictures give it.
type Solution struct {
	Grid    string            `json:"grid"`
	Cells   []SolutionCell    `json:"cells"`
	Colours map[string]string `json:"colours"`
}

func (j *job) solutionCells(assign []int) Solution {
	out := Solution{Grid: j.pk.Board.Grid.String(), Colours: map[string]string{}}
	all := j.colours()
	for i, c := range j.pk.Board.Cells {
		row, col := j.pk.Board.Grid.Pos(c)
		name := j.pk.Pieces[assign[i]].Name
		out.Cells = append(out.Cells, SolutionCell{X: c.X, Y: c.Y, Z: c.Z, Row: row, Col: col, Piece: name})
		out.Colours[name] = all[name]
	}
	return out
}

// pieceColours gives pieces their colours by the order of their names, as
// render.CubeSheet does: a solution, its picture, its JSON and the
// editor's palette of the same pieces agree.
func pieceColours(names []string) map[string]string {
	names = slices.Clone(names)
	slices.Sort(names)
	out := map[string]string{}
	for i, name := range names {
		out[name] = render.PieceColours[i%len(render.PieceColours)]
	}
	return out
}

// colours is pieceColours of the job's pieces.
func (j *job) colours() map[string]string {
	var names []string
	for _, p := range j.pk.Pieces {
		names = append(names, p.Name)
	}
	return pieceColours(names)
}

// writeSolutionSVG draws solution k (from 0): flat grids with the pieces'
// letters, the cubic grid layer by layer and in an isometric view, with a
// legend of the pieces' colours.
func (j *job) writeSolutionSVG(w io.Writer, k int, assign []int) error {
	title := fmt.Sprintf("%s, solution %d", j.name, k+1)
	b := j.pk.Board
	if b.Grid == polyform.Cubic {
		vs := make([]render.Voxel, len(assign))
		for i, c := range b.Cells {
			vs[i] = render.Voxel{X: c.X, Y: c.Y, Z: c.Z, Label: j.pk.Pieces[assign[i]].Name}
		}
		return render.CubeSheet{Title: title, Solutions: [][]render.Voxel{vs}, Legend: true, Letters: true, Colours: j.colours()}.WriteSVG(w)
	}
	pic := make([]render.Cell, len(assign))
	for i, poly := range b.Polygons() {
		pic[i] = render.Cell{Polygon: poly, Label: j.pk.Pieces[assign[i]].Name}
	}
	return render.Sheet{Title: title, Pictures: [][]render.Cell{pic}, Columns: 1, Letters: true, Colours: j.colours()}.WriteSVG(w)
}

// handleSolutions gives every kept solution of a job at once, for saving:
// solutions.txt as board files (the piece's letter on every cell, a blank
// line between solutions), solutions.json as a list of Solution,
// solutions.zip as one SVG picture per solution.
func (s *Server) handleSolutions(w http.ResponseWriter, r *http.Request) {
	j := s.jobOf(w, r)
	if j == nil {
		return
	}
	j.mu.Lock()
	sols := slices.Clone(j.solutions)
	j.mu.Unlock()
	format := strings.TrimPrefix(path.Ext(r.URL.Path), ".")
	w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", fmt.Sprintf("%s-%s-solutions.%s", fileName(j.name), j.id, format)))
	switch format {
	case "json":
		out := make([]Solution, len(sols))
		for k, a := range sols {
			out[k] = j.solutionCells(a)
		}
		writeJSON(w, http.StatusOK, map[string]any{"name": j.name, "solutions": out})
	case "txt":
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		labels := make([]string, len(j.pk.Board.Cells))
		for k, a := range sols {
			for i := range a {
				labels[i] = j.pk.Pieces[a[i]].Name
			}
			fmt.Fprintf(w, "# %s, solution %d\n%s\n\n", j.name, k+1, strings.Join(j.pk.Board.Rows(labels), "\n"))
		}
	default: // zip
		w.Header().Set("Content-Type", "application/zip")
		z := zip.NewWriter(w)
		for k, a := range sols {
			f, err := z.Create(fmt.Sprintf("solution-%05d.svg", k+1))
			if err != nil {
				return
			}
			if err := j.writeSolutionSVG(f, k, a); err != nil {
				return
			}
		}
		_ = z.Close()
	}
}

// fileName makes a job's name fit for a file name.
func fileName(name string) string {
	return strings.Map(func(r rune) rune {
		if r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) {
			return r
		}
		return '-'
	}, name)
}

// boardName names a job on a board text: the built-in puzzle whose board
// and pieces it has, or its piece set (from the "pieces:" header), grid and
// cells.
func boardName(text string) string {
	b, set, err := polyform.ReadBoardSet(strings.NewReader(text), "board")
	if err != nil {
		return "board"
	}
	for _, name := range polyform.NamedPuzzles() {
		nb, pieces := named(name)
		if nb.Grid == b.Grid && sameShape(nb, b) && (set == "" && b.Grid == polyform.Square || set != "" && set == setOf(name, pieces)) {
			return name
		}
	}
	if set == "" {
		set = "pieces"
	}
	return fmt.Sprintf("%s, %d %s cells", set, len(b.Cells), b.Grid)
}

// namedCache holds the built-in puzzles' boards and pieces, built once:
// boardName compares every job's board with them.
var namedCache sync.Map

type namedPuzzle struct {
	board  *polyform.Board
	pieces []polyform.Piece
}

func named(name string) (*polyform.Board, []polyform.Piece) {
	if p, ok := namedCache.Load(name); ok {
		return p.(namedPuzzle).board, p.(namedPuzzle).pieces
	}
	b, ps, _ := polyform.Named(name)
	namedCache.Store(name, namedPuzzle{b, ps})
	return b, ps
}

// sameShape tells whether two boards of one grid have the same cells, up to
// a shift of their text.
func sameShape(a, b *polyform.Board) bool {
	if len(a.Cells) != len(b.Cells) {
		return false
	}
	places := func(bd *polyform.Board) map[[3]int]bool {
		r0, c0, z0 := math.MaxInt, math.MaxInt, math.MaxInt
		for _, c := range bd.Cells {
			r, col := bd.Grid.Pos(c)
			r0, c0, z0 = min(r0, r), min(c0, col), min(z0, c.Z)
		}
		out := map[[3]int]bool{}
		for _, c := range bd.Cells {
			r, col := bd.Grid.Pos(c)
			out[[3]int{r - r0, col - c0, c.Z - z0}] = true
		}
		return out
	}
	pa, pb := places(a), places(b)
	for k := range pa {
		if !pb[k] {
			return false
		}
	}
	return true
}

// handleChart draws a finished job's nodes and mean minimum branching
// factor per depth, as Korekawa et al.'s Fig. 5 does.
func (s *Server) handleChart(w http.ResponseWriter, r *http.Request) {
	j := s.jobOf(w, r)
	if j == nil {
		return
	}
	st := j.snapshot()
	if len(st.NodesByDepth) == 0 {
		writeError(w, http.StatusNotFound, "job %s has no per-depth statistics yet (they come when its search ends)", j.id)
		return
	}
	var bf, nodes render.Series
	bf.Name, nodes.Name = "mean minimum branching factor", "nodes"
	for d, v := range st.MeanBranching {
		if v > 0 {
			bf.X, bf.Y = append(bf.X, float64(d)), append(bf.Y, v)
		}
	}
	for d, v := range st.NodesByDepth {
		if v > 0 {
			nodes.X, nodes.Y = append(nodes.X, float64(d)), append(nodes.Y, float64(v))
		}
	}
	charts := []render.Chart{
		{Title: st.Name + ": mean minimum branching factor per depth", XLabel: "depth", YLabel: "branching factor", Series: []render.Series{bf}},
		{Title: "nodes per depth", XLabel: "depth", YLabel: "nodes", LogY: true, Series: []render.Series{nodes}},
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	_ = render.WriteStackSVG(w, charts, 640, 260)
}

// writeEvent writes one Server-Sent Event with v as its JSON data.
func writeEvent(w io.Writer, name string, v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "event: %s\ndata: %s\n\n", name, data)
	return err
}
