package queue

import (
	"context"
	"errors"
	"testing"
	"time"
)

// TestRetry: a publish that fails a few times and then succeeds is
// tried until it does; one that keeps failing is tried tries times and
// its last error returned; an ended context stops the tries.
func TestRetry(t *testing.T) {
	errBusy := errors.New("context deadline exceeded")
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	for _, tc := range []struct {
		name      string
		ctx       context.Context
		failures  int // calls that fail before the first success
		tries     int
		wantCalls int
		wantErr   bool
	}{
		{"first try", context.Background(), 0, 5, 1, false},
		{"after two timeouts", context.Background(), 2, 5, 3, false},
		{"on the last try", context.Background(), 4, 5, 5, false},
		{"never", context.Background(), 99, 5, 5, true},
		{"one try", context.Background(), 1, 1, 1, true},
		{"context ended", cancelled, 99, 5, 1, true},
	} {
		calls := 0
		err := retry(tc.ctx, tc.tries, time.Millisecond, func() error {
			calls++
			if calls <= tc.failures {
				return errBusy
			}
			return nil
		})
		if calls != tc.wantCalls || (err != nil) != tc.wantErr || err != nil && !errors.Is(err, errBusy) {
			t.Errorf("%s: %d calls, error %v; want %d calls, error %v", tc.name, calls, err, tc.wantCalls, tc.wantErr)
		}
	}
}
