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
		Long: `Serve runs the workbench in the browser: a board editor, packing jobs with
live progress, a gallery of solutions, logic-grid and Superpuzz pages; no
network access needed. It listens on the loopback interface by default;
--addr 0.0.0.0:8080 lets anyone who reaches the port run searches here, so
use it only behind a firewall or an authenticating proxy. docs/serve.md.`,
		Example: `  branchwise serve --addr 127.0.0.1:9000`,
		Args:    argsUsage(cobra.NoArgs),
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
