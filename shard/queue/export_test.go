package queue

import (
	"context"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// SetAfterPublish sets the hook between a result's publication and its
// acknowledgement.
func SetAfterPublish(o *WorkerOptions, f func()) { o.afterPublish = f }

// SetDuplicateWindow sets the streams' duplicate window (for streams
// created after) and returns a function restoring it.
func SetDuplicateWindow(d time.Duration) func() {
	old := duplicateWindow
	duplicateWindow = d
	return func() { duplicateWindow = old }
}

// DuplicateDelivery takes the next subtree off the workers' consumer,
// publishes a copy of it under a fresh message id (dupID) and hands the
// original back with delay: the subtree is then delivered twice, the
// copy before the original. It reports whether there was one.
func (c *Conn) DuplicateDelivery(ctx context.Context, dupID string, delay time.Duration) (bool, error) {
	cons, err := c.js.Consumer(ctx, StreamWork, ConsumerName)
	if err != nil {
		return false, err
	}
	msg, err := cons.Next(jetstream.FetchMaxWait(100 * time.Millisecond))
	if err != nil {
		return false, nil
	}
	if _, err := c.js.Publish(ctx, msg.Subject(), msg.Data(), jetstream.WithMsgID(dupID)); err != nil {
		msg.Nak()
		return false, err
	}
	return true, msg.NakWithDelay(delay)
}

// DuplicateResult publishes again, under a fresh message id, the last
// result of job: a result delivered twice to collect.
func (c *Conn) DuplicateResult(ctx context.Context, job, dupID string) (bool, error) {
	st, err := c.js.Stream(ctx, StreamResults)
	if err != nil {
		return false, err
	}
	m, err := st.GetLastMsgForSubject(ctx, resultSubject(job))
	if err != nil {
		return false, nil
	}
	_, err = c.js.Publish(ctx, m.Subject, m.Data, jetstream.WithMsgID(dupID))
	return err == nil, err
}

// CountChildren is countChildren.
var CountChildren = countChildren
