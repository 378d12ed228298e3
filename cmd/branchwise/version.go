package main

import (
	"fmt"
	"runtime"
	"runtime/debug"

	"github.com/branchwise/branchwise/internal/cliflag"
	"github.com/spf13/cobra"
)

func init() { register(newVersionCmd) }

// stampedVersion, when set at link time (-ldflags "-X main.stampedVersion=v1.2.3"),
// overrides the version read from the build information.
var stampedVersion string

// buildVersion is what `version` and `--version` print of the build.
type buildVersion struct {
	Version  string `json:"version"`
	Revision string `json:"revision,omitempty"`
	Time     string `json:"time,omitempty"`
	Modified bool   `json:"modified,omitempty"`
	Go       string `json:"go"`
	Platform string `json:"platform"`
}

// readVersion reads the version from the build information: the module
// version `go install ...@VERSION` stamps, else the VCS revision and time
// that `go build` in a git checkout stamps.
func readVersion() buildVersion {
	v := buildVersion{Version: "(devel)", Go: runtime.Version(), Platform: runtime.GOOS + "/" + runtime.GOARCH}
	if bi, ok := debug.ReadBuildInfo(); ok {
		if bi.Main.Version != "" {
			v.Version = bi.Main.Version
		}
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				v.Revision = s.Value
			case "vcs.time":
				v.Time = s.Value
			case "vcs.modified":
				v.Modified = s.Value == "true"
			}
		}
	}
	if stampedVersion != "" {
		v.Version = stampedVersion
	}
	return v
}

// String is the version on one line, e.g. "v0.3.0 (go1.26.8 linux/amd64)" or
// "devel 1a2b3c4d5e6f+modified 2026-11-27T04:00:00Z (go1.26.8 linux/amd64)".
func (v buildVersion) String() string {
	s := v.Version
	if v.Version == "(devel)" {
		switch {
		case v.Revision != "":
			s = "devel " + v.Revision[:min(12, len(v.Revision))]
			if v.Modified {
				s += "+modified"
			}
			if v.Time != "" {
				s += " " + v.Time
			}
		default:
			s = "(devel), without version control information (built outside a git checkout, or with -buildvcs=false)"
		}
	}
	return fmt.Sprintf("%s (%s %s)", s, v.Go, v.Platform)
}

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
		Args: argsUsage(cobra.NoArgs),
		RunE: func(c *cobra.Command, args []string) error {
			v := readVersion()
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
