package queue

import (
	"context"
	"fmt"
	"io"
	"net"
	"strconv"
	"time"

	"github.com/branchwise/branchwise/internal/opterr"

	"github.com/nats-io/nats-server/v2/server"
)

// serverStartTimeout bounds the wait for an embedded server to listen.
const serverStartTimeout = 10 * time.Second

// Serve starts a NATS server with JetStream inside this process, listening
// on host:port (port -1: a free one), keeping its streams in storeDir. Its
// ClientURL is the address for Connect; Shutdown stops it.
func Serve(host string, port int, storeDir string) (*server.Server, error) {
	// The server does not report a port it cannot listen on (it only
	// never becomes ready): try it first, to say why at once.
	if port >= 0 {
		addr := net.JoinHostPort(host, strconv.Itoa(port))
		ln, err := net.Listen("tcp", addr)
		if err != nil {
			return nil, fmt.Errorf("queue: nats server: cannot listen on %s: %v", addr, err)
		}
		ln.Close()
	}
	s, err := server.NewServer(&server.Options{Host: host, Port: port, JetStream: true, StoreDir: storeDir,
		NoSigs: true, ServerName: "branchwise"})
	if err != nil {
		return nil, fmt.Errorf("queue: nats server: %v", err)
	}
	go s.Start()
	if !s.ReadyForConnections(serverStartTimeout) {
		s.Shutdown()
		return nil, fmt.Errorf("queue: nats server on %s:%d: not ready after %v", host, port, serverStartTimeout)
	}
	return s, nil
}

// ServeUntil runs Serve on listen (HOST:PORT) with its streams in
// storeDir until ctx is done, saying on log where it listens. An empty
// storeDir or a bad listen is an *opterr.Error (--store, --listen).
func ServeUntil(ctx context.Context, listen, storeDir string, log io.Writer) error {
	if storeDir == "" {
		return opterr.Errorf("--store", "queue serve: give --store DIR for the streams")
	}
	host, p, err := net.SplitHostPort(listen)
	port, perr := strconv.Atoi(p)
	if err != nil || perr != nil {
		return opterr.Errorf("--listen", "--listen %q: want HOST:PORT", listen)
	}
	s, err := Serve(host, port, storeDir)
	if err != nil {
		return err
	}
	fmt.Fprintf(log, "NATS with JetStream at %s (store %s); Ctrl-C stops it\n", s.ClientURL(), storeDir)
	<-ctx.Done()
	s.Shutdown()
	s.WaitForShutdown()
	return nil
}
