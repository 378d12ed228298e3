package queue

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/branchwise/branchwise/internal/numfmt"
	"io"
	"math"
	"math/big"
	"slices"
	"strconv"
	"time"

	"github.com/branchwise/branchwise/shard"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// Progress is what Collect found.
type Progress struct {
	// Results read, and among them copies of a result already read
	// (a subtree counted twice), dropped.
	Results, Duplicates int
	// Splits is the number of subtrees split into their children.
	Splits int
	// Missing is the number of subtrees not yet counted.
	Missing int
	// Stale is the number of results of a replaced push of the job
	// (published after its replacement), never counted.
	Stale int
	// Shard and Shards are the job's (Job.Shard): with Shards > 1 the
	// total is that of one shard of the count.
	Shard, Shards int
	// Frontier is the job's frontier size, and SubtreeNodes the nodes
	// counted below each of the job's subtrees, in order (its splits
	// resolved), once the count is complete.
	Frontier     int
	SubtreeNodes []int64
	// Seconds sums the workers' seconds on the job's results, splits
	// included.
	Seconds float64
}

// Projection estimates, from a complete shard's subtrees taken as a
// random sample of the frontier, the nodes below the whole frontier
// (Frontier times their mean) and its standard error, and the worker
// seconds of the whole count (Shards times the shard's). For a count of
// the whole frontier the nodes are exact and the error 0.
func (pr Progress) Projection() (nodes, stderr, seconds float64) {
	m := len(pr.SubtreeNodes)
	if m == 0 {
		return 0, 0, 0
	}
	var sum, sq float64
	for _, n := range pr.SubtreeNodes {
		sum += float64(n)
	}
	mean := sum / float64(m)
	for _, n := range pr.SubtreeNodes {
		sq += (float64(n) - mean) * (float64(n) - mean)
	}
	f := float64(pr.Frontier)
	if m > 1 && m < pr.Frontier {
		stderr = f * math.Sqrt(sq/float64(m-1)/float64(m)*(1-float64(m)/f))
	}
	return f * mean, stderr, pr.Seconds * float64(max(pr.Shards, 1))
}

// Collect reads a job's results and sums them, one per subtree id, with
// big integers. Without wait it returns what is there, with an error
// naming the subtrees missing; with wait it reads on until the count is
// complete or ctx ends.
func (c *Conn) Collect(ctx context.Context, jobID string, wait bool) (*shard.Total, Progress, error) {
	var pr Progress
	j, err := c.GetJob(ctx, jobID)
	if err != nil {
		return nil, pr, err
	}
	pr.Shard, pr.Shards = j.Shard, j.Shards
	cons, err := c.js.OrderedConsumer(ctx, StreamResults, jetstream.OrderedConsumerConfig{FilterSubjects: []string{resultSubject(jobID)}})
	if err != nil {
		return nil, pr, fmt.Errorf("queue: queue %s: results of job %s: %v", c.URL, jobID, err)
	}
	counts := map[string]*result{}
	splits := map[string]*result{}
	for {
		// Read everything there is now.
		for {
			msg, err := cons.Next(jetstream.FetchMaxWait(pollWait / 4))
			if errors.Is(err, nats.ErrTimeout) || errors.Is(err, jetstream.ErrNoMessages) {
				break
			}
			if err != nil {
				if ctx.Err() != nil {
					return nil, pr, ctx.Err()
				}
				return nil, pr, fmt.Errorf("queue: queue %s: results of job %s: %v", c.URL, jobID, err)
			}
			pr.Results++
			var r result
			if err := json.Unmarshal(msg.Data(), &r); err != nil {
				return nil, pr, fmt.Errorf("queue: queue %s: job %s: a damaged result: %v", c.URL, jobID, err)
			}
			if r.Key != j.Key {
				pr.Stale++
				continue
			}
			if r.Version != j.Version {
				return nil, pr, fmt.Errorf("queue: queue %s: job %s: subtree %s counted by branchwise %q, the job is %q", c.URL, jobID, r.ID, r.Version, j.Version)
			}
			m := counts
			if r.Kind == kindSplit {
				m = splits
			}
			if err := keep(m, &r); err != nil {
				return nil, pr, fmt.Errorf("queue: queue %s: job %s: %v", c.URL, jobID, err)
			}
		}
		pr.Duplicates = pr.Results - pr.Stale - len(counts) - len(splits)
		t, missing, nsplit, below := resolve(j, counts, splits)
		pr.Missing, pr.Splits, pr.Seconds = len(missing), nsplit, t.Seconds
		if len(missing) == 0 {
			pr.Frontier, pr.SubtreeNodes = j.Frontier, below
			return t, pr, nil
		}
		// The record as it is now: a push cut short is said so, and a job
		// replaced while we read is never summed with the old results.
		now, err := c.GetJob(ctx, jobID)
		if err != nil {
			return nil, pr, err
		}
		if now.Key != j.Key {
			return nil, pr, fmt.Errorf("queue: queue %s: job %s was replaced while collecting (pushed again %s): collect again", c.URL, jobID, now.Pushed.Format(time.RFC3339))
		}
		if !wait {
			if !now.Complete {
				return nil, pr, fmt.Errorf("queue: queue %s: job %s: its push did not finish (or is still running): push it again with --replace", c.URL, jobID)
			}
			var counted int64
			for _, n := range below {
				counted += n
			}
			return nil, pr, fmt.Errorf("queue: job %s: %d subtrees not counted yet (e.g. %s; so far %d nodes in %.0f worker-seconds, %d splits): wait for the workers, or collect --wait",
				jobID, len(missing), missing[0], counted, t.Seconds, nsplit)
		}
		select {
		case <-ctx.Done():
			return nil, pr, ctx.Err()
		case <-time.After(pollWait / 4):
		}
	}
}

// resolve sums the results from the frontier down: a subtree's count if
// there is one, else its split node's own counts and its children's. It
// returns the total, the subtrees missing, the splits, and the nodes
// below each of the job's subtrees.
func resolve(j *Job, counts, splits map[string]*result) (*shard.Total, []string, int, []int64) {
	t := &shard.Total{Spec: j.SpecText, SpecHash: j.SpecHash, Version: j.Version, SplitDepth: j.SplitDepth,
		MaxDepth: j.MaxDepth, Frontier: j.Frontier, Shards: 1, Symmetry: j.Symmetry}
	add := func(from int, nodes, branches, sols []int64) {
		for i := range nodes {
			d := from + i
			for len(t.Nodes) <= d {
				t.Nodes = append(t.Nodes, new(big.Int))
				t.Branches = append(t.Branches, new(big.Int))
				t.Solutions = append(t.Solutions, new(big.Int))
			}
			t.Nodes[d].Add(t.Nodes[d], big.NewInt(nodes[i]))
			t.Branches[d].Add(t.Branches[d], big.NewInt(branches[i]))
			t.Solutions[d].Add(t.Solutions[d], big.NewInt(sols[i]))
		}
	}
	add(0, j.Prefix.Nodes, j.Prefix.Branches, j.Prefix.Solutions)
	var missing []string
	nsplit := 0
	var walk func(id string) int64
	walk = func(id string) int64 {
		if r, ok := counts[id]; ok {
			add(r.From, r.Nodes, r.Branches, r.Solutions)
			t.Seconds += r.Seconds
			return sum64(r.Nodes)
		}
		if r, ok := splits[id]; ok {
			nsplit++
			add(r.From, r.Nodes, r.Branches, r.Solutions)
			t.Seconds += r.Seconds // the work of a split subtree is done again below it
			n := sum64(r.Nodes)
			for k := r.FirstChild; k < r.Children; k++ {
				n += walk(id + "." + strconv.Itoa(k))
			}
			return n
		}
		missing = append(missing, id)
		return 0
	}
	var below []int64
	for _, k := range j.subtrees() {
		below = append(below, walk(strconv.Itoa(k)))
	}
	t.Seal()
	return t, missing, nsplit, below
}

func sum64(xs []int64) int64 {
	var s int64
	for _, x := range xs {
		s += x
	}
	return s
}

// WriteProjection prints, for a complete shard of a count (Shards > 1),
// what it projects for the whole: nodes with their standard error, and
// worker hours at the shard's rate. It prints nothing for a whole count.
func (pr Progress) WriteProjection(w io.Writer) error {
	if pr.Shards <= 1 || len(pr.SubtreeNodes) == 0 {
		return nil
	}
	nodes, se, secs := pr.Projection()
	rate := 0.0
	if pr.Seconds > 0 {
		var counted float64
		for _, n := range pr.SubtreeNodes {
			counted += float64(n)
		}
		rate = counted / pr.Seconds
	}
	_, err := fmt.Fprintf(w, "shard %d of %d, %s of %s subtrees: the whole count projects to %s nodes (standard error %s) below the frontier, %s worker-hours at this shard's %s nodes/s\n",
		pr.Shard, pr.Shards, numfmt.Count(int64(len(pr.SubtreeNodes))), numfmt.Count(int64(pr.Frontier)), numfmt.Estimate(nodes), numfmt.Estimate(se), numfmt.Estimate(secs/3600), numfmt.Estimate(rate))
	return err
}

// keep adds result r to m, its kind's results by subtree id. A second
// result of an id (a subtree delivered twice) must agree with the first,
// but for two splits of one subtree that stopped at different children:
// each is whole (the children from its FirstChild on were queued before
// it was published), and the one that queued more is kept, so that every
// child it needs is on the queue whichever copy the server dropped.
func keep(m map[string]*result, r *result) error {
	old, ok := m[r.ID]
	switch {
	case !ok:
		m[r.ID] = r
	case r.Kind == kindSplit && old.FirstChild != r.FirstChild && old.From == r.From && old.Children == r.Children:
		if r.FirstChild < old.FirstChild {
			m[r.ID] = r
		}
	case !slices.Equal(old.Nodes, r.Nodes) || !slices.Equal(old.Branches, r.Branches) || !slices.Equal(old.Solutions, r.Solutions) ||
		old.From != r.From || old.Children != r.Children || old.FirstChild != r.FirstChild:
		return fmt.Errorf("queue: subtree %s counted twice with different results (workers %s and %s)", r.ID, old.Worker, r.Worker)
	}
	return nil
}
