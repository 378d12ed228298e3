package xcover

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/branchwise/branchwise/search"
)

// TestRunDLX: Knuth's example problem (TAOCP 7.2.2.1 (6)) has one
// solution, shown and counted.
func TestRunDLX(t *testing.T) {
	const text = "a b c d e f g\nc e\na d g\nb c f\na d f\nb g\nd e g\n"
	p, err := ReadDLX(strings.NewReader(text), "knuth")
	if err != nil {
		t.Fatal(err)
	}
	var shown [][]string
	rep := p.RunDLX(context.Background(), "knuth", DLXOptions{Strategy: Fewest, All: true, KeepShown: true, Stats: true,
		Show: func(lines []string) { shown = append(shown, lines) }})
	if rep.Solutions != 1 || len(shown) != 1 || len(rep.Shown) != 1 || len(shown[0]) != 3 || len(rep.ByDepth) == 0 || rep.Status != search.Solved {
		t.Fatalf("%+v, shown %v", rep, shown)
	}
	var out bytes.Buffer
	rep.WriteTable(&out)
	if !strings.HasPrefix(out.String(), "\nknuth: 1 solutions (") {
		t.Errorf("summary %q", out.String())
	}
	count := p.RunDLX(context.Background(), "knuth", DLXOptions{Strategy: Fewest, Count: true, Workers: 2})
	out.Reset()
	count.WriteTable(&out)
	if count.Solutions != 1 || count.Shown != nil || !strings.HasPrefix(out.String(), "knuth: 1 solutions (") || count.Status != search.Solved {
		t.Errorf("count: %+v, %q", count, out.String())
	}
	// The first solution asked for: a solution limit; a cancelled count:
	// interrupted, and said so.
	if first := p.RunDLX(context.Background(), "knuth", DLXOptions{Strategy: Fewest}); first.Status != search.SolutionLimit || first.Stopped != "" {
		t.Errorf("first: %+v", first)
	}
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	stopped := queens(10).RunDLX(cancelled, "q", DLXOptions{Strategy: Fewest, Count: true, Workers: 2})
	if stopped.Status != search.Interrupted || stopped.Stopped == "" {
		t.Errorf("cancelled: %+v", stopped)
	}
}
