// Package queue counts a search tree's subtrees through a NATS JetStream
// work queue, for trees whose subtrees are too uneven for fixed shards:
// any number of workers, on any machines, pull subtrees one at a time, and
// a subtree that runs long is split into its children, which go back on
// the queue.
//
// Three streams hold a job. BW_JOBS keeps one record per job (the puzzle
// and options the workers rebuild the tree from, their hash, the
// branchwise version, the split depth, the frontier and the counts above
// it). BW_WORK, a work-queue stream, holds the subtrees still to count,
// each named by an id: its frontier number, then the child numbers of
// every split below it ("17", "17.3", "17.3.0"). One durable pull
// consumer, shared by all workers, delivers each message to one worker
// with explicit acknowledgement: the worker publishes its result to
// BW_RESULTS and only then acknowledges, and while it counts it tells the
// server it is still at work (InProgress) every third of the ack wait. A
// worker that dies stops doing so, and after the ack wait the server
// delivers the subtree to another. So no subtree is lost; one may be
// counted twice (a worker killed between publishing and acknowledging),
// and Collect keeps one result per id, checking that copies agree.
//
// A worker counts a subtree child by child; once it has counted longer
// than the job's split time it drops the child in progress, publishes the
// children not yet counted as new work and a "split" result holding the
// node itself and the children it finished (FirstChild says where the
// queued ones start); Collect adds a split node's counts to its queued
// children's. Should one delivery of an id split and another finish it,
// the finished count wins and the split's children are ignored; of two
// splits at different children, the one that queued more is kept.
//
// Messages are published with a JetStream message id (job and subtree
// id), so a republished subtree within the stream's duplicate window is
// dropped by the server. A job records the version of the branchwise that
// pushed it; a worker of another version refuses it rather than count a
// tree that may differ.
package queue

import "time"

const (
	// Format names the layout of the job records and messages.
	Format = "branchwise-queue/2"
	// Stream and consumer names.
	StreamJobs    = "BW_JOBS"
	StreamWork    = "BW_WORK"
	StreamResults = "BW_RESULTS"
	ConsumerName  = "workers"
	// DefaultAckWait is how long the server waits for a silent worker
	// before it delivers the subtree to another: a killed worker's work
	// resumes this much later.
	DefaultAckWait = 30 * time.Second
	// DefaultSplitAfter is how long a worker counts one subtree before it
	// splits it: long enough that the queue's cost per subtree (three
	// round trips) is small, short enough that the last subtrees of a job
	// spread over all workers.
	DefaultSplitAfter = 10 * time.Second
	// ConnectTimeout bounds the wait for a server that does not answer.
	ConnectTimeout = 3 * time.Second
	// DuplicateWindow is how long the server remembers message ids.
	DuplicateWindow = 10 * time.Minute
	// pollWait is how long one pull waits for a message.
	pollWait = time.Second
)

// duplicateWindow is DuplicateWindow, shorter in tests.
var duplicateWindow = DuplicateWindow
