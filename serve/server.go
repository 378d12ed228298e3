package serve

import (
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"net/url"
	"os"
	"runtime"
	"strings"
	"sync"
	"time"
)

// The server's limits. They bound what one request or one job can take of
// the machine; none should be met in ordinary use.
const (
	// MaxBodyBytes bounds a request body: the largest board file drawn by
	// hand or a logic-grid puzzle is a few kilobytes.
	MaxBodyBytes = 1 << 20
	// MaxBoardCells bounds a board: Korekawa et al.'s PP-24 frame, the
	// largest built-in board, has 168 cells; a larger board than this
	// builds placement lists of hundreds of megabytes.
	MaxBoardCells = 1024
	// MaxEditorCells bounds the editor canvas that /api/grid draws.
	MaxEditorCells = 10000
	// MaxRunningJobs bounds the jobs that search at once; past it a new
	// job is refused with 429, since each holds its own search state.
	MaxRunningJobs = 64
	// MaxJobs bounds the jobs remembered; the oldest finished ones are
	// forgotten first.
	MaxJobs = 256
	// MaxKeptSolutions bounds the solutions a job keeps for the gallery
	// (the others are counted only): 10,000 pictures is more than a person
	// browses, and keeps a job's memory under a few megabytes.
	MaxKeptSolutions = 10000
	// ProgressInterval is the time between two progress events of a job.
	ProgressInterval = 250 * time.Millisecond
	// MaxTimeLimit bounds a request's own time limit (the logic-grid and
	// Superpuzz solvers answer within the request).
	MaxTimeLimit = 60 * time.Second
)

//go:embed static
var static embed.FS

// Options configure a Server.
type Options struct {
	// Addr is the address the server listens on, for the Host check
	// (host:port); empty accepts loopback names only.
	Addr string
	// Workers is the number of goroutines of each counting job (0: all
	// cores).
	Workers int
}

// Server is the workbench: an http.Handler with the pages and the API.
type Server struct {
	opt  Options
	mux  *http.ServeMux
	jobs *jobStore
	// disassembling holds a token per disassembly request being served.
	disassembling chan struct{}
}

// New returns a server with no jobs.
func New(opt Options) *Server {
	if opt.Workers <= 0 {
		opt.Workers = runtime.GOMAXPROCS(0)
	}
	s := &Server{opt: opt, mux: http.NewServeMux(), jobs: newJobStore(), disassembling: make(chan struct{}, MaxDisassemblies)}
	pages, _ := fs.Sub(static, "static")
	s.mux.Handle("GET /", http.FileServerFS(pages))
	s.mux.HandleFunc("GET /api/puzzles", s.handlePuzzles)
	s.mux.HandleFunc("GET /api/puzzles/{name}", s.handlePuzzle)
	s.mux.HandleFunc("GET /api/grid", s.handleGrid)
	s.mux.HandleFunc("GET /api/sets/{name}", s.handleSet)
	s.mux.HandleFunc("POST /api/board", s.handleBoard)
	s.mux.HandleFunc("POST /api/jobs", s.handleNewJob)
	s.mux.HandleFunc("GET /api/jobs", s.handleJobs)
	s.mux.HandleFunc("GET /api/jobs/{id}", s.handleJob)
	s.mux.HandleFunc("POST /api/jobs/{id}/cancel", s.handleCancel)
	s.mux.HandleFunc("GET /api/jobs/{id}/events", s.handleEvents)
	s.mux.HandleFunc("GET /api/jobs/{id}/solutions/{k}", s.handleSolution)
	s.mux.HandleFunc("GET /api/jobs/{id}/solutions.txt", s.handleSolutions)
	s.mux.HandleFunc("GET /api/jobs/{id}/solutions.json", s.handleSolutions)
	s.mux.HandleFunc("GET /api/jobs/{id}/solutions.zip", s.handleSolutions)
	s.mux.HandleFunc("GET /api/jobs/{id}/chart.svg", s.handleChart)
	s.mux.HandleFunc("POST /api/logic/solve", s.handleLogic)
	s.mux.HandleFunc("POST /api/burr/disassembly", s.handleDisassembly)
	s.mux.HandleFunc("POST /api/gaps/deal", s.handleGapsDeal)
	s.mux.HandleFunc("POST /api/gaps/state", s.handleGapsState)
	s.mux.HandleFunc("POST /api/gaps/decide", s.handleGapsDecide)
	return s
}

// Close cancels every job and waits for their goroutines to end.
func (s *Server) Close() { s.jobs.closeAll() }

// ServeHTTP checks the request's host, origin and size, then serves it.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !s.hostAllowed(r) {
		writeError(w, http.StatusMisdirectedRequest, "host %q is not this server's (DNS rebinding is refused)", r.Host)
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		if r.Header.Get("X-Branchwise") == "" {
			writeError(w, http.StatusForbidden, "a request that changes state must carry the X-Branchwise header (cross-site requests are refused)")
			return
		}
		if o := r.Header.Get("Origin"); o != "" && !sameOrigin(o, r.Host) {
			writeError(w, http.StatusForbidden, "origin %q is not this server's", o)
			return
		}
		r.Body = http.MaxBytesReader(w, r.Body, MaxBodyBytes)
	}
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("Referrer-Policy", "no-referrer")
	w.Header().Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'")
	s.mux.ServeHTTP(w, r)
}

// hostAllowed accepts loopback names and addresses, the configured
// address's host, the address the request came in on (with --addr
// 0.0.0.0, the machine's own address, however it is reached), and the
// machine's name. A name of anyone else's (DNS rebinding) is refused.
func (s *Server) hostAllowed(r *http.Request) bool {
	h, _, err := net.SplitHostPort(r.Host)
	if err != nil {
		h = r.Host
	}
	h = strings.Trim(h, "[]")
	if h == "localhost" || strings.HasSuffix(h, ".localhost") {
		return true
	}
	ip := net.ParseIP(h)
	if ip != nil && ip.IsLoopback() {
		return true
	}
	if s.opt.Addr != "" {
		ah, _, err := net.SplitHostPort(s.opt.Addr)
		if err == nil && ah != "" && strings.EqualFold(ah, h) {
			return true
		}
	}
	if la, ok := r.Context().Value(http.LocalAddrContextKey).(net.Addr); ok && ip != nil {
		if ta, ok := la.(*net.TCPAddr); ok && ta.IP.Equal(ip) {
			return true
		}
	}
	name, err := os.Hostname()
	return err == nil && name != "" && strings.EqualFold(name, h)
}

func sameOrigin(origin, host string) bool {
	u, err := url.Parse(origin)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && strings.EqualFold(u.Host, host)
}

// apiError is the body of every 4xx and 5xx answer of the API.
type apiError struct {
	Error string `json:"error"`
	// Line and Col locate an error in a board or puzzle text (from 1).
	Line int `json:"line,omitempty"`
	Col  int `json:"col,omitempty"`
}

func writeError(w http.ResponseWriter, code int, format string, args ...any) {
	writeJSON(w, code, apiError{Error: fmt.Sprintf(format, args...)})
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(true)
	_ = enc.Encode(v)
}

// readJSON decodes a request body into v, answering 413 for a body over
// MaxBodyBytes and 400 for anything else that is not one JSON object of
// v's fields.
func readJSON(w http.ResponseWriter, r *http.Request, v any) bool {
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields()
	err := dec.Decode(v)
	if err == nil && dec.More() {
		err = errors.New("serve: more than one JSON value")
	}
	if err == nil {
		if _, e := io.Copy(io.Discard, r.Body); e != nil {
			err = e
		}
	}
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &tooBig):
		writeError(w, http.StatusRequestEntityTooLarge, "request body over %d bytes", MaxBodyBytes)
		return false
	case err != nil:
		writeError(w, http.StatusBadRequest, "bad request body: %v", err)
		return false
	}
	return true
}

// limitDuration reads a time limit in seconds from a request: 0 gives def,
// anything outside (0, MaxTimeLimit] an error.
func limitDuration(seconds float64, def time.Duration) (time.Duration, error) {
	if seconds == 0 {
		return def, nil
	}
	// Below a nanosecond the duration would be 0: the default, not a limit.
	if !(seconds >= 1e-9) || seconds > MaxTimeLimit.Seconds() {
		return 0, fmt.Errorf("serve: max_seconds %v: want at least 1e-9 and at most %v", seconds, MaxTimeLimit.Seconds())
	}
	return time.Duration(seconds * float64(time.Second)), nil
}

// jobStore holds the jobs by id.
type jobStore struct {
	mu    sync.Mutex
	jobs  map[string]*job
	order []string // ids, oldest first
	next  int
	wg    sync.WaitGroup
}

func newJobStore() *jobStore { return &jobStore{jobs: map[string]*job{}} }

func (st *jobStore) get(id string) *job {
	st.mu.Lock()
	defer st.mu.Unlock()
	return st.jobs[id]
}

// add registers j under a new id, forgetting the oldest finished jobs past
// MaxJobs; it refuses when MaxRunningJobs are running.
func (st *jobStore) add(j *job) error {
	st.mu.Lock()
	defer st.mu.Unlock()
	running := 0
	for _, o := range st.jobs {
		if !o.finished() {
			running++
		}
	}
	if running >= MaxRunningJobs {
		return fmt.Errorf("serve: %d jobs are running, the most at once: stop one or wait", running)
	}
	for len(st.order) >= MaxJobs {
		evicted := false
		for i, id := range st.order {
			if st.jobs[id].finished() {
				delete(st.jobs, id)
				st.order = append(st.order[:i], st.order[i+1:]...)
				evicted = true
				break
			}
		}
		if !evicted {
			break
		}
	}
	st.next++
	j.id = fmt.Sprintf("j%d", st.next)
	st.jobs[j.id] = j
	st.order = append(st.order, j.id)
	return nil
}

func (st *jobStore) list() []*job {
	st.mu.Lock()
	defer st.mu.Unlock()
	out := make([]*job, 0, len(st.order))
	for _, id := range st.order {
		out = append(out, st.jobs[id])
	}
	return out
}

func (st *jobStore) closeAll() {
	for _, j := range st.list() {
		j.cancel()
	}
	st.wg.Wait()
}
