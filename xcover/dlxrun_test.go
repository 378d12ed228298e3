package xcover

import (
	"bytes"
	"context"
	"strings"
	"testing"
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
	if rep.Solutions != 1 || len(shown) != 1 || len(rep.Shown) != 1 || len(shown[0]) != 3 || len(rep.ByDepth) == 0 {
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
	if count.Solutions != 1 || count.Shown != nil || !strings.HasPrefix(out.String(), "knuth: 1 solutions (") {
		t.Errorf("count: %+v, %q", count, out.String())
	}
}
