package logicgrid

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/branchwise/branchwise/search"
	"github.com/branchwise/branchwise/xcover"
)

// Issue 19: bad clues that crashed, overflowed or were misread.
func TestParseLimits(t *testing.T) {
	head := "name: A B C\nage: 1 2 3 (numeric)\n"
	for _, tc := range []struct{ name, in, want string }{
		// P1: 900,000 unary minus signs overflowed the stack.
		{"P1 unary minus", head + "A.age = " + strings.Repeat("-", 900000) + "1",
			"f.txt:3:108: the clue nests deeper than 100 levels"},
		{"parentheses", head + strings.Repeat("(", 5000) + "A.age = 1" + strings.Repeat(")", 5000),
			"f.txt:3:101: the clue nests deeper than 100 levels"},
		{"absolute values", head + "A.age = " + strings.Repeat("|", 3000) + "1" + strings.Repeat("|", 3000),
			"f.txt:3:108: the clue nests deeper than 100 levels"},
		{"not", head + strings.Repeat("not ", 200) + "A = B",
			"f.txt:3:401: the clue nests deeper than 100 levels"},
		{"operands", head + "A.age = " + strings.Repeat("1 + ", 100) + "1",
			"f.txt:3:253: the clue names more than 64 values"},
		{"and chain", head + strings.Repeat("A != B and ", 40) + "A != C",
			"f.txt:3:353: the clue names more than 64 values"},
		// S1: 9223372036854775807 + 9223372036854775807 + 4 wrapped to 2.
		{"S1 overflow", head + "A.age = 9223372036854775807 + 9223372036854775807 + 4",
			"f.txt:3:7: the arithmetic of this clue can reach 18446744073709551614, past the 64-bit range"},
		{"overflow by subtraction", head + "A.age - 9223372036854775807 - 2 < 0",
			"f.txt:3:33: the arithmetic of this clue can reach -9223372036854775808"},
		{"overflow by negation", head + "-(0 - 9223372036854775807 - 2) > A.age",
			"f.txt:3:32: the arithmetic of this clue can reach 9223372036854775809"},
		// A number past int64 read as "unknown value".
		{"big number", head + "A.age = 99999999999999999999",
			"f.txt:3:9: the number 99999999999999999999 is past the largest whole number, 9223372036854775807"},
		{"big number in a sum", head + "A.age = 1 + 99999999999999999999",
			"f.txt:3:13: the number 99999999999999999999 is past the largest whole number"},
		{"big modulus", head + "A.age % 99999999999999999999 = 0",
			"f.txt:3:9: the number 99999999999999999999 is past the largest whole number"},
		{"big numeric value", "name: A B\nage: 1 99999999999999999999 (numeric)\n",
			`f.txt:2:1: logicgrid: category "age": the value 99999999999999999999 is too large`},
		// CR-only line ends were read as one line.
		{"CR line ends", "name: A B C\rage: 1 2 3 (numeric)\rA.age = X\r",
			`f.txt:3:9: logicgrid: unknown value "X"`},
	} {
		_, err := ParseString(tc.in, "f.txt")
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%s: error %.200v, want %s", tc.name, err, tc.want)
		}
	}
	// Sums that stay in range are fine, and so is the largest number.
	for _, ok := range []string{
		"A.age = 9223372036854775807 - 9223372036854775806",
		"A.age < 9223372036854775807",
		"A.age + 4611686018427387903 > 0",
		"(A.age - B.age) % 2 = 1",
	} {
		if _, err := ParseString(head+ok, "f.txt"); err != nil {
			t.Errorf("%s: %v", ok, err)
		}
	}
}

// H3/H4: a clue of twelve attributes has up to 8^12 ways; enumerating them
// ignored --max-time, --max-nodes, --max-mem and Ctrl-C.
func h3Puzzle(t *testing.T) *Puzzle {
	var b strings.Builder
	b.WriteString("pos: 1 2 3 4 5 6 7 8 (numeric)\n")
	var terms []string
	for c := range 6 {
		fmt.Fprintf(&b, "c%d:", c)
		for v := range 8 {
			fmt.Fprintf(&b, " c%dv%d", c, v)
		}
		b.WriteString("\n")
		terms = append(terms, fmt.Sprintf("c%dv0.pos", c), fmt.Sprintf("c%dv1.pos", c))
	}
	b.WriteString(strings.Join(terms, " + ") + " > 0\n")
	p, err := ParseString(b.String(), "h3.txt")
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestGuardStopsEnumeration(t *testing.T) {
	p := h3Puzzle(t)
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	start := time.Now()
	if _, err := BranchingFactorsContext(ctx, p, search.Limits{}); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("BranchingFactorsContext: %v, want the deadline", err)
	}
	if _, err := BranchingFactorsContext(context.Background(), p, search.Limits{MaxNodes: 10}); err != ErrMaxNodes {
		t.Errorf("BranchingFactorsContext, 10 nodes: %v", err)
	}
	if _, err := CompileContext(context.Background(), p, search.Limits{MaxMem: 1 << 20}); err != ErrMaxMem {
		t.Errorf("CompileContext, 1 MB: %v", err)
	}
	for _, s := range []xcover.Strategy{xcover.Fewest, xcover.Sorted, xcover.Fixed} {
		ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
		r := Solve(ctx, p, Options{Strategy: s, Limits: search.Limits{MaxSolutions: 2}})
		cancel()
		if r.Status != search.TimeLimit {
			t.Errorf("Solve %v: status %v", s, r.Status)
		}
		if s != xcover.Fixed {
			continue // fewest and sorted count the ways first: no memory
		}
		r = Solve(context.Background(), p, Options{Strategy: s, Limits: search.Limits{MaxSolutions: 2, MaxMem: 1 << 20}})
		if r.Status != search.MemLimit {
			t.Errorf("Solve %v, 1 MB: status %v", s, r.Status)
		}
	}
	// D6: --max-nodes holds inside a clue's enumeration too.
	for _, s := range []xcover.Strategy{xcover.Fewest, xcover.Sorted, xcover.Fixed} {
		t0 := time.Now()
		r := Solve(context.Background(), p, Options{Strategy: s, Limits: search.Limits{MaxSolutions: 2, MaxNodes: 1000}})
		if r.Status != search.NodeLimit || time.Since(t0) > 2*time.Second {
			t.Errorf("Solve %v, 1000 nodes: status %v after %v", s, r.Status, time.Since(t0))
		}
	}
	ctx, cancel = context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	if r, err := SolveXCover(ctx, p, xcover.Fewest, 1, search.Limits{MaxSolutions: 2}); err != nil || r.Status != search.TimeLimit {
		t.Errorf("SolveXCover: %v, status %v", err, r.Status)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("the stopped enumerations took %v", d)
	}
}
