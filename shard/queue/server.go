package queue

import (
	"fmt"
	"time"

	"github.com/nats-io/nats-server/v2/server"
)

// serverStartTimeout bounds the wait for an embedded server to listen.
const serverStartTimeout = 10 * time.Second

// Serve starts a NATS server with JetStream inside this process, listening
// on host:port (port -1: a free one), keeping its streams in storeDir. Its
// ClientURL is the address for Connect; Shutdown stops it.
func Serve(host string, port int, storeDir string) (*server.Server, error) {
	s, err := server.NewServer(&server.Options{Host: host, Port: port, JetStream: true, StoreDir: storeDir,
		NoSigs: true, ServerName: "branchwise"})
	if err != nil {
		return nil, fmt.Errorf("nats server: %v", err)
	}
	go s.Start()
	if !s.ReadyForConnections(serverStartTimeout) {
		s.Shutdown()
		return nil, fmt.Errorf("nats server on %s:%d: not ready after %v", host, port, serverStartTimeout)
	}
	return s, nil
}
