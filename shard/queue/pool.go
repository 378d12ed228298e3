package queue

import (
	"context"
	"fmt"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/branchwise/branchwise/estimate"
	"github.com/branchwise/branchwise/internal/numfmt"
	"github.com/branchwise/branchwise/shard"
)

// PoolResult counts what a pool of workers did.
type PoolResult struct {
	Counted, Split int
	// Nodes and Solutions are the pool's counts, summed over its subtrees
	// (a split's counted children included).
	Nodes, Solutions int64
	// Seconds is the wall time since the pool started.
	Seconds float64
	// Ran is false when a worker could not connect (none ran).
	Ran bool
}

// String says what the pool did: subtrees, nodes, solutions and its rate.
func (r PoolResult) String() string {
	s := fmt.Sprintf("%s subtrees counted, %s split, %s nodes, %s solutions", numfmt.Count(int64(r.Counted)), numfmt.Count(int64(r.Split)), numfmt.Count(r.Nodes), numfmt.Count(r.Solutions))
	if r.Seconds > 0 {
		s += fmt.Sprintf(" in %s s (%s nodes a second)", numfmt.Estimate(r.Seconds), numfmt.Estimate(float64(r.Nodes)/r.Seconds))
	}
	return s
}

// WorkPool runs n workers (Work), each on its own connection to url and
// named host/pid/i, until ctx ends or every worker exits; it returns the
// pool's totals, and the first error of a worker. It connects all n
// first: when one cannot connect, none runs. opt.Done and opt.Progress,
// if set, are called one call at a time.
func WorkPool(ctx context.Context, url string, n int, build Builder, opt WorkerOptions) (PoolResult, error) {
	host, _ := os.Hostname()
	var wg sync.WaitGroup
	var mu sync.Mutex
	var res PoolResult
	errs := make([]error, max(n, 1))
	start := time.Now()
	done, progress := opt.Done, opt.Progress
	opt.Done = func(f Finished) {
		mu.Lock()
		defer mu.Unlock()
		if f.Kind == kindSplit {
			res.Split++
		} else {
			res.Counted++
		}
		res.Nodes += f.Nodes
		res.Solutions += f.Solutions
		res.Seconds = time.Since(start).Seconds()
		if done != nil {
			done(f)
		}
		if progress != nil {
			progress(res)
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
	res.Seconds = time.Since(start).Seconds()
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
