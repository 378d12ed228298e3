package serve

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/branchwise/branchwise/internal/opterr"
)

func TestListenAndServe(t *testing.T) {
	if err := ListenAndServe(context.Background(), "no-port", 1, &bytes.Buffer{}); !opterr.Is(err) {
		t.Errorf("bad --addr: %v, want an option error", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	var log bytes.Buffer
	done := make(chan error, 1)
	go func() { done <- ListenAndServe(ctx, "127.0.0.1:0", 1, &log) }()
	time.Sleep(100 * time.Millisecond)
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("after cancel: %v, want context.Canceled", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the server did not stop after cancel")
	}
	if !strings.Contains(log.String(), "loopback only") {
		t.Errorf("log %q does not say loopback only", log.String())
	}
}
