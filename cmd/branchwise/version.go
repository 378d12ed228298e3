package main

import (
	"fmt"

	"github.com/branchwise/branchwise/internal/buildinfo"
	"github.com/branchwise/branchwise/internal/cliflag"
	"github.com/spf13/cobra"
)

func init() { register(newVersionCmd) }

// stampedVersion, when set at link time (-ldflags "-X main.stampedVersion=v1.2.3"),
// overrides the version read from the build information.
var stampedVersion string

func newVersionCmd(e *env) *cobra.Command {
	var asJSON bool
	c := &cobra.Command{
		Use:   "version",
		Short: "Print the version of branchwise and of Go",
		Long: `Version prints the module version of branchwise (as "go install
github.com/branchwise/branchwise/cmd/branchwise@latest" stamps it), or for a
build from a git checkout its revision, commit time and whether the tree was
modified; then the Go version and the platform. "branchwise --version" prints
the same line.`,
		Args: cliflag.ArgsUsage(cobra.NoArgs),
		RunE: func(c *cobra.Command, args []string) error {
			v := buildinfo.Read(stampedVersion)
			if asJSON {
				return cliflag.WriteJSON(e.stdout, v)
			}
			fmt.Fprintf(e.stdout, "branchwise %s\n", v)
			return nil
		},
	}
	cliflag.AddJSON(c.Flags(), &asJSON)
	return c
}
