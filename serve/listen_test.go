package serve

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
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

// TestListenAllInterfaces (D20): with --addr 0.0.0.0:PORT, the
// documented way to expose the workbench, a request to the machine's own
// address is served, and one naming another host is still refused.
func TestListenAllInterfaces(t *testing.T) {
	var own net.IP
	addrs, _ := net.InterfaceAddrs()
	for _, a := range addrs {
		if n, ok := a.(*net.IPNet); ok && !n.IP.IsLoopback() && n.IP.To4() != nil {
			own = n.IP
			break
		}
	}
	if own == nil {
		t.Skip("no non-loopback IPv4 address")
	}
	ln, err := net.Listen("tcp", "0.0.0.0:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- ListenAndServe(ctx, fmt.Sprintf("0.0.0.0:%d", port), 1, io.Discard) }()
	defer func() { cancel(); <-done }()
	url := fmt.Sprintf("http://%s/", net.JoinHostPort(own.String(), fmt.Sprint(port)))
	var resp *http.Response
	for i := 0; i < 100; i++ {
		if resp, err = http.Get(url); err == nil {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("GET %s: %s, want 200", url, resp.Status)
	}
	req, _ := http.NewRequest("GET", url, nil)
	req.Host = "rebind.example:" + fmt.Sprint(port)
	if resp, err = http.DefaultClient.Do(req); err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMisdirectedRequest {
		t.Errorf("Host rebind.example: %s, want 421", resp.Status)
	}
}
