package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/branchwise/branchwise/puzzles/gaps"
)

func TestGapsSolveFile(t *testing.T) {
	dir := t.TempDir()
	won := writeFile(t, dir, "won.txt", "H2 HA .. H3\nDA D2 D3 ..\nSA S2 S3 ..\nCA C2 C3 ..\n")
	lost := writeFile(t, dir, "lost.txt", "H2 H3 HA ..\nDA D2 D3 ..\nSA S2 S3 ..\nCA C2 C3 ..\n")
	code, stdout, stderr := runCLI(t, "gaps", "solve", won)
	if code != exitOK || !strings.Contains(stdout, "status     solvable") || !strings.Contains(stdout, "(H2, H4) (HA, H4) (H2, H4) (H3, H4)") ||
		!strings.Contains(stdout, "H2 HA H2 H3") {
		t.Errorf("won.txt: exit %d\n%s%s", code, stdout, stderr)
	}
	code, stdout, stderr = runCLI(t, "gaps", "solve", lost)
	if code != exitOK || !strings.Contains(stdout, "status     unsolvable") {
		t.Errorf("lost.txt: exit %d\n%s%s", code, stdout, stderr)
	}
	code, stdout, stderr = runCLI(t, "gaps", "solve", "--seed", "1", "--columns", "13", "--max-nodes", "5")
	if code != exitOK || !strings.Contains(stdout, "status     unknown (search: node limit reached)") {
		t.Errorf("node limit: exit %d\n%s%s", code, stdout, stderr)
	}
}

// TestGapsSolveAlgorithms runs every algorithm, with both stores and with
// deadlock detection, on a 5-column deal: all agree on the verdict, and the
// optimal ones on the length.
func TestGapsSolveAlgorithms(t *testing.T) {
	var optimum int
	for _, algo := range []string{"astar", "bfs", "dfid", "astar+dl", "dfid+dl", "bf1-1.8", "bf1-2.4+dl", "bf2", "bf2+dl",
		"priority1", "priority2", "dfs-aces-first", "dfs-aces-last", "dfs", "decide", "decide-nodl", "dive"} {
		for _, store := range []string{"hash", "trie"} {
			code, stdout, stderr := runCLI(t, "gaps", "solve", "--seed", "2", "--columns", "5", "--algo", algo, "--dedup", store, "--json")
			var got gaps.Report
			if err := json.Unmarshal([]byte(stdout), &got); err != nil || code != exitOK {
				t.Fatalf("%s %s: exit %d, %v\n%s%s", algo, store, code, err, stdout, stderr)
			}
			if got.Verdict != "solvable" || len(got.Moves) != got.Length || len(got.Cards) != got.Length {
				t.Errorf("%s %s: %+v", algo, store, got)
			}
			switch strings.TrimSuffix(algo, "+dl") {
			case "astar", "bfs", "dfid":
				if optimum == 0 {
					optimum = got.Length
				}
				if got.Length != optimum {
					t.Errorf("%s %s: length %d, optimum %d", algo, store, got.Length, optimum)
				}
			default:
				if got.Length < optimum {
					t.Errorf("%s %s: length %d below the optimum %d", algo, store, got.Length, optimum)
				}
			}
		}
	}
}

func TestGapsBadInput(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		text, want string
	}{
		{"HA H2 H3 ..\nDA D2 D3 ..\nSA S2 S3 ..\n", "3 rows, want 4"},
		{"HA H2 H3 ..\nDA D2 D3 ..\nSA S2 X9 ..\nCA C2 C3 ..\n", `bad.txt:3:7: gaps: unknown card "X9"`},
		{"HA H2 H3 ..\nDA D2 D3 ..\nSA S2 S3 ..\nCA C2 H2 ..\n", "bad.txt:4:7: card H2 twice"},
		{"HA H2 H3 ..\nDA D2 D3 ..\nSA S2 S3 ..\nCA C2 .. ..\n", "5 holes, want 4"},
		{"HA H2 H3 ..\nDA D2 D3\nSA S2 S3 ..\nCA C2 C3 ..\n", "bad.txt:2:1: 3 cells, but the first row has 4"},
	} {
		p := writeFile(t, dir, "bad.txt", tc.text)
		code, _, stderr := runCLI(t, "gaps", "solve", p)
		if code != exitFailure || !strings.Contains(stderr, tc.want) {
			t.Errorf("%q: exit %d, stderr %q; want exit 1 and %q", tc.text, code, stderr, tc.want)
		}
	}
	for _, args := range [][]string{
		{"gaps", "solve", "--algo", "nope"},
		{"gaps", "solve", "--columns", "3"},
		{"gaps", "survey", "--columns", "3..20"},
		{"gaps", "survey", "--deals", "0"},
		{"gaps", "solve", "--dedup", "tree"},
		{"gaps", "solve", "--algo", "decide,astar"},
		{"gaps", "solve", "--algo", "decide,nope", "--max-cpu", "1s"},
		{"gaps", "survey", "--decider", "decide,decide-stubborn-dfs"},
		{"gaps", "survey", "--decider", "decide,astar", "--max-cpu", "1s"},
		{"gaps", "survey", "--max-cpu", "1s", "-j", "2"},
	} {
		if code, _, stderr := runCLI(t, args...); code != exitUsage {
			t.Errorf("%v: exit %d, want %d (%s)", args, code, exitUsage, stderr)
		}
	}
}

func TestGapsDeal(t *testing.T) {
	code, stdout, _ := runCLI(t, "gaps", "deal", "--seed", "1", "--columns", "6")
	want := "H3 C4 D2 D4 C6 HA\nC5 DA C3 C2 D5 H4\nS2 S5 SA H6 D6 D3\nH5 S4 H2 S6 S3 CA\n"
	if code != exitOK || stdout != want {
		t.Errorf("gaps deal: exit %d\n%s\nwant\n%s", code, stdout, want)
	}
	// The printed deal, holes named, parses back to the generated deal.
	d, err := gaps.ParseString(stdout, "deal")
	if err != nil || d.String() != gaps.Generate(6, 1).String() {
		t.Errorf("round trip: %v\n%s", err, d.String())
	}
}

func TestGapsSurvey(t *testing.T) {
	code, stdout, stderr := runCLI(t, "gaps", "survey", "--columns", "4..5", "--deals", "30", "--seed", "1", "-j", "2", "--json")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var got struct {
		Sizes []gaps.SurveyResult `json:"sizes"`
	}
	if err := json.Unmarshal([]byte(stdout), &got); err != nil || len(got.Sizes) != 2 {
		t.Fatalf("%v\n%s", err, stdout)
	}
	for _, sz := range got.Sizes {
		if sz.Deals != 30 || sz.Solvable+sz.Unsolvable+sz.Unknown != 30 || sz.Unknown != 0 {
			t.Errorf("%d columns: %+v", sz.Columns, sz)
		}
		if sz.CILow > sz.SolvablePct || sz.CIHigh < sz.SolvablePct {
			t.Errorf("%d columns: interval %.2f-%.2f around %.2f", sz.Columns, sz.CILow, sz.CIHigh, sz.SolvablePct)
		}
		if len(sz.Algorithms) != 5 || sz.Algorithms[0].Name != gaps.Auto {
			t.Fatalf("%d columns: algorithms %+v", sz.Columns, sz.Algorithms)
		}
		for _, a := range sz.Algorithms {
			if a.Solved != sz.Solvable || a.Unknown != 0 || a.MedianNodes <= 0 {
				t.Errorf("%d columns, %s: %+v", sz.Columns, a.Name, a)
			}
		}
	}
	// The text table.
	code, stdout, _ = runCLI(t, "gaps", "survey", "--columns", "4", "--deals", "10", "--algos", "astar,bf1-1.8")
	if code != exitOK || !strings.Contains(stdout, "4 columns: 10 deals:") || !strings.Contains(stdout, "length/opt") {
		t.Errorf("survey text: exit %d\n%s", code, stdout)
	}
}
