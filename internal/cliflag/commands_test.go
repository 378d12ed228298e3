package cliflag

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/branchwise/branchwise/internal/opterr"
	"github.com/branchwise/branchwise/search"
	"github.com/spf13/cobra"
)

func TestIsUsage(t *testing.T) {
	for _, tc := range []struct {
		err  error
		want bool
	}{
		{opterr.Errorf("--width", "--width 0: want at least 1"), true},
		{errors.New(`unknown command "x" for "branchwise"`), true},
		{errors.New("tiles solve: unknown flag: --nope"), true},
		{errors.New(`accepts 1 arg(s), received 2`), true},
		{errors.New("board.txt:3: a row of 7 cells, want 8"), false},
	} {
		if got := IsUsage(tc.err); got != tc.want {
			t.Errorf("IsUsage(%q) = %t, want %t", tc.err, got, tc.want)
		}
	}
}

// tree is a root with a group "tiles" holding "solve", as the command's.
func tree() (root, group *cobra.Command) {
	root = &cobra.Command{Use: "prog", SilenceErrors: true, SilenceUsage: true}
	group = &cobra.Command{Use: "tiles"}
	solve := &cobra.Command{Use: "solve", Args: ArgsUsage(cobra.ExactArgs(1)), RunE: func(*cobra.Command, []string) error { return nil }}
	group.AddCommand(solve)
	root.AddCommand(group)
	root.SetOut(io.Discard)
	root.SetErr(io.Discard)
	RejectUnknown(root)
	return root, group
}

func TestRejectUnknownAndArgsUsage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string // "" for success
	}{
		{[]string{"tiles", "solv"}, `unknown command "solv" for "prog tiles"; did you mean solve?`},
		{[]string{"tiles", "zzzz"}, `unknown command "zzzz" for "prog tiles"`},
		{[]string{"tiles"}, ""},
		{[]string{"tiles", "solve"}, "tiles solve: accepts 1 arg(s), received 0"},
		{[]string{"tiles", "solve", "a"}, ""},
	} {
		root, _ := tree()
		root.SetArgs(tc.args)
		err := root.Execute()
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%v: %v", tc.args, err)
		case tc.want != "" && (err == nil || err.Error() != tc.want || !opterr.Is(err)):
			t.Errorf("%v: error %v, want the usage error %q", tc.args, err, tc.want)
		}
	}
}

func TestStdinArgs(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no /dev/stdin")
	}
	args := []string{"a", "-", "b"}
	StdinArgs(&cobra.Command{}, args)
	if strings.Join(args, " ") != "a "+StdinPath+" b" {
		t.Errorf("got %q", args)
	}
	own := []string{"-"}
	StdinArgs(&cobra.Command{Annotations: map[string]string{StdinAnnotation: "reads - itself"}}, own)
	if own[0] != "-" {
		t.Errorf("a command that reads - itself got %q", own)
	}
}

func TestCheckCommand(t *testing.T) {
	defer func(m string) { ProgressMode = m }(ProgressMode)
	ProgressMode = "sometimes"
	if err := CheckCommand(&cobra.Command{Use: "x"}, nil); err == nil || !opterr.Is(err) {
		t.Errorf("--progress sometimes: %v, want a usage error", err)
	}
}

func TestHeartbeat(t *testing.T) {
	var n atomic.Int64
	Heartbeat(&Progress{}, func() { n.Add(1) })() // disabled: never beats
	stop := Heartbeat(&Progress{Enabled: true, w: io.Discard}, func() { n.Add(1) })
	deadline := time.Now().Add(10 * heartbeatEvery)
	for n.Load() == 0 && time.Now().Before(deadline) {
		time.Sleep(heartbeatEvery / 10)
	}
	stop()
	if n.Load() == 0 {
		t.Error("an enabled heartbeat never beat")
	}
	after := n.Load()
	time.Sleep(2 * heartbeatEvery)
	if n.Load() != after {
		t.Error("the heartbeat beat after stop")
	}
}

func TestWatch(t *testing.T) {
	var b strings.Builder
	var mu sync.Mutex
	out := lockedWriter{&mu, &b}
	prog := &Progress{Enabled: true, w: out}
	w := Watch(prog, func() string { return "idle" })
	deadline := time.Now().Add(10 * heartbeatEvery)
	for {
		mu.Lock()
		idle := strings.Contains(b.String(), "idle")
		mu.Unlock()
		if idle || time.Now().After(deadline) {
			break
		}
		time.Sleep(heartbeatEvery / 10)
	}
	time.Sleep(progressEvery + progressEvery/2) // a line sooner would not show
	w.Printf("round %d", 1)
	time.Sleep(2 * heartbeatEvery)
	w.Stop()
	mu.Lock()
	defer mu.Unlock()
	s := b.String()
	if !strings.Contains(s, "idle") || !strings.Contains(s, "round 1") || strings.Contains(s[strings.Index(s, "round 1"):], "idle") {
		t.Errorf("lines %q: want idle lines, then round 1 and no idle line after it", s)
	}
}

// lockedWriter lets a test read what a heartbeat's goroutine writes.
type lockedWriter struct {
	mu *sync.Mutex
	w  io.Writer
}

func (l lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

func TestProgressFunc(t *testing.T) {
	if (&Progress{}).Func() != nil || (*Progress)(nil).Func() != nil {
		t.Error("a disabled line has a Printf")
	}
	if (&Progress{Enabled: true, w: io.Discard}).Func() == nil {
		t.Error("an enabled line has no Printf")
	}
}

// drawing is a result for Output's tests.
type drawing struct {
	N int `json:"n"`
}

func (d drawing) WriteTable(w io.Writer) error { _, err := fmt.Fprintf(w, "n %d\n", d.N); return err }
func (d drawing) WriteSVG(w io.Writer) error   { _, err := io.WriteString(w, "<svg/>"); return err }

func TestOutput(t *testing.T) {
	var b strings.Builder
	if err := Output(&b, false, drawing{3}); err != nil || b.String() != "n 3\n" {
		t.Errorf("table: %q, %v", b.String(), err)
	}
	b.Reset()
	if err := Output(&b, true, drawing{3}); err != nil || b.String() != "{\n  \"n\": 3\n}\n" {
		t.Errorf("JSON: %q, %v", b.String(), err)
	}
	svg := filepath.Join(t.TempDir(), "d.svg")
	b.Reset()
	if err := OutputSVG(&b, false, drawing{4}, svg); err != nil || b.String() != "n 4\n" {
		t.Errorf("with SVG: %q, %v", b.String(), err)
	}
	if data, err := os.ReadFile(svg); err != nil || string(data) != "<svg/>" {
		t.Errorf("SVG file: %q, %v", data, err)
	}
	if err := OutputSVG(&b, false, drawing{4}, filepath.Join(svg, "no", "dir.svg")); err == nil {
		t.Error("an SVG file in a missing directory was written")
	}
	if InputName("-") != "<stdin>" || InputName("a.txt") != "a.txt" {
		t.Error("InputName")
	}
}

func TestBound(t *testing.T) {
	ctx, cancel := Bound(context.Background(), search.Limits{MaxTime: time.Hour}, 2)
	defer cancel()
	if d, ok := ctx.Deadline(); !ok || time.Until(d) < 59*time.Minute {
		t.Errorf("deadline %v, %t", d, ok)
	}
	ctx2, cancel2 := Bound(context.Background(), search.Limits{}, 1)
	cancel2()
	if _, ok := ctx2.Deadline(); ok || ctx2.Err() == nil {
		t.Error("no time limit: a deadline, or cancel did not cancel")
	}
}

func TestExitStatus(t *testing.T) {
	for _, tc := range []struct {
		err    error
		status int
		stderr string
	}{
		{nil, ExitOK, ""},
		{fmt.Errorf("pack: %w", ErrInterrupted), ExitInterrupted, "prog: interrupted\n"},
		{opterr.Errorf("--x", "--x 0: want 1"), ExitUsage, "prog: --x 0: want 1\nRun 'prog help' for usage.\n"},
		{errors.New("board.txt:2: a bad cell"), ExitFailure, "prog: board.txt:2: a bad cell\n"},
	} {
		var b strings.Builder
		if got := ExitStatus("prog", tc.err, &b); got != tc.status || b.String() != tc.stderr {
			t.Errorf("%v: status %d, stderr %q; want %d, %q", tc.err, got, b.String(), tc.status, tc.stderr)
		}
	}
}

// TestErrInterrupted: the error of a run stopped by Ctrl-C is a
// cancellation (errors.Is context.Canceled), with the status the search
// package gives one, and keeps its words.
func TestErrInterrupted(t *testing.T) {
	err := fmt.Errorf("pack: %w", ErrInterrupted)
	if !errors.Is(err, context.Canceled) || !errors.Is(err, ErrInterrupted) || search.StatusOf(err) != search.Interrupted ||
		ErrInterrupted.Error() != "cliflag: interrupted" {
		t.Errorf("%v: not a cancellation", err)
	}
	// A plain cancellation is not a Ctrl-C of the command's.
	if plain := fmt.Errorf("x: %w", context.Canceled); errors.Is(plain, ErrInterrupted) {
		t.Errorf("%v is ErrInterrupted", plain)
	}
}

func TestStopError(t *testing.T) {
	parent, cancel := context.WithCancel(context.Background())
	timed, stop := context.WithTimeout(parent, time.Nanosecond)
	defer stop()
	<-timed.Done()
	if err := StopError(parent, timed); err == nil || err.Error() != "stopped by the time limit" || search.StatusOf(err) != search.TimeLimit {
		t.Errorf("deadline: %v", err)
	}
	child, stop2 := context.WithCancel(parent)
	defer stop2()
	cancel()
	if err := StopError(parent, child); !errors.Is(err, ErrInterrupted) {
		t.Errorf("Ctrl-C: %v", err)
	}
}

// TestEnded: after Ctrl-C an error that is the cancellation is the
// interruption, and a --json run that printed nothing prints one JSON
// object; before Ctrl-C, and with output printed, nothing changes.
func TestEnded(t *testing.T) {
	var asJSON bool
	c := &cobra.Command{Use: "x"}
	AddJSON(c.Flags(), &asJSON)
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	built := fmt.Errorf("pdb: corners: %w", context.Canceled)
	for _, tc := range []struct {
		ctx     context.Context
		json    string
		printed string
		err     error
		want    error
		out     string
	}{
		{context.Background(), "true", "", built, built, ""},
		{cancelled, "false", "", built, ErrInterrupted, ""},
		{cancelled, "true", "", built, ErrInterrupted, "{\n  \"status\": \"interrupted\"\n}\n"},
		{cancelled, "true", "", ErrInterrupted, ErrInterrupted, "{\n  \"status\": \"interrupted\"\n}\n"},
		{cancelled, "true", "{}\n", ErrInterrupted, ErrInterrupted, "{}\n"},
		{cancelled, "true", "", nil, nil, ""},
		{cancelled, "true", "", errors.New("bad"), errors.New("bad"), ""},
	} {
		c.Flags().Set("json", tc.json)
		var b strings.Builder
		out := &Written{W: &b}
		io.WriteString(out, tc.printed)
		got := Ended(tc.ctx, c, tc.err, out)
		if fmt.Sprint(got) != fmt.Sprint(tc.want) || b.String() != tc.out {
			t.Errorf("ctx %v, json %s, printed %q, err %v: %v, %q; want %v, %q", tc.ctx.Err(), tc.json, tc.printed, tc.err, got, b.String(), tc.want, tc.out)
		}
	}
}

// TestEndedByLimit: a run that a limit given on the command line ended
// before any result (a table build at --max-time) is a stop, exit status 0,
// said on standard error and, with --json, as one object; the same error
// without its flag given, and a memory limit's refusal, are failures (issue 36: it exited 1 with "context
// deadline exceeded").
func TestEndedByLimit(t *testing.T) {
	built := fmt.Errorf("tiles: pdb: corners: %w", context.DeadlineExceeded)
	mem := fmt.Errorf("count: %w", search.ErrMemLimit)
	for _, tc := range []struct {
		args    []string
		err     error
		want    error
		out     string
		stderr  string
		printed string
	}{
		{[]string{"--max-time", "3s"}, built, nil, "", "x: stopped by the time limit (--max-time 3s) before a result: " + built.Error() + "\n", ""},
		{[]string{"--max-time", "3s", "--json"}, built, nil, "{\n  \"status\": \"stopped\",\n  \"stopped_by\": \"time limit\"\n}\n", "x: stopped by the time limit", ""},
		{[]string{"--max-time", "3s", "--json"}, built, nil, "{}\n", "x: stopped by the time limit", "{}\n"},
		{[]string{"--max-mem", "1GB"}, mem, mem, "", "", ""},
		{nil, built, built, "", "", ""},
		{[]string{"--max-mem", "1GB"}, built, built, "", "", ""},
	} {
		var lim search.Limits
		var asJSON bool
		c := &cobra.Command{Use: "x"}
		AddLimits(c.Flags(), &lim)
		AddJSON(c.Flags(), &asJSON)
		if err := c.Flags().Parse(tc.args); err != nil {
			t.Fatal(err)
		}
		var b, stderr strings.Builder
		c.SetErr(&stderr)
		out := &Written{W: &b}
		io.WriteString(out, tc.printed)
		got := Ended(context.Background(), c, tc.err, out)
		if fmt.Sprint(got) != fmt.Sprint(tc.want) || b.String() != tc.out || !strings.HasPrefix(stderr.String(), tc.stderr) || tc.stderr == "" && stderr.Len() > 0 {
			t.Errorf("%v, err %v: %v, %q, stderr %q; want %v, %q, %q", tc.args, tc.err, got, b.String(), stderr.String(), tc.want, tc.out, tc.stderr)
		}
	}
}
