// Package buildinfo reads what a binary knows of its own build: the module
// version that "go install ...@VERSION" stamps, or the VCS revision, time
// and modified flag that "go build" in a git checkout stamps, and the Go
// version and platform. The command's version line and --version print it.
package buildinfo

import (
	"fmt"
	"runtime"
	"runtime/debug"
)

// devel is the module version of a build outside "go install ...@VERSION".
const devel = "(devel)"

// Version is what the build information says of a binary.
type Version struct {
	Version  string `json:"version"`
	Revision string `json:"revision,omitempty"`
	Time     string `json:"time,omitempty"`
	Modified bool   `json:"modified,omitempty"`
	Go       string `json:"go"`
	Platform string `json:"platform"`
}

// Read reads the running binary's build information. A non-empty stamped
// version (set at link time with -ldflags -X) overrides the module version.
func Read(stamped string) Version {
	bi, _ := debug.ReadBuildInfo()
	return fromBuildInfo(bi, stamped)
}

// fromBuildInfo is Read of the build information bi (nil when the binary
// has none).
func fromBuildInfo(bi *debug.BuildInfo, stamped string) Version {
	v := Version{Version: devel, Go: runtime.Version(), Platform: runtime.GOOS + "/" + runtime.GOARCH}
	if bi != nil {
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
	if stamped != "" {
		v.Version = stamped
	}
	return v
}

// shortRevision is how many hex digits of a revision the one-line form
// shows, as git's short hashes with room to stay unique.
const shortRevision = 12

// String is the version on one line, e.g. "v0.3.0 (go1.26.8 linux/amd64)" or
// "devel 1a2b3c4d5e6f+modified 2026-11-27T04:00:00Z (go1.26.8 linux/amd64)".
func (v Version) String() string {
	s := v.Version
	if v.Version == devel {
		switch {
		case v.Revision != "":
			s = "devel " + v.Revision[:min(shortRevision, len(v.Revision))]
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
