package serve

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/branchwise/branchwise/puzzles/gaps"
)

// newTestServer starts a server on a loopback port; it is closed with the
// test.
func newTestServer(t *testing.T) (*Server, *httptest.Server) {
	t.Helper()
	s := New(Options{Workers: 1})
	ts := httptest.NewServer(s)
	t.Cleanup(func() { s.Close(); ts.Close() })
	return s, ts
}

func post(t *testing.T, url string, body any) (*http.Response, []byte) {
	t.Helper()
	var b []byte
	switch v := body.(type) {
	case string:
		b = []byte(v)
	default:
		var err error
		if b, err = json.Marshal(body); err != nil {
			t.Fatal(err)
		}
	}
	req, _ := http.NewRequest("POST", url, bytes.NewReader(b))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Branchwise", "1")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	out, _ := io.ReadAll(resp.Body)
	return resp, out
}

func get(t *testing.T, url string) (*http.Response, []byte) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	out, _ := io.ReadAll(resp.Body)
	return resp, out
}

// waitJob polls a job until it ends.
func waitJob(t *testing.T, base, id string) JobState {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		_, body := get(t, base+"/api/jobs/"+id)
		var st JobState
		if err := json.Unmarshal(body, &st); err != nil {
			t.Fatalf("job %s: %v: %s", id, err, body)
		}
		if st.Status != "running" {
			return st
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("job %s did not end", id)
	return JobState{}
}

func startJob(t *testing.T, base string, req JobRequest) JobState {
	t.Helper()
	resp, body := post(t, base+"/api/jobs", req)
	if resp.StatusCode != http.StatusAccepted {
		t.Fatalf("POST /api/jobs %+v: %d %s", req, resp.StatusCode, body)
	}
	var st JobState
	if err := json.Unmarshal(body, &st); err != nil {
		t.Fatal(err)
	}
	return st
}

// The 3 x 20 pentomino board, drawn as a user would, has 8 solutions, 2
// unique; its gallery keeps all 8 as pictures.
func TestCountDrawnBoard(t *testing.T) {
	_, ts := newTestServer(t)
	board := "grid: square\n" + strings.Repeat(strings.Repeat(".", 20)+"\n", 3)
	for _, tc := range []struct {
		req          JobRequest
		all, uniq    int64
		kept         int
		wantBranches bool
	}{
		{JobRequest{Board: board, Mode: "count"}, 8, 2, 8, true},
		{JobRequest{Board: board, Mode: "count", Unique: true}, 8, 2, 2, true},
		{JobRequest{Board: board, Mode: "all"}, 8, 2, 8, true},
		{JobRequest{Board: board, Mode: "all", Unique: true}, 8, 2, 2, true},
		{JobRequest{Puzzle: "hexiamond-4x9", Mode: "count", Unique: true}, 148, 74, 74, true},
		{JobRequest{Board: board, Mode: "first"}, 1, 1, 1, false},
	} {
		if testing.Short() && tc.req.Puzzle != "" {
			continue
		}
		st := waitJob(t, ts.URL, startJob(t, ts.URL, tc.req).ID)
		if st.Status != "done" || st.Solutions != tc.all || st.Unique != tc.uniq || st.Kept != tc.kept {
			t.Errorf("%+v: %s, %d solutions, %d unique, %d kept; want done, %d, %d, %d", tc.req, st.Status, st.Solutions, st.Unique, st.Kept, tc.all, tc.uniq, tc.kept)
		}
		if tc.req.Mode != "first" && (len(st.NodesByDepth) == 0 || st.NodesByDepth[0] != 1) {
			t.Errorf("%+v: nodes by depth %v", tc.req, st.NodesByDepth)
		}
		resp, body := get(t, fmt.Sprintf("%s/api/jobs/%s/solutions/%d.svg", ts.URL, st.ID, st.Kept-1))
		if resp.StatusCode != 200 || !bytes.Contains(body, []byte("<svg")) || resp.Header.Get("Content-Type") != "image/svg+xml" {
			t.Errorf("%+v: last kept solution: %d %s", tc.req, resp.StatusCode, body)
		}
		if resp, _ := get(t, fmt.Sprintf("%s/api/jobs/%s/solutions/%d.svg", ts.URL, st.ID, st.Kept)); resp.StatusCode != 404 {
			t.Errorf("%+v: solution past the kept ones: %d, want 404", tc.req, resp.StatusCode)
		}
	}
}

// A request's bad input gets a clear 4xx, never a 500.
func TestBadRequests(t *testing.T) {
	_, ts := newTestServer(t)
	deal := gaps.Generate(4, 1).String()
	huge := "grid: square\n" + strings.Repeat(strings.Repeat(".", 40)+"\n", 40)
	for _, tc := range []struct {
		name, path, body string
		code             int
		want             string
	}{
		{"malformed JSON", "/api/jobs", `{"board": `, 400, "bad request body"},
		{"unknown field", "/api/jobs", `{"bored": "x"}`, 400, "unknown field"},
		{"two values", "/api/jobs", `{} {}`, 400, "more than one"},
		{"no board", "/api/jobs", `{}`, 400, "no board"},
		{"bad character", "/api/jobs", `{"board": "..\n.x\n"}`, 400, "board:2:2: unknown character"},
		{"unknown puzzle", "/api/jobs", `{"puzzle": "nope"}`, 400, "unknown puzzle"},
		{"unknown pieces", "/api/jobs", `{"board": "grid: triangle\n....\n"}`, 400, "name the pieces"},
		{"unknown piece set", "/api/jobs", `{"board": "pieces: nonsense\n.....\n"}`, 400, "nonsense"},
		{"unknown letters", "/api/jobs", `{"board": ".....\n", "pieces": "Q"}`, 400, "Q"},
		{"area mismatch", "/api/jobs", `{"board": "....\n"}`, 400, "board"},
		{"huge board", "/api/jobs", fmt.Sprintf(`{"board": %q, "pieces": "monomino"}`, huge), 400, "at most 1024"},
		{"bad mode", "/api/jobs", `{"puzzle": "pentomino-3x20", "mode": "fast"}`, 400, "mode"},
		{"negative time", "/api/jobs", `{"puzzle": "pentomino-3x20", "max_seconds": -1}`, 400, "max_seconds"},
		{"body too large", "/api/jobs", `{"board": "` + strings.Repeat(".", MaxBodyBytes) + `"}`, 413, "over"},
		{"bad clue", "/api/logic/solve", `{"text": "name: A B\nA = \n"}`, 400, ""},
		{"deep clue", "/api/logic/solve", `{"text": "name: A B C\nage: 1 2 3 (numeric)\nA.age = ` + strings.Repeat("(", 5000) + `1"}`, 400, ""},
		{"empty puzzle", "/api/logic/solve", `{"text": ""}`, 400, ""},
		{"logic time", "/api/logic/solve", `{"text": "x", "max_seconds": 1e300}`, 400, "max_seconds"},
		{"job time below a nanosecond (D9)", "/api/jobs", `{"puzzle": "pentomino-3x20", "max_seconds": 1e-10}`, 400, "max_seconds"},
		{"logic time below a nanosecond (D9)", "/api/logic/solve", `{"text": "x", "max_seconds": 1e-10}`, 400, "max_seconds"},
		{"bad deal", "/api/gaps/state", `{"deal": "XX"}`, 400, "deal"},
		{"illegal move", "/api/gaps/state", fmt.Sprintf(`{"deal": %q, "moves": [[0, 0]]}`, deal), 400, "not legal"},
		{"move outside", "/api/gaps/state", fmt.Sprintf(`{"deal": %q, "moves": [[0, 99]]}`, deal), 400, "outside"},
		{"bad columns", "/api/gaps/deal", `{"columns": 99}`, 400, "columns"},
	} {
		resp, body := post(t, ts.URL+tc.path, tc.body)
		if resp.StatusCode != tc.code || !strings.Contains(string(body), tc.want) {
			t.Errorf("%s: %d %s; want %d with %q", tc.name, resp.StatusCode, body, tc.code, tc.want)
		}
		var e apiError
		if err := json.Unmarshal(body, &e); err != nil || e.Error == "" {
			t.Errorf("%s: the answer is not a JSON error: %s", tc.name, body)
		}
	}
	for _, tc := range []struct {
		name, path string
		code       int
	}{
		{"no job", "/api/jobs/j999", 404},
		{"no solution", "/api/jobs/j999/solutions/0.svg", 404},
		{"bad grid", "/api/grid?grid=cube&rows=2&cols=2", 400},
		{"huge grid", "/api/grid?grid=square&rows=100000&cols=100000", 400},
		{"no puzzle", "/api/puzzles/nope", 404},
	} {
		if resp, body := get(t, ts.URL+tc.path); resp.StatusCode != tc.code {
			t.Errorf("%s: %d %s, want %d", tc.name, resp.StatusCode, body, tc.code)
		}
	}
}

// State-changing requests from elsewhere are refused: no X-Branchwise
// header, a foreign Origin, a foreign Host.
func TestCrossSiteRefused(t *testing.T) {
	_, ts := newTestServer(t)
	body := `{"puzzle": "pentomino-3x20"}`
	for _, tc := range []struct {
		name   string
		header map[string]string
		host   string
	}{
		{"no header", map[string]string{"Content-Type": "text/plain"}, ""},
		{"foreign origin", map[string]string{"X-Branchwise": "1", "Origin": "http://evil.example"}, ""},
		{"foreign host", map[string]string{"X-Branchwise": "1"}, "evil.example"},
	} {
		req, _ := http.NewRequest("POST", ts.URL+"/api/jobs", strings.NewReader(body))
		for k, v := range tc.header {
			req.Header.Set(k, v)
		}
		if tc.host != "" {
			req.Host = tc.host
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode < 400 || resp.StatusCode >= 500 {
			t.Errorf("%s: %d, want a 4xx", tc.name, resp.StatusCode)
		}
	}
	_, jobs := get(t, ts.URL+"/api/jobs")
	if !strings.Contains(string(jobs), `"jobs":[]`) {
		t.Errorf("a refused request started a job: %s", jobs)
	}
}

// A cancelled job stops at once with its partial counts, and its
// goroutines end.
func TestCancelEndsGoroutines(t *testing.T) {
	s, ts := newTestServer(t)
	before := runtime.NumGoroutine()
	st := startJob(t, ts.URL, JobRequest{Puzzle: "heptiamond-pp24", Mode: "count"})
	time.Sleep(1500 * time.Millisecond)
	resp, body := post(t, ts.URL+"/api/jobs/"+st.ID+"/cancel", `{}`)
	if resp.StatusCode != 200 {
		t.Fatalf("cancel: %d %s", resp.StatusCode, body)
	}
	// The search checks for cancellation every 65,536 nodes: well under
	// a second here, but a loaded machine may take longer.
	j := s.jobs.get(st.ID)
	select {
	case <-j.done:
	case <-time.After(30 * time.Second):
		t.Fatal("the job's search did not end")
	}
	if got := waitJob(t, ts.URL, st.ID); got.Status != "stopped" || got.Error != "stopped by the user" {
		t.Errorf("after cancel: %+v", got)
	}
	http.DefaultClient.CloseIdleConnections()
	deadline := time.Now().Add(5 * time.Second)
	for runtime.NumGoroutine() > before+2 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before+2 {
		t.Errorf("%d goroutines after the cancelled job, %d before", n, before)
	}
}

// Fifty jobs at once and 200 progress streams: every job ends with the
// right count and every stream sees its job's last state.
func TestManyJobsAndStreams(t *testing.T) {
	if testing.Short() {
		t.Skip("50 jobs and 200 streams")
	}
	_, ts := newTestServer(t)
	const jobs, streams = 50, 200
	ids := make([]string, jobs)
	for i := range ids {
		ids[i] = startJob(t, ts.URL, JobRequest{Puzzle: "pentomino-3x20", Mode: "all"}).ID
	}
	var wg sync.WaitGroup
	errs := make(chan error, streams)
	for i := range streams {
		wg.Add(1)
		go func(id string) {
			defer wg.Done()
			resp, err := http.Get(ts.URL + "/api/jobs/" + id + "/events")
			if err != nil {
				errs <- err
				return
			}
			defer resp.Body.Close()
			var last JobState
			sc := bufio.NewScanner(resp.Body)
			sc.Buffer(nil, 1<<20)
			for sc.Scan() {
				if data, ok := strings.CutPrefix(sc.Text(), "data: "); ok && data != "{}" {
					if err := json.Unmarshal([]byte(data), &last); err != nil {
						errs <- err
						return
					}
				}
			}
			if last.Status != "done" || last.Solutions != 8 || last.Unique != 2 {
				errs <- fmt.Errorf("stream of %s ended at %+v", id, last)
			}
		}(ids[i%jobs])
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	for _, id := range ids {
		if st := waitJob(t, ts.URL, id); st.Solutions != 8 {
			t.Errorf("job %s: %d solutions", id, st.Solutions)
		}
	}
}

// The logic-grid page's puzzle: a unique solution with its explanation.
func TestLogicSolve(t *testing.T) {
	_, ts := newTestServer(t)
	text := "name: Ann Bob Cid\npet: cat dog emu\nAnn = cat\nBob != emu\n"
	resp, body := post(t, ts.URL+"/api/logic/solve", LogicRequest{Text: text})
	if resp.StatusCode != 200 {
		t.Fatalf("%d %s", resp.StatusCode, body)
	}
	var a LogicAnswer
	if err := json.Unmarshal(body, &a); err != nil {
		t.Fatal(err)
	}
	want := [][]string{{"Ann", "cat"}, {"Bob", "dog"}, {"Cid", "emu"}}
	if !a.Unique || fmt.Sprint(a.Grid) != fmt.Sprint(want) || len(a.Steps) == 0 {
		t.Errorf("got %+v, want the unique grid %v with steps", a, want)
	}
}

// A Superpuzz deal is played move by move, and the decider's solution
// from a position wins when replayed through the API.
func TestGapsPlay(t *testing.T) {
	_, ts := newTestServer(t)
	resp, body := post(t, ts.URL+"/api/gaps/deal", map[string]any{"columns": 4, "seed": 3})
	if resp.StatusCode != 200 {
		t.Fatalf("%d %s", resp.StatusCode, body)
	}
	var st GapsState
	if err := json.Unmarshal(body, &st); err != nil {
		t.Fatal(err)
	}
	if len(st.Cells) != 16 || len(st.Legal) == 0 {
		t.Fatalf("deal: %+v", st)
	}
	req := GapsRequest{Deal: st.Deal}
	resp, body = post(t, ts.URL+"/api/gaps/decide", req)
	var v GapsVerdict
	if err := json.Unmarshal(body, &v); err != nil || resp.StatusCode != 200 {
		t.Fatalf("decide: %d %s", resp.StatusCode, body)
	}
	if v.Verdict == "solvable" {
		req.Moves = v.Solution
		_, body = post(t, ts.URL+"/api/gaps/state", req)
		if err := json.Unmarshal(body, &st); err != nil || !st.Won {
			t.Errorf("replaying the solution: %s", body)
		}
	} else if v.Verdict != "unsolvable" {
		t.Errorf("verdict %q on a 4-column deal", v.Verdict)
	}
}
