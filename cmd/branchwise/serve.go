package main

import (
	"context"
	"errors"

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
		Args:    cliflag.ArgsUsage(cobra.NoArgs),
		RunE: func(c *cobra.Command, args []string) error {
			if err := serve.ListenAndServe(e.ctx, addr, workers, e.stderr); !errors.Is(err, context.Canceled) {
				return err
			}
			return errInterrupted
		},
	}
	c.Flags().StringVar(&addr, "addr", "127.0.0.1:8080", "the address to listen on (host:port)")
	cliflag.AddWorkers(c.Flags(), &workers)
	return c
}
