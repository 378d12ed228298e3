package main

import (
	"fmt"
	"runtime"
	"runtime/debug"

	"github.com/branchwise/branchwise/internal/cliflag"
	"github.com/spf13/cobra"
)

func init() { register(newVersionCmd) }

func newVersionCmd(e *env) *cobra.Command {
	var asJSON bool
	c := &cobra.Command{
		Use:   "version",
		Short: "Print the version of branchwise and of Go",
		Long: `Version prints the module version of branchwise ("(devel)" from a work tree,
with its VCS revision), the Go version and the platform.`,
		Args: argsUsage(cobra.NoArgs),
		RunE: func(c *cobra.Command, args []string) error {
			v := struct {
				Version  string `json:"version"`
				Revision string `json:"revision,omitempty"`
				Go       string `json:"go"`
				Platform string `json:"platform"`
			}{Version: "(unknown)", Go: runtime.Version(), Platform: runtime.GOOS + "/" + runtime.GOARCH}
			if bi, ok := debug.ReadBuildInfo(); ok {
				v.Version = bi.Main.Version
				for _, s := range bi.Settings {
					if s.Key == "vcs.revision" {
						v.Revision = s.Value
					}
				}
			}
			if asJSON {
				return cliflag.WriteJSON(e.stdout, v)
			}
			fmt.Fprintf(e.stdout, "branchwise %s %s %s %s\n", v.Version, v.Revision, v.Go, v.Platform)
			return nil
		},
	}
	cliflag.AddJSON(c.Flags(), &asJSON)
	return c
}
