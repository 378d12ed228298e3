package queue_test

import (
	"context"
	"testing"
	"time"

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
	res, err := queue.WorkPool(context.Background(), url, 2, builder(nil), queue.WorkerOptions{Version: "v1", IdleExit: time.Second})
	if err != nil || !res.Ran || res.Counted != fr.Len() || res.Split != 0 {
		t.Fatalf("%+v, %v; want %d counted", res, err, fr.Len())
	}
	total, _, err := c.Collect(context.Background(), "pool", false)
	if err != nil || total.AllSolutions.Int64() != 8 {
		t.Errorf("collected %v, %v; want 8 solutions", total, err)
	}
	if res, err := queue.WorkPool(context.Background(), "nats://127.0.0.1:1", 2, builder(nil), queue.WorkerOptions{}); err == nil || res.Ran {
		t.Errorf("no server: %+v, %v", res, err)
	}
}
