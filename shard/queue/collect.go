package queue

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
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
	cons, err := c.js.OrderedConsumer(ctx, StreamResults, jetstream.OrderedConsumerConfig{FilterSubjects: []string{resultSubject(jobID)}})
	if err != nil {
		return nil, pr, fmt.Errorf("queue %s: results of job %s: %v", c.URL, jobID, err)
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
				return nil, pr, fmt.Errorf("queue %s: results of job %s: %v", c.URL, jobID, err)
			}
			pr.Results++
			var r result
			if err := json.Unmarshal(msg.Data(), &r); err != nil {
				return nil, pr, fmt.Errorf("queue %s: job %s: a damaged result: %v", c.URL, jobID, err)
			}
			if r.Key != j.Key {
				pr.Stale++
				continue
			}
			if r.Version != j.Version {
				return nil, pr, fmt.Errorf("queue %s: job %s: subtree %s counted by branchwise %q, the job is %q", c.URL, jobID, r.ID, r.Version, j.Version)
			}
			m := counts
			if r.Kind == kindSplit {
				m = splits
			}
			if old, ok := m[r.ID]; ok {
				if !slices.Equal(old.Nodes, r.Nodes) || !slices.Equal(old.Branches, r.Branches) || !slices.Equal(old.Solutions, r.Solutions) || old.From != r.From || old.Children != r.Children {
					return nil, pr, fmt.Errorf("queue %s: job %s: subtree %s counted twice with different results (workers %s and %s)", c.URL, jobID, r.ID, old.Worker, r.Worker)
				}
				pr.Duplicates++
				continue
			}
			m[r.ID] = &r
		}
		t, missing, nsplit := resolve(j, counts, splits)
		pr.Missing, pr.Splits = len(missing), nsplit
		if len(missing) == 0 {
			return t, pr, nil
		}
		// The record as it is now: a push cut short is said so, and a job
		// replaced while we read is never summed with the old results.
		now, err := c.GetJob(ctx, jobID)
		if err != nil {
			return nil, pr, err
		}
		if now.Key != j.Key {
			return nil, pr, fmt.Errorf("queue %s: job %s was replaced while collecting (pushed again %s): collect again", c.URL, jobID, now.Pushed.Format(time.RFC3339))
		}
		if !wait {
			if !now.Complete {
				return nil, pr, fmt.Errorf("queue %s: job %s: its push did not finish (or is still running): push it again with --replace", c.URL, jobID)
			}
			return nil, pr, fmt.Errorf("job %s: %d subtrees not counted yet (e.g. %s): wait for the workers, or collect --wait", jobID, len(missing), missing[0])
		}
		select {
		case <-ctx.Done():
			return nil, pr, ctx.Err()
		case <-time.After(pollWait / 4):
		}
	}
}

// resolve sums the results from the frontier down: a subtree's count if
// there is one, else its split node's own counts and its children's.
func resolve(j *Job, counts, splits map[string]*result) (*shard.Total, []string, int) {
	t := &shard.Total{Spec: j.SpecText, SpecHash: j.SpecHash, Version: j.Version, SplitDepth: j.SplitDepth,
		MaxDepth: j.MaxDepth, Frontier: j.Frontier, Shards: 1, Symmetries: j.Symmetries}
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
	var walk func(id string)
	walk = func(id string) {
		if r, ok := counts[id]; ok {
			add(r.From, r.Nodes, r.Branches, r.Solutions)
			return
		}
		if r, ok := splits[id]; ok {
			nsplit++
			add(r.From, r.Nodes, r.Branches, r.Solutions)
			for k := 0; k < r.Children; k++ {
				walk(id + "." + strconv.Itoa(k))
			}
			return
		}
		missing = append(missing, id)
	}
	for k := 0; k < j.Frontier; k++ {
		walk(strconv.Itoa(k))
	}
	t.Seal()
	return t, missing, nsplit
}
