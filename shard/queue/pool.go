package queue

import (
	"context"
	"fmt"
	"os"
	"strings"
	"sync"

	"github.com/branchwise/branchwise/estimate"
	"github.com/branchwise/branchwise/shard"
)

// PoolResult counts what a pool of workers did.
type PoolResult struct {
	Counted, Split int
	// Ran is false when a worker could not connect (none ran).
	Ran bool
}

// WorkPool runs n workers (Work), each on its own connection to url and
// named host/pid/i, until ctx ends or every worker exits; it returns the
// subtrees counted and split, and the first error of a worker. It
// connects all n first: when one cannot connect, none runs. opt.Done, if
// set, is called as well, one call at a time.
func WorkPool(ctx context.Context, url string, n int, build Builder, opt WorkerOptions) (PoolResult, error) {
	host, _ := os.Hostname()
	var wg sync.WaitGroup
	var mu sync.Mutex
	var res PoolResult
	errs := make([]error, max(n, 1))
	done := opt.Done
	opt.Done = func(job, id, kind string) {
		mu.Lock()
		defer mu.Unlock()
		if kind == "split" {
			res.Split++
		} else {
			res.Counted++
		}
		if done != nil {
			done(job, id, kind)
		}
	}
	conns := make([]*Conn, len(errs))
	for w := range conns {
		conn, err := Connect(ctx, url)
		if err != nil {
			for _, c := range conns[:w] {
				c.Close()
			}
			return res, err
		}
		conns[w] = conn
	}
	res.Ran = true
	for w, conn := range conns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer conn.Close()
			o := opt
			o.Name = fmt.Sprintf("%s/%d/%d", host, os.Getpid(), w)
			errs[w] = conn.Work(ctx, build, o)
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return res, err
		}
	}
	return res, nil
}

// PushTree cuts the tree of newTree at splitDepth (shard.FrontierAt, with
// n workers expected for "auto") and pushes its subtrees as job j through
// the server at url (Push); an empty j.ID becomes the first 12 hex digits
// of j.SpecHash. It returns the frontier and the job's ID.
func PushTree(ctx context.Context, url string, j Job, newTree func() estimate.Tree, splitDepth string, n int, o PushOptions) (*shard.Frontier, string, error) {
	fr, err := shard.FrontierAt(ctx, newTree, splitDepth, n, j.MaxDepth)
	if err != nil {
		return nil, "", err
	}
	if j.ID == "" {
		j.ID = strings.TrimPrefix(j.SpecHash, "sha256:")[:12]
	}
	conn, err := Connect(ctx, url)
	if err != nil {
		return nil, "", err
	}
	defer conn.Close()
	return fr, j.ID, conn.Push(ctx, j, fr, o)
}
