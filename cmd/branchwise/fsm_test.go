package main

import (
	"strings"
	"testing"
)

// TestFSMLimits: FSM learning honours --max-mem, --max-time and --max-nodes
// in 'bf tiles', 'bf rubik' and 'tiles solve' (issue 19, H1 and H2), and
// 'bf rubik --fsm 2' finds Edelkamp and Korf's 13.34847.
func TestFSMLimits(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
		out  []string
	}{
		{[]string{"bf", "tiles", "4x4", "--fsm", "20", "--max-mem", "8MB", "--depth", "2"}, exitOK,
			[]string{"FSM learning stopped by the memory limit: complete to length", "asymptotic"}},
		{[]string{"bf", "tiles", "4x4", "--fsm", "20", "--max-nodes", "3000", "--depth", "2"}, exitOK,
			[]string{"FSM learning stopped by the node limit", "asymptotic"}},
		// A time limit is no failure (issue 36): exit 0 as every command.
		{[]string{"bf", "tiles", "4x4", "--fsm", "20", "--max-time", "200ms"}, exitOK,
			[]string{"FSM learning stopped by the time limit"}},
		{[]string{"bf", "rubik", "--fsm", "20", "--max-time", "200ms"}, exitOK,
			[]string{"FSM learning stopped by the time limit"}},
		{[]string{"bf", "rubik", "--fsm", "20", "--max-time", "200ms", "--json"}, exitOK,
			[]string{`"stopped_by": "time limit"`, `"note": "FSM learning stopped by the time limit: complete to length `}},
		{[]string{"bf", "rubik", "--fsm", "2", "--depth", "5"}, exitOK,
			[]string{"asymptotic      13.34847", "b^2 - 12b - 18 = 0", "577,368"}},
		{[]string{"bf", "tiles", "4x4", "--fsm", "25"}, exitUsage, nil},
		{[]string{"tiles", "solve", "--fsm", "20", "korf:1", "--max-time", "300ms", "--max-mem", "300MB"}, exitOK,
			[]string{"status     stopped (context deadline exceeded)"}},
	} {
		code, stdout, stderr := runCLI(t, tc.args...)
		if code != tc.code {
			t.Errorf("%s: exit %d, want %d\n%s%s", strings.Join(tc.args, " "), code, tc.code, stdout, stderr)
			continue
		}
		for _, w := range tc.out {
			if !strings.Contains(stdout+stderr, w) {
				t.Errorf("%s: output lacks %q:\n%s%s", strings.Join(tc.args, " "), w, stdout, stderr)
			}
		}
	}
}
