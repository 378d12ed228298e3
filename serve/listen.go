package serve

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"time"

	"github.com/branchwise/branchwise/internal/opterr"
)

// Time limits of the server's own connections: a slow client's headers,
// and the wait for requests in flight at shutdown.
const (
	readHeaderTimeout = 10 * time.Second
	shutdownWait      = 2 * time.Second
)

// ListenAndServe serves the workbench on addr (host:port) with workers
// until ctx is done, then stops the jobs and the server and returns
// ctx's error. It first says on log where it listens, and warns when
// that is not the loopback interface: anyone who reaches the port can
// then run searches. A bad addr is an *opterr.Error (--addr).
func ListenAndServe(ctx context.Context, addr string, workers int, log io.Writer) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return opterr.Errorf("--addr", "--addr %q: want host:port, e.g. 127.0.0.1:8080", addr)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	srv := New(Options{Addr: ln.Addr().String(), Workers: workers})
	defer srv.Close()
	hs := &http.Server{Handler: srv, ReadHeaderTimeout: readHeaderTimeout}
	if ip := net.ParseIP(host); host == "localhost" || ip != nil && ip.IsLoopback() {
		fmt.Fprintf(log, "branchwise serve: http://%s/ (loopback only; --addr 0.0.0.0:PORT exposes it to the network)\n", ln.Addr())
	} else {
		fmt.Fprintf(log, "branchwise serve: http://%s/ — reachable from the network: anyone who reaches this port can run searches here\n", ln.Addr())
	}
	done := make(chan error, 1)
	go func() { done <- hs.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), shutdownWait)
	defer cancel()
	srv.Close()
	if err := hs.Shutdown(sctx); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	return ctx.Err()
}
