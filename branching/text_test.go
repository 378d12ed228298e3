package branching

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/branchwise/branchwise/search"
)

// TestReportText: the Five Puzzle without the parent (Edelkamp and Korf
// (1998), Figure 4) printed and drawn.
func TestReportText(t *testing.T) {
	g, err := ReadMatrix(strings.NewReader("start: cs\ncc: 0 1 0 0\ncs: 0 0 1 1\nss: 0 0 0 2\nsc: 1 0 0 0\n"), "five")
	if err != nil {
		t.Fatal(err)
	}
	rep := NewReport("five", g, 6)
	var out, svg bytes.Buffer
	rep.WriteTable(&out)
	for _, s := range []string{"five\nnode types      4 (", "eigenvalue      ", "depth  nodes  branching factor", "      6      9          1.285714"} {
		if !strings.Contains(out.String(), s) {
			t.Errorf("table lacks %q:\n%s", s, out.String())
		}
	}
	if err := rep.WriteSVG(&svg); err != nil || !strings.Contains(svg.String(), "Branching factor per depth") {
		t.Errorf("SVG: %v", err)
	}
}

func TestLearnWithNote(t *testing.T) {
	part := &Automaton{Length: 3, Forbidden: []string{"ab", "ba"}}
	learn := func(err error) LearnFunc {
		return func(context.Context, int, search.Limits) (*Automaton, error) { return part, err }
	}
	if a, note, err := LearnWithNote(context.Background(), learn(nil), 5, search.Limits{}); a != part || note != "" || err != nil {
		t.Errorf("complete: %v %q %v", a, note, err)
	}
	_, note, err := LearnWithNote(context.Background(), learn(search.ErrNodeLimit), 5, search.Limits{})
	if note != "FSM learning stopped by the node limit: complete to length 3 of 5, 2 strings" || !errors.Is(err, search.ErrNodeLimit) {
		t.Errorf("node limit: %q %v", note, err)
	}
	if _, note, _ := LearnWithNote(context.Background(), learn(context.Canceled), 5, search.Limits{}); !strings.HasPrefix(note, "FSM learning interrupted:") {
		t.Errorf("interrupted: %q", note)
	}
	if err := CheckLearnLen(MaxLearnLen + 1); err == nil || CheckLearnLen(0) != nil {
		t.Error("CheckLearnLen")
	}
}

func TestLearnGraph(t *testing.T) {
	part, err := CompileAutomaton(2, []string{"\x00\x01", "\x01\x00"})
	if err != nil {
		t.Fatal(err)
	}
	part.Length = 3
	g, err := ReadMatrix(strings.NewReader("a: 2\n"), "two")
	if err != nil {
		t.Fatal(err)
	}
	learn := func(err error) LearnFunc {
		return func(context.Context, int, search.Limits) (*Automaton, error) { return part, err }
	}
	explore := func(err error) ExploreFunc {
		return func(context.Context, *Automaton, search.Limits) (*Graph, error) { return g, err }
	}
	bg := context.Background()
	r, err := LearnGraph(bg, learn(nil), 5, search.Limits{}, explore(nil))
	if err != nil || r.Graph != g || r.What != "FSM pruning ("+part.Describe()+")" || r.Note != "" || !r.Learned {
		t.Errorf("complete: %+v %v", r, err)
	}
	r, err = LearnGraph(bg, learn(search.ErrNodeLimit), 5, search.Limits{}, explore(nil))
	if err != nil || !strings.HasSuffix(r.What, "; FSM learning stopped by the node limit: complete to length 3 of 5, 2 strings") {
		t.Errorf("a limit cut the learning: %+v %v", r, err)
	}
	r, err = LearnGraph(bg, learn(search.ErrNodeLimit), 5, search.Limits{}, explore(search.ErrMemLimit))
	if !errors.Is(err, search.ErrMemLimit) || r.Note == "" || !r.Learned || r.Graph != nil {
		t.Errorf("exploration failed: %+v %v", r, err)
	}
	ctx, cancel := context.WithCancel(bg)
	cancel()
	r, err = LearnGraph(ctx, learn(context.Canceled), 5, search.Limits{}, explore(nil))
	if !errors.Is(err, context.Canceled) || r.Learned || !strings.HasPrefix(r.Note, "FSM learning interrupted:") {
		t.Errorf("interrupted: %+v %v", r, err)
	}
	none := func(context.Context, int, search.Limits) (*Automaton, error) { return nil, search.ErrMemLimit }
	if _, err := LearnGraph(bg, none, 5, search.Limits{}, explore(nil)); !errors.Is(err, search.ErrMemLimit) {
		t.Errorf("nothing learned: %v", err)
	}
}

func TestCheckDepth(t *testing.T) {
	for _, d := range []int{0, 20, MaxReportDepth} {
		if err := CheckDepth(d); err != nil {
			t.Errorf("depth %d: %v", d, err)
		}
	}
	for _, d := range []int{-1, MaxReportDepth + 1} {
		if err := CheckDepth(d); err == nil || err.Error() != "--depth must be between 0 and 100000" {
			t.Errorf("depth %d: %v", d, err)
		}
	}
}
