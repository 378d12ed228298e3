package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"

	"github.com/branchwise/branchwise/internal/cliflag"
	"github.com/branchwise/branchwise/serve"
	"github.com/spf13/cobra"
)

func init() { register(newServeCmd) }

func newServeCmd(e *env) *cobra.Command {
	var addr string
	var workers int
	c := &cobra.Command{
		Use:   "serve",
		Short: "A local web workbench: draw boards, watch searches, browse solutions",
		Long: `Serve runs the workbench in the browser: a board editor for the square,
triangle and hexagon grids, packing jobs (first, all, counts, estimates) with
live progress, a gallery of solution pictures, a logic-grid page and a
Superpuzz table. The pages are built in: no network access is needed.

It listens on the loopback interface (127.0.0.1:8080) by default, so that
only this machine can reach it. --addr 0.0.0.0:8080 exposes it to the
network: anyone who can reach the port can then run searches on this
machine, so do that only behind a firewall or an authenticating proxy.
The API is documented in docs/serve.md. Ctrl-C stops the server and its jobs.`,
		Example: `  branchwise serve
  branchwise serve --addr 127.0.0.1:9000`,
		Args: argsUsage(cobra.NoArgs),
		RunE: func(c *cobra.Command, args []string) error {
			return runServe(e, addr, workers)
		},
	}
	c.Flags().StringVar(&addr, "addr", "127.0.0.1:8080", "the address to listen on (host:port)")
	cliflag.AddWorkers(c.Flags(), &workers)
	return c
}

func runServe(e *env, addr string, workers int) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return usagef("--addr %q: want host:port, e.g. 127.0.0.1:8080", addr)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	srv := serve.New(serve.Options{Addr: ln.Addr().String(), Workers: workers})
	defer srv.Close()
	hs := &http.Server{Handler: srv, ReadHeaderTimeout: 10 * time.Second}
	ip := net.ParseIP(host)
	if host == "localhost" || ip != nil && ip.IsLoopback() {
		fmt.Fprintf(e.stderr, "branchwise serve: http://%s/ (loopback only; --addr 0.0.0.0:PORT exposes it to the network)\n", ln.Addr())
	} else {
		fmt.Fprintf(e.stderr, "branchwise serve: http://%s/ — reachable from the network: anyone who reaches this port can run searches here\n", ln.Addr())
	}
	done := make(chan error, 1)
	go func() { done <- hs.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-e.ctx.Done():
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	srv.Close()
	if err := hs.Shutdown(ctx); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	return errInterrupted
}
