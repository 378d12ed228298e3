package queue

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"time"

	"github.com/branchwise/branchwise/shard"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// Job is a job's record in BW_JOBS.
type Job struct {
	Format  string `json:"format"`
	ID      string `json:"job"`
	Version string `json:"branchwise_version"`
	// Spec is what a worker's Builder rebuilds the tree from; SpecText
	// describes it for people; SpecHash is the hash the Builder must find.
	Spec       json.RawMessage `json:"spec"`
	SpecText   string          `json:"spec_text"`
	SpecHash   string          `json:"spec_hash"`
	SplitDepth int             `json:"split_depth"`
	MaxDepth   int             `json:"max_depth"`
	Frontier   int             `json:"frontier"`
	Prefix     shard.Counts    `json:"prefix"`
	// Symmetry is shard.Job's: whether and how the tree is restricted
	// by the puzzle's symmetries.
	shard.Symmetry
	// Shard and Shards, when Shards > 1, make the job one shard of the
	// count: only the subtrees k with k mod Shards == Shard are pushed and
	// collected (as pack --shard counts them). A shard is a systematic
	// sample of the frontier, so a small one is a pilot of the whole
	// count: its nodes and CPU time times Shards project the total.
	Shard  int `json:"shard,omitempty"`
	Shards int `json:"shards,omitempty"`
	// SplitAfter is how long a worker counts one subtree before it
	// splits it.
	SplitAfter time.Duration `json:"split_after_ns"`
	Pushed     time.Time     `json:"pushed"`
	// Nonce makes every push a job of its own, even of the same spec.
	Nonce string `json:"nonce"`
	// Key identifies this push of the job: the hash of everything above
	// (the full spec, every option, the frontier, the nonce). Work items
	// and results carry it; those of another key belong to a replaced
	// push and are dropped.
	Key string `json:"key"`
	// Complete is set once every subtree of the frontier is on the queue.
	Complete bool `json:"complete"`
}

// subtrees lists the frontier's subtrees that belong to the job: all, or
// its shard's.
func (j Job) subtrees() []int {
	return shard.Mine(j.Frontier, j.Shard, max(j.Shards, 1))
}

// key is the hash of j's record without its Key and Complete.
func (j Job) key() string {
	j.Key, j.Complete = "", false
	b, _ := json.Marshal(&j)
	return shard.Hash(b)
}

// msgID is the JetStream message id of subtree id of the push key: the
// server drops a second message of one id within its duplicate window,
// so ids must never repeat across pushes.
func msgID(key, id string) string { return key + "/" + id }

// item is one subtree on the work queue.
type item struct {
	Job  string `json:"job"`
	Key  string `json:"key"`
	ID   string `json:"id"`
	Path []int  `json:"path"`
}

// result is one subtree's count, or with Kind "split" the counts of the
// subtree's root and of its children before FirstChild (counted before
// the split), and the number of its children: those from FirstChild on
// are queued as work.
type result struct {
	Job       string  `json:"job"`
	Key       string  `json:"key"`
	ID        string  `json:"id"`
	Kind      string  `json:"kind"`
	From      int     `json:"from"`
	Nodes     []int64 `json:"nodes"`
	Branches  []int64 `json:"branches"`
	Solutions []int64 `json:"solutions"`
	Children  int     `json:"children,omitempty"`
	// FirstChild is the first child queued by a split: the ones before
	// it are counted in this result.
	FirstChild int     `json:"first_child,omitempty"`
	Version    string  `json:"branchwise_version"`
	Worker     string  `json:"worker"`
	Seconds    float64 `json:"seconds"`
}

const (
	kindCount = "count"
	kindSplit = "split"
)

func jobSubject(id string) string    { return "bw.job." + id }
func workSubject(id string) string   { return "bw.work." + id }
func resultSubject(id string) string { return "bw.result." + id }

// errNoJob is GetJob's error for a job never pushed (or being replaced).
var errNoJob = errors.New("queue: no job")

var jobID = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)

// CheckJobID reports whether id can name a job (it is a subject token).
func CheckJobID(id string) error {
	if !jobID.MatchString(id) {
		return fmt.Errorf("queue: job id %q: want 1 to 64 letters, digits, '-' or '_'", id)
	}
	return nil
}

// Conn is a connection to a NATS server with JetStream.
type Conn struct {
	URL string
	nc  *nats.Conn
	js  jetstream.JetStream
}

// Connect connects to the NATS server at url and checks that it runs
// JetStream, with clear errors when nothing answers or JetStream is off.
func Connect(ctx context.Context, url string) (*Conn, error) {
	nc, err := nats.Connect(url, nats.Timeout(ConnectTimeout), nats.Name("branchwise"), nats.MaxReconnects(5))
	if err != nil {
		return nil, fmt.Errorf("queue: queue %s: no NATS server answers: %v", url, err)
	}
	js, err := jetstream.New(nc)
	if err == nil {
		actx, cancel := context.WithTimeout(ctx, ConnectTimeout)
		_, err = js.AccountInfo(actx)
		cancel()
	}
	if err != nil {
		nc.Close()
		return nil, fmt.Errorf("queue: queue %s: the NATS server answers but JetStream does not (start it with JetStream on, e.g. nats-server -js, or branchwise queue serve): %v", url, err)
	}
	return &Conn{URL: url, nc: nc, js: js}, nil
}

// Close closes the connection.
func (c *Conn) Close() { c.nc.Close() }

// setup creates the streams and the workers' consumer, or leaves them as
// they are.
func (c *Conn) setup(ctx context.Context, ackWait time.Duration) error {
	for _, cfg := range []jetstream.StreamConfig{
		{Name: StreamJobs, Subjects: []string{"bw.job.*"}, MaxMsgsPerSubject: 1, Storage: jetstream.FileStorage},
		{Name: StreamWork, Subjects: []string{"bw.work.*"}, Retention: jetstream.WorkQueuePolicy, Storage: jetstream.FileStorage, Duplicates: duplicateWindow},
		{Name: StreamResults, Subjects: []string{"bw.result.*"}, Storage: jetstream.FileStorage, Duplicates: duplicateWindow},
	} {
		if _, err := c.js.CreateOrUpdateStream(ctx, cfg); err != nil {
			return fmt.Errorf("queue: queue %s: stream %s: %v", c.URL, cfg.Name, err)
		}
	}
	_, err := c.js.CreateOrUpdateConsumer(ctx, StreamWork, jetstream.ConsumerConfig{
		Durable: ConsumerName, AckPolicy: jetstream.AckExplicitPolicy, AckWait: ackWait, MaxDeliver: -1, MaxAckPending: -1})
	if err != nil {
		return fmt.Errorf("queue: queue %s: consumer %s: %v", c.URL, ConsumerName, err)
	}
	return nil
}

// GetJob reads a job's record.
func (c *Conn) GetJob(ctx context.Context, id string) (*Job, error) {
	if err := CheckJobID(id); err != nil {
		return nil, err
	}
	st, err := c.js.Stream(ctx, StreamJobs)
	if err != nil {
		return nil, fmt.Errorf("queue: queue %s: no jobs were ever pushed here: %v", c.URL, err)
	}
	m, err := st.GetLastMsgForSubject(ctx, jobSubject(id))
	if errors.Is(err, jetstream.ErrMsgNotFound) {
		return nil, fmt.Errorf("queue: queue %s: %w %s", c.URL, errNoJob, id)
	}
	if err != nil {
		return nil, fmt.Errorf("queue: queue %s: job %s: %v", c.URL, id, err)
	}
	var j Job
	if err := json.Unmarshal(m.Data, &j); err != nil {
		return nil, fmt.Errorf("queue: queue %s: job %s: a damaged record: %v", c.URL, id, err)
	}
	if j.Format != Format {
		return nil, fmt.Errorf("queue: queue %s: job %s has format %q, this branchwise reads %q", c.URL, id, j.Format, Format)
	}
	if j.Key != j.key() {
		return nil, fmt.Errorf("queue: queue %s: job %s: a damaged record (its key does not match its contents)", c.URL, id)
	}
	return &j, nil
}

// PushOptions tunes Push.
type PushOptions struct {
	// AckWait is the consumer's ack wait (DefaultAckWait if 0); it is
	// shared by all jobs on the server.
	AckWait time.Duration
	// Replace removes an earlier job of the same id and its results.
	Replace bool
}

// Push publishes a job: its record, then every subtree of its frontier
// (of its shard, with Shards > 1) as work. The job's Frontier, SplitDepth
// and Prefix are taken from fr.
func (c *Conn) Push(ctx context.Context, j Job, fr *shard.Frontier, opt PushOptions) error {
	if err := CheckJobID(j.ID); err != nil {
		return err
	}
	if opt.AckWait == 0 {
		opt.AckWait = DefaultAckWait
	}
	if j.SplitAfter == 0 {
		j.SplitAfter = DefaultSplitAfter
	}
	if j.Shards > 1 && (j.Shard < 0 || j.Shard >= j.Shards) {
		return fmt.Errorf("queue: job %s: shard %d of %d: want 0 <= shard < shards", j.ID, j.Shard, j.Shards)
	}
	if err := c.setup(ctx, opt.AckWait); err != nil {
		return err
	}
	if old, err := c.GetJob(ctx, j.ID); err == nil {
		if !opt.Replace {
			return fmt.Errorf("queue: queue %s: job %s exists (%s, pushed %s): collect it, or push again with --replace",
				c.URL, j.ID, old.SpecText, old.Pushed.Format(time.RFC3339))
		}
		for _, s := range []struct{ stream, subject string }{
			{StreamWork, workSubject(j.ID)}, {StreamResults, resultSubject(j.ID)}, {StreamJobs, jobSubject(j.ID)},
		} {
			st, err := c.js.Stream(ctx, s.stream)
			if err == nil {
				err = st.Purge(ctx, jetstream.WithPurgeSubject(s.subject))
			}
			if err != nil {
				return fmt.Errorf("queue: queue %s: replacing job %s: %v", c.URL, j.ID, err)
			}
		}
	}
	j.Format, j.SplitDepth, j.Frontier = Format, fr.Depth, fr.Len()
	j.Prefix = shard.Counts{Nodes: fr.Prefix.Nodes, Branches: fr.Prefix.Branches, Solutions: fr.Prefix.Solutions}
	j.Pushed = time.Now().UTC()
	var nonce [16]byte
	rand.Read(nonce[:])
	j.Nonce = hex.EncodeToString(nonce[:])
	j.Key, j.Complete = j.key(), false
	if err := c.putJob(ctx, &j); err != nil {
		return err
	}
	// The record goes first, so that a worker finds it for every item;
	// Complete goes last, so that collect can tell a push cut short.
	var futures []jetstream.PubAckFuture
	for _, k := range j.subtrees() {
		if ctx.Err() != nil {
			return fmt.Errorf("queue: queue %s: push of job %s stopped after %d of %d subtrees (push again with --replace): %w", c.URL, j.ID, k, fr.Len(), ctx.Err())
		}
		id := fmt.Sprint(k)
		b, _ := json.Marshal(item{Job: j.ID, Key: j.Key, ID: id, Path: fr.Path(k)})
		f, err := c.js.PublishAsync(workSubject(j.ID), b, jetstream.WithMsgID(msgID(j.Key, id)))
		if err != nil {
			return fmt.Errorf("queue: queue %s: publishing subtree %d of job %s (push again with --replace): %v", c.URL, k, j.ID, err)
		}
		futures = append(futures, f)
	}
	select {
	case <-c.js.PublishAsyncComplete():
	case <-ctx.Done():
		return fmt.Errorf("queue: queue %s: push of job %s stopped before the server confirmed every subtree (push again with --replace): %w", c.URL, j.ID, ctx.Err())
	}
	for k, f := range futures {
		select {
		case err := <-f.Err():
			return fmt.Errorf("queue: queue %s: publishing subtree %d of job %s (push again with --replace): %v", c.URL, k, j.ID, err)
		case ack := <-f.Ok():
			if ack.Duplicate {
				// Never expected (the key is new): a subtree dropped
				// would leave the count unfinished for ever.
				return fmt.Errorf("queue: queue %s: the server dropped subtree %d of job %s as a duplicate (push again with --replace)", c.URL, k, j.ID)
			}
		default:
			return fmt.Errorf("queue: queue %s: subtree %d of job %s was not confirmed (push again with --replace)", c.URL, k, j.ID)
		}
	}
	j.Complete = true
	return c.putJob(ctx, &j)
}

// putJob publishes j's record (the stream keeps the last per job).
func (c *Conn) putJob(ctx context.Context, j *Job) error {
	b, err := json.Marshal(j)
	if err != nil {
		return err
	}
	if _, err := c.js.Publish(ctx, jobSubject(j.ID), b); err != nil {
		return fmt.Errorf("queue: queue %s: publishing job %s: %v", c.URL, j.ID, err)
	}
	return nil
}
