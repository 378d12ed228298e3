package main

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/branchwise/branchwise/estimate"
	"github.com/branchwise/branchwise/xcover"
)

// count counts all and unique solutions on the workers. On a terminal it
// first estimates the search's size by a second of Knuth's probes, and
// shows the nodes searched, the solutions and the time left as it goes.
func (p *packRun) count() error {
	prog := newProgress(p.e)
	var mu sync.Mutex
	var all, uniq int64
	var done atomic.Int64
	var est float64
	if prog.enabled && !p.f.unique && p.pk.Ranges == nil { // the estimator walks Algorithm C's tree
		est = p.estimateNodes()
		fmt.Fprintf(p.e.stderr, "%s: about %s nodes to search (estimated)\n", p.name, bigFloat(est))
	}
	p.start = time.Now()
	show := func() {
		line := fmt.Sprintf("%s: %d solutions, %d unique, %d nodes, %s", p.name, all, uniq, done.Load(), time.Since(p.start).Round(time.Second))
		if n := float64(done.Load()); est > 0 && n > 0 {
			if left := (est - n) / n * time.Since(p.start).Seconds(); left > 0 {
				line += fmt.Sprintf(", about %s left", time.Duration(left*float64(time.Second)).Round(time.Second))
			} else {
				line += ", past the estimate"
			}
		}
		prog.Printf("%s", line)
	}
	if prog.enabled {
		p.pk.Progress = func(n int64) {
			done.Add(n)
			mu.Lock()
			show()
			mu.Unlock()
		}
	}
	var r xcover.Result
	switch {
	case p.pk.Ranges != nil:
		c := p.pk.Count(p.ctx, p.strat, 1)
		all, uniq, r = c.All, c.Unique, xcover.Result{Solutions: c.All, Stats: c.Stats, Err: c.Err}
		p.f.workers = 1
	case p.f.unique:
		r = p.pk.SolveUnique(p.ctx, p.strat, p.f.workers, p.pk.Restrict(), func(_ int, _ []int, class int) bool {
			mu.Lock()
			all += int64(class)
			uniq++
			show()
			mu.Unlock()
			return true
		})
	default:
		r = p.pk.SolveParallel(p.ctx, p.strat, p.f.workers, func(_ int, assign []int) bool {
			canon := p.pk.IsCanonical(assign)
			mu.Lock()
			all++
			if canon {
				uniq++
			}
			show()
			mu.Unlock()
			return true
		})
	}
	prog.Done()
	p.rep.Solutions, p.rep.Unique, p.rep.Workers = all, &uniq, p.f.workers
	p.finish(r)
	if !p.f.asJSON {
		how := "all solutions searched"
		if p.f.unique {
			how = fmt.Sprintf("unique ones searched, piece %s restricted", p.pk.Pieces[p.pk.Restrict().Piece].Name)
		}
		if r.Err != nil || r.Status.Early() {
			how = "the search stopped early: the counts so far"
		}
		fmt.Fprintf(p.e.stdout, "%s: %d solutions, %d unique (%s; strategy %s, %d nodes, %d workers, %.2f s)\n",
			p.name, all, uniq, how, p.rep.Strategy, p.rep.Nodes, p.f.workers, p.rep.Seconds)
	}
	return p.report()
}

// estimateNodes estimates the size of the search tree by Knuth's probes
// with lookahead, for a second.
func (p *packRun) estimateNodes() float64 {
	ctx, cancel := context.WithTimeout(p.ctx, time.Second)
	defer cancel()
	r := estimate.Knuth(ctx, p.pk.Tree(p.strat), estimate.Options{Seed: 1, Samples: 1 << 30, Workers: p.f.workers, Lookahead: true})
	return r.Nodes.Estimate
}
