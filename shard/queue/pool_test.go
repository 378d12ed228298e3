package queue_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/branchwise/branchwise/shard"
	"github.com/branchwise/branchwise/shard/queue"
)

// TestWorkPool: two workers count a pushed job to its end and exit when
// idle; a pool that cannot connect runs nothing.
func TestWorkPool(t *testing.T) {
	url := startServer(t)
	c, err := queue.Connect(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	fr := push(t, c, "pentomino-3x20", "pool", "v1", time.Minute)
	var calls int
	var last queue.PoolResult
	res, err := queue.WorkPool(context.Background(), url, 2, builder(nil), queue.WorkerOptions{Version: "v1", IdleExit: time.Second,
		Progress: func(r queue.PoolResult) { calls, last = calls+1, r }})
	if err != nil || !res.Ran || res.Counted != fr.Len() || res.Split != 0 {
		t.Fatalf("%+v, %v; want %d counted", res, err, fr.Len())
	}
	total, _, err := c.Collect(context.Background(), "pool", false)
	if err != nil || total.AllSolutions.Int64() != 8 {
		t.Errorf("collected %v, %v; want 8 solutions", total, err)
	}
	// The pool's totals are the collected counts below the frontier, and
	// its last progress call saw all of them.
	var below int64
	for d := fr.Depth; d < len(total.Nodes); d++ {
		below += total.Nodes[d].Int64()
	}
	if res.Nodes != below || res.Solutions != 8 {
		t.Errorf("pool counted %d nodes, %d solutions; collect %d below depth %d, 8", res.Nodes, res.Solutions, below, fr.Depth)
	}
	if calls != res.Counted || last.Nodes != res.Nodes || last.Counted != res.Counted {
		t.Errorf("progress called %d times, last %+v; want %d calls ending at %+v", calls, last, res.Counted, res)
	}
	if s := res.String(); !strings.Contains(s, " subtrees counted, 0 split, ") || !strings.Contains(s, " 8 solutions in ") {
		t.Errorf("String() = %q", s)
	}
	newTree, hash, _ := builder(nil)(json.RawMessage(`{"puzzle":"pentomino-3x20"}`))
	fr2, id, err := queue.PushTree(context.Background(), url, queue.Job{Version: "v1", Spec: json.RawMessage(`{"puzzle":"pentomino-3x20"}`),
		SpecText: "pack pentomino-3x20", SpecHash: hash, MaxDepth: shard.NoDepthLimit}, newTree, "2", 0, queue.PushOptions{})
	if err != nil || id != strings.TrimPrefix(hash, "sha256:")[:12] || fr2.Depth != 2 {
		t.Fatalf("PushTree: %v, %q, %v", fr2, id, err)
	}
	if res, err := queue.WorkPool(context.Background(), url, 1, builder(nil), queue.WorkerOptions{Version: "v1", IdleExit: time.Second}); err != nil || res.Counted != fr2.Len() {
		t.Errorf("pushed tree: %+v, %v", res, err)
	}
	if res, err := queue.WorkPool(context.Background(), "nats://127.0.0.1:1", 2, builder(nil), queue.WorkerOptions{}); err == nil || res.Ran {
		t.Errorf("no server: %+v, %v", res, err)
	}
}
