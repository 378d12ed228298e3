package main

import (
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files of TestGolden")

// goldenCase is one command line and the golden file of its output. The
// inputs are fixed (seeds, small puzzles, -j given) so that the output is
// too, but for its timings: jsonTimes masks the values of the JSON keys
// that hold times, textTimes the durations in text, and mask any other
// patterns of the case (a column of timings, a winner by time).
type goldenCase struct {
	name string
	args []string
	code int
	mask []string
	// slow cases (a second or more: estimates measure the search's speed
	// for half a second) are skipped under -short, as in the race run.
	slow bool
}

var (
	jsonTimes = regexp.MustCompile(`("[a-z_]*(seconds|_ms|node_rate|nodes_per_second|fastest)[a-z_]*": )("[a-z]*"|[-0-9.e+]+)`)
	textTimes = regexp.MustCompile(`\b[0-9]+(\.[0-9]+)? ?(ms|s)\b`)
	// textRows masks the rows of timings in key-value tables.
	textRows = regexp.MustCompile(`(?m)^(seconds|nodes/s) +.*$`)
)

var goldenCases = []goldenCase{
	{name: "version", args: []string{"version", "--json"}, mask: []string{`(?m)^  "(version|revision|go|platform)": ".*"`}},
	{name: "pack", args: []string{"pack", "pentomino-3x20"}},
	{name: "pack-count", args: []string{"pack", "pentomino-3x20", "--count", "--strategy", "fewest", "-j", "2"}},
	{name: "pack-count-json", args: []string{"pack", "pentomino-3x20", "--count", "--strategy", "fewest", "--unique", "-j", "1", "--json"}},
	{name: "pack-stats", args: []string{"pack", "pentomino-3x20", "--count", "--strategy", "fewest", "--stats", "-j", "1"}},
	{name: "pack-all-unique", args: []string{"pack", "pentomino-3x20", "--all", "--unique", "-j", "1"}},
	{name: "pack-json", args: []string{"pack", "pentomino-3x20", "--all", "-j", "1", "--json"}},
	{name: "dlx", args: []string{"dlx", "testdata/small.dlx", "--all"}},
	{name: "dlx-json", args: []string{"dlx", "testdata/small.dlx", "--count", "--stats", "-j", "1", "--json"}},
	{name: "estimate", args: []string{"estimate", "pentomino-6x10", "--method", "frontier", "--samples", "5", "-j", "2"}, mask: []string{`an exact count: .*`}, slow: true},
	{name: "estimate-json", args: []string{"estimate", "pentomino-6x10", "--method", "knuth", "--samples", "300", "-j", "2", "--json"}, mask: []string{`"count_seconds": [-0-9.e+]+`}, slow: true},
	{name: "estimate-exact", args: []string{"estimate", "heptiamond-pp24", "--method", "exact", "--exact-depth", "3", "-j", "2"}, slow: true},
	{name: "logic-solve", args: []string{"logic", "solve", "../../puzzles/logicgrid/testdata/einstein.txt"}},
	{name: "logic-solve-json", args: []string{"logic", "solve", "../../puzzles/logicgrid/testdata/fig5.txt", "--all", "--json", "--generated"}},
	{name: "logic-bf", args: []string{"logic", "bf", "../../puzzles/logicgrid/testdata/table1.txt"}},
	{name: "logic-bf-json", args: []string{"logic", "bf", "../../puzzles/logicgrid/testdata/table1.txt", "--json"}},
	{name: "logic-import", args: []string{"logic", "import", "testdata/quint.txt"}},
	{name: "logic-import-check", args: []string{"logic", "import", "testdata/quint.txt", "--check", "--strategy", "all", "--by-size"}, mask: []string{` +[0-9]+\.[0-9]+\n`}},
	{name: "logic-import-json", args: []string{"logic", "import", "testdata/quint.txt", "--check", "--json"}},
	{name: "logic-generate", args: []string{"logic", "generate", "--size", "4x3", "--seed", "7", "--solution"}},
	{name: "logic-generate-json", args: []string{"logic", "generate", "--size", "4x3", "--seed", "7", "--count", "2", "--json"}},
	{name: "logic-experiment", args: []string{"logic", "experiment", "--sizes", "4x3", "--difficulty", "1,2", "--count", "3"},
		mask: []string{`(?m)  +[0-9]+\.[0-9]+  +[0-9]+\.[0-9]+  +[0-9]+\.[0-9]+  +[a-z]+  +[a-z]+$`}},
	{name: "logic-experiment-json", args: []string{"logic", "experiment", "--sizes", "4x3", "--difficulty", "2", "--count", "3", "--propagate", "--json"}},
	{name: "gaps-deal", args: []string{"gaps", "deal", "--seed", "3", "--columns", "7"}},
	{name: "gaps-deal-solvitaire", args: []string{"gaps", "deal", "--seed", "3", "--columns", "5", "--format", "solvitaire"}},
	{name: "gaps-solve", args: []string{"gaps", "solve", "--seed", "2", "--columns", "6"}},
	{name: "gaps-solve-file", args: []string{"gaps", "solve", "testdata/deal5.txt", "--algo", "astar+dl"}},
	{name: "gaps-solve-json", args: []string{"gaps", "solve", "--seed", "2", "--columns", "5", "--algo", "bf1-1.8", "--json"}},
	{name: "gaps-survey", args: []string{"gaps", "survey", "--columns", "4..5", "--deals", "20", "-j", "2", "--algos", "astar,priority1"}, mask: []string{`(?m)  +[0-9]+\.[0-9] *$`}},
	{name: "gaps-survey-json", args: []string{"gaps", "survey", "--columns", "5", "--deals", "10", "-j", "2", "--json"}},
	{name: "tiles-solve", args: []string{"tiles", "solve", "8 7 6 5 4 3 2 1 0"}},
	{name: "tiles-solve-json", args: []string{"tiles", "solve", "--algo", "astar", "--heuristic", "lc", "--json", "8 7 6 5 4 3 2 1 0"}},
	{name: "tiles-solve-file", args: []string{"tiles", "solve", "--algo", "wastar", "--weight", "2", "testdata/eight.txt"}, mask: []string{` [0-9]+\.[0-9]{3}  `}},
	{name: "tiles-korf100", args: []string{"tiles", "korf100", "--instances", "79,12", "-j", "2"},
		mask: []string{`(?m) +[0-9]+\.[0-9]{2} *$`, `\([0-9.e+]+ nodes/s over [0-9.]+ s wall, [0-9.]+ s CPU\)`}},
	{name: "tiles-korf100-json", args: []string{"tiles", "korf100", "--instances", "79", "-j", "1", "--json"}},
	{name: "tiles-random", args: []string{"tiles", "random", "--size", "3x3", "--count", "3", "--seed", "5"}},
	{name: "bf-tiles", args: []string{"bf", "tiles", "2x3", "--depth", "12"}},
	{name: "bf-tiles-json", args: []string{"bf", "tiles", "3x3", "--depth", "6", "--json"}},
	{name: "bf-rubik", args: []string{"bf", "rubik", "--depth", "8"}},
	{name: "bf-matrix", args: []string{"bf", "matrix", "testdata/five.txt", "--depth", "10"}},
	{name: "bf-matrix-json", args: []string{"bf", "matrix", "testdata/five.txt", "--depth", "4", "--json"}},
}

// TestGolden runs every command of goldenCases and compares its standard
// output, masked, with testdata/NAME.golden; go test -run TestGolden
// -update rewrites them.
func TestGolden(t *testing.T) {
	for _, tc := range goldenCases {
		t.Run(tc.name, func(t *testing.T) {
			if tc.slow && testing.Short() && !*update {
				t.Skip("slow; skipped under -short")
			}
			code, stdout, stderr := runCLI(t, tc.args...)
			if code != tc.code {
				t.Fatalf("branchwise %s: exit %d, want %d\n%s", strings.Join(tc.args, " "), code, tc.code, stderr)
			}
			got := maskTimes(stdout, tc.mask)
			file := filepath.Join("testdata", tc.name+".golden")
			if *update {
				if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(file)
			if err != nil {
				t.Fatalf("%v (run go test -run TestGolden -update)", err)
			}
			if got != string(want) {
				t.Errorf("branchwise %s: output differs from %s:\n%s", strings.Join(tc.args, " "), file, lineDiff(string(want), got))
			}
		})
	}
}

func maskTimes(s string, extra []string) string {
	for _, m := range extra {
		s = regexp.MustCompile(m).ReplaceAllString(s, "<masked>")
	}
	s = jsonTimes.ReplaceAllString(s, "${1}<time>")
	s = textRows.ReplaceAllString(s, "${1} <time>")
	return textTimes.ReplaceAllString(s, "<time>")
}

// lineDiff shows the first lines that differ.
func lineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b strings.Builder
	shown := 0
	for i := 0; i < max(len(w), len(g)) && shown < 8; i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			b.WriteString("line " + strconv.Itoa(i+1) + ":\n- " + wl + "\n+ " + gl + "\n")
			shown++
		}
	}
	return b.String()
}
