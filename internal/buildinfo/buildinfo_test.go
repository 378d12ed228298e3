package buildinfo

import (
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
)

func TestVersion(t *testing.T) {
	plat := " (" + runtime.Version() + " " + runtime.GOOS + "/" + runtime.GOARCH + ")"
	vcs := func(kv ...string) []debug.BuildSetting {
		var s []debug.BuildSetting
		for i := 0; i < len(kv); i += 2 {
			s = append(s, debug.BuildSetting{Key: kv[i], Value: kv[i+1]})
		}
		return s
	}
	for _, tc := range []struct {
		name    string
		bi      *debug.BuildInfo
		stamped string
		want    string
	}{
		{"no build info", nil, "", "(devel), without version control information (built outside a git checkout, or with -buildvcs=false)"},
		{"module version", &debug.BuildInfo{Main: debug.Module{Version: "v0.3.0"}}, "", "v0.3.0"},
		{"stamped wins", &debug.BuildInfo{Main: debug.Module{Version: "v0.3.0"}}, "v9.9.9", "v9.9.9"},
		{"git checkout", &debug.BuildInfo{Main: debug.Module{Version: devel},
			Settings: vcs("vcs.revision", "1a2b3c4d5e6f7a8b9c0d", "vcs.time", "2026-11-27T04:00:00Z", "vcs.modified", "true")}, "",
			"devel 1a2b3c4d5e6f+modified 2026-11-27T04:00:00Z"},
		{"short revision", &debug.BuildInfo{Settings: vcs("vcs.revision", "abc")}, "", "devel abc"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := fromBuildInfo(tc.bi, tc.stamped).String(); got != tc.want+plat {
				t.Errorf("got %q, want %q", got, tc.want+plat)
			}
		})
	}
	if v := Read(""); !strings.HasPrefix(v.Go, "go") || v.Platform == "" {
		t.Errorf("Read: %+v", v)
	}
}
