package logicgrid

import (
	"fmt"
	"io"
	"strings"
)

// Explainer returns a Trace function that writes the chain of choices and
// deductions of a search to w, one line per step, indented by the number
// of open choices above it: a clue with one way is a forced deduction, a
// clue with several is a choice whose ways are tried in turn, a clue with
// none a dead end. After limit lines (limit > 0) it writes nothing more
// but a note.
func (p *Puzzle) Explainer(w io.Writer, limit int) func(Step) {
	open := []int{} // the depths of the choices with several ways
	lines := 0
	indent := func(depth int) string {
		n := 0
		for n < len(open) && open[n] < depth {
			n++
		}
		return strings.Repeat("  ", n)
	}
	say := func(depth int, format string, args ...any) {
		lines++
		if limit > 0 && lines > limit {
			if lines == limit+1 {
				fmt.Fprintf(w, "... (explanation cut after %d lines)\n", limit)
			}
			return
		}
		fmt.Fprintf(w, "%s%s\n", indent(depth), fmt.Sprintf(format, args...))
	}
	what := func(s Step) string {
		if s.Clue < 0 {
			if key := p.Categories[0]; key.Numeric {
				return fmt.Sprintf("cell %s %s: %s", key.Name, key.Values[s.Cell[0]], p.Categories[s.Cell[1]].Name)
			}
			return fmt.Sprintf("cell %s.%s", p.Categories[0].Values[s.Cell[0]], p.Categories[s.Cell[1]].Name)
		}
		return fmt.Sprintf("clue %d %q", s.Clue+1, p.Clues[s.Clue].Text)
	}
	var pending *Step // a forced clue waits for its way to print one line
	return func(s Step) {
		switch s.Kind {
		case Choose:
			for len(open) > 0 && open[len(open)-1] >= s.Depth {
				open = open[:len(open)-1]
			}
			switch s.Ways {
			case 0:
				say(s.Depth, "%s: no way left, dead end", what(s))
			case 1:
				c := s
				pending = &c
			default:
				say(s.Depth, "%s: %d ways", what(s), s.Ways)
				open = append(open, s.Depth)
			}
		case Try:
			desc := p.describe(s.Assign)
			if pending != nil {
				if len(s.Assign) == 0 {
					say(s.Depth, "%s: already true", what(*pending))
				} else {
					say(s.Depth, "%s: forced, %s", what(*pending), desc)
				}
				pending = nil
				return
			}
			if len(s.Assign) == 0 {
				desc = "nothing new"
			}
			say(s.Depth, "way %d of %d: %s", s.Way, s.Ways, desc)
		case Found:
			say(s.Depth, "solution")
		case Deduce:
			say(s.Depth, "deduced: %s", p.describe(s.Assign))
		case Contradiction:
			if s.Clue >= 0 {
				say(s.Depth, "%s: no way left, dead end", what(s))
			} else {
				say(s.Depth, "a value or a cell has no place left, dead end")
			}
		}
	}
}

func (p *Puzzle) describe(as []Assignment) string {
	var parts []string
	for _, a := range as {
		parts = append(parts, p.DescribeAssignment(a))
	}
	return strings.Join(parts, ", ")
}
