package rubik

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/branchwise/branchwise/search"
)

func TestSolveReport(t *testing.T) {
	scr := RandomScramble(4, 3)
	if len(scr) != 4 || !slicesEqual(scr, RandomScramble(4, 3)) {
		t.Fatalf("RandomScramble: %v", scr)
	}
	for i := 1; i < len(scr); i++ {
		if !MayFollow(scr[i-1]/3, scr[i]/3) {
			t.Errorf("%s: a face twice in a row", FormatMoves(scr))
		}
	}
	h := smallHeuristic(t)
	rep, err := SolveReport(context.Background(), scr, h, ReportOptions{Workers: 1, Predict: 1000, Seed: 1})
	if err != nil || !rep.Solved() || !rep.Verified || rep.Length > 4 || len(rep.Predicted) != len(rep.Iterations) || rep.Scramble != FormatMoves(scr) {
		t.Fatalf("%+v, %v", rep, err)
	}
	var tab bytes.Buffer
	rep.WriteTable(&tab)
	if !strings.HasPrefix(tab.String(), "scramble  "+rep.Scramble+" (4 moves)\nsolution  ") || !strings.Contains(tab.String(), ", 1 worker\n") {
		t.Errorf("table:\n%s", tab.String())
	}
	b, _ := json.Marshal(&rep)
	if rep.Status != search.Solved || !strings.Contains(string(b), `"verified":true`) || !strings.Contains(string(b), `"tables":null`) ||
		strings.Count(string(b), `"status"`) != 1 || !strings.Contains(string(b), `"status":"solved"`) {
		t.Errorf("status %v, JSON %s", rep.Status, b)
	}
	stopped, err := SolveReport(context.Background(), RandomScramble(12, 1), h, ReportOptions{Workers: 1, Limits: search.Limits{MaxNodes: 100}})
	tab.Reset()
	stopped.WriteTable(&tab)
	if err != nil || stopped.Solved() || stopped.Status != search.Stopped || !strings.Contains(tab.String(), "\nstopped: ") {
		t.Errorf("stopped: %+v, %v\n%s", stopped, err, tab.String())
	}
	if b, _ := json.Marshal(stopped); !strings.Contains(string(b), `"status":"stopped"`) {
		t.Errorf("stopped: JSON %s", b)
	}
	var svg bytes.Buffer
	if err := rep.WriteSVG(&svg); err != nil || !strings.Contains(svg.String(), "nodes expanded per iteration") {
		t.Errorf("SVG: %v", err)
	}
}

func slicesEqual(a, b []int) bool { return strings.EqualFold(FormatMoves(a), FormatMoves(b)) }
