package queue_test

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/branchwise/branchwise/estimate"
	"github.com/branchwise/branchwise/shard"
	"github.com/branchwise/branchwise/shard/queue"
)

var chaosRuns = flag.Int("queue.chaos", 0, "seeded runs of TestQueueChaos (0: 3, or 1 with -short)")

// The chaos test's processes are this test binary run again with
// chaosRole set: a NATS server or a worker, each killed with kill -9.
const (
	chaosRole  = "BW_QUEUE_CHAOS_ROLE"
	chaosAddr  = "BW_QUEUE_CHAOS_ADDR"
	chaosStore = "BW_QUEUE_CHAOS_STORE"
	// chaosPuzzle is small enough for a hundred runs in minutes, big
	// enough (32,977 nodes, 8 solutions) that kills land mid-count.
	chaosPuzzle = "pentomino-3x20"
	// chaosOldDepth is the depth limit of the job first pushed, then
	// replaced by the whole tree's count under the same name.
	chaosOldDepth = 7
	chaosWorkers  = 3
	chaosRunLimit = 3 * time.Minute
)

func TestMain(m *testing.M) {
	switch os.Getenv(chaosRole) {
	case "server":
		host, port, _ := net.SplitHostPort(os.Getenv(chaosAddr))
		p, _ := strconv.Atoi(port)
		if _, err := queue.Serve(host, p, os.Getenv(chaosStore)); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		select {}
	case "worker":
		// A worker that loses its server connects again, as a restarted
		// process would.
		url := "nats://" + os.Getenv(chaosAddr)
		for {
			c, err := queue.Connect(context.Background(), url)
			if err == nil {
				err = c.Work(context.Background(), builder(nil), queue.WorkerOptions{Version: "v-test", Name: strconv.Itoa(os.Getpid())})
				c.Close()
			}
			if err != nil {
				fmt.Fprintln(os.Stderr, "worker:", err)
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
	os.Exit(m.Run())
}

// chaos is one run's processes and the log of what it did to them.
type chaos struct {
	t       *testing.T
	addr    string
	store   string
	server  *exec.Cmd
	workers [chaosWorkers]*exec.Cmd
	events  []string
}

func (ch *chaos) start(role string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), chaosRole+"="+role, chaosAddr+"="+ch.addr, chaosStore+"="+ch.store)
	if err := cmd.Start(); err != nil {
		ch.t.Fatal(err)
	}
	return cmd
}

func kill9(cmd *exec.Cmd) {
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
}

func (ch *chaos) stop() {
	for _, w := range ch.workers {
		if w != nil {
			kill9(w)
		}
	}
	if ch.server != nil {
		kill9(ch.server)
	}
}

// conn connects to the server, waiting for it to come back.
func (ch *chaos) conn(ctx context.Context) *queue.Conn {
	for {
		c, err := queue.Connect(ctx, "nats://"+ch.addr)
		if err == nil {
			return c
		}
		if ctx.Err() != nil {
			ch.t.Fatalf("no server: %v; events: %s", err, strings.Join(ch.events, ", "))
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// push pushes the job, again until the server confirms it whole.
func (ch *chaos) push(ctx context.Context, maxDepth int, replace bool) {
	raw := json.RawMessage(`{"puzzle":"` + chaosPuzzle + `"}`)
	newTree, hash, _ := builder(nil)(raw)
	fr, err := shard.NewFrontier(newTree, 2, maxDepth)
	if err != nil {
		ch.t.Fatal(err)
	}
	j := queue.Job{ID: "chaos", Version: "v-test", Spec: raw, SpecText: "pack " + chaosPuzzle, SpecHash: hash,
		MaxDepth: maxDepth, SplitAfter: 30 * time.Millisecond}
	for {
		c := ch.conn(ctx)
		err := c.Push(ctx, j, fr, queue.PushOptions{AckWait: time.Second, Replace: replace})
		c.Close()
		if err == nil {
			return
		}
		if ctx.Err() != nil {
			ch.t.Fatalf("push: %v", err)
		}
		ch.events = append(ch.events, "push failed ("+err.Error()+"), pushed again")
		replace = true
	}
}

// TestQueueChaos: the distributed count under chaos. Each seeded run
// starts a NATS server and three worker processes, pushes a job counted
// to depth 7, replaces it (same name, the whole tree) after a random
// moment, and meanwhile at random kills workers and the server with
// kill -9 (restarting them), delivers subtrees twice and out of order,
// and publishes results twice. The collected total must equal one
// process's count, depth by depth, in every run.
func TestQueueChaos(t *testing.T) {
	runs := *chaosRuns
	if runs == 0 {
		runs = 3
		if testing.Short() {
			runs = 1
		}
	}
	newTree, _, _ := builder(nil)(json.RawMessage(`{"puzzle":"` + chaosPuzzle + `"}`))
	want, err := estimate.Exhaustive(context.Background(), newTree, shard.NoDepthLimit, 1)
	if err != nil {
		t.Fatal(err)
	}
	kills := 0
	for seed := 1; seed <= runs; seed++ {
		events := chaosRun(t, uint64(seed), &want)
		for _, e := range events {
			if strings.HasPrefix(e, "kill -9") {
				kills++
			}
		}
		t.Logf("run %d exact; %s", seed, strings.Join(events, ", "))
	}
	t.Logf("%d of %d runs exact, %d processes killed with kill -9", runs, runs, kills)
}

func chaosRun(t *testing.T, seed uint64, want *estimate.Profile) []string {
	r := rand.New(rand.NewPCG(seed, 36))
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ch := &chaos{t: t, addr: l.Addr().String(), store: filepath.Join(t.TempDir(), "js")}
	l.Close()
	defer ch.stop()
	ctx, cancel := context.WithTimeout(context.Background(), chaosRunLimit)
	defer cancel()
	ch.server = ch.start("server")
	ch.push(ctx, chaosOldDepth, false)
	for w := range ch.workers {
		ch.workers[w] = ch.start("worker")
	}
	replaceAt := time.Now().Add(time.Duration(r.IntN(1500)) * time.Millisecond)
	replaced := false
	// One kill of the server at least, at a random moment of the new
	// job's count.
	var serverKillAt time.Time
	for n := 0; ; n++ {
		if ctx.Err() != nil {
			t.Fatalf("seed %d: not complete after %v; events: %s", seed, chaosRunLimit, strings.Join(ch.events, ", "))
		}
		time.Sleep(time.Duration(50+r.IntN(250)) * time.Millisecond)
		if !replaced && time.Now().After(replaceAt) {
			ch.push(ctx, shard.NoDepthLimit, true)
			ch.events = append(ch.events, "replaced")
			replaced = true
			serverKillAt = time.Now().Add(time.Duration(r.IntN(300)) * time.Millisecond)
			continue
		}
		k := r.IntN(10)
		if replaced && !serverKillAt.IsZero() && time.Now().After(serverKillAt) {
			k, serverKillAt = 3, time.Time{}
		}
		switch {
		case k < 3:
			w := r.IntN(chaosWorkers)
			kill9(ch.workers[w])
			ch.workers[w] = ch.start("worker")
			ch.events = append(ch.events, fmt.Sprintf("kill -9 worker %d", w+1))
		case k == 3:
			kill9(ch.server)
			time.Sleep(time.Duration(r.IntN(500)) * time.Millisecond)
			ch.server = ch.start("server")
			ch.events = append(ch.events, "kill -9 server")
		case k < 6:
			c := ch.conn(ctx)
			if ok, _ := c.DuplicateDelivery(ctx, fmt.Sprintf("dup-%d-%d", seed, n), time.Duration(r.IntN(500))*time.Millisecond); ok {
				ch.events = append(ch.events, "subtree delivered twice, reordered")
			}
			c.Close()
		case k < 8:
			c := ch.conn(ctx)
			if ok, _ := c.DuplicateResult(ctx, "chaos", fmt.Sprintf("dupr-%d-%d", seed, n)); ok {
				ch.events = append(ch.events, "result published twice")
			}
			c.Close()
		}
		if !replaced {
			continue
		}
		c := ch.conn(ctx)
		got, pr, err := c.Collect(ctx, "chaos", false)
		c.Close()
		if err != nil {
			continue // not complete yet, or the server went away
		}
		sameCounts(t, fmt.Sprintf("seed %d", seed), got, want)
		ch.events = append(ch.events, fmt.Sprintf("collected: %d results, %d copies dropped, %d stale, %d splits",
			pr.Results, pr.Duplicates, pr.Stale, pr.Splits))
		return ch.events
	}
}
