package queue_test

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"net"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/branchwise/branchwise/estimate"
	"github.com/branchwise/branchwise/internal/opterr"
	"github.com/branchwise/branchwise/puzzles/polyform"
	"github.com/branchwise/branchwise/shard"
	"github.com/branchwise/branchwise/shard/queue"
	"github.com/branchwise/branchwise/xcover"
)

var long = flag.Bool("queue.long", false, "count 6x10 pentominoes through the queue (8 s of one core twice)")

// startServer starts a NATS server with JetStream on 127.0.0.1, on a free
// port, with its store in a temporary directory, and stops it at the end.
func startServer(t *testing.T) string {
	t.Helper()
	s, err := queue.Serve("127.0.0.1", -1, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Shutdown(); s.WaitForShutdown() })
	return s.ClientURL()
}

type spec struct {
	Puzzle string `json:"puzzle"`
}

// builder rebuilds a packing puzzle's tree from its name; wrap, if set,
// wraps each tree.
func builder(wrap func(estimate.Tree) estimate.Tree) queue.Builder {
	return func(raw json.RawMessage) (func() estimate.Tree, string, error) {
		var s spec
		if err := json.Unmarshal(raw, &s); err != nil {
			return nil, "", err
		}
		b, ps, ok := polyform.Named(s.Puzzle)
		if !ok {
			return nil, "", fmt.Errorf("no puzzle %s", s.Puzzle)
		}
		pk, err := polyform.NewPacking(b, ps)
		if err != nil {
			return nil, "", err
		}
		prob := pk.Problem()
		newTree := func() estimate.Tree {
			var t estimate.Tree = prob.Compile(xcover.Fewest).Walker()
			if wrap != nil {
				t = wrap(t)
			}
			return t
		}
		return newTree, shard.Hash([]byte("pack " + s.Puzzle)), nil
	}
}

// killAfter wraps a tree so that kill is called after moves moves Down:
// mid-subtree, since subtrees here take thousands of moves.
type killAfter struct {
	estimate.Tree
	moves *atomic.Int64
	kill  func()
}

func (t killAfter) Down(k int) {
	if t.moves.Add(-1) == 0 {
		t.kill()
	}
	t.Tree.Down(k)
}

func push(t *testing.T, c *queue.Conn, name, id string, version string, splitAfter time.Duration) *shard.Frontier {
	t.Helper()
	newTree, hash, err := builder(nil)(json.RawMessage(`{"puzzle":"` + name + `"}`))
	if err != nil {
		t.Fatal(err)
	}
	fr, err := shard.NewFrontier(newTree, 2, shard.NoDepthLimit)
	if err != nil {
		t.Fatal(err)
	}
	j := queue.Job{ID: id, Version: version, Spec: json.RawMessage(`{"puzzle":"` + name + `"}`), SpecText: "pack " + name,
		SpecHash: hash, MaxDepth: shard.NoDepthLimit, SplitAfter: splitAfter}
	if err := c.Push(context.Background(), j, fr, queue.PushOptions{AckWait: time.Second}); err != nil {
		t.Fatal(err)
	}
	return fr
}

// TestQueueKilledWorker: a count through the queue with three workers,
// one of them killed twice mid-subtree (its subtree abandoned unacknowledged,
// as kill -9 leaves it), equals one process's, depth by depth; no subtree
// is lost or counted twice.
func TestQueueKilledWorker(t *testing.T) {
	name, want := "pentomino-4x15", int64(1472)
	switch {
	case *long:
		name, want = "pentomino-6x10", 9356
	case testing.Short():
		name, want = "pentomino-3x20", 8
	}
	ctx := context.Background()
	newTree, _, _ := builder(nil)(json.RawMessage(`{"puzzle":"` + name + `"}`))
	one, err := estimate.Exhaustive(ctx, newTree, shard.NoDepthLimit, 2)
	if err != nil {
		t.Fatal(err)
	}
	var all int64
	for _, n := range one.Nodes {
		all += n
	}
	url := startServer(t)
	c, err := queue.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	push(t, c, name, "test", "v-test", 50*time.Millisecond)

	var wg sync.WaitGroup
	var done atomic.Int64
	errs := make(chan error, 8)
	worker := func(ctx context.Context, wrap func(estimate.Tree) estimate.Tree, kill func()) {
		defer wg.Done()
		w, err := queue.Connect(ctx, url)
		if err != nil {
			errs <- err
			return
		}
		defer w.Close()
		opt := queue.WorkerOptions{Version: "v-test", Name: "w", IdleExit: 3 * time.Second, Abandon: kill != nil || wrap != nil,
			Done: func(queue.Finished) { done.Add(1) }}
		if kill != nil {
			queue.SetAfterPublish(&opt, kill)
		}
		err = w.Work(ctx, builder(wrap), opt)
		if err != nil {
			errs <- err
		}
	}
	wg.Add(2)
	go worker(ctx, nil, nil)
	go worker(ctx, nil, nil)
	// The third worker is killed twice: a fiftieth of the tree's moves
	// into its work, mid-subtree; then after publishing a result, before
	// acknowledging it, so that the subtree is counted again.
	kctx, cancel := context.WithCancel(ctx)
	var moves atomic.Int64
	moves.Store(all / 50)
	wg.Add(1)
	worker(kctx, func(t estimate.Tree) estimate.Tree { return killAfter{t, &moves, cancel} }, nil)
	cancel()
	if moves.Load() > 0 {
		t.Fatal("the worker ended before its first kill")
	}
	kctx, cancel = context.WithCancel(ctx)
	wg.Add(1)
	worker(kctx, nil, cancel)
	cancel()
	wg.Add(1)
	go worker(ctx, nil, nil)
	cctx, cancel := context.WithTimeout(ctx, 5*time.Minute)
	defer cancel()
	total, pr, err := c.Collect(cctx, "test", true)
	if err != nil {
		t.Fatal(err)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	t.Logf("%s: %d results, %d duplicates dropped, %d splits, %d subtrees done", name, pr.Results, pr.Duplicates, pr.Splits, done.Load())
	if total.AllSolutions.Int64() != want {
		t.Errorf("%v solutions, want %d", total.AllSolutions, want)
	}
	if len(total.Nodes) != len(one.Nodes) {
		t.Fatalf("%d depths, one process %d", len(total.Nodes), len(one.Nodes))
	}
	for d := range one.Nodes {
		if total.Nodes[d].Int64() != one.Nodes[d] || total.Branches[d].Int64() != one.Branches[d] || total.Solutions[d].Int64() != one.Solutions[d] {
			t.Errorf("depth %d: %v %v %v, one process %d %d %d", d, total.Nodes[d], total.Branches[d], total.Solutions[d], one.Nodes[d], one.Branches[d], one.Solutions[d])
		}
	}
}

// TestQueueErrors: a URL where nothing answers, a worker of another
// version, a job pushed twice, a collect before the end: clear errors.
func TestQueueErrors(t *testing.T) {
	ctx := context.Background()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	dead := "nats://" + l.Addr().String()
	l.Close()
	if _, err := queue.Connect(ctx, dead); err == nil || !strings.Contains(err.Error(), "no NATS server answers") {
		t.Errorf("dead URL: %v", err)
	}

	url := startServer(t)
	c, err := queue.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	push(t, c, "pentomino-3x20", "old", "v-old", time.Minute)
	err = c.Work(ctx, builder(nil), queue.WorkerOptions{Version: "v-new", IdleExit: time.Second})
	if err == nil || !strings.Contains(err.Error(), `pushed by branchwise "v-old"; this worker is "v-new"`) {
		t.Errorf("worker of another version: %v", err)
	}
	newTree, hash, _ := builder(nil)(json.RawMessage(`{"puzzle":"pentomino-3x20"}`))
	fr, _ := shard.NewFrontier(newTree, 1, shard.NoDepthLimit)
	j := queue.Job{ID: "old", Version: "v-old", Spec: json.RawMessage(`{"puzzle":"pentomino-3x20"}`), SpecHash: hash, MaxDepth: shard.NoDepthLimit}
	if err := c.Push(ctx, j, fr, queue.PushOptions{}); err == nil || !strings.Contains(err.Error(), "--replace") {
		t.Errorf("job pushed twice: %v", err)
	}
	if _, pr, err := c.Collect(ctx, "old", false); err == nil || !strings.Contains(err.Error(), "not counted yet") || pr.Missing == 0 {
		t.Errorf("collect before the end: %v (%d missing)", err, pr.Missing)
	}
	if _, _, err := c.Collect(ctx, "nosuch", false); err == nil || !strings.Contains(err.Error(), "no job nosuch") {
		t.Errorf("collect of no job: %v", err)
	}
	bad := queue.Job{ID: "bad", Version: "v-new", Spec: json.RawMessage(`{"puzzle":"pentomino-3x20"}`), SpecHash: "sha256:other", MaxDepth: shard.NoDepthLimit}
	if err := c.Push(ctx, bad, fr, queue.PushOptions{Replace: true}); err != nil {
		t.Fatal(err)
	}
	// The v-old job's subtrees are still queued ahead; replace it first.
	if err := c.Push(ctx, queue.Job{ID: "old", Version: "v-new", Spec: j.Spec, SpecHash: hash, MaxDepth: shard.NoDepthLimit}, fr, queue.PushOptions{Replace: true}); err != nil {
		t.Fatal(err)
	}
	var got error
	for i := 0; i < 3 && got == nil; i++ {
		got = c.Work(ctx, builder(nil), queue.WorkerOptions{Version: "v-new", IdleExit: time.Second})
	}
	if got == nil || !strings.Contains(got.Error(), "builds a different puzzle") {
		t.Errorf("worker building another puzzle: %v", got)
	}
}

// syncLog is a log written by one goroutine and read by another.
type syncLog struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *syncLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *syncLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

func TestServeUntil(t *testing.T) {
	var log syncLog
	for _, args := range [][2]string{{"127.0.0.1:4222", ""}, {"no-port", t.TempDir()}, {"127.0.0.1:x", t.TempDir()}} {
		if err := queue.ServeUntil(context.Background(), args[0], args[1], &log); !opterr.Is(err) {
			t.Errorf("ServeUntil(%q, %q): %v, want an option error", args[0], args[1], err)
		}
	}
	// D10: a busy port is said at once, not after a silent 10 s wait.
	busy, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	err = queue.ServeUntil(context.Background(), busy.Addr().String(), t.TempDir(), &log)
	busy.Close()
	if err == nil || !strings.Contains(err.Error(), "cannot listen on "+busy.Addr().String()) || time.Since(start) > 2*time.Second {
		t.Errorf("busy port: %v after %v", err, time.Since(start))
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- queue.ServeUntil(ctx, "127.0.0.1:-1", t.TempDir(), &log) }()
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(log.String(), "NATS with JetStream at nats://127.0.0.1:") && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("after cancel: %v", err)
	}
	if !strings.Contains(log.String(), "Ctrl-C stops it") {
		t.Errorf("log %q", log.String())
	}
}

// TestCountChildren: a split keeps the children counted before it: the
// root and children 0 and 1 of pentomino-3x20's tree, stopped before
// child 2, hold exactly their own counts, and a count never stopped holds
// the whole tree.
func TestCountChildren(t *testing.T) {
	newTree, _, _ := builder(nil)(json.RawMessage(`{"puzzle":"pentomino-3x20"}`))
	tr := newTree()
	n, _ := tr.Branches()
	want := estimate.Profile{}
	for k := 0; k < 2; k++ {
		tr.Down(k)
		estimate.CountBelow(tr, shard.NoDepthLimit, &want, func() bool { return false })
		tr.Up()
	}
	calls := 0
	var p estimate.Profile
	got, first := queue.CountChildren(tr, shard.NoDepthLimit, &p, func() bool {
		if tr.Depth() > 0 {
			return false // within a child
		}
		calls++
		return calls > 1 // the first look, before child 1, goes on; the next, before child 2, stops
	})
	if got != n || first != 2 || p.Nodes[0] != 1 || p.Branches[0] != int64(n) {
		t.Fatalf("%d children, first not counted %d, root %v %v; want %d, 2, 1 %d", got, first, p.Nodes[0], p.Branches[0], n, n)
	}
	for d := 1; d < len(want.Nodes); d++ {
		if p.Nodes[d] != want.Nodes[d] || p.Branches[d] != want.Branches[d] || p.Solutions[d] != want.Solutions[d] {
			t.Errorf("depth %d: %d %d %d, want %d %d %d", d, p.Nodes[d], p.Branches[d], p.Solutions[d], want.Nodes[d], want.Branches[d], want.Solutions[d])
		}
	}
	whole, _ := estimate.Exhaustive(context.Background(), newTree, shard.NoDepthLimit, 1)
	var all estimate.Profile
	if _, first := queue.CountChildren(newTree(), shard.NoDepthLimit, &all, func() bool { return false }); first != n || !slices.Equal(all.Nodes, whole.Nodes) {
		t.Errorf("not stopped: first %d of %d, nodes %v, want %v", first, n, all.Nodes, whole.Nodes)
	}
}
