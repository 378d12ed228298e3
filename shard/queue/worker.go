package queue

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"time"

	"github.com/branchwise/branchwise/estimate"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// Builder rebuilds a job's tree from its spec, returning the tree's maker
// and the hash of the canonical puzzle and options it built.
type Builder func(spec json.RawMessage) (newTree func() estimate.Tree, specHash string, err error)

// WorkerOptions tunes Work.
type WorkerOptions struct {
	// Version is the worker's branchwise version; a job pushed by another
	// is refused.
	Version string
	// Name identifies the worker in its results (host and pid, say).
	Name string
	// IdleExit ends Work when no subtree has come for this long (0: wait
	// for work until ctx ends).
	IdleExit time.Duration
	// Abandon, when ctx ends mid-subtree, leaves the subtree unacknowledged
	// (as a killed worker would; the server redelivers it after the ack
	// wait) instead of handing it back at once.
	Abandon bool
	// Done, if set, is told of each subtree finished or split.
	Done func(Finished)
	// Progress, if set, is told WorkPool's totals after each subtree that
	// a worker of the pool finishes or splits, one call at a time (Work
	// alone does not call it): a long count's progress line.
	Progress func(PoolResult)

	// afterPublish, for tests, runs between a result's publication and its
	// acknowledgement, where a kill leaves a subtree counted twice.
	afterPublish func()
}

// Finished is what a worker did with one subtree.
type Finished struct {
	Job, ID string
	// Kind is "count", or "split" when the subtree's children from some
	// child on went back to the queue.
	Kind string
	// Nodes and Solutions are what this worker counted of the subtree.
	Nodes, Solutions int64
	// Seconds is the wall time it took.
	Seconds float64
}

type jobTree struct {
	job     *Job
	newTree func() estimate.Tree
	tree    estimate.Tree
}

// Work pulls subtrees from the queue and counts them until ctx ends (nil
// error) or IdleExit passes without work. A job it cannot count (another
// version, a spec its Builder refuses or builds differently) is an error:
// the subtree is handed back for another worker and Work returns.
func (c *Conn) Work(ctx context.Context, build Builder, opt WorkerOptions) error {
	cons, err := c.js.Consumer(ctx, StreamWork, ConsumerName)
	if err != nil {
		return fmt.Errorf("queue: queue %s: no work queue here (push a job first): %v", c.URL, err)
	}
	ackWait := cons.CachedInfo().Config.AckWait
	jobs := map[string]*jobTree{}
	idleSince := time.Now()
	for ctx.Err() == nil {
		msg, err := cons.Next(jetstream.FetchMaxWait(pollWait))
		if errors.Is(err, nats.ErrTimeout) || errors.Is(err, jetstream.ErrNoMessages) {
			if opt.IdleExit > 0 && time.Since(idleSince) > opt.IdleExit {
				return nil
			}
			continue
		}
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return fmt.Errorf("queue: queue %s: %v", c.URL, err)
		}
		var it item
		if err := json.Unmarshal(msg.Data(), &it); err != nil || CheckJobID(it.Job) != nil {
			// Not ours to count, nor ever countable: drop it.
			msg.Term()
			continue
		}
		// A tree serves only the push it was built for: an item of
		// another key reloads the job, and one whose push was replaced
		// is dropped.
		jt, ok := jobs[it.Job]
		if !ok || jt.job.Key != it.Key {
			delete(jobs, it.Job)
			if jt, err = c.loadJob(ctx, it.Job, build, opt.Version); err != nil {
				if errors.Is(err, errNoJob) {
					msg.Term()
					continue
				}
				msg.Nak()
				return err
			}
			if jt.job.Key != it.Key {
				msg.Term()
				continue
			}
			jobs[it.Job] = jt
		}
		if err := c.count(ctx, msg, jt, it, ackWait, opt); err != nil {
			if ctx.Err() != nil {
				if !opt.Abandon {
					msg.Nak()
				}
				return nil
			}
			return err
		}
		idleSince = time.Now()
	}
	return nil
}

func (c *Conn) loadJob(ctx context.Context, id string, build Builder, version string) (*jobTree, error) {
	j, err := c.GetJob(ctx, id)
	if err != nil {
		return nil, err
	}
	if j.Version != version {
		return nil, fmt.Errorf("queue: queue %s: job %s was pushed by branchwise %q; this worker is %q: run the same build everywhere", c.URL, id, j.Version, version)
	}
	newTree, hash, err := build(j.Spec)
	if err != nil {
		return nil, fmt.Errorf("queue: queue %s: job %s (%s): %v", c.URL, id, j.SpecText, err)
	}
	if hash != j.SpecHash {
		return nil, fmt.Errorf("queue: queue %s: job %s (%s): this worker builds a different puzzle (hash %s, the job's %s)", c.URL, id, j.SpecText, hash, j.SpecHash)
	}
	return &jobTree{job: j, newTree: newTree, tree: newTree()}, nil
}

// count counts one subtree, or splits it when it runs past the job's
// split time, publishes the result, and acknowledges the message.
func (c *Conn) count(ctx context.Context, msg jetstream.Msg, jt *jobTree, it item, ackWait time.Duration, opt WorkerOptions) error {
	t := jt.tree
	for t.Depth() > 0 {
		t.Up()
	}
	for _, k := range it.Path {
		if n, _ := t.Branches(); k < 0 || k >= n {
			msg.Term()
			return fmt.Errorf("queue: queue %s: job %s: subtree %s has no path %v in this tree", c.URL, it.Job, it.ID, it.Path)
		}
		t.Down(k)
	}
	from := t.Depth()
	// Tell the server we are alive while we count.
	var wg sync.WaitGroup
	beat := make(chan struct{})
	wg.Add(1)
	go func() {
		defer wg.Done()
		tick := time.NewTicker(max(ackWait/3, 10*time.Millisecond))
		defer tick.Stop()
		for {
			select {
			case <-beat:
				return
			case <-tick.C:
				msg.InProgress()
			}
		}
	}()
	start := time.Now()
	deadline := start.Add(jt.job.SplitAfter)
	stop := func() bool { return ctx.Err() != nil || time.Now().After(deadline) }
	var p estimate.Profile
	n, first := 0, 0 // the children, and the first not counted
	if from+1 < jt.job.MaxDepth {
		n, first = countChildren(t, jt.job.MaxDepth, &p, stop)
	} else {
		estimate.CountBelow(t, jt.job.MaxDepth, &p, func() bool { return ctx.Err() != nil })
	}
	close(beat)
	wg.Wait()
	if ctx.Err() != nil {
		return ctx.Err()
	}
	r := result{Job: it.Job, Key: it.Key, ID: it.ID, Kind: kindCount, From: from, Version: opt.Version, Worker: opt.Name}
	for d := from; d < len(p.Nodes); d++ {
		r.Nodes = append(r.Nodes, p.Nodes[d])
		r.Branches = append(r.Branches, p.Branches[d])
		r.Solutions = append(r.Solutions, p.Solutions[d])
	}
	if first < n {
		r.Kind, r.Children, r.FirstChild = kindSplit, n, first
		for k := first; k < n; k++ {
			id := it.ID + "." + strconv.Itoa(k)
			b, _ := json.Marshal(item{Job: it.Job, Key: it.Key, ID: id, Path: append(append([]int(nil), it.Path...), k)})
			if err := retry(ctx, publishTries, publishRetryWait, func() error {
				_, err := c.js.Publish(ctx, workSubject(it.Job), b, jetstream.WithMsgID(msgID(it.Key, id)))
				return err
			}); err != nil {
				return fmt.Errorf("queue: queue %s: publishing subtree %s: %v", c.URL, id, err)
			}
		}
	}
	r.Seconds = time.Since(start).Seconds()
	b, _ := json.Marshal(&r)
	// A result published twice (this worker killed before its ack, the
	// subtree counted again) is dropped by the server within the
	// duplicate window and by Collect after it.
	if err := retry(ctx, publishTries, publishRetryWait, func() error {
		_, err := c.js.Publish(ctx, resultSubject(it.Job), b, jetstream.WithMsgID(msgID(it.Key, it.ID+"/"+r.Kind)))
		return err
	}); err != nil {
		return fmt.Errorf("queue: queue %s: publishing the result of subtree %s: %v", c.URL, it.ID, err)
	}
	if opt.afterPublish != nil {
		opt.afterPublish()
		if ctx.Err() != nil && opt.Abandon {
			return ctx.Err()
		}
	}
	// An acknowledgement lost (the ack wait passed, the server gone for a
	// moment) costs only a recount, which Collect drops.
	msg.DoubleAck(ctx)
	if opt.Done != nil {
		f := Finished{Job: it.Job, ID: it.ID, Kind: r.Kind, Seconds: r.Seconds}
		for d := range r.Nodes {
			f.Nodes += r.Nodes[d]
			f.Solutions += r.Solutions[d]
		}
		opt.Done(f)
	}
	return nil
}

// publishTries is how many times a worker publishes a result, or a
// split's children, before it gives up and stops: a server busy with its
// disk, or a loaded machine, can time a publish out (a 1 h 42 min count
// at load 10 lost one of its two workers to one "context deadline
// exceeded"), and the message ids make a publish that did arrive, tried
// again, harmless.
const publishTries = 5

// publishRetryWait is the wait before the second try, doubled before each
// next one: 15 s of waits in all, within twice the default ack wait.
const publishRetryWait = time.Second

// retry calls publish until it succeeds, ctx ends or it has failed tries
// times, waiting wait before the second call and twice as long before
// each next; it returns publish's last error.
func retry(ctx context.Context, tries int, wait time.Duration, publish func() error) error {
	var err error
	for i := 0; i < tries; i++ {
		if err = publish(); err == nil || ctx.Err() != nil || i == tries-1 {
			return err
		}
		select {
		case <-ctx.Done():
			return err
		case <-time.After(wait):
		}
		wait *= 2
	}
	return err
}

// countChildren counts the current node of t and its children's subtrees
// one child at a time into p, until stop says the time is up: the
// children counted whole are kept, the one cut short is dropped. It
// returns the number of children and the first not counted (n when all
// were), so that a split loses at most the child in progress.
func countChildren(t estimate.Tree, maxDepth int, p *estimate.Profile, stop func() bool) (n, first int) {
	d := t.Depth()
	n, sol := t.Branches()
	p.Grow(d)
	p.Nodes[d]++
	p.Branches[d] += int64(n)
	if sol {
		p.Solutions[d]++
	}
	var child estimate.Profile
	for k := 0; k < n; k++ {
		if k > 0 && stop() {
			return n, k
		}
		child.Nodes, child.Branches, child.Solutions = child.Nodes[:0], child.Branches[:0], child.Solutions[:0]
		t.Down(k)
		cut := false
		estimate.CountBelow(t, maxDepth, &child, func() bool {
			cut = cut || stop()
			return cut
		})
		t.Up()
		if cut {
			return n, k
		}
		for e := range child.Nodes {
			p.Grow(e)
			p.Nodes[e] += child.Nodes[e]
			p.Branches[e] += child.Branches[e]
			p.Solutions[e] += child.Solutions[e]
		}
	}
	return n, n
}
