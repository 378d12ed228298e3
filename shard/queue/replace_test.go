package queue_test

import (
	"context"
	"encoding/json"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/branchwise/branchwise/estimate"
	"github.com/branchwise/branchwise/shard"
	"github.com/branchwise/branchwise/shard/queue"
)

// pushDepth pushes name as job id counted to maxDepth, split at depth 2.
func pushDepth(t *testing.T, c *queue.Conn, name, id string, maxDepth int, splitAfter time.Duration, replace bool) {
	t.Helper()
	raw := json.RawMessage(`{"puzzle":"` + name + `"}`)
	newTree, hash, err := builder(nil)(raw)
	if err != nil {
		t.Fatal(err)
	}
	fr, err := shard.NewFrontier(newTree, 2, maxDepth)
	if err != nil {
		t.Fatal(err)
	}
	j := queue.Job{ID: id, Version: "v-test", Spec: raw, SpecText: "pack " + name, SpecHash: hash, MaxDepth: maxDepth, SplitAfter: splitAfter}
	if err := c.Push(context.Background(), j, fr, queue.PushOptions{AckWait: time.Second, Replace: replace}); err != nil {
		t.Fatal(err)
	}
}

// exact is one process's count of name to maxDepth.
func exact(t *testing.T, name string, maxDepth int) *estimate.Profile {
	t.Helper()
	newTree, _, _ := builder(nil)(json.RawMessage(`{"puzzle":"` + name + `"}`))
	p, err := estimate.Exhaustive(context.Background(), newTree, maxDepth, 1)
	if err != nil {
		t.Fatal(err)
	}
	return &p
}

// sameCounts fails t unless got equals want depth by depth.
func sameCounts(t *testing.T, what string, got *shard.Total, want *estimate.Profile) {
	t.Helper()
	n := len(want.Nodes)
	for n > 0 && want.Nodes[n-1] == 0 {
		n--
	}
	if len(got.Nodes) != n {
		t.Fatalf("%s: %d depths, one process %d", what, len(got.Nodes), n)
	}
	for d := 0; d < n; d++ {
		if got.Nodes[d].Int64() != want.Nodes[d] || got.Branches[d].Int64() != want.Branches[d] || got.Solutions[d].Int64() != want.Solutions[d] {
			t.Errorf("%s: depth %d: %v %v %v, one process %d %d %d", what, d, got.Nodes[d], got.Branches[d], got.Solutions[d], want.Nodes[d], want.Branches[d], want.Solutions[d])
		}
	}
}

func collect(t *testing.T, c *queue.Conn, id string) (*shard.Total, queue.Progress) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	total, pr, err := c.Collect(ctx, id, true)
	if err != nil {
		t.Fatalf("collect %s: %v (%+v)", id, err, pr)
	}
	return total, pr
}

// serverConn starts a server (startServer) and connects to it.
func serverConn(t *testing.T) (string, *queue.Conn) {
	url := startServer(t)
	c, err := queue.Connect(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Close)
	return url, c
}

// startWorker runs a worker on its own connection until the returned
// function is called.
func startWorker(t *testing.T, url string, wrap func(estimate.Tree) estimate.Tree) (stop func()) {
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		w, err := queue.Connect(ctx, url)
		if err != nil {
			t.Error(err)
			return
		}
		defer w.Close()
		if err := w.Work(ctx, builder(wrap), queue.WorkerOptions{Version: "v-test"}); err != nil {
			t.Error(err)
		}
	}()
	return func() { cancel(); wg.Wait() }
}

// TestQueueReplaceOtherOptions (D3): a worker that counted a job keeps
// its tree; the job pushed again under the same name with another depth
// limit, after the server's duplicate window, must be counted with the new
// options, not the kept tree.
func TestQueueReplaceOtherOptions(t *testing.T) {
	defer queue.SetDuplicateWindow(200 * time.Millisecond)()
	name := "pentomino-3x20"
	url, c := serverConn(t)
	pushDepth(t, c, name, "d3", shard.NoDepthLimit, time.Minute, false)
	defer startWorker(t, url, nil)()
	got, _ := collect(t, c, "d3")
	sameCounts(t, "the whole tree", got, exact(t, name, shard.NoDepthLimit))
	time.Sleep(400 * time.Millisecond) // past the duplicate window
	pushDepth(t, c, name, "d3", 5, time.Minute, true)
	got, _ = collect(t, c, "d3")
	sameCounts(t, "replaced, to depth 5", got, exact(t, name, 5))
}

// TestQueueReplaceInWindow (D2): a job replaced within the server's
// duplicate window (the same subtree ids pushed again) is counted whole.
func TestQueueReplaceInWindow(t *testing.T) {
	name := "pentomino-3x20"
	url, c := serverConn(t)
	pushDepth(t, c, name, "d2", shard.NoDepthLimit, time.Minute, false)
	pushDepth(t, c, name, "d2", shard.NoDepthLimit, time.Minute, true)
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		if err := c.Work(ctx, builder(nil), queue.WorkerOptions{Version: "v-test"}); err != nil {
			t.Error(err)
		}
	}()
	defer func() { cancel(); wg.Wait() }()
	w, err := queue.Connect(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	cctx, ccancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer ccancel()
	got, pr, err := w.Collect(cctx, "d2", true)
	if err != nil {
		t.Fatalf("collect after a replace in the duplicate window: %v (%d subtrees missing)", err, pr.Missing)
	}
	sameCounts(t, "replaced at once", got, exact(t, name, shard.NoDepthLimit))
}

// TestQueueReplaceMidCount: the job is replaced (another depth limit)
// while a worker counts one of its subtrees and splits others; the old
// subtree's result and split children, published after the replacement,
// are never counted into the new job, nor counted with its tree.
func TestQueueReplaceMidCount(t *testing.T) {
	name := "pentomino-4x15"
	url, c := serverConn(t)
	pushDepth(t, c, name, "mid", shard.NoDepthLimit, 20*time.Millisecond, false)
	var moves atomic.Int64
	moves.Store(3000)
	replaced := make(chan struct{})
	wrap := func(tr estimate.Tree) estimate.Tree {
		return killAfter{tr, &moves, func() {
			pushDepth(t, c, name, "mid", 6, time.Minute, true)
			close(replaced)
		}}
	}
	defer startWorker(t, url, wrap)()
	select {
	case <-replaced:
	case <-time.After(time.Minute):
		t.Fatal("never replaced")
	}
	got, pr := collect(t, c, "mid")
	t.Logf("%+v", pr)
	sameCounts(t, "replaced mid-count, to depth 6", got, exact(t, name, 6))
}
